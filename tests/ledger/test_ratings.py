"""Official ratings, the tournament rating and pairing numbers (FIDE endorsement checklist Q116-156, see
docs/fide-mode.md; C.04.2 Arts. 2.1-2.5 in docs/research/fide/02-C0402-general-handling-rules.md) and the
rating-based tie-breaks of long events (Q208-216; C.07 Art. 10 in docs/research/fide/05-C07-tie-breaks.md)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from attrs import evolve
from eventsourcing.persistence import StoredEvent
from hypothesis import given
from hypothesis import strategies as st

from ledger.application import Ledger, PlayerDetails
from ledger.domain import Tournament
from ledger.errors import DuplicatePlayer, InvalidInput
from ledger.ratings import RatingMethod, later_ratings, rating_in_round, tournament_rating
from ledger.results import Game
from ledger.settings import TournamentSettings
from pairing.model import Scoring, Side
from projections.standings import standings
from projections.tiebreaks import TiebreakContext, compute_tiebreaks
from projections.views import ReadModels
from tests.builders import entrant, game
from tui.wiring import open_ledger


def _ledger(
    where: str, system: str = "dutch", rounds: int = 5, seed: int = 11, **options: str
) -> tuple[Ledger, ReadModels]:
    ledger, views = open_ledger(where, "arbiter", create=True)
    settings = TournamentSettings.for_game(Game.CHESS, system, rounds, seed=seed, options=options)
    ledger.create_tournament("Open", settings)
    return ledger, views


def test_q116_official_ratings_are_kept_apart_from_the_tournament_rating(location: str) -> None:
    """Q116: the FIDE and national ratings are recorded as the player's, beside the rating entered, and the
    tournament rating is made from them by the tournament's method; a correction of an official rating
    is an event and the tournament rating follows it."""
    ledger, views = _ledger(location, rating_method="fide")
    (number,) = ledger.register_players([PlayerDetails("Ann", rating=1500, fide_rating=2100, national_rating=2000)])
    player = views.state().players[number]
    assert (player.entered_rating, player.fide_rating, player.national_rating) == (1500, 2100, 2000)
    assert player.rating == 2100
    ledger.correct_player(number, {"fide_rating": 2150}, reason="November list")
    assert views.state().players[number].rating == 2150
    ledger.correct_player(number, {"fide_rating": 0}, reason="not on the FIDE list after all")
    assert views.state().players[number].rating == 1500, "no FIDE rating: the arbiter's entered estimate"
    ledger.close()


# (FIDE, national, entered) -> the tournament rating under each method, by the method's definition.
CASES = {
    (2100, 2000, 1500): {"fide": 2100, "national": 2000, "fidon": 2100, "nidof": 2000, "hbfn": 2100},
    (0, 2000, 1500): {"fide": 1500, "national": 2000, "fidon": 2000, "nidof": 2000, "hbfn": 2000},
    (2100, 0, 1500): {"fide": 2100, "national": 1500, "fidon": 2100, "nidof": 2100, "hbfn": 2100},
    (1800, 1900, 2200): {"fide": 1800, "national": 1900, "fidon": 1800, "nidof": 1900, "hbfn": 2200},
    (0, 0, 0): {"fide": 0, "national": 0, "fidon": 0, "nidof": 0, "hbfn": 0},
}


@pytest.mark.parametrize("method", ["fide", "national"])
def test_q145_fide_and_national_methods(method: str) -> None:
    """Q145 "FIDE" and "NRO": the one official rating; without it, the rating the arbiters entered (C.04.2
    Art. 2.1: "the arbiters estimate any unknown or unreliable rating")."""
    for (fide, national, entered), expected in CASES.items():
        assert tournament_rating(entered, fide, national, RatingMethod(method)) == expected[method]


def test_q145_fidon_fide_rating_if_defined_otherwise_national() -> None:
    """Q145 FIDON: the FIDE rating if the player has one, otherwise the national rating."""
    for (fide, national, entered), expected in CASES.items():
        assert tournament_rating(entered, fide, national, RatingMethod.FIDON) == expected["fidon"]


def test_q145_nidof_national_rating_if_defined_otherwise_fide() -> None:
    """Q145 NIDOF: the national rating if the player has one, otherwise the FIDE rating."""
    for (fide, national, entered), expected in CASES.items():
        assert tournament_rating(entered, fide, national, RatingMethod.NIDOF) == expected["nidof"]


@given(st.integers(0, 3000), st.integers(0, 3000), st.integers(0, 3000))
def test_q145_hbfn_highest_of_fide_national_and_manual(fide: int, national: int, entered: int) -> None:
    """Q145 HBFN: the highest of the FIDE, national and manual (entered) ratings, whatever they are."""
    assert tournament_rating(entered, fide, national, RatingMethod.HBFN) == max(fide, national, entered)


def test_q145_the_method_orders_the_initial_ranking(tmp_path: Path) -> None:
    """Q145: the method chosen at creation is the rating C.04.2 Art. 2.2 ranks by: Ann is first by her
    FIDE rating (FIDON), Bob first by his national rating (NIDOF)."""
    roster = [
        PlayerDetails("Ann", fide_rating=2100, national_rating=1900),
        PlayerDetails("Bob", fide_rating=2000, national_rating=2200),
    ]
    orders = {}
    for method in ("fidon", "nidof"):
        ledger, views = _ledger(str(tmp_path / f"{method}.ledger"), rating_method=method)
        ann, bob = ledger.register_players(roster)
        orders[method] = views.state().ranking()
        assert {n: p.rating for n, p in views.state().players.items()} == {
            ann: 2100 if method == "fidon" else 1900,
            bob: 2000 if method == "fidon" else 2200,
        }
        ledger.close()
    assert orders == {"fidon": {1: 1, 2: 2}, "nidof": {2: 1, 1: 2}}


def test_q145_an_unknown_method_or_a_bad_rating_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput, match="rating_method is one of entered, fide, national, fidon, nidof, hbfn"):
        TournamentSettings.for_game(Game.CHESS, "dutch", 5, options={"rating_method": "best"})
    ledger, _ = _ledger(str(tmp_path / "t.ledger"))
    before = ledger.position()
    with pytest.raises(InvalidInput, match="fide_rating of Ann must be a whole number from 0 to 9999"):
        ledger.register_players([PlayerDetails("Ann", fide_rating=10000)])
    assert ledger.position() == before
    ledger.close()


SEED = 3
"""A seed whose lots order players 1-4 neither by number nor by name (checked where it is used)."""

EQUALS = [
    PlayerDetails("Ann", rating=2000, title="FM", external_id="900"),
    PlayerDetails("Bob", rating=2000, title="FM", external_id="100"),
    PlayerDetails("Cy", rating=2000, title="FM"),
    PlayerDetails("Dee", rating=2300),
]


def test_q146_equal_rating_and_title_by_fide_id(tmp_path: Path) -> None:
    """Q146 (C.04.2 Art. 2.2, "alphabetical, unless an announced criterion replaces it"): by the lower
    FIDE id, players without one after: Dee (2300) first, then Bob (id 100), Ann (900), Cy (no id)."""
    ledger, views = _ledger(str(tmp_path / "t.ledger"), equal_rating_order="fide-id")
    ann, bob, cy, dee = ledger.register_players(EQUALS)
    assert views.state().ranking() == {dee: 1, bob: 2, ann: 3, cy: 4}
    ledger.close()


def _by_lots(seed: int, numbers: list[int]) -> list[int]:
    """`numbers` in the order of their lots: each player's lot is `random.Random("SEED:NUMBER").random()`,
    the highest first (`ledger.ranking.drawn_lot`)."""
    return sorted(numbers, key=lambda n: -random.Random(f"{seed}:{n}").random())


def test_q146_equal_rating_and_title_by_lots_repeats(tmp_path: Path) -> None:
    """Q146: a drawing of lots seeded by the tournament: the same every reading, and the order of the lots
    among the players equal in rating and title (Dee, rated higher, stays first); a player who enters
    later changes nobody else's lot."""
    ledger, views = _ledger(str(tmp_path / "t.ledger"), seed=SEED, equal_rating_order="lots")
    ann, bob, cy, dee = ledger.register_players(EQUALS)
    tied = _by_lots(SEED, [ann, bob, cy])
    assert tied not in ([ann, bob, cy], [bob, ann, cy]), "the seed draws an order neither by name nor by id"
    assert views.state().ranking() == {dee: 1, **{n: tpn for tpn, n in enumerate(tied, start=2)}}
    _, again = open_ledger(str(tmp_path / "t.ledger"), "arbiter")
    assert again.state().ranking() == views.state().ranking()
    (eve,) = ledger.register_players([PlayerDetails("Eve", rating=2000, title="FM")])
    ranking = views.state().ranking()
    assert [n for n in sorted(ranking, key=ranking.__getitem__) if n in tied] == tied
    assert sorted(ranking, key=ranking.__getitem__)[1:] == _by_lots(SEED, [ann, bob, cy, eve])
    ledger.close()


