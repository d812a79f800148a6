"""Widget parts every game uses: a frame for board, controls, message, log and odds, buttons, and the base of every
game widget and explorer. The pictures they show are drawn in ``core.svg``."""
from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar, cast

import ipywidgets as widgets

from .access import access_part
from .svg import Picture, concrete_svg, svg_text, theme_style

if TYPE_CHECKING:
    from IPython.display import HTML

    from .game import GameState

_State = TypeVar("_State", bound="GameState")

__all__ = ["GameFrame", "button", "transient_control", "replace_children", "Shown", "Framed", "scale",
           "all_or_nothing", "INTERRUPTED", "close_tree", "Snapshot", "snapshot"]

def scale(factor: float = 1.5) -> HTML:
    """Enlarge every game and explorer on the page (cards, tokens, text) for the back of the room; 1 is normal."""
    if isinstance(factor, bool) or not isinstance(factor, (int, float)) or not 0.5 <= factor <= 3:
        raise ValueError(f"the scale is a number from 0.5 to 3 (1 is normal size), not {factor!r}")
    from IPython.display import HTML

    return HTML(f"<style>.circus-frame, .circus-themed {{ zoom: {factor:g}; }}</style>"
                f"<span class='circus-scale'>circuslib widgets shown at {factor:g}× size</span>")


# ---------------------------------------------------------------------------------------------------------
# the widget frame


def button(label: str, on_click: Callable[[], None], *, css_class: str | None = None, name: str = "",
           tooltip: str = "", style: str = "", transient: bool = False,
           shared: tuple[Any, Any] | None = None) -> widgets.Button:
    """An ipywidgets Button that calls ``on_click()`` (no argument) and carries a stable CSS class; a transient
    one (made for one position only) is closed when a box drops it (see ``replace_children``). ``shared`` is a
    (layout, ButtonStyle) pair several buttons use, which outlives them; by default a button has its own.

    ``name`` says what the button does in the game's words ("Take card: 7 of hearts"): a screen reader reads it
    and the mouse shows it on hover (``core.access``); ``tooltip`` is its older spelling."""
    import ipywidgets as widgets

    layout, look = shared if shared is not None else (widgets.Layout(width="auto"), None)
    # the class goes in with the button's first state: added afterwards, it is one more message to the browser
    b = widgets.Button(description=label, tooltip=name or tooltip or label, button_style=style, layout=layout,
                       _dom_classes=(css_class,) if css_class else (), **({"style": look} if look is not None else {}))
    b.on_click(lambda _: on_click())
    return transient_control(b, shared=shared or ()) if transient else b


def transient_control(control: widgets.Widget, *, shared: Sequence[object] = ()) -> widgets.Widget:
    """Mark a control made for one position only (a move's button, a card of this hand): when a box it sits in
    drops it (``replace_children``), it is closed with its layout and style, except those in ``shared`` (used by
    other controls too)."""
    parts = (getattr(control, "layout", None), getattr(control, "style", None))
    control._circus_parts = tuple(p for p in parts if p is not None and not any(p is s for s in shared))
    return control


