"""Where a command's results go, and the one place that decides its exit
status: reports written whole (:mod:`parsedit.output`) or to standard
output, warnings and unscored sentences on standard error, and exit 1 for a
printed report of a run that stopped early, files with different numbers
of trees, or nothing scored.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable

import click

from parsedit.errors import ConfigError
from parsedit.output import check_destination, same_output, write_text
from parsedit.report import evalb as evalb_report
from parsedit.report import json as json_report
from parsedit.report import text as text_report
from parsedit.results import CorpusResult


class Progress:
    """A progress line on standard error, once a run has taken 2 seconds."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.start = self.last = time.monotonic()
        self.shown = False
        self.width = 60

    def __call__(self, number: int) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.start < 2 or now - self.last < 0.25:
            return
        self.last, self.shown = now, True
        click.echo(f"\rparsedit: {number} sentences scored, "
                   f"{number / (now - self.start):,.0f} a second", err=True, nl=False)

    def phase(self, name: str, total: int, done: int) -> None:
        """A named phase of a longer run, ``done`` of ``total``."""
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.start < 2 or (now - self.last < 0.25 and 0 < done < total):
            return
        self.last, self.shown = now, True
        share = f" ({100 * done / total:.0f}%)" if total else ""
        line = f"parsedit: {name}: {done:,} of {total:,}{share}"
        click.echo("\r" + line.ljust(self.width)[:max(self.width, len(line))], err=True,
                   nl=False)
        self.width = max(self.width, len(line))

    def close(self) -> None:
        if self.shown:
            click.echo("\r" + " " * self.width + "\r", err=True, nl=False)



def render(result: CorpusResult, gold: str, test: str, fmt: str,
           table: evalb_report.EvalbTable | None = None) -> Iterable[str]:
    """The report in pieces: EVALB's table as it is written, or as it was
    formatted during the run (``table``)."""
    if fmt == "evalb":
        if "parseval" not in result.metrics:
            raise ConfigError("--format evalb needs the parseval metric in --metrics")
        return evalb_report.chunks(result, table)
    return [(json_report.render if fmt == "json" else text_report.render)(result, gold, test)]



def warn(warnings: Iterable[str]) -> None:
    for warning in warnings:
        click.echo(f"parsedit: warning: {warning}", err=True)



def emit(report: str | Iterable[str], output: str | None) -> None:
    """The report (a string, or its pieces) to ``output`` (written whole, or
    not at all) or to standard output."""
    if output:
        write_text(output, report)
    else:
        for piece in [report] if isinstance(report, str) else report:
            _print(piece)


def _print(text: str) -> None:
    """``text`` to standard output, every byte of it.  With PYTHONUNBUFFERED
    set, Python's stdout writes straight to the file descriptor and drops
    what a partial write leaves (a reader that closed the pipe mid-write),
    and the run would end as if complete: so the bytes go in a loop, and a
    closed pipe raises BrokenPipeError (exit 141, see :mod:`parsedit.cli.app`)."""
    stream = sys.stdout
    binary = getattr(stream, "buffer", None)
    if binary is None:
        stream.write(text)
        return
    stream.flush()
    data = memoryview(text.encode(stream.encoding or "utf-8", stream.errors or "strict"))
    while data:
        written = binary.write(data)
        data = data[written if written is not None else 0:]



def finish(result: CorpusResult, gold: str, test: str, fmt: str, output: str | None,
           table: evalb_report.EvalbTable | None = None, verbose: bool = False) -> None:
    """Write the report of ``result`` and end the command (see the module);
    ``verbose`` says which route read the lines."""
    if verbose:
        click.echo(f"parsedit: route: {result.route} ({result.route_reason})", err=True)
    # The report carries what standard error says below it: a run that
    # covers less than the files, and the sentences left out (as the Python
    # API's results do).
    report = render(result.with_caveats(gold, test), gold, test, fmt, table)
    warn(result.warnings)
    if fmt == "evalb":
        for line in evalb_report.stderr_lines(result):
            click.echo(line, err=True)
    else:
        missing = result.failure_scored_as  # (a failure counted by --failures count)
        for s in result.not_ok:
            if s.status != "ok":
                counted = f" (counted as a parse with {missing})" if s.counted else ""
                click.echo(f"parsedit: sentence {s.id} {s.status}: {s.message}{counted}",
                           err=True)
    emit(report, output)
    problems = run_errors(result, gold, test)
    for problem in problems:
        click.echo(f"parsedit: error: {problem}", err=True)
    if problems:
        sys.exit(1)



def run_errors(result: CorpusResult, gold: str, test: str, several: bool = False
                ) -> list[str]:
    """What makes a printed report exit 1: a stopped run, files with different
    numbers of trees, nothing scored (at most one line; the first that holds;
    naming ``test`` where ``several`` tests were scored)."""
    return [f"{test}: {problem}" if several else problem
            for problem in result.problems(gold, test)]



def check_outputs(output: str | None, *others: tuple[str, str | None],
                  inputs: Iterable[tuple[str, str | None]] = ()) -> None:
    """Refuse, before the work, unwritable destinations, two outputs to one
    file, and an output that is one of the ``inputs`` ((what, path) pairs,
    such as ``("gold file", gold)``; a path of None is no file)."""
    named = [(option, path) for option, path in [("-o", output), *others] if path]
    read = [(what, path) for what, path in inputs if path]
    for option, path in named:
        check_destination(path, option, read)
    both = same_output(named)
    if both:
        raise ConfigError(f"{both} name the same file")
