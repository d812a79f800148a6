"""Every control of every game has an accessible name in the game's words (what a screen reader says, and the
hover text), not just a symbol: each game is played for some moves, pressing its buttons headless, and every
button, toggle, drop-down and slider shown on the way is read. The script that turns these names into ARIA in the
browser is tested in the browser tests (tests/test_browser_*.py)."""
from __future__ import annotations

import html
import json
import random
import re

import ipywidgets as widgets
import pytest

from circuslib.core.access import ROW, access_html
from circuslib.flip7.widget import Flip7Widget
from circuslib.flip_circus.bots import greedy_bot
from circuslib.flip_circus.widget import FlipCircusWidget
from circuslib.pcv.widget import PCVWidget
from circuslib.pig.widget import PigWidget
from circuslib.scout.widget import ScoutWidget
from circuslib.speed.widget import FakeClock, SpeedTable, spoken

GAMES = {
    "pig": lambda: PigWidget(random.Random(7)),
    "flip7": lambda: Flip7Widget(random.Random(2022), bots=3),
    "pcv": lambda: PCVWidget("duel", rng=random.Random(2026), opponent="greedy"),
    "scout": lambda: ScoutWidget(4, random.Random(2026)),
    "speed": lambda: SpeedTable(random.Random(2027), bot_profile="slow", scheduler=FakeClock()),
    "flip_circus": lambda: FlipCircusWidget(random.Random(1), bot=greedy_bot),
}

CONTROLS = (widgets.Button, widgets.ToggleButton, widgets.Dropdown, widgets.Checkbox, widgets.FloatLogSlider)


def _explorers():
    """Each game's explorers, built as the lessons and their companions build them (notebooks/)."""
    from circuslib.flip7 import explorers as flip7
    from circuslib.flip_circus.explorers import RingExplorer
    from circuslib.pcv import explorers as pcv
    from circuslib.pig.explorers import StopAtExplorer
    from circuslib.scout.explorers import DealtHandExplorer, SetSomewhereExplorer
    from circuslib.speed.explorers import RaceExplorer, StalemateExplorer

    return {
        "pig": lambda: StopAtExplorer(20),
        "flip7 odds": lambda: flip7.OddsExplorer(held=[5, 9, 12], seen=[12, 12, 9]),
        "flip7 policy": lambda: flip7.PolicyExplorer(threshold=15),
        "flip7 deck": lambda: flip7.DeckExplorer(),
        "pcv odds": lambda: pcv.OddsExplorer(hexes=1, alt_diff=0, shots=3),
        "pcv dice": lambda: pcv.DiceExplorer(reach=1),
        "scout dealt hand": lambda: DealtHandExplorer(players=4, seed=2026),
        "scout set somewhere": lambda: SetSomewhereExplorer(players=4, hand_size=8, k=3, seed=2026),
        "speed stalemate": lambda: StalemateExplorer(face_up=4, decks=1),
        "speed race": lambda: RaceExplorer(you=2, bot=1, setup="one deck", rounds=3, matches=10),
        "flip_circus ring": lambda: RingExplorer(seed=1),
    }


EXPLORER_CONTROLS = (widgets.Button, widgets.ToggleButton, widgets.ToggleButtons, widgets.Dropdown, widgets.Checkbox,
                     widgets.IntSlider, widgets.FloatSlider, widgets.FloatLogSlider, widgets.IntRangeSlider,
                     widgets.Text, widgets.BoundedIntText, widgets.IntText, widgets.SelectMultiple)


def shown(widget):
    """Every widget inside this one, the widget first."""
    todo, found = [widget], []
    while todo:
        w = todo.pop(0)
        found.append(w)
        todo.extend(getattr(w, "children", ()) or ())
    return found


def in_words(name: str) -> bool:
    """A name says something: at least two words of letters ("Roll the die"), not "7", "→" or "A"."""
    return len(re.findall(r"[A-Za-z]{2,}", name)) >= 2


