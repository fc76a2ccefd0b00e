"""Root and forest conventions: the tree every edit encoding and lineage reads.

Treebanks write a sentence's root in several ways: ``(TOP (S ...))``, whose
``TOP`` the parameter file deletes; ``( (S ...) )``, an unlabelled outer
bracket; or plainly ``(S ...)``.  A parser may also give a *forest*: several
top-level constituents, either on one line or under a root the parameter
file deletes (``(TOP (NP ...) (VP ...))``).

PARSEVAL keeps EVALB's bracketing (:mod:`parsedit.metrics.parseval`): the
unlabelled outer bracket is a bracket with the empty label, exactly as EVALB
counts it.  Every edit encoding and the leaf-ancestor lineages read the
*edit view* of a normalised bracketing instead (:func:`edit_view`):

* an unlabelled bracket around the whole sentence is removed (repeatedly),
  as the parameter file's root labels already are: a root convention carries
  no constituent, so identical parses written with different conventions
  are equal;
* if one constituent is left, it is the tree;
* otherwise (several top-level constituents, or words directly at the top)
  the sentence is a forest, put under a *virtual root* with the empty label
  (the token :data:`VIRTUAL_ROOT`, shown as :data:`EMPTY_LABEL`).  The rule
  encoding writes its rule with the empty left-hand side (``∅ -> But NP
  VP``) and lineages contain it like any other node, so every word and every
  top-level constituent appears exactly once.  It is never a constituent:
  the label and span encodings leave it out (:func:`constituent_view`).

So a missing root costs one edit in the label, span and rule encodings
alike.  :func:`outer_bracket` and :func:`root_warning` detect gold and test
files written with different root conventions, which changes PARSEVAL's
counts (not the edit metrics'): a ``.prm`` file's ``STRIP_OUTER_BRACKET 1``
(:class:`parsedit.trees.normalise.Normalisation`) makes PARSEVAL ignore it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from parsedit.plural import plural
from parsedit.trees.bracketing import CLOSE, OPEN, Bracketing, decode, depths

# The open token of an unlabelled bracket, and so of the virtual root.
VIRTUAL_ROOT = "("
# How the empty label is shown to people (alignments, rules, lineages).
EMPTY_LABEL = "∅"


def _one_constituent(tokens: Bracketing) -> bool:
    """Whether ``tokens`` is one phrase: its first token opens the bracket
    that its last token closes (the depth first comes back to 0 at the end)."""
    if not tokens or tokens[-1] != CLOSE or decode(tokens[0])[0] is not OPEN:
        return False
    found = depths(tokens)
    return found[-1] == 0 and found.index(0) == len(tokens) - 1


def outer_bracket(tokens: Bracketing) -> bool:
    """Whether a normalised bracketing is an unlabelled bracket around the
    whole sentence (``( (S ...) )``), which EVALB counts as a constituent."""
    return bool(tokens) and tokens[0] == VIRTUAL_ROOT and _one_constituent(tokens)


def strip_outer_bracket(tokens: Bracketing) -> Bracketing:
    """``tokens`` without the unlabelled brackets around the whole sentence."""
    while outer_bracket(tokens):
        tokens = tokens[1:-1]
    return tokens


@lru_cache(maxsize=4096)
def edit_view(tokens: Bracketing) -> Bracketing:
    """The tree the edit encodings and lineages read: ``tokens`` without an
    unlabelled outer bracket, as one constituent, or, for a forest, under the
    virtual root (see the module docstring).  Idempotent.  (Remembered,
    since every encoding of a pair asks for the same views.)"""
    tokens = strip_outer_bracket(tokens)
    if _one_constituent(tokens):
        return tokens
    return (VIRTUAL_ROOT, *tokens, CLOSE)


def constituent_view(tokens: Bracketing) -> Bracketing:
    """The edit view without the virtual root, which is never a constituent
    (what the label and span encodings read): ``tokens`` without their
    unlabelled outer brackets, whether one constituent or a forest, so
    found without the edit view's pass over the tokens."""
    return strip_outer_bracket(tokens)


def show_label(label: str) -> str:
    """A label for people: the empty label as :data:`EMPTY_LABEL`."""
    return label or EMPTY_LABEL


def root_warning(mismatched: int, scored: int, gold_side: int, gold_path: str,
                 test_path: str) -> str | None:
    """The warning for files whose root conventions differ, or None.

    ``mismatched`` of the ``scored`` pairs had an unlabelled outer bracket on
    one side only, ``gold_side`` of them on the gold side.  Only when that
    is most pairs is it a convention rather than a parser's whim."""
    if not scored or 2 * mismatched <= scored:
        return None
    with_it, without = (gold_path, test_path) if 2 * gold_side >= mismatched \
        else (test_path, gold_path)
    return (f"root conventions differ: on {mismatched} of {scored} scored sentences "
            f"{with_it} has an unlabelled outer bracket '( ... )' and {without} does not; "
            "PARSEVAL counts it as a constituent with the empty label, as EVALB does "
            "(one missed or extra bracket per sentence); the edit metrics and "
            "leaf-ancestor ignore it. To have PARSEVAL ignore it too, add "
            "'STRIP_OUTER_BRACKET 1' to a copy of the parameter file, or write both "
            "files alike (for example replace a leading '( (' by '(TOP (')")


def root_label(tokens: Bracketing) -> str | None:
    """The label of a normalised bracketing's root as the edit metrics see
    it (without an unlabelled outer bracket), when it is one labelled phrase
    (None for a forest or a bare word)."""
    tokens = strip_outer_bracket(tokens)
    if not _one_constituent(tokens) or tokens[0] == VIRTUAL_ROOT:
        return None
    return decode(tokens[0])[1]


# Pairs read to tell the files' root labels, and the share that must differ.
ROOT_SAMPLE = 200
ROOT_SHARE = 0.9


def root_label_warning(labels: Iterable[tuple[str | None, str | None]], gold_path: str,
                       test_path: str) -> str | None:
    """The warning for files whose roots are labelled differently, or None:
    ``labels`` are (gold, test) root labels of the first pairs, and when
    they differ in at least :data:`ROOT_SHARE` of those with both (a
    convention such as ``ROOT`` against ``TOP``, or a root label one side
    has and the other's parameter file deletes, not a parser's choice of
    ``S`` or ``FRAG``), every figure counts each sentence's root as a
    constituent that differs."""
    both = [(g, t) for g, t in labels if g is not None and t is not None]
    differ = Counter((g, t) for g, t in both if g != t)
    count = sum(differ.values())
    if not both or count < ROOT_SHARE * len(both):
        return None
    (gold_label, test_label), _ = differ.most_common(1)[0]
    return (f"root labels differ: on {count} of the first {plural(len(both), 'sentence')} "
            f"{gold_path} has a root labelled {gold_label} where {test_path} has "
            f"{test_label} (after the parameter file's deletions), which every figure "
            "counts as a constituent that differs (PARSEVAL, the edit metrics, "
            "leaf-ancestor); if this is a convention and not the parser's choice, "
            f"--delete-label {gold_label} deletes that root if the label only marks the root "
            f"(and --delete-label {test_label} if that one does too; --equal-label "
            f"{gold_label} {test_label} would count the two roots as one label instead), or "
            "write both files with the same root convention")