def _play_round(ledger: Ledger) -> None:
    pairing = ledger.pair_next_round()
    for board in range(1, len(pairing.boards) + 1):
        ledger.record_result(pairing.round, board, "1-0")


def test_q156_a_late_entry_after_round_4_gets_its_place_without_renumbering_the_others(tmp_path: Path) -> None:
    """Q156, C.04.2 Arts. 2.3-2.4: after round 4 is paired no TPN changes for a correction of data (a
    rating corrected upwards moves nobody), and a late entry gets "an appropriate TPN": its place by
    rating, the players below it one number down, the others' order as frozen."""
    ledger, views = _ledger(str(tmp_path / "t.ledger"), rounds=7)
    ratings = [2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700, 1600, 1500]
    numbers = ledger.register_players([PlayerDetails(f"P{r}", rating=r) for r in ratings])
    for _ in range(4):
        _play_round(ledger)
    frozen = views.state().ranking()
    assert frozen == {n: tpn for tpn, n in enumerate(numbers, start=1)}
    ledger.correct_player(numbers[-1], {"rating": 2500}, reason="rating list error found after round 4")
    assert views.state().ranking() == frozen
    (late,) = ledger.register_players([PlayerDetails("Late", rating=2150)])
    ranking = views.state().ranking()
    above = [n for n in numbers if frozen[n] <= 3]
    assert all(ranking[n] == frozen[n] for n in above)
    assert ranking[late] == 4
    assert all(ranking[n] == frozen[n] + 1 for n in numbers if n not in above)
    pairing = ledger.pair_next_round()
    assert late in {n for board in pairing.boards for n in (board.first, board.second)} | {
        bye.player for bye in pairing.byes
    }
    ledger.close()


