"""``parsedit grammars list`` names every shipped file a user can choose:
cost schemes, head tables (--heads) and error-class rule sets (--error-rules)."""

from __future__ import annotations

from click.testing import CliRunner

from parsedit.cli import main


def test_grammars_list_names_head_tables_and_rule_sets() -> None:
    out = CliRunner().invoke(main, ["grammars", "list"])
    assert out.exit_code == 0, out.output
    schemes, heads, rules = out.stdout.split("\n\n")
    assert schemes.splitlines()[0].startswith("dep-label-half: ")
    assert heads.splitlines()[0] == "Head tables (--heads, parsedit convert --heads):"
    assert [line.split(":")[0] for line in heads.splitlines()[1:]] == \
        ["collins", "magerman", "sequoia"]
    assert rules.splitlines()[0] == "Error-class rule sets (--error-rules):"
    assert [line.split(":")[0] for line in rules.splitlines()[1:]] == ["ptb", "sequoia"]
