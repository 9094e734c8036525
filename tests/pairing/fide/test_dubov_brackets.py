"""Dubov System, Article 2.2 (pairing a bracket), the quality criteria C4-C10 and Article 4 (sorting), on
small hand-made brackets (C.04.4.1, July 2025)."""

from __future__ import annotations

from pairing.cardinality import perfect_pairing
from pairing.fide.common.legal_pairs import LegalPairs
from pairing.fide.dubov.definitions import Contender
from pairing.fide.dubov.sorting import (
    middle_first,
    shifter_list,
    shifter_sequence,
    transposition_sequence,
    upfloater_sequence,
)
from pairing.fide.dubov.subgroups import BracketPairing, pair_bracket
from pairing.fide.dubov.upfloaters import UpfloaterChoice, choose_upfloaters
from tests.pairing.fide.test_dubov_support import contender, numbers, ranked


def choose(*players: Contender, last_round: bool = False) -> UpfloaterChoice:
    """2.2.1-2.2.2 for the top scoregroup of `players`."""
    field = ranked(*players)
    graph = LegalPairs(field)
    top = field[0].score
    start = perfect_pairing((1 << len(field)) - 1, graph.neighbours, len(field))
    assert start is not None
    residents = [p for p in field if p.score == top]
    return choose_upfloaters(residents, [p for p in field if p.score < top], graph, start, last_round)


def bracket(*players: Contender) -> BracketPairing:
    field = ranked(*players)
    return pair_bracket(field, LegalPairs(field))


# -- 2.2.1, 2.2.2 and the quality criteria -----------------------------------------------------------


def test_2_2_1_minimum_number_of_upfloaters_for_residents_who_cannot_pair_among_themselves():
    """2.2.1: 1 has met 2, 3 and 4, so at most one pair forms among the residents: two upfloaters."""
    choice = choose(
        contender(1, 2, "W", met=(2, 3, 4)),
        contender(2, 2, "B"),
        contender(3, 2, "W"),
        contender(4, 2, "B"),
        *(contender(n, 1, "W" if n % 2 else "B") for n in range(5, 9)),
    )
    assert choice.minimum == 2


def test_2_2_2_the_first_set_in_the_order_of_4_2():
    """2.2.2 / 4.2.3.3: with nothing else to choose between them, the lowest sequence number upfloats."""
    choice = choose(
        contender(1, 1, "W"),
        contender(2, 1, "B"),
        contender(3, 1, "B"),
        contender(4, 0, "W"),
        contender(5, 0, "W"),
        contender(6, 0, "W"),
    )
    assert numbers(choice.upfloaters) == [4]


def test_2_2_2_an_upfloater_who_met_every_resident_is_passed_over():
    """[C1]: 4 has met all the residents, so 5 upfloats."""
    choice = choose(
        contender(1, 1, "W"),
        contender(2, 1, "B"),
        contender(3, 1, "B"),
        contender(4, 0, "W", met=(1, 2, 3)),
        contender(5, 0, "W"),
        contender(6, 0, "W"),
    )
    assert numbers(choice.upfloaters) == [5]


def test_c4_upfloaters_must_leave_the_rest_of_the_round_complete():
    """[C4] "Choose the set of upfloaters in order to complete the round-pairing": had 2 upfloated, 3 and 4
    (who have met) would be left together."""
    choice = choose(contender(1, 1, "B"), contender(2, 0, "W"), contender(3, 0, "W", met=(4,)), contender(4, 0, "W"))
    assert numbers(choice.upfloaters) == [3]


def test_c5_fewest_upfloaters_before_colours():
    """[C5] before [C7]: three White seekers take one Black-seeking upfloater and lose one colour preference
    rather than take three upfloaters."""
    choice = choose(
        contender(1, 1, "W"), contender(2, 1, "W"), contender(3, 1, "W"), *(contender(n, 0, "B") for n in range(4, 9))
    )
    assert choice.minimum == 1
    assert choice.quality.colour_misses == 1


def test_c6_the_upfloater_with_the_highest_score_before_colours():
    """[C6] before [C7]: the upfloater comes from the 0.5 scoregroup (4, a Black seeker) although 6, with 0
    points, seeks White as the residents need (9 and 10, the 0.5 White seekers, may not meet them)."""
    residents = (contender(1, 1, "B"), contender(2, 1, "W"), contender(3, 1, "B"))
    halves = (
        contender(4, 0.5, "B"),
        contender(5, 0.5, "B"),
        contender(9, 0.5, "W", met=(1, 2, 3)),
        contender(10, 0.5, "W", met=(1, 2, 3)),
    )
    zeros = (contender(6, 0, "W"), contender(7, 0, "B"), contender(8, 0, "B"))
    choice = choose(*residents, *halves, *zeros)
    assert numbers(choice.upfloaters) == [4]
    assert choice.quality.colour_misses == 1


