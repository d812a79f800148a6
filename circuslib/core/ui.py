"""Widget parts every game uses: a frame for board, controls, message, log and odds, buttons, and the base of every
game widget and explorer. The pictures they show are drawn in ``core.svg``."""
from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar, cast

import ipywidgets as widgets

from .access import access_part
from .svg import svg_text, theme_style

if TYPE_CHECKING:
    from IPython.display import HTML

    from .game import GameState

_State = TypeVar("_State", bound="GameState")

__all__ = ["GameFrame", "button", "transient_control", "replace_children", "Shown", "Framed", "scale",
           "all_or_nothing", "INTERRUPTED", "close_tree"]

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
                                             tooltip="Show the odds of this position")
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
                widgets.VBox.__init__(self, children=(self.widget, access_part(layout)), layout=layout)
                self.add_class("circus-themed")  # the theme's text colours, also for explorers without a frame
                _replaces_the_last_run(self)

        # the subclass's own __init__, wrapped: mypy refuses any assignment to a method, and reads __init__ as
        # object's (one argument), not the subclass's
        cls.__init__ = __init__  # type: ignore[method-assign, assignment]


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
