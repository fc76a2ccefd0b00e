"""Streaming reader for Penn Treebank bracketed files.

``read_trees(path)`` yields one :class:`Item` per sentence, in order, and never
holds more than the tree (in free layout, the stretch, below) being read:
memory does not grow with the corpus.

Layout.  A file is read *line by line*, as EVALB reads it, unless its first
lines (:data:`LOOKAHEAD` lines, at most :data:`SAMPLE_BYTES` bytes) say
otherwise (:func:`line_layout`): that it is pretty-printed (trees continued
on indented lines), that more of its lines hold several trees than one, or
that they read with fewer errors freely than line by line.  The layout is
told from all of these lines together, so one odd line (a forest, a failure
marker, raw text, a stray bracket, two trees) never changes it.  Read line
by line, each line is one sentence, a blank line is an empty sentence (an
Item with neither tree nor error), and a line that cannot be read is an
error Item for that line alone.  Blank lines at the end of the file are
marked ``trailing``: :func:`paired` pairs them with the other file's
sentences as empty lines (EVALB's meaning), but they are not sentences
where the other file has ended too (parser output often ends with an empty
line).

A tree split over lines in a file read line by line is read as one
sentence, numbered by its first line, so that the later lines keep their
pairs (:func:`joined`: a line that leaves one tree open, then lines that
keep it open, each a continuation rather than a whole tree in column 1,
until a line whose last bracket closes it; EVALB reads such a tree as two
broken lines and pairs every later line with the wrong one).  The same
lines may be two damaged sentences whose brackets make up for each other;
a run, which sees both files, decides which reading moves no pair
(:mod:`parsedit.trees.splits`) and tells the reader (``joins``); a file
read alone joins every such tree.

Any other file (several trees on a line, trees across lines) is read
*freely*: blank lines separate nothing, and each tree is a sentence.

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
a child is a bracket or a word; any line ending.  Words are separated where
EVALB separates them, at the bytes C's ``isspace`` takes in the C locale
(:data:`SPACES`: space, tab, line feed, vertical tab, form feed, carriage
return) and nowhere else: a no-break space (U+00A0), U+0085, U+2000-U+200A,
U+3000 and every other Unicode space is part of the word it stands in.  The
text comes through :mod:`parsedit.trees.source` (standard input,
compression, the encoding: a file that is not valid in its encoding is
refused whole there; a line longer than the limit is an error here,
:mod:`parsedit.limits`).

What is refused, with file, line and column: unbalanced brackets, words
outside any bracket (raw sentence text), a root bracket that holds only bare
words such as ``(Failure w1 w2)``, and a tree that holds no word at all such
as the Berkeley parser's ``(TOP ())`` (also ``(())``, ``(ROOT ())``): parsers'
failure markers, not parses (a ``skip`` in a test file, which ``--failures
count`` counts as a parse with no constituents).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import chain, zip_longest
from typing import TYPE_CHECKING, NamedTuple, Protocol, TypeVar

from parsedit.errors import InputError
from parsedit.limits import max_line_bytes
from parsedit.trees.source import DEFAULT_ENCODING, Overlong, lines, over_limit
from parsedit.trees.tree import Tree

if TYPE_CHECKING:
    from parsedit.deps.model import DepTree

# What separates words: C's isspace in the C locale, as EVALB reads a line.
SPACES = " \t\n\v\f\r"
# The characters of a word (or label): anything but those and brackets.
WORD_CLASS = r"[^ \t\n\v\f\r()]"
# A whole preterminal "(TAG word)" (one space: any other spacing is read as
# three tokens and joined), an open bracket with the label touching it, a
# close bracket, or a word.
_W = WORD_CLASS
_TOKEN = re.compile(rf"\({_W}+ [()]\)|\({_W}+ {_W}+\)|\({_W}*|\)|{_W}+")
# A bracket written as a word, "(-LRB- ()": read as the treebank writes it.
_BRACKET_WORDS = {" (": " -LRB-)", " )": " -RRB-)"}


def blank(text: str) -> bool:
    """Whether a line holds nothing but whitespace (:data:`SPACES`)."""
    return not text.strip(SPACES)


@dataclass(frozen=True)
class Item:
    """One sentence of a file: its tokens (see :mod:`parsedit.trees.tree`), an
    error, or (both None) an empty line; ``trailing`` for a blank line that
    only blank lines follow.  A sentence of a CoNLL-U file
    (:func:`parsedit.trees.formats.read_items`) has no tokens but its
    ``dependencies``, which only metrics that read raw trees score."""

    line: int
    tokens: tuple[str, ...] | None = None
    error: InputError | None = None
    trailing: bool = False
    dependencies: DepTree | None = None

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


class Lined(Protocol):
    """Anything read from a file's lines that knows whether it is a
    trailing blank line (an :class:`Item`, a tagged file's sentence)."""

    @property
    def trailing(self) -> bool: ...


S = TypeVar("S", bound=Lined)


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


def read_trees(path: str, encoding: str = DEFAULT_ENCODING,
               joins: Callable[[int], bool] | None = None) -> Iterator[Item]:
    """Yield the sentences of a bracketed file (see the module docstring);
    ``path`` may be ``-`` (standard input) or compressed.  ``joins`` says,
    given its first line's number, whether a tree split over lines is read
    as one sentence (a run decides it from both of its files:
    :class:`parsedit.trees.splits.Splits`); None: every one is (a file read
    alone)."""
    yield from _read(path, lines(path, encoding), joins=joins)


def read_sentence(text: str, source: str = "<string>", number: int = 1) -> Item:
    """One sentence from a string (a tree, several trees read as one
    sentence, or nothing), as if it were line ``number`` of ``source``; line
    breaks inside it count as spaces; longer than the line limit
    (PARSEDIT_MAX_LINE_BYTES, in UTF-8 bytes), it is not read, as such a
    line of a file is not."""
    flat: str = over_limit(text) or text.replace("\r", " ").replace("\n", " ")
    item = next(_read(source, [flat], layout=True, first=number))
    return replace(item, trailing=False)  # an empty string is a missing parse


# Lines read ahead to tell a file's layout, and the most bytes of them.
LOOKAHEAD = 200
SAMPLE_BYTES = 1 << 22
# Wider than a pretty-printer writes a line by default (NLTK's pformat breaks at 70).
MARGIN = 120
# One tree continued on indented lines in this many trees of one line
# makes a file pretty-printed (see line_layout): at least a third of its
# trees, so that a one-tree-a-line file some of whose trees are wrapped
# onto indented lines keeps its blank lines' meaning.
PRETTY_SHARE = 2
# A blank line after this share of the trees (or more) makes blank lines
# separators, not sentences (see line_layout).
SEPARATED = 0.9
# The non-blank lines that vote on how a file is read (see line_layout).
VOTE = 50
# The most lines a tree split over lines of a line-by-line file may take.
MAX_JOIN = 200


def sample(text_lines: Iterator[str]) -> list[str]:
    """The first lines of a file that tell its layout: :data:`LOOKAHEAD`
    lines, or fewer if they reach :data:`SAMPLE_BYTES` characters."""
    out: list[str] = []
    size = 0
    for text in text_lines:
        out.append(text)
        size += len(text)
        if len(out) >= LOOKAHEAD or size >= SAMPLE_BYTES:
            break
    return out


def line_layout(first_lines: Iterable[str]) -> bool:
    """Whether a file that begins with ``first_lines`` (its first lines, as
    :func:`sample` takes them) is read line by line.  It is, unless:

    * it is pretty-printed: at least one of its trees is continued on
      indented lines until its brackets close, and either such trees are
      not outnumbered :data:`PRETTY_SHARE` to one by trees standing alone
      on a line, or a blank line follows nearly every tree
      (:data:`SEPARATED`: blank lines are then separators).  So a
      one-tree-a-line file fewer than a third of whose trees are wrapped
      onto indented lines is read line by line, each wrapped tree as a
      split tree (:func:`joined`) and each blank line as an empty
      sentence, as EVALB reads it: no blank line vanishes to move the
      later pairs.  A line left open by damage and followed by an
      indented line whose brackets never close it, or close more than it
      left open, is damage, not a continuation;
      so is an indented line that does not begin with two spaces, in a
      file where a whole tree stands alone on a line wider than
      :data:`MARGIN` characters: such a file is no narrow
      pretty-printer's, and a wide one (NLTK's ``pformat`` with a wide
      margin) indents by two spaces or more, where a one-tree-a-line
      file's damage begins a line with one (a line ``( (S`` that lost its
      first ``(``) or with anything else;
    * of its first :data:`VOTE` lines that are not blank, more hold several
      whole trees than hold one; or
    * read freely, fewer of those are lost to errors than read line by
      line (trees across lines that no split explains).

    So a file's layout is told from many lines, and no one line changes
    it."""
    sampled = list(first_lines)
    texts = [text for text in sampled if type(text) is not Overlong and not blank(text)]
    if not texts or _pretty_printed(texts, _blank_runs(sampled)):
        return False
    return _decided(tuple(texts[:VOTE]))


@lru_cache(maxsize=8)
def _decided(texts: tuple[str, ...]) -> bool:
    """:func:`line_layout` of non-blank lines that are not pretty-printed
    (remembered: a run tells each file's layout several times)."""
    counts = list(map(_trees, texts))
    one, several = counts.count(1), sum(count > 1 for count in counts)
    if several > one:
        return False
    if 0 not in counts:  # every line whole trees: no line is lost either way
        return True
    lost = [0]  # lines of damaged stretches beyond their first
    free = sum(item.error is not None for item in _read("", texts, layout=False, lost=lost))
    by_line = sum(item.error is not None for item in _read("", texts, layout=True))
    return by_line <= free + lost[0]


def _trees(text: str) -> int:
    """How many whole trees a line holds, read alone (0 if it holds anything
    else: damage, a word outside any bracket, a tree left open)."""
    depth = trees = 0
    for token in _TOKEN.findall(text):
        if token[0] == "(":
            if token[-1] != ")":
                depth += 1
            elif not depth:
                trees += 1
        elif token == ")":
            depth -= 1
            if depth < 0:
                return 0
            trees += not depth
        elif not depth:
            return 0
    return 0 if depth else trees


def _blank_runs(texts: list[str]) -> int:
    """How many runs of blank lines follow a line that is not blank."""
    runs = 0
    for before, text in zip(texts, texts[1:]):
        runs += type(text) is not Overlong and blank(text) and (
            type(before) is Overlong or not blank(before))
    return runs


def _pretty_printed(texts: list[str], blank_runs: int = 0) -> bool:
    """Whether lines (not blank ones) are pretty-printed, ``blank_runs``
    the runs of blank lines between them (see :func:`line_layout`)."""
    wide = any(text[0] == "(" and len(text.rstrip(SPACES)) > MARGIN
               and text.count("(") == text.count(")") for text in texts)
    depth = 0
    continued = False
    spanning = alone = 0  # trees continued on indented lines; trees on a line of their own
    for text in texts:
        if text[0] == "(":  # a tree starts in column 1 (one left open is abandoned)
            depth, continued = 0, False
        elif depth and text[0] in SPACES:
            if wide and not text.startswith("  "):
                depth, continued = 0, False  # damage, not a continuation
                continue
            continued = True
        depth += text.count("(") - text.count(")")
        if depth < 0:  # a close bracket too many: damage, not a continuation
            depth, continued = 0, False
        elif not depth:
            if continued:
                spanning += 1
            elif text[0] == "(":
                alone += 1
            continued = False
    return spanning > 0 and (spanning * PRETTY_SHARE >= alone
                             or blank_runs >= SEPARATED * (spanning + alone))


class _Shape(NamedTuple):
    """A line's brackets read alone: its first two tokens (empty if none),
    the depth after it, the least depth after any of its tokens and after
    any but its last (each from 0; a line without tokens: 0)."""

    first: str
    second: str
    end: int
    lowest: int
    inner: int

    @property
    def opens(self) -> bool:
        """Whether its first token opens a bracket."""
        return self.first[:1] == "(" and self.first[-1] != ")"


def _shape(text: str) -> _Shape:
    depth = lowest = inner = 0
    tokens = _TOKEN.findall(text)
    last = len(tokens) - 1
    for k, token in enumerate(tokens):
        if token[0] == "(":
            depth += token[-1] != ")"
        elif token == ")":
            depth -= 1
        if k == 0:
            lowest = inner = depth
        else:
            lowest = min(lowest, depth)
            if k < last:
                inner = min(inner, depth)
    return _Shape(tokens[0] if tokens else "", tokens[1] if last > 0 else "", depth, lowest,
                  inner if last > 0 else depth + 1)


def may_open(text: str) -> bool:
    """Whether a line may leave a tree open: it has more ``(`` than ``)``
    (a bracket written as a word, ``(-LRB- ()``, counts one ``(`` more than
    its tokens do, never fewer, so no line that leaves a tree open is
    missed)."""
    return text.count("(") > text.count(")")


def _opened(text: str) -> tuple[int, str]:
    """How many brackets a line leaves open when it begins one tree and
    never closes it (0 otherwise), and the token that begins it."""
    if type(text) is Overlong or not may_open(text):
        return 0, ""
    shape = _shape(text)
    return (shape.end, shape.first) if shape.opens and shape.lowest >= 1 else (0, "")


def _continued(depth: int, text: str, root: str) -> int | None:
    """The depth after ``text`` continues a tree left open at ``depth`` that
    began with the token ``root``: 0 when its last token closes it, None
    when it does not continue it (it is blank, closes the tree before its
    end or more than it, begins with a word that no ``)`` follows (only a
    preterminal's word may begin a line that continues a tree: a split
    between ``(NN`` and ``dog)``), or is in column 1 a whole tree, raw
    text, or a line that begins as the tree did: the next sentence)."""
    if type(text) is Overlong or blank(text):
        return None
    shape = _shape(text)
    if (text[0] == "(" and shape.first == root) or (
            shape.first[:1] != "(" and shape.first != ")" and shape.second != ")"):
        return None
    if depth + shape.end == 0 and depth + shape.inner >= 1:
        return 0
    if depth + shape.lowest < 1 or (
            shape.end == 0 and shape.lowest >= 0 and text[0] not in SPACES):
        return None
    return depth + shape.end


def joined(first: str, following: Iterable[str], limit: int | None = None) -> int:
    """How many of the lines after ``first`` (``following``, read as far as
    needed, at most :data:`MAX_JOIN`) continue a tree that ``first`` begins
    and leaves open (0: none).  They do when ``first`` opens one tree and
    never closes it, each next line keeps it open, is not blank, and in
    column 1 is neither a whole tree nor raw text nor a line that begins
    as ``first`` does (``(TOP``, ``( (``: the next sentence; an indented
    line may be anything: a pretty-printed tree), and the last one's last
    token closes it; together they may not exceed ``limit`` characters
    (:func:`parsedit.limits.max_line_bytes`).  So a line left open by
    damage is followed by the next sentence's tree, which ends the search,
    and two lines damaged so that their brackets make up for each other
    are two errors when the second begins as trees do in that file."""
    depth, root = _opened(first)
    if not depth:
        return 0
    limit = max_line_bytes() if limit is None else limit
    size = len(first)
    for k, text in enumerate(following, start=1):
        size += len(text)
        if k > MAX_JOIN or size > limit:
            return 0
        found = _continued(depth, text, root)
        if found is None:
            return 0
        if not found:
            return k
        depth = found
    return 0


def join_lines(parts: Sequence[str]) -> str:
    """The lines of a tree split over lines, as one line (a space between)."""
    return " ".join(part.rstrip("\r\n") for part in parts[:-1]) + " " + parts[-1]


def candidates(text_lines: Iterable[str]) -> Iterator[tuple[str, int]]:
    """Each line of a file read line by line, with how many of the lines
    after it continue a tree it begins and leaves open (:func:`joined`; 0:
    none).  The lines are read ahead only as far as that needs."""
    source = iter(text_lines)
    ahead: list[str] = []  # lines read to look for a split, not yet given

    def following() -> Iterator[str]:
        k = 0
        while True:
            if k == len(ahead):
                text = next(source, None)
                if text is None:
                    return
                ahead.append(text)
            yield ahead[k]
            k += 1

    while True:
        text = ahead.pop(0) if ahead else next(source, None)
        if text is None:
            return
        yield text, joined(text, following())


def _units(text_lines: Iterable[str], first: int,
           joins: Callable[[int], bool] | None = None) -> Iterator[tuple[int, str]]:
    """The lines of a file read line by line, numbered from ``first``, each
    tree split over lines (:func:`joined`) that ``joins`` takes (given its
    first line's number; None: every one) as one line (:func:`join_lines`)
    numbered by its first."""
    found = candidates(text_lines)
    number = first
    for text, taken in found:
        if taken and (joins is None or joins(number)):
            parts = [text, *(next(found)[0] for _ in range(taken))]
            yield number, join_lines(parts)
            number += taken + 1
        else:
            yield number, text
            number += 1


def words_in(tokens: Iterable[str]) -> int:
    """How many words the tokens of :data:`_TOKEN` hold (a preterminal's
    ``(TAG word)`` or a bare word): a line's or a tree's, read whole or
    not, to compare the sentences of two files (:mod:`parsedit.trees.splits`)."""
    return sum(1 for token in tokens
               if (token[-1] == ")" if token[0] == "(" else token != ")"))


def line_words(text: str) -> int:
    """How many words a line holds (:func:`words_in`), whatever its brackets."""
    return words_in(_TOKEN.findall(text))


def _stretch(held: list[Item], damage: Item | None, lines: int, lost: list[int] | None
             ) -> list[Item]:
    """The sentences of a stretch of free layout: its items, or if it is
    damaged the damage alone (its ``lines`` beyond the first added to
    ``lost[0]``, if given)."""
    if damage is None:
        return held
    if lost is not None:
        lost[0] += lines
    return [damage]


def _closed_before(closed: tuple[int, int, str, int] | None, number: int) -> str:
    """What a message about damage on line ``number`` adds when the first tree
    of its stretch (free layout) closed on an earlier line (``closed``: the
    line it began on; the line, text and token index where it closed): that
    may be where a bracket too many is."""
    if closed is None or closed[1] == number:
        return ""
    began, line, text, index = closed
    return f" (the tree of line {began} closed at line {line}, column {_column(text, index)})"


# The end of the error of a tree without words (EVALB reads it as a line
# without words: parsedit.pipeline.spmrl tells it from the lines EVALB_SPMRL
# cannot read).
NO_WORD = _NO_WORD = ("holds no word: not a parse (a parser's failure marker, as the Berkeley "
            "parser writes (TOP ()) for a sentence it could not parse)")


def _written(tree: list[str]) -> str:
    """A tree's tokens as written (the first 40 characters)."""
    text = " ".join(tree).replace("( ", "(").replace(" )", ")")
    return text if len(text) <= 40 else text[:40] + " ..."


def _read(path: str, text_lines: Iterable[str], layout: bool | None = None,
          first: int = 1, lost: list[int] | None = None,
          joins: Callable[[int], bool] | None = None) -> Iterator[Item]:
    """The items of ``text_lines``; ``layout`` forces line-by-line reading
    (True) or free reading (False) instead of telling it from the first
    lines (:func:`line_layout`); ``first`` numbers the first line;
    ``lost`` (free layout): its first element is raised by the lines each
    damaged stretch holds beyond its first (to tell the layout); ``joins``:
    which trees split over lines are read as one (see :func:`read_trees`)."""
    if layout is None:
        text_lines = iter(text_lines)
        ahead = sample(text_lines)
        layout = line_layout(ahead)
        text_lines = chain(ahead, text_lines)
    line_mode = layout
    units = _units(text_lines, first, joins) if line_mode else enumerate(text_lines, start=first)
    limit = max_line_bytes()
    pending_blanks: list[int] = []  # blank lines not yet known to be trailing
    # Free layout: the items of the stretch being read, its first damage, and
    # where its first tree began and closed (line; line, text, token index).
    held: list[Item] = []
    damage: Item | None = None
    closed: tuple[int, int, str, int] | None = None
    stretch = 0  # its lines beyond its first
    tree: list[str] = []  # the tokens of the tree being read
    depth = 0
    size = 0  # free layout: the characters of the tree being read
    bare = False  # whether the tree has a word token not joined to its tag
    words = 0  # the words of the tree being read
    words_under_root = brackets_under_root = 0
    root = (0, "")  # line and text where the open tree began

    def error(line: int, column: int, message: str, text: str) -> Item:
        return Item(line, error=InputError(path, line, column, message, text))

    def unclosed(where: str) -> Item:
        line, text = root
        return error(line, _column(text, -1),
                     f"unbalanced brackets: {depth} still open {where}", text)

    for number, text in units:
        if type(text) is Overlong:
            refused = error(number, 1, text.message(), "")
            if line_mode:
                yield from (Item(blank) for blank in pending_blanks)
                pending_blanks.clear()
                yield refused
                continue
            # Free layout: the stretch before it ends; it is one of its own.
            if depth and damage is None:
                damage = unclosed(f"when line {number} is too long to read")
            yield from _stretch(held, damage, stretch, lost)
            yield refused
            held, damage, closed, stretch = [], None, None, 0
            tree, depth, bare, size = [], 0, False, 0
            continue
        if blank(text):
            if not depth and line_mode:
                pending_blanks.append(number)
            continue
        if line_mode:
            yield from (Item(blank) for blank in pending_blanks)
            pending_blanks.clear()

        if not line_mode:
            if text[0] == "(" or not (depth or damage or text[0] in SPACES):
                # A new stretch: the one before it is one sentence if damaged.
                if depth and damage is None:
                    damage = unclosed(f"when a new tree starts at line {number}")
                yield from _stretch(held, damage, stretch, lost)
                held, damage, closed, stretch = [], None, None, 0
                tree, depth, bare, size = [], 0, False, 0
            elif damage is not None:
                stretch += 1
                continue  # the rest of a damaged stretch
            else:
                stretch += 1
            if depth and size + len(text) > limit:
                damage = unclosed(f"when the tree passes {limit:,} characters at line "
                                  f"{number} (PARSEDIT_MAX_LINE_BYTES sets the limit)")
                tree, depth, bare, size = [], 0, False, 0
                continue

        done: list[Item] = []
        broken = False
        found = _TOKEN.findall(text)
        skip = False
        for index, token in enumerate(found):
            if skip:
                skip = False
                continue
            if token[0] == "(":
                if token[-3:-1] in _BRACKET_WORDS and token[-1] == ")":
                    if not depth and token[-3:] == " ()" and found[index + 1:index + 2] == [")"]:
                        # "(TOP ())": a tree with no word, written whole
                        done.append(error(number, _column(text, index),
                                          f"{token}) {_NO_WORD}", text))
                        skip = True
                        continue
                    token = token[:-3] + _BRACKET_WORDS[token[-3:-1]]
                if not depth:
                    root = (number, text)
                    words_under_root = brackets_under_root = 0
                    words = 0
                elif depth == 1:
                    brackets_under_root += 1
                tree.append(token)
                if token[-1] != ")":
                    depth += 1
                else:
                    words += 1
                    if not depth:  # a preterminal standing alone is a whole tree
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
                line, start_text = root
                if not words:
                    done.append(error(line, _column(start_text, -1),
                                      f"{_written(tree)} {_NO_WORD}", start_text))
                elif (words_under_root >= 2 and not brackets_under_root) or (
                        brackets_under_root == 1 and tree[0] == "(" and _wrapped_failure(tree)):
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
                words += 1
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
            tree, depth, bare, size = [], 0, False, 0
        else:
            held += done
            size = size + len(text) if depth else 0

    if not line_mode:
        if depth and damage is None:
            damage = unclosed("at the end of the file")
        yield from _stretch(held, damage, stretch, lost)
    yield from (Item(blank, trailing=True) for blank in pending_blanks)
