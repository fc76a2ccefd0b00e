"""A new user's findings on 0.3.0's way to release: what each fix changed in
behaviour (install hints, reports, help texts, warnings), one test each.
"""

from __future__ import annotations

import importlib.util

import pytest

from parsedit.errors import ConfigError


def test_the_ted_extra_is_named_as_a_checkout_installs_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """parsedit is not on PyPI: the hint names the checkout's extra."""
    from parsedit.metrics.ted import check_apted

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "apted" else real(name, *a))
    with pytest.raises(ConfigError) as refused:
        check_apted()
    assert str(refused.value) == ("--metrics ted needs the apted package: pip install apted "
                                  "(or, in parsedit's checkout, pip install '.[ted]')")
