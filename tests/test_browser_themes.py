"""Every game in JupyterLab's light and dark themes: the contrast of each of its texts against what is drawn under
it, from computed styles, is at least 4.5:1 (WCAG AA). Screenshots are saved in build/screenshots/."""
from __future__ import annotations

import pytest

from notebooks import ROOT

pytestmark = pytest.mark.browser

GAMES = {
    "welcome": ("import random\nfrom circuslib.pig.widget import PigWidget\nw = PigWidget(random.Random(7))\n"
                "w.roll(); w.roll(); w.frame.play_or_explain(w.state.play(w.state.legal_moves()[-1]), 'nonsense')\nw"),
    "flip7": "import random\nfrom circuslib.flip7.widget import Flip7Widget\nFlip7Widget(random.Random(2022), 3)",
    "pcv": ("import random\nfrom circuslib.pcv.widget import PCVWidget\n"
            "PCVWidget('duel', rng=random.Random(2026), opponent='greedy')"),
    "scout": "import random\nfrom circuslib.scout.widget import ScoutWidget\nScoutWidget(4, random.Random(2026))",
    "speed": ("import random\nfrom circuslib.speed.widget import SpeedTable\n"
              "from circuslib.speed.rules import ONE_DECK\n"
              "SpeedTable(random.Random(2027), setup=ONE_DECK, bot='longest', bot_profile='slow')"),
    "flip_circus": ("import random\nfrom circuslib.flip_circus.widget import FlipCircusWidget\n"
                    "FlipCircusWidget(random.Random(1))"),
}

# the lessons' data charts, drawn by the kit: a plot with a legend beside it, one with its legend on a light box
# inside it, bars with their intervals, a heat map with its scale
FIGURES = ("from fractions import Fraction\nfrom circuslib.core.figures import Plot, heat_map, side_by_side\n"
           "side_by_side(Plot('curves', xlabel='t (points)', ylabel='score').line([1, 2, 3], [3, 1, 2], label='rule')"
           ".hline(Fraction(5, 2), label='exact'),\n"
           "  Plot('inside', xlabel='x', ylabel='y', legend='upper right').line([1, 2], [1, 0], label='falling'),\n"
           "  Plot('bars', xlabel='bot', ylabel='share', ylim=(0, 1)).bars(['a', 'b'], [0.3, 0.6], "
           "errors=[(0.2, 0.4), (0.5, 0.7)], label='won').marks(['a', 'b'], [0.25, 0.5], label='exact'),\n"
           "  heat_map([[0, 0.5, 1]], xs=[1, 2, 3], ys=['one'], title='heat', xlabel='x', ylabel='y', "
           "scale_label='share'))")

CONTRAST = """
(frame) => {
  const rgb = c => { const m = c.match(/[\\d.]+/g); return m ? m.slice(0, 4).map(Number) : null; };
  const lum = ([r, g, b]) => { const f = v => { v /= 255;
                                                return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
                               return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const opaque = c => c && (c.length < 4 || c[3] > 0.5);
  const backgroundOf = el => {           // the first opaque background (or SVG shape) under the element
    for (let e = el; e; e = e.parentElement) {
      const bg = rgb(getComputedStyle(e).backgroundColor);
      if (opaque(bg)) return bg;
    }
    return rgb(getComputedStyle(document.body).backgroundColor);
  };
  const under = t => {                   // an SVG text: the shape drawn under its centre, if any
    const box = t.getBoundingClientRect();
    const hits = document.elementsFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    for (const h of hits) {
      if (h === t || h.tagName === 'text' || h.tagName === 'tspan') continue;
      if (['rect', 'circle', 'polygon', 'path', 'ellipse'].includes(h.tagName)) {
        const fill = rgb(getComputedStyle(h).fill);
        if (opaque(fill) && getComputedStyle(h).fill !== 'none') return fill;
      }
      if (h.tagName === 'svg') break;
    }
    return backgroundOf(t);
  };
  const out = [];
  const texts = [...frame.querySelectorAll('.circus-message, .circus-log li, .widget-html-content b, svg text')];
  for (const el of texts) {
    el.scrollIntoView({block: 'center'});
    if (!el.textContent.trim() || el.getBoundingClientRect().width === 0) continue;
    const style = getComputedStyle(el);
    const svg = el.tagName === 'text';
    const fg = rgb(svg ? style.fill : style.color);
    const bg = svg ? under(el) : backgroundOf(el);
    out.push({text: el.textContent.trim().slice(0, 40), ratio: ratio(fg, bg)});
  }
  return out;
}
"""


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"], ids=["light", "dark"])
def test_every_game_reads_in_light_and_dark_themes(lab, theme):
    path = lab.add_notebook("themes.ipynb", list(GAMES.values()) + [FIGURES])
    page = lab.run_notebook(path)
    lab.set_theme(page, theme)
    shots = ROOT / "build" / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    frames = page.locator(".circus-frame")
    assert frames.count() == len(GAMES)
    worst = {}
    for index, game in enumerate(GAMES):
        frame = frames.nth(index)
        frame.scroll_into_view_if_needed()
        frame.screenshot(path=str(shots / f"{game}-{theme.split()[-1].lower()}.png"))
        measured = frame.evaluate(CONTRAST)
        assert measured, f"{game}: no text found to measure"
        worst[game] = min(measured, key=lambda m: m["ratio"])
    assert lab.wait_for_count(page, ".circus-figure svg.circus-plot", 4) == 4
    figures = page.locator(".circus-figure")
    assert figures.count() == 1 and figures.locator("svg.circus-plot").count() == 4
    figures.scroll_into_view_if_needed()
    figures.screenshot(path=str(shots / f"figures-{theme.split()[-1].lower()}.png"))
    measured = figures.evaluate(CONTRAST)
    assert len(measured) > 30, "the figures' titles, ticks, labels and legends are measured"
    worst["figures"] = min(measured, key=lambda m: m["ratio"])
    print(theme, {game: round(m["ratio"], 2) for game, m in worst.items()})
    low = {game: m for game, m in worst.items() if m["ratio"] < 4.5}
    assert not low, f"{theme}: text below 4.5:1: {low}"
