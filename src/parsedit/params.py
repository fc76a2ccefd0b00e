"""EVALB parameter (``.prm``) files, read with EVALB's semantics.

A file is read line by line: trailing whitespace is dropped, lines that
start with ``#`` or are shorter than three characters are ignored, the first
word is the key and the rest of the line its value.  The keys and what they
do (EVALB's README, section 6):

=========================  ==================================================
``DEBUG n``                accepted and ignored (parsedit has ``parsedit align``)
``MAX_ERROR n``            stop at the error EVALB stops at (see :attr:`Params.max_error`)
``CUTOFF_LEN n``           the second summary covers sentences of length <= n
``LABELED 0|1``            whether a bracket must match its label too
``DELETE_LABEL X``         a preterminal tagged X is removed with its word; a
                           phrase labelled X loses its bracket, not its children
``DELETE_LABEL_FOR_LENGTH X``  preterminals tagged X do not count in a
                           sentence's length (for the cut-off)
``QUOTE_LABEL X``          EVALB 2006's quote fix for preterminals tagged X
``EQ_LABEL X Y``           X and Y count as one label (brackets and tags)
``EQ_WORD X Y``            X and Y count as one word
``STRIP_FUNCTION_TAGS 0|1``  parsedit's extension: 0 keeps function tags,
                           which EVALB always strips (``NP-SBJ`` -> ``NP``)
``STRIP_OUTER_BRACKET 0|1``  parsedit's extension: 1 removes an unlabelled
                           bracket around the whole sentence (``( (S ...) )``),
                           which EVALB counts as a bracket with the empty
                           label, so PARSEVAL ignores root conventions (off
                           by default)
``DELETE_BY_GOLD 0|1``     parsedit's extension: 1 deletes a test word where
                           the *gold* tag at its place is a delete label, and
                           keeps it where gold's is not, whatever the test's
                           own tag (disco-dop's way; ``--delete-by gold``):
                           a mis-tagged punctuation mark neither drops the
                           sentence nor is scored
``KEEP_LABEL X``           parsedit's extension: only preterminals tagged
                           with a KEEP_LABEL tag keep their words (the word
                           tags of unsupervised parsing, ``-p unsupervised``)
``UNSUPERVISED NAME``      parsedit's extension: score by the unsupervised-
                           parsing convention NAME (``kim``, ``li2020``, ...:
                           :mod:`parsedit.metrics.unsupervised`), the metric
                           a run gets when it names none
``EVALB_SPMRL 0|1``        parsedit's extension: 1 scores by EVALB_SPMRL's
                           rules (the SPMRL shared tasks' scorer; what
                           ``-p spmrl`` and ``-p spmrl-hebrew`` set): labels
                           and tags cut at ``-``, ``=`` and ``#``, the delete
                           labels cut too, no terminal deleted, a length
                           mismatch a valid sentence with no bracket
                           (:mod:`parsedit.pipeline.spmrl`)
=========================  ==================================================

An unknown key, or a key without its value, is a warning naming the file and
line (EVALB warns too, and goes on); a value that is not what its key takes
is an error, and so is a file in which most lines have unknown keys (a
treebank or a cost scheme given as ``-p`` by mistake).  ``EQ_LABEL`` pairs
are closed transitively (A=B and B=C make A, B and C one label), where
EVALB compares pairs one by one and so matches brackets in an
order-dependent way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from pathlib import Path

from parsedit.errors import ConfigError
from parsedit.trees.normalise import Normalisation

SHIPPED = ("collins", "new", "none", "function-tags", "nk", "spmrl", "spmrl-hebrew",
           "unsupervised", "unsupervised-li2020", "supar")


@dataclass(frozen=True)
class Params:
    """A parameter file: the normalisation and how PARSEVAL counts."""

    normalisation: Normalisation
    labeled: bool = True
    cutoff_len: int = 40
    # EVALB stops at its (MAX_ERROR + 2)-th error: ``Error_count++ > Max_error``.
    max_error: int = 10
    source: str = ""
    warnings: tuple[str, ...] = field(default=(), compare=False)
    # The DELETE_LABEL values in the file's order, repeats kept: EVALB_SPMRL's
    # -X counts one gold bracket per entry (parsedit.pipeline.spmrl.x_count).
    deletes: tuple[str, ...] = ()
    # Labels deleted and made equal on top of the file (--delete-label,
    # --equal-label), as the signature names them.
    added: tuple[str, ...] = ()
    # Whose tags decide which words DELETE_LABEL deletes: each side's own
    # ("own", EVALB's way) or gold's on both sides ("gold", disco-dop's).
    delete_by: str = "own"
    # The unsupervised-parsing convention the file names (UNSUPERVISED), or "".
    unsupervised: str = ""

    @property
    def spmrl(self) -> bool:
        """Whether EVALB_SPMRL's rules apply (``EVALB_SPMRL 1``)."""
        return self.normalisation.spmrl

    def describe(self) -> str:
        """For signatures: the normalisation's name and digest, LABELED,
        CUTOFF_LEN and MAX_ERROR (which decides where a run stops, and so
        which sentences the figures cover); under EVALB_SPMRL's rules, the
        number of DELETE_LABEL lines (which its -X counts)."""
        spmrl = f"|evalb-spmrl:deletes:{len(self.deletes)}" if self.spmrl else ""
        added = "".join(f"|{part}" for part in self.added) \
            + ("|delete-by:gold" if self.delete_by == "gold" else "")
        return (f"{self.normalisation.describe()}{added}|labeled:{int(self.labeled)}|"
                f"cutoff:{self.cutoff_len}|max-error:{self.max_error}{spmrl}")


