"""parsedit.frozen.fast_init against the dataclass-generated __init__ it replaces."""

from __future__ import annotations

import pickle
from dataclasses import (
    MISSING,
    FrozenInstanceError,
    dataclass,
    field,
    fields,
    make_dataclass,
    replace,
)
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parsedit.frozen import fast_init
from parsedit.fst.align import Op
from parsedit.metrics.base import Outcome
from parsedit.metrics.edits import Aligned
from parsedit.metrics.leaf_ancestor import LAScored
from parsedit.pipeline.tally import Scored
from parsedit.results import (
    EditCounts,
    LACounts,
    ParsevalCounts,
    SentenceResult,
    TagCounts,
    TaggingCounts,
    WordCounts,
)
from parsedit.tagging.reader import Segment

DECORATED = [ParsevalCounts, EditCounts, LACounts, TagCounts, TaggingCounts, WordCounts,
             SentenceResult, Aligned, Outcome, Scored, Op, LAScored, Segment]

# A field: whether it has a default (a value), a default factory, or neither.
specs = st.lists(st.sampled_from(["required", "default", "factory"]), min_size=0, max_size=6)


def twins(spec: list[str]) -> tuple[type, type]:
    """The same frozen dataclass twice, the second with fast_init."""
    spec = sorted(spec, key=lambda kind: kind != "required")  # required fields first
    made = []
    for _ in range(2):
        entries: list[Any] = []
        for i, kind in enumerate(spec):
            if kind == "required":
                entries.append((f"f{i}", Any))
            elif kind == "default":
                entries.append((f"f{i}", Any, field(default=i * 10)))
            else:
                entries.append((f"f{i}", Any, field(default_factory=list)))
        made.append(make_dataclass("Twin", entries, frozen=True))
    return made[0], fast_init(made[1])


@given(specs, st.data())
def test_fast_init_builds_what_the_dataclass_init_builds(spec: list[str], data: Any) -> None:
    plain, fast = twins(spec)
    names = [f.name for f in fields(plain)]
    required = [f.name for f in fields(plain) if f.default is f.default_factory is MISSING]
    given_names = required + data.draw(st.lists(st.sampled_from(names), unique=True)
                                       if names else st.just([]))
    values = {name: data.draw(st.integers() | st.text(max_size=3)) for name in given_names}
    positional = data.draw(st.booleans())
    if positional:  # as many leading fields as were all given
        k = next((i for i, n in enumerate(names) if n not in values), len(names))
        args = [values[n] for n in names[:k]]
        kwargs = {n: v for n, v in values.items() if n not in names[:k]}
    else:
        args, kwargs = [], values
    a, b = plain(*args, **kwargs), fast(*args, **kwargs)
    assert vars(a) == vars(b)
    assert repr(a) == repr(b)
    if not any(isinstance(v, list) for v in vars(a).values()):  # (a list cannot be hashed)
        assert hash(a) == hash(b)
    for name, value in vars(b).items():
        with pytest.raises(FrozenInstanceError):
            setattr(b, name, value)
    factories = [f.name for f in fields(fast) if f.name not in values
                 and f.default_factory is not MISSING]
    for name in factories:  # a fresh object from the factory each time
        assert getattr(fast(*args, **kwargs), name) is not getattr(b, name)
    with pytest.raises(TypeError):
        fast(*args, **kwargs, unknown=1)


@pytest.mark.parametrize("cls", DECORATED, ids=lambda c: c.__qualname__)
def test_the_decorated_classes_keep_their_dataclass_behaviour(cls: type[Any]) -> None:
    assert cls.__init__.__code__.co_filename == "<string>"
    # Every field given by keyword, to values of its own name: the same
    # instance as dataclass would build, frozen, replaceable and picklable.
    values = {f.name: f"value of {f.name}" for f in fields(cls)}
    made = cls(**values)
    assert vars(made) == values
    assert replace(made, **{next(iter(values)): 1}) != made
    assert pickle.loads(pickle.dumps(made)) == made
    with pytest.raises(FrozenInstanceError):
        setattr(made, next(iter(values)), 2)


def test_defaults_and_factories_of_a_real_class() -> None:
    assert vars(EditCounts()) == {"edits": 0.0, "basic": 0.0, "gold": 0, "rated": 0,
                                  "accuracy_sum": 0.0}
    one, two = SentenceResult(1, "ok"), SentenceResult(2, "ok")
    assert one.counts == {} and one.counts is not two.counts
    assert EditCounts.sentence(1.0, 2.0, 4) == EditCounts(1.0, 2.0, 4, 1, 75.0)


def test_what_fast_init_refuses() -> None:
    @dataclass
    class Plain:
        a: int = 0

    @dataclass(frozen=True)
    class Later:
        a: int = 0

        def __post_init__(self) -> None:
            pass

    @dataclass(frozen=True)
    class Hidden:
        a: int = field(default=0, init=False)

    @dataclass(frozen=True, kw_only=True)
    class Keywords:
        a: int = 0

    @dataclass(frozen=True, slots=True)
    class Slotted:
        a: int = 0

    for cls in (Plain, Later, Hidden, Keywords, Slotted, int):
        with pytest.raises(TypeError):
            fast_init(cls)
