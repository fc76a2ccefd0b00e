"""Scoring functions: how right one tag is against another, in [0, 1]
(Acedański and Przepiórkowski, section 2).

* ``full``: 1 if the tags are equal, else 0 (plain accuracy);
* ``pos``: 1 if their parts of speech are equal;
* ``pa`` (positional accuracy): the F-measure of the positions the tags
  agree on, the PoS being a position and each category another; for
  ``ger:sg:nom:n:perf:aff`` against ``subst:sg:nom:n``, P = 3/6, R = 3/4,
  F = 0.6;
* ``wpa`` (weighted PA): the same with each position weighted (w(PoS),
  w(category));
* ``cwpa`` (conditional WPA): category weights conditioned on the PoS;
  precision weighs with the test tag's PoS, recall with the gold tag's,
  exactly as the paper's formulas.

Categories are compared by name (a tagset description names them; without
one, by position), and only categories both tags have count as agreeing.
Every function is symmetric, so the order of the two tags does not matter.
A side whose weights sum to 0 counts as right only when the tags are equal.
"""

from __future__ import annotations

from collections.abc import Callable

from parsedit.errors import ConfigError
from parsedit.tagging.tagset import POS, Tag, Weights

SCORINGS = ("full", "pos", "pa", "wpa", "cwpa")
NEEDS_WEIGHTS = ("wpa", "cwpa")

Weigh = Callable[[str, str], float]  # (category or "pos", PoS) -> weight


def positional(test: Tag, gold: Tag, test_weight: Weigh,
               gold_weight: Weigh) -> tuple[float, float]:
    """(P, R) of the positions two tags agree on: precision weighed with
    ``test_weight`` over the test tag's positions, recall with ``gold_weight``
    over the gold tag's."""
    same_pos = test.pos == gold.pos
    gold_values = dict(gold.values)
    agreeing = [c for c, v in test.values if gold_values.get(c) == v]

    def side(tag: Tag, weigh: Weigh) -> float:
        total = weigh(POS, tag.pos) + sum(weigh(c, tag.pos) for c, _ in tag.values)
        if total == 0:
            return 1.0 if test.text == gold.text else 0.0
        return (same_pos * weigh(POS, tag.pos)
                + sum(weigh(c, tag.pos) for c in agreeing)) / total

    return side(test, test_weight), side(gold, gold_weight)


def _f(test: Tag, gold: Tag, test_weight: Weigh, gold_weight: Weigh) -> float:
    precision, recall = positional(test, gold, test_weight, gold_weight)
    return 0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)


def scorer(name: str, weights: Weights | None = None) -> Callable[[Tag, Tag], float]:
    """The scoring function called ``name``: ``score(test, gold)``."""
    if name == "full":
        return lambda t, g: float(t.text == g.text)
    if name == "pos":
        return lambda t, g: float(t.pos == g.pos)
    if name == "pa":
        def unit(category: str, pos: str) -> float:
            return 1.0
        return lambda t, g: _f(t, g, unit, unit)
    if name in NEEDS_WEIGHTS:
        if weights is None:
            raise ConfigError(f"the {name} scoring function needs --weights")
        w = weights
        if name == "wpa":
            def absolute(category: str, pos: str) -> float:
                return w.weight(category)
            return lambda t, g: _f(t, g, absolute, absolute)
        return lambda t, g: _f(t, g, w.given, w.given)
    raise ConfigError(f"unknown scoring function {name!r}; expected some of "
                      f"{', '.join(SCORINGS)}")
