"""Pig's explorer: where to stop. A slider for the threshold, the exact expected points of a turn that stops
there, and a chart of every threshold's value with the chosen one marked, redrawn in place."""
from __future__ import annotations

from fractions import Fraction

from ..core.args import whole
from ..core.figures import RED, Plot
from ..core.svg import theme_style
from ..core.ui import Shown
from .odds import pig_scores, threshold_values

__all__ = ["StopAtExplorer", "threshold_plot"]

MOST = 40
"""The highest threshold on the slider: past 20 a turn's value only falls."""


def threshold_plot(threshold: int, values: dict[int, Fraction] | None = None) -> Plot:
    """The exact expected points of a turn for every stopping threshold, the chosen one marked."""
    values = values if values is not None else threshold_values(MOST)
    whole(threshold, "the threshold", min(values), max(values))
    best = max(values, key=lambda t: values[t])
    plot = Plot("Pig: the exact points of one turn, by where you stop", xlabel="stop once the total reaches",
                ylabel="expected points of the turn", legend="lower right")
    plot.line(list(values), list(values.values()), label="exact expected points", marker=None, dash=False)
    plot.line([threshold], [values[threshold]], label=f"stop at {threshold}: {float(values[threshold]):.2f}",
              colour=RED, marker="o")
    ties = " or ".join(str(t) for t in values if values[t] == values[best])  # 20 and 21 give the same average
    plot.hline(values[best], label=f"the best, stop at {ties}: {float(values[best]):.2f}", colour="#238b45")
    return plot


class StopAtExplorer(Shown):
    """A threshold slider, the exact expected points of a turn that stops there (a fraction and a decimal), its
    chance of a bust, and every threshold's value on a chart redrawn as the slider moves."""

    def __init__(self, threshold: int = 20) -> None:
        import ipywidgets as widgets

        self.values = threshold_values(MOST)
        whole(threshold, "the threshold", 1, MOST)
        self.slider = widgets.IntSlider(value=threshold, min=1, max=MOST, description="stop at",
                                        tooltip="Stop the turn once its total reaches this many points",
                                        continuous_update=False, _dom_classes=("circus-pig-threshold",))
        self.result = widgets.HTML(_dom_classes=("circus-pig-exact",))
        self.plot = widgets.HTML(_dom_classes=("circus-explorer-plot", "circus-pig-plot"))
        self.widget = widgets.VBox(
            [widgets.HTML(f"{theme_style()}<b>Where to stop: the exact points of one turn</b>"), self.slider,
             self.result, self.plot], _dom_classes=("circus-explorer", "circus-pig-explorer"))
        self.slider.observe(lambda change: self.update(), names="value")
        self.update()

    def update(self) -> None:
        """Show the exact value for the slider's threshold and redraw the chart."""
        t = self.slider.value
        value = self.values[t]
        bust = pig_scores(t)[0]
        self.result.value = (f"Stop once the total reaches <b>{t}</b>: expected points <b>{value}</b> ≈ "
                             f"{float(value):.3f}; the turn busts with probability {bust} ≈ {float(bust):.3f}")
        self.plot.value = threshold_plot(t, self.values)._repr_html_()
