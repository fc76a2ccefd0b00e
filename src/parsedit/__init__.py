"""parsedit: evaluate constituency parsers by edit distance over weighted FSTs.

The data flows one way: ``trees`` (read, normalise) -> ``encodings`` (tree to
symbol string) -> ``fst`` (acceptors, edit transducers, shortest paths) ->
``metrics`` (counts per sentence) -> ``results`` (additive counts) ->
``report`` (rendering).  ``pipeline`` wires the road; ``cli`` is a thin shell.
"""

__version__ = "0.1.0"
