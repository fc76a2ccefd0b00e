"""Normalisation shared by every metric, with EVALB's semantics.

A :class:`Normalisation` is a parameter object; ``COLLINS`` (EVALB's
COLLINS.prm) is the default.  Applying it to a tree gives its normalised
:mod:`bracketing <parsedit.trees.bracketing>`: a flat token sequence, which
may hold several top-level constituents once the root (``TOP``) is deleted.

What EVALB does, and so what this does, in this order:

* A preterminal whose tag is a delete label (``-NONE-``, punctuation) is
  removed together with its word.  Tags are compared as written.
* A phrase label loses everything from its first ``-`` or ``=``
  (``NP-SBJ-1`` -> ``NP``, ``NP=2`` -> ``NP``) when ``strip_function_tags``
  is on; then, if it is a delete label (``TOP``), the bracket is removed and
  its children take its place.
* A constituent left spanning no word is removed.
* Labels in one ``equal_labels`` class (``ADVP`` = ``PRT``) are written as
  the first label of the class, so every metric sees them as one.
* An unlabelled bracket (the outer ``( ... )`` of the treebank) is kept as a
  bracket with the empty label, exactly as EVALB counts it; with
  ``strip_outer_bracket`` (a parsedit extension, ``STRIP_OUTER_BRACKET 1``)
  one around the whole sentence is removed, so PARSEVAL ignores root
  conventions as the edit metrics do (:mod:`parsedit.trees.roots`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from parsedit.trees.bracketing import CLOSE, TAG, Bracketing
from parsedit.trees.roots import strip_outer_bracket
from parsedit.trees.tree import Tree

_PUNCTUATION = (",", ":", "``", "''", ".")
# (deleted, left out of the length, the token written, the word token or "")
_Token = tuple[bool, bool, str, str]
# Distinct tokens remembered before the memory is cleared (tens of MiB at most).
_MAX_TOKENS = 1 << 18
# The words EVALB's quote fix looks at.
QUOTE_WORDS = ("'", '"', "/")


def _strip_function_tags(label: str) -> str:
    """``NP-SBJ-1`` -> ``NP``, ``NP=2`` -> ``NP``: cut at the first ``-`` or ``=``
    (the label must hold one, as EVALB's does when it cuts)."""
    return label[:min(i for i in (label.find("-"), label.find("=")) if i >= 0)]


def spmrl_label(label: str) -> str:
    """EVALB_SPMRL's cut of a label or tag: at the first ``-``, ``=`` or
    ``#``, wherever it is (``NP-SUJ#case=nom`` -> ``NP``, ``-NONE-`` -> the
    empty label, ``P+D`` unchanged)."""
    cuts = [i for i in (label.find("-"), label.find("="), label.find("#")) if i >= 0]
    return label[:min(cuts)] if cuts else label


def strip_function_tags(label: str) -> str:
    """The base of any label: ``NP-SBJ=2`` -> ``NP``; ``NP``, ``-NONE-`` unchanged."""
    cuts = [i for i in (label.find("-"), label.find("=")) if i > 0]
    return label[:min(cuts)] if cuts else label


@dataclass(frozen=True)
class Normalisation:
    """How trees are cleaned before any metric sees them."""

    name: str = "collins"
    delete_labels: frozenset[str] = frozenset(("TOP", "-NONE-", *_PUNCTUATION))
    delete_labels_for_length: frozenset[str] = frozenset(("-NONE-",))
    equal_labels: tuple[tuple[str, ...], ...] = (("ADVP", "PRT"),)
    strip_function_tags: bool = True
    quote_labels: frozenset[str] = frozenset()
    equal_words: tuple[tuple[str, str], ...] = ()
    strip_outer_bracket: bool = False
    # EVALB_SPMRL's label rules (parsedit.params' EVALB_SPMRL 1): labels and
    # tags cut by spmrl_label, the delete labels cut alike (so -NONE- deletes
    # every bracket whose label is empty once cut), no preterminal deleted.
    spmrl: bool = False
    # Only preterminals with these tags are kept (parsedit.params' KEEP_LABEL:
    # the word tags of the unsupervised-parsing convention); None keeps all
    # that delete_labels does not delete.
    keep_labels: frozenset[str] | None = None
    _canonical: dict[str, str] = field(init=False, repr=False, compare=False, hash=False)
    _delete_phrases: frozenset[str] = field(init=False, repr=False, compare=False, hash=False)
    _equal_words: frozenset[tuple[str, str]] = field(init=False, repr=False, compare=False,
                                                     hash=False)
    # What normalise() makes of each distinct open-bracket token (see _token).
    _tokens: dict[str, _Token] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        # Union-find: A=B and B=C put A, B and C in one class, written as the
        # first label of the first group that names the class.
        parent: dict[str, str] = {}

        def find(label: str) -> str:
            while parent.get(label, label) != label:
                label = parent[label]
            return label

        for group in self.equal_labels:
            head = find(group[0])
            for member in group[1:]:
                root = find(member)
                if root != head:
                    parent[root] = head
        canonical = {label: find(label) for group in self.equal_labels for label in group}
        object.__setattr__(self, "_canonical", canonical)
        # A phrase is deleted if its label is equal to a delete label, as EVALB
        # compares them (EVALB_SPMRL: both cut first).
        deletes = map(spmrl_label, self.delete_labels) if self.spmrl else self.delete_labels
        object.__setattr__(self, "_delete_phrases",
                           frozenset(canonical.get(d, d) for d in deletes))
        # EQ_WORD pairs go both ways.
        object.__setattr__(self, "_equal_words", frozenset(
            pair for a, b in self.equal_words for pair in ((a, b), (b, a))))
        object.__setattr__(self, "_tokens", {})

    def _token(self, token: str) -> _Token:
        """What :meth:`normalise` makes of an open-bracket token, worked out
        once per distinct token: a preterminal ``"(TAG word)"`` as (whether
        its tag is deleted, whether it is left out of the length, its tag
        token, its word token); a phrase ``"(LABEL"`` as (whether it is
        deleted, False, its open token, "")."""
        canonical = self._canonical
        if self.spmrl:
            return self._spmrl_token(token)
        if token[-1] == ")":
            space = token.index(" ")
            tag = token[1:space]
            deleted = tag in self.delete_labels or (
                self.keep_labels is not None and tag not in self.keep_labels)
            # (with keep_labels, a sentence's length is its kept words)
            return (deleted, tag in self.delete_labels_for_length or (
                        self.keep_labels is not None and tag not in self.keep_labels),
                    TAG + canonical[tag] if tag in canonical else "(" + token[:space],
                    token[space + 1:])
        label = token[1:]
        if self.strip_function_tags and ("-" in label or "=" in label):
            label = _strip_function_tags(label)
        label = canonical.get(label, label)
        return label in self._delete_phrases, False, "(" + label, ""

    def _spmrl_token(self, token: str) -> _Token:
        """:meth:`_token` by EVALB_SPMRL's rules: no preterminal deleted, its
        tag written cut (tags are compared cut); a phrase's label cut, and
        deleted if it equals a cut delete label."""
        canonical = self._canonical
        if token[-1] == ")":
            space = token.index(" ")
            tag = token[1:space]
            cut = spmrl_label(tag)
            return (False, tag in self.delete_labels_for_length,
                    TAG + canonical.get(cut, cut), token[space + 1:])
        label = spmrl_label(token[1:])
        label = canonical.get(label, label)
        return label in self._delete_phrases, False, "(" + label, ""

    def token(self, token: str) -> _Token:
        """:meth:`_token`, remembered per distinct token (as :meth:`normalise`
        remembers it)."""
        found = self._tokens.get(token)
        if found is None:
            if len(self._tokens) > _MAX_TOKENS:
                self._tokens.clear()
            found = self._tokens[token] = self._token(token)
        return found

    def describe(self) -> str:
        """``name@digest``: the digest covers every setting, so two runs with
        the same signature normalised alike, whatever the file was called."""
        settings = repr((sorted(self.delete_labels), sorted(self.delete_labels_for_length),
                         self.equal_labels, self.strip_function_tags,
                         sorted(self.quote_labels), self.equal_words,
                         # only when on, so that every earlier digest stands
                         *(("strip-outer-bracket",) if self.strip_outer_bracket else ()),
                         *(("evalb-spmrl",) if self.spmrl else ()),
                         *((("keep", sorted(self.keep_labels)),)
                           if self.keep_labels is not None else ())))
        return f"{self.name}@{hashlib.sha256(settings.encode()).hexdigest()[:8]}"

    def label(self, label: str) -> str:
        """A phrase label as the metrics see it (before deletion)."""
        if self.spmrl:
            label = spmrl_label(label)
        elif self.strip_function_tags and ("-" in label or "=" in label):
            label = _strip_function_tags(label)
        return self._canonical.get(label, label)

    def same_word(self, gold: str, test: str) -> bool:
        """Whether two words count as one (equal, or an ``equal_words`` pair)."""
        return gold == test or (gold, test) in self._equal_words

    def apply(self, tree: Tree | Sequence[str], keep: Collection[int] = ()) -> Bracketing:
        """The normalised bracketing of a tree or its tokens."""
        tokens = tree.tokens() if isinstance(tree, Tree) else tree
        return self.normalise(tokens, keep).bracketing

    def normalise(self, tokens: Sequence[str], keep: Collection[int] = ()) -> Normalised:
        """A sentence's tokens normalised, in one pass.

        ``keep`` numbers preterminals that are kept although their tag is a
        delete label, counting only such preterminals, from 0 (EVALB's
        quote fix, :func:`fix_quotes`)."""
        out: list[str] = []
        words: list[str] = []
        known = self._tokens
        if len(known) > _MAX_TOKENS:  # memory stays bounded on any corpus
            known.clear()
        # Words kept; preterminals with a delete tag, and those dropped; and
        # preterminals whose tag keeps them out of the length.
        n = deleted = dropped = uncounted = 0
        # One frame per open phrase: the index of its open token in ``out``
        # (-1 if its label is deleted) and the number of words before it.
        frames: list[tuple[int, int]] = []
        for token in tokens:
            if token[0] == "(":
                found = known.get(token)
                if found is None:
                    found = known[token] = self._token(token)
                is_deleted, is_uncounted, opened, word = found
                if word:  # a preterminal "(TAG word)"; word is "word)"
                    if is_uncounted:
                        uncounted += 1
                    if is_deleted:
                        deleted += 1
                        if not keep or deleted - 1 not in keep:
                            dropped += 1
                            continue
                    out.append(opened)
                    out.append(word)
                    words.append(word)
                    n += 1
                    continue
                if is_deleted:
                    frames.append((-1, n))
                else:
                    frames.append((len(out), n))
                    out.append(opened)
            elif token == CLOSE:
                index, before = frames.pop()
                if index >= 0:
                    if n == before:  # nothing left inside: prune it
                        del out[index:]
                    else:
                        out.append(CLOSE)
            else:  # a word standing directly under a phrase
                word = token + CLOSE
                out.append(TAG)
                out.append(word)
                words.append(word)
                n += 1
        bracketing = tuple(out)
        if self.strip_outer_bracket:
            bracketing = strip_outer_bracket(bracketing)
        return Normalised(bracketing, words, n + dropped - uncounted)

    def quote_terms(self, tree: Sequence[str]) -> list[QuoteTerm]:
        """The preterminals EVALB's quote fix may reinsert, in order."""
        out: list[QuoteTerm] = []
        words = deleted = 0
        for token in tree:
            if token[0] == "(" and token[-1] == ")":
                tag, _, word = token[1:-1].partition(" ")
                is_deleted = tag in self.delete_labels
                if tag in self.quote_labels and word in QUOTE_WORDS:
                    out.append(QuoteTerm(words, tag, deleted if is_deleted else None))
                if is_deleted:
                    deleted += 1
                else:
                    words += 1
            elif token[0] != "(" and token != CLOSE:
                words += 1
        return out


class Normalised(NamedTuple):
    """A normalised sentence: its bracketing, its words as they stand in it
    (``"dog)"``), and EVALB's length: the preterminals whose tag is not in
    ``delete_labels_for_length`` (deleted punctuation counts)."""

    bracketing: Bracketing
    words: list[str]
    length: int


@dataclass
class QuoteTerm:
    """A preterminal that EVALB's quote fix may reinsert: the number of kept
    words before it, its tag, and its number among deleted preterminals
    (None if it is kept anyway)."""

    index: int
    tag: str
    deleted: int | None


def fix_quotes(gold: list[QuoteTerm], test: list[QuoteTerm]) -> tuple[set[int], set[int]]:
    """EVALB's fix for a quote tagged as deleted punctuation on one side and
    as a word on the other (new.prm's QUOTE_LABEL), run when the two sides'
    word counts differ: which deleted preterminals each side keeps.

    The walk is EVALB's: each test quote term in order against every gold
    one at the same word index; reinserting a term shifts the indices of it
    and of every later term on its side by one."""
    keep_gold: set[int] = set()
    keep_test: set[int] = set()
    for i, t in enumerate(test):
        index = t.index
        for j, g in enumerate(gold):
            if g.index != index or g.tag == t.tag:
                continue
            if g.deleted is not None and t.deleted is None:
                keep_gold.add(g.deleted)
                for later in gold[j:]:
                    later.index += 1
            elif t.deleted is not None and g.deleted is None:
                keep_test.add(t.deleted)
                for later in test[i:]:
                    later.index += 1
    return keep_gold, keep_test


COLLINS = Normalisation()
# The shipped none.prm: nothing deleted, nothing made equal, nothing left out
# of the length; function tags stripped, as EVALB always strips them.
NONE = Normalisation(name="none", delete_labels=frozenset(),
                     delete_labels_for_length=frozenset(), equal_labels=())