UNRATED_FIELD = [
    entrant(1, game(1, 2, Side.FIRST, 1), game(2, 3, Side.SECOND, 1), rating=1800),
    entrant(2, game(1, 1, Side.SECOND, 0), game(2, 3, Side.FIRST, 0.5), rating=2000),
    entrant(3, game(1, 4, Side.FIRST, 1), game(2, 1, Side.FIRST, 0), rating=0),
    entrant(4, game(1, 3, Side.SECOND, 0), game(2, 2, Side.SECOND, 0.5), rating=1600),
]
"""Player 1 met 2 (rated 2000) and 3 (unrated)."""
UNRATED_CONTEXT = TiebreakContext(game="chess", scoring=Scoring(), rounds=2)


def test_q208_games_against_unrated_opponents_are_left_out_by_default() -> None:
    """Q208, the first method: player 1's ARO reads only the rated opponent, 2000."""
    assert compute_tiebreaks(UNRATED_FIELD, ["ARO"], UNRATED_CONTEXT)[1] == (2000.0,)


def test_q209_unrated_opponents_count_at_a_chosen_rating() -> None:
    """Q209, the second method (`unrated_rating`): the unrated opponent counts as rated 0, (2000 + 0) / 2 =
    1000, or as rated at a floor of 1400, (2000 + 1400) / 2 = 1700."""
    as_zero = compute_tiebreaks(UNRATED_FIELD, ["ARO"], evolve(UNRATED_CONTEXT, unrated_rating=0))[1]
    as_floor = compute_tiebreaks(UNRATED_FIELD, ["ARO"], evolve(UNRATED_CONTEXT, unrated_rating=1400))[1]
    assert (as_zero, as_floor) == ((1000.0,), (1700.0,))


def _all_drawn_round_robin(where: str) -> tuple[Ledger, ReadModels]:
    """Four players, every game drawn: all tied on score, with LOT the only tie-break."""
    ledger, views = open_ledger(where, "arbiter", create=True)
    settings = TournamentSettings.for_game(Game.CHESS, "round-robin", 3, tiebreaks=("LOT",), seed=SEED)
    ledger.create_tournament("Club", settings)
    ledger.register_players([PlayerDetails(name) for name in ("Ann", "Bob", "Cy", "Dee")])
    for _ in range(3):
        pairing = ledger.pair_next_round()
        for board in range(1, len(pairing.boards) + 1):
            ledger.record_result(pairing.round, board, "1/2-1/2")
    return ledger, views


