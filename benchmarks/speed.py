"""Speed benchmarks: simulated rounds per second between two bots, the exact odds computations, and how long an
explorer takes to answer a change of one of its controls."""
from __future__ import annotations

import random
import time

from timing import once, per_call, print_table, seconds

from circuslib.core.game import playout
from circuslib.speed.bots import fast_round, policy, simulate_stalemates, win_rate
from circuslib.speed.explorers import RaceExplorer, StalemateExplorer
from circuslib.speed.graphs import win_probability
from circuslib.speed.odds import _count_chains, _count_stalemate, p_stalemate_at_start
from circuslib.speed.rules import CRAPETTE, ONE_DECK, TWO_DECKS, SpeedOptions, new_game, position
from circuslib.speed.widget import FakeClock, SpeedTable


def rounds_per_second(setup, policies=("first", "first"), n=2000) -> float:
    rng = random.Random(1)
    elapsed, _ = once(lambda: [fast_round(setup, rng, policies, (2, 1)) for _ in range(n)])
    return n / elapsed


def cpu_rounds_per_second(setup, n=2000) -> float:
    """The same, in processor time: what the code costs when other jobs share the machine's cores."""
    rng = random.Random(1)
    start = time.process_time()
    for _ in range(n):
        fast_round(setup, rng, ("first", "first"), (2, 1))
    return n / (time.process_time() - start)


def protocol_rounds_per_second(setup, n=100) -> float:
    rng = random.Random(2)
    bots = [policy("first"), policy("first")]
    elapsed, _ = once(lambda: [playout(new_game(setup, rates=(2, 1)), rng, bots) for _ in range(n)])
    return n / elapsed


def cold_stalemate() -> object:
    return _count_stalemate(4, 1)  # the counting itself, not the shipped table


def cold_chains() -> object:
    return _count_chains(5, 1)


