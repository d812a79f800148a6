"""The kit's charts and legends, where they were: ``Chart`` is now in ``core.figures`` and the legends
(``Key``, ``svg_legend``, ``legend_size``) with ``dark_ink`` in ``core.svg``, the one drawing stack. This module keeps
the old names importable (``from circuslib.core.charts import Chart, Key``) until every use has moved."""
from __future__ import annotations

from .figures import INK, PAPER_INK, Chart
from .svg import Key, dark_ink, legend_size, svg_legend
from .svg import svg_marker as _marker

__all__ = ["Chart", "Key", "INK", "PAPER_INK", "svg_legend", "legend_size", "dark_ink", "_marker"]
