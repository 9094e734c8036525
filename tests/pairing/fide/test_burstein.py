"""Burstein System (C.04.4.2, July 2025): one hand-made case per article; test names cite it."""

from __future__ import annotations

from pathlib import Path

import pytest
from attrs import evolve

from pairing.fide import dutch
from pairing.fide.burstein import pair, pair_with_trace, seeding_rounds
from pairing.fide.burstein.definitions import contenders, opposition_index
from pairing.generator import greedy_paired
from pairing.model import ByeKind, Entrant, PairingInput, PlayerStatus, Side
from pairing.trf import parse
from pairing.trf.convert import to_pairing_input
from tests.builders import bye, entrant, game

W, B = Side.FIRST, Side.SECOND
DATA = Path(__file__).resolve().parents[2] / "data"


def round_two(results: list[tuple[int, int, float]], extra: tuple[Entrant, ...] = (), total: int = 2) -> PairingInput:
    """Round 2 (the first Burstein round when 2 <= total < 6) after round 1: (white, black, white's points)."""
    players = []
    for white, black, points in results:
        players.append(entrant(white, game(1, black, W, points)))
        players.append(entrant(black, game(1, white, B, 1 - points)))
    return PairingInput(system="burstein", round=2, total_rounds=total, players=(*players, *extra))


def boards(request: PairingInput) -> list[tuple[int, int]]:
    return [(b.first, b.second) for b in pair(request).boards]


@pytest.mark.parametrize(("rounds", "seeding"), [(2, 1), (5, 2), (7, 3), (9, 4), (13, 4), (1, 0)])
def test_1_5_2_number_of_seeding_rounds(rounds: int, seeding: int) -> None:
    """1.5.2: "half the number of rounds in the tournament (rounded down) or 4 (four), whichever is lower"."""
    assert seeding_rounds(rounds) == seeding


@pytest.mark.parametrize(("count", "played", "total"), [(15, 0, 9), (24, 2, 9), (31, 3, 9), (40, 1, 5)])
def test_1_5_1_seeding_rounds_are_the_dutch_pairing(count: int, played: int, total: int) -> None:
    """1.5.1: seeding rounds "are paired following the rules of the FIDE (Dutch) System"."""
    request = greedy_paired(count, played, total, seed=count)
    ours, theirs = pair(request), dutch.pair(request)
    assert (ours.boards, ours.byes) == (theirs.boards, theirs.byes)
    assert ours.explanation[0].article == "1.5"


def test_1_6_1_buchholz_and_sonneborn_berger() -> None:
    """1.6.1.1 Buchholz: sum of the opponents' current scores; 1.6.1.2 Sonneborn-Berger: points earned
    against each opponent times that opponent's score."""
    request = PairingInput(
        system="burstein",
        round=3,
        total_rounds=4,
        players=(
            entrant(1, game(1, 2, W, 1.0), game(2, 3, B, 0.5)),
            entrant(2, game(1, 1, B, 0.0), game(2, 4, W, 1.0)),
            entrant(3, game(1, 4, W, 0.5), game(2, 1, W, 0.5)),
            entrant(4, game(1, 3, B, 0.5), game(2, 2, B, 0.0)),
        ),
    )
    index = opposition_index(request)
    assert index[1] == (1.0 + 1.0, 1.0 * 1.0 + 0.5 * 1.0)
    assert index[4] == (1.0 + 1.0, 0.5 * 1.0)


def test_1_6_2_1_an_unplayed_round_is_a_game_against_oneself() -> None:
    """1.6.2.1: "considered as one in which that player played against himself getting the result ... that
    yields the same number of points as registered"."""
    request = PairingInput(
        system="burstein",
        round=3,
        total_rounds=4,
        players=(
            entrant(1, bye(1, ByeKind.HALF_POINT, 0.5), game(2, 2, W, 1.0)),
            entrant(2, game(1, 3, W, 1.0), game(2, 1, B, 0.0)),
            entrant(3, game(1, 2, B, 0.0), bye(2, ByeKind.PAIRING_ALLOCATED, 1.0)),
        ),
    )
    index = opposition_index(request)
    assert index[1] == (1.5 + 1.0, 0.5 * 1.5 + 1.0 * 1.0)
    assert index[3] == (1.0 + 1.0, 0.0 + 1.0 * 1.0)