def _integer(value: str, key: str, where: str) -> int:
    """The whole number ``value`` (its first word); otherwise a ConfigError
    saying what was expected and where, not quoting the file."""
    try:
        return int(value.split()[0])
    except ValueError:
        raise ConfigError(f"{where}: {key} takes a whole number") from None


def parse_params(text: str, source: str, name: str) -> Params:
    """The :class:`Params` of a parameter file's text."""
    settings: dict[str, int] = {"LABELED": 1, "CUTOFF_LEN": 40, "MAX_ERROR": 10,
                                "STRIP_FUNCTION_TAGS": 1, "STRIP_OUTER_BRACKET": 0,
                                "EVALB_SPMRL": 0, "DELETE_BY_GOLD": 0}
    lists: dict[str, list[str]] = {"DELETE_LABEL": [], "DELETE_LABEL_FOR_LENGTH": [],
                                   "QUOTE_LABEL": [], "KEEP_LABEL": []}
    strings: dict[str, str] = {"UNSUPERVISED": ""}
    pairs: dict[str, list[tuple[str, str]]] = {"EQ_LABEL": [], "EQ_WORD": []}
    warnings: list[str] = []
    known = ("DEBUG", *settings, *lists, *pairs, *strings)
    unknown: list[int] = []
    faults: list[ConfigError] = []
    lines = 0
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.rstrip()
        if line.startswith("#") or len(line) < 3:
            continue
        where = f"{source}:{number}"
        key = line.split()[0]
        value = line.lstrip()[len(key):].strip()
        lines += 1
        if key not in known:
            unknown.append(number)
        if not value:
            warnings.append(f"{where}: {key} has no value; line ignored")
        elif key == "DEBUG" or key in settings:
            try:
                settings[key] = _integer(value, key, where)
            except ConfigError as fault:
                faults.append(fault)
        elif key in lists:
            lists[key].append(value)
        elif key in strings:
            strings[key] = value
        elif key in pairs:
            words = value.split()
            if len(words) != 2:
                warnings.append(f"{where}: {key} takes two values, not {len(words)}; "
                                "line ignored")
            else:
                pairs[key].append((words[0], words[1]))
        else:
            warnings.append(f"{where}: unknown key {key!r}; line ignored")
    if len(unknown) * 2 > lines:
        # Mostly unknown keys: a treebank, a scheme or another file given as -p,
        # whose text is not echoed (it may be anything).
        raise ConfigError(f"{source}: not an EVALB parameter file: {len(unknown)} of its "
                          f"{lines} setting lines (the first at line {unknown[0]}) do not "
                          "begin with a key of EVALB's; expected lines such as 'LABELED 1', "
                          f"with keys {', '.join(known[:6])}, ...")
    if faults:
        raise faults[0]
    if settings["EVALB_SPMRL"] and settings["DELETE_BY_GOLD"]:
        raise ConfigError(f"{source}: DELETE_BY_GOLD cannot be used with EVALB_SPMRL 1, "
                          "which deletes no word")
    if settings["EVALB_SPMRL"] and lists["QUOTE_LABEL"]:
        # EVALB_SPMRL's quote fix compares the delete list before its first
        # sentence cuts it, and after: its figures then hang on the order
        # of the sentences, which parsedit does not reproduce.
        raise ConfigError(f"{source}: QUOTE_LABEL cannot be used with EVALB_SPMRL 1 "
                          "(EVALB_SPMRL's quote fix depends on which sentence came first; "
                          "parsedit does not reproduce it)")
    normalisation = Normalisation(
        name=name,
        delete_labels=frozenset(lists["DELETE_LABEL"]),
        delete_labels_for_length=frozenset(lists["DELETE_LABEL_FOR_LENGTH"]),
        equal_labels=tuple(pairs["EQ_LABEL"]),
        strip_function_tags=bool(settings["STRIP_FUNCTION_TAGS"]),
        quote_labels=frozenset(lists["QUOTE_LABEL"]),
        equal_words=tuple(pairs["EQ_WORD"]),
        strip_outer_bracket=bool(settings["STRIP_OUTER_BRACKET"]),
        spmrl=bool(settings["EVALB_SPMRL"]),
        keep_labels=frozenset(lists["KEEP_LABEL"]) if lists["KEEP_LABEL"] else None)
    return Params(normalisation, labeled=bool(settings["LABELED"]),
                  cutoff_len=settings["CUTOFF_LEN"], max_error=settings["MAX_ERROR"],
                  source=source, warnings=tuple(warnings), deletes=tuple(lists["DELETE_LABEL"]),
                  delete_by="gold" if settings["DELETE_BY_GOLD"] else "own",
                  unsupervised=strings["UNSUPERVISED"])


