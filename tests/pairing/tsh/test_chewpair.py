"""Chew pairings: tsh `cp based-on-round division` (rules text; research notes 2.7)."""

from __future__ import annotations

from pairing.tsh.chewpair import DEFAULT_FLIGHT_CAP, ChewPair, flight_cap
from tests.pairing.tsh.builders import decision_for, pairs, player, record, request, seated, simulate


def field_after(records: dict[int, tuple[int, int, int]], size: int = 16) -> list:
    """Players 1..size; those not listed are well out of it (2-6, spread by number)."""
    return [player(n, record(*records.get(n, (2, 6, -100 * n)))) for n in range(1, size + 1)]


def test_chew_contender_caps_8_4_2():
    """Rules text: "The number of contenders is typically capped to 8 in the antepenultimate round, 4 in the
    penultimate round and 2 in the last round"."""
    assert [flight_cap(DEFAULT_FLIGHT_CAP, left) for left in (1, 2, 3, 4, 9)] == [2, 4, 8, 12, 12]


def test_chew_last_round_is_koth_at_the_top():
    """Rules text: "Note that when there is one round left, this means that contenders are paired KOTH": six
    players can still win, only 1 and 2 are paired as contenders."""
    records = {n: (6, 2, 300 - 10 * n) for n in range(1, 7)}
    outcome = ChewPair().pair(request(field_after(records), 9, 9))
    assert frozenset((1, 2)) in pairs(outcome)
    assert decision_for(outcome, 1, 2).article == "Chew leaders"


def test_chew_four_leaders_1_4_and_2_3_when_4_can_catch_1():
    """Rules text: "If 4 can still catch 1, then 1-4, 2-3" (penultimate round: four contenders, all leaders)."""
    records = {1: (7, 1, 300), 2: (7, 1, 200), 3: (6, 2, 200), 4: (6, 2, 100), 5: (6, 2, 0), 6: (6, 2, -50)}
    outcome = ChewPair().pair(request(field_after(records), 9, 10))
    assert {frozenset((1, 4)), frozenset((2, 3))} <= pairs(outcome)
    assert "1 against the lowest-ranked leader who can catch them" in decision_for(outcome, 1, 4).text


def test_chew_four_leaders_1_3_and_2_4_when_only_3_can_catch_1():
    """Rules text: "else if 3 can still catch 1 then 1-3, 2-4": two games left at 175, 3 is 600 behind 1 on the
    same wins two games down, 4 is 800 behind."""
    records = {1: (8, 0, 800), 2: (7, 1, 300), 3: (6, 2, 200), 4: (6, 2, 0)}
    outcome = ChewPair().pair(request(field_after(records), 9, 10))
    assert {frozenset((1, 3)), frozenset((2, 4))} <= pairs(outcome)


def test_chew_four_leaders_1_2_and_3_4_when_neither_can_catch_1():
    """Rules text: "else 1-2, 3-4"."""
    records = {1: (8, 0, 800), 2: (7, 1, 600), 3: (6, 2, 0), 4: (6, 2, -100)}
    outcome = ChewPair().pair(request(field_after(records), 9, 10))
    assert {frozenset((1, 2)), frozenset((3, 4))} <= pairs(outcome)


def test_chew_flight_cap_applies_to_the_contenders_of_every_prize_band():
    """Rules text: "The number of contenders is typically capped to 8 in the antepenultimate round, 4 in the
    penultimate round and 2 in the last round"; research 2.7.4 step 2 counts the contenders of "the band
    containing the top unpaired player's rank", and tsh caps that count in every band. 16 players all 3-3 in
    round 7 of 8 (cap 4), prize bands 2 and 12: everyone can still finish anywhere, so each band's flight is
    the next four: 1-4 2-3, then 5-8 6-7 and 9-12 10-11 in the second band, each leader against the
    lowest-ranked leader who can catch them."""
    players = [player(n, record(3, 3, 200 - 20 * n)) for n in range(1, 17)]
    outcome = ChewPair().pair(request(players, 7, 8, prize_bands="2,12"))
    flights = [frozenset((1, 4)), frozenset((2, 3)), frozenset((5, 8)), frozenset((6, 7))]
    assert {*flights, frozenset((9, 12)), frozenset((10, 11))} <= pairs(outcome)
    assert decision_for(outcome, 5, 8).article == "Chew leaders"


