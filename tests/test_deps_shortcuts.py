"""The dependency metric's shortcuts against the paths they skip: a
sentence's per-relation table when it is scored against itself (one count
of its relations) against the general count and an independent one."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from parsedit.deps.counts import relation_table

RELATIONS = st.lists(st.sampled_from(["SBJ", "NP/TAG/TAG", "S/VP/NP", "root", "LOC-CLR"]),
                     max_size=12)


def counted(gold: list[str], test: list[str], correct: list[str]
            ) -> tuple[tuple[str, int, int, int], ...]:
    """The oracle: per relation, its gold, test and correct counts, sorted."""
    g, t, c = Counter(gold), Counter(test), Counter(correct)
    return tuple((r, g[r], t[r], c[r]) for r in sorted(set(g) | set(t)))


@given(RELATIONS)
def test_a_sentence_against_itself_is_counted_once_as_in_general(rels: list[str]) -> None:
    shortcut = relation_table(rels, rels, rels)
    assert shortcut == relation_table(list(rels), list(rels), list(rels)) \
        == counted(rels, rels, rels)


@given(RELATIONS, RELATIONS, st.data())
def test_any_sentence_is_counted_as_the_oracle_counts(
        gold: list[str], test: list[str], data: st.DataObject) -> None:
    correct = [r for r in gold if r in test and data.draw(st.booleans())]
    assert relation_table(gold, test, correct) == counted(gold, test, correct)
