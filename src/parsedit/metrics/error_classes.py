"""Error classes read off the label edit script (issue 31).

What parsing papers tabulate since Kummerfeld et al. (2012) is errors by
*class*: PP attachment, clause attachment, coordination, NP-internal
structure, unary, single-word phrase, different label, ...  Kummerfeld's
Berkeley Parser Analyser finds them by a greedy search over tree
transformations.  Here they are read off Roark's (2002) label edit script
between the gold and the test tree, which already says what moved:

* a run of close brackets deleted after one word and inserted after another
  (Roark's consecutive-close-bracket movement) is a constituent attached at
  the wrong height: the words between the two places moved;
* an open bracket deleted and one with the same label inserted, its close
  bracket kept, is the same on the left edge;
* an open/close pair deleted or inserted is a missing or extra node;
* an open bracket rewritten over the same words is a relabelling.

The cheapest script under the basic transducer (roark-basic: 0.5 per
bracket deleted or inserted) falls apart word by word: between two words it
deletes or inserts the difference of the two trees' close brackets there,
and matches the open brackets that start there as a longest common
subsequence of their labels.  So every cheapest script deletes and inserts
the same close brackets after each word (what makes the movement correction
independent of how the shortest-path search breaks ties), and differs from
another only in *which* of two equal labels starting at one word it
matches.  :func:`canonical_script` makes that choice by spans: brackets
equal in label and span are matched first (PARSEVAL's matches), then equal
labels outermost with outermost, so the script, and every class read from
it, is a function of the two trees alone, whatever the aligner's tie-breaking.

From the script, a sentence's errors become a sequence of *fixes* applied to
the test tree until it has the gold brackets (:func:`fixes`):

1. the script's moves: the test nodes whose open bracket is matched and whose
   close bracket is displaced from gold's end ``e`` to ``e'``, grouped by
   ``(e', e)`` (one run of brackets moved together), and the same on the left
   edge; a move re-attaches the words between the two places (the *movers*,
   whole constituents of the test tree) to the node they belong under, as
   the Berkeley Parser Analyser's moves do: an old parent left as X over X
   is collapsed, and a missing node over the movers inside their new parent
   is added with them;
2. relabellings (a deleted and an inserted open bracket over the same words);
3. the remaining deleted open brackets (missing nodes: added) and inserted
   ones (extra nodes: removed).

At each step the fix that removes the most missing and extra PARSEVAL
brackets is applied (a relabelling before a move that removes as many, a
move or relabelling before an addition or removal, additions before
removals, and otherwise the leftmost), and the script of what is left is
read again.  A fix's *brackets* are the missing plus extra brackets it
removes, as the analyser counts them; they add up, per sentence, to
PARSEVAL's missing plus extra (gold + test - 2 matched brackets, as EVALB
counts them under the run's parameter file).  Each fix is described by the
labels around it (:class:`parsedit.metrics.error_rules.Fix`) and named by a
rule set (``grammars/error-classes/*.toml``).

How it differs from the analyser: the analyser tries every move of every
run of siblings and keeps the one that removes the most brackets; here only
the moves the edit script makes are tried (fewer, so faster, and never an
accident of search order, but a fix the script does not see as a move, a
constituent re-attached at its left edge under a different label say, is
counted as the additions and removals it takes).
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from parsedit.frozen import fast_init
from parsedit.metrics.base import Metric, Outcome, Part
from parsedit.metrics.error_rules import (
    ATTACHMENT,
    CLASSES,
    OTHER,
    TITLES,
    Fix,
    RuleSet,
    _matcher,
    load_rules,
    shipped_rules,
)
from parsedit.trees.bracketing import (
    CLOSING,
    OPEN,
    TAGGED,
    WORD,
    Bracketing,
    decode,
    decode_all,
)

# The label of the node that holds a tree's top-level constituents (never a
# bracket; no label read from a file holds "(").
_HOLDER = "(top)"
# Brackets are (label, start, end); a multiset of them, each with its count.
Key = tuple[str, int, int]
Counts = dict[Key, int]


class _Node:
    """A node of a tree being fixed: a phrase (``kids`` a list) or a
    preterminal (``kids`` None), its span over word positions."""

    __slots__ = ("label", "kids", "up", "start", "end")

    def __init__(self, label: str, kids: list[_Node] | None, up: _Node | None,
                 start: int = 0, end: int = 0) -> None:
        self.label = label
        self.kids = kids
        self.up = up
        self.start = start
        self.end = end

    @property
    def key(self) -> Key:
        return (self.label, self.start, self.end)

    def shown(self) -> str:
        """The label as a rule reads it (the holder of a forest has none)."""
        return "" if self.up is None else self.label


def _tree(tokens: Bracketing) -> tuple[_Node, list[_Node]]:
    """The tree of a normalised bracketing under a holder node (every
    bracket PARSEVAL counts, the unlabelled outer one included), and its
    phrases in pre-order (what :func:`_phrases` gives)."""
    node = _Node
    root = top = node(_HOLDER, [], None)
    kids: list[_Node] = root.kids  # type: ignore[assignment]
    phrases: list[_Node] = []
    add = phrases.append
    n = 0
    for kind, text in decode_all(tokens):  # (written for speed: a tree a sentence)
        if kind is WORD:
            continue
        if kind is TAGGED:
            kids.append(node(text, None, top, n, n + 1))
            n += 1
        elif kind is OPEN:
            top = node(text, [], top, n)
            kids.append(top)
            kids = top.kids  # type: ignore[assignment]
            add(top)
        else:  # a close bracket
            top.end = n
            top = top.up  # type: ignore[assignment]
            kids = top.kids  # type: ignore[assignment]
    root.end = n
    return root, phrases


def _phrases(root: _Node) -> list[_Node]:
    """Every phrase below ``root``, in pre-order (outermost first)."""
    out: list[_Node] = []
    stack = list(reversed(root.kids or ()))
    while stack:
        node = stack.pop()
        if node.kids is not None:
            out.append(node)
            stack.extend(reversed(node.kids))
    return out


def _respan(root: _Node) -> list[_Node]:
    """Set every phrase's span from its children's; the phrases in pre-order."""
    phrases = _phrases(root)
    for node in reversed(phrases):
        assert node.kids
        node.start, node.end = node.kids[0].start, node.kids[-1].end
    return phrases


def _keys(tokens: Bracketing) -> list[Key]:
    """The brackets of a normalised bracketing in pre-order (what
    :func:`_tree` and :func:`_phrases` give, without building the tree)."""
    labels: list[str] = []
    begins: list[int] = []
    ends: list[int] = []
    stack: list[int] = []
    n = 0
    for kind, text in decode_all(tokens):  # (written for speed: a pass a sentence)
        if kind is WORD:
            continue
        if kind is TAGGED:
            n += 1
        elif kind is OPEN:
            stack.append(len(labels))
            labels.append(text)
            begins.append(n)
            ends.append(n)
        else:  # a close bracket
            ends[stack.pop()] = n
    return list(zip(labels, begins, ends))


def _copy(root: _Node) -> tuple[_Node, dict[int, _Node]]:
    """A copy of a tree, and each old node's copy by ``id``."""
    node = _Node
    top = node(root.label, [], None, root.start, root.end)
    found = {id(root): top}
    stack = [(root, top)]
    while stack:  # (written for speed: a copy a move tried)
        old, new = stack.pop()
        kids: list[_Node] = new.kids  # type: ignore[assignment]
        for kid in old.kids:  # type: ignore[union-attr]
            if kid.kids is None:
                copy = node(kid.label, None, new, kid.start, kid.end)
            else:
                copy = node(kid.label, [], new, kid.start, kid.end)
                stack.append((kid, copy))
            kids.append(copy)
            found[id(kid)] = copy
    return top, found


