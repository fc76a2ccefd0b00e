"""Start-up of the ``parsedit`` command, and what it imports.

    python benchmarks/bench_startup.py [--repeat 7]

Times whole processes (median CPU seconds, user + sys, of ``--repeat`` runs,
since CPU time is what a shared machine distorts least): ``python -c pass``
(the interpreter's own floor), ``parsedit --version``, and ``parsedit score``
on one sentence of the PTB sample with PARSEVAL alone and with the default
metrics.  Then it lists which of numpy, matplotlib, pynini, the cost-scheme
machinery (``parsedit.costs``) and its transducers each command imported
(``-X importtime``).  The bytecode is written first (see
``bench_scale.compiled``).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_scale import DEFAULT, compiled  # noqa: E402

HEAVY = ("numpy", "matplotlib", "pynini", "parsedit.costs", "parsedit.costs.transducer",
         "parsedit.fst.files")


def cpu(command: list[str]) -> float:
    """CPU seconds of one finished run of ``command``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def imported(command: list[str]) -> list[str]:
    """Which of HEAVY the command imports."""
    done = subprocess.run([command[0], "-X", "importtime", *command[1:]],
                          capture_output=True, text=True, check=False)
    names = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()}
    return [name for name in HEAVY if name in names]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    compiled()
    with tempfile.TemporaryDirectory() as tmp:
        one = os.path.join(tmp, "one.mrg")
        with open(DEFAULT, encoding="utf-8") as handle:
            Path(one).write_text(handle.readline(), encoding="utf-8")
        python = [sys.executable]
        commands = {
            "python -c pass": [*python, "-c", "pass"],
            "parsedit --version": [*python, "-m", "parsedit", "--version"],
            "parsedit score (1 sentence) --metrics parseval":
                [*python, "-m", "parsedit", "score", one, one, "--metrics", "parseval"],
            "parsedit score (1 sentence), default metrics":
                [*python, "-m", "parsedit", "score", one, one],
        }
        for name, command in commands.items():
            median = statistics.median(cpu(command) for _ in range(args.repeat))
            heavy = imported(command) if "parsedit" in name else []
            print(f"{name:<48} {median:6.3f} s CPU  imports: "
                  f"{', '.join(heavy) or 'none of ' + ', '.join(HEAVY[:4])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
