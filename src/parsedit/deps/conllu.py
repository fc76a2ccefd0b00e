"""CoNLL-U: writing dependency trees, and reading them with every problem
placed at its file, line and column.

Writing (:func:`conllu_sentence`): one block per sentence, ``# sent_id``
(the tree's number in its input, so that two converted files pair by it
even where one skipped a tree) and ``# text`` comments, then a line per word
with the ten columns ``ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC``:
the word, its tag as XPOS, its head and relation; ``_`` elsewhere.

Reading (:func:`read_conllu`) follows the CoNLL 2018 shared task's reader
(``conll18_ud_eval.py``) where it refuses input: every word line has exactly
ten tab-separated columns; ``#`` comments only before a sentence's first
word; word IDs 1, 2, 3, ... in order; multiword-token lines (``2-3``) and
empty nodes (``1.1``) are read past; FORM is not empty; HEAD is a whole
number >= 0 within the sentence; exactly one root; no cycle.  Where the
script stops the whole run, this refuses one sentence (an error item, the
rest read on: a sentence whose heads make no tree is a
:class:`~parsedit.errors.NotATree`, placed at the word where it shows, which
the scorer treats as a failed parse), and it is more lenient on blank
lines: several blank lines are one separator, a block of comments alone is
no sentence, and the last sentence needs no blank line after it.
The tag read is XPOS, or UPOS where XPOS is ``_``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from parsedit.deps.model import DepTree, functional_relations
from parsedit.errors import InputError, NotATree
from parsedit.trees.source import DEFAULT_ENCODING, lines

COLUMNS = 10
_HEAD, _DEPREL = 6, 7


def conllu_sentence(tree: DepTree, sent_id: str | None = None,
                    comments: Iterable[str] = ()) -> str:
    """One sentence as a CoNLL-U block, its blank line included."""
    out = []
    if sent_id is not None:
        out.append(f"# sent_id = {sent_id}\n")
    out.extend(f"# {c}\n" for c in comments)
    out.append(f"# text = {' '.join(tree.words)}\n")
    for i, (word, tag, head, rel) in enumerate(
            zip(tree.words, tree.tags, tree.heads, tree.relations), start=1):
        out.append(f"{i}\t{word}\t_\t_\t{tag or '_'}\t_\t{head}\t{rel}\t_\t_\n")
    out.append("\n")
    return "".join(out)


@dataclass(frozen=True)
class ConlluItem:
    """One sentence of a CoNLL-U file (from ``line``): its tree, or the error
    that refused it; ``sent_id`` as its comment gives it, if any."""

    line: int
    tree: DepTree | None = None
    error: InputError | None = None
    sent_id: str | None = None


def bare_form(form: str) -> str:
    """A FORM as the CoNLL 2018 script compares it: without the characters of
    Unicode category Zs (``bar ked`` is ``barked``)."""
    if form.isascii():
        return form.replace(" ", "")
    return "".join(c for c in form if unicodedata.category(c) != "Zs")


class _Refused(Exception):
    def __init__(self, line: int, column: int, message: str, text: str,
                 tree: bool = False) -> None:
        super().__init__(message)
        self.line, self.column, self.message, self.text = line, column, message, text
        self.tree = tree  # (read whole, but its heads make no tree: NotATree)


def read_conllu(path: str, encoding: str = DEFAULT_ENCODING) -> Iterator[ConlluItem]:
    """The sentences of a CoNLL-U file in order (``path`` may be ``-`` or
    compressed); a sentence that breaks a rule is an error item."""
    yield from parse_conllu(path, lines(path, encoding))


def parse_conllu(path: str, source: Iterable[str]) -> Iterator[ConlluItem]:
    """:func:`read_conllu` over lines already read (``path`` names them)."""
    block: list[tuple[int, str]] = []
    number = 0
    for number, raw in enumerate(source, start=1):
        text = raw.rstrip("\r\n")
        if text.strip():
            block.append((number, text))
        elif block:
            item = _sentence(path, block)
            if item is not None:
                yield item
            block = []
    if block:
        item = _sentence(path, block)
        if item is not None:
            yield item


def _sentence(path: str, block: list[tuple[int, str]]) -> ConlluItem | None:
    """One block of lines as a sentence (None for comments alone)."""
    if all(text.startswith("#") for _, text in block):
        return None
    first = block[0][0]
    sent_id = None
    try:
        words: list[str] = []
        tags: list[str] = []
        heads: list[int] = []
        relations: list[str] = []
        head_at: list[tuple[int, str, int]] = []  # (line, text, column) of each HEAD
        started = False
        for number, text in block:
            if text.startswith("#"):
                if started:
                    raise _Refused(number, 1, "a comment line inside a sentence (comments "
                                   "go before its first word)", text)
                key, _, value = text[1:].partition("=")
                if key.strip() == "sent_id":
                    sent_id = value.strip()
                continue
            started = True
            columns = text.split("\t")
            if len(columns) != COLUMNS:
                raise _Refused(number, 1, f"a word line has {COLUMNS} tab-separated columns; "
                               f"this one has {len(columns)}", text)
            ident = columns[0]
            if "-" in ident:
                low, _, high = ident.partition("-")
                if not (low.isdigit() and high.isdigit() and int(low) <= int(high)):
                    raise _Refused(number, 1, f"cannot read the multiword token ID "
                                   f"{ident!r} (expected N-M)", text)
                continue
            if "." in ident:
                continue  # an empty node: not a word
            if not ident.isdigit():
                raise _Refused(number, 1, f"cannot read the word ID {ident!r}", text)
            if int(ident) != len(words) + 1:
                raise _Refused(number, 1, f"word ID {ident}, expected {len(words) + 1}",
                               text)
            form = columns[1]
            if not form:
                raise _Refused(number, len(ident) + 2, "an empty FORM", text)
            head = columns[_HEAD]
            column = sum(len(c) + 1 for c in columns[:_HEAD]) + 1
            if not head.isdigit():
                raise _Refused(number, column, f"HEAD {head!r} is not a whole number >= 0",
                               text)
            words.append(form)
            xpos, upos = columns[4], columns[3]
            tags.append(xpos if xpos != "_" else upos if upos != "_" else "")
            heads.append(int(head))
            relations.append(columns[_DEPREL])
            head_at.append((number, text, column))
        if not words:
            raise _Refused(first, 1, "a sentence without a word (only multiword tokens "
                           "or empty nodes)", block[0][1])
        tree = DepTree(tuple(words), tuple(tags), tuple(heads), tuple(relations),
                       functional_relations(relations))
        fault = tree.fault()
        if fault is not None:
            word, problem = fault
            number, text, column = head_at[max(word, 1) - 1]
            raise _Refused(number, column, f"the sentence of lines {first}-{block[-1][0]} is "
                           f"not a dependency tree: {problem}", text, tree=True)
        return ConlluItem(first, tree, None, sent_id)
    except _Refused as refused:
        kind = NotATree if refused.tree else InputError
        return ConlluItem(first, None, kind(path, refused.line, refused.column,
                                            refused.message, refused.text), sent_id)
