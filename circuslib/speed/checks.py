"""Self-checks for the Speed exercises (solutions/speed.ipynb): they say what is wrong, never the answer."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

from ..core.teach import Checks, WrongAnswer, check_close, check_probability, correct
from .odds import p_stalemate_at_start
from .rules import _fits, rank_name, rank_of

__all__ = ["check", "CHAIN_HAND", "CHAIN_TOP", "DOUBLE_SPEED_WIN_RATE"]

check = Checks("Speed (Le Flip)")

CHAIN_HAND = ("K", "A", "2", "Q", "2")
CHAIN_TOP = "3"

# Player 0 reacting twice as fast as player 1, both bots playing their first fitting card, one-deck set-up:
# 200,000 seeded rounds of bots.fast_round (win_rate(2, 200_000, seed=2026, setup=ONE_DECK)) gave 0.836275,
# 95% interval 0.8346 to 0.8379; a student's 2,000 rounds (sd 0.0083) land within +-0.035 of it almost always.
DOUBLE_SPEED_WIN_RATE = 0.8363


def _ranks(answer, what: str) -> list[int]:
    if answer is None or answer is Ellipsis:
        raise WrongAnswer(f"{what} is still empty: replace the stub with your answer")
    if isinstance(answer, (str, bytes)) or not hasattr(answer, "__iter__"):
        raise WrongAnswer(f"{what} should be a list or a set of ranks, like [4, 6] or ['J', 'K']")
    try:
        return [rank_of(card) for card in answer]
    except (TypeError, ValueError) as error:
        raise WrongAnswer(f"{what} holds something that is not a card: {error}") from None


@check.register
def fit_on_queen(answer) -> str:
    """The ranks that may go on a Queen."""
    ranks = _ranks(answer, "your set of ranks")
    if set(ranks) == {11, 13} and len(ranks) == 2:
        return correct("one below and one above the Queen")
    if 12 in ranks:
        raise WrongAnswer("a card must be one rank above or below the top; a Queen on a Queen is not allowed")
    if 1 in ranks:
        raise WrongAnswer("the Ace sits next to the King and the 2, not next to the Queen")
    if len(set(ranks)) < 2:
        raise WrongAnswer("there is a rank one below and a rank one above: two ranks in all")
    raise WrongAnswer("not yet: a card must differ from the top by exactly one rank")


@check.register
def p_random_card_fits(answer) -> str:
    """P(a card drawn from the other 51 cards of one deck fits on a given top)."""
    return check_probability(answer, Fraction(8, 51), what="P(the card fits)", mistakes={
        Fraction(8, 52): "the top card is not among the cards you draw from: 51 cards are left",
        Fraction(4, 51): "two ranks fit (one below, one above), four cards each",
        Fraction(1, 13): "two ranks fit, not one",
    })


@check.register
def p_stalemate_one_deck(answer) -> str:
    """P(stalemate right after the deal) with one deck and 4 face-up cards each."""
    return check_probability(answer, p_stalemate_at_start(4, 1), what="P(stalemate at the start)", mistakes={
        p_stalemate_at_start(5, 2): "that is the two-deck set-up with 5 face-up cards; here one deck, 4 each",
        p_stalemate_at_start(4, 2): "with one deck the tops and all 8 face-up cards come from the same 52 cards",
        p_stalemate_at_start(5, 1): "each player has 4 face-up cards in the one-deck set-up, not 5",
        1 - p_stalemate_at_start(4, 1): "that is the chance someone CAN play; a stalemate is when nobody can",
    })


@check.register
def longest_chain_path(answer) -> str:
    """A longest chain from the hand K, A, 2, Q, 2 onto a 3: the ranks in the order they are played."""
    played = _ranks(answer, "your chain")
    if not played:
        raise WrongAnswer("your chain is empty: at least one card of the hand fits on the 3")
    extra = Counter(played) - Counter(rank_of(c) for c in CHAIN_HAND)
    if extra:
        raise WrongAnswer(f"your chain uses cards the hand does not hold: {', '.join(rank_name(r) for r in extra.elements())}")
    top = rank_of(CHAIN_TOP)
    for before, card in zip([top] + played, played):
        if not _fits(card, before):
            raise WrongAnswer(f"{rank_name(card)} cannot go on {rank_name(before)}: the ranks must differ by one "
                              "(and the Ace sits between the King and the 2)")
    if len(played) < 4:
        raise WrongAnswer(f"this chain of {len(played)} is valid but not the longest: remember the cycle wraps "
                          "round from the Ace to the King")
    return correct(f"a chain of {len(played)} cards, a longest path in the chain graph")


@check.register
def faster_wins_race(answer) -> str:
    """P(A moves first) when A's mean reaction time is 0.25 s and B's is 0.5 s (exponential times)."""
    return check_probability(answer, Fraction(2, 3), what="P(A moves first)", mistakes={
        Fraction(1, 3): "the faster player has the SMALLER mean time but the LARGER rate: rate = 1 / mean time",
        Fraction(1, 2): "the players are not equally fast: compare their rates",
        Fraction(3, 4): "use rate_A / (rate_A + rate_B), not 1 - (mean_A / (mean_A + mean_B)) * something",
    })


@check.register
def double_speed_win_rate(answer) -> str:
    """The simulated share of rounds won by a player twice as fast (one deck, first-fit bots, 2,000 rounds)."""
    if isinstance(answer, Fraction) or (hasattr(answer, "is_Rational") and answer.is_Rational):
        answer = float(answer)
    if isinstance(answer, (int, float)) and not isinstance(answer, bool) and not 0 <= answer <= 1:
        raise WrongAnswer("a share of rounds won lies between 0 and 1")
    return check_close(answer, DOUBLE_SPEED_WIN_RATE, tolerance=0.035, what="your simulated win rate",
                       success="speed matters a lot, but the faster player still loses some rounds")
