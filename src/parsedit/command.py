"""The ``parsedit`` command's entry point.

Loading the command's modules takes a moment; Ctrl-C within it is the same
one line and exit status 130 as Ctrl-C later in the run (see
:mod:`parsedit.cli.app`), not a traceback.  The standard streams are
guarded first (:func:`parsedit.output.guard_standard_streams`): a closed
or full standard output, a closed standard input or error, end a run as
documented there, never with a traceback.
"""

from __future__ import annotations

import gc
import sys


def main() -> None:
    from parsedit.output import guard_standard_streams

    guard_standard_streams()  # closed or failing standard streams: see there
    try:
        from parsedit.cli import main as command
    except KeyboardInterrupt:
        sys.stderr.write("parsedit: interrupted\n")
        sys.exit(130)
    try:
        command(prog_name="parsedit")
    finally:
        # The run's objects (its memories of chunks and middles) are left to
        # the exit: the interpreter's last collections then skip them (half
        # of a large run's 40-60 ms of exit).
        gc.freeze()