def names_while_playing(game, steps: int = 25) -> dict[str, str]:
    """Press the game's first usable move button again and again (never New game), reading each control's name."""
    names = {}
    for _ in range(steps):
        controls = [w for w in shown(game) if isinstance(w, CONTROLS)]
        for c in controls:
            names[f"{type(c).__name__} {c.description!r} {c._dom_classes}"] = c.tooltip or ""
        usable = [c for c in controls if isinstance(c, widgets.Button) and not c.disabled
                  and "New" not in c.description]
        if not usable:
            break
        usable[-1 if len(usable) > 3 else 0].click()
    return names


@pytest.mark.parametrize("game", list(GAMES))
def test_every_control_has_a_name_in_words(game):
    names = names_while_playing(GAMES[game]())
    assert len(names) >= 3
    nameless = {control: name for control, name in names.items() if not in_words(name)}
    assert not nameless, f"{game}: controls without a name in words: {nameless}"


def test_names_say_the_move_in_the_games_words():
    pig = PigWidget(random.Random(7))
    assert [b.tooltip for b in pig.frame.controls.children] == [
        "Roll the die", "Stop and bank the turn total", "Start a new turn at 0"]
    circus = FlipCircusWidget(random.Random(1), bot=greedy_bot)
    circus.select(3)
    ring = circus.rows[0]
    assert ROW in ring._dom_classes and "circus-ring" in ring._dom_classes
    assert '&quot;circus-ring&quot;: &quot;The ring: pick a token&quot;' in access_html()  # the group's name
    assert ring.children[3].tooltip == "Unpick the token at place 3 (picked)"  # picked in words, not colour alone
    assert ring.children[4].tooltip == "Pick the token at place 4"
    speed = SpeedTable(random.Random(2027), bot_profile="slow", scheduler=FakeClock())
    assert ROW in speed.hand._dom_classes
    assert speed.card_buttons[0].tooltip.startswith("Take card: ")
    assert [spoken(c) for c in speed.state.slots[0][0][-1:]] == [speed.card_buttons[0].tooltip[11:].split(" (")[0]]


def test_every_game_and_explorer_carries_the_access_part():
    pig = PigWidget(random.Random(7))
    part = pig.children[-1]
    assert part.value == access_html() and "circus-access" in part._dom_classes
    assert "onerror" in part.value and "role" in part.value and ":focus-visible" in part.value
    assert "aria-live" in part.value and "polite" in part.value


@pytest.mark.parametrize("explorer", list(_explorers()))
def test_every_control_of_every_explorer_has_a_name_in_words(explorer):
    made = _explorers()[explorer]()
    controls = [w for w in shown(getattr(made, "widget", made)) if isinstance(w, EXPLORER_CONTROLS)]
    assert controls, f"{explorer}: no control found"
    nameless = {f"{type(c).__name__} {getattr(c, 'description', '')!r} {c._dom_classes}": c.tooltip
                for c in controls if not in_words(c.tooltip or "")}
    assert not nameless, f"{explorer}: controls without a name in words: {nameless}"
    # a described slider, drop-down or text box shows its description, not its tooltip: its name goes to the page
    # through the access part, which the script reads (core.access.described_names)
    part = made.children[-1]
    given = json.loads(html.unescape(re.search(r'data-controls="([^"]*)"', part.value).group(1)))
    described = [c for c in controls if getattr(c, "description", "") and c.tooltip
                 and not isinstance(c, (widgets.Button, widgets.ToggleButton))]
    for c in described:
        assert [given[k] for k in c._dom_classes if k in given] == [c.tooltip], (explorer, c.description)
    assert len(given) == len(described)
    # a group of toggle buttons names each of its buttons too (a screen reader reads the one with the focus)
    for group in (c for c in controls if isinstance(c, widgets.ToggleButtons)):
        assert len(group.tooltips) == len(group.options) and all(map(in_words, group.tooltips)), group.tooltips
