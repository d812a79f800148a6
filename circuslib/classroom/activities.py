"""The lessons' class activities, one or more a lesson: each student plays their own seeded run of something the
lesson has just worked out exactly, and the class's pooled results close in on that exact value.

The games are imported inside the functions that play them (one way: a game never imports the classroom), so
reading this list costs nothing until an activity is played.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from .activity import Activity, Choice

__all__ = ["ACTIVITIES", "activity"]


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _yes_no(value: Any) -> bool:
    return isinstance(value, bool)


def _fraction(value: Any) -> Fraction:
    return Fraction(str(value))


# --- 00 welcome: Pig, twenty turns of "stop at 20" ------------------------------------------------------------

def _pig_turns(rng: Any, choice: int | None) -> list[int]:
    from ..core.game import playout
    from ..pig.bots import stop_at_bot
    from ..pig.rules import new_game

    policy = stop_at_bot(20)
    turns: list[Any] = [playout(new_game(), rng, policy) for _ in range(20)]
    return [int(turn.scores()[0]) for turn in turns]


def _pig_exact(choice: int | None) -> Fraction:
    from ..pig.odds import pig_value

    return _fraction(pig_value(goal=20, threshold=20))


PIG_TURNS = Activity(
    key="pig-turns", lesson="00_welcome", section="4. Simulation against the exact value (6 min)",
    title="Pig: twenty turns of 'stop at 20', from your seed",
    about="Each of you plays 20 turns of 'roll until the total reaches 20' with your own seed; the class's turns "
          "pooled close in on the exact value. Each run of the cell adds 20 more turns.",
    trial="turn", trials=20, measure="points of a turn", unit="points", play=_pig_turns, exact=_pig_exact,
    possible=lambda v: _whole(v) and (v == 0 or 20 <= v <= 25),
    impossible="a turn of 'stop at 20' ends on a 1 with 0 points, or banks 20 to 25 points",
    bars=("0", "20", "21", "22", "23", "24", "25"), counts="each")


# --- 01 Flip 7: your stopping point and its round scores ----------------------------------------------------

def _flip7_rounds(rng: Any, stop_at: int | None) -> list[int]:
    from ..flip7.bots import simulate_threshold_rounds

    return [int(score) for score in simulate_threshold_rounds(int(stop_at or 0), 10, rng)]


def _flip7_exact(stop_at: int | None) -> Fraction:
    from ..flip7.odds import threshold_value

    return _fraction(threshold_value(int(stop_at or 0)))


def _flip7_bar(score: Any) -> str:
    if score == 0:
        return "bust"
    low = min(score // 10 * 10, 60)
    return f"{low}-{low + 9}" if low < 60 else "60+"


FLIP7_STOPPING_POINT = Activity(
    key="flip7-stopping-point", lesson="01_flip7", section="2. Play (8 min)",
    title="Flip 7: your stopping point, ten rounds",
    about="Choose the total at which you would stop (from your rounds just played), and the kit plays 10 rounds "
          "of 'stop as soon as the sum reaches it' from your seed, on the numbers-only deck; the class's rounds "
          "close in on the average of the exact values of the class's stopping points (section 5).",
    trial="round", trials=10, measure="points of a round", unit="points", play=_flip7_rounds, exact=_flip7_exact,
    possible=lambda v: _whole(v) and 0 <= v <= 78 + 15,
    impossible="a round of the numbers-only deck scores 0 (a bust) up to 93 points (all seven numbers, plus 15)",
    label=_flip7_bar, bars=("bust", "0-9", "10-19", "20-29", "30-39", "40-49", "50-59", "60+"),
    choice=Choice("stopping point", 1, 60, "points"))


# --- 02 Le Petit Cirque Volant: shots to bring a plane down at range 1 ----------------------------------------

def _pcv_shots(rng: Any, choice: int | None) -> list[int]:
    from ..pcv.odds import damage_chain

    chain = damage_chain(1)
    counts = []
    for _ in range(10):
        state: Any = "intact"
        shots = 0
        while state != "destroyed":
            state = chain.step(state, rng)
            shots += 1
        counts.append(shots)
    return counts


def _pcv_exact(choice: int | None) -> Fraction:
    from ..pcv.odds import expected_shots

    return _fraction(expected_shots(1))


PCV_SHOTS = Activity(
    key="pcv-shots-to-destroy", lesson="02_petit_cirque_volant", section="3. The damage chain (15 min)",
    title="Le Petit Cirque Volant: shots to bring a plane down at range 1",
    about="Each of you fires at 10 intact planes at effective range 1, with your own dice (your seed), and counts "
          "the shots each one takes to be destroyed; the class's counts close in on E_I = 10/3.",
    trial="target", trials=10, measure="shots to destroy a plane", unit="shots", play=_pcv_shots, exact=_pcv_exact,
    possible=lambda v: _whole(v) and 1 <= v <= 500,
    impossible="a plane at range 1 is destroyed after 1 shot or more (and never after hundreds)",
    label=lambda v: str(v) if v < 8 else "8+", bars=("1", "2", "3", "4", "5", "6", "7", "8+"))


# --- 03 Scout: a run of 3 somewhere in your dealt hands --------------------------------------------------------

def _scout_hands(rng: Any, choice: int | None) -> list[bool]:
    from ..scout.odds import simulate_set_somewhere

    estimate = simulate_set_somewhere(3, 4, n=5, seed=rng.getrandbits(63), kind="run")
    return [bool(v) for v in estimate.values]


def _scout_exact(choice: int | None) -> Fraction:
    from ..scout.odds import set_somewhere_exact
    from ..scout.rules import HAND_SIZE

    return _fraction(set_somewhere_exact(3, 4, HAND_SIZE[4], kind="run"))


SCOUT_RUN_SOMEWHERE = Activity(
    key="scout-run-somewhere", lesson="03_scout", section="5. Shows and sets in a dealt hand (12 min)",
    title="Scout: a run of 3 somewhere in your hands",
    about="Each of you is dealt 5 hands for 4 players (11 cards, as dealt, never reordered) from your seed: does "
          "each hold a run of 3 somewhere? The class's share closes in on the exact chance, counted in the companion "
          "notebook (its section 5).",
    trial="hand", trials=5, measure="share of hands with a run of 3", play=_scout_hands, exact=_scout_exact,
    possible=_yes_no, impossible="each hand holds a run of 3 somewhere or not: true or false",
    label=lambda v: "a run of 3" if v else "none", bars=("a run of 3", "none"), score=int)


# --- 04 Speed: reaction races ------------------------------------------------------------------------------

def _speed_races(rng: Any, choice: int | None) -> list[bool]:
    return [rng.expovariate(2) < rng.expovariate(1) for _ in range(20)]


def _speed_exact(choice: int | None) -> Fraction:
    from ..speed.odds import race_probability

    return _fraction(race_probability(2, 1))


SPEED_RACES = Activity(
    key="speed-races", lesson="04_speed", section="4. Reaction races (10 min)",
    title="Speed: twenty races at 2 moves a second against 1",
    about="Each of you runs 20 races from your seed: your reaction time exponential with rate 2 a second, the "
          "bot's with rate 1. Who reacts first? The class's share of races won closes in on the exact chance.",
    trial="race", trials=20, measure="share of races you win", play=_speed_races, exact=_speed_exact,
    possible=_yes_no, impossible="a race is won or lost: true or false",
    label=lambda v: "you first" if v else "the bot first", bars=("you first", "the bot first"), score=int)


# --- 05 Flip Circus: the opener's first turn ---------------------------------------------------------------

def _opener_deals(rng: Any, choice: int | None) -> list[bool]:
    from ..flip_circus.graphs import winning_turns
    from ..flip_circus.rules import new_game

    taken = []
    for _ in range(5):
        state: Any = new_game(rng=rng)
        plans = winning_turns(state, max_applause=0)
        poster = False
        if plans:
            for move in max(plans, key=lambda t: t.probability).moves:
                state = state.play(move)
                if any(state.posters):
                    poster = True
                    break
        taken.append(poster)
    return taken


def _opener_exact(choice: int | None) -> Fraction:
    from ..flip_circus.odds import opener_rings

    rings = opener_rings()
    return _fraction(sum(ring.deals * ring.best for ring in rings) / sum(ring.deals for ring in rings))


FLIP_CIRCUS_OPENER = Activity(
    key="flip-circus-opener", lesson="05_flip_circus",
    section="6. Simulation: the opener's chance of a poster (7 min)",
    title="Flip Circus: does the opener take a poster?",
    about="Each of you deals 5 rings from your seed and plays the opener's likeliest plan (two actions, no "
          "Applause): a poster in the first turn or not? The class's share closes in on the exact chance.",
    trial="deal", trials=5, measure="share of deals with a poster", play=_opener_deals, exact=_opener_exact,
    possible=_yes_no, impossible="the opener takes a poster or not: true or false",
    label=lambda v: "a poster" if v else "none", bars=("a poster", "none"), score=int)


ACTIVITIES: dict[str, Activity] = {a.key: a for a in (PIG_TURNS, FLIP7_STOPPING_POINT, PCV_SHOTS,
                                                      SCOUT_RUN_SOMEWHERE, SPEED_RACES, FLIP_CIRCUS_OPENER)}
"""Every class activity, by key, in the lessons' order."""


def activity(key: str) -> Activity:
    """The class activity with this key."""
    if isinstance(key, Activity):
        return key
    if key not in ACTIVITIES:
        raise ValueError(f"there is no class activity {key!r}; the activities are: {', '.join(ACTIVITIES)}")
    return ACTIVITIES[key]
