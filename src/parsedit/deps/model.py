"""A sentence's dependency tree: what conversion writes, CoNLL-U holds and
the dependency metric scores."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from parsedit.frozen import fast_init

ROOT = "root"


def functional(relation: str) -> bool:
    """Whether a relation is neither one of Collins' triples
    (``PARENT/HEAD/DEPENDENT``: the only relations holding a ``/``) nor the
    root's: a function tag (``SBJ``), or a dependency treebank's own
    relation (``nsubj``), which a triple never matches."""
    return relation != ROOT and "/" not in relation


def functional_relations(relations: Iterable[str]) -> int:
    """How many ``relations`` are :func:`functional`."""
    return sum(map(functional, relations))


@fast_init
@dataclass(frozen=True)
class DepTree:
    """``words`` and their ``tags`` (without function tags; "" where a word
    has none), each word's ``heads`` (1-based; 0 for the root) and the
    ``relations`` labelling those arcs; ``functional``: how many relations
    are not Collins' category triples nor the root's (function tags, by the
    converter; a tree read from CoNLL-U counts them from its relations,
    :func:`functional_relations`, so that a file's own relations count
    whatever wrote them).

    A well-formed tree has one root and no cycle (:meth:`problem`)."""

    words: tuple[str, ...]
    tags: tuple[str, ...]
    heads: tuple[int, ...]
    relations: tuple[str, ...]
    functional: int = 0

    def __len__(self) -> int:
        return len(self.words)

    def root(self) -> int:
        """The 1-based position of the root word (0 for an empty sentence)."""
        return next((i for i, h in enumerate(self.heads, start=1) if h == 0), 0)

    def problem(self) -> str | None:
        """What makes this not a dependency tree (one root, every word one
        head inside the sentence, no cycle), or None."""
        found = self.fault()
        return None if found is None else found[1]

    def fault(self) -> tuple[int, str] | None:
        """What makes this not a dependency tree, and the word (1-based; 0
        for the columns) where it shows: a head outside the sentence, a
        second root, a word on a cycle (with the cycle's words in order;
        a sentence without a root has one); or None."""
        n = len(self.words)
        if not (len(self.tags) == len(self.heads) == len(self.relations) == n):
            return 0, "the columns have different lengths"
        if n == 0:
            return None
        outside = next((i for i, h in enumerate(self.heads, start=1) if not 0 <= h <= n), None)
        if outside is not None:
            return outside, (f"HEAD {self.heads[outside - 1]} points outside the sentence of "
                             f"{n} words")
        roots = [i for i, h in enumerate(self.heads, start=1) if h == 0]
        if len(roots) > 1:
            shown = ", ".join(map(str, roots[:5])) + (", ..." if len(roots) > 5 else "")
            return roots[1], (f"{len(roots)} words have HEAD 0 (words {shown}); a tree has "
                              "exactly one root")
        state = [0] * (n + 1)  # 0 unseen, 1 on the current path, 2 reaches the root
        state[0] = 2
        for start in range(1, n + 1):
            path = []
            at = start
            while state[at] == 0:
                state[at] = 1
                path.append(at)
                at = self.heads[at - 1]
            if state[at] == 1:
                cycle = path[path.index(at):]
                shown = " -> ".join(map(str, [*cycle, at] if len(cycle) <= 8
                                        else [*cycle[:8], "..."]))
                return at, ("no word has HEAD 0 (a tree has exactly one root), and "
                            if not roots else "") + \
                    f"the heads make a cycle through word {at} (each word's head: {shown})"
            for node in path:
                state[node] = 2
        return None
