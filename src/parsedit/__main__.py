"""``python -m parsedit``: the ``parsedit`` command."""

from parsedit.cli import main

main(prog_name="parsedit")
