"""The Flip Circus widget: the ring as SVG, position buttons to pick tokens, the actions, Applause, posters, the
deduction panel, and hot-seat play (with a "pass the screen" step) or play against a bot.

``RingExplorer`` is a ring the student edits by clicking (each place's visible face, the backs already seen): the
exact chance of every hidden back as bars, what a look at each place is worth in bits, and the best first move.
"""
from __future__ import annotations

import html
import math
import random
from collections import Counter, OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, partial
from pathlib import Path

from ..core.frames import ShippedFrames
from ..core.svg import theme_style
from ..core.ui import Framed, GameFrame, Shown, button, png_of
from .graphs import winning_turns
from .odds import back_fractions, entropy_terms, hidden_worlds, look_values, possible_backs
from .rules import (
    ARTISTS,
    ENCORE,
    END_TURN,
    KIT_RULES,
    MAKE_RETURN,
    MUSCLES,
    SIZE,
    TAKE_APPLAUSE,
    FlipCircus,
    PlayerView,
    Ruleset,
    TokenSet,
    flip,
    look,
    name,
    new_game,
    power,
    ring_svg,
    swap,
    trios,
)

__all__ = ["FlipCircusWidget", "RingExplorer", "Bits", "entropy_bits", "ring_problem", "write_ring_frame"]


