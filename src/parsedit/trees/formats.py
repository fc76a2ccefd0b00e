"""Input formats: the one table of what parsedit reads, and how a file's is told.

=============  ========================================================  ==============
format         what a file holds                                         read by
=============  ========================================================  ==============
``bracketed``  Penn Treebank trees, one a line or pretty-printed         trees.reader
``tsv``        ``word<TAB>tag``, one token a line, a blank line between   tagging.reader
               sentences
``slash``      ``word/TAG`` tokens, one sentence a line (the PTB's        tagging.reader
               ``.tagged`` files)
``conllu``     dependency trees, one word a line in ten tab-separated     deps.conllu
               columns (CoNLL-U), ``#`` comments, a blank line between
               sentences
=============  ========================================================  ==============

Every command names a file's format the same way, ``--gold-format`` and
``--test-format`` (``auto``, the default: told from the file's first lines,
:func:`detect`), and takes the formats of its kind: the scoring commands
(``plot``, ``align``) the formats that hold trees (:data:`TREES`);
``score`` and ``compare`` those and dependency trees (:data:`SCORED`: a
CoNLL-U file is scored by the dependency metric alone, against CoNLL-U or
against trees converted); ``tags`` every format that holds tags
(:data:`TAGGED`: a tree's preterminals are its tags).  A file whose format
the command does not take is refused before any work, saying what it holds
and which command reads it.  :func:`read_items` reads a file of a format
that holds sentences to score into the reference reader's items.
"""

from __future__ import annotations

from collections.abc import Iterator

from parsedit.errors import ConfigError
from parsedit.trees.reader import SPACES, Item, read_trees
from parsedit.trees.source import DEFAULT_ENCODING, Overlong, lines

FORMATS: dict[str, str] = {
    "bracketed": "bracketed trees",
    "tsv": "word<TAB>tag tokens, one a line",
    "slash": "word/TAG tokens, one sentence a line",
    "conllu": "CoNLL-U dependency trees",
}
# The formats each kind of command takes.
TREES = ("bracketed",)
TAGGED = ("bracketed", "tsv", "slash")
SCORED = ("bracketed", "conllu")
# The columns of a CoNLL-U word line, and the comment lines read past to find
# the first word line.
CONLLU_COLUMNS = 10
_COMMENTS = 1000


def detect(path: str, encoding: str = DEFAULT_ENCODING) -> str:
    """A file's format, from its first line that is not blank: bracketed if
    it begins with ``(``; CoNLL-U if it holds ten tab-separated columns, or
    is a ``#`` comment (without a tab) that the first line past the comments
    (within :data:`_COMMENTS` lines) shows to be CoNLL-U's; else
    ``word<TAB>tag`` if it holds a tab, else ``word/TAG`` (an empty file:
    bracketed)."""
    first: str | None = None
    for number, line in enumerate(lines(path, encoding)):
        if type(line) is Overlong:
            return "bracketed" if first is None else _tagged(first)
        if not line.strip(SPACES):
            continue
        if first is None:
            if line.lstrip(SPACES).startswith("("):
                return "bracketed"
            first = line
        if line.startswith("#") and "\t" not in line and number < _COMMENTS:
            continue  # a comment, if the file is CoNLL-U: read on
        if len(line.rstrip("\r\n").split("\t")) == CONLLU_COLUMNS:
            return "conllu"
        break
    return "bracketed" if first is None else _tagged(first)


def _tagged(line: str) -> str:
    """The format of a file of tagged words whose first line is ``line``."""
    return "tsv" if "\t" in line else "slash"


def read_items(path: str, name: str, encoding: str = DEFAULT_ENCODING) -> Iterator[Item]:
    """The sentences of a file of format ``name`` (bracketed or CoNLL-U) as
    the reference reader's items, in order: a CoNLL-U sentence an item with
    its ``dependencies`` (:func:`parsedit.deps.conllu.read_conllu`; one that
    breaks a rule, an error item with its file, line and column)."""
    if name != "conllu":
        return read_trees(path, encoding)
    from parsedit.deps.conllu import read_conllu

    return (Item(c.line, error=c.error, dependencies=c.tree) for c in read_conllu(path, encoding))


def chosen(name: str, path: str, encoding: str, accepted: tuple[str, ...], option: str,
           command: str) -> str:
    """The format of ``path``: ``name`` (``auto``: :func:`detect`), refused
    (a :class:`ConfigError` naming ``option``) if ``command`` does not take
    it."""
    found = detect(path, encoding) if name == "auto" else name
    if found not in accepted:
        reader = "parsedit tags" if found in TAGGED else \
            "parsedit score and compare (--metrics dep)" if found in SCORED else \
            "another command"
        how = "holds" if name == "auto" else "is named as holding"
        raise ConfigError(f"{path} {how} {FORMATS[found]} ({option} {found}), which "
                          f"{command} does not read (it reads "
                          f"{', '.join(FORMATS[f] for f in accepted)}); {reader} does")
    return found
