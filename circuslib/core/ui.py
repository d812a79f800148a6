"""Widget parts every game uses: SVG cards, dice, tokens and hexes, and a frame for board, controls, log and odds.

Rendering is pure (data in, SVG text out) so it is tested as text; the frame is a thin ipywidgets layer.
"""
from __future__ import annotations

import functools
import html
import math
from typing import Callable, Iterable, Sequence

import ipywidgets as widgets

__all__ = [
    "svg_doc", "svg_text", "svg_arrowhead", "svg_arrow", "svg_card", "svg_die", "svg_token", "svg_hex", "hex_corners",
    "hex_center", "row", "GameFrame", "button", "transient_control", "replace_children", "PIP_LAYOUT", "Shown", "Framed", "THEME_CSS",
    "scale", "png_of",
]

INK = "#222222"
"""Ink for text ON a light piece (a card, a die, a token, a map hex): the piece keeps its light face in every theme."""
PIECE = "circus-piece"
"""The class of every drawn piece; text outside pieces takes the theme's text colour instead of a fixed ink."""

THEME_CSS = """
.circus-frame, .circus-themed { color: var(--jp-ui-font-color1, var(--jp-content-font-color1, #1a1a1a)); }
.circus-frame .circus-svg text:not(.circus-piece text):not(.circus-plane text),
.circus-themed .circus-svg text:not(.circus-piece text):not(.circus-plane text),
.circus-svg .circus-caption { fill: currentColor; }
.circus-frame .circus-message, .circus-themed .circus-message { color: var(--jp-ui-font-color1, #1a1a1a); }
.circus-frame .circus-error, .circus-themed .circus-error, .circus-themed .circus-explorer-error {
  color: var(--jp-error-color1, #b3261e); font-weight: bold; }
.circus-frame .circus-log, .circus-frame .circus-odds { color: var(--jp-ui-font-color1, #1a1a1a); }
"""
"""The kit's stylesheet: every colour of text comes from JupyterLab's theme variables (light fallbacks elsewhere)."""


def png_of(pixels) -> bytes:
    """A PNG of a figure's pixels (height x width x 3 or 4; an alpha channel is dropped, figures are opaque).

    Rows are left unfiltered and zlib packs them in its run-length mode, which suits a plot's flat colours: a few
    milliseconds, several times faster than a general encoder, so an explorer's plot can follow a slider.
    """
    import struct
    import zlib

    import numpy as np

    pixels = np.asarray(pixels)
    height, width = pixels.shape[:2]
    rows = np.zeros((height, 1 + width * 3), dtype=np.uint8)  # each row starts with its filter type: 0, none
    rows[:, 1:].reshape(height, width, 3)[:] = pixels[:, :, :3]
    packer = zlib.compressobj(1, zlib.DEFLATED, 15, 9, zlib.Z_RLE)
    packed = packer.compress(rows.tobytes()) + packer.flush()

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8 bits, truecolour, no interlace
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", packed) + chunk(b"IEND", b"")


def theme_style() -> str:
    """The kit's stylesheet as a <style> element (each frame carries it, so a widget reads in any theme)."""
    return f"<style>{THEME_CSS}</style>"


def scale(factor: float = 1.5):
    """Enlarge every game and explorer on the page (cards, tokens, text) for the back of the room; 1 is normal."""
    if isinstance(factor, bool) or not isinstance(factor, (int, float)) or not 0.5 <= factor <= 3:
        raise ValueError(f"the scale is a number from 0.5 to 3 (1 is normal size), not {factor!r}")
    from IPython.display import HTML

    return HTML(f"<style>.circus-frame, .circus-themed {{ zoom: {factor:g}; }}</style>"
                f"<span class='circus-scale'>circuslib widgets shown at {factor:g}× size</span>")


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def svg_text(text: object) -> str:
    """Any value as text safe inside SVG or HTML, in an element or an attribute: & < > " ' escaped."""
    return _esc(text)  # one escape for the kit: a label may hold a quote or a "<" (a student's title)


def svg_doc(width: float, height: float, body: str | Iterable[str], *, css_class: str = "circus-svg",
            title: str | None = None) -> str:
    """A standalone SVG picture of the given size around the given pieces."""
    body = body if isinstance(body, str) else "".join(body)
    label = f"<title>{_esc(title)}</title>" if title else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="{_esc(css_class)}" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}" role="img">{label}{body}</svg>')


