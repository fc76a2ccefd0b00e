"""Every example in the documentation runs, and shows what it prints.

The pages are ``README.md`` and ``docs/**/*.md``. The convention, stated for
writers in ``docs/index.md`` ("Examples in these pages"):

* A fenced block tagged ``console`` is run. Each line that begins with ``$ ``
  is a shell command (a line ending in ``\\`` continues it); the lines after
  it, up to the next ``$ `` line, are what it prints, standard output and
  standard error together, compared as doctest compares with ELLIPSIS (``...``
  stands for any text, across lines too), trailing spaces and blank lines
  ignored. A command
  followed by no lines must only succeed. Every command must exit 0: a failure
  is shown as ``cmd || echo "exit $?"``, never after a pipe (under the
  harness's ``pipefail`` the exit shown would not be a plain shell's).
* A fenced block tagged ``python`` is executed; the ``python`` blocks of a
  page share one namespace and run in order, with the ``console`` blocks
  between them, in the page's working directory. What they check, they assert.
* ``console not-run: REASON`` and ``python not-run: REASON`` are shown only
  (``pip install``, a tool that is not installed here); the reason is required.
* ``text``, ``json``, ``toml``, ``tsv`` and ``prm`` blocks are data or output,
  not run. A block tagged ``LANG file=NAME`` (``toml file=vp-family.toml``,
  ``python file=grammar.py``) is not run but written to the file NAME of the
  page's working directory, in its place among the examples, so that a page
  can show a file and then use it.
  ``sh``, ``bash`` and ``shell`` are refused: a shell example is a
  ``console`` block.

Each page runs in a fresh temporary directory laid out as a checkout
(``src/parsedit/data`` and ``prm``, ``grammars`` and ``benchmarks`` copied), with
``../shared/data`` linked to the shared data beside this checkout when it is
there; a block that names ``../shared/data`` is skipped, with that reason,
when it is not. ``parsedit`` and ``python`` in a command are this Python
running this checkout's ``src``.
"""

from __future__ import annotations

import doctest
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import parsedit