def replace_children(box: widgets.Box, children: Sequence[widgets.Widget]) -> None:
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
        # the layout and look every move button shares, made with the first one
        self._move_parts: tuple[Any, Any] | None = None
        self.title = widgets.HTML(f"{theme_style()}<b>{svg_text(title)}</b>")
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
        self.odds_toggle = widgets.ToggleButton(value=odds_visible, description="Show odds", icon="calculator",
                                             tooltip="Show odds of this position")
        self.odds_toggle.add_class("circus-odds-toggle")
        self.odds_toggle.observe(self._toggle_odds, names="value")
        self.lines: list[str] = []
        self.log_lines = log_lines
        self.error_shown = False
        # the log and the odds side by side on a wide page, one above the other on a narrow one (or zoomed)
        self.log_row = widgets.HBox([self.log_box, widgets.VBox([self.odds_toggle, self.odds])],
                                    layout=widgets.Layout(flex_flow="row wrap"))
        self.widget = widgets.VBox([self.title, self.board, self.controls, self.message, self.log_row])
        self.widget.add_class("circus-frame")

    def _toggle_odds(self, change: Mapping[str, Any]) -> None:
        self.odds.layout.display = None if change["new"] else "none"

    @property
    def odds_visible(self) -> bool:
        """Whether the odds panel is switched on."""
        visible: bool = self.odds_toggle.value
        return visible

    def add_panel(self, panel: widgets.Widget, *, before: str = "controls") -> None:
        """Add a game's own panel (a score table, a hand) above one of the frame's parts: "board", "controls",
        "message" or "log"."""
        parts = {"board": self.board, "controls": self.controls, "message": self.message, "log": self.log_row}
        if before not in parts:
            raise ValueError(f"a panel goes before one of {', '.join(parts)}, not {before!r}")
        children = list(self.widget.children)
        children.insert(children.index(parts[before]), panel)
        self.widget.children = tuple(children)

    def play_or_explain(self, state: _State, move: Any, *, explain: Callable[[str], str] = str) -> _State | None:
        """The state after a student's move, or None when the rules refuse it: the refusal is then shown in the
        message line in the rule's own words, and the game stays as it was."""
        from .game import IllegalMove

        try:
            return cast("_State", state.play(move))  # a game's move gives a state of the same game
        except IllegalMove as refusal:
            self.say(f"Not allowed: {explain(str(refusal))}", error=True)
            return None

    def show_board(self, svg_or_html: str) -> None:
        """Replace the board picture."""
        self.board.value = svg_or_html

    def move_button(self, label: str, on_click: Callable[[], None], *, css_class: str | None = None,
                    name: str = "", tooltip: str = "", style: str = "") -> widgets.Button:
        """A button for this position only (a manoeuvre, a target): it shares the frame's one layout and one button
        look (one widget model, not three) and is closed when ``set_controls`` replaces it."""
        if self._move_parts is None:
            self._move_parts = (self._widgets.Layout(width="auto"), self._widgets.ButtonStyle())
        return button(label, on_click, css_class=css_class, name=name, tooltip=tooltip, style=style, transient=True,
                      shared=self._move_parts)

    def set_controls(self, controls: Sequence[widgets.Widget]) -> None:
        """Replace the row of buttons and sliders (closing the transient ones it drops)."""
        replace_children(self.controls, controls)

    def say(self, text: str, *, error: bool = False) -> None:
        """Show a one-line message; an error (an illegal move) is marked ✘ and in bold, not by its colour alone."""
        self.error_shown = bool(text) and error
        if not text:
            self.message.value = ""
        elif error:
            self.message.value = f'<span class="circus-error">✘ {svg_text(text)}</span>'
        else:
            self.message.value = f"<span>{svg_text(text)}</span>"

    def log(self, line: str) -> None:
        """Add a line to the move log (the newest last; only the last lines are kept on screen)."""
        self.lines.append(str(line))
        shown = self.lines[-self.log_lines:]
        items = "".join(f"<li>{svg_text(entry)}</li>" for entry in shown)
        self.log_box.value = f'<ol start="{len(self.lines) - len(shown) + 1}" style="margin:0">{items}</ol>'

    def show_odds(self, html_text: str) -> None:
        """Replace the odds panel's content (HTML)."""
        self.odds.value = html_text

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        bundle: dict[str, Any] | None = self.widget._repr_mimebundle_(**kwargs)
        return bundle

