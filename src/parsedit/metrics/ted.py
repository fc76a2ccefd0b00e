"""Tree edit distance (``--metrics ted``), with disco-dop's and TedEval's
normalisations.

The distance between two trees is the cheapest sequence of node deletions,
insertions and renamings that turns one into the other (Zhang and Shasha
1989), computed by the APTED algorithm (Pawlik and Augsten 2016) through the
``apted`` package (MIT; pure Python; the optional extra ``ted``:
``pip install '.[ted]'`` in parsedit's checkout).
It was chosen after a comparison with ``zss`` and ``edist``: the three give
the same distances on PTB pairs; ``zss`` is some thirty times slower than
``apted`` and ``edist`` is GPL-licensed with scipy and scikit-learn behind it.

The trees are the normalised ones every metric reads (so punctuation and
function tags are gone as the parameter file says), as disco-dop prepares
them: a node per phrase and per preterminal, the word merged into its
preterminal (its label is the tag and the word's position, so a
preterminal renamed to another position costs 1); a forest stands under a
root that both trees share and that is never counted.  Deleting or
inserting a node costs 1; renaming costs 1, or what the cost scheme says
where one is given (:func:`rename_costs`).

Figures, over the sentences scored (``|G|`` and ``|T|`` count the nodes of
the normalised gold and test trees):

* ``distance``: the summed distance; ``mean_distance`` per sentence;
* ``discodop_micro``: disco-dop's ``tree-dist (Dice micro avg)``,
  100 (1 - sum TED / sum (|G| + |T|)).  disco-dop counts the root too and
  subtracts 2 when the gold root's label is a deleted label (TOP): since the
  normalised trees keep the root exactly when it is not deleted, this is its
  denominator in both cases; ``discodop_macro`` is the mean of the sentences'
  1 - TED / (|G| + |T|) (which disco-dop does not print);
* ``tedeval_micro``: TedEval's default (its "normalized global error"),
  100 (1 - sum TED / sum (|G| + |T| - 2)), the 2 being the roots of the two
  trees (the top node of each normalised tree; a forest has none: its
  shared root is never counted);
  ``tedeval_macro``: the mean of the sentences' 1 - TED / (|G| + |T| - 2)
  (TedEval's ``-micro``, a per-sentence mean whatever its name).  This is
  TedEval's normalisation as its documentation describes it; it was not
  checked against TedEval's own program, which is not public.

A degenerate pair is bounded: a pair where either tree has more than
``size_limit`` nodes (default :data:`SIZE_LIMIT`) is not scored (APTED's
time grows with the product of the two sizes, and faster on unbalanced
trees); it is counted in ``skipped``, and :meth:`TreeEditDistance.warnings`
says so.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from parsedit.costs.scheme import INF, CostScheme
from parsedit.errors import ConfigError
from parsedit.frozen import fast_init
from parsedit.metrics.base import Metric, Outcome, ratio
from parsedit.trees.bracketing import CLOSING, OPEN, TAGGED, Bracketing, decode_all
from parsedit.trees.roots import constituent_view

#: The most nodes either tree of a pair may have to be scored (about 200
#: words).  The worst shape measured at the limit, a left-branching against a
#: right-branching chain of 400 nodes each, took 8 s of CPU; a typical PTB
#: pair takes 15 ms.
SIZE_LIMIT = 400
# The label of a forest's shared root (no label read from a file holds "(").
_ROOT = "(root)"


class _Node:
    """A node for APTED: a phrase (``position`` -1) or a preterminal (the
    position of its word)."""

    __slots__ = ("name", "position", "children")

    def __init__(self, name: str, position: int = -1) -> None:
        self.name = name
        self.position = position
        self.children: list[_Node] = []


def tree_of(tokens: Bracketing) -> tuple[_Node, int, int]:
    """The TED tree of a normalised bracketing: its constituents (one, or a
    forest's) under a root both trees of a pair share; its number of nodes
    (the shared root not counted); and its number of roots among them (1
    for one constituent, 0 for a forest)."""
    top = _Node(_ROOT)
    stack = [top]
    nodes = words = 0
    for kind, text in decode_all(constituent_view(tokens)):
        if kind is OPEN:
            node = _Node(text)
            stack[-1].children.append(node)
            stack.append(node)
            nodes += 1
        elif kind is TAGGED:
            stack[-1].children.append(_Node(text, words))
            words += 1
            nodes += 1
        elif kind is CLOSING:
            stack.pop()
    rooted = len(top.children) == 1 and top.children[0].position < 0
    return top, nodes, int(rooted)


Rename = Callable[[_Node, _Node], float]


def rename_costs(scheme: CostScheme | None) -> Rename:
    """What renaming one node as another costs.

    Without a scheme (disco-dop's unit costs), 1 for any other label.  With
    one, a rename costs what the scheme charges for rewriting the one label
    as the other, as a share of what it charges for rewriting a label as an
    unrelated one (its own cost of a wrong label), at most 1: phrases are
    the scheme's ``open`` symbols, preterminals its ``tag`` symbols.  So the
    scheme's substitution classes mean here what they mean in the other
    metrics: under ``function-tags`` NP-SBJ for NP costs 0.5 (half a wrong
    label), under ``sampson-first-char`` NN for NP costs 0.25 (0.5 of 2),
    under ``roark-basic`` every tag for every other costs 0 (tagging errors
    are not counted), under ``levenshtein`` every rename costs 1.  Deleting
    and inserting a node always cost 1, and a preterminal renamed as one of
    another word, or as a phrase, costs 1."""
    memo: dict[tuple[str, str, str], float] = {}

    def share(kind: str, a: str, b: str) -> float:
        assert scheme is not None
        key = (kind, a, b)
        found = memo.get(key)
        if found is None:
            sa, sb = scheme.signature(kind, a), scheme.signature(kind, b)
            unrelated = scheme.signature(kind, "\x00")
            cost = min(scheme.substitute_cost(sa, sb),
                       scheme.delete_cost(sa) + scheme.insert_cost(sb))
            wrong = min(scheme.substitute_cost(sa, unrelated),
                        scheme.delete_cost(sa) + scheme.insert_cost(unrelated))
            if wrong == 0:
                found = 0.0
            elif wrong == INF or math.isnan(cost / wrong):
                found = 1.0
            else:
                found = min(1.0, cost / wrong)
            memo[key] = found
        return found

    def rename(a: _Node, b: _Node) -> float:
        if a.position != b.position:
            return 1.0
        if a.name == b.name:
            return 0.0
        if scheme is None:
            return 1.0
        return share("open" if a.position < 0 else "tag", a.name, b.name)

    return rename


def check_apted() -> None:
    """Refuse ``--metrics ted`` before any scoring when ``apted`` (the
    optional extra ``ted``) is not installed.  parsedit is installed from a
    checkout, not from PyPI, so the message names the checkout's extra."""
    from importlib.util import find_spec

    if find_spec("apted") is None:  # pragma: no cover - depends on the environment
        raise ConfigError("--metrics ted needs the apted package: pip install apted "
                          "(or, in parsedit's checkout, pip install '.[ted]')")


def distance(gold: _Node, test: _Node, rename: Rename) -> float:
    """The tree edit distance, by APTED."""
    try:
        from apted import APTED, Config
    except ImportError:  # pragma: no cover - depends on the environment
        check_apted()
        raise

    class Costs(Config):  # type: ignore[misc]
        valuecls = float

        def rename(self, a: _Node, b: _Node) -> float:
            return rename(a, b)

        def children(self, node: _Node) -> list[_Node]:
            return node.children

    return float(APTED(gold, test, Costs()).compute_edit_distance())


@fast_init
@dataclass(frozen=True)
class TedCounts:
    """Summed tree edit distances and their denominators (see the module
    docstring): ``dice`` sums |G| + |T|, ``tedeval`` sums |G| + |T| - 2;
    ``dice_sum`` and ``tedeval_sum`` add the sentences' normalised scores
    (fractions); ``sentences`` scored, ``skipped`` over the size limit."""

    distance: float = 0.0
    dice: int = 0
    tedeval: int = 0
    dice_sum: float = 0.0
    tedeval_sum: float = 0.0
    sentences: int = 0
    skipped: int = 0

    def __add__(self, other: TedCounts) -> TedCounts:
        if not isinstance(other, TedCounts):
            return NotImplemented
        return TedCounts(self.distance + other.distance, self.dice + other.dice,
                         self.tedeval + other.tedeval, self.dice_sum + other.dice_sum,
                         self.tedeval_sum + other.tedeval_sum,
                         self.sentences + other.sentences, self.skipped + other.skipped)

    @classmethod
    def sentence(cls, ted: float, gold_nodes: int, test_nodes: int, roots: int = 2
                 ) -> TedCounts:
        """One sentence's counts; ``roots``: how many of the two trees have
        a root node (a forest has none)."""
        dice = gold_nodes + test_nodes
        tedeval = dice - roots
        return cls(ted, dice, tedeval, 1.0 - ted / dice if dice else 1.0,
                   1.0 - ted / tedeval if tedeval > 0 else 1.0, 1, 0)

    @property
    def discodop_micro(self) -> float | None:
        return 100.0 * (1.0 - self.distance / self.dice) if self.dice else None

    def sentence_figures(self) -> dict[str, float | bool | None]:
        """One sentence's figures, as JSON's sentences list them: its
        distance and its two normalised scores (None for a pair over the
        size limit, ``skipped``)."""
        figures = self.figures()
        return {"distance": None if self.skipped else self.distance,
                "discodop": figures["discodop_micro"], "tedeval": figures["tedeval_micro"],
                "skipped": bool(self.skipped)}

    def columns(self) -> dict[str, Any]:
        """One sentence's TSV columns: its distance and its two normalised
        scores (all three empty for a pair over the size limit)."""
        figures = self.sentence_figures()
        return {"distance": figures["distance"], "discodop": figures["discodop"],
                "tedeval": figures["tedeval"]}

    def figures(self) -> dict[str, float | int | None]:
        n = self.sentences
        return {
            "distance": self.distance,
            "mean_distance": self.distance / n if n else None,
            "discodop_micro": self.discodop_micro,
            "discodop_macro": 100.0 * self.dice_sum / n if n else None,
            "tedeval_micro": 100.0 * (1.0 - self.distance / self.tedeval)
            if self.tedeval > 0 else None,
            "tedeval_macro": 100.0 * self.tedeval_sum / n if n else None,
            "sentences": n,
            "skipped": self.skipped,
        }


class TreeEditDistance(Metric[TedCounts]):
    """The tree edit distance metric (``--metrics ted``); its headline is
    disco-dop's micro-averaged normalisation, from the summed distances and
    tree sizes (its terms)."""

    name = "ted"
    title = "TED (disco-dop)"

    def __init__(self, scheme: CostScheme | None = None, size_limit: int = SIZE_LIMIT) -> None:
        self.scheme = scheme
        self.size_limit = size_limit
        self._rename = rename_costs(scheme)

    def describe(self) -> list[str]:
        costs = "unit" if self.scheme is None else self.scheme.describe()
        return [f"ted:{costs}|limit:{self.size_limit}"]

    def zero(self) -> TedCounts:
        return TedCounts()

    def score(self, gold: Bracketing, test: Bracketing) -> Outcome:
        gold_tree, gold_nodes, gold_root = tree_of(gold)
        test_tree, test_nodes, test_root = tree_of(test)
        roots = gold_root + test_root
        if gold == test:
            return Outcome(TedCounts.sentence(0.0, gold_nodes, test_nodes, roots))
        if max(gold_nodes, test_nodes) > self.size_limit:
            return Outcome(TedCounts(skipped=1))
        ted = distance(gold_tree, test_tree, self._rename)
        return Outcome(TedCounts.sentence(ted, gold_nodes, test_nodes, roots))

    def failure(self, gold: Bracketing) -> TedCounts:
        """A parse with no constituents over the gold words (each word under
        its gold tag): every gold phrase deleted."""
        _, nodes, root = tree_of(gold)
        words = sum(1 for kind, _ in decode_all(gold) if kind is TAGGED)
        return TedCounts.sentence(float(nodes - words), nodes, words, root)

    def sentence_average(self, total: TedCounts) -> float | None:
        figure = total.figures()["discodop_macro"]
        return None if figure is None else float(figure)

    def terms(self, counts: TedCounts) -> Sequence[float]:
        return (counts.distance, float(counts.dice))

    def from_terms(self, sums: Any) -> Any:
        return ratio(sums, -100.0, 100.0)

    def warnings(self, total: TedCounts) -> list[str]:
        """What a report must say beside the figures."""
        if not total.skipped:
            return []
        return [f"ted: {total.skipped} pair(s) with a tree of more than {self.size_limit} "
                "nodes were not scored (tree edit distance is slow on them); the TED "
                "figures leave them out"]
