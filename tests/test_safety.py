"""Issue 27, section 5 (safety and robustness): outputs written through what
their path names and never over an input; shipped names that files in the
working directory cannot replace; Python code run only when named as code;
compiled FARs written whole and checked before they are read; standard
streams that are full or closed; ``-p`` that does not echo a file it refuses.
Each case of the issue is a test here."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import stat
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import Result
from conftest import files, run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from roark_trees import GOLD, PARSE2, PARSE3
from test_io import one_error_line

from parsedit import output
from parsedit.costs import load_costs
from parsedit.costs.transducer import FstScheme
from parsedit.errors import ParseditError, SchemeError

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"


def compile_error(result: Result, *needles: str) -> None:
    """``grammars compile`` failed with exit 2: one error line, and nothing
    before it (the sizes of the transducers are said once the file is
    written: before, they came first, as if it had been); nothing written."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[-1].startswith("parsedit: error: "), lines
    assert "Traceback" not in result.output
    assert "wrote" not in result.stdout
    for needle in needles:
        assert needle in lines[-1], lines[-1]


def writers(tmp_path: Path, destination: str) -> list[tuple[str, ...]]:
    """Every command that writes a file, writing ``destination``."""
    gold, test = files(tmp_path, [GOLD, GOLD], [PARSE2, PARSE3])
    return [("score", gold, test, "-o", destination),
            ("score", gold, test, "--per-sentence", destination),
            ("compare", gold, test, gold, "-o", destination, "--samples", "10"),
            ("tags", gold, test, "-o", destination),
            ("grammars", "compile", "roark-basic", "--alphabet", gold, "-o", destination)]


