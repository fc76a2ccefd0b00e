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
``bare``       bare brackets over words, one tree a line, every bracket   trees.bare
               an unlabelled constituent (unsupervised parsers' output:
               ``((the (big dog)) (barked loudly))``)
=============  ========================================================  ==============

Every command names a file's format the same way, ``--gold-format`` and
``--test-format`` (``auto``, the default: told from the file's first lines
that are not blank, each voting, :func:`detect`), and takes the formats of
its kind: ``plot`` and ``align`` the formats that hold trees
(:data:`TREES`); ``score`` and ``compare`` those, dependency trees (a
CoNLL-U file is scored by the dependency metric alone, against CoNLL-U or
against trees converted) and bare brackets (:data:`SCORED`,
:data:`COMPARED`); ``conventions`` the formats that hold constituents,
bracketed trees and bare brackets (:data:`CONSTITUENTS`: its conventions
are PARSEVAL's and the unsupervised ones, none of which scores a
dependency tree); ``tags`` every format that holds tags
(:data:`TAGGED`: a tree's preterminals are its tags).  A bare-bracket line
also reads as a (wrong) bracketed tree, so ``auto`` tells the two apart
only where the gold file says which words to expect: under a parameter
file of the unsupervised convention (:func:`against_gold`).  A file whose
format the command does not take is refused before any work, saying what
it holds and which command reads it.  :func:`read_items` and
:func:`read_sides` read files of the formats that hold sentences to score
into the reference reader's items.
"""

from __future__ import annotations

from collections.abc import Iterator

from parsedit.errors import ConfigError
from parsedit.trees.normalise import Normalisation
from parsedit.trees.reader import SPACES, VOTE, Item, read_sentence, read_trees, sample
from parsedit.trees.source import DEFAULT_ENCODING, Overlong, lines
from parsedit.trees.splits import Splits, read_both

FORMATS: dict[str, str] = {
    "bracketed": "bracketed trees",
    "tsv": "word<TAB>tag tokens, one a line",
    "slash": "word/TAG tokens, one sentence a line",
    "conllu": "CoNLL-U dependency trees",
    "bare": "bare brackets over words, one tree a line",
}
# The formats each kind of command takes (compare scores each system as
# score does, so it takes what score takes).
TREES = ("bracketed",)
SCORED = ("bracketed", "conllu", "bare")
COMPARED = SCORED
CONSTITUENTS = ("bracketed", "bare")
TAGGED = ("bracketed", "tsv", "slash")
# The columns of a CoNLL-U word line.
CONLLU_COLUMNS = 10


def detect(path: str, encoding: str = DEFAULT_ENCODING) -> str:
    """A file's format, told by its first lines that are not blank (the
    :data:`~parsedit.trees.reader.VOTE` first of those the reader reads to
    tell a layout, :func:`~parsedit.trees.reader.sample`), each voting
    (:func:`_vote`); the most votes win, a tie in the order bracketed,
    ``word<TAB>tag``, ``word/TAG``, CoNLL-U (no vote: bracketed).  So one odd
    line (raw text on line 1 of a file of trees) does not change it."""
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
    is too long to read), CoNLL-U if it holds ten tab-separated columns,
    ``tsv`` if it holds another number of tabs, ``slash`` if at least half
    its tokens hold a ``/``, else bracketed if it holds a bracket; None if
    it is blank, a ``#`` comment (CoNLL-U's), or says nothing (words alone:
    raw text)."""
    if type(line) is Overlong:
        return "bracketed"
    text = line.strip(SPACES)
    if not text:
        return None
    if text.startswith("("):
        return "bracketed"
    if "\t" in text:
        return "conllu" if line.rstrip("\r\n").count("\t") == CONLLU_COLUMNS - 1 else "tsv"
    tokens = text.split()
    if text.startswith("#") and "/" not in tokens[0]:
        return None  # a comment (a word/TAG line may begin with #/#)
    if 2 * sum("/" in token for token in tokens) >= len(tokens):
        return "slash"
    return "bracketed" if "(" in text or ")" in text else None


