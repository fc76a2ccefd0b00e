"""Trees: the Tree type, the bracketed-file reader, and normalisation."""

from parsedit.trees.normalise import Normalisation
from parsedit.trees.reader import Item, read_trees
from parsedit.trees.tree import Tree

__all__ = ["Item", "Normalisation", "Tree", "read_trees"]