def _mirror(root: _Node) -> None:
    """Reverse a tree left to right (word i becomes n - 1 - i)."""
    n = root.end
    stack = [root]
    while stack:
        node = stack.pop()
        node.start, node.end = n - node.end, n - node.start
        if node.kids:
            node.kids.reverse()
            stack.extend(node.kids)
    root.start, root.end = 0, n


def _index(parent: _Node, child: _Node) -> int:
    assert parent.kids is not None
    return next(i for i, k in enumerate(parent.kids) if k is child)


def _labels(nodes: Sequence[_Node]) -> tuple[str, ...]:
    return tuple(n.label for n in nodes)


def _splice(node: _Node) -> tuple[_Node, int]:
    """Remove ``node``, its children taking its place; its parent and index."""
    parent = node.up
    assert parent is not None and parent.kids is not None and node.kids is not None
    i = _index(parent, node)
    parent.kids[i:i + 1] = node.kids
    for kid in node.kids:
        kid.up = parent
    return parent, i


def _collapse(node: _Node) -> None:
    """Collapse an old parent left as X over X (what the analyser does)."""
    kids = node.kids
    if (node.up is not None and kids is not None and len(kids) == 1
            and kids[0].kids is not None and kids[0].label == node.label):
        _splice(node)


# -- the canonical script -----------------------------------------------------

@fast_init
@dataclass(frozen=True)
class Script:
    """The canonical cheapest label script of a pair, as tree edits.
    ``matched`` is the number of open brackets it matches (where it looked);
    of the errors
    (PARSEVAL's missing and extra brackets): ``closes`` are the extra test
    nodes whose open bracket it matches with a missing gold one's, its close
    bracket displaced (with gold's end); ``opens`` the extra test nodes whose
    open bracket it inserts where it deletes a missing gold one with the same
    label and end (with gold's start); ``deleted`` the missing brackets and
    ``inserted`` the extra nodes left (missing and extra nodes, relabellings
    among them)."""

    matched: int
    closes: tuple[tuple[_Node, int], ...]
    opens: tuple[tuple[_Node, int], ...]
    deleted: tuple[Key, ...]
    inserted: tuple[_Node, ...]

    def cost(self, gold: Sequence[Key], test: Sequence[Key]) -> float:
        """Its cost under roark-basic before the movement correction: 0.5
        per open bracket deleted or inserted, and per close bracket deleted
        or inserted after each word (the difference of the two trees'
        counts there); ``gold`` and ``test`` are every bracket of the two."""
        ends = Counter(e for _, _, e in gold)
        ends.subtract(e for _, _, e in test)
        opens = len(gold) + len(test) - 2 * self.matched
        return 0.5 * (opens + sum(abs(v) for v in ends.values()))

    @staticmethod
    def runs(gold: Sequence[Key], test: Sequence[Key], words: int
             ) -> tuple[list[int], list[int]]:
        """The close brackets every cheapest script deletes and inserts after
        each word (the runs the movement correction reads), word 1 to the
        last."""
        ends = Counter(e for _, _, e in gold)
        ends.subtract(e for _, _, e in test)
        return ([max(ends[i], 0) for i in range(1, words + 1)],
                [max(-ends[i], 0) for i in range(1, words + 1)])