def svg_arrowhead(tip: tuple[float, float], back: tuple[float, float], colour: str, length: float = 9) -> str:
    """An arrowhead at ``tip`` pointing away from ``back`` (a point on the arrow's line or curve behind the tip)."""
    (tx, ty), (bx, by) = tip, back
    size = math.hypot(tx - bx, ty - by) or 1
    ux, uy = (tx - bx) / size, (ty - by) / size
    cx, cy = tx - length * ux, ty - length * uy
    half = 0.4 * length
    return (f'<polygon points="{tx:.1f},{ty:.1f} {cx - half * uy:.1f},{cy + half * ux:.1f} '
            f'{cx + half * uy:.1f},{cy - half * ux:.1f}" fill="{colour}"/>')


def svg_arrow(start: tuple[float, float], end: tuple[float, float], colour: str, width: float = 1.0, *,
              rx: float = 0, ry: float | None = None, head: float | None = None) -> str:
    """An arrow between two nodes drawn as ovals (``rx`` by ``ry``, a circle if ``ry`` is None) centred on ``start``
    and ``end``: from the rim of the first to the rim of the second, its head at the second (``head`` long: by
    default longer for a thicker arrow)."""
    ry = rx if ry is None else ry
    if rx < 0 or ry < 0 or (rx == 0) != (ry == 0):
        raise ValueError(f"an oval node has two radii, both above 0 (or both 0 for a point), not {rx!r} and {ry!r}")

    def rim(centre: tuple[float, float], towards: tuple[float, float]) -> tuple[float, float]:
        dx, dy = towards[0] - centre[0], towards[1] - centre[1]
        reach = math.hypot(dx / rx, dy / ry) if rx else 0
        return (centre[0] + dx / reach, centre[1] + dy / reach) if reach else centre

    (x1, y1), (x2, y2) = rim(start, end), rim(end, start)
    head = 6 + 2 * width if head is None else head
    length = math.hypot(x2 - x1, y2 - y1) or 1
    # the line stops under the head: its square end would show past a thin head's tip
    bx, by = x2 - (x2 - x1) / length * head * 0.9, y2 - (y2 - y1) / length * head * 0.9
    return (f'<path d="M{x1:.1f},{y1:.1f} L{bx:.1f},{by:.1f}" stroke="{colour}" stroke-width="{width:g}"/>'
            + svg_arrowhead((x2, y2), (x1, y1), colour, head))


def svg_card(top: object, bottom: object | None = None, *, x: float = 0, y: float = 0, width: float = 48,
             height: float = 70, fill: str = "#fffdf5", color: str = INK, highlight: bool = False,
             face_down: bool = False, note: str | None = None, css_class: str = "circus-card") -> str:
    """A playing card: a big value in the middle, or two values (top and upside-down bottom) like a Scout card."""
    stroke, stroke_width = ("#d7301f", 3) if highlight else ("#555555", 1.2)
    parts = [f'<g class="{PIECE} {_esc(css_class)}" transform="translate({x:g},{y:g})">',
             f'<rect width="{width:g}" height="{height:g}" rx="6" fill="{"#3b5b92" if face_down else fill}" '
             f'stroke="{stroke}" stroke-width="{stroke_width}"/>']
    if face_down:
        parts.append(f'<rect x="5" y="5" width="{width - 10:g}" height="{height - 10:g}" rx="4" fill="none" '
                     f'stroke="#ffffff" stroke-dasharray="3 2"/>')
    elif bottom is None:
        size = width * (0.5 if len(str(top)) <= 2 else 0.32)
        parts.append(f'<text x="{width / 2:g}" y="{height / 2:g}" font-size="{size:g}" font-family="sans-serif" '
                     f'font-weight="bold" fill="{color}" text-anchor="middle" dominant-baseline="central">{_esc(top)}</text>')
    else:
        size = width * 0.4
        parts.append(f'<text x="{width / 2:g}" y="{height * 0.3:g}" font-size="{size:g}" font-family="sans-serif" '
                     f'font-weight="bold" fill="{color}" text-anchor="middle" dominant-baseline="central">{_esc(top)}</text>')
        parts.append(f'<line x1="6" y1="{height / 2:g}" x2="{width - 6:g}" y2="{height / 2:g}" stroke="#bbbbbb"/>')
        parts.append(f'<text x="{width / 2:g}" y="{height * 0.7:g}" font-size="{size * 0.7:g}" font-family="sans-serif" '
                     f'fill="#595959" text-anchor="middle" dominant-baseline="central" '
                     f'transform="rotate(180 {width / 2:g} {height * 0.7:g})">{_esc(bottom)}</text>')
    if note:
        parts.append(f'<text class="circus-caption" x="{width / 2:g}" y="{height + 12:g}" font-size="10" '
                     f'font-family="sans-serif" fill="#555555" text-anchor="middle">{_esc(note)}</text>')
    parts.append("</g>")
    return "".join(parts)