ROOT = Path(__file__).resolve().parents[1]
# Where the parsedit these tests import lies: this checkout's src, or (as
# .ci/run installs it) site-packages, where parsedit.grammars is installed too.
TESTED = Path(parsedit.__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINKED = [*PAGES, ROOT / "CHANGELOG.md", ROOT / "benchmarks" / "RESULTS.md"]

RUN = {"console", "python"}
DATA = {"text", "json", "toml", "tsv", "prm"}
FENCE = re.compile(r"^```(.*)$")
CHECKER = doctest.OutputChecker()
PRELUDE = """set -o pipefail
parsedit() { "$DOCS_PYTHON" -m parsedit "$@"; }
python() { "$DOCS_PYTHON" "$@"; }
"""


@dataclass(frozen=True)
class Block:
    """One fenced block of a page: its language, flags and text."""

    page: Path
    line: int  # of the opening fence, 1-based
    lang: str
    info: str  # what follows the language in the opening fence
    text: str

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"

    @property
    def runs(self) -> bool:
        return (self.lang in RUN and not self.info.startswith("not-run")) or self.writes is not None

    @property
    def writes(self) -> str | None:
        """The file a data block is written to (``file=NAME``), if any."""
        if self.lang != "console" and self.info.startswith("file="):
            return self.info.removeprefix("file=")
        return None

    @property
    def needs_shared(self) -> bool:
        return "../shared/data" in self.text


def blocks(page: Path) -> list[Block]:
    """The fenced blocks of ``page``, in order (fences begin in column 1)."""
    found: list[Block] = []
    opened: tuple[int, str] | None = None
    body: list[str] = []
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        match = FENCE.match(line)
        if match is None:
            if opened is not None:
                body.append(line)
            continue
        if opened is None:
            opened, body = (number, match.group(1).strip()), []
            continue
        if match.group(1).strip():
            raise AssertionError(f"{page}:{number}: a fence opens inside the block "
                                 f"opened at line {opened[0]}")
        lang, _, info = opened[1].partition(" ")
        found.append(Block(page, opened[0], lang, info.strip(), "\n".join(body) + "\n"))
        opened = None
    assert opened is None, f"{page}:{opened[0]}: a block is never closed"
    return found


def _text(lines: list[str]) -> str:
    """Lines as text, without trailing blank lines."""
    while lines and not lines[-1]:
        lines = lines[:-1]
    return "".join(line + "\n" for line in lines)


def commands(block: Block) -> Iterator[tuple[str, str]]:
    """A console block's commands, each with the output shown after it."""
    command: list[str] = []
    shown: list[str] = []
    lines = block.text.splitlines()
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.startswith("$ "):
            if command:
                yield "\n".join(command), _text(shown)
            command, shown = [line[2:]], []
            while command[-1].endswith("\\") and index + 1 < len(lines):
                index += 1
                command.append(lines[index])
        else:
            assert command, f"{block.where}: output before any '$ ' command: {line!r}"
            shown.append(line.rstrip())
        index += 1
    if command:
        yield "\n".join(command), _text(shown)


def checkout(root: Path) -> Path:
    """A temporary checkout under ``root``: the bundled data, grammars, benchmarks."""
    work = root / "parsedit"
    shutil.copytree(ROOT / "src" / "parsedit" / "data", work / "src" / "parsedit" / "data",
                    ignore=shutil.ignore_patterns("__init__.py", "__pycache__"))
    shutil.copytree(ROOT / "src" / "parsedit" / "prm", work / "src" / "parsedit" / "prm",
                    ignore=shutil.ignore_patterns("__init__.py", "__pycache__"))
    shutil.copytree(ROOT / "grammars", work / "grammars",
                    ignore=shutil.ignore_patterns("__init__.py", "__pycache__"))
    shutil.copytree(ROOT / "benchmarks", work / "benchmarks",
                    ignore=shutil.ignore_patterns("figures", "__pycache__", "*.md"))
    if SHARED.is_dir():
        (root / "shared").mkdir()
        (root / "shared" / "data").symlink_to(SHARED, target_is_directory=True)
    return work


@dataclass
class Page:
    """A page's examples, run in order in one working directory, once each."""

    path: Path
    examples: list[Block]
    work: Path | None = None
    done: int = 0
    namespace: dict[str, Any] = field(default_factory=dict)
    failed: str | None = None
    skipped: list[str] = field(default_factory=list)

    def run_to(self, index: int, root: Path) -> None:
        """Run the examples up to ``index`` (included) that have not run yet."""
        if self.work is None:
            self.work = checkout(root)
            self.namespace = {"__name__": "__docs__"}
        while self.done <= index:
            block = self.examples[self.done]
            self.done += 1
            if block.needs_shared and not SHARED.is_dir():
                self.skipped.append(block.where)
                if self.done - 1 == index:
                    pytest.skip(f"{block.where} reads ../shared/data, which is not "
                                "beside this checkout")
                continue
            if self.failed is not None:
                if self.done - 1 == index:
                    pytest.fail(f"{block.where} follows {self.failed}, which failed")
                continue
            try:
                self.run(block)
            except BaseException as error:
                self.failed = block.where
                if self.skipped and not isinstance(error, pytest.skip.Exception):
                    pytest.skip(f"{block.where} follows {', '.join(self.skipped)}, "
                                "skipped for lack of ../shared/data")
                raise

    def run(self, block: Block) -> None:
        assert self.work is not None
        if block.writes is not None:
            (self.work / block.writes).write_text(block.text, encoding="utf-8")
            return
        if block.lang == "python":
            code = compile(block.text, block.where, "exec")
            here = Path.cwd()
            os.chdir(self.work)
            try:
                exec(code, self.namespace)
            finally:
                os.chdir(here)
            return
        env = dict(os.environ, DOCS_PYTHON=sys.executable, PYTHONUNBUFFERED="1",
                   PYTHONPATH=os.pathsep.join(
                       [str(TESTED), *filter(None, [os.environ.get("PYTHONPATH")])]),
                   PARSEDIT_CACHE=str(self.work.parent / "cache"))
        for command, shown in commands(block):
            done = subprocess.run(["bash", "-c", PRELUDE + command], cwd=self.work, env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  text=True, timeout=900)
            got = _text([line.rstrip() for line in done.stdout.splitlines()])
            assert done.returncode == 0, (
                f"{block.where}: `{command}` exited {done.returncode}:\n{got}")
            if shown and not CHECKER.check_output(shown, got, doctest.ELLIPSIS):
                example = doctest.Example(command, shown)
                raise AssertionError(f"{block.where}: `{command}`\n"
                                     + CHECKER.output_difference(example, got,
                                                                 doctest.ELLIPSIS))


def _pages() -> dict[Path, Page]:
    return {page: Page(page, [b for b in blocks(page) if b.runs]) for page in PAGES}


RUNNERS = _pages()
EXAMPLES = [(page, index) for page, runner in RUNNERS.items()
            for index in range(len(runner.examples))]


@pytest.mark.cli
@pytest.mark.slow  # about 30 s of CPU for every example together
@pytest.mark.parametrize(
    ("page", "index"), EXAMPLES,
    ids=[RUNNERS[page].examples[index].where for page, index in EXAMPLES])
def test_example(page: Path, index: int, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Each example runs (after the ones before it on its page) and shows what it prints."""
    runner = RUNNERS[page]
    runner.run_to(index, tmp_path_factory.mktemp(page.stem))


def test_every_block_follows_the_convention() -> None:
    """Every fenced block is run or marked, with a reason, as not run; no shell block
    escapes the test by being tagged sh."""
    for page in PAGES:
        for block in blocks(page):
            assert block.lang in RUN | DATA, (
                f"{block.where}: a block tagged {block.lang!r}: tag it console (run), "
                f"python (run), or one of {sorted(DATA)} (data, not run)")
            if block.info.startswith("not-run"):
                assert block.lang in RUN and block.info.removeprefix("not-run").strip(": "), (
                    f"{block.where}: 'not-run' needs a reason: ```{block.lang} not-run: why")
            elif block.writes is not None:
                assert re.fullmatch(r"[\w.-]+", block.writes), f"{block.where}: file={block.writes}"
            else:
                assert not block.info, f"{block.where}: unknown flags {block.info!r}"
            if block.lang == "console" and block.runs:
                assert block.text.startswith("$ "), f"{block.where}: no command first"


# A pipe (not ||) outside quotes, before a shown exit status.
PIPE = re.compile(r"(?<!\|)\|(?!\|)")
SHOWN_EXIT = '|| echo "exit $?"'


def test_no_exit_is_shown_after_a_pipe() -> None:
    """``a | b || echo "exit $?"`` shows ``a``'s failure only under pipefail,
    which the examples run under and a reader's shell does not: a plain
    shell gives the pipeline ``b``'s status.  Such a command is refused."""
    piped = []
    for runner in RUNNERS.values():
        for block in runner.examples:
            if block.lang != "console":
                continue
            for command, _ in commands(block):
                if SHOWN_EXIT not in command:
                    continue
                before = command.split(SHOWN_EXIT)[0]
                unquoted = re.sub(r"'[^']*'|\"[^\"]*\"", "", before)
                if PIPE.search(unquoted):
                    piped.append(f"{block.where}: {command}")
    assert not piped, "\n".join(piped)
    (pipe,) = [c for c, _ in commands(Block(ROOT, 1, "console", "",
                                            "$ a | grep 'x|y' || echo \"exit $?\"\n"))]
    assert PIPE.search(re.sub(r"'[^']*'|\"[^\"]*\"", "", pipe.split(SHOWN_EXIT)[0]))


def test_docs_have_examples() -> None:
    """The harness finds the examples (a parsing slip would pass vacuously)."""
    assert len(EXAMPLES) >= 40
    langs = {RUNNERS[page].examples[index].lang for page, index in EXAMPLES
             if RUNNERS[page].examples[index].writes is None}
    assert langs == RUN


def test_console_parsing() -> None:
    block = Block(ROOT / "README.md", 1, "console", "",
                  "$ parsedit a \\\n  b\nout 1\n...\n$ parsedit c\n")
    assert list(commands(block)) == [("parsedit a \\\n  b", "out 1\n...\n"),
                                     ("parsedit c", "")]


def slug(heading: str) -> str:
    """GitHub's anchor for a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    found: set[str] = set()
    inside = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            inside = not inside
        elif not inside and line.startswith("#"):
            base = slug(line.lstrip("#"))
            name, n = base, 0
            while name in found:
                n += 1
                name = f"{base}-{n}"
            found.add(name)
    return found


LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def test_links_resolve() -> None:
    """Every relative link names a file that exists, and a heading in it."""
    broken: list[str] = []
    for page in LINKED:
        inside = False
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("```"):
                inside = not inside
                continue
            if inside:
                continue
            for target in LINK.findall(line):
                if re.match(r"[a-z]+:", target):
                    continue
                path, _, anchor = target.partition("#")
                linked = (page.parent / path).resolve() if path else page
                if not linked.exists():
                    broken.append(f"{page.relative_to(ROOT)}:{number}: {target}")
                elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                    broken.append(f"{page.relative_to(ROOT)}:{number}: {target} (no heading)")
    assert not broken, "\n".join(broken)


def test_readme_is_a_front_door() -> None:
    """At most 400 lines, and its test command is the one CI runs."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 400
    command = "pip install '.[test]' && python -m pytest"
    assert command in readme
    assert command in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_shown_version_is_the_package_version() -> None:
    """No page shows a report (JSON's "parsedit", a signature) with a version of parsedit
    that is not this one: a shown version is "..." or this one, so it cannot go stale."""
    import parsedit

    stale: list[str] = []
    for page in PAGES:
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            for version in re.findall(r'"parsedit": "([0-9][0-9.]*)"|parsedit:([0-9]+\.[0-9.]+)',
                                      line):
                shown = version[0] or version[1]
                if shown != parsedit.__version__:
                    stale.append(f"{page.relative_to(ROOT)}:{number}: {shown}")
    assert not stale, "\n".join(stale)


@pytest.mark.cli
def test_cli_reference_names_every_option() -> None:
    """docs/reference/cli.md names every option of every command in its section."""
    import click

    from parsedit.cli import main

    text = (ROOT / "docs" / "reference" / "cli.md").read_text(encoding="utf-8")
    sections = {match.group(1): body for match, body in (
        (re.match(r"`parsedit ([a-z]+)`", part), part)
        for part in re.split(r"^## ", text, flags=re.M)) if match}
    context = click.Context(main)
    missing: list[str] = []

    def walk(command: click.Command, path: list[str]) -> None:
        if isinstance(command, click.Group):
            for name in command.list_commands(context):
                sub = command.get_command(context, name)
                assert sub is not None
                walk(sub, [*path, name])
            return
        section = sections.get(path[0], "")
        if not section:
            missing.append(f"no section for parsedit {path[0]}")
        for param in command.params:
            for opt in (*param.opts, *param.secondary_opts):
                if opt.startswith("--") and not re.search(rf"(?<![\w-]){opt}(?![\w-])", section):
                    missing.append(f"parsedit {' '.join(path)} {opt}")

    walk(main, [])
    assert not missing, "\n".join(missing)