class FlipCircusWidget(Framed):
    """Play Flip Circus in a notebook: two students in hot-seat, or one student against a bot."""

    def __init__(self, rng: random.Random, *, bot=None, human: int = 0, rules: Ruleset | None = None,
                 state: FlipCircus | None = None) -> None:
        import ipywidgets as widgets

        if not isinstance(rng, random.Random):
            raise TypeError("pass a seeded random generator, for example FlipCircusWidget(random.Random(1))")
        if human not in (0, 1):
            raise ValueError("the student plays seat 0 or seat 1")
        self.rng, self.bot, self.human = rng, bot, human
        self.state = state if state is not None else new_game(rng, rules or Ruleset())
        if self.state.rules.players != 2:
            raise ValueError("the widget plays the two-player game; the team variant is played with the library")
        self.selected: list[int] = []
        self.frame = GameFrame("Flip Circus", odds_visible=True)
        # classes, layouts and styles given when a widget is made travel with its comm_open; set afterwards, each
        # is one more message for the kernel and the server
        self.status = widgets.HTML(_dom_classes=("circus-status",))
        # the twenty buttons share one layout and one style: one widget model each rather than three
        # (fewer models for the kernel to open and send; the same look as core.ui.button's own)
        make = partial(button, shared=(widgets.Layout(width="auto"), widgets.ButtonStyle()))

        self.position_buttons = []
        for i in range(SIZE):
            b = make(str(i), lambda i=i: self.select(i), css_class=f"circus-pick-{i}", tooltip=f"pick the token at {i}")
            b.add_class("circus-pick")
            self.position_buttons.append(b)
        self.flip_button = make("Flip", self.do_flip, css_class="circus-flip", style="primary")
        self.power_button = make("Use power", self.do_power, css_class="circus-power")
        self.swap_button = make("Swap", self.do_swap, css_class="circus-swap")
        self.look_button = make("Look (1 Applause)", self.do_look, css_class="circus-look")
        self.encore_button = make("Extra action (1 Applause)", lambda: self._play(ENCORE), css_class="circus-encore")
        self.end_button = make("End turn", lambda: self._play(END_TURN), css_class="circus-end")
        self.take_button = make("Clowns: take an Applause", lambda: self._play(TAKE_APPLAUSE), css_class="circus-take")
        self.return_button = make("Clowns: opponent returns one", lambda: self._play(MAKE_RETURN),
                                  css_class="circus-return")
        self.pass_button = make("I'm here: show my ring", self.reveal, css_class="circus-pass", style="warning")
        self.new_button = make("New game", self.new_game, css_class="circus-new")
        actions = [self.flip_button, self.power_button, self.swap_button, self.look_button, self.encore_button,
                   self.end_button, self.take_button, self.return_button, self.pass_button, self.new_button]
        self.frame.set_controls([widgets.VBox([widgets.HBox(self.position_buttons), widgets.HBox(actions),
                                               self.status])])
        self.hidden = False  # hot-seat: the ring is covered until the next player says they are at the screen
        self.viewer = self.state.player if bot is None else human
        self._bot_turn()
        self._refresh()

    # --- picking tokens -------------------------------------------------------------------------------
    def select(self, i: int) -> None:
        """Pick (or unpick) the token at position i; at most two are picked, for a swap."""
        if i in self.selected:
            self.selected.remove(i)
        else:
            self.selected = (self.selected + [i])[-2:]
        self._refresh()

    def _one(self) -> int | None:
        if len(self.selected) != 1:
            self.frame.say("pick exactly one token first (click its number)", error=True)
            return None
        return self.selected[0]

    def do_flip(self) -> None:
        """Flip the picked token."""
        i = self._one()
        if i is not None:
            self._play(flip(i))

    def do_power(self) -> None:
        """Use the power of the picked artist."""
        i = self._one()
        if i is not None:
            self._play(power(i))

    def do_look(self) -> None:
        """Spend an Applause to look at the back of the picked token."""
        i = self._one()
        if i is not None:
            self._play(look(i))

    def do_swap(self) -> None:
        """Swap the two picked neighbours."""
        if len(self.selected) != 2:
            self.frame.say("pick two neighbouring tokens to swap", error=True)
            return
        try:
            move = swap(*self.selected)
        except ValueError as error:
            self.frame.say(str(error), error=True)
            return
        self._play(move)

    # --- playing ------------------------------------------------------------------------------------------
    def _play(self, move) -> bool:
        if self.hidden:
            self.frame.say("pass the screen first", error=True)
            return False
        player = self.state.player
        before, after = self.state, self.frame.play_or_explain(self.state, move)
        if after is None:
            return False
        self.state = after
        self.selected = []
        self.frame.say("")
        self.frame.log(f"player {player}: {self._describe(before, move)}")
        self._after_move(player)
        self._refresh()
        return True

    def _describe(self, before: FlipCircus, move) -> str:
        text = str(move)
        if move.name == "flip":
            text += f" ({name(before.face(move.detail[0]))} to {name(self.state.face(move.detail[0]))})"
        gained = [a for team in self.state.posters for a in team if a not in [x for t in before.posters for x in t]]
        if gained:
            text += f"; poster{'s' if len(gained) > 1 else ''} {', '.join(gained)}!"
        return text

    def _after_move(self, player: int) -> None:
        if self.state.is_over():
            self.frame.say(f"Player {self.state.winner} wins with {', '.join(self.state.posters[self.state.winner])}!")
            return
        if self.state.player != player:
            if self.bot is None:
                self.hidden = True  # hot-seat: hide this player's secrets before the other one sits down
                self.frame.say(f"Turn over: pass the screen to player {self.state.player}")
            else:
                self._bot_turn()

    def _bot_turn(self) -> None:
        if self.bot is None:
            return
        while not self.state.is_over() and self.state.player != self.human:
            move = self.bot(self.state, self.rng)
            before = self.state
            self.state = self.state.play(move)
            self.frame.log(f"bot: {self._describe(before, move)}")
        if self.state.is_over():
            self.frame.say(f"Player {self.state.winner} wins with {', '.join(self.state.posters[self.state.winner])}!")

    def reveal(self) -> None:
        """Hot-seat: the next player is at the screen; show their ring and their secrets."""
        self.hidden = False
        self.viewer = self.state.player
        self.frame.say(f"Player {self.viewer}, your turn")
        self._refresh()

    def new_game(self) -> None:
        """Deal a new ring."""
        self.state = new_game(self.rng, self.state.rules)
        self.selected, self.hidden = [], False
        self.viewer = self.state.player if self.bot is None else self.human
        self.frame.log("new game")
        self.frame.say("")
        self._bot_turn()
        self._refresh()

    # --- drawing ------------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        state = self.state
        if self.hidden:
            self.frame.show_board(f'<div class="circus-screen" style="padding:40px;font-size:18px">'
                                  f'Pass the screen to player {state.player}: the ring is hidden.</div>')
            self.frame.show_odds("")
        else:
            view = state.view(self.viewer)
            self.frame.show_board(ring_svg(view.faces, view.backs, selected=self.selected,
                                           caption=f"what player {self.viewer} sees (backs seen in brackets)"))
            self.frame.show_odds(self._deduction_html())
        over = state.is_over()
        my_turn = not over and not self.hidden and state.player == self.viewer
        applause = state.applause[state.team] if not over else 0
        for b in (self.flip_button, self.power_button, self.swap_button):
            b.disabled = not my_turn or state.pending or not state.actions_left
        self.look_button.disabled = self.encore_button.disabled = not my_turn or state.pending or not applause
        self.end_button.disabled = not my_turn or state.pending or bool(state.actions_left)
        self.take_button.disabled = not my_turn or not state.pending or TAKE_APPLAUSE not in state.legal_moves()
        self.return_button.disabled = not my_turn or not state.pending or MAKE_RETURN not in state.legal_moves()
        self.pass_button.disabled = not self.hidden
        for i, b in enumerate(self.position_buttons):
            b.button_style = "info" if i in self.selected else ""
            b.disabled = not my_turn
        posters = " | ".join(f"player {p}: {', '.join(map(name, team)) or '-'}" for p, team in enumerate(state.posters))
        turn = "game over" if over else f"player {state.player} to play, {state.actions_left} action(s) left"
        if state.pending and not over:
            turn += " - a Clown group! choose its reward"
        self.status.value = (f'<span class="circus-turn">{html.escape(turn)}</span> &middot; Applause '
                             f'<span class="circus-applause">{state.applause[0]} / {state.applause[1]}</span> '
                             f'(reserve {state.reserve}) &middot; posters <span class="circus-posters">'
                             f'{html.escape(posters)}</span> &middot; picked: {self.selected or "none"}')

    def _deduction_html(self) -> str:
        """Possible backs with exact probabilities, the value of a look, and a winning-turn hint."""
        backs = possible_backs(self.state, self.viewer)
        values = look_values(self.state, self.viewer)
        rows = []
        for i in range(SIZE):
            options = ", ".join(f"{name(a)} {p}" for a, p in backs[i].items())
            value = f"{float(values[i]):.2f} bits" if i in values else "seen"
            rows.append(f"<tr><td>{i}</td><td>{html.escape(name(self.state.face(i)))}</td>"
                        f"<td>{html.escape(options)}</td><td>{value}</td></tr>")
        hint = ""
        if not self.state.is_over() and self.state.player == self.viewer and not self.state.pending \
                and self.state.actions_left:
            plans = winning_turns(self.state, max_applause=min(1, self.state.applause[self.state.team]))
            if plans:
                best = max(plans, key=lambda t: (t.probability, -t.actions))
                hint = (f"<p class='circus-hint'>{len(plans)} winning turn(s) found; the likeliest: "
                        f"{html.escape(', '.join(map(str, best.moves)))} (probability {best.probability})</p>")
            else:
                hint = "<p class='circus-hint'>No poster can be taken this turn.</p>"
        return (f"<b>What could be behind each token (player {self.viewer}'s knowledge)</b>"
                f"<table class='circus-backs'><tr><th>place</th><th>shows</th><th>possible backs</th>"
                f"<th>a look is worth</th></tr>{''.join(rows)}</table>{hint}")


# ---------------------------------------------------------------------------------------------------------
# the ring explorer: edit a ring, see what could be behind each token, what a look is worth, the best first move

TEXT = "var(--jp-ui-font-color1, #222222)"
MUTED = "var(--jp-ui-font-color2, #555555)"
ERROR = "var(--jp-error-color1, #c62828)"
# Okabe and Ito's colour-blind-safe palette; each artist also has its own hatching, so colour is never the only sign
ARTIST_STYLE = {"Clown": ("#E69F00", ""), "Acrobate": ("#56B4E9", "//"), "Magicien": ("#CC79A7", "|"),
                "Voyante": ("#009E73", "\\\\"), "Muscles": ("#D55E00", "x"), "Dresseuse": ("#F0E442", "-")}
