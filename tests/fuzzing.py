"""Random damage to real trees, and what parsedit must do with it whatever it is.

Used by ``tests/test_fuzz.py`` (a few examples, in the suite) and by
``tests/fuzz_long.py`` (a long run, by hand).  A corpus is a few real gold
lines (the Kummerfeld WSJ gold and Sequoia's French, or Roark's example
without ../shared/data) and a test file made from them with damage on some
lines: brackets dropped and added, odd labels (``S[dcl]``, ``PRP$``,
``NP=2``, ``-LRB-``, empty), NUL and control bytes, tabs, CR, a BOM, very
long tokens, invalid UTF-8, lines blanked, raw text, failure markers.

What must hold (:func:`check_score` and the others): never a traceback; exit
0 or 1, or 2 with one line naming the first invalid UTF-8 line; one sentence
per line; every undamaged line scored; every line whose brackets do not
balance (the oracle: a character count, which is what the reader's
tokenisation reduces to) a ``skip`` whose message names its line.

No damaged line moves another's pair, adjacent damaged lines included (two
lines whose brackets make up for each other are not read as one tree split
over them: see :mod:`parsedit.trees.splits`).

One bad line never moves the others (:func:`one_bad_line`,
:func:`check_one_bad_line`): with exactly one damaged line, anywhere (line 1
too, where it could change how the file is read), of any kind above or a
forest (the root's children), two trees, an empty parse ``(TOP ())``, the
line split in two (a plain split: a space made a line end) or wrapped (the
second half indented), every other line is scored as if undamaged, with its
own pair.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner, Result
from hypothesis import assume
from hypothesis import strategies as st
from roark_trees import GOLD, PARSE2, PARSE3

from parsedit.cli import main
from parsedit.trees.reader import PRETTY_SHARE, read_trees

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"
ODD_LABELS = ("S[dcl]", "PRP$", "NP=2", "-LRB-", "", "NP-SBJ-1", "É", "a(b", "-NONE-", "TOP")
JUNK = ("\x00", "\x01", "\x07", "\x1b", "\x7f", "\t", "\r", "\ufeff", "\x0b", "\x0c", "\x1c",
        "\u2028", "\x85", "é")
INVALID = (b"\xff", b"\xc3", b"\xe9", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80")


def real_lines() -> list[str]:
    """Some real gold trees, one a line."""
    found: list[str] = []
    for name, count in (("kummerfeld/wsj01.mrg", 6), ("sequoia/gold.mrg", 4)):
        path = SHARED / name
        if path.is_file():
            found += path.read_text(encoding="utf-8").splitlines()[:count]
    return found or [GOLD, PARSE2, PARSE3]


REAL = real_lines()


@dataclass(frozen=True)
class Corpus:
    gold: list[str]
    test: list[bytes]  # one line each, without its line end
    damaged: frozenset[int]  # 1-based line numbers
    line_end: bytes

    @property
    def invalid_line(self) -> int | None:
        """The first test line that is not UTF-8, if any."""
        for number, line in enumerate(self.test, start=1):
            try:
                line.decode("utf-8")
            except UnicodeDecodeError:
                return number
        return None

    def write(self, directory: Path) -> tuple[str, str]:
        gold, test = directory / "gold.mrg", directory / "test.mrg"
        gold.write_text("".join(g + "\n" for g in self.gold), encoding="utf-8")
        # (a line split in two holds its line end)
        test.write_bytes(b"".join(t.replace(b"\n", self.line_end) + self.line_end
                                  for t in self.test))
        return str(gold), str(test)


@st.composite
def damaged_line(draw: st.DrawFn, line: str) -> bytes:
    """One line with one to three kinds of damage."""
    text = line
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(("drop", "add", "label", "junk", "long", "invalid",
                                     "blank", "raw", "failure")))
        at = draw(st.integers(0, len(text)))
        if kind == "drop":
            brackets = [i for i, c in enumerate(text) if c in "()"]
            if brackets:
                i = draw(st.sampled_from(brackets))
                text = text[:i] + text[i + 1:]
        elif kind == "add":
            text = text[:at] + draw(st.sampled_from("()")) + text[at:]
        elif kind == "label":
            opens = [i for i, c in enumerate(text) if c == "("]
            if opens:
                i = draw(st.sampled_from(opens)) + 1
                end = i
                while end < len(text) and text[end] not in " ()":
                    end += 1
                text = text[:i] + draw(st.sampled_from(ODD_LABELS)) + text[end:]
        elif kind == "junk":
            text = text[:at] + draw(st.sampled_from(JUNK)) + text[at:]
        elif kind == "long":
            text = text[:at] + "w" * draw(st.sampled_from((1000, 20000))) + text[at:]
        elif kind == "blank":
            text = draw(st.sampled_from(("", " ", "\t")))
        elif kind == "raw":
            text = " ".join(text.replace("(", " ").replace(")", " ").split())
        elif kind == "failure":
            text = "(Failure " + " ".join(text.replace("(", " ").replace(")", " ").split()) + ")"
        else:
            data = text.encode()
            cut = min(len(data), draw(st.integers(0, len(data))))
            return data[:cut] + draw(st.sampled_from(INVALID)) + data[cut:]
    return text.encode()


# A tree's first token (its root's open bracket) and, for a forest, the
# children of the bracket its root holds alone: "( (S ...))", "(TOP (S ...))".
_FIRST = re.compile(r"\([^\s()]*")
_ROOTED = re.compile(r"^\([^\s()]* \([^\s()]+ (.*)\)\)$")


@st.composite
def odd_line(draw: st.DrawFn, line: str) -> bytes:
    """One line damaged by one of the kinds :func:`damaged_line` does, or
    written as a forest (its root's children), as two trees, as an empty
    parse, split in two at a space (never before a bracket that begins
    as the line does: that line would be the next sentence's), or wrapped
    (split at a space, the second half indented)."""
    kind = draw(st.sampled_from(("damage", "forest", "two", "marker", "split", "wrap")))
    if kind == "forest":
        found = _ROOTED.match(line)
        return (found.group(1) if found else line).encode()
    if kind == "two":
        return f"{line} {draw(st.sampled_from(REAL))}".encode()
    if kind == "marker":
        return draw(st.sampled_from(("(TOP ())", "(())", "(ROOT ())"))).encode()
    if kind == "wrap":  # split at a space, the second half indented
        spaces = [i for i, c in enumerate(line) if c == " " and line[:i].strip()
                  and line[i + 1:].strip()]
        if spaces:
            at = draw(st.sampled_from(spaces))
            indent = draw(st.sampled_from(("  ", "    ", "\t")))
            return f"{line[:at]}\n{indent}{line[at + 1:]}".encode()
    if kind == "split":
        first = _FIRST.match(line)
        root = first.group() if first else ""
        spaces = [i for i, c in enumerate(line) if c == " " and line[:i].strip()
                  and line[i + 1:].strip() and not line[i + 1:].startswith(root + " ")]
        if spaces:
            at = draw(st.sampled_from(spaces))
            return f"{line[:at]}\n{line[at + 1:]}".encode()
    return draw(damaged_line(line))


@st.composite
def one_bad_line(draw: st.DrawFn) -> Corpus:
    """Gold lines and a test file of the same lines, one of them (any, the
    first too) odd (:func:`odd_line`)."""
    gold = draw(st.lists(st.sampled_from(REAL), min_size=2, max_size=5))
    k = draw(st.integers(1, len(gold)))
    test = [draw(odd_line(g)) if i == k else g.encode() for i, g in enumerate(gold, start=1)]
    return Corpus(gold, test, frozenset({k}), draw(st.sampled_from((b"\n", b"\r\n"))))


@st.composite
def corpora(draw: st.DrawFn, first: bool = False) -> Corpus:
    """Gold lines in the file's order, a test file with damage after its first
    line (or anywhere, with ``first``: the damage can then change the file's
    layout, see :mod:`parsedit.trees.reader`)."""
    gold = draw(st.lists(st.sampled_from(REAL), min_size=2, max_size=5))
    damaged = draw(st.sets(st.integers(1 if first else 2, len(gold)), min_size=1))
    test = [draw(damaged_line(g)) if i in damaged else g.encode()
            for i, g in enumerate(gold, start=1)]
    return Corpus(gold, test, frozenset(damaged), draw(st.sampled_from((b"\n", b"\r\n"))))


def unbalanced(line: bytes) -> bool:
    """The oracle: the brackets of a line do not balance (counted as characters)."""
    depth = 0
    for byte in line:
        depth += (byte == 0x28) - (byte == 0x29)
        if depth < 0:
            return True
    return depth != 0


def invoke(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def no_traceback(result: Result) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    assert "Traceback" not in result.output


def refused_as_not_utf8(result: Result, corpus: Corpus) -> bool:
    """Whether the run was refused for the test file's encoding (and rightly)."""
    invalid = corpus.invalid_line
    if invalid is None:
        return False
    lines = result.stderr.splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert f"test.mrg:{invalid}:" in lines[0] and "not valid utf-8" in lines[0], lines[0]
    return True


def check_score(corpus: Corpus, directory: Path) -> None:
    gold, test = corpus.write(directory)
    result = invoke("score", gold, test, "--format", "json",
                    "--metrics", "parseval,label,span,rule,la,tagging")
    no_traceback(result)
    if refused_as_not_utf8(result, corpus):
        return
    assert result.exit_code in (0, 1), result.output
    sentences = json.loads(result.stdout)["sentences"]
    if 1 in corpus.damaged and len(corpus.damaged) > 1:
        # Several damaged lines, the first among them: they may outnumber the
        # others and make the file read freely; no line-by-line claim.
        assert all(s["status"] == "ok" or s["message"] for s in sentences)
        return
    # Adjacent damaged lines too (two lines whose brackets make up for each
    # other are not one tree split over them: the files have as many lines).
    assert len(sentences) == len(corpus.gold), (len(sentences), result.stderr)
    for number, (sentence, line) in enumerate(zip(sentences, corpus.test), start=1):
        if number not in corpus.damaged:
            assert sentence["status"] == "ok", sentence
        elif unbalanced(line):
            assert sentence["status"] == "skip", sentence
        if sentence["status"] != "ok" and line.strip():
            assert f"test.mrg:{number}" in sentence["message"], sentence


def check_one_bad_line(corpus: Corpus, directory: Path) -> None:
    """With one odd line: as many sentences as gold lines, every other one
    scored as if undamaged (each bracket matched), and the odd one, if not
    scored, named by its own line."""
    gold, test = corpus.write(directory)
    result = invoke("score", gold, test, "--format", "json", "--metrics", "parseval,label,la")
    no_traceback(result)
    if refused_as_not_utf8(result, corpus):
        return
    assert result.exit_code in (0, 1), result.output
    sentences = json.loads(result.stdout)["sentences"]
    (bad,) = corpus.damaged
    assert len(sentences) == len(corpus.gold), (len(sentences), result.stderr)
    for number, sentence in enumerate(sentences, start=1):
        if number == bad:
            if sentence["status"] != "ok" and corpus.test[bad - 1].strip():
                assert f"test.mrg:{number}" in sentence["message"], sentence
            continue
        assert sentence["status"] == "ok", (number, sentence, corpus.test[bad - 1])
        counts = sentence["parseval"]
        assert counts["matched"] == counts["gold"] == counts["test"], (number, sentence)


def check_other_commands(corpus: Corpus, directory: Path, sentence: int) -> None:
    """``align``, ``tags`` and ``compare`` on the same files."""
    gold, test = corpus.write(directory)
    commands = (("align", gold, test, "--sentence", str(sentence)),
                ("align", gold, test, "--sentence", str(sentence), "--encoding", "lineage"),
                ("tags", gold, test, "--format", "json"),
                ("compare", gold, test, gold, "--samples", "20", "--metrics",
                 "parseval,label,la"))
    for args in commands:
        result = invoke(*args)
        no_traceback(result)
        if refused_as_not_utf8(result, corpus):
            continue
        if args[0] == "align" and result.exit_code == 2:
            # only a pair that is not scored cannot be shown
            assert f"sentence {sentence} is not scored" in result.stderr, result.output
            assert sentence in corpus.damaged or 1 in corpus.damaged
        else:
            assert result.exit_code in (0, 1), (args, result.output)


# Pretty-printed files (free layout), for the claim that damage to one tree
# costs that tree only.  A tree is (label, word) for a preterminal or (label,
# children) for a phrase; the oracle for what the reader must read is the
# tree's tokens, written out here, not the reader's.
PHRASES = ("S", "NP", "VP", "PP", "NP-SBJ", "SBAR", "S[dcl]", "NP=2")
TAGS = ("DT", "NN", "VBZ", "IN", "PRP$", "-LRB-", ",", "-NONE-")
Node = tuple[str, "str | list[Node]"]


def nodes() -> st.SearchStrategy[Node]:
    """Random trees with tagged words (no word directly under a phrase, no
    empty phrase: nothing a parser's failure marker or ``()`` could be)."""
    words = st.text("abcxyz.,'*$", min_size=1, max_size=5)
    preterminal = st.tuples(st.sampled_from(TAGS), words)
    return st.recursive(
        preterminal,
        lambda kids: st.tuples(st.sampled_from((*PHRASES, "")), st.lists(kids, min_size=1,
                                                                         max_size=4)),
        max_leaves=12)


def roots() -> st.SearchStrategy[Node]:
    """A tree whose root is labelled (its ``(`` in column 1 starts it)."""
    return nodes().filter(lambda node: node[0] != "")


def flat(node: Node) -> str:
    label, kids = node
    if isinstance(kids, str):
        return f"({label} {kids})"
    return f"({label} " + " ".join(flat(kid) for kid in kids) + ")"


def pretty(node: Node, margin: int, indent: int = 0) -> str:
    """``node`` as NLTK's ``Tree.pformat`` writes it: whole on a line if it
    fits in ``margin``, else each child on its own line, indented by two."""
    label, kids = node
    text = flat(node)
    if isinstance(kids, str) or len(text) + indent < margin:
        return text
    return f"({label}" + "".join("\n" + " " * (indent + 2) + pretty(kid, margin, indent + 2)
                                 for kid in kids) + ")"


def tokens(node: Node) -> tuple[str, ...]:
    """What the reader must read for ``node`` (see :mod:`parsedit.trees.tree`)."""
    label, kids = node
    if isinstance(kids, str):
        return (f"({label} {kids})",)
    return (f"({label}", *(t for kid in kids for t in tokens(kid)), ")")


@dataclass(frozen=True)
class Pretty:
    """Trees written pretty-printed one after another, each from column 1,
    ``gaps`` after them (a line end, or a blank line too); tree ``k`` can be
    written ``damaged`` instead."""

    trees: list[Node]
    texts: list[str]
    gaps: list[str]
    k: int
    damaged: str

    def write(self, path: Path, damaged: bool) -> str:
        texts = [self.damaged if damaged and n == self.k else text
                 for n, text in enumerate(self.texts)]
        path.write_text("".join(text + gap for text, gap in zip(texts, self.gaps)))
        return str(path)


@st.composite
def pretty_files(draw: st.DrawFn) -> Pretty:
    """Enough trees across lines (at least two) that the file is read in
    free layout whatever the damage; tree ``k`` damaged by one bracket inserted
    (anywhere in its text but before a continuation line's indentation,
    where a ``(`` starts a tree by the convention the reader resynchronises
    on) or deleted."""
    trees = draw(st.lists(roots(), min_size=2, max_size=6))
    margin = draw(st.integers(10, 70))
    texts = [pretty(tree, margin) for tree in trees]
    # Pretty-printed even with one of its trees across lines damaged (so
    # that the file is read in free layout whatever the damage):
    # parsedit.trees.reader.line_layout's share of trees across lines.
    spanning = sum("\n" in text for text in texts)
    assume(spanning >= 2 and (spanning - 1) * PRETTY_SHARE >= len(texts) - spanning)
    gaps = draw(st.lists(st.sampled_from(("\n", "\n\n")), min_size=len(trees),
                         max_size=len(trees)))
    k = draw(st.integers(0, len(trees) - 1))
    text = texts[k]
    if draw(st.booleans()):
        at = draw(st.sampled_from([i for i in range(len(text) + 1)
                                   if i == 0 or text[i - 1] != "\n"]))
        damaged = text[:at] + draw(st.sampled_from("()")) + text[at:]
    else:
        at = draw(st.sampled_from([i for i, c in enumerate(text) if c in "()"]))
        damaged = text[:at] + text[at + 1:]
    return Pretty(trees, texts, gaps, k, damaged)


def check_pretty_reading(case: Pretty, directory: Path) -> None:
    """The reader reads every tree but ``k`` as without the damage, with the
    same number; tree ``k`` is one error item."""
    clean = list(read_trees(case.write(directory / "clean.mrg", damaged=False)))
    items = list(read_trees(case.write(directory / "damaged.mrg", damaged=True)))
    assert [item.tokens for item in clean] == [tokens(tree) for tree in case.trees]
    assert len(items) == len(case.trees), [str(i.error) for i in items if i.error]
    for number, (item, before) in enumerate(zip(items, clean)):
        if number == case.k:
            assert item.tokens is None and item.error is not None
            assert item.line == item.error.line
        else:
            assert item == before


def check_pretty_score(case: Pretty, directory: Path) -> None:
    """``score`` of the clean file against the damaged one: tree ``k`` is a
    ``skip``, every other sentence as in the clean file against itself."""
    gold = case.write(directory / "gold.mrg", damaged=False)
    runs = []
    for damaged in (False, True):
        test = case.write(directory / "test.mrg", damaged)
        result = invoke("score", gold, test, "--metrics", "parseval", "--format", "json")
        no_traceback(result)
        assert result.exit_code in (0, 1), result.output  # 1: nothing scored (-NONE-)
        runs.append(json.loads(result.stdout)["sentences"])
    clean, sentences = runs
    k = case.k
    assert len(sentences) == len(case.trees)
    assert sentences[k]["status"] == "skip" and "test.mrg" in sentences[k]["message"]
    assert sentences[:k] + sentences[k + 1:] == clean[:k] + clean[k + 1:]
