"""``-j N``: units of work scored by forked workers, their tallies put back in order."""

from __future__ import annotations

import signal
from collections.abc import Generator, Iterable, Iterator
from itertools import chain, islice
from typing import TYPE_CHECKING

from parsedit.errors import ConfigError
from parsedit.pipeline.tally import Tally
from parsedit.pipeline.units import Job, Unit, score_unit

if TYPE_CHECKING:
    from multiprocessing.connection import Connection




def _work(job: Job, channel: Connection) -> None:
    """A forked worker: score each ``(index, unit)`` its channel brings until
    None, and send back ``(index, tally)``, or the exception that stopped it.
    It leaves Ctrl-C to the parent, which stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    while (task := channel.recv()) is not None:
        index, unit = task
        try:
            channel.send((index, score_unit(job, unit)))
        except BaseException as exc:  # handed to the parent, which raises it
            try:
                channel.send((index, exc))
            except Exception:  # it cannot be pickled: say what it was
                channel.send((index, RuntimeError(f"a worker failed: {exc!r}")))
            return


def tallies(job: Job, units: Iterable[Unit], jobs: int = 1
            ) -> Generator[tuple[Unit, Tally], None, None]:
    """Every unit of work (a range of lines, or a chunk of ``SUM_EVERY``
    pairs) and its tally, in order; with ``jobs`` > 1 scored by forked
    workers, each with its own copy of the scorer (the numbers do not depend
    on it), which read their own lines when the units are ranges of lines.
    A worker sends back its tally's sums and what the run keeps of each
    sentence, never more."""
    found = iter(units)
    first = list(islice(found, jobs))  # no more workers than units, and no pool for one
    jobs = len(first)
    found = chain(first, found)
    if jobs <= 1:
        for unit in found:
            yield unit, score_unit(job, unit)
        return
    yield from _forked(job, found, jobs)


def _forked(job: Job, units: Iterator[Unit], jobs: int
            ) -> Generator[tuple[Unit, Tally], None, None]:
    """:func:`tallies` by ``jobs`` forked workers.  Each worker has one unit
    at a time, and the next as soon as its tally is back (so that a worker
    never waits on a parent that waits on it, and a slower core takes fewer
    units); tallies are put back in order, at most ``4 jobs`` units ahead.
    The workers are forked before ``units`` is taken further than its first
    ``jobs``, so that they start while the parent finds the rest.
    (Not multiprocessing.Pool: its worker thread spins while results wait in
    its pipe, which cost PARSEVAL about 7% more CPU.)"""
    import gc
    import multiprocessing
    from multiprocessing.connection import Connection, wait

    try:
        context = multiprocessing.get_context("fork")
    except ValueError:
        raise ConfigError("--jobs needs processes that fork (Linux, macOS)") from None
    channels = [context.Pipe() for _ in range(jobs)]  # (parent's end, worker's end)
    workers = [context.Process(target=_work, args=(job, theirs), daemon=True)
               for _, theirs in channels]
    # The objects the workers inherit are moved out of the collector's sight
    # first, so that the workers' collections neither walk them nor copy
    # their memory pages (see gc.freeze); the parent's are given back after.
    gc.freeze()
    try:
        for worker in workers:
            worker.start()
    finally:
        gc.unfreeze()
    idle = [ours for ours, _ in channels]
    ends = {worker.sentinel: ours for worker, (ours, _) in zip(workers, channels)}
    sent: dict[int, Unit] = {}  # handed out, not yet yielded
    done: dict[int, Tally] = {}  # back, waiting for an earlier one
    handed = following = 0
    try:
        # The next unit to hand out, found (a range of lines: the parent's
        # pass over the files) while the workers score, not when one asks.
        unit = next(units, None)
        while True:
            while idle and unit is not None and handed - following < 4 * jobs:
                sent[handed] = unit
                idle.pop().send((handed, unit))
                handed += 1
                unit = next(units, None)
            if following in done:
                yield sent.pop(following), done.pop(following)
                following += 1
                continue
            if following == handed:
                break
            for ready in wait([*ends.values(), *ends]):
                if isinstance(ready, int):  # a worker ended
                    if not ends[ready].poll():
                        raise ConfigError("a --jobs worker died (out of memory?); the run "
                                          "is not complete")
                    continue
                assert isinstance(ready, Connection)
                index, tally = ready.recv()
                if isinstance(tally, BaseException):
                    raise tally
                done[index] = tally
                idle.append(ready)
        for ours, _ in channels:
            ours.send(None)
        for worker in workers:
            worker.join()
    finally:
        for worker in workers:
            if worker.is_alive():
                worker.terminate()
                worker.join()
