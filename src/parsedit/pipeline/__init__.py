"""The road from two sources of trees to a :class:`~parsedit.results.CorpusResult`.

=================  ==========================================================
module             its one job
=================  ==========================================================
``route``          the decision table: which readers take the lines
``scorer``         judge and score one pair (every metric of the run)
``units``          score a unit of work (a range of lines, a chunk of pairs,
                   a batch of strings) by its route
``tally``          sum the scored pairs as they come (the one accumulator)
``workers``        ``-j N``: units scored by forked workers, put back in order
``conclude``       what was counted -> the result and its warnings (one
                   function for the command line, the API and ``compare``)
``run``            a whole run over two files, or over items in memory
=================  ==========================================================

Imports point down this table's reverse: ``run`` uses every other module,
``route``, ``tally`` and ``scorer`` use none of them.
"""

from parsedit.errors import ConfigError

# What parsedit 0.2.6's module parsedit.pipeline held, which its pickles name.
_OLD = ("Scorer", "Job")


def __getattr__(name: str) -> object:
    """Names of 0.2.6's ``parsedit.pipeline`` module, which objects it
    pickled (an :class:`~parsedit.api.Evaluator`) refer to: refused with a
    message, not an ``AttributeError`` in the middle of ``pickle.load``."""
    if name in _OLD:
        raise ConfigError(f"parsedit.pipeline.{name} was parsedit 0.2.6's (now "
                          f"parsedit.pipeline.{'scorer' if name == 'Scorer' else 'units'}."
                          f"{name}): an object pickled by parsedit 0.2.6 or before, such as "
                          "an Evaluator, cannot be read by this version; unpickle it with "
                          "the version that pickled it, or score its sentences again")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