LOOK_BLUE, BLACK = "#0072B2", "#000000"
UNSEEN = "not seen"
SEARCH_NOTE = ("the kit's search of this turn, restricted to its 2 actions with no Applause spent and every poster "
               "free, so that it answers within 100 ms; each ring is searched once and kept")
# the places of the ring of buttons on a 4 x 5 grid (row, column), clockwise from place 0 at the top
RING_GRID = ((1, 3), (1, 4), (2, 5), (3, 5), (4, 4), (4, 3), (4, 2), (3, 1), (2, 1), (1, 2))


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _short(artist: str) -> str:
    return "Muscles" if artist == MUSCLES else artist


def _an(artist: str) -> str:
    """The artist with its article: a Clown, an Acrobate, Monsieur Muscles."""
    if artist == MUSCLES:
        return name(artist)
    return f"{'an' if artist[0] in 'AEIOU' else 'a'} {artist}"


def _faces(n: int, artist: str) -> str:
    return f"{n} {name(artist)} face{'s' if n != 1 else ''}"


def _places(places: Sequence[int]) -> str:
    places = [str(p) for p in places]
    return places[0] if len(places) == 1 else f"{', '.join(places[:-1])} and {places[-1]}"


# --- exact entropies without sympy (an update must take milliseconds) -------------------------------------


@dataclass(frozen=True)
class Bits:
    """An exact entropy in bits: ``constant + sum(c * log2(p))`` over odd primes p (a canonical form: two equal
    entropies have the same one), written as the lesson writes it: log₂ 5, 1, log₂ 5 − 4/5."""

    constant: Fraction
    logs: tuple[tuple[int, Fraction], ...]  # (odd prime, coefficient), primes increasing
    outcomes: int | None = None  # set when the distribution is uniform over this many outcomes

    def __float__(self) -> float:
        return float(self.constant) + sum(float(c) * math.log2(p) for p, c in self.logs)

    def __str__(self) -> str:
        n = self.outcomes
        if n is not None and n > 1 and n & (n - 1):  # uniform, and not a power of 2: log₂ n says it best
            return f"log₂ {n}"
        # the positive logarithms, then the whole part, then the negative logarithms: 11/4 − (3/4)·log₂ 3
        terms = [(c, f"log₂ {p}") for p, c in self.logs if c > 0] + [(self.constant, "")]
        terms += [(c, f"log₂ {p}") for p, c in self.logs if c < 0]
        parts = []
        for c, log in terms:
            if c:
                size = abs(c)
                term = (log if size == 1 else f"{size} {log}" if size.denominator == 1 else f"({size})·{log}") \
                    if log else str(size)
                parts.append((f"{'−' if c < 0 else '+'} " if parts else "−" if c < 0 else "") + term)
        return " ".join(parts) or "0"

    def sympy(self):
        """The same number as a sympy expression (for checks against ``odds``; sympy is imported only here)."""
        import sympy

        return sympy.Rational(self.constant.numerator, self.constant.denominator) + sum(
            (sympy.Rational(c.numerator, c.denominator) * sympy.log(p, 2) for p, c in self.logs), sympy.Integer(0))


def entropy_bits(weights: Sequence[int]) -> Bits:
    """The exact Shannon entropy, in bits, of the distribution proportional to the whole-number ``weights``:
    H = log₂ N − (1/N) Σ w log₂ w, with N the total (``odds.entropy_terms``)."""
    return Bits(*entropy_terms(weights))


# --- what makes a ring impossible -------------------------------------------------------------------------


def ring_problem(faces: Sequence[str], backs: Sequence[str | None], tokens: TokenSet | None = None) -> str | None:
    """Why no deal of the token set shows these faces with these backs seen (a sentence), or None if one does.

    A place whose back is seen holds one particular token; every other place needs a different token with its
    face. By Hall's theorem such tokens exist unless some set of artists is shown at more unseen places than
    there are tokens left carrying one of them, which is checked for every set of artists."""
    tokens = tokens or KIT_RULES.tokens
    pairs = Counter(frozenset(t) for t in tokens.tokens)
    used: dict[frozenset, list[int]] = {}
    for i, (face, back) in enumerate(zip(faces, backs)):
        if back is None:
            continue
        if back == face:
            return (f"Place {i} shows {_an(face)} and you marked {_an(back)} behind it: the two faces of a token "
                    f"are different artists.")
        pair = frozenset((face, back))
        if not pairs[pair]:
            partners = [name(b if a == face else a) for a, b in tokens.tokens if face in (a, b)]
            return (f"Place {i}: there is no {_short(face)}/{_short(back)} token. In this token set {_an(face)} "
                    f"is paired with {_places(partners).replace(' and ', ' or ')}.")
        used.setdefault(pair, []).append(i)
    for pair, places in used.items():
        if len(places) > pairs[pair]:
            a, b = sorted(pair, key=ARTISTS.index)
            return (f"Places {_places(places)} are each marked as the {_short(a)}/{_short(b)} token, but the set "
                    f"has only {pairs[pair] if pairs[pair] > 1 else 'one'}.")
    for artist in ARTISTS:
        shown = sum(f == artist for f in faces)
        behind = [i for i, b in enumerate(backs) if b == artist]
        carry = tokens.count(artist)
        if shown + len(behind) > carry:
            marked = (f" and {_an(artist)} is marked behind place{'s' if len(behind) > 1 else ''} "
                      f"{_places(behind)}" if behind else "")
            return (f"The ring shows {_faces(shown, artist)}{marked}, but only {carry} tokens carry {_an(artist)}: "
                    f"no deal of the ten tokens fits.")
    left = pairs - Counter({pair: len(places) for pair, places in used.items()})
    unseen = [i for i in range(SIZE) if backs[i] is None]
    shown = sorted({faces[i] for i in unseen}, key=ARTISTS.index)
    for size in range(2, len(shown) + 1):  # single artists were counted above
        for mask in range(1, 1 << len(shown)):
            group = [a for k, a in enumerate(shown) if mask >> k & 1]
            if len(group) != size:
                continue
            places = [i for i in unseen if faces[i] in group]
            have = sum(n for pair, n in left.items() if pair & set(group))
            if len(places) > have:
                names = ", ".join(name(a) for a in group[:-1]) + f" or {name(group[-1])}"
                return (f"Places {_places(places)} show {names} with their backs unseen: that needs {len(places)} "
                        f"tokens carrying one of these artists, but only {have} of the tokens not already placed "
                        f"do, so no deal of the ten tokens fits.")
    return None


