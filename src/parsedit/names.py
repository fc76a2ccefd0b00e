"""A shipped name or a path: the one rule for every option that takes either.

``--label-costs``, ``--span-costs``, ``--rule-costs``, ``--la-costs``,
``--word-costs``, ``--tagset``, ``--weights``, the ``extends`` of a scheme
file, :func:`parsedit.load_costs` and ``grammars show|check|compile`` take a
shipped name or a file.  Which one is decided from the text alone, never from
what happens to be in the working directory: a text with a path separator
(``/``) or a dot (``.``) anywhere names a file (``./levenshtein``,
``my.toml``, ``../schemes/x.py``, ``/abs/path``); any other text is a shipped
name (``levenshtein``, ``roark-basic``, ``span-boundary``, ``ipipan``), and
a file of that name in the working directory changes nothing.  No shipped
name holds a dot.  (``--params``/``-p`` keeps its own rule: a shipped name
first, else a file.)
"""

from __future__ import annotations

import os


def names_file(text: str) -> bool:
    """Whether ``text`` names a file (it has a path separator or a dot), not a
    shipped name."""
    separators = {"/", os.sep, *(os.altsep or "")}
    return "." in text or any(s in text for s in separators)


def file_hint(text: str) -> str:
    """What to add to an unknown shipped name that is also a file here."""
    if os.path.isfile(text):
        return f"; the file {text} here is named by a path: ./{text}"
    return ""
