"""One pair of files under every published convention, side by side (``parsedit conventions``).

The field reports constituency scores under several conventions, and a
number from one paper is not a number from another.  Each
:class:`Convention` here is a run of parsedit that reproduces one of them
(its options: the command line's, given in ``args``); :func:`side_by_side`
scores the two files under each, and says, from the runs themselves, why
each figure differs from the first's (EVALB with COLLINS.prm): which
sentences one scores and the other leaves out, how many gold, test and
matched brackets change on the sentences both score, and what the
convention's own rule did (EVALB_SPMRL's rows of zeros and its ``-X``
over-count, the sentences ``--delete-by gold`` rescued).  Where each
convention comes from, and the published figures each reproduces, are in
``docs/explanation/conventions.md``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from parsedit.config import Config
from parsedit.pipeline.run import evaluate
from parsedit.pipeline.tally import tallies
from parsedit.plural import plural
from parsedit.results import CorpusResult, percent
from parsedit.trees.source import DEFAULT_ENCODING
from parsedit.version import __version__


@dataclass(frozen=True)
class Convention:
    """A published convention as a parsedit run: its name, what it is, the
    command-line options that give it (``args``), and those as
    :meth:`Config.from_options` takes them."""

    name: str
    title: str
    args: str
    options: Mapping[str, Any] = field(default_factory=dict)

    def config(self) -> Config:
        return Config.from_options(**self.options)


CONVENTIONS = (
    Convention("evalb", "EVALB, COLLINS.prm (Collins 1997; the WSJ figures)", "-p collins",
               {"metrics": "parseval", "params": "collins"}),
    Convention("nk", "EVALB, benepar's nk.prm (Kitaev and Klein 2018, 2019)", "-p nk",
               {"metrics": "parseval", "params": "nk"}),
    Convention("new", "EVALB 2006, new.prm (quotes tagged differently repaired)", "-p new",
               {"metrics": "parseval", "params": "new"}),
    Convention("spmrl", "EVALB_SPMRL, spmrl.prm (the SPMRL 2013/2014 shared tasks)",
               "-p spmrl", {"metrics": "parseval", "params": "spmrl"}),
    Convention("spmrl-X", "EVALB_SPMRL -X, spmrl.prm (unparsed sentences counted)",
               "-p spmrl --failures spmrl",
               {"metrics": "parseval", "params": "spmrl", "failures": "spmrl"}),
    Convention("gold-tags", "COLLINS.prm, words deleted by the gold tags (disco-dop)",
               "-p collins --delete-by gold",
               {"metrics": "parseval", "params": "collins", "delete_by": "gold"}),
    Convention("supar", "SuPar's span metric (its delete and equal sets; gold POS tags)",
               "-p supar", {"metrics": "parseval", "params": "supar"}),
    Convention("unsupervised", "unsupervised: Kim et al. 2019's compare_trees.py",
               "-p unsupervised", {"params": "unsupervised"}),
    Convention("unsupervised-150", "unsupervised: compare_trees.py's 150-word cut-off",
               "-p unsupervised --max-words 150",
               {"params": "unsupervised", "max_words": 150}),
    Convention("unsupervised-skip-empty", "unsupervised: compound-pcfg eval.py of 2019-03",
               "-p unsupervised --unsupervised kim-skip-empty",
               {"params": "unsupervised", "unsupervised": "kim-skip-empty"}),
    Convention("unsupervised-prpn", "unsupervised: PRPN's and ON-LSTM's sentence F1",
               "-p unsupervised --unsupervised prpn",
               {"params": "unsupervised", "unsupervised": "prpn"}),
    Convention("unsupervised-li2020", "unsupervised: Li et al. 2020's pipeline",
               "-p unsupervised-li2020", {"params": "unsupervised-li2020"}),
)


@dataclass(frozen=True)
class Scored:
    """One convention's run of the two files: its headline figure (its
    name and value), its other figures, how many sentences it scored of
    how many, its signature and warnings, and why it differs from the
    first convention's run (``difference``; empty for the first)."""

    convention: Convention
    figure: str
    value: float | None
    others: dict[str, float | None]
    scored: int
    sentences: int
    signature: str
    warnings: tuple[str, ...]
    difference: str = ""

    def to_dict(self) -> dict[str, Any]:
        """As the JSON report holds it."""
        c = self.convention
        return {"name": c.name, "title": c.title, "args": c.args, "figure": self.figure,
                "value": self.value, **self.others, "scored": self.scored,
                "sentences": self.sentences, "signature": self.signature,
                "difference": self.difference, "warnings": list(self.warnings)}


def side_by_side(gold: str, test: str, conventions: tuple[Convention, ...] = CONVENTIONS,
                 encodings: tuple[str, str] = (DEFAULT_ENCODING, DEFAULT_ENCODING),
                 formats: tuple[str, str] = ("bracketed", "bracketed"),
                 progress: Callable[[str], None] | None = None) -> list[Scored]:
    """The two files scored under each convention, in order, each said
    against the first."""
    runs = []
    for convention in conventions:
        if progress is not None:
            progress(convention.name)
        result = evaluate(gold, test, convention.config(), gold_encoding=encodings[0],
                          test_encoding=encodings[1], formats=formats)
        runs.append((convention, result.with_caveats(gold, test)))
    first = runs[0][1]
    return [_scored(convention, result, first if k else None)
            for k, (convention, result) in enumerate(runs)]