def update_latency(explorer, changes, n=300, seed=7) -> tuple[float, float]:
    """Median and 95th percentile, in seconds, of one update: a control set to a new value, the exact value
    recomputed and the chart (SVG) written again, over n seeded scripted changes."""
    rng = random.Random(seed)
    times = []
    for _ in range(n):
        control, value = rng.choice(changes)(rng)
        if control.value == value:  # an unchanged value does nothing: script a real change
            continue
        elapsed, _ = once(lambda control=control, value=value: setattr(control, "value", value))
        times.append(elapsed)
    times.sort()
    return times[len(times) // 2], times[min(len(times) - 1, int(0.95 * len(times)))]


def stalemate_explorer_latency() -> tuple[float, float]:
    explorer = StalemateExplorer(face_up=4, decks=1)
    tops = ["", "7, 8", "K 2", "A and Q", "5, 5", "10 J", "Z, 3", "7, 8, 9"]  # the last two are refused
    return update_latency(explorer, [lambda rng: (explorer.face_up, rng.randint(1, 8)),
                                     lambda rng: (explorer.decks, rng.choice([1, 2])),
                                     lambda rng: (explorer.tops, rng.choice(tops))])


def race_explorer_latency() -> tuple[float, float]:
    explorer = RaceExplorer(you=2, bot=1, setup="one deck", rounds=3, matches=30)
    explorer.simulate()  # the match points drawn at every update, as in the lesson
    setups = ["one deck", "two decks", "crapette rapide"]
    return update_latency(explorer, [lambda rng: (explorer.you, rng.randint(0, 8)),  # 0 is refused
                                     lambda rng: (explorer.bot, rng.randint(0, 8)),
                                     lambda rng: (explorer.setup, rng.choice(setups)),
                                     lambda rng: (explorer.rounds, rng.choice([1, 3, 5]))])


def table_click_latency(n=300, seed=11) -> tuple[float, float]:
    """Median and 95th percentile, in seconds, of one action at the table: a click on a card that fits (or Flip,
    or New round when the round is over), then the bot's answer when its timer fires (a fake clock)."""
    clock = FakeClock()
    table = SpeedTable(random.Random(seed), scheduler=clock, paused=False)
    times = []
    for _ in range(n):
        state = table.state
        fitting = sorted({play.slot for play in state.plays_for(0)})
        if state.is_over():
            action = table.new_button.click
        elif state.step == "choose-flip" and state.current_player == 0:
            action = table.card_buttons[next(i for i, c in enumerate(state.face_up(0)) if c is not None)].click
        elif state.is_stalemate():
            action = table.flip_button.click
        elif fitting:
            action = table.card_buttons[fitting[0]].click
        else:
            action = lambda: None  # noqa: E731 - only the bot can play: its timer fires below

        def act(action=action) -> None:
            action()
            if table.selected is not None:  # the card fits both piles: choose pile A
                table.pile_buttons[0].click()
            clock.advance(2)  # the bot's answer, if its reaction time is up (mean 1 s)

        elapsed, _ = once(act)
        times.append(elapsed)
    times.sort()
    return times[len(times) // 2], times[min(len(times) - 1, int(0.95 * len(times)))]


def main() -> None:
    rows = []
    one = rounds_per_second(ONE_DECK)
    rows.append(("fast_round, one deck, first vs first", f"{one:,.0f} rounds/s", ">= 2,000 rounds/s", one >= 2000))
    cpu = cpu_rounds_per_second(ONE_DECK)
    rows.append(("  the same, in CPU time (shared machine)", f"{cpu:,.0f} rounds/s", ">= 2,000 rounds/s", cpu >= 2000))
    rate = rounds_per_second(ONE_DECK, ("longest", "block"))
    rows.append(("fast_round, one deck, longest vs block", f"{rate:,.0f} rounds/s", "(information)", True))
    rate = rounds_per_second(TWO_DECKS)
    rows.append(("fast_round, two decks, first vs first", f"{rate:,.0f} rounds/s", "(information)", True))
    rate = rounds_per_second(CRAPETTE)
    rows.append(("fast_round, crapette rapide", f"{rate:,.0f} rounds/s", "(information)", True))
    rate = protocol_rounds_per_second(ONE_DECK)
    rows.append(("SpeedState.play playout, one deck", f"{rate:,.0f} rounds/s", "(information)", True))
    t = per_call(cold_stalemate, min_time=0.3)
    rows.append(("exact P(stalemate at start), one deck", seconds(t), "< 100 ms", t < 0.1))
    t = per_call(lambda: _count_stalemate(5, 2), min_time=0.3)
    rows.append(("exact P(stalemate at start), two decks", seconds(t), "< 100 ms", t < 0.1))
    t = per_call(lambda: p_stalemate_at_start(5, 2), min_time=0.3)
    rows.append(("  the same read from the shipped table (data/)", seconds(t), "< 1 ms", t < 0.001))
    t = per_call(lambda: simulate_stalemates(ONE_DECK, 2000, 1), min_time=0.3)
    rows.append(("simulate_stalemates: 2,000 numpy deals (lesson)", seconds(t), "< 50 ms", t < 0.05))
    t = per_call(lambda: win_rate(1, 2000, 30, setup=ONE_DECK, policies=("block", "first")), min_time=0.3)
    rows.append(("win_rate of a shipped lesson run (2,000 rounds)", seconds(t), "< 10 ms", t < 0.01))
    t, _ = once(cold_chains)
    rows.append(("exact longest-chain distribution, 5 cards", seconds(t), "(information)", True))
    two = SpeedOptions("two places", decks=2, face_up=2)
    end = position(["J", "K"], ["Q", "Q"], ("A", 8), piles=([7], ["J"]), rates=(2, 1), setup=two)
    t, _ = once(lambda: win_probability(end, ("longest", "first")))
    rows.append(("exact end-game win probability (52/81)", seconds(t), "(information)", True))
    for name, make in (("StalemateExplorer", lambda: StalemateExplorer(face_up=4, decks=1)),
                       ("RaceExplorer", lambda: RaceExplorer(you=2, bot=1, setup="one deck", rounds=3))):
        t, _ = once(make)
        rows.append((f"{name} made (its chart drawn once)", seconds(t), "< 100 ms", t < 0.1))
    for name, measure in (("StalemateExplorer", stalemate_explorer_latency), ("RaceExplorer", race_explorer_latency)):
        median, p95 = measure()
        rows.append((f"{name} update, 300 scripted changes", f"median {seconds(median)}, p95 {seconds(p95)}",
                     "< 100 ms", p95 < 0.1))
    median, p95 = table_click_latency()
    rows.append(("SpeedTable click and the bot's answer, 300 actions", f"median {seconds(median)}, p95 {seconds(p95)}",
                 "< 50 ms", p95 < 0.05))
    print_table("Speed (Le Flip)", rows)


if __name__ == "__main__":
    main()
