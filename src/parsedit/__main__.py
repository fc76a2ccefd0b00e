"""``python -m parsedit``: the ``parsedit`` command."""

from parsedit.command import main

main()