def _scored(convention: Convention, result: CorpusResult,
            first: CorpusResult | None) -> Scored:
    if "unsupervised" in result.metrics:
        u = result.totals.counts["unsupervised"]
        figure, value = "sentence F1", u.sentence_f
        others = {"corpus_f": u.corpus_f, "recall": u.recall, "precision": u.precision}
        scored = u.sentences
    else:
        p = result.totals.counts["parseval"]
        figure, value = "PARSEVAL F", p.f_measure
        others = {"recall": p.recall, "precision": p.precision,
                  "tagging_accuracy": percent(p.correct_tags, p.words)}
        scored = p.sentences
    return Scored(convention, figure, value, others, scored, result.totals.sentences,
                  result.signature, result.warnings,
                  "" if first is None else difference(first, result))


def _by_line(result: CorpusResult) -> dict[int, tuple[int, int, int]]:
    """Per line scored, its gold, test and matched brackets (EVALB_SPMRL's
    two rows for one line added)."""
    out: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])
    for s in result.sentences:
        counts = s.counts.get("parseval")
        if s.has_counts and counts is not None:
            found = out[s.id]
            found[0] += counts.gold
            found[1] += counts.test
            found[2] += int(counts.matched)
    return {k: (g, t, m) for k, (g, t, m) in out.items()}


def _lines(ids: list[int]) -> str:
    shown = ", ".join(map(str, ids[:5]))
    return shown + (", ..." if len(ids) > 5 else "")


def difference(first: CorpusResult, other: CorpusResult) -> str:
    """Why ``other``'s figure differs from ``first``'s, from the two runs."""
    notes = _causes(other)
    if "unsupervised" in other.metrics or "unsupervised" in first.metrics:
        return _spans(first, other) + notes
    a, b = _by_line(first), _by_line(other)
    more, fewer = sorted(set(b) - set(a)), sorted(set(a) - set(b))
    both = sorted(set(a) & set(b))
    changed = [k for k in both if a[k] != b[k]]
    parts = []
    if more:
        parts.append(f"scores {len(more)} line(s) the first leaves out ({_lines(more)})")
    if fewer:
        parts.append(f"leaves out {len(fewer)} line(s) the first scores ({_lines(fewer)})")
    if changed:
        sums = [tuple(sum(x[i][j] for i in changed) for j in range(3)) for x in (a, b)]
        (ga, ta, ma), (gb, tb, mb) = sums
        parts.append(f"counts differ on {len(changed)} of the {len(both)} lines both score "
                     f"(gold brackets {ga} -> {gb}, test {ta} -> {tb}, matched {ma} -> {mb}; "
                     f"e.g. {_lines(changed)})")
    if not parts:
        return "the same sentences and counts as the first" + notes
    return "; ".join(parts) + notes


def _counted(result: CorpusResult) -> str:
    """What a run counted, in a few words."""
    totals = result.totals
    if "unsupervised" in result.metrics:
        u = totals.counts["unsupervised"]
        return (f"{u.gold} gold and {u.predicted} test unlabelled spans (two words or more, "
                f"the root's removed, over the words the gold tags keep) on {u.sentences} "
                f"sentences ({u.left_out} left out by its rules, {totals.skip} skipped: no "
                f"word kept or no parse, {plural(totals.error, 'error')}; {u.averaged} in the "
                "mean)")
    p = totals.counts["parseval"]
    return (f"{p.gold} gold and {p.test} test labelled brackets on "
            f"{plural(p.sentences, 'sentence')} ({totals.skip} skipped, "
            f"{plural(totals.error, 'error')})")


def _spans(first: CorpusResult, other: CorpusResult) -> str:
    """The difference of two runs of which one (at least) is unsupervised."""
    return f"{_counted(other)}, where the first has {_counted(first)}"


def _causes(result: CorpusResult) -> str:
    """What the run's own rule did, from its tallies (EVALB_SPMRL's rows of
    zeros and -X rows, the sentences --delete-by gold rescued)."""
    found = tallies(result.not_ok)
    notes = []
    if found["spmrl_zero"]:
        notes.append(f"{found['spmrl_zero']} length mismatch(es) counted as valid sentences "
                     "with no bracket")
    if found["x_rows"]:
        notes.append(f"{found['x_rows']} unparsed sentence(s) counted by -X with "
                     f"{found['x_gold']} gold brackets for their {found['x_kept']}")
    if found["rescued"]:
        notes.append(f"{found['rescued']} sentence(s) scored that own-tag deletion leaves "
                     "out")
    return f" ({'; '.join(notes)})" if notes else ""


def to_dict(scored: list[Scored], gold: str, test: str) -> dict[str, Any]:
    """The JSON report of ``parsedit conventions``: ``parsedit`` (version),
    ``gold``, ``test`` and ``conventions``, one entry each (see
    :meth:`Scored.to_dict`)."""
    return {"parsedit": __version__, "gold": gold, "test": test,
            "conventions": [s.to_dict() for s in scored]}
