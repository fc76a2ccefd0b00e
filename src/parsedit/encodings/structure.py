"""The span and the rule encodings of a bracketing, read in one pass.

:func:`spans_and_rules` is the one walk both encodings use
(:class:`~parsedit.encodings.span.SpanEncoding` takes the spans,
:class:`~parsedit.encodings.rule.RuleEncoding` the rules), through the
process's one :class:`Structures` per way of writing preterminals
(:func:`structures`), so that a run scoring both reads each tree once.
"""

from __future__ import annotations

from functools import cache

from parsedit.trees.bracketing import OPEN, TAGGED, WORD, Bracketing, decode_all
from parsedit.trees.roots import VIRTUAL_ROOT, edit_view

Span = tuple[str, int, int]
Rule = tuple[str | None, tuple[str, ...]]
Read = tuple[tuple[Span, ...], tuple[Rule, ...]]

# Bracketings remembered: a pair's two sides, read by each encoding in turn.
_REMEMBERED = 4


def spans_and_rules(tokens: Bracketing, use_tags: bool) -> Read:
    """The spans (of the constituent view, without a virtual root) and the
    rules (of the edit view; a preterminal child written as its tag when
    ``use_tags``) of a normalised bracketing."""
    view = edit_view(tokens)
    rules: list[list[str] | Rule] = []
    spans: list[Span | None] = []
    # Per open phrase: its index, its rule's left-hand side (the root's
    # label, else None), its parent's children, its first word, its label.
    stack: list[tuple[int, str | None, list[str] | None, int, str]] = []
    rhs: list[str] | None = None  # the children of the innermost open phrase
    tag = ""
    position = 0
    for kind, text in decode_all(view):
        if kind is WORD:
            position += 1
            if rhs is not None:
                rhs.append(tag if use_tags and tag else text)
        elif kind is TAGGED:
            tag = text
        elif kind is OPEN:
            if rhs is not None:
                rhs.append(text)
            stack.append((len(rules), None if rhs is not None else text, rhs, position, text))
            rhs = []
            rules.append(rhs)
            spans.append(None)
        else:
            index, lhs, parent, start, label = stack.pop()
            rules[index] = (lhs, tuple(rhs or ()))
            spans[index] = (label, start, position)
            rhs = parent
    first = 1 if view and view[0] == VIRTUAL_ROOT else 0  # a virtual root has no span
    return tuple(spans[first:]), tuple(rules)  # type: ignore[arg-type]


class Structures:
    """The spans and rules of the last few bracketings, each read once."""

    def __init__(self, pos: str = "words") -> None:
        self.use_tags = pos == "tags"
        self._read: list[tuple[Bracketing, Read]] = []

    def read(self, tokens: Bracketing) -> Read:
        """The spans and rules of ``tokens`` (see :func:`spans_and_rules`)."""
        for known, found in self._read:
            if known is tokens:
                return found
        found = spans_and_rules(tokens, self.use_tags)
        if len(self._read) >= _REMEMBERED:
            del self._read[0]
        self._read.append((tokens, found))
        return found


@cache
def structures(pos: str = "words") -> Structures:
    """The one :class:`Structures` of the process for ``pos`` (how a rule
    writes a preterminal child), which the span and rule encodings share:
    what it remembers is a function of the bracketing alone."""
    return Structures(pos)