@cache
def shipped_params(name: str) -> Params:
    """A shipped parameter file (read once per process: Params is frozen)."""
    text = resources.files("parsedit.prm").joinpath(f"{name}.prm").read_text()
    return parse_params(text, f"{name}.prm", name)


def load_params(name_or_path: str) -> Params:
    """A shipped parameter file by name (``collins``, ``new``, ``none``,
    ``function-tags``) or any ``.prm`` file by path."""
    if name_or_path in SHIPPED:
        return shipped_params(name_or_path)
    path = Path(name_or_path)
    if not path.is_file():
        raise ConfigError(f"--params {name_or_path!r}: not one of {', '.join(SHIPPED)} "
                          "and not a file")
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise ConfigError(f"{path}: cannot be read ({exc.strerror})") from None
    params = parse_params(text, str(path), path.stem)
    like = _spmrl_like(params)
    if like is not None:
        params = replace(params, warnings=(*params.warnings, (
            f"{path} holds the settings of SPMRL's {like}.prm, scored here by EVALB's rules, "
            "as EVALB scores with them; the SPMRL shared tasks scored with EVALB_SPMRL, whose "
            "rules differ (labels cut at '#' as well as '-' and '=', and tags compared cut "
            "the same way; empty elements kept as words; unlabelled brackets deleted; a "
            "length mismatch counted as a sentence with no bracket): "
            f"-p {like.replace('_', '-')} gives EVALB_SPMRL's figures")))
    return params


def _spmrl_like(params: Params) -> str | None:
    """``spmrl`` or ``spmrl_hebrew`` when a parameter file read by EVALB's
    rules holds the settings of that SPMRL file (so that EVALB_SPMRL's
    figures are what its user expects), else None."""
    if params.spmrl:
        return None
    for name in ("spmrl", "spmrl-hebrew"):
        shipped = shipped_params(name)
        mine, theirs = params.normalisation, shipped.normalisation
        if (mine.delete_labels, mine.delete_labels_for_length, mine.equal_labels,
                mine.quote_labels, params.labeled) == (
                theirs.delete_labels, theirs.delete_labels_for_length, theirs.equal_labels,
                theirs.quote_labels, shipped.labeled):
            return name.replace("-", "_")
    return None


def with_labels(params: Params, delete: Sequence[str] = (),
                equal: Sequence[Sequence[str]] = ()) -> Params:
    """``params`` with more labels deleted (``--delete-label``, as a
    ``DELETE_LABEL`` line would) and more pairs of labels made equal
    (``--equal-label A B``, as an ``EQ_LABEL`` line would), on top of the
    file's own; named in the signature (``delete:ROOT``, ``equal:ROOT=TOP``)."""
    if not delete and not equal:
        return params
    for label in (*delete, *(x for pair in equal for x in pair)):
        if not label or any(c.isspace() or c in "()" for c in label):
            raise ConfigError(f"--delete-label/--equal-label {label!r}: a label has no "
                              "whitespace or bracket and is not empty")
    pairs = []
    for pair in equal:
        if len(pair) != 2:
            raise ConfigError(f"--equal-label takes two labels, not {len(pair)}: {pair!r}")
        pairs.append((pair[0], pair[1]))
    norm = params.normalisation
    normalisation = replace(norm, delete_labels=norm.delete_labels | frozenset(delete),
                            equal_labels=(*norm.equal_labels, *pairs))
    added = (*params.added, *(f"delete:{label}" for label in delete),
             *(f"equal:{a}={b}" for a, b in pairs))
    return replace(params, normalisation=normalisation, deletes=(*params.deletes, *delete),
                   added=added)


DELETE_BY = ("own", "gold")


def with_overrides(params: Params, cutoff_len: int | None = None,
                   max_error: int | None = None, delete_by: str | None = None) -> Params:
    """``params`` with EVALB's command-line overrides (``-c``, ``-e``) and
    ``--delete-by`` (over DELETE_BY_GOLD)."""
    if delete_by is not None and delete_by != params.delete_by:
        if delete_by not in DELETE_BY:
            raise ConfigError(f"Invalid value for '--delete-by': {delete_by!r} is not one of "
                              f"{', '.join(map(repr, DELETE_BY))}")
        if params.spmrl and delete_by == "gold":
            raise ConfigError("--delete-by gold cannot be used with EVALB_SPMRL's rules (-p "
                              "spmrl), which delete no word")
        params = replace(params, delete_by=delete_by)
    if cutoff_len is not None:
        params = replace(params, cutoff_len=cutoff_len)
    if max_error is not None:
        params = replace(params, max_error=max_error)
    return params
