"""FSTs: edit transducers from cost schemes; composition and shortest paths."""

from parsedit.fst.align import Aligner, Alignment, Op
from parsedit.fst.edit import EditTransducer

__all__ = ["Aligner", "Alignment", "EditTransducer", "Op"]
