"""What one sentence may cost: the documented limits, and how to change them.

A damaged or hostile file must never take a run's memory or time without
bound, and never end it in a traceback.  Two limits bound what one line and
one pair may cost; what passes beyond them is refused for that line or pair
alone, with a message naming the file, the line and the limit, and the rest
is scored.

* :data:`MAX_LINE_BYTES`: a line of a file (its bytes after decompression,
  its line end not counted) longer than this is not read: it is an
  unreadable line (a ``skip`` in a test file, an ``error`` in a gold one),
  and it is never held in memory whole, so a small compressed file of one
  huge line (a ``.gz`` of ``(``) is streamed through, not decompressed into
  memory.  A tree written across several lines may not exceed it either
  (its lines counted together).
* :data:`MAX_EDIT_SIZE`: the edit distances (label, span, rule) and
  leaf-ancestor align two whole strings, whose cost grows with the product
  of their lengths when the trees differ throughout (a right-branching tree
  against a left-branching one: about 270 MB at 2,000 words and brackets a
  side).  A pair whose gold or test tree holds more words and brackets
  (phrases) than this, after the parameter file's deletions, is not scored
  when any of those metrics is asked for: it is a ``skip`` that says so.
  PARSEVAL and the tagging measures need no such limit (their cost grows
  with the length, not its square).

Each may be changed for a run by an environment variable of the same name
prefixed ``PARSEDIT_`` (``PARSEDIT_MAX_LINE_BYTES=4194304 parsedit score
...``); a value that is not a positive whole number is refused.
"""

from __future__ import annotations

import os
import sys

from parsedit.errors import ConfigError

MAX_LINE_BYTES = 1 << 20
MAX_EDIT_SIZE = 3000


def _setting(name: str, default: int) -> int:
    """The limit ``name``: its environment variable if set, else ``default``."""
    text = os.environ.get(f"PARSEDIT_{name}")
    if text is None or not text.strip():
        return default
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise ConfigError(f"PARSEDIT_{name} must be a positive whole number, not {text!r}")
    # A limit beyond what an index can hold is no limit: kept within one so
    # that ``readline(limit + 1)`` cannot overflow (a traceback, not a run).
    return min(value, sys.maxsize - 1)


def max_line_bytes() -> int:
    """The longest line read, in bytes (:data:`MAX_LINE_BYTES`)."""
    return _setting("MAX_LINE_BYTES", MAX_LINE_BYTES)


def max_edit_size() -> int:
    """The most words and brackets of a tree the edit metrics and
    leaf-ancestor align (:data:`MAX_EDIT_SIZE`)."""
    return _setting("MAX_EDIT_SIZE", MAX_EDIT_SIZE)