def zero_point_series_request(status: PlayerStatus, requested: ByeKind | None) -> PairingInput:
    """Round 4: 2 lost to 1 in round 1, then had zero-point byes in rounds 2 and 3; `status` in round 4."""
    absent = entrant(2, game(1, 1, B, 0.0), bye(2, ByeKind.ZERO_POINT, 0.0), bye(3, ByeKind.ZERO_POINT, 0.0))
    return PairingInput(
        system="burstein",
        round=4,
        total_rounds=6,
        players=(
            entrant(1, game(1, 2, W, 1.0), game(2, 3, W, 1.0), game(3, 4, W, 1.0)),
            evolve(absent, status=status, requested_bye=requested),
            entrant(3, game(1, 4, W, 1.0), game(2, 1, B, 0.0), bye(3, ByeKind.ZERO_POINT, 0.0)),
            entrant(4, game(1, 3, B, 0.0), bye(2, ByeKind.PAIRING_ALLOCATED, 1.0), game(3, 1, B, 0.0)),
        ),
    )


@pytest.mark.parametrize("requested", [ByeKind.ZERO_POINT, None])
def test_1_6_2_1_exception_zero_point_byes_up_to_the_current_round_count_as_draws(requested: ByeKind | None) -> None:
    """1.6.2.1 Exception: "if a player has a series of consecutive zero-point-byes up to the current round, each
    of the ones gathered in previous rounds, for the benefit of the player's actual over-the-board opponents, is
    considered as a draw". 2 is absent for nothing in round 4 (a zero-point bye, or absent without a bye kind),
    so the series reaches the current round: the byes of rounds 2 and 3 are draws in 1's Buchholz and
    Sonneborn-Berger (docs/burstein.md, reading 2); 2's own index keeps the real score. 3's bye in round 3 is
    followed by a game in round 4: not a series, 3 counts with the registered score."""
    index = opposition_index(zero_point_series_request(PlayerStatus.ABSENT, requested))
    assert index[1] == (0.0 + 2 * 0.5 + 1.0 + 1.0, 1.0 * 1.0 + 1.0 * 1.0 + 1.0 * 1.0)
    assert index[2] == (3.0 + 0.0 + 0.0, 0.0)  # 1's 3 points, then two byes against himself at his own 0


@pytest.mark.parametrize(
    ("status", "requested"), [(PlayerStatus.ACTIVE, None), (PlayerStatus.ABSENT, ByeKind.HALF_POINT)]
)
def test_1_6_2_1_exception_a_series_that_stops_before_the_current_round_counts_as_registered(
    status: PlayerStatus, requested: ByeKind | None
) -> None:
    """1.6.2.1 Exception, "a series of consecutive zero-point-byes up to the current round": 2 plays again in
    round 4 (or takes a half-point bye in it), so the series stopped before the current round and the byes of
    rounds 2 and 3 count as registered, by the rule ("the round shall be considered as one in which that player
    played against himself getting the result ... that yields the same number of points as registered"):
    1's Buchholz sees 2's real score 0."""
    index = opposition_index(zero_point_series_request(status, requested))
    assert index[1] == (0.0 + 1.0 + 1.0, 1.0 * 1.0 + 1.0 * 1.0)


