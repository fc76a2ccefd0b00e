"""The alphabet a transducer is built over: the distinct symbols of one
encoding in a corpus, each with its kind and label.

A Python grammar module receives an :class:`Alphabet` and builds its edit
transducer with pynini over ``alphabet.table`` (label 0 is epsilon, every
symbol has the label ``alphabet.id(text)``).  ``grammars compile`` builds a
declarative scheme over the alphabet of the treebanks it is given.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from parsedit.encodings import Encoding, get_encoding
from parsedit.fst.files import SymbolTable, symbol_table
from parsedit.trees.normalise import Normalisation
from parsedit.trees.reader import Item, read_trees
from parsedit.trees.source import DEFAULT_ENCODING


@dataclass(frozen=True)
class Alphabet:
    """``symbols`` are the symbols' texts (``(NP``, ``((NN``, ``)``, ``dog)``
    for *label*; ``NP[0,2]`` for *span*; ``NP -> DT NN`` for *rule*), sorted;
    ``kinds`` and ``labels`` give each one's kind and label."""

    encoding: str
    symbols: tuple[str, ...]
    kinds: dict[str, str] = field(compare=False)
    labels: dict[str, str] = field(compare=False)

    @staticmethod
    def of(encoding: Encoding, symbols: Iterable[object]) -> Alphabet:
        texts = {encoding.text(s): s for s in symbols}
        ordered = tuple(sorted(texts))
        return Alphabet(encoding.name, ordered,
                        {t: encoding.kind(texts[t]) for t in ordered},
                        {t: encoding.label(texts[t]) for t in ordered})

    @property
    def table(self) -> SymbolTable:
        """A symbol table: 0 is ``<eps>``, then the symbols in order from 1."""
        return symbol_table(self.symbols)

    def id(self, text: str) -> int:
        """The label of a symbol in :attr:`table`."""
        return self._ids[text]

    @cached_property
    def _ids(self) -> dict[str, int]:
        return {t: i for i, t in enumerate(self.symbols, start=1)}

    def of_kind(self, *kinds: str) -> list[str]:
        """The symbols of the given kinds."""
        return [t for t in self.symbols if self.kinds[t] in kinds]

    def digest(self) -> str:
        return hashlib.sha256("\n".join((self.encoding, *self.symbols)).encode()).hexdigest()


def collect(paths: Iterable[str], encoding: str, normalisation: Normalisation,
            rule_pos: str = "words", la_preterminals: bool = False,
            text_encodings: Sequence[str] = ()) -> Alphabet:
    """The alphabet of ``encoding`` over every readable tree in ``paths``, the
    i-th file decoded with ``text_encodings[i]`` (default UTF-8)."""
    def encoding_of(i: int) -> str:
        return text_encodings[i] if i < len(text_encodings) else DEFAULT_ENCODING
    return collect_items((read_trees(path, encoding_of(i)) for i, path in enumerate(paths)),
                         encoding, normalisation, rule_pos, la_preterminals)


def collect_items(sources: Iterable[Iterable[Item]], encoding: str,
                  normalisation: Normalisation, rule_pos: str = "words",
                  la_preterminals: bool = False, encoder: Encoding | None = None
                  ) -> Alphabet:
    """The alphabet of ``encoding`` over every readable item of ``sources``
    (``encoder``: the encoding object itself, when the run's is not the
    default one: the dependency encoding converts with the run's head table
    and labelling, :func:`parsedit.metrics.registry.encoder`)."""
    enc = encoder or get_encoding(encoding, rule_pos, la_preterminals)
    symbols: set[object] = set()
    # The dependency encoding reads a tree's raw tokens (it needs the
    # punctuation and function tags that normalisation removes), or a
    # CoNLL-U sentence's dependencies.
    raw = encoding == "dep"
    for items in sources:
        for item in items:
            if item.tokens:
                symbols.update(enc.encode(item.tokens if raw
                                          else normalisation.apply(item.tokens)))
            elif raw and item.dependencies is not None:
                from parsedit.encodings.dep import symbols_of

                symbols.update(symbols_of(item.dependencies))
    return Alphabet.of(enc, symbols)