# --- the numbers the explorer shows, computed once per ring -----------------------------------------------


@dataclass(frozen=True)
class RingOdds:
    """What a player who sees ``faces`` and the ``backs`` marked (None: unseen) can deduce, all exact."""

    faces: tuple
    backs: tuple
    deals: int  # the deals of the token set that fit
    uncertainty: Bits  # about all the hidden backs together
    chances: tuple  # per place, {artist: Fraction} (a seen back: {that artist: 1})
    looks: dict  # per unseen place, the Bits a look there is worth
    best_look: int | None

    @classmethod
    def of(cls, faces: tuple, backs: tuple, rules: Ruleset = KIT_RULES) -> RingOdds:
        view = _view(faces, backs, rules)
        worlds = hidden_worlds(view)
        chances = tuple(back_fractions(view))
        looks = {}
        for i in range(SIZE):
            if backs[i] is None:
                dist = chances[i]
                denominator = math.lcm(*(p.denominator for p in dist.values()))
                looks[i] = entropy_bits([int(p * denominator) for p in dist.values()])
        best = max(looks, key=lambda i: (float(looks[i]), -i)) if looks else None
        return cls(faces, backs, sum(worlds.values()), entropy_bits(list(worlds.values())), chances, looks, best)


def _view(faces: tuple, backs: tuple, rules: Ruleset = KIT_RULES) -> PlayerView:
    """The ring as player 0 sees it at the start of their turn: two actions, no Applause, every poster free."""
    return PlayerView(rules, 0, tuple(faces), tuple(backs), (0, 0), ((), ()), 0, rules.actions, False, "play")


@lru_cache(maxsize=2048)
def best_plans(faces: tuple, backs: tuple) -> tuple:
    """Every plan of this turn (2 actions, no Applause spent) that can take a poster, from the kit's search,
    kept per ring: a ring searched once answers at once."""
    return tuple(winning_turns(_view(faces, backs), max_applause=0))


def _exact(p: Fraction | Bits) -> str:
    """An exact value in bold, then its decimal to 4 places (= when the decimal is exact, ≈ otherwise)."""
    exact = not isinstance(p, Bits) or not p.logs
    value = p if not isinstance(p, Bits) else p.constant
    sign = "=" if exact and (value * 10_000).denominator == 1 else "≈"
    return f"<b>{_esc(p)}</b>&nbsp;{sign}&nbsp;{float(p):.4f}"


def _chances_text(chances: dict) -> str:
    """The artists that may be behind a token, those with the same chance together, the likeliest first:
    "Clown 1/2 = 0.5000; Voyante, Dresseuse 1/4 = 0.2500 each"."""
    groups: dict = {}
    for artist, p in chances.items():
        groups.setdefault(p, []).append(_short(artist))
    return "; ".join(f"{_esc(', '.join(names))} {_exact(p)}{' each' if len(names) > 1 else ''}"
                     for p, names in sorted(groups.items(), key=lambda g: -g[0]))


