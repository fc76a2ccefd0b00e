"""Scoring a pair whose yields differ, through their word alignment (``--yield align``).

The word alignment (:mod:`parsedit.fst.words`) pairs gold and test words.
Both trees are then *projected* onto the aligned pairs: each keeps only the
words that have a counterpart (a ``match``, a ``sub``, or the first word of
the k-word side of a ``merge``/``split``), the test tree written with the gold
words, and a constituent left spanning no word is dropped and remembered as
*lost*.  The two projections have equal yields, so every metric scores them
as it scores any pair; :func:`adjust` then puts back what the projection
took out:

* a constituent's span is the range of its aligned words: its first and
  last words that have a counterpart, in the order of the alignment.  An
  inserted or deleted word at a constituent's edge does not move its
  boundary; a constituent with no aligned word is lost: it stays in its side's
  bracket count (gold or test) and matches nothing;
* PARSEVAL: matched brackets and crossing over the projections; the gold
  and test bracket counts include the lost constituents (with
  ``--with-preterminals``, the preterminals of unaligned words too); words are
  all the gold words, correct tags the aligned pairs with equal tags (a word
  error with the right tag keeps its tag point);
* ``span`` and ``rule``: the distance between the projections, plus, for each
  lost constituent, the scheme's cost of deleting (gold) or inserting (test)
  one symbol of its label (``label``: its open and close brackets; ``span``
  and ``rule``: one symbol, whose class is matched by the constituent's
  label); the gold events are all the gold constituents;
* ``label``: the *joint* distance (:func:`joint_scheme`): the label
  transducer edits words too, at the word scheme's costs, so that one
  shortest path aligns words and brackets together;
* leaf-ancestor: the aligned pairs' lineages compared as usual, and every
  unaligned word (deleted, inserted, or beyond the first word of a merge)
  scoring 0 in its sentence's mean;
* tagger measures (``tagging``): over the aligned pairs only.

With identical yields the projections are the trees themselves and nothing
is lost, so every figure is the one ``--yield strict`` gives.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from parsedit.costs.scheme import ANY, CostScheme, Substitution
from parsedit.errors import ConfigError
from parsedit.fst.words import WordAlignment
from parsedit.metrics.parseval import ParsevalCounts
from parsedit.results import EditCounts, LACounts, SentenceResult, WordCounts
from parsedit.trees.bracketing import CLOSE, Bracketing

PAIRED = ("match", "sub", "merge", "split")


@dataclass(frozen=True)
class Projection:
    """Two bracketings over the aligned words, and what they lost."""

    gold: Bracketing
    test: Bracketing
    lost_gold: tuple[str, ...]  # labels of gold constituents with no aligned word
    lost_test: tuple[str, ...]
    unaligned_gold: int  # gold words left out
    unaligned_test: int


def _restrict(tokens: Bracketing,
              keep: Mapping[int, str | None]) -> tuple[Bracketing, tuple[str, ...]]:
    """``tokens`` with only the words at positions in ``keep`` (each written as
    its value, or as itself for None), and the labels of the phrases left
    empty, which are dropped."""
    out: list[str] = []
    lost: list[str] = []
    stack: list[bool] = []  # per open phrase: whether it kept a word
    position = 0
    tag: str | None = None
    for token in tokens:
        if token[0] == "(":
            if token.startswith("(("):
                tag = token
            else:
                out.append(token)
                stack.append(False)
        elif token == CLOSE:
            kept = stack.pop()
            if kept:
                out.append(CLOSE)
                if stack:
                    stack[-1] = True
            else:
                lost.append(out.pop()[1:])
        else:
            if position in keep:
                assert tag is not None
                out += [tag, keep[position] or token]
                if stack:
                    stack[-1] = True
            position += 1
    return tuple(out), tuple(lost)


def project(gold: Bracketing, test: Bracketing, alignment: WordAlignment) -> Projection:
    """Both bracketings restricted to the aligned words (see the module)."""
    gold_words = [t for t in gold if t[0] != "(" and t != CLOSE]
    keep_gold: dict[int, str | None] = {}
    keep_test: dict[int, str | None] = {}
    for op in alignment.ops:
        if op.kind in PAIRED:
            keep_gold[op.gold[0]] = None
            keep_test[op.test[0]] = gold_words[op.gold[0]]
    gold_p, lost_gold = _restrict(gold, keep_gold)
    test_p, lost_test = _restrict(test, keep_test)
    return Projection(gold_p, test_p, lost_gold, lost_test,
                      alignment.gold_words - len(keep_gold),
                      alignment.test_words - len(keep_test))


def joint_scheme(label: CostScheme, words: CostScheme) -> CostScheme:
    """The label scheme with words made editable at the word scheme's costs.

    The word scheme's classes and entries join the label scheme's (its
    ``any`` read as ``word``); a tag token inserted or deleted with its word
    costs what the label scheme charges for a wrong tag (0 under
    ``roark-basic``, so a word edit costs the word's cost alone).  Merges are
    not edits of one token, so the joint transducer has none.
    """
    clash = {c.name for c in label.classes} & {c.name for c in words.classes}
    if clash:
        raise ConfigError(f"the label scheme {label.name!r} and the word scheme "
                          f"{words.name!r} both define the class(es) {', '.join(sorted(clash))}")

    def word(cls: str) -> str:
        return "word" if cls == ANY else cls

    tag = label.signature("tag")
    wrong_tag = label.substitute_cost(tag, tag)
    tag_edit = (("tag", wrong_tag),) if wrong_tag < float("inf") else ()
    digest = hashlib.sha256(f"{label.digest}+{words.digest}".encode()).hexdigest()[:8]
    return CostScheme(
        name=f"{label.name}+{words.name}", digest=digest, source=label.source,
        encodings=("label",), classes=(*label.classes, *words.classes),
        insert=(*label.insert, *((word(c), x) for c, x in words.insert), *tag_edit),
        delete=(*label.delete, *((word(c), x) for c, x in words.delete), *tag_edit),
        substitute=(*label.substitute, *(Substitution(word(e.source), word(e.target), e.cost,
                                                      e.same) for e in words.substitute)),
        movement=label.movement)


_KINDS = {"label": ("open", "close"), "span": ("span",), "rule": ("rule",)}


def lost_cost(scheme: CostScheme, encoding: str, labels: tuple[str, ...],
              deleted: bool) -> float:
    """What deleting (gold) or inserting (test) the lost constituents costs."""
    cost = scheme.delete_cost if deleted else scheme.insert_cost
    return sum(cost(scheme.signature(kind, CLOSE if kind == "close" else label))
               for label in labels for kind in _KINDS[encoding])


def adjust(counts: dict[str, Any], projection: Projection, alignment: WordAlignment,
           gold_events: int, schemes: Mapping[str, CostScheme],
           with_preterminals: bool) -> None:
    """Put into the projections' ``counts`` what the projection took out
    (``label`` is left alone: it is scored jointly, on the whole trees)."""
    lost_g, lost_t = projection.lost_gold, projection.lost_test
    found = counts.get("parseval")
    if isinstance(found, ParsevalCounts):
        extra_g, extra_t = len(lost_g), len(lost_t)
        if with_preterminals:
            extra_g += projection.unaligned_gold
            extra_t += projection.unaligned_test
        counts["parseval"] = found._replace(words=alignment.gold_words,
                                            gold=found.gold + extra_g,
                                            test=found.test + extra_t)
    for name, scheme in schemes.items():
        edit = counts.get(name)
        if isinstance(edit, EditCounts) and name != "label":
            extra = (lost_cost(scheme, name, lost_g, True)
                     + lost_cost(scheme, name, lost_t, False))
            counts[name] = EditCounts(edit.edits + extra, edit.basic + extra, gold_events)
    la = counts.get("la")
    if isinstance(la, LACounts):
        zeros = projection.unaligned_gold + projection.unaligned_test
        scores = (*la.word_scores, *([0.0] * zeros))
        counts["la"] = LACounts(la.word_sum / len(scores), 1, la.word_sum, len(scores),
                                scores) if scores else LACounts()


def word_totals(sentences: Iterable[SentenceResult]) -> WordCounts | None:
    """The word alignment counts summed over the scored sentences, or None
    when the run did not align words (``--yield strict``)."""
    found = [s.counts["words"] for s in sentences if s.status == "ok" and "words" in s.counts]
    return sum(found, WordCounts()) if found else None


def warning(sentences: Iterable[SentenceResult]) -> str | None:
    """The caveat of a run in which some pairs were scored with words that
    differ from gold (None when none was)."""
    scored = [s.counts["words"] for s in sentences if s.status == "ok" and "words" in s.counts]
    differ = sum(1 for w in scored if w.matched != w.gold or w.test != w.gold)
    if not differ:
        return None
    return (f"{differ} of {len(scored)} scored sentences have words that differ from gold and "
            "are scored through the word alignment (--yield align): their figures are not "
            "EVALB's; report them with the word error rate")
