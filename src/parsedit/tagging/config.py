"""Every option that can change a tagging number, in one frozen object
(:class:`TagConfig`, the ``tags`` field of :class:`parsedit.config.Config`),
and :func:`tag_config`, which makes one from options as the command line
gives them.  Apart from the evaluation (:mod:`parsedit.tagging.evaluate`),
so that a configuration is made without loading it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from parsedit.errors import ConfigError
from parsedit.tagging.scoring import NEEDS_WEIGHTS, SCORINGS
from parsedit.tagging.tagset import POS, Tagset, Weights, load_tagset, load_weights


@dataclass(frozen=True)
class TagConfig:
    """Every option that can change a tagging number."""

    scorings: tuple[str, ...] = ("full", "pos", "pa")
    tagset: Tagset = field(default_factory=Tagset)
    weights: Weights | None = None

    def __post_init__(self) -> None:
        for name in self.scorings:
            if name not in SCORINGS:
                raise ConfigError(f"unknown scoring function {name!r}; expected some of "
                                  f"{', '.join(SCORINGS)}")
            if name in NEEDS_WEIGHTS and self.weights is None:
                raise ConfigError(f"the {name} scoring function needs --weights")
        if not self.scorings:
            raise ConfigError("--scoring needs at least one scoring function")

    def warnings(self) -> list[str]:
        """What makes a weighted figure mean less than it seems: named weights
        without a tagset, where every category is named by its position (1,
        2, ...), so that no named weight but ``pos`` ever applies and every
        category weighs the default."""
        weights = self.weights
        if (weights is None or self.tagset.categories
                or not set(self.scorings) & set(NEEDS_WEIGHTS)):
            return []
        named = sorted(c for c in {*weights.absolute, *(c for _, c in weights.conditional)}
                       if c != POS and not c.isdigit())
        if not named:
            return []
        shown = ", ".join(named[:3]) + (f" and {len(named) - 3} more" if len(named) > 3
                                        else "")
        return [f"--weights {weights.source} names categories ({shown}), but without "
                "--tagset categories are named by their position (1, 2, ...), so those "
                f"weights never apply and every category weighs the default "
                f"{weights.default:g}: give the tagset that names them"]

    def signature(self) -> str:
        parts = [f"scoring:{'+'.join(self.scorings)}", f"tagset:{self.tagset.describe()}"]
        if self.weights is not None:
            parts.append(f"weights:{self.weights.describe()}")
        return "|".join(parts)


def tag_config(scoring: str | Sequence[str] | None = None, tagset: str | Tagset | None = None,
               weights: str | Weights | None = None, separator: str = ":") -> TagConfig:
    """A TagConfig from options given as names or paths (or loaded objects);
    the scoring functions default to full, pos and pa, and wpa and cwpa too
    when weights are given."""
    if not isinstance(tagset, Tagset):
        tagset = load_tagset(tagset, separator)
    elif separator != tagset.separator:
        tagset = replace(tagset, separator=separator)
    if isinstance(weights, str):
        weights = load_weights(weights)
    if scoring is None:
        scoring = ("full", "pos", "pa") + (("wpa", "cwpa") if weights else ())
    elif isinstance(scoring, str):
        scoring = scoring.split(",")
    return TagConfig(tuple(s.strip() for s in scoring if s.strip()), tagset, weights)