# ipywidgets ships no type information, so VBox is Any to mypy: a subclass of it cannot be checked further
class Shown(widgets.VBox):  # type: ignore[misc]
    """Base of every game widget and explorer: itself an ipywidgets box holding its ``widget``, so it displays in
    JupyterLab, Voila and nbconvert like any widget and goes inside any container: ``VBox([game, explorer])``.

    A subclass builds its parts in its own ``__init__`` (no call to this one is needed); the box is made around
    ``self.widget`` once the outermost ``__init__`` has finished.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        build = cls.__dict__.get("__init__")
        if build is None:
            return

        @functools.wraps(build)
        def __init__(self: Shown, *args: Any, **kw: Any) -> None:
            outermost = not self.__dict__.get("_circus_building", False)
            self.__dict__["_circus_building"] = True
            try:
                build(self, *args, **kw)
            finally:
                if outermost:
                    self.__dict__["_circus_building"] = False
            if outermost and not self.__dict__.get("_circus_boxed", False):
                self.__dict__["_circus_boxed"] = True
                # with the part that makes it playable by keyboard and screen reader (core.access), which shares
                # the box's layout: one widget model fewer for the lesson to open
                layout = widgets.Layout()
                widgets.VBox.__init__(self, children=(self.widget, access_part(layout, self.widget)), layout=layout)
                self.add_class("circus-themed")  # the theme's text colours, also for explorers without a frame
                _replaces_the_last_run(self)

        # the subclass's own __init__, wrapped: mypy refuses any assignment to a method, and reads __init__ as
        # object's (one argument), not the subclass's
        cls.__init__ = __init__  # type: ignore[method-assign, assignment]

    def snapshot(self) -> Snapshot:
        """The game or explorer as it stands now, as a picture with its words: what a page exported or printed
        shows in its place (show it in a cell to keep a position reached)."""
        words = getattr(self, "_still_words", None)
        return snapshot(self, words() if words is not None else "")

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any] | None:
        # the live widget, and beside it a still picture and its words for what cannot run widgets (nbconvert's
        # HTML, LaTeX and PDF, a notebook viewer); JupyterLab and Voila rank the widget above every other form, so
        # they show the game itself. The still is the state when the cell ran: drawn once, so no click pays for it
        # (the view's entry is written here as ipywidgets writes it: its own text/plain, the repr of every part,
        # would cost more than the picture and is replaced anyway)
        if self._view_name is None or self._model_id is None:
            return None
        view = {"version_major": 2, "version_minor": 0, "model_id": self._model_id}
        return {**self.snapshot()._repr_mimebundle_(), "application/vnd.jupyter.widget-view+json": view}


def _running_cell() -> tuple[str, str] | None:
    """The notebook cell being run and this run of it (the front end's cell id and the request's id), or None
    outside a notebook or where the front end names no cell."""
    import sys

    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    kernel = getattr(shell, "kernel", None)
    if kernel is None:
        return None
    try:
        parent = kernel.get_parent("shell")
    except Exception:  # an older kernel, or none: no cell to tell apart
        return None
    cell = (parent.get("metadata") or {}).get("cellId")
    run = (parent.get("header") or {}).get("msg_id")
    return (str(cell), str(run)) if cell and run else None


_shown_in: dict[str, tuple[str, list[Any]]] = {}
"""Per notebook cell, its last run and the games and explorers that run made."""


def close_tree(widget: Any) -> None:
    """Close a widget, everything inside it and their layouts and styles (the browser forgets them too)."""
    todo, seen = [widget], set()
    while todo:
        w = todo.pop()
        if id(w) in seen or not isinstance(w, widgets.Widget):
            continue
        seen.add(id(w))
        todo.extend(getattr(w, "children", ()) or ())
        todo.extend(p for p in (getattr(w, "layout", None), getattr(w, "style", None)) if p is not None)
        w.close()


def _replaces_the_last_run(shown: Any) -> None:
    """A game or explorer made by a cell run again closes those its last run made: re-running a cell leaves
    no widget behind, however often it is run."""
    where = _running_cell()
    if where is None:
        return
    cell, run = where
    last_run, made = _shown_in.get(cell, (run, []))
    if last_run != run:
        for old in made:
            close_tree(old)
        made = []
    made.append(shown)
    _shown_in[cell] = (run, made)


class Framed(Shown):
    """Base of the game widgets built on a ``GameFrame``: the box shown is the frame's."""

    frame: GameFrame

    @property
    def widget(self) -> widgets.VBox:
        """The ipywidgets box to display."""
        return self.frame.widget


INTERRUPTED = "Stopped: that click was undone, and the game is as it was before it."


_Params = ParamSpec("_Params")
_Result = TypeVar("_Result")


def all_or_nothing(*kept: str) -> Callable[[Callable[_Params, _Result]], Callable[_Params, _Result | None]]:
    """Decorator for a game widget's or an explorer's action: it happens whole or not at all.

    ``kept`` names the attributes an action changes (its state, a move half made, the rounds won); when the action
    stops part-way, Ctrl-C included, they, the widget's random generators, its move log and its message line are
    put back as they were and the view is drawn again from them (``_undone`` if the widget has one, else
    ``_refresh``), so no click leaves a bot's turn or a chance step waiting on a dead button. A list, dict or set
    kept is copied first: an action that changes it in place is undone too. An action called inside another one
    (a button's action that plays another) is part of the outer one: only the outermost undoes. Ctrl-C is said in
    the message line (the frame's, or the widget's own ``say``), not as a traceback."""
    import random

    def wrap(action: Callable[_Params, _Result]) -> Callable[_Params, _Result | None]:
        @functools.wraps(action)
        def run(*args: _Params.args, **kwargs: _Params.kwargs) -> _Result | None:
            widget: Any = args[0]  # the method's self
            if widget.__dict__.get("_circus_acting", False):
                return action(*args, **kwargs)
            saved = {name: _copied(getattr(widget, name)) for name in kept if hasattr(widget, name)}
            generators = [(r, r.getstate()) for r in vars(widget).values() if isinstance(r, random.Random)]
            frame = getattr(widget, "frame", None)
            lines = list(frame.lines) if frame is not None else []
            message = frame.message if frame is not None else getattr(widget, "message", None)
            said = message.value if message is not None else None
            shown = (frame.error_shown, frame.log_box.value) if frame is not None else None
            say = frame.say if frame is not None else getattr(widget, "say", None)
            widget.__dict__["_circus_acting"] = True
            try:
                done = action(*args, **kwargs)
                if message is not None and said is not None and INTERRUPTED in said and message.value == said \
                        and say is not None:
                    say("")  # the click went through this time: "stopped" is no longer true
                return done
            except BaseException as stopped:
                if len(saved) < len(kept):  # stopped while the widget was first being made: nothing to go back to
                    raise
                for name, value in saved.items():
                    setattr(widget, name, value)
                for generator, state in generators:
                    generator.setstate(state)
                if frame is not None:
                    frame.lines[:] = lines
                (getattr(widget, "_undone", None) or widget._refresh)()
                if message is not None:
                    message.value = said
                if frame is not None and shown is not None:
                    frame.error_shown, frame.log_box.value = shown
                if isinstance(stopped, KeyboardInterrupt) and say is not None:  # said, not a traceback
                    say(INTERRUPTED, error=True)
                    return None
                raise
            finally:
                widget.__dict__["_circus_acting"] = False
        return run
    return wrap


