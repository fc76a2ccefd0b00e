"""The text report: compact tables people read at a glance."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parsedit.plural import plural
from parsedit.report import tags as tags_report
from parsedit.report import words as words_report
from parsedit.report.numbers import label_name, number, rate
from parsedit.results import CorpusResult, EditCounts, LACounts, ParsevalCounts, TaggingCounts

# (JSON name, row title) of the PARSEVAL figures the text report shows.
_PARSEVAL_ROWS = (
    ("recall", "recall"), ("precision", "precision"), ("f_measure", "F-measure"),
    ("e_measure", "E-measure (100 - F)"), ("sentence_f", "F-measure, sentence average"),
    ("unlabelled_recall", "unlabelled recall"), ("unlabelled_precision", "unlabelled precision"),
    ("unlabelled_f", "unlabelled F-measure"),
    ("complete_match", "complete match"), ("average_crossing", "average crossing"),
    ("no_crossing", "no crossing"), ("two_or_less_crossing", "2 or less crossing"),
    ("tagging_accuracy", "tagging accuracy"),
    ("goodman_labelled_recall", "Goodman labelled recall"),
    ("goodman_labelled_tree", "Goodman labelled tree"),
    ("goodman_bracketed_recall", "Goodman bracketed recall"),
    ("goodman_bracketed_tree", "Goodman bracketed tree"),
    ("goodman_consistent_recall", "Goodman consistent brackets recall"),
    ("goodman_consistent_tree", "Goodman consistent brackets tree"),
)


def _columns(result: CorpusResult, metric: str, heading: str
             ) -> tuple[dict[str, Any], dict[str, Any], list[str]]:
    """A metric's figures over every sentence and within the cut-off, and
    the head of their two-column table."""
    head = f"{heading:<36}{'all':>10}{f'len<={result.cutoff_len}':>10}"
    return (result.totals.counts[metric].figures(), result.cutoff.counts[metric].figures(),
            [head, "-" * len(head)])


def _parseval(result: CorpusResult, metric: str) -> list[str]:
    every, short, lines = _columns(result, metric, "PARSEVAL")
    for key, title in _PARSEVAL_ROWS:
        if key == "sentence_f" and result.average != "sentence":
            continue
        lines.append(f"{title:<36}{rate(every[key]):>10}{rate(short[key]):>10}")
    lines.append(f"{'sentences scored':<36}{every['valid']:>10}{short['valid']:>10}")
    return lines + [""]


def _edits(result: CorpusResult, metrics: list[str]) -> list[str]:
    sentence = result.average == "sentence"
    short = f"acc. len<={result.cutoff_len}"
    header = (f"{'metric':<8}{'edits':>10}{'basic':>10}{'gold':>8}{'error rate':>12}"
              f"{'accuracy':>10}{short:>16}"
              + (f"{'sentence average':>18}" if sentence else ""))
    lines = [header, "-" * len(header)]
    for metric in metrics:
        t: EditCounts = result.totals.counts[metric]
        basic = number(t.basic) if metric == "label" else ""
        lines.append(f"{metric:<8}{number(t.edits):>10}{basic:>10}{t.gold:>8}"
                     f"{rate(t.error_rate):>12}{rate(t.accuracy):>10}"
                     f"{rate(result.cutoff.counts[metric].accuracy):>16}"
                     + (f"{rate(t.sentence_accuracy):>18}" if sentence else ""))
    return lines + [""]


def percent(value: float | None) -> str:
    """A leaf-ancestor score in [0, 1] as a percentage, as every report
    shows it beside the other figures (``compare``, ``--format evalb``);
    JSON, TSV and the API keep the paper's [0, 1]."""
    return rate(None if value is None else 100 * value)


def _la(result: CorpusResult, metric: str) -> list[str]:
    cutoff = result.cutoff_len
    every: LACounts = result.totals.counts[metric]
    short: LACounts = result.cutoff.counts[metric]
    head = f"{'leaf-ancestor':<36}{'all':>10}{f'len<={cutoff}':>10}"
    lines = [head, "-" * len(head),
             f"{'score % (mean of sentences)':<36}{percent(every.score):>10}"
             f"{percent(short.score):>10}",
             f"{'score % (mean of words)':<36}{percent(every.word_score):>10}"
             f"{percent(short.word_score):>10}",
             f"{'sentences':<36}{every.sentences:>10}{short.sentences:>10}",
             f"{'words':<36}{every.words:>10}{short.words:>10}", ""]
    if result.worst_words is not None:
        lines += ["Lineage pairs that lose most (score: each word's, 0 to 1; "
                  "loss = count x (1 - score)):",
                  f"{'loss':>8}{'count':>7}{'score':>7}  gold : test    (sentence: word)"]
        for entry in result.worst_words:
            where = ", ".join(f"{n}: {w}" for n, w in entry.examples)
            lines.append(f"{entry.loss:>8.2f}{entry.count:>7}{entry.score:>7.3f}  "
                         f"{' '.join(entry.gold)} : {' '.join(entry.test)}    ({where})")
        lines.append("")
    return lines


