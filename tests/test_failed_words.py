"""Under ``--yield align --failures count`` a failed parse has no word: its
gold words count as deleted in the word error rate, as sclite counts a
missing hypothesis (the word error rate covers the sentences the metrics'
figures cover); under ``--failures skip`` it is left out of both."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import files, run

GOLD = ["(S (NP (DT The) (NN dog)) (VP (VBD barked)) (. .))",
        "(S (NP (PRP It)) (VP (VBD rose) (ADVP (RB sharply))) (. .))",
        "(S (NP (NNS Prices)) (VP (VBD fell)) (. .))"]
TEST = ["(S (NP (DT The) (NN cat)) (VP (VBD barked)) (. .))", "",
        "(S (NP (NNS Prices)) (VP (VBD fell)) (. .))"]


@pytest.mark.parametrize("route", ["auto", "reference"])
@pytest.mark.parametrize("metrics", ["parseval", "dep", "parseval,label"])
def test_a_counted_failure_deletes_its_gold_words(tmp_path: Path, route: str,
                                                  metrics: str) -> None:
    gold, test = files(tmp_path, GOLD, TEST)
    words = {}
    for failures in ("skip", "count"):
        out = run("score", gold, test, "--yield", "align", "--metrics", metrics, "--failures",
                  failures, "--route", route, "--format", "json")
        assert out.exit_code == 0, out.output
        words[failures] = json.loads(out.stdout)["words"]
    # Gold words kept by COLLINS.prm (the full stops deleted): 3 + 3 + 2.
    assert words["skip"]["gold"] == 5 and words["skip"]["substituted"] == 1
    assert words["skip"]["deleted"] == 0 and words["skip"]["error_rate"] == 20.0
    assert words["count"]["gold"] == 8 and words["count"]["substituted"] == 1
    assert words["count"]["deleted"] == 3 and words["count"]["error_rate"] == 50.0