class _RingPlot:
    """The explorer's one figure, shown as a PNG in one ``ipywidgets.Image`` replaced in place. The axes, labels,
    titles and legends are drawn once and kept as a bitmap; each place's column of bars (one collection per artist)
    and its words are drawn over it once per thing they show and kept too, so an edit redraws only the places it
    changed. No pyplot figure is made, so nothing else appears in the notebook; the pictures are kept per ring,
    so a ring seen before is shown at once."""

    def __init__(self, *, size: tuple[float, float] = (9.0, 5.4), dpi: int = 72, cache: int = 256) -> None:
        import ipywidgets as widgets
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.collections import PolyCollection
        from matplotlib.figure import Figure
        from matplotlib.patches import Patch, Rectangle

        self.figure = Figure(figsize=size, dpi=dpi, facecolor="white")
        self.canvas = FigureCanvasAgg(self.figure)
        self.backs_ax, self.look_ax = self.figure.subplots(2, 1, sharex=True, gridspec_kw={"height_ratios": [3, 2]})
        self.figure.subplots_adjust(left=0.08, right=0.8, top=0.94, bottom=0.14, hspace=0.3)
        self.moving: list = []
        places = range(SIZE)
        ax = self.backs_ax
        self.segments = {}
        for artist, (colour, hatch) in ARTIST_STYLE.items():
            bars = PolyCollection([], facecolors=colour, edgecolors="#333333", linewidths=0.6, hatch=hatch)
            self.segments[artist] = self._moving(ax.add_collection(bars))
        self.seen_boxes = self._moving(ax.add_collection(PolyCollection([], facecolors="none", edgecolors=BLACK,
                                                                        linewidths=2.2)))
        self.seen = [self._moving(ax.text(i, 1.015, "seen", ha="center", va="bottom", fontsize=8, weight="bold"))
                     for i in places]
        ax.set_ylim(0, 1.1)
        ax.set_yticks([0, 0.25, 0.5, 0.75, 1])
        ax.set_ylabel("P(back = artist)")
        # the titles sit on the top edge (y=1), where matplotlib would put them: no tick labels to measure first
        ax.set_title("What could be behind each token: the exact chance of each artist", fontsize=10, y=1)
        handles = [Patch(facecolor=c, hatch=h, edgecolor="#333333", label=_short(a))
                   for a, (c, h) in ARTIST_STYLE.items()]
        handles.append(Patch(facecolor="white", edgecolor=BLACK, linewidth=2, label="back already seen"))
        ax.legend(handles=handles, title="behind it", loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8,
                  title_fontsize=8)
        ax = self.look_ax
        self.look_bars = self._moving(ax.add_collection(PolyCollection([], facecolors=LOOK_BLUE, edgecolors="none")))
        self.best_bar = self._moving(ax.add_patch(Rectangle((0, 0), 0.6, 0, facecolor="white", edgecolor=BLACK,
                                                            hatch="//", linewidth=1.5)))
        self.look_values = [self._moving(ax.text(i, 0, "", ha="center", va="bottom", fontsize=8)) for i in places]
        self.face_names = [self._moving(ax.text(i, -0.15, "", ha="center", va="top", fontsize=8, weight="bold",
                                                transform=ax.get_xaxis_transform(), clip_on=False)) for i in places]
        ax.set_ylim(0, 2.75)
        ax.set_xlim(-0.6, SIZE - 0.4)
        ax.set_xticks(list(places))
        ax.set_ylabel("bits")
        ax.set_xlabel("place on the ring, and the face it shows", labelpad=14)
        ax.set_title("What a look at each place is worth: the entropy of its back", fontsize=10, y=1)
        ax.legend(handles=[Patch(facecolor=LOOK_BLUE, label="a look (bits)"),
                           Patch(facecolor="white", edgecolor=BLACK, hatch="//", linewidth=1.5,
                                 label="the look worth most")],
                  loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8)
        for axes in (self.backs_ax, self.look_ax):
            axes.grid(axis="y", color="#dddddd", linewidth=0.6)
            axes.set_axisbelow(True)
        width, height = (round(x * dpi) for x in size)
        self.image = widgets.Image(format="png", layout=widgets.Layout(width=f"{width}px", height=f"{height}px",
                                                                       align_self="flex-start", flex="0 0 auto"),
                                   _dom_classes=("circus-plot", "circus-ring-plot"))
        self._background = None
        self.frame_source = None  # "shipped" or "drawn", once the still frame is made
        self._pictures: OrderedDict = OrderedDict()
        self._cache = cache
        self.renders = 0  # pictures for which some bars had to be drawn
        self.pictures = 0  # pictures made (a ring shown again reuses its picture)

    def _moving(self, artist):
        artist.set_animated(True)
        return artist

    def show(self, odds: RingOdds) -> None:
        """Show the bars of this ring: from the kept pictures, or drawn now over the still frame."""
        key = (odds.faces, odds.backs)
        picture = self._pictures.get(key)
        if picture is None:
            picture = self._pictures[key] = self._draw(odds)
            if len(self._pictures) > self._cache:
                self._pictures.popitem(last=False)
        else:
            self._pictures.move_to_end(key)
        if self.image.value != picture:
            self.image.value = picture

    @staticmethod
    def _box(i: int, bottom: float, height: float, width: float) -> list:
        left, right = i - width / 2, i + width / 2
        return [(left, bottom), (right, bottom), (right, bottom + height), (left, bottom + height)]

    def _keep(self, key: tuple, bbox) -> None:
        """Keep the pixels of ``bbox`` (display coordinates) as drawn now, under ``key``."""
        from matplotlib.transforms import Bbox

        (x0, y0), (x1, y1) = bbox
        self._stamps[key] = self.canvas.copy_from_bbox(Bbox([[x0 - 2, y0 - 2], [x1 + 2, y1 + 2]]))

    def _column(self, ax, i: int) -> tuple:
        """The pixels of place i's column in these axes (a place's bars, and its words, never leave it)."""
        left = ax.transData.transform((i - 0.5, 0))[0]
        right = ax.transData.transform((i + 0.5, 0))[0]
        return (left, ax.bbox.y0), (right, ax.bbox.y1)

    def _draw_backs(self, odds: RingOdds, places: list, keys: list) -> None:
        """Draw the stacked bars of these places over the still frame and keep each place's column."""
        boxes: dict = {a: [] for a in ARTISTS}
        seen_boxes, words = [], []
        for i in places:
            bottom = 0.0
            for artist in ARTISTS:
                p = float(odds.chances[i].get(artist, 0))
                if p:
                    boxes[artist].append(self._box(i, bottom, p, 0.78))
                    bottom += p
            if odds.backs[i] is not None:
                seen_boxes.append(self._box(i, 0, 1, 0.78))
                words.append(self.seen[i])
        for artist in ARTISTS:
            self.segments[artist].set_verts(boxes[artist])
        self.seen_boxes.set_verts(seen_boxes)
        self.canvas.restore_region(self._background)
        for artist in [*self.segments.values(), self.seen_boxes, *words]:
            self.backs_ax.draw_artist(artist)
        for i in places:
            self._keep(keys[i], self._column(self.backs_ax, i))

    def _draw_looks(self, odds: RingOdds, places: list, keys: list) -> None:
        """Draw the look bars and their values for these places over the still frame and keep each column."""
        look_boxes, best = [], None
        for i in places:
            value, text = odds.looks.get(i), self.look_values[i]
            if value is None:
                text.set_text("seen")
                text.set_y(0.08)
                continue
            bits = float(value)
            if i == odds.best_look:
                best = i
                self.best_bar.set_bounds(i - 0.3, 0, 0.6, bits)
            else:
                look_boxes.append(self._box(i, 0, bits, 0.6))
            text.set_text(f"{bits:.2f}")
            text.set_y(bits + 0.1)
        self.look_bars.set_verts(look_boxes)
        self.canvas.restore_region(self._background)
        self.look_ax.draw_artist(self.look_bars)
        if best is not None:
            self.look_ax.draw_artist(self.best_bar)
        for i in places:
            self.look_ax.draw_artist(self.look_values[i])
            self._keep(keys[i], self._column(self.look_ax, i))

    def _draw(self, odds: RingOdds) -> bytes:
        """The picture of a ring: each place's columns and face name are drawn once per thing they show and kept
        (a ring edited at one place reuses the nine others), then laid over the still frame."""
        import numpy

        if self._background is None:
            if SHIPPED_FRAMES.lay("ring", self.canvas):
                self.frame_source = "shipped"
            else:
                self.canvas.draw()  # the moving parts are animated: a full draw leaves them out
                self.frame_source = "drawn"
            self._background = self.canvas.copy_from_bbox(self.figure.bbox)
            self._stamps: OrderedDict = OrderedDict()
        backs = [("backs", i, tuple(odds.chances[i].items()), odds.backs[i] is not None) for i in range(SIZE)]
        looks = [("look", i, None if i not in odds.looks else (odds.looks[i].constant, odds.looks[i].logs),
                  i == odds.best_look) for i in range(SIZE)]
        faces = [("face", i, odds.faces[i]) for i in range(SIZE)]
        drawn = False
        for keys, draw in ((backs, self._draw_backs), (looks, self._draw_looks)):
            new = [i for i, key in enumerate(keys) if key not in self._stamps]
            if new:
                draw(odds, new, keys)
                drawn = True
        for i, key in enumerate(faces):
            if key not in self._stamps:
                text = self.face_names[i]
                text.set_text(_short(odds.faces[i]))
                self.canvas.restore_region(self._background)
                self.look_ax.draw_artist(text)
                self._keep(key, text.get_window_extent(self.canvas.get_renderer()).get_points())
                drawn = True
        self.canvas.restore_region(self._background)
        for key in backs + looks + faces:
            self._stamps.move_to_end(key)
            self.canvas.restore_region(self._stamps[key])
        while len(self._stamps) > 600:  # the longest unused go first (about 20 MB kept at most)
            self._stamps.popitem(last=False)
        self.renders += drawn
        self.pictures += 1
        return png_of(numpy.asarray(self.canvas.buffer_rgba())[:, :, :3])


