"""The long fuzzing run (not collected by pytest): the checks of
``tests/test_fuzz.py`` on many more damaged corpora.

    python tests/fuzz_long.py [--examples 2000] [--seed 1]

Each case must finish within ``--timeout`` seconds (a hang fails the run).
First as many pretty-printed files (free layout) with one bracket more or
less in one tree, each read and scored (it prints how many trees they
held); then the damaged corpora: it prints how many cases it tried, how
many of them were refused as not UTF-8, and how many test lines were
damaged, skipped and scored; then as many corpora with one odd line
(anywhere, line 1 too), which must never move the others.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from fuzzing import (  # noqa: E402
    Corpus,
    Pretty,
    check_one_bad_line,
    check_other_commands,
    check_pretty_reading,
    check_pretty_score,
    check_score,
    corpora,
    invoke,
    one_bad_line,
    pretty_files,
)
from hypothesis import HealthCheck, given, seed, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


class Hang(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise Hang("a case ran longer than the time limit")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=int, default=60)
    options = parser.parse_args()
    tally: Counter[str] = Counter()
    signal.signal(signal.SIGALRM, _alarm)

    @seed(options.seed)
    @settings(max_examples=options.examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.booleans().flatmap(lambda first: corpora(first=first)), st.integers(1, 5),
           st.booleans())
    def case(corpus: Corpus, sentence: int, others: bool) -> None:
        signal.alarm(options.timeout)
        try:
            with tempfile.TemporaryDirectory() as directory:
                check_score(corpus, Path(directory))
                if others:
                    check_other_commands(corpus, Path(directory),
                                         min(sentence, len(corpus.gold)))
                    tally["align, tags and compare"] += 1
                gold, test = corpus.write(Path(directory))
                if corpus.invalid_line is not None:
                    tally["refused: not UTF-8"] += 1
                else:
                    out = json.loads(invoke("score", gold, test, "--format", "json",
                                            "--metrics", "parseval").stdout)
                    tally.update(s["status"] for s in out["sentences"]
                                 if s["id"] in corpus.damaged)
        finally:
            signal.alarm(0)
        tally["cases"] += 1
        tally["first line damaged"] += 1 in corpus.damaged
        tally["damaged lines"] += len(corpus.damaged)

    @seed(options.seed)
    @settings(max_examples=options.examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(pretty_files())
    def pretty_case(case: Pretty) -> None:
        signal.alarm(options.timeout)
        try:
            with tempfile.TemporaryDirectory() as directory:
                check_pretty_reading(case, Path(directory))
                check_pretty_score(case, Path(directory))
        finally:
            signal.alarm(0)
        tally["pretty-printed files"] += 1
        tally["their trees"] += len(case.trees)

    @seed(options.seed)
    @settings(max_examples=options.examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(one_bad_line())
    def odd_case(corpus: Corpus) -> None:
        signal.alarm(options.timeout)
        try:
            with tempfile.TemporaryDirectory() as directory:
                check_one_bad_line(corpus, Path(directory))
        finally:
            signal.alarm(0)
        tally["corpora with one odd line"] += 1
        tally["the odd one first"] += 1 in corpus.damaged

    pretty_case()
    print(", ".join(f"{key}: {value}" for key, value in tally.items()))
    tally.clear()
    case()
    print(", ".join(f"{key}: {value}" for key, value in tally.items()))
    tally.clear()
    odd_case()
    print(", ".join(f"{key}: {value}" for key, value in tally.items()))


if __name__ == "__main__":
    main()
