"""Words deleted by the gold tags on both sides (``--delete-by gold``, disco-dop's way).

EVALB deletes a word when its *own* tag is a delete label (``-NONE-``,
punctuation under COLLINS.prm): a parser that tags the final ``.`` as ``NN``
keeps a word gold deletes, the words then differ in number, and the
sentence is left out as a length mismatch (so a mis-tagged punctuation mark
*raises* the score).  disco-dop (``discodop eval``, ``TreePairResult``)
decides by the gold tag at each word's place instead, on both sides: the
test's word is deleted where gold's tag is a delete label and kept where it
is not, whatever the test's own tag says (its tag still counts in tagging
accuracy).

The test's words are put against gold's as disco-dop's ``alignsent`` does:
position by position when both have as many words; otherwise each test
word against the next gold word equal to it (a test that leaves out gold
punctuation is then scored).  A test word with no such gold word keeps its
own tag's decision, and the pair is judged as usual (a length or word
mismatch).
"""

from __future__ import annotations

from collections.abc import Sequence

from parsedit.trees.bracketing import CLOSE
from parsedit.trees.normalise import Normalisation

Tokens = tuple[str, ...]


def _terminals(tokens: Sequence[str]) -> list[tuple[int, str | None, str]]:
    """Each terminal's index in ``tokens``, its tag (None for a word without
    one) and its word."""
    out: list[tuple[int, str | None, str]] = []
    for index, token in enumerate(tokens):
        if token[0] == "(" and token[-1] == ")":
            tag, _, word = token[1:-1].partition(" ")
            out.append((index, tag, word))
        elif token[0] != "(" and token != CLOSE:
            out.append((index, None, token))
    return out


def _aligned(gold: list[str], test: list[str], fold_case: bool = False) -> list[int | None]:
    """For each test word, the position of its gold word (None if none):
    position by position when the counts are equal, else each test word
    with the next gold word equal to it (in any case, with ``fold_case``)."""
    if len(gold) == len(test):
        return list(range(len(test)))
    if fold_case:
        gold, test = [w.casefold() for w in gold], [w.casefold() for w in test]
    out: list[int | None] = []
    at = 0
    for word in test:
        found = next((i for i in range(at, len(gold)) if gold[i] == word), None)
        out.append(found)
        if found is not None:
            at = found + 1
    return out


def by_gold(norm: Normalisation, gold: Tokens, test: Tokens,
            fold_case: bool = False) -> tuple[Tokens, set[int]]:
    """The test's tokens and the ``keep`` set (:meth:`Normalisation.normalise`'s)
    that delete its words where gold's tags do, and only there: a word gold
    deletes is given gold's tag (so it goes, whatever its own), a word gold
    keeps but whose own tag is a delete label is kept.  With ``fold_case``
    (the unsupervised convention, which compares spans by position) a test
    word is put against a gold word that differs from it in case alone."""

    def deleted(tag: str | None) -> bool:
        return tag is not None and norm.token(f"({tag} -)")[0]

    gold_terms, test_terms = _terminals(gold), _terminals(test)
    alignment = _aligned([w for _, _, w in gold_terms], [w for _, _, w in test_terms],
                         fold_case)
    out = list(test)
    keep: set[int] = set()
    number = 0  # preterminals with a deleted tag so far (what keep numbers)
    for (index, tag, word), at in zip(test_terms, alignment):
        gold_tag = gold_terms[at][1] if at is not None else None
        if at is not None and deleted(gold_tag):
            if not deleted(tag):
                out[index] = f"({gold_tag} {word})"
            number += 1
            continue
        if deleted(tag):
            if at is not None:  # gold keeps it
                keep.add(number)
            number += 1
    return tuple(out), keep