# The ring explorer's still frame (axes, ticks, labels, titles, legends) as matplotlib draws it, drawn once by
# ``write_ring_frame`` and shipped: a kernel lays the pixels instead of drawing them (a full draw is about 0.08 s of
# each kernel, times thirty students). tests/test_flip_circus_widget.py draws it again and compares it pixel for pixel.
SHIPPED_FRAMES = ShippedFrames(
    Path(__file__).resolve().with_name("ring_frame.json"),
    about="The Flip Circus ring explorer's still frame as matplotlib draws it, RGBA pixels packed by zlib, in base64; "
          "written by python -m circuslib.flip_circus.widget, used where the fingerprint (matplotlib's version and "
          "settings, the figure's size) matches")

FRAME_MAKERS = {"ring": lambda: _RingPlot().figure}
"""The shipped frame's name and how to make its figure: the plot alone (its moving parts are animated, so a full draw
leaves them out)."""


def write_ring_frame(path: Path | str | None = None) -> Path:
    """Draw the ring explorer's still frame and write it to ``ring_frame.json`` (run after changing how the
    explorer draws its frame, or with a new matplotlib: ``python -m circuslib.flip_circus.widget``)."""
    return SHIPPED_FRAMES.write(FRAME_MAKERS, path)


class RingExplorer(Shown):
    """A ring the student edits by clicking: pick a place on the ring of buttons, then click its visible face and
    the back you have already seen there (or "not seen"). For the ring as edited it shows, exactly, the deals that
    fit, the chance of every artist behind every hidden back (fractions and decimals, and as stacked bars), what a
    look at each place is worth in bits (the entropy of its back, as in section 3), the look worth most, and the
    best first move from the kit's search (this turn's 2 actions, no Applause spent: it answers within 100 ms).

    A ring no deal of the token set can show (four Acrobate faces, a Magicien marked behind a Magicien, two places
    marked as the same token, ...) is refused in the message line with the reason; the numbers stay those of the
    last possible ring until the ring is possible again.
    """

    def __init__(self, faces: Sequence[str] | None = None, seen: dict | None = None, *, place: int = 0,
                 seed: int = 1) -> None:
        import ipywidgets as widgets

        self.rules = KIT_RULES
        faces = _check_faces(faces)
        backs = _check_seen(seen)
        problem = ring_problem(faces, backs, self.rules.tokens)
        if problem:
            raise ValueError(f"the explorer starts from a possible ring: {problem}")
        if isinstance(place, bool) or not isinstance(place, int) or not 0 <= place < SIZE:
            raise ValueError(f"the place picked first is a whole number from 0 to {SIZE - 1}, not {place!r}")
        self.rng = random.Random(seed)
        self.ring_faces, self.ring_backs = list(faces), list(backs)
        self.selected = place
        self.odds: RingOdds | None = None  # the last possible ring's numbers
        self._odds_cache: OrderedDict = OrderedDict()
        self._syncing = False

        self.places = []
        look = widgets.ButtonStyle()  # one style for the ten place buttons (one widget model, not ten)
        for i, (row, column) in enumerate(RING_GRID):
            # (JupyterLab's widgets place a grid item by its grid_area; they ignore grid_row and grid_column)
            spot = widgets.Layout(width="auto", grid_area=f"{row} / {column} / {row + 1} / {column + 1}")
            # made with the words _show_ring gives it: one message less per word set afterwards
            label, tip = self._place_words(i)
            b = button(label, lambda i=i: self.select(i), css_class=f"circus-ring-place-{i}", tooltip=tip,
                       style="info" if i == place else "", shared=(spot, look))
            b.add_class("circus-ring-place")
            self.places.append(b)
        # classes, layouts and styles given when a widget is made travel with its comm_open; set afterwards, each
        # is one more message for the kernel and the server
        self.centre = widgets.HTML(layout=widgets.Layout(grid_area="2 / 2 / 4 / 5"),
                                   _dom_classes=("circus-ring-centre",))
        self.ring = widgets.GridBox(self.places + [self.centre], layout=widgets.Layout(
            grid_template_columns="repeat(5, 172px)", grid_template_rows="repeat(4, 34px)", grid_gap="4px"),
            _dom_classes=("circus-ring-buttons",))
        options = [(_short(a), a) for a in ARTISTS]
        self.face = widgets.ToggleButtons(options=options, value=faces[place],
                                          tooltips=[f"place shows {name(a)}" for a in ARTISTS],
                                          style={"button_width": "88px"}, _dom_classes=("circus-ring-face",))
        self.back = widgets.ToggleButtons(options=[(UNSEEN, UNSEEN)] + options, value=backs[place] or UNSEEN,
                                          tooltips=["nobody has shown you this back"]
                                          + [f"you have seen {name(a)} behind it" for a in ARTISTS],
                                          style={"button_width": "88px"}, _dom_classes=("circus-ring-back",))
        label_width = widgets.Layout(width="190px")
        self.face_label, self.back_label = widgets.HTML(layout=label_width), widgets.HTML(layout=label_width)
        self.deal_button = button("Deal a new ring", self.deal, css_class="circus-ring-deal",
                                  tooltip="a random deal of the set-up: Clowns at the even places, no back seen")
        self.forget_button = button("Forget every back seen", self.forget, css_class="circus-ring-forget")
        self.message = widgets.HTML(_dom_classes=("circus-message",))
        self.result = widgets.HTML(_dom_classes=("circus-ring-odds",))
        self.best = widgets.HTML(_dom_classes=("circus-ring-best",))
        self.plot = _RingPlot()
        self.face.observe(self._face_changed, names="value")
        self.back.observe(self._back_changed, names="value")
        title = widgets.HTML(f"{theme_style()}<b style='color:{TEXT}'>Ring explorer: what could be behind each "
                             f"token?</b> <span style='color:{MUTED}'>Click a place on the ring, then its visible "
                             f"face and the back you have seen there.</span>")
        self.widget = widgets.VBox([
            title, self.ring,
            widgets.HBox([self.face_label, self.face]), widgets.HBox([self.back_label, self.back]),
            widgets.HBox([self.deal_button, self.forget_button]),
            self.message, self.result, self.best, self.plot.image], _dom_classes=("circus-ring-explorer",))
        self._show_ring()
        self.update()

    # --- reading the ring ------------------------------------------------------------------------------------
    @property
    def faces(self) -> tuple:
        """The visible faces as edited, place by place."""
        return tuple(self.ring_faces)

    @property
    def backs(self) -> tuple:
        """The backs marked as seen, place by place (None where unseen)."""
        return tuple(self.ring_backs)

    @property
    def figure(self):
        """The explorer's matplotlib figure (its bars are redrawn in place)."""
        return self.plot.figure

    # --- editing -------------------------------------------------------------------------------------------
    def select(self, place: int) -> None:
        """Pick a place: the face and back buttons now edit it."""
        self.selected = place
        self._syncing = True
        try:
            self.face.value = self.ring_faces[place]
            self.back.value = self.ring_backs[place] or UNSEEN
        finally:
            self._syncing = False
        self._show_ring()

    def set_face(self, place: int, artist: str) -> None:
        """Show ``artist`` at ``place`` (as a click on the place, then on the face, would)."""
        self.select(place)
        self.face.value = artist

    def set_back(self, place: int, artist: str | None) -> None:
        """Mark ``artist`` as seen behind ``place`` (None: not seen)."""
        self.select(place)
        self.back.value = artist or UNSEEN

    def deal(self) -> None:
        """A new random ring as the set-up deals it (seeded), with no back seen."""
        self.load(new_game(self.rng, self.rules).faces)

    def load(self, faces: Sequence[str], seen: dict | None = None) -> None:
        """Show another ring at once: its ten visible faces and the backs seen ({place: artist}). A ring no deal
        can show is refused in the message line, like an edit."""
        faces, backs = _check_faces(faces), _check_seen(seen)
        self.ring_faces, self.ring_backs = list(faces), list(backs)
        self.select(self.selected)
        self.update()

    @classmethod
    def of(cls, state: FlipCircus | PlayerView, player: int | None = None, **options) -> RingExplorer:
        """The ring as one player sees it in a game: its faces and the backs that player has seen."""
        if isinstance(state, FlipCircus):
            state = state.view(state.player if player is None else player)
        elif not isinstance(state, PlayerView):
            raise TypeError(f"give a Flip Circus state or a player's view, not {type(state).__name__}")
        if state.rules.tokens != KIT_RULES.tokens:
            raise ValueError("the explorer counts deals of the kit's token set; this game uses another one")
        return cls(state.faces, {i: b for i, b in enumerate(state.backs) if b is not None}, **options)

    def forget(self) -> None:
        """Forget every back marked as seen."""
        self.ring_backs = [None] * SIZE
        self.select(self.selected)
        self.update()

    def _face_changed(self, change) -> None:
        if not self._syncing:
            self.ring_faces[self.selected] = change["new"]
            self._show_ring()
            self.update()

    def _back_changed(self, change) -> None:
        if not self._syncing:
            self.ring_backs[self.selected] = None if change["new"] == UNSEEN else change["new"]
            self._show_ring()
            self.update()

    # --- showing -------------------------------------------------------------------------------------------
    def say(self, text: str, *, error: bool = True) -> None:
        """A sentence in the message line (a refusal: ✘, bold, the theme's error colour), or "" to clear it."""
        if not text:
            self.message.value = ""
        elif error:
            self.message.value = (f'<span class="circus-explorer-error" style="color:{ERROR};font-weight:bold">'
                                  f'✘ {_esc(text)}</span>')
        else:
            self.message.value = f'<span style="color:{TEXT}">{_esc(text)}</span>'

    def _place_words(self, i: int) -> tuple[str, str]:
        """The label and the tooltip of place i's button: the face it shows, and the back seen there."""
        face, back = self.ring_faces[i], self.ring_backs[i]
        label = f"{i}: {_short(face)}" + (f" ({_short(back)})" if back else "")
        tip = f"place {i} shows {name(face)}; " + (f"you have seen {name(back)} behind it" if back
                                                    else "its back is unseen") + " (click to edit)"
        return label, tip

    def _show_ring(self) -> None:
        for i, b in enumerate(self.places):
            b.description, b.tooltip = self._place_words(i)
            b.button_style = "info" if i == self.selected else ""
        i = self.selected
        back = self.ring_backs[i]
        self.centre.value = (f"<div style='color:{TEXT};text-align:center;padding-top:8px'><b>place {i}</b> "
                             f"is picked<br><span style='color:{MUTED}'>{_esc(name(self.ring_faces[i]))}, "
                             f"{'back seen: ' + _esc(name(back)) if back else 'back not seen'}</span></div>")
        self.face_label.value = f"<span style='color:{TEXT}'>visible face of place <b>{i}</b>:</span>"
        self.back_label.value = f"<span style='color:{TEXT}'>back seen at place <b>{i}</b>:</span>"

    def update(self) -> None:
        """Check the ring, then show its exact odds, its best look and first move, and redraw the bars."""
        try:
            self._update()
        except Exception as error:  # never a traceback in the notebook: the explorer stays usable
            self.say(f"That ring could not be shown: {error}")

    def _odds_of(self, faces: tuple, backs: tuple) -> RingOdds:
        key = (faces, backs)
        odds = self._odds_cache.get(key)
        if odds is None:
            odds = self._odds_cache[key] = RingOdds.of(faces, backs, self.rules)
            if len(self._odds_cache) > 512:
                self._odds_cache.popitem(last=False)
        else:
            self._odds_cache.move_to_end(key)
        return odds

    def _update(self) -> None:
        faces, backs = self.faces, self.backs
        problem = ring_problem(faces, backs, self.rules.tokens)
        if problem:
            kept = " The numbers below are still those of the last possible ring." if self.odds else ""
            self.say(problem + kept)
            return
        odds = self._odds_of(faces, backs)
        self.odds = odds
        self.say("")
        self.result.value = self._odds_html(odds)
        self.best.value = self._best_html(odds)
        self.plot.show(odds)

    def _odds_html(self, odds: RingOdds) -> str:
        rows = []
        for i in range(SIZE):
            if odds.backs[i] is not None:
                behind = f"<b>{_esc(name(odds.backs[i]))}</b> (seen)"
                worth = "seen"
            else:
                behind = _chances_text(odds.chances[i])
                worth = _exact(odds.looks[i])
                if i == odds.best_look:
                    worth += " ◀ most"
            rows.append(f"<tr class='circus-ring-row-{i}'><td>{i}</td><td>{_esc(name(odds.faces[i]))}</td>"
                        f"<td>{behind}</td><td>{worth}</td></tr>")
        deals = f"{odds.deals:,} deal{'s' if odds.deals != 1 else ''}"
        summary = (f"<span class='circus-ring-deals'><b>{deals}</b></span> of the ten tokens fit this ring, all "
                   f"equally likely; your uncertainty about the hidden backs: "
                   f"<span class='circus-ring-uncertainty'>{_exact(odds.uncertainty)} bits</span>.")
        if odds.best_look is None:
            advice = "Every back is seen: a look would tell you nothing."
        else:
            value = odds.looks[odds.best_look]
            advice = (f"The look worth most: <span class='circus-ring-best-look'>behind place <b>{odds.best_look}"
                      f"</b>, worth {_exact(value)} bits</span> (on average it lowers your uncertainty by that "
                      f"much).")
        return (f"<div style='color:{TEXT}'><style>.circus-ring-table td, .circus-ring-table th {{padding: 1px 8px; "
                f"text-align: left; color: {TEXT}}}</style><p style='margin:2px 0'>{summary}</p>"
                f"<table class='circus-ring-table'><tr><th>place</th><th>shows</th><th>behind it: exact chance "
                f"≈ decimal</th><th>a look is worth (bits)</th></tr>{''.join(rows)}</table>"
                f"<p style='margin:2px 0'>{advice}</p></div>")

    def _best_html(self, odds: RingOdds) -> str:
        note = f"<span style='color:{MUTED}'>({SEARCH_NOTE}.)</span>"
        found = trios(odds.faces)
        if found:
            middle, artist = found[0]
            places = _places([(middle - 1) % SIZE, middle, (middle + 1) % SIZE])
            text = (f"Three {name(artist)} faces side by side at places {places}: in a game that poster would "
                    f"already be taken (and the middle token flipped), so there is no first move to search for.")
            return f"<div style='color:{TEXT}'><b>Best first move:</b> {_esc(text)}</div>"
        plans = best_plans(odds.faces, odds.backs)
        if not plans:
            text = "no plan of two actions can take a poster from this ring"
            if odds.best_look is not None:
                text += f"; with an Applause, a look at place {odds.best_look} tells you most"
            return f"<div style='color:{TEXT}'><b>Best first move:</b> {_esc(text)}. {note}</div>"
        best = max(plans, key=lambda t: (t.probability, -t.actions))
        sure = sum(t.probability == 1 for t in plans)
        p = Fraction(int(best.probability.p), int(best.probability.q))
        count = (f"{len(plans)} plan{'s' if len(plans) != 1 else ''} can take a poster, "
                 f"{'none' if not sure else sure} of {'them' if len(plans) != 1 else 'it'} surely")
        return (f"<div style='color:{TEXT}'><b>Best first move:</b> <span class='circus-ring-move'><b>"
                f"{_esc(best.moves[0])}</b></span>, the start of the likeliest plan "
                f"({_esc(', '.join(map(str, best.moves)))}), which takes a poster with chance "
                f"<span class='circus-ring-plan-chance'>{_exact(p)}</span>; {count}. {note}</div>")