@pytest.mark.parametrize(("current_round", "seen"), [("  0000 - Z", 1.0), ("", 0.0)])
def test_1_6_2_1_exception_read_from_a_trf(current_round: str, seen: float) -> None:
    """1.6.2.1 Exception, "a series of consecutive zero-point-byes up to the current round", read from a TRF
    (tests/data/burstein_2025_1_6_2_1_zero_point_series.trf, round 4 of 6 to pair): 2 lost to 1, then had
    zero-point byes in rounds 2 and 3. With a zero-point bye asked for in round 4 ("0000 - Z" in its column)
    the series reaches the round being paired and 1's Buchholz sees the two earlier byes as draws (0 + 2 x
    0.5); without it 2 plays round 4 and 1 sees 2's registered 0. 3's zero-point bye of round 3 is followed
    by round 4's game either way."""
    text = (DATA / "burstein_2025_1_6_2_1_zero_point_series.trf").read_text()
    text = text.replace("  0000 - Z  0000 - Z  0000 - Z", "  0000 - Z  0000 - Z" + current_round)
    request = to_pairing_input(parse(text), 4, system="burstein")
    assert (request.player(2).status is PlayerStatus.ABSENT) is bool(current_round)
    assert opposition_index(request)[1] == (seen + 1.0 + 1.0, seen + 1.0 + 1.0)


def test_1_6_2_2_virtual_points_are_excluded() -> None:
    """1.6.2.2: virtual points of an acceleration "shall be excluded from the computation of any method"."""
    request = round_two([(1, 3, 1.0), (2, 4, 0.0)], total=5)
    accelerated = PairingInput(
        system="burstein",
        round=3,
        total_rounds=9,
        players=request.players,
        options=(("acceleration", "explicit"), ("virtual_points", "3:1:1,3:2:1,3:3:1")),
    )
    assert opposition_index(accelerated) == opposition_index(request)


def test_1_7_ranking_by_buchholz_then_sonneborn_berger_then_pairing_number() -> None:
    """1.7: Index (Buchholz, then Sonneborn-Berger), then pairing numbers; "scores are not used"."""
    request = round_two([(1, 5, 1.0), (2, 6, 0.5), (3, 7, 0.0), (4, 8, 0.5)], total=5)
    # Buchholz 1 for 3 and 5 (they met the winners), 0.5 for the drawers, 0 for 1 and 7; SB ties; then TPN.
    assert [c.number for c in contenders(request)] == [3, 5, 2, 4, 6, 8, 1, 7]


def test_4_3_bsn_1_meets_the_highest_bsn_first() -> None:
    """4.3: "a pairing precedes another if its BSN #1's opponent has a higher BSN"; C8 is equal here (all four
    winners had White and prefer Black)."""
    request = round_two([(1, 5, 1.0), (2, 6, 1.0), (3, 7, 1.0), (4, 8, 1.0)])
    pairs = {frozenset(p) for p in boards(request)}
    assert {frozenset((1, 4)), frozenset((2, 3)), frozenset((5, 8)), frozenset((6, 7))} == pairs


def test_c8_colour_preferences_before_the_order_of_4_3() -> None:
    """[C8] "Minimise the number of players who do not get their colour preference" outranks 4.3: 1 and 4
    (White in round 1) must not meet, nor 2 and 3 (Black): 1-3 is the first pairing with no one let down."""
    request = round_two([(1, 5, 1.0), (6, 2, 0.0), (7, 3, 0.0), (4, 8, 1.0)])
    pairs = {frozenset(p) for p in boards(request)}
    assert frozenset((1, 3)) in pairs and frozenset((2, 4)) in pairs


