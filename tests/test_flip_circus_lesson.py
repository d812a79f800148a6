"""The Flip Circus lesson's figure cells: each one shows its figure with plt.show() as its last line.

In a kernel, pyplot's end-of-cell hook draws every figure still open before the inline backend draws it twice
more (once to frame it tightly, once for the PNG); a cell that ends with plt.show() has shown and closed its figure
by then, so that first full draw (about 0.03 s of kernel CPU a figure) never happens.
"""
from __future__ import annotations

from pathlib import Path

import nbformat

LESSON = Path(__file__).resolve().parent.parent / "notebooks" / "05_flip_circus.ipynb"
MAKES_A_FIGURE = ("plt.subplots(", "plot_convergence(", "draw_one_turn(", "plot_tally(")


def _figure_cells() -> list[str]:
    cells = nbformat.read(LESSON, as_version=4).cells
    return [c.source for c in cells if c.cell_type == "code" and any(m in c.source for m in MAKES_A_FIGURE)]


def test_every_figure_cell_ends_with_plt_show():
    cells = _figure_cells()
    assert len(cells) == 3  # the bar chart, the convergence, the bots (the one-turn and Cayley graphs are SVG)
    for source in cells:
        assert source.rstrip().splitlines()[-1] == "plt.show()", source.splitlines()[0]
