"""The signature: one line that pins a result down (sacreBLEU-style).

``signature(config)`` names every option that can change a number: the
metrics, the parameter file, each metric's own settings (what
:meth:`~parsedit.metrics.base.Metric.describe` gives), the failures,
yield and segmentation conventions, a limit of :mod:`parsedit.limits` set
to other than its default (``PARSEDIT_MAX_EDIT_SIZE`` decides which pairs
the aligning metrics score, ``PARSEDIT_MAX_LINE_BYTES`` which lines are
read), the averaging, and the versions of parsedit and pynini.  Two runs
with equal signatures give equal numbers.
"""

from __future__ import annotations

from importlib.metadata import version

from parsedit.config import Config
from parsedit.limits import MAX_EDIT_SIZE, MAX_LINE_BYTES, max_edit_size, max_line_bytes
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
    size = max_edit_size()
    if size != MAX_EDIT_SIZE and any(m in config.metrics for m in (*config.edit_metrics, "la")):
        parts.append(f"max-edit-size:{size}")
    if max_line_bytes() != MAX_LINE_BYTES:
        parts.append(f"max-line-bytes:{max_line_bytes()}")
    parts += [f"average:{config.average}", f"parsedit:{__version__}",
              f"pynini:{version('pynini')}"]
    return "|".join(parts)