def read_sides(gold_path: str, test_path: str, gold_encoding: str = DEFAULT_ENCODING,
               test_encoding: str = DEFAULT_ENCODING, splits: Splits | None = None,
               formats: tuple[str, str] = ("bracketed", "bracketed")
               ) -> tuple[Iterator[Item], Iterator[Item]]:
    """The items of a run's two files, each read in its format: two
    bracketed files as :func:`parsedit.trees.splits.read_both` reads them
    (a tree split over lines joined where the run takes it), a CoNLL-U file
    by :func:`read_items` (and a bracketed file beside it as it stands)."""
    if formats == ("bracketed", "bracketed"):
        return read_both(gold_path, test_path, gold_encoding, test_encoding, splits)
    return (read_items(gold_path, formats[0], gold_encoding),
            read_items(test_path, formats[1], test_encoding))


def chosen(name: str, path: str, encoding: str, accepted: tuple[str, ...], option: str,
           command: str) -> str:
    """The format of ``path``: ``name`` (``auto``: :func:`detect`), refused
    (a :class:`ConfigError` naming ``option``) if ``command`` does not take
    it."""
    found = detect(path, encoding) if name == "auto" else name
    if found == "bare" and name != "auto" and found not in accepted:
        raise ConfigError(f"{option} bare: {command} does not read bare brackets (score, "
                          "compare and conventions do)")
    if found not in accepted:
        reader = "parsedit tags" if found in TAGGED else \
            "parsedit score and compare (--metrics dep)" if found == "conllu" else \
            "parsedit score and compare (-p unsupervised)" if found == "bare" else \
            "another command"
        how = "holds" if name == "auto" else "is named as holding"
        raise ConfigError(f"{path} {how} {FORMATS[found]} ({option} {found}), which "
                          f"{command} does not read (it reads "
                          f"{', '.join(FORMATS[f] for f in accepted)}); {reader} does")
    return found


def read_items(path: str, name: str, encoding: str = DEFAULT_ENCODING) -> Iterator[Item]:
    """The sentences of a file of format ``name`` (bracketed, bare or
    CoNLL-U) as the reference reader's items, in order: a bare-bracket line
    an item of unlabelled brackets (:func:`parsedit.trees.bare.read_bare`);
    a CoNLL-U sentence an item with its ``dependencies``
    (:func:`parsedit.deps.conllu.read_conllu`; one that breaks a rule, an
    error item with its file, line and column)."""
    if name == "bare":
        from parsedit.trees.bare import read_bare

        return read_bare(path, encoding)
    if name != "conllu":
        return read_trees(path, encoding)
    from parsedit.deps.conllu import read_conllu

    return (Item(c.line, error=c.error, dependencies=c.tree) for c in read_conllu(path, encoding))


def against_gold(test: str, gold: str, norm: Normalisation,
                 encodings: tuple[str, str] = (DEFAULT_ENCODING, DEFAULT_ENCODING)) -> str:
    """``bare`` if the first test line holds, read as bare brackets, the
    words of its gold line (the words ``norm`` keeps, or all of them; in
    any case, as unsupervised parsers often lowercase them) and read as a
    bracketed tree does not; else ``bracketed``."""
    from parsedit.trees.bare import bare_item, words

    def folded(found: list[str]) -> list[str]:
        return [word.casefold() for word in found]

    for g, t in zip(read_trees(gold, encodings[0]), lines(test, encodings[1])):
        if g.tokens is None or type(t) is Overlong or not t.strip(SPACES):
            continue
        expected = (folded(words(g)), folded([w[:-1] for w in norm.normalise(g.tokens).words]))
        bracketed = read_sentence(t)
        return "bare" if folded(words(bare_item(t))) in expected and (
            bracketed.tokens is None or folded(words(bracketed)) not in expected) \
            else "bracketed"
    return "bracketed"
