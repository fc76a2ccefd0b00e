"""Input formats: the one table of what parsedit reads, and how a file's is told.

=============  ========================================================  ==============
format         what a file holds                                         read by
=============  ========================================================  ==============
``bracketed``  Penn Treebank trees, one a line or pretty-printed         trees.reader
``tsv``        ``word<TAB>tag``, one token a line, a blank line between   tagging.reader
               sentences
``slash``      ``word/TAG`` tokens, one sentence a line (the PTB's        tagging.reader
               ``.tagged`` files)
``bare``       bare brackets over words, one tree a line, every bracket   trees.bare
               an unlabelled constituent (unsupervised parsers' output:
               ``((the (big dog)) (barked loudly))``)
=============  ========================================================  ==============

Every command names a file's format the same way, ``--gold-format`` and
``--test-format`` (``auto``, the default: told from the file's first lines
that are not blank, each voting, :func:`detect`), and takes the formats of its kind:
the scoring commands (``score``, ``compare``, ``plot``, ``align``) the
formats that hold trees (:data:`TREES`; ``score`` and ``conventions`` also
bare brackets, :data:`SCORED`); ``tags`` every format that holds tags
(:data:`TAGGED`: a tree's preterminals are its tags).  A bare-bracket line
also reads as a (wrong) bracketed tree, so ``auto`` tells the two apart
only where the gold file says which words to expect: under a parameter
file of the unsupervised convention (:func:`against_gold`).  A file whose
format the command does not take is refused before any work, saying what
it holds and which command reads it.
"""

from __future__ import annotations

from collections.abc import Iterator

from parsedit.errors import ConfigError
from parsedit.trees.normalise import Normalisation
from parsedit.trees.reader import SPACES, VOTE, Item, read_sentence, read_trees, sample
from parsedit.trees.source import DEFAULT_ENCODING, Overlong, lines

FORMATS: dict[str, str] = {
    "bracketed": "bracketed trees",
    "tsv": "word<TAB>tag tokens, one a line",
    "slash": "word/TAG tokens, one sentence a line",
    "bare": "bare brackets over words, one tree a line",
}
# The formats each kind of command takes.
TREES = ("bracketed",)
SCORED = ("bracketed", "bare")
TAGGED = ("bracketed", "tsv", "slash")


def detect(path: str, encoding: str = DEFAULT_ENCODING) -> str:
    """A file's format, told by its first lines that are not blank (the
    :data:`~parsedit.trees.reader.VOTE` first of those the reader reads to
    tell a layout, :func:`~parsedit.trees.reader.sample`), each voting
    (:func:`_vote`); the most votes win, a tie in the order bracketed,
    ``word<TAB>tag``, ``word/TAG`` (no vote: bracketed).  So one odd line
    (raw text on line 1 of a file of trees) does not change it."""
    votes = dict.fromkeys(FORMATS, 0)
    voters = 0
    for line in sample(lines(path, encoding)):
        found = _vote(line)
        if found is not None:
            votes[found] += 1
            voters += 1
            if voters == VOTE:
                break
    return max(votes, key=lambda name: votes[name])  # the first of the most


def _vote(line: str) -> str | None:
    """The format one line looks like: bracketed if it begins with ``(`` (or
    is too long to read), ``tsv`` if it holds a tab, ``slash`` if at least
    half its tokens hold a ``/``, else bracketed if it holds a bracket;
    None if it is blank or says nothing (words alone: raw text)."""
    if type(line) is Overlong:
        return "bracketed"
    text = line.strip(SPACES)
    if not text:
        return None
    if text.startswith("("):
        return "bracketed"
    if "\t" in text:
        return "tsv"
    tokens = text.split()
    if 2 * sum("/" in token for token in tokens) >= len(tokens):
        return "slash"
    return "bracketed" if "(" in text or ")" in text else None


def chosen(name: str, path: str, encoding: str, accepted: tuple[str, ...], option: str,
           command: str) -> str:
    """The format of ``path``: ``name`` (``auto``: :func:`detect`), refused
    (a :class:`ConfigError` naming ``option``) if ``command`` does not take
    it."""
    found = detect(path, encoding) if name == "auto" else name
    if found == "bare" and name != "auto" and found not in accepted:
        raise ConfigError(f"{option} bare: {command} does not read bare brackets (score and "
                          "conventions do)")
    if found not in accepted:
        reader = "parsedit tags" if found in TAGGED else "another command"
        how = "holds" if name == "auto" else "is named as holding"
        raise ConfigError(f"{path} {how} {FORMATS[found]} ({option} {found}), which "
                          f"{command} does not read (it reads "
                          f"{', '.join(FORMATS[f] for f in accepted)}); {reader} does")
    return found


def read_items(path: str, name: str, encoding: str = DEFAULT_ENCODING) -> Iterator[Item]:
    """The items of a file of trees in format ``name`` (bracketed or bare)."""
    if name == "bare":
        from parsedit.trees.bare import read_bare

        return read_bare(path, encoding)
    return read_trees(path, encoding)


def against_gold(test: str, gold: str, norm: Normalisation,
                 encodings: tuple[str, str] = (DEFAULT_ENCODING, DEFAULT_ENCODING)) -> str:
    """``bare`` if the first test line holds, read as bare brackets, the
    words of its gold line (the words ``norm`` keeps, or all of them) and
    read as a bracketed tree does not; else ``bracketed``."""
    from parsedit.trees.bare import bare_item, words

    for g, t in zip(read_trees(gold, encodings[0]), lines(test, encodings[1])):
        if g.tokens is None or type(t) is Overlong or not t.strip(SPACES):
            continue
        expected = (words(g), [w[:-1] for w in norm.normalise(g.tokens).words])
        bracketed = read_sentence(t)
        return "bare" if words(bare_item(t)) in expected and (
            bracketed.tokens is None or words(bracketed) not in expected) else "bracketed"
    return "bracketed"
