"""Scout's shipped exact table: every entry counted again by set_somewhere_exact and compared exactly, so the
file the lessons read can never drift from the code that counts it."""
from fractions import Fraction

import sympy

from circuslib.scout import tables
from circuslib.scout.rules import HAND_SIZE
from circuslib.scout.widget import EXACT_HANDS, EXACT_KS, set_somewhere_table as explorer_table


def test_the_shipped_table_is_what_set_somewhere_exact_counts():
    counted = tables.count_set_somewhere_table()  # about 10 s: every entry counted afresh
    shipped = tables.set_somewhere_table()
    assert list(shipped) == list(counted) == tables.set_somewhere_settings()
    assert all(isinstance(p, sympy.Rational) for p in shipped.values())
    assert {setting: Fraction(int(p.p), int(p.q)) for setting, p in shipped.items()} == counted
    # and the file is exactly what regenerating it writes (python -m circuslib.scout.tables)
    assert tables.TABLE_FILE.read_text(encoding="utf-8") == tables._table_text(counted)


def test_the_table_covers_the_lesson_and_the_explorer():
    shipped = tables.set_somewhere_table()
    for players in (3, 4, 5):
        for k in (2, 3):
            for kind in ("any", "match", "run"):
                assert (players, HAND_SIZE[players], k, kind) in shipped
    grid = explorer_table()
    assert set(grid) == {(players, h, k) for players in (2, 3, 4, 5) for h in EXACT_HANDS for k in EXACT_KS if k <= h}
    assert grid[2, 8, 3] == grid[4, 8, 3]  # 2 players play with the 4-player deck
    assert all(0 < p < 1 for p in grid.values())
