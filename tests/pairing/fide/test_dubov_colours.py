"""Dubov System, Article 5: colour allocation (C.04.4.1, July 2025)."""

from __future__ import annotations

from attrs import evolve

from pairing.criteria.basic_rules import Strength
from pairing.fide.dubov import pair
from pairing.fide.dubov.colours import allocate_colours
from pairing.fide.dubov.definitions import Contender, contenders
from pairing.model import Side
from tests.pairing.fide.test_dubov_support import boards_of, contender, player, request

W, B = Side.FIRST, Side.SECOND


def with_sides(p: Contender, *sides: Side, colour: Side, strength: Strength) -> Contender:
    return evolve(p, sides=tuple(sides), games=len(sides), due_colour=colour, strength=strength)


def white_of(a: Contender, b: Contender, initial: Side = W) -> tuple[int, str]:
    white, _, article = allocate_colours(a, b, initial)
    return white.number, article


def test_5_2_1_round_one_odd_pairing_number_takes_the_initial_colour():
    """5.2.1: "if the higher ranked player ... has an odd pairing number, give them the initial-colour;
    otherwise give them the opposite colour"."""
    outcome = pair(request([player(n) for n in range(1, 9)]))
    assert boards_of(outcome) == [(1, 5), (6, 2), (3, 7), (8, 4)]


def test_5_1_the_initial_colour_may_be_black():
    outcome = pair(request([player(n) for n in range(1, 5)], options=(("initial_colour", "black"),)))
    assert boards_of(outcome) == [(3, 1), (2, 4)]


def test_5_2_1_applies_only_when_neither_player_has_played():
    """A player without games (mild Black, 1.5.2.4) against one who prefers White: 5.2.2 grants both."""
    newcomer = contender(1, 0, "B", games=0)
    other = contender(2, 0, "W")
    assert white_of(newcomer, other) == (2, "5.2.2")


def test_5_2_2_both_colour_preferences_are_granted():
    assert white_of(contender(1, 1, "B"), contender(2, 1, "W")) == (2, "5.2.2")


def test_5_2_3_the_stronger_colour_preference_is_granted():
    higher = contender(1, 1, "W", strength=Strength.MILD)
    lower = contender(2, 1, "W", strength=Strength.ABSOLUTE)
    assert white_of(higher, lower) == (2, "5.2.3")
    assert white_of(evolve(higher, strength=Strength.STRONG), evolve(lower, strength=Strength.MILD)) == (1, "5.2.3")


def test_5_2_4_colours_alternate_from_the_latest_round_they_differed():
    """5.2.4: both mildly prefer Black; aligned on the latest game, the histories W B B W and B W B W first
    differ three games back, where the higher ranked had Black: now they get White."""
    higher = with_sides(contender(1, 1), W, B, B, W, colour=B, strength=Strength.MILD)
    lower = with_sides(contender(2, 1), B, W, B, W, colour=B, strength=Strength.MILD)
    assert white_of(higher, lower) == (1, "5.2.4")


def test_5_2_5_otherwise_the_higher_ranked_player_gets_the_preference():
    """5.2.5; the higher ranked player is the one with more points, then the higher initial ranking."""
    higher = with_sides(contender(2, 1.5, tpn=2), B, W, colour=B, strength=Strength.MILD)
    lower = with_sides(contender(1, 1, tpn=1), B, W, colour=B, strength=Strength.MILD)
    white, black, article = allocate_colours(lower, higher, W)
    assert (white.number, black.number, article) == (1, 2, "5.2.5")


def test_5_2_4_reads_played_games_only():
    """Note to 5.2.4 (C.04.2: "Only played games count"): 1 played B W . W B and 2 played . W B W B (dots:
    byes). Read as B W W B and W B W B, the latest difference is three games back, where 1 had White: 1
    now gets Black. (Round by round they never differ, which would leave it to 5.2.5 and give 1 White.)"""
    players = [
        player(1, None, "3b= 4w= U 5w= 6b="),
        player(2, None, "U 3w= 4b= 5w= 6b="),
        *(player(n, None, "Z Z Z Z Z") for n in range(3, 7)),
    ]
    by_number = {p.number: p for p in contenders(request(players))[0]}
    one, two = by_number[1], by_number[2]
    assert (one.due_colour, one.strength) == (two.due_colour, two.strength) == (W, Strength.MILD)
    assert white_of(one, two) == (2, "5.2.4")