def test_4_2_3_containers_follow_c6_the_lowest_score_first():
    """4.2.3.2: "The containers are sorted along the lines described by [C6]", i.e. maximise the lowest
    upfloater score first: {2.5, 2.5} comes before {3, 1.5} (the listing of the 4.2.3.1 example is not an
    order; docs/dubov.md). Here {3, 2.5} is illegal under [C4] (7 has met 5 and 6)."""
    choice = choose(
        contender(1, 3.5, "W", met=(2,)),
        contender(2, 3.5, "B"),
        contender(4, 3, "W"),
        contender(5, 2.5, "W"),
        contender(6, 2.5, "B"),
        contender(7, 1.5, "B", met=(5, 6)),
    )
    assert numbers(choice.upfloaters) == [5, 6]
    assert choice.quality.upfloater_scores == (-2.5, -2.5)


def test_c7_the_upfloater_who_balances_the_colour_preferences():
    """[C7]: the residents have one White and two Black seekers; 5 (#2, seeking White) upfloats, not 4 (#1)."""
    choice = choose(
        contender(1, 1, "B"),
        contender(2, 1, "W"),
        contender(3, 1, "B"),
        contender(4, 0.5, "B"),
        contender(5, 0.5, "W"),
        contender(6, 0, "W"),
        contender(7, 0, "B"),
        contender(8, 0, "B"),
    )
    assert numbers(choice.upfloaters) == [5]
    assert choice.quality.colour_misses == 0


def test_c8_a_maximum_upfloater_is_passed_over():
    """[C8]: "minimise the number of upfloaters who are maximum upfloaters"."""
    choice = choose(
        contender(1, 1, "B"), contender(2, 0, "W", upfloats=3, maximum=True), contender(3, 0, "W"), contender(4, 0, "B")
    )
    assert numbers(choice.upfloaters) == [3]


def test_c8_c9_c10_do_not_apply_in_the_last_round():
    """[C8]-[C10] apply "Unless it is the last round"."""
    players = (
        contender(1, 1, "B"),
        contender(2, 0, "W", upfloats=3, maximum=True, last_round=True),
        contender(3, 0, "W"),
        contender(4, 0, "B"),
    )
    assert numbers(choose(*players, last_round=True).upfloaters) == [2]


def test_c9_the_maximum_upfloater_upfloated_fewer_times():
    """[C9]: "minimise the number of times a maximum upfloater is upfloated"."""
    choice = choose(
        contender(1, 1, "B"),
        contender(2, 0, "W", upfloats=4, maximum=True),
        contender(3, 0, "W", upfloats=3, maximum=True),
        contender(4, 0, "B"),
    )
    assert numbers(choice.upfloaters) == [3]


def test_c10_a_player_who_upfloated_last_round_is_passed_over():
    """[C10]: "minimise the number of upfloaters who upfloated in the previous round"."""
    choice = choose(
        contender(1, 1, "B"),
        contender(2, 0, "W", upfloats=1, last_round=True),
        contender(3, 0, "W"),
        contender(4, 0, "B"),
    )
    assert numbers(choice.upfloaters) == [3]


def test_c7_comes_before_c8():
    """[C7] before [C8]: the only White seeker below is a maximum upfloater; it still upfloats."""
    choice = choose(
        contender(1, 1, "B"), contender(2, 0, "B"), contender(3, 0, "W", upfloats=3, maximum=True), contender(4, 0, "B")
    )
    assert numbers(choice.upfloaters) == [3]


# -- 2.2.3-2.2.6 ------------------------------------------------------------------------------------------


def test_2_2_3_g1_holds_the_white_seekers():
    result = bracket(contender(1, 1, "B"), contender(2, 1, "W"), contender(3, 1, "W"), contender(4, 1, "B"))
    assert numbers(result.g1) == [2, 3]
    assert numbers(result.g2) == [1, 4]


def test_2_2_3_g1_is_the_first_half_when_nobody_has_played():
    """2.2.3: "unless all the players in the bracket have yet to play a game ... the first half of the players
    of the bracket (according to the initial ranking list)" (all of them seek Black, 1.5.2.4)."""
    result = bracket(*(contender(n, 0, "B", games=0) for n in range(1, 7)))
    assert numbers(result.g1) == [1, 2, 3]
    assert [(a.number, b.number) for a, b in result.pairs] == [(1, 4), (2, 5), (3, 6)]


def test_2_2_4_1_players_who_must_meet_inside_the_smaller_subgroup_are_shifted():
    """2.2.4.1: 1 (a White seeker) has met both Black seekers, so one pair of White seekers is unavoidable:
    one White seeker (the first in 4.3 order: 1, the lower ARO of the middle two) goes to G2; 2.2.4.2 then
    brings back a Black seeker (3, the higher of the middle two by ranking). C7: two players lose their
    preference."""
    result = bracket(
        contender(1, 1, "W", aro=1900, met=(3, 4)),
        contender(2, 1, "W", aro=2000),
        contender(3, 1, "B", aro=2100),
        contender(4, 1, "B", aro=2200),
    )
    assert result.unavoidable_pairs == 1
    assert numbers(result.first_shift) == [1]
    assert numbers(result.second_shift) == [3]
    assert [(a.number, b.number) for a, b in result.pairs] == [(2, 1), (3, 4)]
    assert result.colour_misses == 2