def test_c1_no_rematch_and_c3_no_clash_of_absolute_preferences() -> None:
    """[C1] players do not meet twice; [C3] two players with the same absolute colour preference do not meet."""
    players = (
        entrant(1, game(1, 2, W, 1.0), game(2, 3, W, 1.0)),  # WW: must have Black
        entrant(2, game(1, 1, B, 0.0), game(2, 4, B, 1.0)),
        entrant(3, game(1, 4, W, 1.0), game(2, 1, B, 0.0)),
        entrant(4, game(1, 3, B, 0.0), game(2, 2, W, 0.0)),
        entrant(5, game(1, 6, W, 1.0), game(2, 7, W, 1.0)),  # WW: must have Black
        entrant(6, game(1, 5, B, 0.0), game(2, 8, B, 1.0)),
        entrant(7, game(1, 8, W, 1.0), game(2, 5, B, 0.0)),
        entrant(8, game(1, 7, B, 0.0), game(2, 6, W, 0.0)),
    )
    request = PairingInput(system="burstein", round=3, total_rounds=4, players=players)
    pairs = [tuple(p) for p in boards(request)]
    assert frozenset((1, 5)) not in {frozenset(p) for p in pairs}
    for a, b in pairs:
        assert b not in request.player(a).opponents


def test_3_3_3_c7_counts_the_pairs_of_the_following_bracket_that_leave_c4_met() -> None:
    """3.3.3 [C7]: "Choose the outgoing floaters so that in the following bracket [C4], [C5] and [C6] are
    complied with in the best possible way (i.e., besides compliance with [C4] -see Article 3.2.1-, the number
    of pairs must be maximised ...)".

    Round 6 of 8: 1 and 2 (4.5, they drew in round 1) float into the 3-point bracket of 4; 1-4 and 2-4 tie on
    C5 and C6. Both have met 3 and 5, the 2.5-point scoregroup. If 2 floats, pairing 3-5 leaves 2 with 6-10,
    and 6 has met 2, 7, 8, 9 and 10, so under C4 the following bracket has no pair; if 1 floats, 3-5 stays and
    1-6, 7-8, 9-10 complete the round: one pair. C7 decides (2-4, 1 floats) before 4.3 would (1-4)."""
    request = to_pairing_input(parse((DATA / "burstein_2025_c7_look_ahead_c4.trf").read_text()), system="burstein")
    assert request.round == 6
    players = {c.number: c for c in contenders(request)}
    assert {3, 5} <= players[1].avoid and {3, 5} <= players[2].avoid
    assert players[6].avoid == {2, 7, 8, 9, 10}
    _, trace = pair_with_trace(request)
    assert trace is not None
    three, two_and_a_half = (b for b in trace.brackets if b.score in (3.0, 2.5))
    assert three.bracket == (1, 2, 4)
    assert three.pairs == ((2, 4),)
    assert three.floaters == (1,)
    assert {frozenset(p) for p in two_and_a_half.pairs} == {frozenset((3, 5))}


def test_2_1_bye_to_the_lowest_score_then_most_games_then_lowest_ranking() -> None:
    """2.1.3 lowest score; 2.1.4 most games played; 2.1.5 lowest 1.7 ranking."""
    request = round_two([(1, 2, 1.0), (3, 4, 1.0)], extra=(entrant(5, bye(1, ByeKind.ZERO_POINT, 0.0)),))
    outcome = pair(request)
    assert [b.player for b in outcome.byes] == [4]  # 2, 4 and 5 have 0; 5 played no game; 4 ranks lowest
    assert outcome.byes[0].kind is ByeKind.PAIRING_ALLOCATED


def test_2_1_1_no_second_bye_c2() -> None:
    """2.1.1 / [C2]: a player who had the pairing-allocated bye (or a win's points unplayed) cannot get it."""
    extra = (
        entrant(5, bye(1, ByeKind.PAIRING_ALLOCATED, 1.0)),
        entrant(6, bye(1, ByeKind.FULL_POINT, 1.0)),
        entrant(7, bye(1, ByeKind.HALF_POINT, 0.5)),
    )
    outcome = pair(round_two([(1, 2, 1.0), (3, 4, 1.0)], extra=extra))
    assert [b.player for b in outcome.byes] == [4]
    assert any(d.article == "2.1.1" for d in outcome.explanation)


