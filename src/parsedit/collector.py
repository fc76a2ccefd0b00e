"""The garbage collector held off around code that makes many objects and no
reference cycle.

CPython's collector runs whenever 700 more container objects (tuples,
lists) have been made than freed; reading a block of lines makes hundreds of
thousands (a tuple a tagged word, a list a line), so it would run hundreds
of times to find no cycle, each run walking the young objects, and now and
then every object the process holds: over a third of a block's reading
time.  :func:`paused` holds it off for the block; the objects it made are
collected as usual afterwards.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """No collection inside the block (none is missed: the objects made
    count towards the next one, after it)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
