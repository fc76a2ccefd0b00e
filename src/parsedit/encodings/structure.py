"""The span and the rule encodings of a bracketing, read in one pass.

:func:`spans_and_rules` is the one walk both encodings use
(:class:`~parsedit.encodings.span.SpanEncoding` takes the spans,
:class:`~parsedit.encodings.rule.RuleEncoding` the rules), through the
process's one :class:`Structures` per way of writing preterminals
(:func:`structures`), so that a run scoring both reads each tree once.
"""

from __future__ import annotations

from functools import cache

from parsedit.trees.bracketing import OPEN, TAGGED, WORD, Bracketing, decode, decode_all
from parsedit.trees.roots import VIRTUAL_ROOT, strip_outer_bracket

Span = tuple[str, int, int]
Rule = tuple[str | None, tuple[str, ...]]
Read = tuple[tuple[Span, ...], tuple[Rule, ...]]

# Bracketings remembered: a pair's two sides, read by each encoding in turn.
_REMEMBERED = 4


def spans_and_rules(tokens: Bracketing, use_tags: bool) -> Read:
    """The spans (of the constituent view, without a virtual root) and the
    rules (of the edit view; a preterminal child written as its tag when
    ``use_tags``) of a normalised bracketing.

    One walk over the tokens inside any unlabelled outer brackets, under a
    frame for the virtual root: when it ends holding one phrase, that phrase
    is the edit view's root (its rule gets its label as left-hand side);
    otherwise the sentence is a forest and the virtual root's rule comes
    first (:func:`~parsedit.trees.roots.edit_view`, without its own pass
    over the tokens to tell the two apart)."""
    rules: list[list[str] | Rule] = []
    spans: list[Span | None] = []
    # Per open phrase: its index, its parent's children, its first word, its label.
    stack: list[tuple[int, list[str], int, str]] = []
    top: list[str] = []  # the children of the virtual root
    rhs = top  # the children of the innermost open phrase
    phrases = 0  # phrases directly under the virtual root
    tag = ""
    position = 0
    for kind, text in decode_all(strip_outer_bracket(tokens)):
        if kind is WORD:
            position += 1
            rhs.append(tag if use_tags and tag else text)
        elif kind is TAGGED:
            tag = text
        elif kind is OPEN:
            rhs.append(text)
            if rhs is top:
                phrases += 1
            stack.append((len(rules), rhs, position, text))
            rhs = []
            rules.append(rhs)
            spans.append(None)
        else:
            index, parent, start, label = stack.pop()
            rules[index] = (None, tuple(rhs))
            spans[index] = (label, start, position)
            rhs = parent
    if phrases == 1 and len(top) == 1:  # one phrase: the root
        root = rules[0]
        assert isinstance(root, tuple)
        rules[0] = (top[0], root[1])
    else:  # a forest under the virtual root, whose label is empty
        rules.insert(0, (decode(VIRTUAL_ROOT)[1], tuple(top)))
    return tuple(spans), tuple(rules)  # type: ignore[arg-type]


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
        self._read.append((tokens, found))
        # (a slice: threads sharing the process's Structures may both trim)
        del self._read[:-_REMEMBERED]
        return found


@cache
def structures(pos: str = "words") -> Structures:
    """The one :class:`Structures` of the process for ``pos`` (how a rule
    writes a preterminal child), which the span and rule encodings share:
    what it remembers is a function of the bracketing alone."""
    return Structures(pos)