def test_2_1_2_bye_must_leave_a_complete_pairing() -> None:
    """2.1.2: the bye goes to a player who "allows a complete pairing of all the remaining players"."""
    players = (
        entrant(1, game(1, 2, W, 1.0)),
        entrant(2, game(1, 1, B, 0.0)),
        entrant(3, game(1, 4, W, 1.0)),
        entrant(4, game(1, 3, B, 0.0)),
        entrant(5, bye(1, ByeKind.HALF_POINT, 0.5)),
    )
    # 4 would be first (2.1.5), but then 2 could meet nobody: 1 is a rematch, 3 and 5 are forbidden.
    request = PairingInput(
        system="burstein", round=2, total_rounds=2, players=players, forbidden_pairs=((2, 3), (2, 5))
    )
    outcome = pair(request)
    assert [b.player for b in outcome.byes] == [2]
    assert any(d.article == "2.1.2" for d in outcome.explanation)


def test_5_2_1_no_games_yet_the_lot_by_pairing_number() -> None:
    """5.2.1: both yet to play: the higher ranked (1.7) gets the initial-colour if odd-numbered."""
    base = round_two([(1, 5, 1.0), (2, 6, 1.0), (3, 7, 0.0), (4, 8, 0.0)], extra=(entrant(9), entrant(10)))
    forbidden = tuple((n, m) for n in (9, 10) for m in range(1, 9))
    request = PairingInput(system="burstein", round=2, total_rounds=2, players=base.players, forbidden_pairs=forbidden)
    assert (9, 10) in boards(request)
    black = PairingInput(
        system="burstein",
        round=2,
        total_rounds=2,
        players=base.players,
        forbidden_pairs=forbidden,
        options=(("initial_colour", "black"),),
    )
    assert (10, 9) in boards(black)


def test_1_4_2_4_and_5_2_2_a_player_without_games_lets_the_opponent_have_their_preference() -> None:
    """1.4.2.4: no games, no preference ("the preference of their opponents is granted"); 5.2.2."""
    players = (entrant(1, game(1, 2, W, 0.0)), entrant(2, game(1, 1, B, 1.0)), entrant(3), entrant(4))
    request = PairingInput(
        system="burstein", round=2, total_rounds=2, players=players, forbidden_pairs=((1, 4), (2, 3))
    )
    assert (3, 1) in boards(request)  # 1 had White: Black now; 3 has no preference


def _contender(number: int, sides: tuple[Side, ...], rank: int):  # type: ignore[no-untyped-def]
    from pairing.criteria.basic_rules import colour_preference
    from pairing.fide.burstein.definitions import Contender

    return Contender(
        number=number,
        tpn=number,
        score=0.0,
        sides=sides,
        preference=colour_preference(sides),
        games=len(sides),
        pab_eligible=True,
        avoid=frozenset(),
        buchholz=0.0,
        sonneborn_berger=0.0,
        rank=rank,
    )


@pytest.mark.parametrize(
    ("higher", "lower", "white", "article"),
    [
        ((W,), (B,), 2, "5.2.2"),  # grant both preferences
        ((B, B), (W, B), 1, "5.2.3"),  # both want White: the absolute one (BB) gets it
        ((W, B), (B, B, W, B), 2, "5.2.3"),  # mild White against absolute White (CD -2)
        ((B, W), (W, W, B, B, W), 1, "5.2.3"),  # mild Black against strong Black (CD +1)
        ((W, B, W, B), (B, W, W, B), 1, "5.2.4"),  # both mild White; 3 games back 1 had Black, 2 White
        ((W, B), (W, B), 1, "5.2.5"),  # identical histories: the higher ranked gets their preference
    ],
)
def test_5_2_colour_allocation(higher: tuple[Side, ...], lower: tuple[Side, ...], white: int, article: str) -> None:
    """5.2.2 grant both; 5.2.3 the stronger; 5.2.4 alternate to the most recent difference; 5.2.5 the higher
    ranked player's preference."""
    from pairing.fide.burstein.colours import allocate_colours

    first, _, decided = allocate_colours(_contender(1, higher, 0), _contender(2, lower, 1), W)
    assert (first.number, decided) == (white, article)
