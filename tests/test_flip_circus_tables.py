"""Flip Circus's shipped exact table: every ring the opener can see searched again by winning_turns and compared
exactly, so the file the lesson reads can never drift from the code that searches it."""
import random
from fractions import Fraction

import pytest
import sympy

from circuslib.flip_circus import tables
from circuslib.flip_circus.graphs import winning_turns
from circuslib.flip_circus.odds import setup_poster_probability
from circuslib.flip_circus.rules import CLOWN, new_game


def test_the_shipped_rings_are_what_the_search_finds():
    searched = tables.count_opener_rings()  # about a second: one search per ring
    shipped = tables.opener_rings()
    assert shipped == searched
    assert all(isinstance(ring.best, sympy.Rational) for ring in shipped)
    # and the file is exactly what regenerating it writes (python -m circuslib.flip_circus.tables)
    assert tables.TABLE_FILE.read_text(encoding="utf-8") == tables._table_text(searched)


def test_the_rings_average_to_the_setup_poster_probability():
    rings = tables.opener_rings()
    assert len(rings) == 172 and sum(ring.deals for ring in rings) == 120 * 32  # token orders times faces up
    assert all(ring.faces[::2] == (CLOWN,) * 5 or ring.faces[1::2] == (CLOWN,) * 5 for ring in rings)
    exact = sum(ring.deals * ring.best for ring in rings) / sum(ring.deals for ring in rings)
    assert exact == setup_poster_probability(show_progress=False) == sympy.Rational(67, 384)


@pytest.mark.parametrize("seed", range(6))
def test_a_dealt_ring_has_the_shipped_chance(seed):
    # the opener's ring of a real deal, turned and mirrored as the table keeps it, and searched from the game
    state = new_game(random.Random(seed))
    live = max((t.probability for t in winning_turns(state, max_applause=0)), default=sympy.Integer(0))
    assert tables.opener_best_chance(state.faces) == live
    assert tables.opener_best_chance(state.faces[3:] + state.faces[:3]) == live  # a turned ring: the same ring
    assert tables.opener_best_chance(state.faces[::-1]) == live


def test_a_ring_no_set_up_shows_is_refused():
    with pytest.raises(ValueError, match="no set-up"):
        tables.opener_best_chance([CLOWN] * 10)
    assert Fraction(1, 5) in {Fraction(int(r.best.p), int(r.best.q)) for r in tables.opener_rings()}