# (JSON name, row title) of the tree edit distance figures the text report shows.
_TED_ROWS = (
    ("distance", "distance (summed)"), ("mean_distance", "distance per sentence"),
    ("discodop_micro", "disco-dop 1 - TED/(|G|+|T|), micro"),
    ("discodop_macro", "disco-dop, sentence average"),
    ("tedeval_micro", "TedEval 1 - TED/(|G|+|T|-2), micro"),
    ("tedeval_macro", "TedEval, sentence average"),
)


def _ted(result: CorpusResult) -> list[str]:
    cutoff = result.cutoff_len
    every = result.totals.counts["ted"].figures()
    short = result.cutoff.counts["ted"].figures()
    head = f"{'tree edit distance':<36}{'all':>10}{f'len<={cutoff}':>10}"
    lines = [head, "-" * len(head)]
    for key, title in _TED_ROWS:
        lines.append(f"{title:<36}{rate(every[key]):>10}{rate(short[key]):>10}")
    for key, title in (("sentences", "sentences scored"), ("skipped", "skipped (too large)")):
        lines.append(f"{title:<36}{every[key]:>10}{short[key]:>10}")
    return lines + [""]


def _error_classes(result: CorpusResult) -> list[str]:
    every = result.totals.counts["error_classes"]
    short = result.cutoff.counts["error_classes"].rows()
    cutoff = f"len<={result.cutoff_len}"
    head = (f"{'error class':<24}{'fixes':>8}{'brackets':>10}{'% of brackets':>15}"
            f"{cutoff:>10}")
    lines = [head, "-" * len(head)]
    for (title, count, brackets, share), (_, _, within, _) in zip(every.rows(), short):
        lines.append(f"{title:<24}{count:>8}{brackets:>10}{rate(share):>15}{within:>10}")
    lines += ["-" * len(head),
              f"{'all (missing + extra)':<24}{every.fixes:>8}"
              f"{every.total_brackets:>10}{'':>15}"
              f"{result.cutoff.counts['error_classes'].total_brackets:>10}",
              "brackets: the missing and extra PARSEVAL brackets each class's fixes account "
              "for (see the signature's rule set)"]
    return lines + [""]


# (path in corpus.dep's JSON, row title) of the dependency figures shown.
_DEP_ROWS = (
    (("uas",), "UAS"), (("las",), "LAS"), (("root_accuracy",), "root accuracy"),
    (("complete_match",), "complete match (unlabelled)"),
    (("labelled_complete_match",), "complete match (labelled)"),
    (("sentence_uas",), "UAS, sentence average"),
    (("relational", "precision"), "relational precision"),
    (("relational", "recall"), "relational recall"), (("relational", "f"), "relational F"),
    (("relational", "labelled_precision"), "labelled relational precision"),
    (("relational", "labelled_recall"), "labelled relational recall"),
    (("relational", "labelled_f"), "labelled relational F"),
    (("edits", "edits"), "dependency edits"),
    (("edits", "error_rate"), "dependency edit error rate"),
    (("edits", "accuracy"), "dependency edit accuracy"),
    (("words",), "words scored"), (("aligned",), "words aligned"),
    (("failed",), "words of failed parses"),
)


def _dep(result: CorpusResult, metric: str) -> list[str]:
    """The dependency figures (``corpus.dep`` in JSON; its per-relation
    table is in JSON only)."""
    every, short, lines = _columns(result, metric, "dependencies")
    for path, title in _DEP_ROWS:
        if path == ("sentence_uas",) and result.average != "sentence" or \
                path == ("failed",) and not every["failed"]:  # (--failures count only)
            continue
        a: Any = every
        b: Any = short
        for key in path:
            a, b = a[key], b[key]
        shown = (f"{a:>10}{b:>10}" if isinstance(a, int) else
                 f"{number(a):>10}{number(b):>10}" if path[-1] == "edits" else
                 f"{rate(a):>10}{rate(b):>10}")
        lines.append(f"{title:<36}{shown}")
    return lines + [""]


