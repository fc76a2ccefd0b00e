"""Frozen dataclasses built faster.

A frozen dataclass's generated ``__init__`` sets each field with
``object.__setattr__`` (its own ``__setattr__`` refuses), looked up afresh
for every field of every instance: several times as slow to build as a
plain dataclass.  The classes built once or more for every pair scored
(the counts, each metric's outcome and alignment, the sentence results)
spent about 5% of an edit-metric run there.  :func:`fast_init` gives such
a class an ``__init__`` that calls ``object.__setattr__`` bound once, for
the same parameters, defaults and default factories and the same instance:
still frozen (assigning a field raises
:class:`dataclasses.FrozenInstanceError`), its attributes stored as
compactly as before (writing into the instance's ``__dict__`` instead
would be faster still, but makes CPython give each instance a dictionary
of its own, 64 bytes more, which every kept sentence result would pay);
every other method is the dataclass's own.  Equivalence is tested
(tests/test_frozen.py).
"""

from __future__ import annotations

from dataclasses import MISSING, fields, is_dataclass
from typing import Any, TypeVar

T = TypeVar("T")


def fast_init(cls: type[T]) -> type[T]:
    """Decorate a ``@dataclass(frozen=True)`` class (written above the
    dataclass decorator) with the fast ``__init__``.  A class this does not
    cover (not frozen, with slots, ``__post_init__``, fields outside
    ``__init__`` or keyword-only) is refused at import, never half served."""
    params = getattr(cls, "__dataclass_params__", None)
    if not is_dataclass(cls) or params is None or not params.frozen \
            or "__slots__" in cls.__dict__ or hasattr(cls, "__post_init__"):
        raise TypeError(f"fast_init: {cls.__qualname__} is not a plain frozen dataclass")
    scope: dict[str, Any] = {"MISSING": MISSING, "set_field": object.__setattr__}
    parameters, body = [], []
    for f in fields(cls):
        if not f.init or f.kw_only:
            raise TypeError(f"fast_init: field {f.name!r} of {cls.__qualname__} is not a "
                            "plain positional field")
        value = f.name
        if f.default is not MISSING:
            scope[f"default_{f.name}"] = f.default
            parameters.append(f"{f.name}=default_{f.name}")
        elif f.default_factory is not MISSING:
            scope[f"factory_{f.name}"] = f.default_factory
            parameters.append(f"{f.name}=MISSING")
            value = f"factory_{f.name}() if {f.name} is MISSING else {f.name}"
        else:
            parameters.append(f.name)
        body.append(f"    set_field(self, {f.name!r}, {value})\n")
    source = f"def __init__(self, {', '.join(parameters)}):\n"
    exec(source + ("".join(body) or "    pass\n"), scope)
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__annotations__ = cls.__init__.__annotations__
    setattr(cls, "__init__", init)  # noqa: B010 (mypy refuses assigning a method)
    return cls
