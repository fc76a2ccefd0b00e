"""Input formats: the one table of what parsedit reads, and how a file's is told.

=============  ========================================================  ==============
format         what a file holds                                         read by
=============  ========================================================  ==============
``bracketed``  Penn Treebank trees, one a line or pretty-printed         trees.reader
``tsv``        ``word<TAB>tag``, one token a line, a blank line between   tagging.reader
               sentences
``slash``      ``word/TAG`` tokens, one sentence a line (the PTB's        tagging.reader
               ``.tagged`` files)
=============  ========================================================  ==============

Every command names a file's format the same way, ``--gold-format`` and
``--test-format`` (``auto``, the default: told from the file's first line
that is not blank, :func:`detect`), and takes the formats of its kind:
the scoring commands (``score``, ``compare``, ``plot``, ``align``) the
formats that hold trees (:data:`TREES`); ``tags`` every format that holds
tags (:data:`TAGGED`: a tree's preterminals are its tags).  A file whose
format the command does not take is refused before any work, saying what
it holds and which command reads it.
"""

from __future__ import annotations

from parsedit.errors import ConfigError
from parsedit.trees.reader import SPACES
from parsedit.trees.source import DEFAULT_ENCODING, Overlong, lines

FORMATS: dict[str, str] = {
    "bracketed": "bracketed trees",
    "tsv": "word<TAB>tag tokens, one a line",
    "slash": "word/TAG tokens, one sentence a line",
}
# The formats each kind of command takes.
TREES = ("bracketed",)
TAGGED = ("bracketed", "tsv", "slash")


def detect(path: str, encoding: str = DEFAULT_ENCODING) -> str:
    """A file's format, from its first line that is not blank: bracketed if
    it begins with ``(``, else ``word<TAB>tag`` if it holds a tab, else
    ``word/TAG`` (an empty file: bracketed)."""
    for line in lines(path, encoding):
        if type(line) is Overlong:
            return "bracketed"
        if line.strip(SPACES):
            if line.lstrip(SPACES).startswith("("):
                return "bracketed"
            return "tsv" if "\t" in line else "slash"
    return "bracketed"


def chosen(name: str, path: str, encoding: str, accepted: tuple[str, ...], option: str,
           command: str) -> str:
    """The format of ``path``: ``name`` (``auto``: :func:`detect`), refused
    (a :class:`ConfigError` naming ``option``) if ``command`` does not take
    it."""
    found = detect(path, encoding) if name == "auto" else name
    if found not in accepted:
        reader = "parsedit tags" if found in TAGGED else "another command"
        how = "holds" if name == "auto" else "is named as holding"
        raise ConfigError(f"{path} {how} {FORMATS[found]} ({option} {found}), which "
                          f"{command} does not read (it reads "
                          f"{', '.join(FORMATS[f] for f in accepted)}); {reader} does")
    return found