# where the pips of each die face sit, on a 3 x 3 grid (column, row)
PIP_LAYOUT = {
    1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
}


def svg_die(value: int, *, x: float = 0, y: float = 0, size: float = 40, fill: str = "#ffffff",
            highlight: bool = False, css_class: str = "circus-die") -> str:
    """A six-sided die showing ``value`` pips."""
    if value not in PIP_LAYOUT:
        raise ValueError(f"a die shows 1 to 6 pips, not {value!r}")
    stroke = "#d7301f" if highlight else "#555555"
    step, radius = size / 4, size / 11
    pips = "".join(f'<circle cx="{step * (c + 1):g}" cy="{step * (r + 1):g}" r="{radius:g}" fill="{INK}"/>'
                   for c, r in PIP_LAYOUT[value])
    return (f'<g class="{PIECE} {_esc(css_class)}" transform="translate({x:g},{y:g})"><rect width="{size:g}" height="{size:g}" '
            f'rx="{size / 6:g}" fill="{fill}" stroke="{stroke}" stroke-width="2"/>{pips}</g>')


def svg_token(face: object, *, cx: float = 0, cy: float = 0, r: float = 30, fill: str = "#fee391",
              back: object | None = None, highlight: bool = False, faint_back: bool = True,
              css_class: str = "circus-token") -> str:
    """A round two-faced token: the visible face, and the back (shown faintly) if the viewer knows it."""
    stroke, width = ("#d7301f", 3) if highlight else ("#555555", 1.5)
    parts = [f'<g class="{PIECE} {_esc(css_class)}" transform="translate({cx:g},{cy:g})">',
             f'<circle r="{r:g}" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>',
             f'<text y="{-r * 0.05:g}" font-size="{r * 0.42:g}" font-family="sans-serif" text-anchor="middle" '
             f'dominant-baseline="central" fill="{INK}">{_esc(face)}</text>']
    if back is not None:
        opacity = 0.55 if faint_back else 1
        parts.append(f'<text y="{r * 0.55:g}" font-size="{r * 0.28:g}" font-family="sans-serif" text-anchor="middle" '
                     f'dominant-baseline="central" fill="#555555" opacity="{opacity}">({_esc(back)})</text>')
    parts.append("</g>")
    return "".join(parts)


def hex_center(q: int, r: int, size: float, *, origin: tuple[float, float] = (0, 0)) -> tuple[float, float]:
    """The centre of axial hex (q, r), pointy-top layout."""
    x = size * math.sqrt(3) * (q + r / 2) + origin[0]
    y = size * 1.5 * r + origin[1]
    return (x, y)