def test_q204_drawing_of_lots_ranks_tied_players(tmp_path: Path) -> None:
    """Q204: LOT draws lots among players still tied (C.07 4.2): the tied players rank by their lots."""
    ledger, views = _all_drawn_round_robin(str(tmp_path / "t.ledger"))
    drawn = _by_lots(SEED, [1, 2, 3, 4])
    assert drawn != [1, 2, 3, 4], "the seed draws an order other than the numbers' (the last sort key)"
    assert [row.number for row in standings(views.state())] == drawn
    ledger.close()


def test_q206_drawing_lots_again_gives_the_same_result(tmp_path: Path) -> None:
    """Q206: the draw is seeded by the tournament's recorded seed, so reading the ledger afresh (another
    process, a rebuilt read model) draws the same order."""
    where = str(tmp_path / "t.ledger")
    ledger, views = _all_drawn_round_robin(where)
    first = [row.number for row in standings(views.state())]
    _, again = open_ledger(where, "arbiter")
    again.rebuild()
    assert [row.number for row in standings(again.state())] == first
    assert [row[0] for row in sorted(again.rows("standings"), key=lambda row: row[1])] == first
    ledger.close()


def test_q212_a_long_event_gives_players_ratings_linked_to_rounds(tmp_path: Path) -> None:
    """Q212: in an event flagged as longer than 30 days (Q210) a player may have later ratings, each from a
    round on."""
    ledger, views = _ledger(str(tmp_path / "t.ledger"), long_event="yes")
    assert views.state().require_settings().options["long_event"] == "yes"
    (number,) = ledger.register_players([PlayerDetails("Ann", rating=2000, later_ratings="3=2050, 5=2080")])
    later = later_ratings(views.state().players[number].later_ratings)
    assert [rating_in_round(2000, later, r) for r in range(1, 7)] == [2000, 2000, 2050, 2050, 2080, 2080]
    with pytest.raises(InvalidInput, match="later_ratings of Bob: '3:2050' is not ROUND=RATING"):
        ledger.register_players([PlayerDetails("Bob", later_ratings="3:2050")])
    ledger.close()


def _aro_of_first_player(tmp_path: Path, **options: str) -> float:
    """ARO of Ann, who meets Bob in round 1 and Cy in round 2; Bob is rated 2000 then 2100 from round 2,
    Cy 1800 then 1900 from round 2 (round robin of four, every game drawn)."""
    where = str(tmp_path / f"{'-'.join(options.values()) or 'default'}.ledger")
    ledger, views = open_ledger(where, "arbiter", create=True)
    settings = TournamentSettings.for_game(Game.CHESS, "round-robin", 3, tiebreaks=("ARO",), options=options)
    ledger.create_tournament("League", settings)
    ledger.register_players(
        [
            PlayerDetails("Ann", rating=2200),
            PlayerDetails("Bob", rating=2000, later_ratings="2=2100"),
            PlayerDetails("Cy", rating=1800, later_ratings="2=1900"),
            PlayerDetails("Dee", rating=1600),
        ]
    )
    ledger.pair_next_round(manual=[(1, 2), (3, 4)], force_reason="the league's schedule")
    ledger.record_result(1, 1, "1/2-1/2")
    ledger.record_result(1, 2, "1/2-1/2")
    ledger.pair_next_round(manual=[(1, 3), (2, 4)], force_reason="the league's schedule")
    ledger.record_result(2, 1, "1/2-1/2")
    ledger.record_result(2, 2, "1/2-1/2")
    row = next(row for row in standings(views.state()) if row.number == 1)
    ledger.close()
    return dict(row.tiebreaks)["ARO"]


def test_q213_q214_rating_tiebreaks_use_the_first_rating_by_default(tmp_path: Path) -> None:
    """Q214 (C.07 Art. 10, 2026: "the first rating is used"): Ann's ARO is (2000 + 1800) / 2 = 1900 even
    in a long event whose players have later ratings."""
    assert _aro_of_first_player(tmp_path, long_event="yes") == 1900.0


def test_q215_q216_the_user_chooses_rating_tiebreaks_per_round(tmp_path: Path) -> None:
    """Q213, Q215-216: the tournament chooses per-round ratings (`rating_tiebreaks=per-round`): Ann met Bob
    in round 1 (2000) and Cy in round 2 (his rating from round 2, 1900): ARO (2000 + 1900) / 2 = 1950.
    Per-round ratings are for a long event only."""
    assert _aro_of_first_player(tmp_path, long_event="yes", rating_tiebreaks="per-round") == 1950.0
    with pytest.raises(InvalidInput, match="long_event=yes"):
        TournamentSettings.for_game(Game.CHESS, "dutch", 5, options={"rating_tiebreaks": "per-round"})