def _extra_nodes(phrases: Sequence[_Node], extra: Counts) -> list[_Node]:
    """The test nodes PARSEVAL leaves unmatched (``phrases``: the test tree's
    in pre-order): of several with one bracket, the outermost ones."""
    left = dict(extra)
    out: list[_Node] = []
    for node in phrases:
        key = (node.label, node.start, node.end)
        if left.get(key, 0) > 0:
            left[key] -= 1
            out.append(node)
    return out


def _common(gold: Sequence[tuple[str, int]], test: Sequence[tuple[str, int]]
            ) -> list[tuple[int, int]]:
    """The open brackets starting at one word that the canonical script
    matches: of the longest common subsequences of their labels (outermost
    first, each with its end), one with the most equal ends; then the one
    that matches gold's outermost brackets.  The pairs of indices."""
    n, m = len(gold), len(test)
    best = [[(0, 0)] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            value = max(best[i + 1][j], best[i][j + 1])
            if gold[i][0] == test[j][0]:
                after = best[i + 1][j + 1]
                value = max(value, (after[0] + 1, after[1] + (gold[i][1] == test[j][1])))
            best[i][j] = value
    pairs: list[tuple[int, int]] = []
    i = j = 0
    while i < n and j < m:
        if gold[i][0] == test[j][0]:
            after = best[i + 1][j + 1]
            if (after[0] + 1, after[1] + (gold[i][1] == test[j][1])) == best[i][j]:
                pairs.append((i, j))
                i += 1
                j += 1
                continue
        if best[i][j + 1] == best[i][j]:
            j += 1
        else:
            i += 1
    return pairs


Starts = dict[int, list[tuple[str, int]]]


def starts(keys: Sequence[Key]) -> Starts:
    """Brackets (in pre-order) by their start: each one's label and end,
    outermost first."""
    found: Starts = {}
    for label, start, end in keys:
        found.setdefault(start, []).append((label, end))
    return found


def canonical_script(gold_at: Starts, phrases: Sequence[_Node], missing: Counts,
                     extra: Counts, whole: bool = False) -> Script:
    """The script's choices made by spans (see the module docstring):
    ``gold_at`` the gold brackets by start (:func:`starts`), ``phrases`` the
    test tree's phrases in pre-order, ``missing`` and ``extra`` PARSEVAL's
    errors.  Only the words where an error starts are looked at (nothing
    else can move, be added or removed), unless ``whole`` (for ``matched``,
    and so the cost, of the whole script)."""
    wanted = {k[1] for k in missing} | {k[1] for k in extra}
    test_at: dict[int, list[_Node]] = {}
    for node in phrases:
        if whole or node.start in wanted:
            test_at.setdefault(node.start, []).append(node)
    matched = 0
    closes: list[tuple[_Node, int]] = []
    unmatched_gold: list[Key] = []
    unmatched_test: list[_Node] = []
    for start in sorted(gold_at.keys() | test_at.keys() if whole else wanted):
        g = gold_at.get(start, [])
        nodes = test_at.get(start, [])
        t = [(n.label, n.end) for n in nodes]
        if g == t:
            matched += len(g)
            continue
        pairs = _common(g, t)
        matched += len(pairs)
        for i, j in pairs:
            node, end = nodes[j], g[i][1]
            if (end != node.end and extra.get(node.key)
                    and missing.get((node.label, start, end))):
                closes.append((node, end))
        paired_g = {i for i, _ in pairs}
        paired_t = {j for _, j in pairs}
        unmatched_gold.extend((label, start, end) for i, (label, end) in enumerate(g)
                              if i not in paired_g)
        unmatched_test.extend(n for j, n in enumerate(nodes) if j not in paired_t)
    deleted = [k for k in unmatched_gold if missing.get(k)]
    inserted = [n for n in unmatched_test if extra.get(n.key)]
    starts: dict[tuple[str, int], list[int]] = {}
    for label, start, end in deleted:
        starts.setdefault((label, end), []).append(start)
    opens: list[tuple[_Node, int]] = []
    inserted_left: list[_Node] = []
    for node in inserted:
        found = starts.get((node.label, node.end))
        if found:
            opens.append((node, found.pop(0)))
        else:
            inserted_left.append(node)
    deleted_left = sorted(((label, start, end) for (label, end), left in starts.items()
                           for start in left), key=lambda k: (k[1], k[2], k[0]))
    return Script(matched, tuple(closes), tuple(opens), tuple(deleted_left),
                  tuple(inserted_left))


# -- fixes ----------------------------------------------------------------------

@fast_init
@dataclass(frozen=True)
class Classified:
    """One fix: its class, the brackets it removes (missing from and extra
    in the test tree, as ``(side, label, start, end)``, ``side`` ``"gold"``
    or ``"test"``), what the rules read of it, and a line for people."""

    name: str
    brackets: int
    fixed: tuple[tuple[str, str, int, int], ...]
    fix: Fix
    text: str


def _move_right(group: Sequence[_Node], target: int) -> tuple[Fix, list[_Node], _Node] | None:
    """Move the words between the group's end and ``target`` so that the
    group (nested test nodes sharing an end, outermost first) ends at
    ``target``: the fix, the movers and their new parent, or None when they
    are not whole constituents of one node."""
    outer = group[0]
    ids = {id(n) for n in group}
    inner = outer
    while inner.kids and inner.kids[-1].kids is not None and id(inner.kids[-1]) in ids:
        inner = inner.kids[-1]
    found = (_move_down if target > outer.end else _move_up)(outer, inner, target)
    if found is None:
        return None
    movers, old, new, beside = found
    fix = Fix("move", movers=_labels(movers), old_parent=old.shown(), new_parent=new.shown(),
              beside=tuple(beside))
    _collapse(old)
    return fix, movers, new


Moved = tuple[list[_Node], _Node, _Node, list[str]]


def _move_down(outer: _Node, inner: _Node, target: int) -> Moved | None:
    """The words after ``outer`` up to ``target`` move down into ``inner``
    (the innermost node of the group): the movers, their old and new parent
    and the labels beside them at both places; None when they are not a run
    of whole children of one node."""
    child, parent = outer, outer.up
    assert parent is not None and parent.kids is not None and inner.kids is not None
    while parent.kids[-1] is child:
        if parent.up is None:
            return None
        child, parent = parent, parent.up
        assert parent.kids is not None
    kids = parent.kids
    assert kids is not None
    i = _index(parent, child)
    j = i + 1
    while j < len(kids) and kids[j].end <= target:
        j += 1
    movers = kids[i + 1:j]
    if not movers or movers[-1].end != target:
        return None
    beside = [kids[i].label, *_labels(kids[j:j + 1])]
    del kids[i + 1:j]
    if inner.kids:
        beside.append(inner.kids[-1].label)
    inner.kids.extend(movers)
    for mover in movers:
        mover.up = inner
    return movers, parent, inner, beside


def _move_up(outer: _Node, inner: _Node, target: int) -> Moved | None:
    """The words of ``inner`` from ``target`` on move up out of the group,
    beside ``outer``, from ``inner`` or the node on its right edge that
    holds them as a run of whole children (see :func:`_move_down`)."""
    holder = inner
    while True:
        kids = holder.kids
        assert kids is not None
        j = len(kids)
        while j > 0 and kids[j - 1].start >= target:
            j -= 1
        if 0 < j < len(kids) and kids[j - 1].end == target:
            break
        last = kids[-1]
        if j == len(kids) and last.kids is not None and last.start < target < last.end:
            holder = last
            continue
        return None
    movers = kids[j:]
    del kids[j:]
    new = outer.up
    assert new is not None and new.kids is not None
    k = _index(new, outer)
    new.kids[k + 1:k + 1] = movers
    for mover in movers:
        mover.up = new
    beside = [kids[-1].label, outer.label, *_labels(new.kids[k + 1 + len(movers):][:1])]
    return movers, holder, new, beside


def _add(root: _Node, key: Key) -> _Node | None:
    """Add a node with bracket ``key`` over the children it spans, above any
    node with the same span; None if a bracket of the tree crosses it."""
    label, start, end = key
    node = root
    while True:
        assert node.kids is not None
        inner = next((k for k in node.kids if k.kids is not None and k.start <= start
                      and end <= k.end and (k.start, k.end) != (start, end)), None)
        if inner is None:
            break
        node = inner
    kids = node.kids
    assert kids is not None
    i = next((i for i, k in enumerate(kids) if k.start == start), None)
    j = next((j for j, k in enumerate(kids) if k.end == end), None)
    if i is None or j is None or j < i:
        return None
    added = _Node(label, kids[i:j + 1], node, start, end)
    for kid in kids[i:j + 1]:
        kid.up = added
    kids[i:j + 1] = [added]
    return added


def _node_fix(kind: str, node: _Node, right: _Node | None, only_child: bool) -> Fix:
    kids = node.kids
    assert kids is not None
    return Fix(kind, label=node.label, parent=node.up.shown() if node.up else "",
               children=_labels(kids), right_sibling=None if right is None else right.label,
               only_child=only_child, over_word=len(kids) == 1 and kids[0].kids is None,
               words_only=all(k.kids is None for k in kids))


def _difference(gold: Counts, test: Counts) -> tuple[Counts, Counts]:
    """PARSEVAL's missing (gold less test) and extra (test less gold) brackets."""
    get = test.get
    missing = {k: n - get(k, 0) for k, n in gold.items() if n > get(k, 0)}
    get = gold.get
    extra = {k: n - get(k, 0) for k, n in test.items() if n > get(k, 0)}
    return missing, extra


def _less(before: Counts, after: Counts) -> list[Key]:
    """The brackets of ``before`` that ``after`` no longer has (with repeats)."""
    return [k for k, n in before.items() for _ in range(n - after.get(k, 0))]


def _take(counts: Counts, key: Key) -> bool:
    """Take one ``key`` from ``counts`` if it holds one."""
    n = counts.get(key, 0)
    if n > 1:
        counts[key] = n - 1
    elif n == 1:
        del counts[key]
    return n > 0


def _put(counts: Counts, key: Key) -> bool:
    counts[key] = counts.get(key, 0) + 1
    return True


class _State:
    """The test tree being fixed, and its errors against gold."""

    def __init__(self, gold: Counts, root: _Node, phrases: list[_Node]) -> None:
        self.gold = gold
        self.root = root
        self.phrases = phrases
        self.missing, self.extra = self._errors(self.phrases)

    def _errors(self, phrases: Sequence[_Node]) -> tuple[Counts, Counts]:
        return _difference(self.gold, Counter([(n.label, n.start, n.end) for n in phrases]))

    @property
    def errors(self) -> int:
        return sum(self.missing.values()) + sum(self.extra.values())

    def changed(self, removed: Key | None, added: Key | None) -> tuple[Counts, Counts]:
        """The missing and extra brackets once the tree loses the bracket
        ``removed`` and gains ``added`` (a node removed, added or relabelled:
        no other span changes), without counting the tree again."""
        missing, extra = dict(self.missing), dict(self.extra)
        if removed is not None:
            _take(extra, removed) or _put(missing, removed)
        if added is not None:
            _take(missing, added) or _put(extra, added)
        return missing, extra

    def commit(self, root: _Node, fix: Fix, name: str, text: str,
               phrases: list[_Node] | None = None,
               errors: tuple[Counts, Counts] | None = None) -> Classified:
        """Make ``root`` the current tree (``phrases``: its phrases in
        pre-order, and ``errors`` its missing and extra brackets, if known);
        the fix with what it removed."""
        if root is not self.root:
            _free(self.root, self.phrases)
        if phrases is None:
            phrases = _phrases(root)
        missing, extra = self._errors(phrases) if errors is None else errors
        fixed = tuple(sorted([("gold", *k) for k in _less(self.missing, missing)]
                             + [("test", *k) for k in _less(self.extra, extra)]))
        brackets = self.errors - sum(missing.values()) - sum(extra.values())
        self.root, self.phrases, self.missing, self.extra = root, phrases, missing, extra
        return Classified(name, brackets, fixed, fix, text)


Tried = tuple[int, _Node, Fix, str, list[_Node], tuple[Counts, Counts]]


def _try_move(state: _State, group: Sequence[_Node], target: int, left: bool) -> Tried | None:
    """A move tried on a copy of the tree: the brackets it removes, the new
    tree, the fix and its description (None if it cannot be made).
    ``left``: the open brackets move (done on the mirror image); and the new
    tree's phrases in pre-order."""
    root, copies = _copy(state.root)
    nodes = [copies[id(n)] for n in group]
    n = root.end
    if left:
        _mirror(root)
        target = n - target
    moved = _move_right(nodes, target)
    if left:
        _mirror(root)
    if moved is None:
        _free(root)
        return None
    fix, movers, new = moved
    if left:
        movers.reverse()
        fix = Fix("move", movers=tuple(reversed(fix.movers)), old_parent=fix.old_parent,
                  new_parent=fix.new_parent, beside=fix.beside)
    phrases = _respan(root)
    text = (f"move {' '.join(fix.movers)} from {fix.old_parent or '(top)'} "
            f"to {fix.new_parent or '(top)'}")
    # A missing node over the movers, inside their new parent, comes with them.
    span = (movers[0].start, movers[-1].end)
    after = Counter([(k.label, k.start, k.end) for k in phrases])
    missing, extra = _difference(state.gold, after)
    wanted = [k for k in missing if k[1] <= span[0] and span[1] <= k[2]
              and (k[1], k[2]) != span and new.start <= k[1] and k[2] <= new.end]
    if wanted:
        key = min(wanted, key=lambda k: (k[2] - k[1], k[1], k[0]))
        if _add(root, key) is not None:
            text += f", adding {key[0]}"
            phrases = _phrases(root)
            after[key] = after.get(key, 0) + 1
            missing, extra = _difference(state.gold, after)
    change = state.errors - sum(missing.values()) - sum(extra.values())
    return change, root, fix, text, phrases, (missing, extra)


def fixes(gold: Bracketing, test: Bracketing, rules: RuleSet) -> list[Classified]:
    """The fixes that turn ``test`` into a tree with ``gold``'s brackets, in
    order, each classified by ``rules`` (see the module docstring).  Both
    are normalised bracketings with the same words."""
    gold_keys = _keys(gold)
    gold_counts = Counter(gold_keys)
    root, phrases = _tree(test)
    state = _State(gold_counts, root, phrases)
    if not state.errors:
        _free(root, phrases)
        return []
    gold_at: Starts | None = None  # (read when a script is: not for additions alone)
    out: list[Classified] = []
    while state.errors:
        if not state.missing or not state.extra:
            # Only missing, or only extra, brackets are left: no move (a
            # moved edge leaves both) and no relabelling (a deleted and an
            # inserted bracket) is possible, so the script needs no reading.
            out.append(_add_or_remove(state, rules))
            continue
        if gold_at is None:
            gold_at = starts(gold_keys)
        script = canonical_script(gold_at, state.phrases, state.missing, state.extra)
        best: Tried | None = None
        for left, pairs in ((False, script.closes), (True, script.opens)):
            if left and best is not None and best[0] >= 2:
                break  # Roark's moves (close brackets) first
            groups: dict[tuple[int, int], list[_Node]] = {}
            for node, target in pairs:
                where = node.start if left else node.end
                groups.setdefault((where, target), []).append(node)
            for (_, target), group in groups.items():
                tried = _try_move(state, group, target, left)
                if tried is not None and (best is None or tried[0] > best[0]):
                    if best is not None:
                        _free(best[1], best[4])
                    best = tried
                elif tried is not None:
                    _free(tried[1], tried[4])
        relabel = _relabelling(state)
        if best is not None and not (best[0] >= 2 and (relabel is None or best[0] > 2)):
            _free(best[1], best[4])  # (not taken)
        if relabel is not None and (best is None or best[0] <= 2):
            node, key = relabel
            text = f"relabel {node.label} as {key[0]}"
            errors = state.changed(node.key, key)
            node.label = key[0]
            fix = _node_fix("relabel", node, None, False)
            out.append(state.commit(state.root, fix, rules.classify(fix), text, state.phrases,
                                    errors))
        elif best is not None and best[0] >= 2:
            _, root, fix, text, phrases, errors = best
            out.append(state.commit(root, fix, rules.classify(fix), text, phrases, errors))
        else:
            out.append(_add_or_remove(state, rules))
    _free(state.root, state.phrases)
    return out


def _free(root: _Node, phrases: Sequence[_Node] | None = None) -> None:
    """Drop the links from a tree's phrases to their children (``phrases``:
    all of them, if known), so that it is freed as soon as it is dropped,
    not by the garbage collector (a tree a sentence, and a copy a move
    tried: the collector would spend more time on them than the
    classification)."""
    if phrases is None:
        phrases = _phrases(root)
    root.kids = None
    for node in phrases:
        node.kids = None


def _relabelling(state: _State) -> tuple[_Node, Key] | None:
    """The first extra node with the span of a missing bracket (a deleted
    and an inserted open bracket over the same words), and that bracket."""
    spans: dict[tuple[int, int], str] = {}
    for label, start, end in sorted(state.missing):
        spans.setdefault((start, end), label)
    for node in _extra_nodes(state.phrases, state.extra):
        found = spans.get((node.start, node.end))
        if found is not None:
            return node, (found, node.start, node.end)
    return None


def _add_or_remove(state: _State, rules: RuleSet) -> Classified:
    """Add the first missing node that can be added, else remove the first
    extra one (one of them always can be: a missing bracket that cannot be
    added crosses a test bracket, which is extra)."""
    missing = sorted(state.missing, key=lambda k: (k[1], k[2], k[0]))
    for key in missing:
        added = _add(state.root, key)
        if added is not None:
            parent = added.up
            assert parent is not None and parent.kids is not None
            i = _index(parent, added)
            right = parent.kids[i + 1] if i + 1 < len(parent.kids) else None
            fix = _node_fix("add", added, right, len(parent.kids) == 1)
            text = f"add {key[0]} over {' '.join(fix.children)} (in {fix.parent or '(top)'})"
            # In pre-order (by start, then the longest first), above any node
            # with its span: where bisect puts it.
            phrases = list(state.phrases)
            phrases.insert(bisect_left(phrases, (key[1], -key[2]),
                                       key=lambda n: (n.start, -n.end)), added)
            return state.commit(state.root, fix, rules.classify(fix), text, phrases,
                                state.changed(None, key))
    extra = sorted(state.extra, key=lambda k: (k[1], k[2], k[0]))
    node = next(n for n in state.phrases if n.key == extra[0])
    parent = node.up
    assert parent is not None and parent.kids is not None
    i = _index(parent, node)
    right = parent.kids[i + 1] if i + 1 < len(parent.kids) else None
    fix = _node_fix("remove", node, right, len(parent.kids) == 1)
    _splice(node)
    text = f"remove {node.label} over {' '.join(fix.children)} (in {fix.parent or '(top)'})"
    phrases = [n for n in state.phrases if n is not node]
    return state.commit(state.root, fix, rules.classify(fix), text, phrases,
                        state.changed(node.key, None))


# -- the classes of a script's edits ----------------------------------------------

def op_classes(ops: Sequence[Any], found: Sequence[Classified]) -> tuple[str | None, ...]:
    """The class of each operation of a label edit script (``ops``: each
    with ``kind``, and ``gold`` and ``test`` tokens of the normalised
    bracketings, or None), from a sentence's classified fixes (``found``).

    An operation that deletes, inserts or rewrites a phrase's open or close
    bracket belongs to the fix that accounts for a bracket of that side
    (missing from gold, extra in the test) with that edge there: an open
    bracket ``(L`` before word ``w`` to one of label ``L`` starting at ``w``
    (the outermost first), a close bracket after word ``w`` to one ending
    at ``w`` (the innermost first); each bracket's edges are taken once.
    Equal tokens at one word are interchangeable in a cheapest script (which
    of two ``)`` it deletes is a tie), so brackets are found by their edges,
    never by which token the script happened to edit: every cheapest script
    of a pair gets the same marks.  Matches, tags, words, and an edit no fix
    accounts for have None."""
    owner: dict[tuple[str, str, int, int], str] = {}
    for fix in found:
        for key in fix.fixed:
            owner.setdefault(key, fix.name)
    opens: dict[tuple[str, str, int], list[tuple[str, int, int]]] = {}
    closes: dict[tuple[str, int], list[tuple[str, int, int]]] = {}
    for side, label, start, end in sorted(owner, key=lambda k: (k[2], -k[3])):
        opens.setdefault((side, label, start), []).append((label, start, end))
    for side, label, start, end in sorted(owner, key=lambda k: (-k[2], k[3])):
        closes.setdefault((side, end), []).append((label, start, end))
    out: list[str | None] = [None] * len(ops)
    words = {"gold": 0, "test": 0}
    for i, op in enumerate(ops):
        for side, token in (("gold", op.gold), ("test", op.test)):
            if token is None:
                continue
            kind, text = decode(token)
            if kind is WORD:
                words[side] += 1
                continue
            if op.kind == "match" or kind not in (OPEN, CLOSING):
                continue
            waiting = opens.get((side, text, words[side])) if kind is OPEN \
                else closes.get((side, words[side]))
            if waiting:
                label, start, end = waiting.pop(0)
                if out[i] is None:
                    out[i] = owner[side, label, start, end]
    return tuple(out)


# -- counts and the metric ------------------------------------------------------

@fast_init
@dataclass(frozen=True)
class ClassCount:
    """One class's fixes (``count``) and the missing plus extra brackets
    they account for (``brackets``); additive."""

    count: int = 0
    brackets: int = 0

    def __add__(self, other: ClassCount) -> ClassCount:
        if not isinstance(other, ClassCount):
            return NotImplemented
        return ClassCount(self.count + other.count, self.brackets + other.brackets)


_NONE = ClassCount()


def _zeros() -> dict[str, ClassCount]:
    return dict.fromkeys(CLASSES, _NONE)


@fast_init
@dataclass(frozen=True)
class ClassCounts:
    """Per class (every one of :data:`CLASSES`, in that order, in
    ``classes``): its :class:`ClassCount`, summed over ``sentences``;
    additive like every count class (and, as a mapping of count classes, an
    :class:`~parsedit.Evaluator`'s state holds each class's sums by name)."""

    classes: Mapping[str, ClassCount] = field(default_factory=_zeros)
    sentences: int = 0
    #: the gold brackets (phrases and preterminals) of the sentences, and per
    #: ``rule set:attachment class`` (the run's rule set and each shipped
    #: one), those whose label the class's movers name: what tells a rule
    #: set written for another treebank's labels (:meth:`ErrorClasses.warnings`)
    gold_labels: int = 0
    fits: Mapping[str, int] = field(default_factory=dict)

    def __add__(self, other: ClassCounts) -> ClassCounts:
        if not isinstance(other, ClassCounts):
            return NotImplemented
        theirs = other.classes
        fits = dict(self.fits)
        for key, n in other.fits.items():
            fits[key] = fits.get(key, 0) + n
        return ClassCounts({k: v if theirs[k] is _NONE else v + theirs[k]
                            for k, v in self.classes.items()},
                           self.sentences + other.sentences,
                           self.gold_labels + other.gold_labels, fits)

    @classmethod
    def sentence(cls, found: Sequence[Classified], gold_labels: int = 0,
                 fits: Mapping[str, int] | None = None) -> ClassCounts:
        """One sentence's counts, of its classified fixes (and of its gold
        labels, see the fields)."""
        classes = _zeros()
        for fix in found:
            classes[fix.name] = classes[fix.name] + ClassCount(1, fix.brackets)
        return cls(classes, 1, gold_labels, fits or {})

    @property
    def count(self) -> dict[str, int]:
        """Each class's fixes."""
        return {name: entry.count for name, entry in self.classes.items()}

    @property
    def brackets(self) -> dict[str, int]:
        """Each class's brackets."""
        return {name: entry.brackets for name, entry in self.classes.items()}

    @property
    def total_brackets(self) -> int:
        """Every class's brackets: PARSEVAL's missing plus extra brackets."""
        return sum(entry.brackets for entry in self.classes.values())

    @property
    def fixes(self) -> int:
        """Every class's fixes."""
        return sum(entry.count for entry in self.classes.values())

    @property
    def attachment_brackets(self) -> int:
        """The brackets of the attachment classes (PP, NP, VP, clause, modifier)."""
        return sum(self.classes[name].brackets for name in ATTACHMENT)

    def figures(self) -> dict[str, dict[str, int]]:
        """``{class: {"count": n, "brackets": m}}``, every class, zeros too."""
        return {name: {"count": self.classes[name].count,
                       "brackets": self.classes[name].brackets} for name in CLASSES}

    def columns(self) -> dict[str, int]:
        """One sentence's TSV columns: ``{class}_count`` and
        ``{class}_brackets`` of every class, in order."""
        return {f"{name}_{key}": value for name, entry in self.figures().items()
                for key, value in entry.items()}

    def items(self) -> Iterator[tuple[str, int, int]]:
        """(class, fixes, brackets) of every class, in order."""
        return ((name, self.classes[name].count, self.classes[name].brackets)
                for name in CLASSES)

    def rows(self) -> list[tuple[str, int, int, float | None]]:
        """What the text report shows of each class, in order: its title,
        fixes, brackets and share of every class's brackets (a percentage;
        None when there is no error at all)."""
        total = self.total_brackets
        return [(TITLES[name], count, brackets, 100.0 * brackets / total if total else None)
                for name, count, brackets in self.items()]


class ErrorClasses(Metric[ClassCounts]):
    """Error classes (``--error-classes``) as a metric: ``score`` gives a
    pair's :class:`ClassCounts` and, as its detail, its classified fixes.
    Its headline is the number of error brackets (PARSEVAL's missing plus
    extra brackets, fewer is better); its parts are each class's brackets,
    which ``compare`` tests pair by pair, a family of tests each."""

    name = "error_classes"
    title = "error brackets"
    higher_is_better = False

    def __init__(self, rules: RuleSet | str = "ptb") -> None:
        self.rules = load_rules(rules) if isinstance(rules, str) else rules
        sets = {name: load_rules(name) for name in shipped_rules()}
        sets[self.rules.name] = self.rules
        #: per ``rule set:class``, the movers' labels of its attachment rules
        self.named = {f"{name}:{cls}": labels for name, rule_set in sets.items()
                      for cls, labels in attachment_labels(rule_set).items()}
        self._matchers = {key: _matcher(labels) for key, labels in self.named.items()}
        self._fits: dict[str, tuple[str, ...]] = {}  # label -> the keys it fits

    def describe(self) -> list[str]:
        return [f"error-classes:{self.rules.describe()}"]

    def zero(self) -> ClassCounts:
        return ClassCounts(fits=dict.fromkeys(self.named, 0))

    def _labels(self, gold: Bracketing) -> tuple[int, dict[str, int]]:
        """The gold brackets' labels (phrases and tags), and per ``rule
        set:class`` how many its movers name."""
        fits = dict.fromkeys(self.named, 0)
        n = 0
        for kind, text in decode_all(gold):
            if kind is OPEN or kind is TAGGED:
                n += 1
                keys = self._fits.get(text)
                if keys is None:
                    keys = tuple(k for k, m in self._matchers.items() if m.match(text))
                    if len(self._fits) < 1 << 16:
                        self._fits[text] = keys
                for key in keys:
                    fits[key] += 1
        return n, fits

    def score(self, gold: Bracketing, test: Bracketing) -> Outcome:
        labels, fits = self._labels(gold)
        if gold == test:
            return Outcome(ClassCounts(sentences=1, gold_labels=labels, fits=fits), ())
        found = fixes(gold, test, self.rules)
        return Outcome(ClassCounts.sentence(found, labels, fits), tuple(found))

    def failure(self, gold: Bracketing) -> ClassCounts:
        """A failed parse: its gold brackets are all missing; counted as
        ``other`` (no structure to classify)."""
        n = len(_keys(gold))
        classes = _zeros()
        classes[OTHER] = ClassCount(int(n > 0), n)
        return ClassCounts(classes, 1, *self._labels(gold))

    def warnings(self, total: ClassCounts) -> list[str]:
        """A rule set written for another treebank's labels: when the gold
        trees (:data:`FIT_SAMPLE` labels or more) have no label that two of
        its attachment classes' movers name (PTB's VP and S/SBAR in French
        trees), those attachments are never found and their errors fall to
        other classes; the shipped rule set whose labels the gold trees have
        most is named."""
        if total.gold_labels < FIT_SAMPLE:
            return []

        def unseen(name: str) -> list[str]:
            return [key.partition(":")[2] for key in self.named
                    if key.partition(":")[0] == name and not total.fits.get(key)]

        mine = self.rules.name
        missing = unseen(mine)
        if len(missing) < 2:
            return []
        labels = "; ".join(f"{TITLES[cls]}: {', '.join(self.named[f'{mine}:{cls}'])}"
                           for cls in missing)
        others = sorted((len(unseen(name)), name) for name in shipped_rules() if name != mine)
        better = [name for n, name in others if n < len(missing)]
        advice = f"--error-rules {better[0]} fits their labels better" if better else \
            "a rule set written for their labels (--error-rules FILE) classifies them"
        return [f"error classes: the gold trees have none of the labels that rule set "
                f"{mine}'s {len(missing)} attachment classes move ({labels}), so those "
                "classes find nothing and the errors go to other classes (often other); "
                f"{advice}"]

    def terms(self, counts: ClassCounts) -> Sequence[float]:
        """Per class, in :data:`CLASSES` order, its brackets."""
        classes = counts.classes
        return [float(classes[name].brackets) for name in CLASSES]

    def from_terms(self, sums: Any) -> Any:
        """The error brackets of every class together."""
        import numpy as np

        return np.asarray(sums, dtype=np.float64).sum(axis=-1)

    def parts(self) -> dict[str, Part]:
        """Each class's brackets (fewer is better)."""
        return {name: Part(TITLES[name], partial(_column, k), False)
                for k, name in enumerate(CLASSES)}


# The gold labels (brackets and tags) a run must have before a rule set's
# fit to them is judged (about 20 sentences).
FIT_SAMPLE = 500


def attachment_labels(rules: RuleSet) -> dict[str, tuple[str, ...]]:
    """Per attachment class (:data:`ATTACHMENT`) of ``rules``, the label
    patterns its ``movers`` conditions name."""
    out: dict[str, tuple[str, ...]] = {}
    for rule in rules.rules.get("move", ()):
        if rule.name in ATTACHMENT:
            for key, patterns in rule.patterns:
                if key == "movers":
                    out[rule.name] = (*out.get(rule.name, ()), *patterns)
    return out


def _column(k: int, sums: Any) -> Any:
    """The ``k``-th term of summed terms: one class's brackets."""
    import numpy as np

    return np.asarray(sums, dtype=np.float64)[..., k]
