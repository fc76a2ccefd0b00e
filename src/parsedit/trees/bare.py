"""Bare brackets over words: what unsupervised parsers write, ``((the (big dog)) (barked loudly))``.

One tree a line; every bracket is an unlabelled constituent and every other
token a word (no tags: under ``-p unsupervised`` the gold tags decide which
words are kept, :mod:`parsedit.trees.gold_tags`).  Read as bracketed trees,
such a line is a tree of two words (``(big dog)`` would be a preterminal
tagged ``big``), so the format is a row of its own
(:mod:`parsedit.trees.formats`), told from bracketed trees by the gold file
(:func:`matches_gold`).  An item's tokens are the reader's (see
:mod:`parsedit.trees.tree`): ``"("`` opens an unlabelled phrase, a word
stands directly under it, ``")"`` closes it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from parsedit.errors import InputError
from parsedit.trees.reader import SPACES, Item
from parsedit.trees.source import DEFAULT_ENCODING, Overlong, lines

_TOKEN = re.compile(r"[()]|[^()" + re.escape(SPACES) + r"]+")


def read_bare(path: str, encoding: str = DEFAULT_ENCODING) -> Iterator[Item]:
    """The trees of a bare-bracket file, one a line (blank lines are empty
    items; those that only blank lines follow are ``trailing``)."""
    blanks: list[Item] = []
    for number, text in enumerate(lines(path, encoding), start=1):
        if type(text) is Overlong:
            item = Item(number, error=InputError(path, number, 1, text.message()))
        elif not text.strip(SPACES):
            blanks.append(Item(number))
            continue
        else:
            item = bare_item(text, path, number)
        yield from blanks
        blanks = []
        yield item
    for blank in blanks:
        yield Item(blank.line, trailing=True)


def bare_item(text: str, path: str = "<string>", number: int = 1) -> Item:
    """One line of bare brackets as an item (an error naming the column
    where the brackets do not balance, or where a word stands outside them)."""
    tokens: list[str] = []
    depth = 0
    for found in _TOKEN.finditer(text):
        token = found.group()
        column = found.start() + 1
        if token == "(":
            depth += 1
            tokens.append("(")
        elif token == ")":
            if depth == 0:
                return Item(number, error=InputError(path, number, column,
                                                     "a ')' closes no bracket", text))
            depth -= 1
            tokens.append(")")
        elif depth == 0:
            return Item(number, error=InputError(
                path, number, column, f"the word {token!r} stands outside any bracket "
                "(expected bare brackets over words: ((the (big dog)) (barked loudly)))",
                text))
        else:
            tokens.append(token)
    if depth:
        return Item(number, error=InputError(path, number, len(text.rstrip()) + 1,
                                             f"{depth} bracket(s) left open at the end of "
                                             "the line", text))
    if not any(t not in "()" for t in tokens):
        return Item(number, error=InputError(path, number, 1, "holds no word", text))
    return Item(number, tuple(tokens))


def words(item: Item) -> list[str]:
    """The words of an item read as bare brackets or as bracketed trees."""
    out = []
    for token in item.tokens or ():
        if token[0] == "(" and token[-1] == ")":
            out.append(token[1:-1].partition(" ")[2])
        elif token[0] != "(" and token != ")":
            out.append(token)
    return out