def _copied(value: Any) -> Any:
    """A kept attribute as it is now: a list, dict or set copied (an action may change it in place)."""
    return type(value)(value) if type(value) in (list, dict, set) else value


# ---------------------------------------------------------------------------------------------------------
# the still picture of a game or explorer, for pages without live widgets

_VALUED = ("IntSlider", "FloatSlider", "IntText", "FloatText", "BoundedIntText", "BoundedFloatText", "Dropdown",
           "RadioButtons", "ToggleButtons", "Checkbox", "ToggleButton", "Text", "SelectionSlider", "IntRangeSlider",
           "Select", "SelectMultiple", "Textarea", "Combobox")
"""The controls whose value says something about the position (a slider's number, a box ticked)."""


class Snapshot(Picture):
    """A game or explorer as it stood: its pictures (the board, the chart) one below the other and its text
    (scores, message, move log, the controls' values), for an exported page, a printed sheet or a screen reader."""

    css_class = "circus-still"

    def __init__(self, html_parts: Sequence[str], svgs: Sequence[str], words: str) -> None:
        self.html_parts, self.svgs, self.words = tuple(html_parts), tuple(svgs), words

    def svg(self) -> str:
        """The pictures one below the other, as one SVG (an empty one where the widget has no picture)."""
        from .svg import svg_doc

        sizes = [_svg_size(s) for s in self.svgs]
        width = max((w for w, _ in sizes), default=1.0)
        placed, y = [], 0.0
        for svg, (_, height) in zip(self.svgs, sizes):
            placed.append(svg.replace("<svg", f'<svg x="0" y="{y:g}"', 1))
            y += height + 8
        return svg_doc(width, max(y - 8, 1.0), placed, css_class="circus-still-svg")

    def description(self) -> str:
        """What the widget showed, in words."""
        return self.words

    def _repr_html_(self) -> str:
        # the widget's own HTML as it stood (its styles included, so it takes the page's theme), the controls as
        # words: a page that cannot run the widget shows the game, and a screen reader reads its words
        return (f'<div class="{self.css_class} circus-themed" role="img" aria-label="{svg_text(self.words)}">'
                f'{"".join(self.html_parts)}</div>')

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        """Themed HTML, one plain SVG of its pictures when it has any, and its words."""
        bundle = {"text/html": self._repr_html_(), "text/plain": self.words}
        if self.svgs:
            bundle["image/svg+xml"] = concrete_svg(self.svg())
        return bundle


