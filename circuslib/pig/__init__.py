"""Pig, the warm-up game: one turn of push-your-luck with a die (the welcome lesson, 00_welcome, and the warm-up
exercises, 00_warmup).

The same rooms as every game: ``rules`` (the turn: ``PigState``, ``PigOptions``, ``new_game``, the registry's
``GAME``), ``odds`` (a turn's exact value and distribution, what one more roll is worth), ``graphs`` (the turn's
move graph), ``bots`` (stop-at players and their simulated turns), ``pictures`` (the die and the total as a
picture), ``widget`` (the turn to play), ``explorers`` (where to stop: the exact points of each threshold) and
``checks`` (the warm-up's checks). Pig ships no precomputed data: every result takes milliseconds.
"""
