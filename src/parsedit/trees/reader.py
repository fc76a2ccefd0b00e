"""Streaming reader for Penn Treebank bracketed files.

``read_trees(path)`` yields one :class:`Item` per sentence, in order, and never
holds more than the tree (in free layout, the stretch, below) being read:
memory does not grow with the corpus.

Layout.  A file whose first non-blank line holds exactly one whole tree
(and perhaps what cannot be read beside it, such as a stray ``)`` or ``(``:
that line is then an error) is read *line by line*, as EVALB reads it,
unless one of its first :data:`LOOKAHEAD` lines is an indented continuation
of brackets left open (a pretty-printed file whose first tree fits on one
line): each line is one sentence, a blank
line is an empty sentence (an Item with neither tree nor error), and a line
that cannot be read is an error Item for that line alone.  Blank lines at
the end of the file are marked ``trailing``: :func:`paired` pairs them with
the other file's sentences as empty lines (EVALB's meaning), but they are
not sentences where the other file has ended too (parser output often ends
with an empty line).  Any other file
(several trees on a line, trees across lines) is read *freely*: blank lines
separate nothing, and each tree is a sentence.

Damage in free layout.  A pretty-printed file starts each tree in column 1
and indents the lines that continue it, so the file is cut into *stretches*:
a stretch begins at a line whose column 1 holds ``(``, or holds anything but
whitespace while no bracket is open (a tree whose ``(`` was lost, a stray
``)`` before a tree: the damage is that tree's), and runs to the next such
line.  An undamaged stretch gives each of its trees as a sentence (several
trees on a line are several sentences).  A damaged stretch (a ``)`` that
closes nothing, a word outside any bracket, brackets still open where the
next stretch begins or the file ends) is *one* error item, the first damage
found, whatever it held: a ``)`` too many closes a tree early, and what
follows it up to the next stretch is the rest of that tree, not more trees;
a ``)`` too many after a whole tree is that tree's.  So one bracket more or
less in a pretty-printed tree costs that tree only, and every later tree
keeps its number.  The limits: a ``(`` put in column 1 starts a tree (the
convention itself), a tree whose first line loses its ``(`` and then begins
with whitespace (``( (S ...``) joins the stretch before it, and on a line
holding several trees damage costs every tree of the stretch, since a tree
closed early cannot be told from the next one there.  A failure marker
(below) is not damage: it is one error item among the stretch's trees.

What is read.  ``(LABEL child ...)`` where the label, if any, touches the open
bracket (``( (S ...))`` has an unlabelled outer bracket, as EVALB reads it);
a child is a bracket or a word; any line ending.  The text comes through
:mod:`parsedit.trees.source` (standard input, compression, the encoding:
a file that is not valid in its encoding is refused whole there).

What is refused, with file, line and column: unbalanced brackets, words
outside any bracket (raw sentence text), a root bracket that holds only bare
words such as ``(Failure w1 w2)`` (a parser's failure marker, not a parse).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from itertools import chain, islice, zip_longest
from typing import Protocol, TypeVar

from parsedit.errors import InputError
from parsedit.trees.source import DEFAULT_ENCODING, lines
from parsedit.trees.tree import Tree

# A whole preterminal "(TAG word)" (one space: any other spacing is read as
# three tokens and joined), an open bracket with the label touching it, a
# close bracket, or a word.
_TOKEN = re.compile(r"\([^\s()]+ [()]\)|\([^\s()]+ [^\s()]+\)|\([^\s()]*|\)|[^\s()]+")
# A bracket written as a word, "(-LRB- ()": read as the treebank writes it.
_BRACKET_WORDS = {" (": " -LRB-)", " )": " -RRB-)"}


@dataclass(frozen=True)
class Item:
    """One sentence of a file: its tokens (see :mod:`parsedit.trees.tree`), an
    error, or (both None) an empty line; ``trailing`` for a blank line that
    only blank lines follow."""

    line: int
    tokens: tuple[str, ...] | None = None
    error: InputError | None = None
    trailing: bool = False

    @property
    def tree(self) -> Tree | None:
        return Tree.from_tokens(self.tokens) if self.tokens is not None else None


def _column(text: str, index: int) -> int:
    """1-based column of the ``index``-th token of a line (-1: the last token
    that opens a tree, i.e. an open bracket at depth 0)."""
    depth, root = 0, 1
    for i, match in enumerate(_TOKEN.finditer(text)):
        if i == index:
            return match.start() + 1
        token = match.group()
        if token[0] == "(":
            if depth == 0:
                root = match.start() + 1
            if token[-1] != ")":
                depth += 1
        elif token == ")":
            depth = max(depth - 1, 0)
    return root if index < 0 else len(text.rstrip("\r\n")) + 1


def _join_preterminals(tokens: list[str]) -> tuple[str, ...]:
    """Join ``"(TAG"``, ``"word"``, ``")"`` into one ``"(TAG word)"`` token: the
    preterminals the regular expression did not see whole, because of other
    spacing or a line break inside them."""
    out: list[str] = []
    for token in tokens:
        if token == ")" and len(out) >= 2 and out[-1][0] not in "()" \
                and len(out[-2]) > 1 and out[-2][0] == "(" and out[-2][-1] != ")":
            word = out.pop()
            out[-1] = f"{out[-1]} {word})"
        else:
            out.append(token)
    return tuple(out)


class Sentence(Protocol):
    @property
    def trailing(self) -> bool: ...


S = TypeVar("S", bound=Sentence)


def paired(first: Iterable[S], second: Iterable[S]) -> Iterator[tuple[S | None, S | None]]:
    """The sentences of two files in pairs, the shorter padded with None;
    trailing blank lines count only where the other file still has a
    sentence that is not one."""
    for a, b in zip_longest(first, second):
        if (a is None or a.trailing) and (b is None or b.trailing):
            return
        yield a, b


def _wrapped_failure(tree: list[str]) -> bool:
    """``( (X w1 w2 ...) )``: a failure marker inside an unlabelled bracket."""
    inner = tree[1:-1]
    return (len(inner) >= 4 and inner[0][-1] != ")" and inner[-1] == ")"
            and all(t[0] != "(" and t != ")" for t in inner[1:-1]))


def read_trees(path: str, encoding: str = DEFAULT_ENCODING) -> Iterator[Item]:
    """Yield the sentences of a bracketed file (see the module docstring);
    ``path`` may be ``-`` (standard input) or compressed."""
    yield from _read(path, lines(path, encoding))


def read_sentence(text: str, source: str = "<string>", number: int = 1) -> Item:
    """One sentence from a string (a tree, several trees read as one
    sentence, or nothing), as if it were line ``number`` of ``source``; line
    breaks inside it count as spaces."""
    flat = text.replace("\r", " ").replace("\n", " ")
    item = next(_read(source, [flat], layout=True, first=number))
    return replace(item, trailing=False)  # an empty string is a missing parse


# Lines read ahead to tell a file's layout.
LOOKAHEAD = 200
# Wider than a pretty-printer writes a line by default (NLTK's pformat breaks at 70).
MARGIN = 120


def line_layout(first_lines: Iterable[str]) -> bool:
    """Whether a file that begins with ``first_lines`` (its first
    :data:`LOOKAHEAD` lines) is read line by line: its first non-blank line
    holds exactly one whole, readable tree (perhaps with damage beside it,
    such as a stray bracket: that line is then an error), and no tree of
    these lines is continued on indented lines until its brackets close (a
    pretty-printed file whose first tree happens to fit on one line).  A
    line left open by damage and followed by an indented line whose
    brackets never close it, or close more than it left open, is damage,
    not a continuation; so is an indented line that does not begin with
    two spaces, in a file where a whole tree stands alone on a line wider
    than :data:`MARGIN` characters: such a file is no narrow
    pretty-printer's, and a wide one (NLTK's ``pformat`` with a wide
    margin) indents by two spaces or more, where a one-tree-a-line file's
    damage begins a line with one (a line ``( (S`` that lost its first
    ``(``) or with anything else."""
    texts = [text for text in first_lines if text.strip()]
    if not texts:
        return False
    trees = sum(item.error is None
                for item in _read("", texts[:1], layout=False, keep_trees=True))
    wide = any(text[0] == "(" and len(text.rstrip()) > MARGIN
               and text.count("(") == text.count(")") for text in texts)
    depth = 0
    continued = False
    for text in texts:
        if text[0] == "(":  # a tree starts in column 1 (one left open is abandoned)
            depth, continued = 0, False
        elif depth and text[0].isspace():
            if wide and not text.startswith("  "):
                depth, continued = 0, False  # damage, not a continuation
                continue
            continued = True
        depth += text.count("(") - text.count(")")
        if depth < 0:  # a close bracket too many: damage, not a continuation
            depth, continued = 0, False
        elif continued and not depth:
            return False
    return trees == 1


def _stretch(held: list[Item], damage: Item | None, keep_trees: bool) -> list[Item]:
    """The sentences of a stretch of free layout: its items, or if it is
    damaged the damage alone (after its items, with ``keep_trees``)."""
    if damage is None:
        return held
    return [*held, damage] if keep_trees else [damage]


def _closed_before(closed: tuple[int, int, str, int] | None, number: int) -> str:
    """What a message about damage on line ``number`` adds when the first tree
    of its stretch (free layout) closed on an earlier line (``closed``: the
    line it began on; the line, text and token index where it closed): that
    may be where a bracket too many is."""
    if closed is None or closed[1] == number:
        return ""
    began, line, text, index = closed
    return f" (the tree of line {began} closed at line {line}, column {_column(text, index)})"


def _read(path: str, text_lines: Iterable[str], layout: bool | None = None,
          first: int = 1, keep_trees: bool = False) -> Iterator[Item]:
    """The items of ``text_lines``; ``layout`` forces line-by-line reading
    (True) or free reading (False) instead of telling it from the first
    lines (:func:`line_layout`); ``first`` numbers the first line;
    ``keep_trees``: a damaged stretch of free layout gives the trees read
    before its damage, then the damage (to tell the layout), instead of the
    damage alone."""
    if layout is None:
        text_lines = iter(text_lines)
        ahead = list(islice(text_lines, LOOKAHEAD))
        layout = line_layout(ahead)
        text_lines = chain(ahead, text_lines)
    line_mode = layout
    pending_blanks: list[int] = []  # blank lines not yet known to be trailing
    # Free layout: the items of the stretch being read, its first damage, and
    # where its first tree began and closed (line; line, text, token index).
    held: list[Item] = []
    damage: Item | None = None
    closed: tuple[int, int, str, int] | None = None
    tree: list[str] = []  # the tokens of the tree being read
    depth = 0
    bare = False  # whether the tree has a word token not joined to its tag
    words_under_root = brackets_under_root = 0
    root = (0, "")  # line and text where the open tree began

    def error(line: int, column: int, message: str, text: str) -> Item:
        return Item(line, error=InputError(path, line, column, message, text))

    def unclosed(where: str) -> Item:
        line, text = root
        return error(line, _column(text, -1),
                     f"unbalanced brackets: {depth} still open {where}", text)

    for number, text in enumerate(text_lines, start=first):
        if not text.strip():
            if not depth and line_mode:
                pending_blanks.append(number)
            continue
        if line_mode:
            yield from (Item(blank) for blank in pending_blanks)
            pending_blanks.clear()

        if not line_mode:
            if text[0] == "(" or not (depth or damage or text[0].isspace()):
                # A new stretch: the one before it is one sentence if damaged.
                if depth and damage is None:
                    damage = unclosed(f"when a new tree starts at line {number}")
                yield from _stretch(held, damage, keep_trees)
                held, damage, closed = [], None, None
                tree, depth, bare = [], 0, False
            elif damage is not None:
                continue  # the rest of a damaged stretch

        done: list[Item] = []
        broken = False
        for index, token in enumerate(_TOKEN.findall(text)):
            if token[0] == "(":
                if token[-3:-1] in _BRACKET_WORDS and token[-1] == ")":
                    token = token[:-3] + _BRACKET_WORDS[token[-3:-1]]
                if not depth:
                    root = (number, text)
                    words_under_root = brackets_under_root = 0
                elif depth == 1:
                    brackets_under_root += 1
                tree.append(token)
                if token[-1] != ")":
                    depth += 1
                elif not depth:  # a preterminal standing alone is a whole tree
                    done.append(Item(number, tokens=tuple(tree)))
                    tree = []
            elif token == ")":
                if not depth:
                    done.append(error(number, _column(text, index),
                                      "unbalanced brackets: ')' closes nothing"
                                      + _closed_before(closed, number), text))
                    broken = True
                    break
                depth -= 1
                tree.append(token)
                if depth:
                    continue
                if closed is None and not line_mode:
                    closed = (root[0], number, text, index)
                if (words_under_root >= 2 and not brackets_under_root) or (
                        brackets_under_root == 1 and tree[0] == "(" and _wrapped_failure(tree)):
                    line, start_text = root
                    marker = tree[1] if brackets_under_root else tree[0]
                    done.append(error(line, _column(start_text, -1),
                                      f"{marker} ...) holds only bare words, not a "
                                      "parse (a parser's failure marker?)", start_text))
                else:
                    done.append(Item(root[0], tokens=_join_preterminals(tree) if bare
                                     else tuple(tree)))
                tree, bare = [], False
            elif depth:
                tree.append(token)
                bare = True
                if depth == 1:
                    words_under_root += 1
            else:
                done.append(error(number, _column(text, index),
                                  f"expected '(' but found the word {token!r} outside "
                                  "any bracket" + _closed_before(closed, number), text))
                broken = True
                break

        if line_mode:
            errors = [i for i in done if i.error is not None]
            if errors:
                yield errors[0]
            elif depth:
                yield unclosed("at the end of the line")
            elif len(done) == 1:
                yield done[0]
            else:
                # Several trees on one line are one sentence, as EVALB reads them.
                yield Item(number, tokens=tuple(t for i in done for t in i.tokens or ()))
            tree, depth, bare = [], 0, False
        elif broken:
            damage = done[-1]  # the damage that broke the stretch
            tree, depth, bare = [], 0, False
        else:
            held += done

    if not line_mode:
        if depth and damage is None:
            damage = unclosed("at the end of the file")
        yield from _stretch(held, damage, keep_trees)
    yield from (Item(blank, trailing=True) for blank in pending_blanks)
