"""Scoring one pair of dependency trees: attachment, root, complete match
and relational counts, on the same words or through a word alignment.

:func:`attachment_counts` takes the two trees and, when their words differ,
the word alignment: pairs ``(gold index, test index)`` (0-based) of words
aligned with each other (:func:`aligned_pairs` reads them off a
:class:`~parsedit.wordalign.WordAlignment`: its matches and substitutions).
Without one, the two trees must have the same number of words, and word i is
aligned with word i.

* UAS/LAS count over the *aligned* scored gold words: a word is attached
  when its aligned test word's head is aligned with its gold head (or both
  are the root); labelled when the relations are equal too.  On the same
  words that is every scored word (the usual UAS and LAS); through an
  alignment it is SParseval's alignment-based figure over the words both
  sides have.
* Relational precision and recall (Lin 1998; Carroll, Briscoe and
  Sanfilippo 1998; Clark and Hockenmaier 2002): each scored word gives the
  triple (head word, relation, dependent word), the root's head being the
  root.  A gold triple is matched by a test triple when its dependent and
  its head are aligned with the test's *and are the same words* (a
  substituted word matches nothing), with the same relation for the
  labelled figures; the triples of unaligned words are missed (gold) or
  extra (test).  On the same words the matched triples are exactly the
  attached (labelled) words, so P = R = UAS (LAS); through an alignment
  they fall with the word error rate.

Scored words: those whose gold tag is not in ``punctuation`` (a test word
with no gold word is judged by its own tag).  ``prefix``: relations are
compared up to their first ``:`` (the CoNLL 2018 script's universal
relation: ``nsubj:pass`` is ``nsubj``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import compress
from operator import and_, eq

from parsedit.deps.conllu import bare_form
from parsedit.deps.counts import DepCounts, relation_table
from parsedit.deps.model import DepTree
from parsedit.errors import ConfigError
from parsedit.results import EditCounts

# COLLINS.prm's punctuation: the tags the standard dependency evaluation of
# Penn Treebank parsers leaves out (Yamada and Matsumoto 2003; Collins 1999).
PUNCTUATION = frozenset((",", ".", ":", "``", "''"))

Pairs = Sequence[tuple[int, int]]
_NO_EDITS = EditCounts()


@dataclass(frozen=True)
class Scoring:
    """How a pair is scored: which gold tags are ``punctuation`` (left out of
    every figure but the edit distance; empty: every word), whether
    relations are compared up to ``:`` (``prefix``), and when two words are
    the same word (``same_word``; default: equal once Zs spaces are removed,
    as the CoNLL 2018 script compares forms)."""

    punctuation: frozenset[str] = PUNCTUATION
    prefix: bool = False
    same_word: Callable[[str, str], bool] | None = None

    def describe(self) -> str:
        # ("+" between the tags: "," is one of them)
        shown = "+".join(sorted(self.punctuation)) if self.punctuation else "none"
        return f"punct:{shown}" + (",relations:prefix" if self.prefix else "")


def _same(a: str, b: str) -> bool:
    return a == b or bare_form(a) == bare_form(b)


def aligned_pairs(ops: Sequence[object]) -> list[tuple[int, int]]:
    """The aligned word pairs of a word alignment's operations
    (:class:`~parsedit.wordalign.WordOp`: ``match`` and ``sub`` pair one gold
    word with one test word; ``merge`` and ``split`` pair none of theirs,
    since no word of one side is a word of the other)."""
    out = []
    for op in ops:
        kind, gold, test = op.kind, op.gold, op.test  # type: ignore[attr-defined]
        if kind in ("match", "sub"):
            out.append((gold[0], test[0]))
    return out


def attachment_counts(gold: DepTree, test: DepTree, pairs: Pairs | None = None,
                      scoring: Scoring = Scoring(), edits: EditCounts = _NO_EDITS
                      ) -> DepCounts:
    """The counts of one pair, with ``edits`` (its dependency edit distance,
    :mod:`parsedit.deps.edit`) as they are; see the module docstring."""
    n, m = len(gold), len(test)
    if pairs is None:
        if n != m:
            raise ConfigError(f"the two trees have {n} and {m} words: score them through a "
                              "word alignment")
        if gold.words == test.words:
            return _same_words(gold, test, scoring, edits)
        to_test = list(range(n))
        to_gold = list(range(m))
    else:
        to_test = [-1] * n
        to_gold = [-1] * m
        for i, j in pairs:
            if not (0 <= i < n and 0 <= j < m) or to_test[i] >= 0 or to_gold[j] >= 0:
                raise ConfigError(f"word alignment pair ({i}, {j}) is outside the words or "
                                  "pairs a word twice")
            to_test[i] = j
            to_gold[j] = i
    prefix, punct = scoring.prefix, scoring.punctuation
    same = scoring.same_word or _same

    def rel(r: str) -> str:
        return r.split(":", 1)[0] if prefix else r

    gh, th = gold.heads, test.heads
    scored_gold = [t not in punct for t in gold.tags]
    scored_test = [scored_gold[to_gold[j]] if to_gold[j] >= 0 else test.tags[j] not in punct
                   for j in range(m)]
    words = aligned = attached = labelled = matched = matched_labelled = 0
    gold_rels: list[str] = []
    test_rels = [rel(test.relations[j]) for j in range(m) if scored_test[j]]
    correct: list[str] = []
    for i in range(n):
        if not scored_gold[i]:
            continue
        words += 1
        g_rel = rel(gold.relations[i])
        gold_rels.append(g_rel)
        j = to_test[i]
        if j < 0:
            continue
        aligned += 1
        head = gh[i]
        t_head = th[j]
        if head == 0:
            ok = t_head == 0
            same_head = ok
        else:
            ok = t_head > 0 and to_test[head - 1] == t_head - 1
            same_head = ok and same(gold.words[head - 1], test.words[t_head - 1])
        if not ok:
            continue
        attached += 1
        t_rel = rel(test.relations[j])
        labels = g_rel == t_rel
        labelled += labels
        if same_head and same(gold.words[i], test.words[j]):
            matched += 1
            if labels:
                matched_labelled += 1
                correct.append(g_rel)
    unaligned_test = sum(1 for j in range(m) if scored_test[j] and to_gold[j] < 0)
    root = gold.root()
    test_root = test.root()
    root_ok = root > 0 and test_root > 0 and to_test[root - 1] == test_root - 1
    whole = aligned == words and unaligned_test == 0
    return DepCounts(
        sentences=1, words=words, aligned=aligned, attached=attached, labelled=labelled,
        roots=int(n > 0), root_correct=int(root_ok),
        complete=int(whole and attached == words),
        complete_labelled=int(whole and labelled == words),
        rated=int(aligned > 0), uas_sum=100.0 * attached / aligned if aligned else 0.0,
        gold_relations=words, test_relations=len(test_rels), matched=matched,
        matched_labelled=matched_labelled, unaligned_test=unaligned_test,
        gold_functional=gold.functional, test_functional=test.functional,
        relations=relation_table(gold_rels, test_rels, correct), edits=edits)


def _same_words(gold: DepTree, test: DepTree, scoring: Scoring, edits: EditCounts
                ) -> DepCounts:
    """:func:`attachment_counts` of two trees of the same words, word i
    aligned with word i: the same counts, in one pass over the columns."""
    punct, prefix = scoring.punctuation, scoring.prefix
    if gold is test or gold == test:  # (a parse against itself, an unchanged sentence)
        rels = [r for r, t in zip(gold.relations, gold.tags) if t not in punct]
        if prefix:
            rels = [r.split(":", 1)[0] for r in rels]
        k = len(rels)
        return DepCounts(
            sentences=1, words=k, aligned=k, attached=k, labelled=k, roots=int(len(gold) > 0),
            root_correct=int(len(gold) > 0), complete=1, complete_labelled=1, rated=int(k > 0),
            uas_sum=100.0 if k else 0.0, gold_relations=k, test_relations=k, matched=k,
            matched_labelled=k, gold_functional=gold.functional,
            test_functional=test.functional, relations=relation_table(rels, rels, rels),
            edits=edits)
    # Column by column, at C speed where it can be: which words are scored,
    # which have the same head, and the same relation.
    keep = [t not in punct for t in gold.tags] if punct else [True] * len(gold)
    g_all, t_all = gold.relations, test.relations
    if prefix:
        g_all = tuple(r.split(":", 1)[0] for r in g_all)
        t_all = tuple(r.split(":", 1)[0] for r in t_all)
    same_head = list(map(eq, gold.heads, test.heads))
    both = list(map(and_, same_head, map(eq, g_all, t_all)))
    attached = sum(compress(same_head, keep))
    gold_rels = list(compress(g_all, keep))
    test_rels = list(compress(t_all, keep))
    correct = list(compress(g_all, map(and_, both, keep)))
    words, labelled = len(gold_rels), len(correct)
    root = gold.root()
    return DepCounts(
        sentences=1, words=words, aligned=words, attached=attached, labelled=labelled,
        roots=int(root > 0), root_correct=int(root > 0 and test.heads[root - 1] == 0),
        complete=int(attached == words), complete_labelled=int(labelled == words),
        rated=int(words > 0), uas_sum=100.0 * attached / words if words else 0.0,
        gold_relations=words, test_relations=words, matched=attached,
        matched_labelled=labelled, gold_functional=gold.functional,
        test_functional=test.functional,
        relations=relation_table(gold_rels, test_rels, correct), edits=edits)


def failed_counts(gold: DepTree, scoring: Scoring = Scoring()) -> DepCounts:
    """The counts of a gold sentence whose test sentence failed
    (``--failures count``), as PARSEVAL counts a failed parse (every gold
    bracket missed): every scored gold word is scored and wrong, no head
    found (``failed``: in the denominators of UAS and LAS, and a sentence
    UAS of 0), the root and the complete match missed, every gold relation
    missed."""
    punct = scoring.punctuation
    rels = [r.split(":", 1)[0] if scoring.prefix else r
            for r, t in zip(gold.relations, gold.tags) if t not in punct]
    k = len(rels)
    return DepCounts(sentences=1, words=k, failed=k, roots=int(len(gold) > 0),
                     rated=int(k > 0), gold_relations=k, gold_functional=gold.functional,
                     relations=relation_table(rels, (), ()))