@pytest.fixture(autouse=True)
def replaces_only_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Fail (instead of doing it) any rename over a file outside the test's
    directories: the runs here write into devices, which a regression would
    replace (as root, the system's own /dev/null or /dev/full)."""
    real = os.replace
    allowed = (str(tmp_path), str(tmp_path.parent.parent))

    def guarded(source: str, target: str, *args: object, **kwargs: object) -> None:
        assert str(target).startswith(allowed), f"would replace {target}"
        real(source, target, *args, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(os, "replace", guarded)
    yield


def _device(path: str) -> None:
    """Skip unless ``path`` is the character device it should be (another
    program on this machine may have replaced it)."""
    if not stat.S_ISCHR(os.stat(path).st_mode):
        pytest.skip(f"{path} is not a character device on this machine")


# --- outputs replace what they should write into ---------------------------------

def _read_fifo(path: Path, into: list[bytes]) -> threading.Thread:
    def reader() -> None:
        with open(path, "rb") as fifo:
            into.append(fifo.read())
    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    return thread


@pytest.mark.cli
def test_every_writer_writes_into_a_fifo_and_leaves_it_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    for args in writers(tmp_path, str(fifo)):
        got: list[bytes] = []
        thread = _read_fifo(fifo, got)
        result = run(*args)
        thread.join(timeout=60)
        assert result.exit_code == 0, (args, result.output)
        assert stat.S_ISFIFO(os.lstat(fifo).st_mode), args
        assert got and got[0], args  # the reader got the output
        if args[0] == "score" and "-o" in args:
            assert got[0].decode().startswith("parsedit: ")
        if args[0] == "grammars":  # a FAR, and no digest beside a FIFO
            assert got[0][:4] and not (tmp_path / "out.fifo.sha256").exists()
            assert "no digest is written" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gold.mrg", "out.fifo", "test.mrg"]


@pytest.mark.cli
def test_every_writer_writes_a_symlinks_target_and_keeps_the_link(tmp_path: Path) -> None:
    target_dir = tmp_path / "elsewhere"
    target_dir.mkdir()
    for number, args in enumerate(writers(tmp_path, str(tmp_path / "link"))):
        target = target_dir / f"target{number}"
        target.write_text("the old content\n")
        target.chmod(0o640)
        link = tmp_path / "link"
        link.unlink(missing_ok=True)
        link.symlink_to(target)
        result = run(*args)
        assert result.exit_code == 0, (args, result.output)
        assert link.is_symlink() and os.readlink(link) == str(target), args
        assert target.read_bytes() != b"the old content\n", args
        assert stat.S_IMODE(target.stat().st_mode) == 0o640, args  # its permissions kept
        digest = Path(str(target) + ".sha256")
        assert digest.exists() == (args[0] == "grammars"), args  # beside the target
    # A link to a file that does not exist yet: the file is made, the link kept.
    dangling = tmp_path / "dangling"
    dangling.symlink_to(target_dir / "new.txt")
    gold, test = files(tmp_path, [GOLD], [PARSE2])
    assert run("score", gold, test, "-o", str(dangling)).exit_code == 0
    assert dangling.is_symlink() and (target_dir / "new.txt").read_text().startswith("parsedit")


@pytest.mark.cli
def test_every_writer_writes_into_dev_null_and_leaves_it_a_device(tmp_path: Path) -> None:
    _device("/dev/null")
    for args in writers(tmp_path, "/dev/null"):
        result = run(*args)
        assert result.exit_code == 0, (args, result.output)
        assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    # A symbolic link to the device: written through, neither replaced.
    link = tmp_path / "null"
    link.symlink_to("/dev/null")
    gold, test = files(tmp_path, [GOLD], [PARSE2])
    assert run("score", gold, test, "-o", str(link)).exit_code == 0
    assert link.is_symlink() and stat.S_ISCHR(os.stat("/dev/null").st_mode)


@pytest.mark.cli
def test_a_plot_goes_through_a_symlink_too(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    gold, test = files(tmp_path, [GOLD, GOLD], [PARSE2, PARSE3])
    target = tmp_path / "figure-target.png"
    link = tmp_path / "figure.png"
    link.symlink_to(target)
    result = run("plot", "e-vs-label", gold, test, "-o", str(link))
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and target.read_bytes()[:4] == b"\x89PNG"
    # A plot whose name is an input's (with the suffix a plot needs): refused.
    image = tmp_path / "test.png"
    image.write_text(Path(test).read_text())
    one_error_line(run("plot", "e-vs-label", gold, str(image), "-o", str(image)),
                   "is the test file")
    assert image.read_text() == Path(test).read_text()


@pytest.mark.cli
def test_an_output_naming_an_input_is_refused(tmp_path: Path) -> None:
    gold, test = files(tmp_path, [GOLD, GOLD], [PARSE2, PARSE3])
    before = Path(test).read_bytes(), Path(gold).read_bytes()
    hard = tmp_path / "hard.mrg"
    os.link(test, hard)
    soft = tmp_path / "soft.mrg"
    soft.symlink_to(test)
    for where in (test, str(hard), str(soft)):
        for args in (("score", gold, test, "-o", where),
                     ("score", gold, test, "--per-sentence", where),
                     ("compare", gold, gold, test, "-o", where, "--samples", "10"),
                     ("tags", gold, test, "-o", where)):
            one_error_line(run(*args), f"{where} is the ", "test file" if args[0] != "compare"
                           else "system file", "name another file")
    one_error_line(run("score", gold, test, "-o", gold), "is the gold file")
    one_error_line(run("grammars", "compile", "roark-basic", "--alphabet", gold, "-o", gold),
                   "is the treebank")
    scheme = tmp_path / "mine.toml"
    scheme.write_text('name = "mine"\nextends = "roark-basic"\n')
    one_error_line(run("score", gold, test, "--label-costs", str(scheme), "-o", str(scheme)),
                   "is the label scheme")
    assert (Path(test).read_bytes(), Path(gold).read_bytes()) == before
    assert "name = " in scheme.read_text()


@pytest.mark.cli
def test_dev_stdout_is_written_into_not_replaced(tmp_path: Path) -> None:
    gold, test = files(tmp_path, [GOLD], [PARSE2])
    done = _parsedit("score", gold, test, "--metrics", "parseval", "-o", "/dev/stdout")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(b"parsedit: ") and b"Traceback" not in done.stderr


@pytest.mark.cli
def test_dev_full_and_a_failed_write_are_one_line_and_leave_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _device("/dev/full")
    gold, test = files(tmp_path, [GOLD], [PARSE2])
    one_error_line(run("score", gold, test, "-o", "/dev/full"),
                   "-o /dev/full: cannot write: No space left on device")
    result = run("grammars", "compile", "levenshtein", "--alphabet", gold, "-o", "/dev/full")
    compile_error(result, "-o /dev/full: cannot write: No space left on device")
    report = tmp_path / "report.txt"
    report.write_text("the previous report\n")
    real = os.write

    def full(fd: int, data: bytes) -> int:
        if len(data) > 100:  # the report, not a message
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd, data)
    monkeypatch.setattr(os, "write", full)
    one_error_line(run("score", gold, test, "-o", str(report)),
                   "cannot write: No space left on device")
    assert report.read_text() == "the previous report\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gold.mrg", "report.txt", "test.mrg"]


@pytest.mark.cli
@pytest.mark.slow
def test_a_far_openfst_could_not_write_whole_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk under OpenFst's writer: it says so only on standard error
    and leaves a short file, which the read-back finds."""
    from parsedit.fst import files as fst_files

    gold, _ = files(tmp_path, [GOLD], [PARSE2])
    real = fst_files.write_far

    def short(path: Path, fsts: dict[str, object]) -> None:
        real(path, fsts)  # type: ignore[arg-type]
        data = path.read_bytes()
        path.write_bytes(data[:len(data) // 2])
    monkeypatch.setattr(fst_files, "write_far", short)
    far = tmp_path / "x.far"
    far.write_bytes(b"the previous file")
    result = run("grammars", "compile", "levenshtein", "--alphabet", gold, "-o", str(far))
    compile_error(result, f"-o {far}: cannot write: OpenFst could not write the whole file")
    assert far.read_bytes() == b"the previous file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gold.mrg", "test.mrg", "x.far"]
    # And a failed fsync of the FAR's digest: nothing replaced either.
    monkeypatch.setattr(fst_files, "write_far", real)

    def no_sync(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "fsync", no_sync)
    result = run("grammars", "compile", "levenshtein", "--alphabet", gold, "-o", str(far))
    compile_error(result, "No space left on device")
    assert far.read_bytes() == b"the previous file"


# --- files in the working directory never replace the shipped schemes -----------

@pytest.mark.cli
def test_files_named_like_shipped_schemes_change_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gold, test = files(tmp_path, [GOLD, GOLD], [PARSE2, PARSE3])
    args = ("score", gold, test, "--metrics", "label,span,rule,la", "--format", "json")
    aligned = (*args, "--yield", "align")
    tags = ("tags", gold, test, "--tagset", "ipipan", "--format", "json")
    monkeypatch.chdir(tmp_path)
    clean = [run(*a) for a in (args, aligned)]
    for result in clean:
        assert result.exit_code == 0, result.output
    # What the attack put there: a cost scheme under each default's name, and
    # a word list called "words" (which broke every --yield align run).
    expensive = 'name = "{}"\n[insert]\nany = 99\n[delete]\nany = 99\n'
    for name in ("levenshtein", "roark-basic", "leaf-ancestor", "sampson-first-char",
                 "span-boundary"):
        (tmp_path / name).write_text(expensive.format(name))
    (tmp_path / "words").write_text("the\nof\nand\n")
    (tmp_path / "ipipan").write_text("not a tagset at all\n")
    for before, a in zip(clean, (args, aligned)):
        after = run(*a)
        assert after.exit_code == 0, after.output
        assert json.loads(after.stdout) == json.loads(before.stdout)
    assert run(*tags).exit_code == 0
    # Named as paths, the files are read (and the signature shows the path).
    mine = run("score", gold, test, "--metrics", "span", "--span-costs", "./levenshtein",
               "--signature-only")
    assert mine.exit_code == 0 and "span:./levenshtein@" in mine.stdout
    shipped = run("score", gold, test, "--metrics", "span", "--signature-only")
    assert "span:levenshtein@" in shipped.stdout
    one_error_line(run("score", gold, test, "--word-costs", "./words", "--yield", "align"),
                   "./words")
    # A name that is no shipped scheme, though a file has it: a hint, not the file.
    (tmp_path / "mine").write_text(expensive.format("mine"))
    one_error_line(run("score", gold, test, "--span-costs", "mine"),
                   "no cost scheme 'mine'", "./mine")
    # extends = "levenshtein" in a scheme file is the shipped scheme, too.
    child = tmp_path / "child.toml"
    child.write_text('name = "child"\nextends = "levenshtein"\n')
    assert load_costs(str(child)).digest == load_costs("levenshtein").digest
    child.write_text('name = "child"\nextends = "./levenshtein"\n')
    assert load_costs(str(child)).digest != load_costs("levenshtein").digest


# --- a scheme name never runs code the user did not name as code -----------------

EVIL = '''"""An innocent-looking grammar module."""
from pathlib import Path
Path({marker!r}).write_text("ran")
NAME = "evil"
ENCODINGS = ["span"]


def build(alphabet):
    raise RuntimeError("not for this test")
'''


@pytest.mark.cli
def test_only_a_path_ending_in_py_runs_a_module(tmp_path: Path) -> None:
    marker = tmp_path / "it-ran"
    evil = tmp_path / "evil.py"
    evil.write_text(EVIL.format(marker=str(marker)))
    gold, test = files(tmp_path, [GOLD], [PARSE2])
    # The attack: --span-costs /dir/evil executed /dir/evil.py.
    result = run("score", gold, test, "--metrics", "span", "--span-costs",
                 str(tmp_path / "evil"))
    one_error_line(result, f"{tmp_path / 'evil'}: no such file")
    assert not marker.exists()
    # A bare name never finds it either.
    one_error_line(run("score", gold, test, "--metrics", "span", "--span-costs", "evil"),
                   "no cost scheme 'evil'")
    assert not marker.exists()
    # grammars show displays a module without running it.
    shown = run("grammars", "show", str(evil))
    assert shown.exit_code == 0, shown.output
    assert not marker.exists()
    assert "evil@" in shown.stdout and "encodings: span" in shown.stdout
    assert "Python code" in shown.stdout and "does not run it" in shown.stdout
    assert "An innocent-looking grammar module." in shown.stdout
    shipped = run("grammars", "show", "span-boundary")
    assert shipped.exit_code == 0 and "span-boundary@" in shipped.stdout
    assert "partial credit for a constituent one boundary off" in shipped.stdout
    # Named as code (a path ending in .py), it runs, as documented.
    loaded = load_costs(str(evil))
    assert marker.read_text() == "ran" and loaded.describe().startswith(f"{evil}@")


# --- compiled FARs: written whole, checked before they are read ------------------

@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, bytes, bytes, str]:
    """A FAR compiled by ``grammars compile``: its path, bytes, digest file's
    bytes and its span transducer serialised."""
    folder = tmp_path_factory.mktemp("far")
    gold, _ = files(folder, [GOLD, GOLD], [PARSE2, PARSE3])
    far = folder / "lev.far"
    result = run("grammars", "compile", "levenshtein", "--alphabet", gold,
                 "--alphabet", str(folder / "test.mrg"), "--encoding", "span", "-o", str(far))
    assert result.exit_code == 0, result.output
    assert f"wrote {far} and its digest {far}.sha256" in result.stdout
    scheme = load_costs(str(far), "span")
    assert isinstance(scheme, FstScheme) and scheme.fst is not None
    assert scheme.verified
    return far, far.read_bytes(), Path(f"{far}.sha256").read_bytes(), \
        scheme.fst.write_to_string().hex()


@pytest.mark.cli
def test_the_digest_is_sha256sums_and_damage_is_one_line(
        compiled: tuple[Path, bytes, bytes, str], tmp_path: Path) -> None:
    far, data, digest, _ = compiled
    assert digest.decode() == f"{hashlib.sha256(data).hexdigest()}  lev.far\n"
    done = subprocess.run(["sha256sum", "-c", far.name + ".sha256"], cwd=far.parent,
                          capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout == "lev.far: OK\n"
    gold, test = files(tmp_path, [GOLD], [PARSE2])
    copy = tmp_path / "copy.far"
    damaged = bytearray(data)
    damaged[len(data) // 2] ^= 0x10
    copy.write_bytes(bytes(damaged))
    Path(f"{copy}.sha256").write_bytes(digest)
    one_error_line(run("score", gold, test, "--metrics", "span", "--span-costs", str(copy)),
                   "does not match its digest", "compile it again")
    Path(f"{copy}.sha256").write_text("not a digest\n")
    copy.write_bytes(data)
    one_error_line(run("score", gold, test, "--metrics", "span", "--span-costs", str(copy)),
                   "its digest", "is damaged")


MUTATIONS = st.one_of(
    st.tuples(st.just("truncate"), st.floats(0, 1, exclude_max=True), st.just(0)),
    st.tuples(st.just("flip"), st.floats(0, 1, exclude_max=True), st.integers(0, 7)),
    st.tuples(st.just("insert"), st.floats(0, 1), st.integers(0, 255)),
    st.tuples(st.just("delete"), st.floats(0, 1, exclude_max=True), st.integers(1, 64)))


def _mutated(data: bytes, mutation: tuple[str, float, int]) -> bytes:
    kind, where, value = mutation
    at = int(where * len(data))
    if kind == "truncate":
        return data[:at]
    if kind == "flip":
        return data[:at] + bytes([data[at] ^ (1 << value)]) + data[at + 1:]
    if kind == "insert":
        return data[:at] + bytes([value]) + data[at:]
    return data[:at] + data[at + value:]


def _load(path: Path) -> str | None:
    """The loaded span transducer serialised, or None for a one-line
    SchemeError; anything else fails the test."""
    try:
        scheme = load_costs(str(path), "span")
    except SchemeError as exc:
        assert "\n" not in str(exc) and str(exc), exc
        return None
    assert isinstance(scheme, FstScheme) and scheme.fst is not None
    text: str = scheme.fst.write_to_string().hex()
    return text


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mutation=MUTATIONS, target=st.sampled_from(["far", "digest"]))
def test_a_damaged_far_with_its_digest_is_refused_never_misread(
        compiled: tuple[Path, bytes, bytes, str], tmp_path: Path,
        mutation: tuple[str, float, int], target: str) -> None:
    """Truncations, bit flips, inserted and deleted bytes, of the FAR or of its
    digest: never a traceback, never a transducer other than the one compiled."""
    _, data, digest, original = compiled
    far = tmp_path / "m.far"
    damaged_far = _mutated(data, mutation) if target == "far" else data
    damaged_digest = _mutated(digest, mutation) if target == "digest" else digest
    far.write_bytes(damaged_far)
    Path(f"{far}.sha256").write_bytes(damaged_digest)
    loaded = _load(far)
    if damaged_far != data:
        assert loaded is None  # any change to the FAR is refused
    else:
        # The digest file changed: refused, or (whitespace, the name, upper
        # case hex) still the same digest and the same transducer.
        assert loaded in (None, original)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mutation=MUTATIONS)
def test_a_damaged_far_without_a_digest_is_never_a_traceback(
        compiled: tuple[Path, bytes, bytes, str], tmp_path: Path,
        mutation: tuple[str, float, int]) -> None:
    """A FAR from OpenFst's own tools (no digest beside it) is only as safe as
    OpenFst's reader and :func:`validated` make it: damage is a one-line
    error or a valid transducer (possibly another: see the docs), never a
    traceback."""
    _, data, _, _ = compiled
    far = tmp_path / "plain.far"
    far.write_bytes(_mutated(data, mutation))
    Path(f"{far}.sha256").unlink(missing_ok=True)
    _load(far)


# --- standard streams ------------------------------------------------------------

def _parsedit(*args: str) -> subprocess.CompletedProcess[bytes]:
    """``python -m parsedit ARGS`` with this checkout's source."""
    return subprocess.run([sys.executable, "-m", "parsedit", *args],
                          env={**os.environ, "PYTHONPATH": str(SRC)}, capture_output=True,
                          timeout=300)


def _run_to(tmp_path: Path, shell: str, *args: str) -> tuple[int, bytes, bytes]:
    """Exit status, standard output and error of ``python -m parsedit ARGS``
    under the shell redirection ``shell`` (``>&-``, ``2>/dev/full``, ...),
    which overrides the files the streams are otherwise captured in."""
    out, err = tmp_path / "stdout", tmp_path / "stderr"
    out.unlink(missing_ok=True)
    err.unlink(missing_ok=True)
    command = ["sh", "-c", f'exec "$@" >{out} 2>{err} {shell}', "sh", sys.executable, "-m",
               "parsedit", *args]
    done = subprocess.run(command, env={**os.environ, "PYTHONPATH": str(SRC)}, timeout=300)
    return (done.returncode, out.read_bytes() if out.exists() else b"",
            err.read_bytes() if err.exists() else b"")


@pytest.mark.cli
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_full_standard_output_is_one_line_and_exit_2(tmp_path: Path, fmt: str) -> None:
    _device("/dev/full")
    gold, test = files(tmp_path, [GOLD] * 40, [PARSE2] * 40)
    code, _, err = _run_to(tmp_path, ">/dev/full", "score", gold, test, "--metrics",
                           "parseval", "--format", fmt)
    assert code == 2, err
    assert err.decode().splitlines() == [
        "parsedit: error: cannot write to standard output: No space left on device"]


@pytest.mark.cli
def test_a_closed_standard_output_ends_as_a_closed_pipe(tmp_path: Path) -> None:
    gold, test = files(tmp_path, [GOLD], [PARSE2])
    code, _, err = _run_to(tmp_path, ">&-", "score", gold, test, "--metrics", "parseval")
    assert code == 141 and err == b"", err
    # A run that writes nothing there (its report goes to -o) ends cleanly.
    report = tmp_path / "report.txt"
    code, _, err = _run_to(tmp_path, ">&-", "score", gold, test, "--metrics", "parseval",
                           "-o", str(report))
    assert code == 0 and err == b"" and report.read_text().startswith("parsedit: ")


@pytest.mark.cli
def test_a_closed_standard_input_with_a_dash_is_one_line(tmp_path: Path) -> None:
    gold, _ = files(tmp_path, [GOLD], [PARSE2])
    code, out, err = _run_to(tmp_path, "<&-", "score", gold, "-", "--metrics", "parseval")
    assert code == 2 and out == b""
    lines = err.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("parsedit: error: "), lines
    assert "standard input is closed" in lines[0]


@pytest.mark.cli
def test_a_closed_standard_error_does_not_fail_a_clean_run(tmp_path: Path) -> None:
    gold, test = files(tmp_path, [GOLD], [PARSE2])
    code, out, _ = _run_to(tmp_path, "2>&-", "score", gold, test, "--metrics", "parseval")
    assert code == 0 and out.startswith(b"parsedit: ")
    # Nor a full one; and a run with warnings and an exit status of 1 keeps it.
    _device("/dev/full")
    code, out, _ = _run_to(tmp_path, "2>/dev/full", "score", gold, test, "--metrics",
                           "parseval")
    assert code == 0 and out.startswith(b"parsedit: ")
    short, _ = files(tmp_path, [GOLD, GOLD], [PARSE2])
    code, _, _ = _run_to(tmp_path, "2>&-", "score", short, test, "--metrics", "parseval")
    assert code == 1


# --- -p FILE does not quote the file --------------------------------------------

@pytest.mark.cli
@pytest.mark.parametrize("content", [
    "password: hunter2\nsecond line of a private file\n",
    "hunter2\n",
    "LABELED hunter2\nCUTOFF_LEN 40\n",  # a parameter file with a bad value
    "\x00\x01binary hunter2 \xff\n",
])
def test_params_never_echo_the_file_they_refuse(tmp_path: Path, content: str) -> None:
    secret = tmp_path / "private.txt"
    secret.write_text(content, encoding="latin-1")
    gold, test = files(tmp_path, [GOLD], [PARSE2])
    line = one_error_line(run("score", gold, test, "-p", str(secret)), str(secret))
    assert "hunter2" not in line and "password" not in line
    assert ("not an EVALB parameter file" in line and "line 1" in line) or \
        ("private.txt:1: LABELED takes a whole number" in line)


# --- the helpers' own contracts --------------------------------------------------

@pytest.mark.parametrize("text, is_file", [
    ("levenshtein", False), ("roark-basic", False), ("words", False),
    ("./levenshtein", True), ("my.toml", True), ("../x", True), ("/abs/x", True),
    ("span-boundary", False), ("evil.py", True), (".hidden", True)])
def test_the_one_rule_for_names_and_paths(text: str, is_file: bool) -> None:
    from parsedit.names import names_file

    assert names_file(text) is is_file


def test_destinations_are_classified_as_the_docs_say(tmp_path: Path) -> None:
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    link = tmp_path / "l"
    link.symlink_to(tmp_path / "t.txt")
    found: Callable[[str], output.Destination] = output.destination
    assert found("/dev/null").direct and found("/dev/stdout").direct
    assert found(str(fifo)).direct
    assert not found(str(link)).direct and found(str(link)).target == str(tmp_path / "t.txt")
    assert not found(str(tmp_path / "new.txt")).direct
    with pytest.raises(ParseditError, match="is a directory"):
        found(str(tmp_path))


def test_a_written_far_says_its_sizes_after_writing(tmp_path: Path) -> None:
    gold, _ = files(tmp_path, [GOLD], [PARSE2])
    far = tmp_path / "out.far"
    result = run("grammars", "compile", "levenshtein", "--alphabet", gold, "-o", str(far))
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    assert far.is_file() and [line.split(":")[0] for line in lines[:3]] == \
        ["span", "rule", "label"] and all(" symbols, " in line for line in lines[:3])
    assert result.stdout.startswith(f"wrote {far}")
