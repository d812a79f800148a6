"""Scout benchmarks: legal shows of a 12-card hand, full 4-player games with greedy bots, exact odds (also of a set
somewhere in a real hand), and how long each explorer takes to answer a change of one of its controls."""
from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import once, per_call, print_table, seconds  # noqa: E402

from circuslib.core.shipped import entry  # noqa: E402
from circuslib.scout.bots import greedy_bot, lookahead_bot, play_game  # noqa: E402
from circuslib.scout.explorers import DealtHandExplorer, SetSomewhereExplorer  # noqa: E402
from circuslib.scout.graphs import game_tree, longest_chains, play_graph  # noqa: E402
from circuslib.scout.odds import (  # noqa: E402
    _clear_counting_caches,
    card_graph,
    expected_shows,
    mini_deck,
    set_somewhere_exact,
    set_somewhere_probability,
)
from circuslib.scout.pictures import card_graph_picture, game_tree_picture, play_graph_picture  # noqa: E402
from circuslib.scout.rules import legal_shows, new_game  # noqa: E402


def update_latency(changes, n=300, seed=7) -> tuple[float, float, float]:
    """Median, 95th percentile and maximum, in seconds, of one update (a control set to a new value or a button
    pressed: the exact value looked up or recomputed, the message line and the plot redrawn) over n seeded
    scripted changes. Each change is a function of the generator that makes the change and says whether it did."""
    rng = random.Random(seed)
    times = []
    while len(times) < n:
        change = rng.choice(changes)
        elapsed, changed = once(lambda change=change: change(rng))
        if changed:
            times.append(elapsed)
    times.sort()
    return times[len(times) // 2], times[int(0.95 * len(times))], times[-1]


def _set(control, value) -> bool:
    if control.value == value:  # an unchanged value does nothing: script a real change
        return False
    control.value = value
    return True


def set_explorer_changes(explorer) -> list:
    def slider(control):
        return lambda rng: _set(control, rng.randint(control.min, control.max))  # k > hand size is refused

    def simulate(rng):
        explorer.simulate_button.click()  # 1,000 seeded hands, added to the ones before
        return True

    return [slider(explorer.players), slider(explorer.hand_size), slider(explorer.k), simulate]


def hand_explorer_changes(explorer) -> list:
    typed = ["", "5 6", "3", "7 7 7", "9 8 7 6", "5 7", "zero", "10 10", "5 5 5 5 5 5 5 5 5 5"]  # 5 7 on: refused

    def slider(control):
        return lambda rng: _set(control, rng.randint(control.min, control.max))

    def deal(rng):
        explorer.deal_button.click()
        return True

    return [slider(explorer.players), slider(explorer.hand_size), deal,
            lambda rng: _set(explorer.turned, not explorer.turned.value),
            lambda rng: _set(explorer.active, rng.choice(typed))]


def explorer_rows() -> list:
    """A row per explorer (each change writes its SVG chart anew: nothing is kept between pictures), and the first
    one opened (it reads the shipped exact table, hands of 2 to 8 cards, k = 2 to 5)."""
    shipped = entry(set_somewhere_exact)
    shipped._table, shipped._decoded = None, {}  # read afresh, as in a new kernel
    t_table, _ = once(SetSomewhereExplorer)
    rows = [("SetSomewhereExplorer: first one opened (shipped table read)", seconds(t_table), "(once a kernel)",
             True)]
    for name, make, changes in (("SetSomewhereExplorer", SetSomewhereExplorer, set_explorer_changes),
                                ("DealtHandExplorer", DealtHandExplorer, hand_explorer_changes)):
        median, p95, most = update_latency(changes(make()))
        rows.append((f"{name} update, 300 scripted changes", f"median {seconds(median)}, p95 {seconds(p95)} "
                     f"(max {seconds(most)})", "< 100 ms", p95 < 0.1))
    return rows


def main() -> None:
    rng = random.Random(1)
    hand = [(rng.randint(1, 10), 0) for _ in range(12)]
    busy = [(v, 0) for v in (3, 4, 5, 5, 5, 6, 7, 8, 8, 2, 1, 9)]
    t_shows = per_call(lambda: legal_shows(hand))
    t_busy = per_call(lambda: legal_shows(busy, [(4, 0), (4, 0)]))

    games = 200
    game_rng = random.Random(2)
    t_games, _ = once(lambda: [play_game(new_game(players=4), greedy_bot, game_rng) for _ in range(games)])
    per_second = games / t_games
    t_look, _ = once(lambda: play_game(new_game(players=4), lookahead_bot, random.Random(3)))
    t_exact = per_call(lambda: expected_shows(4), min_time=0.05, repeat=1)
    t_enum, _ = once(lambda: set_somewhere_probability(3, mini_deck(5), 4))
    exact_rows = []
    for players in (3, 4, 5):
        for k in (2, 3):
            _clear_counting_caches()  # from scratch, as in a fresh notebook kernel
            # counted, not read from the shipped table: what shipping it saves
            t_k, _ = once(lambda k=k, players=players: set_somewhere_exact.__wrapped__(k, players))
            exact_rows.append((f"P(set of {k} somewhere), {players} players, exact (cold)", seconds(t_k), "< 2 s",
                               t_k < 2))
    print_table("Scout", [
        ("legal_shows, random 12-card hand", seconds(t_shows), "< 0.5 ms", t_shows < 5e-4),
        ("legal_shows, 12 cards against a pair", seconds(t_busy), "< 0.5 ms", t_busy < 5e-4),
        ("4-player games (4 rounds), greedy bots", f"{per_second:.0f} games/s", ">= 300 games/s", per_second >= 300),
        ("one 4-player game, lookahead bots", seconds(t_look), "(no target)", True),
        ("expected shows of a 4-player hand (exact)", seconds(t_exact), "(no target)", True),
        ("P(set of 3) by listing 80,640 mini-deck hands", seconds(t_enum), "(no target)", True),
        *exact_rows,
        *picture_rows(),
        *explorer_rows(),
    ])


def picture_rows() -> list:
    """The lesson's three graph drawings, each written as SVG by the kit (its graph built too)."""
    rows = []
    for name, draw in (("K10, the deck as a graph", lambda: card_graph_picture(card_graph(5)).svg()),
                       ("play graph of 3 4 5 5 2 2", lambda: _play_graph()),
                       ("game tree of the lesson", lambda: game_tree_picture(game_tree(
                           [[(1, 2), (3, 4)], [(2, 3), (1, 4)]], chips=0)).svg())):
        t = per_call(draw, min_time=0.05, repeat=3)
        rows.append((f"picture: {name} (SVG)", seconds(t), "< 20 ms", t < 0.02))
    return rows


def _play_graph() -> str:
    graph = play_graph([3, 4, 5, 5, 2, 2])
    return play_graph_picture(graph, highlight=longest_chains(graph)[0]).svg()


if __name__ == "__main__":
    main()
