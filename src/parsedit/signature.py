"""The signature: one line that pins a result down (sacreBLEU-style).

``signature(config)`` names every option that can change a number: the
metrics, the parameter file, each metric's own settings (what
:meth:`~parsedit.metrics.base.Metric.describe` gives), the failures,
yield and segmentation conventions, the averaging, and the versions of
parsedit and pynini.  Two runs with equal signatures give equal numbers.
"""

from __future__ import annotations

from importlib.metadata import version

from parsedit.config import Config
from parsedit.metrics.registry import build
from parsedit.version import __version__


def signature(config: Config) -> str:
    """The signature of a run under ``config``."""
    parts = [f"metrics:{'+'.join(config.metrics)}", f"params:{config.params.describe()}"]
    parts += [part for metric in build(config).values() for part in metric.describe()]
    if config.failures != "skip":
        parts.append(f"failures:{config.failures}")
    if config.yields == "align":
        parts.append(f"yield:align|words:{config.word_scheme().describe()}")
    if config.segmentation != "gold":
        parts.append(f"segmentation:{config.segmentation}")
    parts += [f"average:{config.average}", f"parsedit:{__version__}",
              f"pynini:{version('pynini')}"]
    return "|".join(parts)
