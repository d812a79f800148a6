"""The lesson section to go back to for each exercise: where the lesson teaches what the exercise practises (a try-it's
own section; a homework exercise's, read from what it practises). ``tests/test_classroom_report.py`` holds every
exercise of the kit to an entry here and every entry to a heading of its lesson."""
from __future__ import annotations

__all__ = ["SECTIONS", "section_of"]

_WELCOME, _FLIP7, _PCV = "00_welcome", "01_flip7", "02_petit_cirque_volant"
_SCOUT, _SPEED, _CIRCUS = "03_scout", "04_speed", "05_flip_circus"
_CIRCUS_MORE = "more/05_flip_circus_more"  # the lesson's companion: notebooks/more/05_flip_circus_more.ipynb
_BURNSIDE = "3. Counting rings with symmetry: Burnside's lemma"

SECTIONS: dict[str, tuple[str, str]] = {
    # the warm-up, and the welcome lesson's try-its
    "pig.three_dice_ten": (_WELCOME, "1. An exact probability (9 min)"),
    "pig.twelve_number_deck": (_SCOUT, "3. The deck and the hands (8 min)"),
    "pig.three_rolls": (_WELCOME, "3. The working: what one more roll is worth (10 min)"),
    "pig.steps_between": (_SPEED, "1. Ranks on a cycle (5 min)"),
    "pig.stop_at_15_simulation": (_WELCOME, "4. Simulation against the exact value (6 min)"),
    "pig.expected_points_of_k_rolls": (_WELCOME, "3. The working: what one more roll is worth (10 min)"),
    "pig.two_safe_rolls": (_WELCOME, "1. An exact probability (9 min)"),
    "pig.gain_at_fourteen": (_WELCOME, "3. The working: what one more roll is worth (10 min)"),
    "pig.turns_for_a_quarter_width": (_WELCOME, "4. Simulation against the exact value (6 min)"),
    "pig.two_dice_figure": (_WELCOME, "1. An exact probability (9 min)"),
    # Flip 7
    "flip7.busting_cards": (_FLIP7, "3. The chance of a bust, step by step (10 min)"),
    "flip7.bust_by_hand": (_FLIP7, "3. The chance of a bust, step by step (10 min)"),
    "flip7.bust_within_two": (_FLIP7, "3. The chance of a bust, step by step (10 min)"),
    "flip7.gain_by_hand": (_FLIP7, "4. One more card: expected value by linearity (7 min)"),
    "flip7.different_numbers": (_FLIP7, "4. One more card: expected value by linearity (7 min)"),
    "flip7.counted_gain": (_FLIP7, "4. One more card: expected value by linearity (7 min)"),
    "flip7.small_deck_dp": (_FLIP7, "5. The best a lone player can do (9 min)"),
    "flip7.bot_against_stop_at": (_FLIP7, "7. Best score or best chance to win? (8 min)"),
    "flip7.try_bust_chance": (_FLIP7, "3. The chance of a bust, step by step (10 min)"),
    "flip7.try_one_more_card": (_FLIP7, "4. One more card: expected value by linearity (7 min)"),
    "flip7.try_disagree": (_FLIP7, "5. The best a lone player can do (9 min)"),
    # Le Petit Cirque Volant
    "pcv.at_least_one_hit": (_PCV, "2. The odds of one shot, derived (7 min)"),
    "pcv.first_hit": (_PCV, "3. The damage chain (15 min)"),
    "pcv.crossfire_wait": (_PCV, "3. The damage chain (15 min)"),
    "pcv.second_shot_formula": (_PCV, "3. The damage chain (15 min)"),
    "pcv.duel_transition_matrix": (_PCV, "3. The damage chain (15 min)"),
    "pcv.red_wins_duel": (_PCV, "3. The damage chain (15 min)"),
    "pcv.duel_rounds": (_PCV, "3. The damage chain (15 min)"),
    "pcv.duel_simulation": (_PCV, "5. Simulation against exact values (8 min)"),
    "pcv.hex_distance": (_PCV, "4. The manoeuvre graph: where can my plane be? (12 min)"),
    "pcv.end_positions": (_PCV, "4. The manoeuvre graph: where can my plane be? (12 min)"),
    "pcv.balloon_path": (_PCV, "4. The manoeuvre graph: where can my plane be? (12 min)"),
    "pcv.try_shot_one_level_up": (_PCV, "2. The odds of one shot, derived (7 min)"),
    "pcv.try_shots_while_damaged": (_PCV, "3. The damage chain (15 min)"),
    "pcv.try_end_positions_altitude_three": (_PCV, "4. The manoeuvre graph: where can my plane be? (12 min)"),
    # Scout
    "scout.four_or_seven": (_SCOUT, "3. The deck and the hands (8 min)"),
    "scout.fives_facing_up": (_SCOUT, "4. A set in two given places (8 min)"),
    "scout.three_tens": (_SCOUT, "3. The deck and the hands (8 min)"),
    "scout.set_of_three": (_SCOUT, "5. Shows and sets in a dealt hand (12 min)"),
    "scout.my_beats": (_SCOUT, "1. The rules in a few lines (5 min)"),
    "scout.runs_bijection": (_SCOUT, "4. A set in two given places (8 min)"),
    "scout.my_bot": (_SCOUT, "6. Bots compared (4 min)"),
    "scout.measure_greedy": (_SCOUT, "6. Bots compared (4 min)"),
    "scout.try_cards_in_play": (_SCOUT, "3. The deck and the hands (8 min)"),
    "scout.try_hands": (_SCOUT, "3. The deck and the hands (8 min)"),
    "scout.try_pair_match": (_SCOUT, "4. A set in two given places (8 min)"),
    # Speed
    "speed.race_from_mean_times": (_SPEED, "4. Reaction races (10 min)"),
    "speed.fits_on": (_SPEED, "1. Ranks on a cycle (5 min)"),
    "speed.next_card_fits": (_SPEED, "3. Will anyone be able to play? Stalemate odds by counting (12 min)"),
    "speed.stalemate_six_eight": (_SPEED, "3. Will anyone be able to play? Stalemate odds by counting (12 min)"),
    "speed.longest_chain_on_queen": (_SPEED, "5. Chains: how many cards could you shed? (8 min)"),
    "speed.longest_chain_function": (_SPEED, "5. Chains: how many cards could you shed? (8 min)"),
    "speed.two_moves_before_one": (_SPEED, "4. Reaction races (10 min)"),
    "speed.win_rate_simulation": (_SPEED, "4. Reaction races (10 min)"),
    "speed.try_ranks_that_fit": (_SPEED, "1. Ranks on a cycle (5 min)"),
    "speed.try_fitting_cards": (_SPEED, "3. Will anyone be able to play? Stalemate odds by counting (12 min)"),
    "speed.try_race": (_SPEED, "4. Reaction races (10 min)"),
    # Flip Circus (the bots and Burnside's lemma are in the lesson's companion, notebooks/more/)
    "flip_circus.setups": (_CIRCUS, "3. Deduction: what is behind a token? (12 min)"),
    "flip_circus.two_clowns": (_CIRCUS, "3. Deduction: what is behind a token? (12 min)"),
    "flip_circus.patterns_by_burnside": (_CIRCUS_MORE, _BURNSIDE),
    "flip_circus.patterns_by_listing": (_CIRCUS_MORE, _BURNSIDE),
    "flip_circus.after_the_voyante": (_CIRCUS, "3. Deduction: what is behind a token? (12 min)"),
    "flip_circus.free_look": (_CIRCUS, "4. What is a look worth? (8 min)"),
    "flip_circus.sure_poster": (_CIRCUS, "5. Search: which plans can take a poster? (8 min)"),
    "flip_circus.measure_a_match": (_CIRCUS_MORE, "1. Bots, measured with intervals"),
    "flip_circus.beats_random": (_CIRCUS_MORE, "1. Bots, measured with intervals"),
    "flip_circus.try_clown_after_a_look": (_CIRCUS, "3. Deduction: what is behind a token? (12 min)"),
    "flip_circus.try_uncertainty_after_a_look": (_CIRCUS, "4. What is a look worth? (8 min)"),
    "flip_circus.try_patterns_up_to_turning": (_CIRCUS_MORE, _BURNSIDE),
}
"""Exercise id -> (lesson notebook, section heading)."""


def section_of(exercise: str) -> str:
    """Where to go back to for an exercise, as "notebooks/LESSON.ipynb, § HEADING" (empty when unknown)."""
    found = SECTIONS.get(exercise)
    return f"notebooks/{found[0]}.ipynb, § {found[1]}" if found else ""
