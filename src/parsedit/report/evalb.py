"""EVALB's report, byte for byte: the per-sentence table, the totals line
and the two summary blocks (all sentences, and length <= CUTOFF_LEN).

EVALB prints a sentence's status as 0 (scored), 1 (error) or 2 (skip), and
an F of 0/0 as ``-nan``; both are reproduced, and EVALB_SPMRL's status 3
(an unparsed sentence its ``-X`` counts, ``--failures spmrl``).  With the la metric, each
summary block ends with two more lines, the leaf-ancestor scores as
percentages (parsedit's, not EVALB's).  :func:`stderr_lines` gives
what EVALB writes on standard error for the same run.
"""

from __future__ import annotations

from collections.abc import Iterator

from parsedit.config import Config
from parsedit.errors import ConfigError
from parsedit.results import STATUSES, X_STATUS, CorpusResult, LACounts, SentenceRows, Totals

_STATUS = {"ok": 0, "error": 1, "skip": 2}
_RULE = "=" * 76
# A sentence's line (one formatting call a line: the table is the long part).
_ROW = "%4d  %3d    %d  %6.2f %6.2f   %3d    %3d  %3d    %3d   %4d  %4d   %6.2f"


def _summary(title: str, totals: Totals) -> list[str]:
    f = totals.counts["parseval"].figures()
    recall, precision = f["recall"] or 0.0, f["precision"] or 0.0
    # EVALB divides 0 by 0 here and prints what C prints.
    fmeasure = f"{2 * precision * recall / (precision + recall):6.2f}" \
        if precision + recall else "  -nan"
    return [
        "", title,
        f"Number of sentence        = {totals.sentences:6d}",
        f"Number of Error sentence  = {totals.error:6d}",
        # (a skip counted as a parse, EVALB_SPMRL's -X, is a valid sentence)
        f"Number of Skip  sentence  = {totals.sentences - totals.error - f['valid']:6d}",
        f"Number of Valid sentence  = {f['valid']:6d}",
        f"Bracketing Recall         = {recall:6.2f}",
        f"Bracketing Precision      = {precision:6.2f}",
        f"Bracketing FMeasure       = {fmeasure}",
        f"Complete match            = {f['complete_match'] or 0.0:6.2f}",
        f"Average crossing          = {f['average_crossing'] or 0.0:6.2f}",
        f"No crossing               = {f['no_crossing'] or 0.0:6.2f}",
        f"2 or less crossing        = {f['two_or_less_crossing'] or 0.0:6.2f}",
        f"Tagging accuracy          = {f['tagging_accuracy'] or 0.0:6.2f}",
    ]


def _la(totals: Totals) -> list[str]:
    """parsedit's lines for the leaf-ancestor metric, in EVALB's manner."""
    counts: LACounts = totals.counts["la"]
    return [f"Leaf-ancestor (sentences) = {100 * (counts.score or 0.0):6.2f}",
            f"Leaf-ancestor (words)     = {100 * (counts.word_score or 0.0):6.2f}"]


def check(config: Config) -> None:
    """Refuse options under which EVALB's report would show figures that
    are not EVALB's (its preconditions, one :class:`ConfigError` each)."""
    if "parseval" not in config.metrics:
        raise ConfigError("--format evalb needs the parseval metric in --metrics")
    if config.weighted:
        raise ConfigError("--format evalb cannot show --weighted matches (fractions); use "
                          "text or json")
    if config.yields != "strict":
        raise ConfigError("--format evalb prints EVALB's report, which scores only pairs with "
                          "equal words; use --format text or json with --yield align")
    if config.split or config.with_preterminals:
        given = " and ".join(name for name, on in (("--split", config.split),
                                                   ("--with-preterminals",
                                                    config.with_preterminals)) if on)
        raise ConfigError(f"--format evalb prints EVALB's report, and {given} change(s) what "
                          "its figures count (they would not be EVALB's); use --format text "
                          "or json")
    if config.failures == "count":
        raise ConfigError("--format evalb cannot show --failures count: EVALB's report sums "
                          "only the sentences it scored (EVALB_SPMRL's -X is --failures "
                          "spmrl, with -p spmrl); use --format text or json")


def unshown(config: Config, errors: bool = False) -> list[str]:
    """What the options ask for that EVALB's report has no place for (a
    warning, or none): other metrics than PARSEVAL and leaf-ancestor, the
    sentence average, the error analysis (``errors``)."""
    others = [m for m in config.metrics if m not in ("parseval", "la")]
    ignored = [name for name, on in (("--errors", errors),
                                     ("--average sentence", config.average == "sentence"),
                                     (f"--metrics {','.join(others)}", others),
                                     ("--error-classes", config.error_classes)) if on]
    if not ignored:
        return []
    return [f"{' and '.join(ignored)} show(s) nothing in --format evalb (EVALB's report has "
            "no place for it); use --format text or json"]