def _errors(errors: Mapping[str, Any]) -> list[str]:
    # The edits and movements are the edit encodings': none without them.
    lines = ["Most frequent edits (gold => test):"] if errors["edits"] else []
    names = {"sub": "substitutions", "ins": "insertions", "del": "deletions"}
    for metric, kinds in errors["edits"].items():
        for kind, entries in kinds.items():
            if entries:
                # (a span is shown by its label: the empty one named)
                name = label_name if metric == "span" else str
                shown = ", ".join(
                    f"{name(e['gold'])} => {name(e['test'])} {e['count']}" if kind == "sub"
                    else f"{name(e['gold'] if kind == 'del' else e['test'])} {e['count']}"
                    for e in entries)
                lines.append(f"  {metric} {names[kind]}: {shown}")
    if errors.get("moves"):
        lines.append("  label movements (close brackets moved, by how many; not counted as "
                     "insertions and deletions): " + ", ".join(
                         f"{e['size']} {e['count']}" for e in errors["moves"]))
    lines += [""] * bool(lines) + [f"{'label':<12}{'gold':>8}{'test':>8}{'matched':>9}"
                                   f"{'recall':>9}{'precision':>11}{'F':>8}"]
    for e in errors["labels"]:
        lines.append(f"{label_name(e['label']):<12}{e['gold']:>8}{e['test']:>8}{e['matched']:>9}"
                     f"{rate(e['recall']):>9}{rate(e['precision']):>11}"
                     f"{rate(e['f_measure']):>8}")
    lines += ["", "Worst sentences (sentence: F, accuracy or leaf-ancestor, in %):"]
    for metric, entries in errors["worst"].items():
        lines.append(f"  {metric}: " + ", ".join(f"{e['sentence']}: {rate(e['score'])}"
                                                 for e in entries))
    if errors["disagreements"]:
        lines += ["", "PARSEVAL and label edits disagree most:",
                  "  " + ", ".join(f"{e['sentence']} (E {rate(e['e_measure'])}, label error "
                                   f"rate {rate(e['label_error_rate'])})"
                                   for e in errors["disagreements"])]
    return lines + [""]


def _figures(metric: str, every: dict[str, Any], short: dict[str, Any],
             cutoff: int) -> list[str]:
    """A metric's figures, one a line, over all sentences and the cut-off
    ones (a figure that is not a number shown as it is)."""
    def shown(value: Any) -> str:
        if value is None:
            return "n/a"
        return f"{value:.2f}" if isinstance(value, float) else str(value)

    head = f"{metric.upper():<36}{'all':>10}{f'len<={cutoff}':>10}"
    return [head, "-" * len(head),
            *(f"{name.replace('_', ' '):<36}{shown(value):>10}{shown(short.get(name)):>10}"
              for name, value in every.items()), ""]


def render(result: CorpusResult, gold: str, test: str) -> str:
    counted = sum(s.counted for s in result.not_ok)
    lines = [f"parsedit: {gold} (gold) against {test} (test)",
             f"{plural(result.totals.sentences, 'sentence')}: {result.count('ok')} scored, "
             f"{result.count('skip')} skipped"
             + (f" ({counted} counted as failures)" if counted else "")
             + f", {plural(result.count('error'), 'error')}", ""]
    if result.warnings:
        lines += [f"warning: {w}" for w in result.warnings] + [""]
    if result.words is not None:
        summary = words_report.summary(result.words, result.word_weights)
        lines += [f"Words (--yield align): {summary}", ""]
    edits = [m for m in result.metrics if isinstance(result.totals.counts[m], EditCounts)]
    for metric in result.metrics:
        counts = result.totals.counts[metric]
        if isinstance(counts, ParsevalCounts):
            lines += _parseval(result, metric)
        elif isinstance(counts, EditCounts):
            lines += _edits(result, edits) if metric == edits[0] else []
        elif isinstance(counts, LACounts):
            lines += _la(result, metric)
        elif isinstance(counts, TaggingCounts):
            lines += tags_report.by_scoring(counts, result.cutoff.counts[metric],
                                            result.cutoff_len)
        elif metric == "ted":
            lines += _ted(result)
        elif metric == "error_classes":
            lines += _error_classes(result)
        elif metric == "dep":
            lines += _dep(result, metric)
        else:  # a metric without a table of its own: its figures, all and cut-off
            lines += _figures(metric, counts.figures(), result.cutoff.counts[metric].figures(),
                              result.cutoff_len)
    if result.errors is not None:
        lines += _errors(result.errors)
    for title, listed in (
            ("Not scored (left out of the sums):",
             [s for s in result.not_ok if not s.has_counts]),
            (f"Failures counted as parses with {result.failure_scored_as} (in the sums):",
             [s for s in result.not_ok if s.counted]),
            ("Scored with a note (in the sums):",
             [s for s in result.not_ok if s.status == "ok"])):
        if listed:
            lines += [title, *(f"  {s.id:>5} {s.status:<6}{s.message}" for s in listed), ""]
    if result.stopped:
        lines += [f"STOPPED: {result.stopped}", ""]
    lines += [f"signature: {result.signature}"]
    return "\n".join(lines) + "\n"