def test_2_2_4_2_the_larger_subgroup_gives_its_middle_players_first():
    """2.2.4.2 with 4.3.3: four White seekers (by ARO: 1, 2, 3, 4) and two Black seekers: one White seeker is
    shifted to G2, sequence number #1 going to the higher of the middle two, 2."""
    result = bracket(
        contender(1, 1, "W", aro=1900),
        contender(2, 1, "W", aro=1950),
        contender(3, 1, "W", aro=2000),
        contender(4, 1, "W", aro=2050),
        contender(5, 1, "B"),
        contender(6, 1, "B"),
    )
    assert numbers(result.second_shift) == [2]
    assert numbers(result.s1) == [1, 3, 4]
    assert numbers(result.t2) == [2, 5, 6]


def test_2_2_4_2_a_shift_that_cannot_be_paired_is_skipped():
    """2.2.4.2: "the first set of players ... that can yield a legal pairing": 2 (#1) has met 1, 3 and 4, so
    shifted to G2 it could meet nobody left in G1; 3 (#2) goes instead."""
    result = bracket(
        contender(1, 1, "W", aro=1900),
        contender(2, 1, "W", aro=1950, met=(1, 3, 4)),
        contender(3, 1, "W", aro=2000),
        contender(4, 1, "W", aro=2050),
        contender(5, 1, "B"),
        contender(6, 1, "B"),
    )
    assert numbers(result.second_shift) == [3]


def test_2_2_5_s1_is_g1_by_ascending_aro_then_ranking():
    """2.2.5: "ascending ARO or, when AROs are equal, according to the initial ranking list"."""
    result = bracket(
        contender(1, 1, "W", aro=2100),
        contender(2, 1, "W", aro=2000),
        contender(3, 1, "W", aro=2000),
        contender(4, 1, "B"),
        contender(5, 1, "B"),
        contender(6, 1, "B"),
    )
    assert numbers(result.s1) == [2, 3, 1]
    assert numbers(result.t2) == [4, 5, 6]


def test_2_2_6_t2_is_the_first_transposition_that_is_legal():
    """2.2.6 / 4.4.2: S1 = (1, 2); G2 by ranking (3, 4); 2 has met 4, so (3, 4) fails and (4, 3) is taken."""
    result = bracket(
        contender(1, 1, "W", aro=1900),
        contender(2, 1, "W", aro=2000, met=(4,)),
        contender(3, 1, "B"),
        contender(4, 1, "B"),
    )
    assert numbers(result.t2) == [4, 3]


def test_2_2_6_t2_looks_ahead_to_complete_the_pairing():
    """2.2.6: "that can yield a legal pairing": 1 may meet 3, but then 2 (who met 4) would be stuck."""
    result = bracket(
        contender(1, 1, "W", aro=1900),
        contender(2, 1, "W", aro=2000, met=(3, 5)),
        contender(3, 1, "B"),
        contender(4, 1, "B"),
        contender(5, 1, "B"),
        contender(6, 1, "W", aro=2100),
    )
    assert numbers(result.s1) == [1, 2, 6]
    assert numbers(result.t2) == [3, 4, 5]


# -- Article 4 --------------------------------------------------------------------------------------------


def test_4_2_2_upfloaters_are_numbered_by_score_then_ranking():
    pool = [contender(7, 1), contender(3, 0.5), contender(5, 1), contender(2, 0)]
    assert numbers(upfloater_sequence(pool)) == [5, 7, 3, 2]


def test_4_3_3_sequence_numbers_start_in_the_middle():
    """4.3.3's example: A..G get #1 D, #2 C, #3 E, #4 B, #5 F, #6 A, #7 G."""
    seven = [contender(n) for n in range(1, 8)]
    assert numbers(middle_first(seven)) == [4, 3, 5, 2, 6, 1, 7]
    six = [contender(n) for n in range(1, 7)]
    assert numbers(middle_first(six)) == [3, 4, 2, 5, 1, 6]


def test_4_3_2_white_seekers_by_aro_black_seekers_by_ranking():
    whites = [contender(1, aro=2100), contender(2, aro=2000), contender(3, aro=2000)]
    assert numbers(shifter_list(whites)) == [2, 3, 1]
    blacks = [contender(3, colour="B", aro=1000), contender(1, colour="B", aro=2000)]
    assert numbers(shifter_list(blacks)) == [1, 3]
    assert numbers(shifter_sequence(whites)) == [3, 2, 1]


def test_4_4_2_transpositions_number_g2_by_initial_ranking():
    assert numbers(transposition_sequence([contender(9, tpn=3), contender(4, tpn=1), contender(6, tpn=2)])) == [4, 6, 9]