def render(result: CorpusResult) -> str:
    return "".join(chunks(result))


class EvalbTable:
    """EVALB's per-sentence table as its rows come (a run's blocks, in
    order: the ``rows`` of :func:`parsedit.pipeline.run.run`, a
    :class:`~parsedit.pipeline.tally.RowSink`), each block's rows formatted where
    they were scored (``-j N``'s workers, while they score) and added here;
    the text (ASCII) is held in a temporary file once past ``memory`` bytes
    (1 MiB), so memory does not grow with it."""

    def __init__(self, memory: int = 1 << 20) -> None:
        import tempfile

        self.text = tempfile.SpooledTemporaryFile(max_size=memory)

    @staticmethod
    def render(rows: SentenceRows) -> bytes:
        """Rows formatted (where they were scored: a ``-j N`` worker)."""
        return b"".join(piece.encode("ascii") for piece in _rows(rows))

    def add(self, rendered: bytes) -> None:
        """The next rows, as :meth:`render` formatted them."""
        try:
            self.text.write(rendered)
        except OSError as exc:
            raise ConfigError(f"cannot hold EVALB's table in a temporary file "
                              f"({exc.strerror or exc}); set TMPDIR to a writable directory "
                              "with room") from None

    def clear(self) -> None:
        """Forget the rows added (the run starts again)."""
        self.text.seek(0)
        self.text.truncate()

    def pieces(self, size: int = 1 << 20) -> Iterator[str]:
        """The table so far, in pieces of ``size`` bytes."""
        self.text.seek(0)
        while piece := self.text.read(size):
            yield piece.decode("ascii")


def _rows(rows: SentenceRows, size: int = 4096) -> Iterator[str]:
    """The table lines of ``rows``, in pieces of ``size`` lines, each ending
    in a newline."""
    # By the rows' status numbers; X_STATUS is EVALB_SPMRL's -X row.
    code = [_STATUS[status] for status in STATUSES] + [X_STATUS]
    lines: list[str] = []
    # The rows as plain integers (no Row made, no call a ratio): the table is
    # the long part of the report.
    for number, length, status, matched, gold, test, crossing, words, tags in rows.tuples():
        lines.append(_ROW % (number, length, code[status],
                             100.0 * matched / gold if gold else 0.0,
                             100.0 * matched / test if test else 0.0, matched, gold, test,
                             crossing, words, tags, 100.0 * tags / words if words else 0.0))
        if len(lines) >= size:
            yield "\n".join(lines) + "\n"
            lines = []
    if lines:
        yield "\n".join(lines) + "\n"


def chunks(result: CorpusResult, table: EvalbTable | None = None) -> Iterator[str]:
    """The report in pieces, each ending in a newline, so that a long table
    is written as it is formatted, never held whole; ``table``: the
    sentences' table already formatted from the run's rows."""
    yield ("  Sent.                        Matched  Bracket   Cross        Correct Tag\n"
           " ID  Len.  Stat. Recal  Prec.  Bracket gold test Bracket Words  Tags Accracy\n"
           f"{_RULE}\n")
    yield from _rows(result.table) if table is None else table.pieces()
    lines = [_RULE]
    f = result.totals.counts["parseval"].figures()
    matched, gold, test = f["matched"], f["gold"], f["test"]
    totals = ""
    if gold and test:
        totals = (f"                {f['recall']:6.2f} {f['precision']:6.2f} "
                  f"{matched:6d} {gold:5d} {test:5d}  {f['crossing']:5d}")
    lines.append(f"{totals}  {f['words']:5d} {f['correct_tags']:5d}   "
                 f"{f['tagging_accuracy'] or 0.0:6.2f}")
    lines.append("=== Summary ===")
    la = "la" in result.metrics
    lines += _summary("-- All --", result.totals) + (_la(result.totals) if la else [])
    lines += _summary(f"-- len<={result.cutoff_len} --", result.cutoff)
    lines += _la(result.cutoff) if la else []
    yield "\n".join(lines) + "\n"


def stderr_lines(result: CorpusResult) -> list[str]:
    """EVALB's standard error: ``ID : reason`` for each error, in its words
    where it has some; parsedit's message for what EVALB cannot read."""
    return [f"{s.id} : {s.reason}" for s in result.not_ok if s.reason]
