"""Scoring a pair whose yields differ, through their word alignment (``--yield align``).

The word alignment (:mod:`parsedit.wordalign`) pairs gold and test words.
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
* tagger measures (``tagging``): over the aligned pairs only;
* dependencies (``dep``, a metric that reads raw trees): not projected; the
  words of its own trees (punctuation kept) are aligned by the same aligner
  and the dependencies scored through that alignment (SParseval's way: a
  word is attached when its test head is aligned with its gold head; a
  relation matches when both its words are aligned and the same), see
  :meth:`parsedit.deps.metric.Dependencies.score_through`.

With identical yields the projections are the trees themselves and nothing
is lost, so every figure is the one ``--yield strict`` gives.

PARSEVAL alone (as EVALB counts it) is also computed without the trees, on
the route ``lines/keys`` (:mod:`parsedit.pipeline.route`):
:func:`keys_aligned` projects the line reader's bracket keys through the
same alignment, with the same results.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from parsedit.config import Config
from parsedit.costs.scheme import ANY, CostScheme, Substitution
from parsedit.errors import ConfigError
from parsedit.metrics.base import Metric, Outcome, RawMetric
from parsedit.metrics.parseval import keys_counts
from parsedit.results import EditCounts, LACounts, ParsevalCounts, WordCounts
from parsedit.trees import bracketing
from parsedit.trees.bracketing import CLOSE, CLOSING, OPEN, WORD, Bracketing
from parsedit.trees.lines import LABEL, POSITION, POSITIONS, LineRead
from parsedit.trees.normalise import Normalisation
from parsedit.wordalign import PAIRED, WordAligner, WordAlignment, same_words

# The edit distances (and pynini with them) are imported where they are
# used: PARSEVAL alone under --yield align loads no FST (tests/test_startup.py).
if TYPE_CHECKING:
    from parsedit.metrics.edits import EditDistance


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


# The groups of label-encoding kinds that the bounds of JointDistance keep apart.
_GROUPS = (frozenset({"word"}), frozenset({"tag"}), frozenset({"open", "close"}))


def _kinds_apart(scheme: CostScheme) -> bool:
    """Whether no substitution of ``scheme`` can rewrite a word as a non-word,
    or a tag as a bracket (or the reverse): what JointDistance's lower bound
    needs."""
    for entry in scheme.substitute:
        kinds = {kind for group in _GROUPS for kind in group
                 if scheme.may_hold(entry.source, kind) or scheme.may_hold(entry.target, kind)}
        if not any(kinds <= group for group in _GROUPS):
            return False
    return True


class JointDistance:
    """The joint label distance of :func:`joint_scheme`, exactly the whole
    pair's composition, mostly computed in small pieces.

    The whole label strings of a pair cannot be cut at their words, since
    words are editable (and a cheapest path may trade brackets for word
    edits, so even a matched word is no sure anchor).  Instead two bounds:

    * **upper**: the cost of one valid path, the cheapest of those that
      match every word the cheapest *word* script (:class:`WordAligner`
      under the joint scheme's word costs) matches: the strings are cut at
      those words and the pieces between them composed, one by one and
      remembered, as under ``--yield strict``;
    * **lower**: every edit of a path edits words only, tags only or
      brackets only (no substitution crosses those groups, which is checked:
      :func:`_kinds_apart`), and every cost is >= 0.  The word edits of a path
      form a word script, so cost at least the word distance W; its bracket
      edits form a script between the two strings' brackets alone (open and
      close, words and tags left out), so cost at least their distance B
      (composed like any pair); its tag edits cost at least 0.  Before B is
      composed, a cheaper bound on it is tried: when no substitution can
      touch a bracket, each bracket is matched to an equal one or deleted
      (inserted), so at least the surplus of each bracket symbol on one side
      over the other is deleted (inserted), at its cost.

    When the upper bound equals W (no bracket is edited on that path) or W +
    B, it is the distance, and the path is a cheapest one; otherwise the
    whole pair is composed as before.  The movement correction is then read
    on the pieces' path, with runs of close brackets between matched words as
    always (it may be another cheapest path than the whole composition's).
    With ``tie_break`` (``parsedit align``, error details) the whole pair is
    always composed, so the path shown is the preferred one.
    """

    def __init__(self, distance: EditDistance, label: CostScheme,
                 tie_break: bool = False) -> None:
        self.distance = distance
        scheme = distance.edits.scheme
        assert isinstance(scheme, CostScheme) and distance.name == "label"
        # The cascade reads the whole pair anyway.
        self.bounded = (not tie_break and _kinds_apart(scheme)
                        and distance.edits.movement.method != "cascade")
        # When the label scheme cannot edit a word, a word costs in the joint
        # scheme what it costs in the word scheme, so the pair's own word
        # alignment, whose merges and EQ_WORD matches can only make it cheaper,
        # gives a lower bound on W; otherwise W is computed under the joint
        # scheme (equality only, no merges: the transducer's words).
        self.words = WordAligner(scheme) if label.can_edit("word") else None
        self.scheme = scheme
        # Whether brackets are only matched, deleted or inserted (the counts' bound).
        self.counted = not any(scheme.may_hold(cls, kind) for entry in scheme.substitute
                               for cls in (entry.source, entry.target) for kind in _BRACKETS)
        self._indel: dict[str, tuple[float, float]] = {}

    def _surplus(self, gold: tuple[str, ...], test: tuple[str, ...]) -> float:
        """A lower bound on the distance of two bracket strings when brackets
        are only matched, deleted or inserted: each symbol's surplus on one
        side deleted or inserted."""
        if not self.counted:
            return 0.0
        scheme, indel = self.scheme, self._indel
        total = 0.0
        for side, surplus in ((0, Counter(gold) - Counter(test)),
                              (1, Counter(test) - Counter(gold))):
            for symbol, n in surplus.items():
                costs = indel.get(symbol)
                if costs is None:
                    kind, label = bracketing.decode(symbol)
                    sig = scheme.signature(kind, label)
                    costs = indel[symbol] = (scheme.delete_cost(sig), scheme.insert_cost(sig))
                total += n * costs[side]
        return total

    def score(self, gold: Bracketing, test: Bracketing, alignment: WordAlignment) -> Outcome:
        """The joint distance of a pair whose word alignment (under the word
        scheme) is ``alignment``."""
        if not self.bounded:
            return self.distance.score(gold, test)
        from parsedit.fst.align import Alignment, matched

        encoding, edits = self.distance.encoding, self.distance.edits
        g, t = encoding.encode(gold), encoding.encode(test)
        if g == t:
            return self.distance.score(gold, test)
        # The label encoding's symbols are bracketing tokens: decoded once each.
        g_decoded = bracketing.decode_all(g)  # type: ignore[arg-type]
        t_decoded = bracketing.decode_all(t)  # type: ignore[arg-type]
        g_kinds = [kind for kind, _ in g_decoded]
        t_kinds = [kind for kind, _ in t_decoded]
        g_at = [i for i, k in enumerate(g_kinds) if k is WORD]
        t_at = [j for j, k in enumerate(t_kinds) if k is WORD]
        if self.words is not None:
            alignment = self.words.align([g_decoded[i][1] for i in g_at],
                                         [t_decoded[j][1] for j in t_at])
        cuts = [(g_at[op.gold[0]], t_at[op.test[0]]) for op in alignment.ops
                if op.kind == "match" and g[g_at[op.gold[0]]] == t[t_at[op.test[0]]]]
        pieces: list[Alignment] = []
        a = b = 0
        for i, j in (*cuts, (len(g), len(t))):
            gp, tp = tuple(g[a:i]), tuple(t[b:j])
            pieces.append(matched(gp) if gp == tp else edits.aligned(gp, tp))
            a, b = i + 1, j + 1
        upper = sum(p.cost for p in pieces)
        tolerance = 1e-6 * max(1.0, upper)
        if upper - alignment.cost > tolerance:
            gb = tuple(s for s, k in zip(g, g_kinds) if k in _BRACKETS)
            tb = tuple(s for s, k in zip(t, t_kinds) if k in _BRACKETS)
            if upper - alignment.cost - self._surplus(gb, tb) > tolerance:  # type: ignore[arg-type]
                lower = alignment.cost + (edits.aligned(gb, tb).cost if gb != tb else 0.0)
                if upper - lower > tolerance:
                    return self.distance.score(gold, test)
        # The pieces and their anchors read as strict's are (movement runs per piece).
        scored = edits._finish((), tuple(pieces), tuple(g[i] for i, _ in cuts), (),
                               encoding.events(g))
        return Outcome(scored.counts, scored)


_BRACKETS = (OPEN, CLOSING)
_KINDS = {"label": ("open", "close"), "span": ("span",), "rule": ("rule",)}


def lost_cost(scheme: CostScheme, encoding: str, labels: tuple[str, ...],
              deleted: bool) -> float:
    """What deleting (gold) or inserting (test) the lost constituents costs."""
    cost = scheme.delete_cost if deleted else scheme.insert_cost
    return sum(cost(scheme.signature(kind, CLOSE if kind == "close" else label))
               for label in labels for kind in _KINDS[encoding])


def adjust(metric: Metric[Any], outcome: Outcome, projection: Projection,
           alignment: WordAlignment, gold: Bracketing, with_preterminals: bool) -> Outcome:
    """A metric's outcome over the projections with what the projection took
    out put back (see the module); ``gold`` is the whole gold bracketing."""
    lost_g, lost_t = projection.lost_gold, projection.lost_test
    counts = outcome.counts
    if isinstance(counts, ParsevalCounts):
        extra_g, extra_t = len(lost_g), len(lost_t)
        if with_preterminals:
            extra_g += projection.unaligned_gold
            extra_t += projection.unaligned_test
        counts = ParsevalCounts.sentence(
            alignment.gold_words, counts.correct_tags, counts.gold + extra_g,
            counts.test + extra_t, counts.matched, counts.labelled, counts.unlabelled,
            counts.crossing)
    elif isinstance(counts, EditCounts):
        from parsedit.metrics.edits import EditDistance

        if isinstance(metric, EditDistance):
            scheme = metric.edits.scheme
            assert isinstance(scheme, CostScheme)  # Config refuses transducers here
            extra = (lost_cost(scheme, metric.name, lost_g, True)
                     + lost_cost(scheme, metric.name, lost_t, False))
            events = metric.encoding.events(metric.encoding.encode(gold))
            counts = EditCounts.sentence(counts.edits + extra, counts.basic + extra, events)
    elif isinstance(counts, LACounts):
        zeros = projection.unaligned_gold + projection.unaligned_test
        scores = (*counts.word_scores, *([0.0] * zeros))
        counts = LACounts(counts.word_sum / len(scores), 1, counts.word_sum, len(scores),
                          scores) if scores else LACounts()
    return Outcome(counts, outcome.detail)


def word_aligner(config: Config) -> WordAligner:
    """The word aligner of ``--yield align`` (``Config.word_aligner``: the
    banded backward pass, or the same alignments by an OpenFst composition)."""
    norm = config.params.normalisation
    # Without EQ_WORD pairs, words are the same word only when equal.
    same_word = norm.same_word if norm.equal_words else None
    if config.word_aligner == "fst":
        from parsedit.fst.wordfst import FstWordAligner
        return FstWordAligner(config.word_scheme(), same_word)
    return WordAligner(config.word_scheme(), same_word)


class AlignedScorer:
    """Scores pairs whose words differ through their word alignment (see
    the module): each of ``metrics`` on the projections, adjusted, and the
    label distance jointly over the whole trees."""

    def __init__(self, metrics: Mapping[str, Metric[Any]], config: Config,
                 tie_break: bool = False) -> None:
        self.metrics = metrics
        self.with_preterminals = config.with_preterminals
        self.normalisation, self.labeled = config.params.normalisation, config.params.labeled
        words = config.word_scheme()
        self.aligner = word_aligner(config)
        label = metrics.get("label")
        self.joint: JointDistance | None = None
        if label is not None:
            from parsedit.metrics.edits import EditDistance

            label_scheme = config.scheme("label")
            if isinstance(label, EditDistance) and isinstance(label_scheme, CostScheme):
                self.joint = JointDistance(
                    EditDistance(label.encoding, joint_scheme(label_scheme, words), None,
                                 config.movement, tie_break), label_scheme, tie_break)

    def score(self, gold: Bracketing, test: Bracketing,
              raw: tuple[Bracketing, Bracketing] | None = None
              ) -> tuple[Projection, dict[str, Outcome]]:
        """The projections and every metric's outcome; ``words`` holds the
        word alignment (its counts a :class:`WordCounts`).  A metric that
        reads raw trees scores ``raw`` (the pair's raw tokens) through the
        alignment of its own words (:meth:`RawMetric.score_through`: the
        dependency metric's words keep the punctuation that normalisation
        deletes)."""
        alignment = self.aligner.align(bracketing.words(gold), bracketing.words(test))
        projection = project(gold, test, alignment)
        outcomes = {}
        for name, metric in self.metrics.items():
            if isinstance(metric, RawMetric):
                if raw is None:
                    raise ConfigError(f"the {name} metric reads raw trees: none were given")
                outcomes[name] = metric.score_through(*raw, self.aligner)
            elif name == "label" and self.joint is not None:
                outcomes[name] = self.joint.score(gold, test, alignment)
            else:
                outcomes[name] = adjust(metric, metric.score(projection.gold, projection.test),
                                        projection, alignment, gold, self.with_preterminals)
        outcomes["words"] = Outcome(alignment.counts, alignment)
        return projection, outcomes

    def same(self, words: int) -> WordCounts:
        """The word counts of a pair whose ``words`` words are the same
        (scored as under strict): every word matched."""
        return same_words(words)

    def keys(self, gold: LineRead, test: LineRead, strict: ParsevalCounts | None
                 ) -> dict[str, ParsevalCounts | WordCounts] | None:
        """PARSEVAL alone of a pair of lines read into bracket keys
        (:mod:`parsedit.pipeline.units`), with the word counts: ``strict`` are the
        pair's counts when its words are the same (None when they differ, or
        a side has none), else it is scored by :func:`keys_aligned`.  None where
        the reference way must judge."""
        if strict is not None:
            return {"parseval": strict, "words": same_words(len(gold.tagged))}
        found = keys_aligned(gold, test, self.aligner, self.normalisation, self.labeled)
        return None if found is None else {"parseval": found[0], "words": found[1]}


def keys_aligned(gold: LineRead, test: LineRead, aligner: WordAligner, norm: Normalisation,
             labeled: bool) -> tuple[ParsevalCounts, WordCounts] | None:
    """PARSEVAL as EVALB counts it, and the word counts, of a pair whose
    words differ, read into bracket keys (:mod:`parsedit.trees.lines`),
    exactly as :class:`AlignedScorer` and :func:`adjust` score it from the
    normalised trees: the bracket keys projected onto the aligned words (a
    key whose span keeps no aligned word is lost) and matched as
    :func:`~parsedit.metrics.parseval.keys_counts` matches any pair.
    None where that path must judge: a side without words, EQ_WORD pairs, or
    EVALB's quote fix (QUOTE_LABEL, when the lengths differ)."""
    if not gold.tagged or not test.tagged or norm.equal_words or (
            norm.quote_labels and len(gold.tagged) != len(test.tagged)):
        return None
    if aligner.by_equality:  # a word's ")" may stay on
        golds, tests, words = aligner.paired([word for word, _ in gold.tagged],
                                             [word for word, _ in test.tagged])
    else:
        golds, tests, words = aligner.paired([word[:-1] for word, _ in gold.tagged],
                                             [word[:-1] for word, _ in test.tagged])
    if not golds:
        return None
    gold_keys, lost_gold = _projected(gold.keys, len(gold.tagged), golds)
    test_keys, lost_test = _projected(test.keys, len(test.tagged), tests)
    # Both projections have the aligned gold words (project() writes the
    # test's so); the tags of the aligned pairs are compared here.
    both = [gold.tagged[i] for i in golds]
    counts = keys_counts(LineRead(gold_keys, both, False, 0), LineRead(test_keys, both, False, 0),
                             labeled)
    assert counts is not None  # both projections have the same words, at least one
    test_tagged = test.tagged
    correct = sum(1 for (_, tag), j in zip(both, tests) if tag == test_tagged[j][1])
    return ParsevalCounts.sentence(
        words.gold, correct, counts.gold + lost_gold, counts.test + lost_test,
        counts.matched, counts.labelled, counts.unlabelled, counts.crossing), words


def _projected(keys: list[int], words: int, kept: list[int]) -> tuple[list[int], int]:
    """Bracket keys over ``words`` positions projected onto the ``kept`` ones
    (in order), and how many kept none (lost): a span [s, e) keeps the
    words from before[s] to before[e], before[p] being how many kept
    positions come before p."""
    if len(kept) == words:  # every word kept (substitutions only)
        return keys, 0
    before = [0] * (words + 1)
    for position in kept:
        before[position + 1] = 1
    for position in range(1, words + 1):
        before[position] += before[position - 1]
    out = []
    for key in keys:
        start, end = before[key >> POSITION & POSITIONS], before[key & POSITIONS]
        if start != end:
            out.append(key >> LABEL << LABEL | start << POSITION | end)
    return out, len(keys) - len(out)


def warning(differ: int, scored: int) -> str | None:
    """The caveat of a run in which ``differ`` of the ``scored`` pairs were
    scored with words that differ from gold (None when none was)."""
    if not differ:
        return None
    return (f"{differ} of {scored} scored sentences have words that differ from gold and "
            "are scored through the word alignment (--yield align): their figures are not "
            "EVALB's; report them with the word error rate")
