"""Dependency and relational evaluation: constituency trees converted to
dependencies through a head table (:mod:`~parsedit.deps.heads`,
:mod:`~parsedit.deps.convert`), CoNLL-U (:mod:`~parsedit.deps.conllu`), and
their scores (:mod:`~parsedit.deps.score`, :mod:`~parsedit.deps.edit`,
:mod:`~parsedit.deps.metric`)."""

from __future__ import annotations

from parsedit.deps.convert import Converter
from parsedit.deps.heads import HeadTable, load_head_table
from parsedit.deps.model import DepTree

__all__ = ["Converter", "DepTree", "HeadTable", "load_head_table"]