def hex_corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hexagon."""
    return [(cx + size * math.cos(math.radians(60 * i - 30)), cy + size * math.sin(math.radians(60 * i - 30)))
            for i in range(6)]


def svg_hex(q: int, r: int, *, size: float = 24, origin: tuple[float, float] = (0, 0), fill: str = "#f7fbff",
            label: str | None = None, css_class: str = "circus-hex") -> str:
    """One map hex at axial (q, r), optionally shaded and labelled."""
    cx, cy = hex_center(q, r, size, origin=origin)
    points = " ".join(f"{px:.1f},{py:.1f}" for px, py in hex_corners(cx, cy, size))
    text = (f'<text x="{cx:.1f}" y="{cy + size * 0.6:.1f}" font-size="{size * 0.3:g}" font-family="sans-serif" '
            f'text-anchor="middle" fill="#999999">{_esc(label)}</text>') if label else ""
    return f'<g class="{PIECE} {_esc(css_class)}"><polygon points="{points}" fill="{fill}" stroke="#9ecae1"/>{text}</g>'


def row(pieces: Sequence[Callable[[float], str]] | Sequence[str], *, step: float = 54) -> str:
    """Lay out pieces left to right: each is a function of its x offset (or a string already placed)."""
    return "".join(p(i * step) if callable(p) else p for i, p in enumerate(pieces))


# ---------------------------------------------------------------------------------------------------------
# the widget frame


def button(label: str, on_click: Callable[[], None], *, css_class: str | None = None, tooltip: str = "",
           style: str = "", transient: bool = False, shared: tuple | None = None):
    """An ipywidgets Button that calls ``on_click()`` (no argument) and carries a stable CSS class; a transient
    one (made for one position only) is closed when a box drops it (see ``replace_children``). ``shared`` is a
    (layout, ButtonStyle) pair several buttons use, which outlives them; by default a button has its own."""
    import ipywidgets as widgets

    layout, look = shared if shared is not None else (widgets.Layout(width="auto"), None)
    # the class goes in with the button's first state: added afterwards, it is one more message to the browser
    b = widgets.Button(description=label, tooltip=tooltip or label, button_style=style, layout=layout,
                       _dom_classes=(css_class,) if css_class else (), **({"style": look} if look is not None else {}))
    b.on_click(lambda _: on_click())
    return transient_control(b, shared=shared or ()) if transient else b


def transient_control(control, *, shared: Sequence = ()):
    """Mark a control made for one position only (a move's button, a card of this hand): when a box it sits in
    drops it (``replace_children``), it is closed with its layout and style, except those in ``shared`` (used by
    other controls too)."""
    parts = (getattr(control, "layout", None), getattr(control, "style", None))
    control._circus_parts = tuple(p for p in parts if p is not None and not any(p is s for s in shared))
    return control


def replace_children(box, children: Sequence) -> None:
    """Show ``children`` in ``box`` and close the transient controls it no longer shows.

    A widget that is only dropped stays open in the kernel and in the browser for the rest of the session: a
    game that makes its move buttons anew at each position would leave thousands behind in a lesson, and the
    kernel's garbage collection and the page slow down as they pile up. Closing sends the browser a close."""
    from .args import instance

    instance(box, "box", widgets.Box, "an ipywidgets box (HBox, VBox)")
    children = tuple(children)
    for child in children:
        instance(child, "each child", widgets.Widget, "an ipywidgets widget")
    kept = {id(child) for child in children}
    dropped = [child for child in box.children if id(child) not in kept]
    box.children = children
    for child in dropped:
        parts = getattr(child, "_circus_parts", None)
        if parts is not None:  # a transient control, and the parts made for it alone
            for part in parts:
                part.close()
            child.close()


class GameFrame:
    """The frame every game widget uses: a board (SVG/HTML), a row of controls, a message line, a move log and
    a switchable odds panel. ``frame.widget`` is what a notebook displays."""

    def __init__(self, title: str, *, odds_visible: bool = False, log_lines: int = 12) -> None:
        import ipywidgets as widgets

        self._widgets = widgets
        self._move_parts = None  # the layout and look every move button shares, made with the first one
        self.title = widgets.HTML(f"{theme_style()}<b>{_esc(title)}</b>")
        self.board = widgets.HTML()
        self.board.add_class("circus-board")
        self.controls = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.controls.add_class("circus-controls")
        self.message = widgets.HTML()
        self.message.add_class("circus-message")
        self.log_box = widgets.HTML()
        self.log_box.add_class("circus-log")
        self.odds = widgets.HTML()
        self.odds.add_class("circus-odds")
        self.odds.layout.display = None if odds_visible else "none"
        self.odds_toggle = widgets.ToggleButton(value=odds_visible, description="Show odds", icon="calculator")
        self.odds_toggle.add_class("circus-odds-toggle")
        self.odds_toggle.observe(self._toggle_odds, names="value")
        self.lines: list[str] = []
        self.log_lines = log_lines
        self.error_shown = False
        self.log_row = widgets.HBox([self.log_box, widgets.VBox([self.odds_toggle, self.odds])])
        self.widget = widgets.VBox([self.title, self.board, self.controls, self.message, self.log_row])
        self.widget.add_class("circus-frame")

    def _toggle_odds(self, change) -> None:
        self.odds.layout.display = None if change["new"] else "none"

    @property
    def odds_visible(self) -> bool:
        """Whether the odds panel is switched on."""
        return self.odds_toggle.value

    def add_panel(self, panel, *, before: str = "controls") -> None:
        """Add a game's own panel (a score table, a hand) above one of the frame's parts: "board", "controls",
        "message" or "log"."""
        parts = {"board": self.board, "controls": self.controls, "message": self.message, "log": self.log_row}
        if before not in parts:
            raise ValueError(f"a panel goes before one of {', '.join(parts)}, not {before!r}")
        children = list(self.widget.children)
        children.insert(children.index(parts[before]), panel)
        self.widget.children = tuple(children)

    def play_or_explain(self, state, move, *, explain: Callable[[str], str] = str):
        """The state after a student's move, or None when the rules refuse it: the refusal is then shown in the
        message line in the rule's own words, and the game stays as it was."""
        from .game import IllegalMove

        try:
            return state.play(move)
        except IllegalMove as refusal:
            self.say(f"Not allowed: {explain(str(refusal))}", error=True)
            return None

    def show_board(self, svg_or_html: str) -> None:
        """Replace the board picture."""
        self.board.value = svg_or_html

    def move_button(self, label: str, on_click: Callable[[], None], *, css_class: str | None = None,
                    tooltip: str = "", style: str = ""):
        """A button for this position only (a manoeuvre, a target): it shares the frame's one layout and one button
        look (one widget model, not three) and is closed when ``set_controls`` replaces it."""
        if self._move_parts is None:
            self._move_parts = (self._widgets.Layout(width="auto"), self._widgets.ButtonStyle())
        return button(label, on_click, css_class=css_class, tooltip=tooltip, style=style, transient=True,
                      shared=self._move_parts)

    def set_controls(self, controls: Sequence) -> None:
        """Replace the row of buttons and sliders (closing the transient ones it drops)."""
        replace_children(self.controls, controls)

    def say(self, text: str, *, error: bool = False) -> None:
        """Show a one-line message; an error (an illegal move) is marked ✘ and in bold, not by its colour alone."""
        self.error_shown = bool(text) and error
        if not text:
            self.message.value = ""
        elif error:
            self.message.value = f'<span class="circus-error">✘ {_esc(text)}</span>'
        else:
            self.message.value = f"<span>{_esc(text)}</span>"

    def log(self, line: str) -> None:
        """Add a line to the move log (the newest last; only the last lines are kept on screen)."""
        self.lines.append(str(line))
        shown = self.lines[-self.log_lines:]
        items = "".join(f"<li>{_esc(entry)}</li>" for entry in shown)
        self.log_box.value = f'<ol start="{len(self.lines) - len(shown) + 1}" style="margin:0">{items}</ol>'

    def show_odds(self, html_text: str) -> None:
        """Replace the odds panel's content (HTML)."""
        self.odds.value = html_text

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

class Shown(widgets.VBox):
    """Base of every game widget and explorer: itself an ipywidgets box holding its ``widget``, so it displays in
    JupyterLab, Voila and nbconvert like any widget and goes inside any container: ``VBox([game, explorer])``.

    A subclass builds its parts in its own ``__init__`` (no call to this one is needed); the box is made around
    ``self.widget`` once the outermost ``__init__`` has finished.
    """

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        build = cls.__dict__.get("__init__")
        if build is None:
            return

        @functools.wraps(build)
        def __init__(self, *args, **kw) -> None:
            outermost = not self.__dict__.get("_circus_building", False)
            self.__dict__["_circus_building"] = True
            try:
                build(self, *args, **kw)
            finally:
                if outermost:
                    self.__dict__["_circus_building"] = False
            if outermost and not self.__dict__.get("_circus_boxed", False):
                self.__dict__["_circus_boxed"] = True
                widgets.VBox.__init__(self, children=(self.widget,))
                self.add_class("circus-themed")  # the theme's text colours, also for explorers without a frame

        cls.__init__ = __init__


class Plotted(Shown):
    """Base of the explorers that keep one plot, ``self._plot``: an object with the ``image`` widget it is shown in
    and the matplotlib ``figure`` it redraws."""

    @property
    def plot(self):
        """The ipywidgets Image the plot is drawn in."""
        return self._plot.image

    @property
    def figure(self):
        """The matplotlib figure the explorer keeps and redraws."""
        return self._plot.figure


class Framed(Shown):
    """Base of the game widgets built on a ``GameFrame``: the box shown is the frame's."""

    frame: GameFrame

    @property
    def widget(self):
        """The ipywidgets box to display."""
        return self.frame.widget
