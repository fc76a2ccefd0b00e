"""``parsedit tags`` reports: one table per scoring function with a row per
test file, the columns of Acedański and Przepiórkowski's Tables 2-5."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from parsedit.plural import plural
from parsedit.report.numbers import rate
from parsedit.results import CorpusResult, TagCounts, TaggingCounts
from parsedit.version import __version__

TITLES = {
    "full": "full tags (the paper's Table 2)",
    "pos": "parts of speech only (Table 3)",
    "pa": "positional accuracy (Table 4)",
    "wpa": "weighted positional accuracy (Table 5)",
    "cwpa": "conditional weighted positional accuracy",
}
COLUMNS = (("strong", "C (%)"), ("weak", "WC (%)"), ("precision", "P (%)"),
           ("recall", "R (%)"), ("f_measure", "F (%)"))


def same(scorings: Sequence[str], counts: Callable[[str], object]) -> list[list[str]]:
    """The scoring functions in order, those whose ``counts`` equal an
    earlier one's with it (tags without a separator: the full tag, its part
    of speech and its one position are the same thing, and so are their
    figures)."""
    groups: list[list[str]] = []
    for scoring in scorings:
        found = next((g for g in groups if counts(g[0]) == counts(scoring)), None)
        if found is None:
            groups.append([scoring])
        else:
            found.append(scoring)
    return groups


def table(scoring: str, rows: Sequence[tuple[str, TagCounts]]) -> list[str]:
    """One scoring function's table: a row per (name, counts)."""
    width = max([len("test")] + [len(name) for name, _ in rows])
    head = f"{'test':<{width}}" + "".join(f"{title:>10}" for _, title in COLUMNS)
    lines = [TITLES[scoring], head, "-" * len(head)]
    for name, counts in rows:
        figures = counts.figures()
        lines.append(f"{name:<{width}}" + "".join(f"{rate(figures[key]):>10}"
                                                  for key, _ in COLUMNS))
    return lines + [""]


def by_scoring(counts: TaggingCounts, short: TaggingCounts, cutoff: int) -> list[str]:
    """A row per scoring function (what ``score --metrics tagging`` shows),
    with F over the sentences of length <= ``cutoff`` last."""
    short_title = f"F len<={cutoff}"
    head = (f"{'tagging':<36}" + "".join(f"{title:>10}" for _, title in COLUMNS)
            + f"{short_title:>14}")
    lines = [head, "-" * len(head)]
    groups = same(list(counts.by_scoring), lambda s: (counts[s], short[s]))
    for scoring, *also in groups:
        figures = counts[scoring].figures()
        title = TITLES[scoring].split(" (")[0] + "".join(f" = {a}" for a in also)
        lines.append(f"{title:<36}"
                     + "".join(f"{rate(figures[key]):>10}" for key, _ in COLUMNS)
                     + f"{rate(short[scoring].f_measure):>14}")
    return lines + [""]


Results = Sequence[tuple[str, CorpusResult]]  # (test file, its result)


def render(gold: str, results: Results, scorings: Sequence[str]) -> str:
    lines = [f"parsedit tags: {gold} (gold)"]
    for test, r in results:
        lines.append(f"  {test}: {plural(len(r.sentences), 'sentence')}, {r.count('ok')} "
                     f"scored, {r.count('skip')} skipped, {plural(r.count('error'), 'error')}")
    lines.append("")
    for scoring, *also in same(scorings, lambda s: [_tagging(r)[s] for _, r in results]):
        found = table(scoring, [(test, _tagging(r)[scoring]) for test, r in results])
        found[0] += "".join(f" = {TITLES[a]}" for a in also)
        lines += found
    for test, r in results:
        unscored = [s for s in r.sentences if s.status != "ok"]
        if unscored:
            lines.append(f"Not scored in {test} (left out of the sums):")
            lines += [f"  {s.id:>5} {s.status:<6}{s.message}" for s in unscored]
            lines.append("")
    lines += [f"warning: {w}" for w in results[0][1].warnings]
    lines.append(f"signature: {results[0][1].signature}")
    return "\n".join(lines) + "\n"


def _tagging(result: CorpusResult) -> TaggingCounts:
    return result.tagging or TaggingCounts()


def to_dict(gold: str, results: Results, scorings: Sequence[str]) -> dict[str, Any]:
    return {
        "parsedit": __version__,
        "signature": results[0][1].signature,
        "gold": gold,
        "warnings": list(results[0][1].warnings),
        "tests": [{
            "test": test,
            "summary": {"sentences": len(r.sentences), "ok": r.count("ok"),
                        "skip": r.count("skip"), "error": r.count("error"),
                        "gold_sentences": r.gold_trees, "test_sentences": r.test_trees},
            "measures": {s: {**_tagging(r)[s].figures(), "segments": _tagging(r)[s].segments}
                         for s in scorings},
            "sentences": [{"id": s.id, "status": s.status, "message": s.message,
                           "tagging": None if s.tagging is None else s.tagging.figures()}
                          for s in r.sentences],
        } for test, r in results],
    }


def render_json(gold: str, results: Results, scorings: Sequence[str]) -> str:
    return json.dumps(to_dict(gold, results, scorings), indent=1, ensure_ascii=False) + "\n"