def _check_faces(faces) -> tuple:
    if faces is None:  # the dealt ring of the lesson's section 2
        return ("Clown", "Acrobate", "Clown", "Magicien", "Clown", "Voyante", "Clown", "Muscles", "Clown",
                "Dresseuse")
    if isinstance(faces, str) or not hasattr(faces, "__len__"):
        raise TypeError("give the ten visible faces as a list of artists, for example state.faces")
    if len(faces) != SIZE:
        raise ValueError(f"a ring has {SIZE} places, so give {SIZE} visible faces, not {len(faces)}")
    return tuple(_artist(f, f"place {i}") for i, f in enumerate(faces))


def _artist(value, where: str) -> str:
    if isinstance(value, str):
        for artist in ARTISTS:
            if value.strip().lower() in (artist.lower(), name(artist).lower()):
                return artist
    raise ValueError(f"{where}: {value!r} is not an artist; the artists are {', '.join(map(name, ARTISTS))}")


def _check_seen(seen) -> tuple:
    backs: list = [None] * SIZE
    if seen is None:
        return tuple(backs)
    if not isinstance(seen, dict):
        raise TypeError("give the backs already seen as a dict {place: artist}, for example {0: 'Acrobate'}")
    for place, artist in seen.items():
        if isinstance(place, bool) or not isinstance(place, int) or not 0 <= place < SIZE:
            raise ValueError(f"the places of the ring are 0 to {SIZE - 1}, not {place!r}")
        backs[place] = _artist(artist, f"the back seen at place {place}")
    return tuple(backs)


if __name__ == "__main__":
    print("wrote", write_ring_frame())