def snapshot(widget: Any, words: str = "") -> Snapshot:
    """The still picture of any ipywidget tree as it is now: each HTML part shown (pictures and text), each
    control's value in words; what is hidden (a closed odds panel) is left out. ``words`` come first: a game's
    position in its own words, where its board's picture has none (``_still_words``)."""
    html_parts: list[str] = []
    svgs: list[str] = []
    lines: list[str] = [line for line in words.splitlines() if line.strip()]
    todo, seen = [widget], set()
    while todo:
        w = todo.pop(0)
        if id(w) in seen or not isinstance(w, widgets.Widget):
            continue
        seen.add(id(w))
        layout = getattr(w, "layout", None)
        if layout is not None and getattr(layout, "display", None) == "none":
            continue
        if "circus-access" in getattr(w, "_dom_classes", ()):  # the keyboard's script: nothing to see or print
            continue
        children = getattr(w, "children", None)
        if children:
            todo[:0] = list(children)  # depth first, in the order shown
            continue
        kind = type(w).__name__
        if isinstance(w, (widgets.HTML, widgets.HTMLMath)) and w.value:
            html_parts.append(f"<div>{w.value}</div>")
            svgs.extend(_outer_svgs(w.value))
            lines.extend(_words_of(w.value))
        elif isinstance(w, widgets.Label) and w.value:
            html_parts.append(f"<div>{svg_text(w.value)}</div>")
            lines.append(str(w.value))
        elif isinstance(w, widgets.Button) and w.description:
            html_parts.append(f'<span class="circus-still-button">[{svg_text(w.description)}]</span> ')
            lines.append(f"button: {w.description}")
        elif kind in _VALUED and hasattr(w, "value"):
            shown = getattr(w, "label", None) if hasattr(w, "options") else None
            value = ("on" if w.value else "off") if isinstance(w.value, bool) else w.value if shown is None else shown
            said = f"{getattr(w, 'description', '') or kind}: {value}"
            html_parts.append(f"<div>{svg_text(said)}</div>")
            lines.append(said)
    if not lines:
        lines = ["(an empty widget)"]
    return Snapshot(html_parts, svgs, "\n".join(lines))


def _outer_svgs(markup: str) -> list[str]:
    """Each outermost <svg>...</svg> element of an HTML text, in order."""
    import re

    found, depth, start = [], 0, 0
    for tag in re.finditer(r"<(/?)svg\b[^>]*?(/?)>", markup):
        closing, empty = tag.group(1) == "/", tag.group(2) == "/"
        if not closing:
            if depth == 0:
                start = tag.start()
            if empty:
                if depth == 0:
                    found.append(markup[start:tag.end()])
                continue
            depth += 1
        elif depth:
            depth -= 1
            if depth == 0:
                found.append(markup[start:tag.end()])
    return found


def _svg_size(svg: str) -> tuple[float, float]:
    """An SVG's width and height from its attributes (else its viewBox; else 400 by 300)."""
    import re

    head = svg[:svg.index(">")]
    size = [re.search(rf'\b{name}="([0-9.]+)(?:px)?"', head) for name in ("width", "height")]
    if size[0] and size[1]:
        return float(size[0].group(1)), float(size[1].group(1))
    box = re.search(r'viewBox="[-0-9.]+[ ,]+[-0-9.]+[ ,]+([0-9.]+)[ ,]+([0-9.]+)"', head)
    return (float(box.group(1)), float(box.group(2))) if box else (400.0, 300.0)


def _words_of(markup: str) -> list[str]:
    """The text of an HTML part in lines: a picture by its label (aria-label, else its SVG's <title>), styles and
    scripts left out."""
    from html.parser import HTMLParser

    lines: list[str] = []

    class Reader(HTMLParser):
        def __init__(self) -> None:
            super().__init__(convert_charrefs=True)
            self.line: list[str] = []
            self.skip: list[str] = []  # the elements we are inside whose text is not read (style, a labelled picture)
            self.in_svg = 0
            self.titled = False

        def end_line(self) -> None:
            text = " ".join("".join(self.line).split())
            if text:
                lines.append(text)
            self.line = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            attributes = dict(attrs)
            if self.skip:
                if tag == self.skip[-1] or (tag == "svg" and self.skip[-1] == "svg"):
                    self.skip.append(tag)
                return
            if tag in ("br", "li", "tr", "div", "p", "table", "svg", "ol", "ul", "h1", "h2", "h3", "h4"):
                self.end_line()
            label = attributes.get("aria-label")
            if tag in ("style", "script"):
                self.skip.append(tag)
            elif label and attributes.get("role") == "img":
                self.end_line()
                lines.extend(line for line in label.splitlines() if line.strip())
                if tag not in ("br", "img", "input"):
                    self.skip.append(tag)
            elif tag == "svg":
                self.in_svg += 1
                self.titled = False
            elif tag in ("td", "th"):
                self.line.append(" ")

        def handle_endtag(self, tag: str) -> None:
            if self.skip:
                if tag == self.skip[-1]:
                    self.skip.pop()
                return
            if tag == "svg" and self.in_svg:
                self.in_svg -= 1
            if tag in ("li", "tr", "div", "p", "table", "svg", "h1", "h2", "h3", "h4", "title"):
                self.end_line()

        def handle_data(self, data: str) -> None:
            if self.skip:
                return
            if self.in_svg:  # a picture without a label is read by its title alone, not by every mark on it
                if self.lasttag == "title" and not self.titled:
                    self.titled = True
                    self.line.append(data)
                return
            self.line.append(data)

    reader = Reader()
    reader.feed(markup)
    reader.close()
    reader.end_line()
    return lines
