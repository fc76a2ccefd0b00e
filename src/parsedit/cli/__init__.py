"""The ``parsedit`` command: a thin click shell over the library.

Every user error is a :class:`ParseditError` turned into one line on standard
error and exit status 2; a run whose GOLD and TEST hold different numbers of
trees, in which no sentence could be scored, or which stopped after too many
errors (EVALB's MAX_ERROR) still prints its report and exits 1.  Ctrl-C is
one line and exit 130, SIGTERM one line and exit 143; a closed pipe on
standard output ends the run quietly with exit 141, as SIGPIPE ends other
Unix tools.  Output files are checked before the work and written whole
(:mod:`parsedit.output`).

The commands live in this package by kind (score.py: score, align, demo;
compare.py: compare, plot; grammars.py; tags.py); app.py holds the group and
how a run ends and which module defines each command (imported only when
that command is run or listed), options.py the shared options, finish.py
where results go and the exit status.
"""

from parsedit.cli.app import main

__all__ = ["main"]