def test_q197_an_expelled_player_is_flagged_in_the_log_and_not_paired_again(location: str) -> None:
    """Q197: the expulsion is recorded as such (a withdrawal flagged `expelled`, with its reason); the
    player is not paired again and cannot re-enter."""
    ledger, views = _ledger(location, rounds=3)
    numbers = ledger.register_players([PlayerDetails(f"P{r}", rating=r) for r in (2400, 2300, 2200, 2100, 2000)])
    _play_round(ledger)
    ledger.withdraw(numbers[0], None, "fair-play violation", "Appeal 1", expelled=True)
    player = views.state().players[numbers[0]]
    assert (player.expelled, player.withdrawn_from) == (True, 2)
    pairing = ledger.pair_next_round()
    assert numbers[0] not in {n for board in pairing.boards for n in (board.first, board.second)}
    assert numbers[0] not in {bye.player for bye in pairing.byes}
    with pytest.raises(InvalidInput, match="was expelled"):
        ledger.reenter(numbers[0], None, "changed our mind")
    ledger.close()


def test_q198_an_expelled_player_is_left_out_of_the_swiss_standings(tmp_path: Path) -> None:
    """Q198: the Swiss standings rank everyone but the expelled player, whose game still counts for the
    opponent's Buchholz; a plain withdrawal stays in the standings. The read models' table (written
    incrementally) and a fresh computation agree."""
    ledger, views = _ledger(str(tmp_path / "t.ledger"), rounds=3)
    numbers = ledger.register_players([PlayerDetails(f"P{r}", rating=r) for r in (2400, 2300, 2200, 2100)])
    _play_round(ledger)
    before = {row.number: row for row in standings(views.state())}
    views.catch_up()
    ledger.withdraw(numbers[0], None, "fair-play violation", expelled=True)
    ledger.withdraw(numbers[1], None, "illness")
    rows = standings(views.state())
    assert [row.number for row in rows] == [n for n in before if n != numbers[0]]
    key = {row.number: (row.score, tuple(value for _, value in row.tiebreaks)) for row in rows}
    assert {row.number: row.rank for row in rows} == {n: 1 + sum(k > key[n] for k in key.values()) for n in key}
    assert {row.number: row.tiebreaks for row in rows} == {n: before[n].tiebreaks for n in before if n != numbers[0]}
    views.catch_up()
    assert sorted(row[0] for row in views.rows("standings")) == sorted(n for n in numbers if n != numbers[0])
    ledger.close()


def test_q197_a_withdrawal_recorded_before_expulsions_existed_reads_as_not_expelled(
    tmp_path: Path, log_of: Callable[..., list[tuple[int, Any]]]
) -> None:
    """`PlayerWithdrew` version 1 had no `expelled`: its upcast reads such an event as a plain withdrawal."""
    ledger, _ = _ledger(str(tmp_path / "t.ledger"))
    (number,) = ledger.register_players([PlayerDetails("Ann")])
    ledger.withdraw(number, None, "illness")
    [(_, withdrawal)] = log_of(ledger, Tournament.PlayerWithdrew)
    stored = ledger.mapper.to_stored_event(withdrawal)
    state = ledger.mapper.transcoder.decode(stored.state)
    assert (state.pop("class_version"), state.pop("expelled")) == (2, False)
    old = StoredEvent(
        stored.originator_id, stored.originator_version, stored.topic, ledger.mapper.transcoder.encode(state)
    )
    assert ledger.mapper.to_domain_event(old).expelled is False
    ledger.close()


def test_q116_namesakes_with_different_official_ratings_are_different_players(tmp_path: Path) -> None:
    """Q116: the official ratings are part of who a player is: two John Smiths of one federation with
    different FIDE ratings register without `allow_duplicate`; the same ratings again is refused."""
    ledger, _ = _ledger(str(tmp_path / "t.ledger"), rating_method="fide")
    ledger.register_players([PlayerDetails("John Smith", federation="ENG", fide_rating=1800)])
    ledger.register_players([PlayerDetails("John Smith", federation="ENG", fide_rating=2000)])
    with pytest.raises(DuplicatePlayer, match="already registered as number 1"):
        ledger.register_players([PlayerDetails("John Smith", federation="ENG", fide_rating=1800)])
    ledger.close()
