"""RULINGS.md, the teachers' page of the kit's readings, in step with the code: each game's section names every
option of the game's options dataclass with its default, and every entry marked as a kit ruling names the option
that changes it."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

import circuslib

ROOT = Path(__file__).resolve().parent.parent
RULINGS = (ROOT / "RULINGS.md").read_text(encoding="utf-8")
SECTION_OF = {"flip7": "Flip 7", "pcv": "Le Petit Cirque Volant", "scout": "Scout", "speed": "Speed",
              "flip_circus": "Flip Circus"}
# options that say which game is played rather than how a gap of the rules is read
NOT_READINGS = {"speed": {"name"}, "flip_circus": {"tokens"}, "pcv": {"scenario"}}


def _section(game: str) -> str:
    heading = re.search(rf"^## \d+\. {re.escape(SECTION_OF[game])}\b.*$", RULINGS, re.M)
    assert heading, f"RULINGS.md has no section for {SECTION_OF[game]}"
    rest = RULINGS[heading.end():]
    following = re.search(r"^## ", rest, re.M)
    return rest[: following.start()] if following else rest


def _shown(default) -> list[str]:
    """The ways RULINGS.md may write an option's default."""
    if isinstance(default, str):
        return [f'"{default}"', f"'{default}'"]
    if default is None or isinstance(default, (bool, int)):
        return [repr(default)]
    name = getattr(default, "name", None)  # a deck: by its name
    return [f'"{name}"'] if isinstance(name, str) else [repr(default)]


@pytest.mark.parametrize("game", sorted(SECTION_OF))
def test_every_option_of_a_game_is_on_the_rulings_page_with_its_default(game):
    options = circuslib.games()[game].options
    text = _section(game)
    missing = []
    for field in dataclasses.fields(options):
        if field.name in NOT_READINGS.get(game, set()):
            continue
        default = field.default if field.default is not dataclasses.MISSING else None
        code = " ".join(re.findall(r"`([^`]+)`", text))  # the page's code: `off_map="out"`, `SpeedOptions(...)`
        if not any(re.search(rf"\b{field.name}={re.escape(shown)}", code) for shown in _shown(default)):
            missing.append(f"{field.name}={_shown(default)[0]}")
    assert not missing, f"RULINGS.md's {SECTION_OF[game]} section does not give {missing} (as `name=default`)"


def _entries(text: str) -> list[str]:
    """The page's entries: each table row, and each paragraph or list item outside the tables."""
    entries, paragraph = [], []
    for line in text.splitlines() + [""]:
        if line.startswith("|") or not line.strip() or line.lstrip().startswith("- "):
            if paragraph:
                entries.append(" ".join(paragraph))
            paragraph = [line] if line.lstrip().startswith("- ") else []
            if line.startswith("|"):
                entries.append(line)
        else:
            paragraph.append(line)
    return entries


def _keywords(game: str) -> set[str]:
    """The options of a game and the keyword arguments of its public functions (a solver's reading, say)."""
    import importlib
    import inspect

    names = {field.name for field in dataclasses.fields(circuslib.games()[game].options)}
    for part in ("rules", "odds", "graphs", "bots"):
        module = importlib.import_module(f"circuslib.{game}.{part}")
        for name in getattr(module, "__all__", ()):
            thing = getattr(module, name, None)
            if inspect.isfunction(thing):
                names |= set(inspect.signature(thing).parameters)
    return names


@pytest.mark.parametrize("game", sorted(SECTION_OF))
def test_every_kit_ruling_on_the_page_names_the_option_that_changes_it(game):
    names = _keywords(game)
    rows = [entry for entry in _entries(_section(game)) if "kit ruling" in entry.lower()]
    assert rows, f"RULINGS.md's {SECTION_OF[game]} section marks no kit ruling"
    for row in rows:
        named = {name for code in re.findall(r"`([^`]+)`", row) for name in re.findall(r"\b(\w+)=", code)}
        assert named & names, f"a kit ruling of {SECTION_OF[game]} names none of its options: {row[:120]}"
