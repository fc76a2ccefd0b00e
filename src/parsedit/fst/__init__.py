"""FSTs: edit transducers from cost schemes; composition and shortest paths."""

from parsedit.fst.align import Aligner, Alignment, FstAligner, Op
from parsedit.fst.edit import EditTransducer

__all__ = ["Aligner", "Alignment", "EditTransducer", "FstAligner", "Op"]
