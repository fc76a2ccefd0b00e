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