def test_chew_faint_hope_rank_skips_the_player_right_after_the_last_prize_rank():
    """Research 2.7.4: with 4 rounds or fewer left the faint-hope rank is the last prize rank L "extended
    downward over every player with wins >= (wins at last_prize_rank) - 1, then +1", and tsh starts that test
    at the player two places after L, so with m players within a win after L it gets L + m. Round 7 of 8
    (cap 4), L = 2: 1 and 2 are 5-1, 3 to 7 are 4-2 (m = 5), the rest 2-4. The prize band takes 1-4; from
    rank 5 the faint-hope flight runs down to rank 7: up to even (7 - 5) = 2 contenders, 5-6; from rank 7
    nobody has a faint hope left, so 7 to 12 are paired Swiss together (7-8). L + m + 1 = 8 would have made
    5 to 8 a flight of four (5-8, 6-7)."""
    records = {1: (5, 1, 300), 2: (5, 1, 200), **{n: (4, 2, 400 - 50 * n) for n in range(3, 8)}}
    players = [player(n, record(*records.get(n, (2, 4, -100 * n)))) for n in range(1, 13)]
    outcome = ChewPair().pair(request(players, 7, 8, prize_bands="2"))
    assert {frozenset((1, 4)), frozenset((2, 3)), frozenset((5, 6)), frozenset((7, 8))} <= pairs(outcome)
    assert decision_for(outcome, 5, 6).article == "Chew leaders"


def test_chew_gibsonizes():
    """Rules text: "The Chew pairing system automatically detects and assign Gibson pairings": 1 has clinched
    (two wins clear with one round left) and plays the best-ranked player out of contention for the
    prize places (4 of 16), player 6. 2 to 5 can still finish second, but the contenders are "capped to ... 2
    in the last round, making the last round KOTH at the top of the field, barring Gibsonization", in the
    second band as in the first: 2-3, then 4-5 for the fourth place."""
    records = {1: (8, 0, 800), 2: (6, 2, 400), 3: (6, 2, 300), 4: (6, 2, 200), 5: (5, 3, 100)}
    outcome = ChewPair().pair(request(field_after(records), 9, 9))
    assert decision_for(outcome, 1, 6).article == "Gibson"
    assert {frozenset((2, 3)), frozenset((4, 5))} <= pairs(outcome)


def test_chew_starts_with_a_round_robin_when_one_fits():
    """Research notes 2.7: "If `no_initial_rr` is off and a full round robin fits, play round
    robin(s)": 6 players, 7 rounds."""
    outcome = ChewPair().pair(request([player(n) for n in range(1, 7)], 1, 7))
    assert outcome.explanation[0].text.startswith("Chew pairings: a full round robin fits")
    outcome = ChewPair().pair(request([player(n) for n in range(1, 7)], 1, 7, no_initial_rr="yes"))
    assert outcome.explanation[0].text.startswith("Chew pairings, standings after round 0")


def test_chew_initial_schedule_is_initfontes():
    """`initial_schedule = k`: InitFontes with k rounds."""
    outcome = ChewPair().pair(request([player(n) for n in range(1, 17)], 2, 12, initial_schedule="3"))
    assert outcome.explanation[1].article == "InitFontes"


def test_chew_simulated_event_seats_everyone_once():
    _, outcomes = simulate(ChewPair(), [player(n) for n in range(1, 24)], 10)
    for outcome in outcomes:
        assert sorted(seated(outcome)) == list(range(1, 24))
        assert len(outcome.byes) == 1
