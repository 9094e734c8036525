"""Byes at the desk: a late entry's missed round, a request forgotten before the pairing, a request
withdrawn. C.04.2 Art. 2.4 (late entries score for the rounds missed as the rules say) and Art. 3.3
(players known to miss a round are not paired in it); docs/research/fide/02-C0402-general-handling-rules.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.application import Ledger, PlayerDetails
from ledger.errors import InvalidInput, ReasonRequired, RoundNotReady
from ledger.results import Game
from ledger.settings import TournamentSettings
from pairing.model import ByeKind
from projections.standings import standings
from tui.wiring import open_ledger

SEED = 20260101


@pytest.fixture
def swiss(tmp_path: Path) -> tuple[Ledger, object]:
    """A six-player Dutch Swiss of five rounds, nothing paired."""
    ledger, views = open_ledger(str(tmp_path / "swiss.ledger"), "arbiter", create=True)
    ledger.create_tournament("Weekend Open", TournamentSettings.for_game(Game.CHESS, "dutch", 5, seed=SEED))
    ledger.register_players([PlayerDetails(f"Player {n}", rating=2400 - 10 * n) for n in range(1, 7)])
    yield ledger, views
    ledger.close()


def _seated(views: object, round_number: int) -> set[int]:
    view = views.state().rounds[round_number]  # type: ignore[attr-defined]
    return {n for board in view.boards for n in (board.first, board.second)}


def _byes(views: object, round_number: int) -> dict[int, tuple[ByeKind, float]]:
    view = views.state().rounds[round_number]  # type: ignore[attr-defined]
    return {bye.player: (bye.kind, bye.points) for bye in view.byes}


def test_late_entry_gets_a_half_point_bye_for_the_round_it_missed(swiss: tuple[Ledger, object]) -> None:
    """C.04.2 Art. 2.4: a late entry is taken into account from a later round; the half point the
    regulations allow for round 1 is recorded in round 1, which is already paired."""
    ledger, views = swiss
    ledger.pair_next_round()
    (late,) = ledger.register_players([PlayerDetails("Late Comer", rating=2000)])
    assert ledger.request_bye(late, 1, ByeKind.HALF_POINT, reason="arrived after round 1, regulations 4.2") == 1
    assert late not in _seated(views, 1)
    assert _byes(views, 1)[late] == (ByeKind.HALF_POINT, 0.5)
    row = next(r for r in standings(views.state()) if r.number == late)  # type: ignore[attr-defined]
    assert row.score == 0.5


def test_a_bye_in_a_paired_round_needs_a_reason_and_appends_nothing_without_one(
    swiss: tuple[Ledger, object],
) -> None:
    """ARCHITECTURE.md, "The event log": a decision about a round already paired is recorded with why."""
    ledger, _views = swiss
    ledger.pair_next_round()
    (late,) = ledger.register_players([PlayerDetails("Late Comer", rating=2000)])
    before = ledger.position()
    with pytest.raises(ReasonRequired):
        ledger.request_bye(late, 1, ByeKind.HALF_POINT)
    assert ledger.position() == before


def test_a_player_on_a_board_cannot_be_given_a_bye_in_that_round(swiss: tuple[Ledger, object]) -> None:
    ledger, _views = swiss
    ledger.pair_next_round()
    before = ledger.position()
    with pytest.raises(RoundNotReady, match="plays on board"):
        ledger.request_bye(1, 1, ByeKind.HALF_POINT, reason="asked too late")
    assert ledger.position() == before


def test_forgotten_request_is_honoured_after_unpairing(swiss: tuple[Ledger, object]) -> None:
    """C.04.2 Art. 3.3: a player known in advance to miss a round is not paired in it. A request
    forgotten before round 1 was paired is fixed by withdrawing the pairing, recording the request and
    pairing again."""
    ledger, views = swiss
    ledger.pair_next_round()
    ledger.unpair(1, reason="bye request of player 3 was forgotten")
    assert ledger.request_bye(3, 1, ByeKind.HALF_POINT, reason="request made before the round") == 1
    ledger.pair_next_round(reason="bye request of player 3 honoured")
    assert 3 not in _seated(views, 1)
    assert _byes(views, 1)[3] == (ByeKind.HALF_POINT, 0.5)


def test_cancelled_request_is_paired_normally(swiss: tuple[Ledger, object]) -> None:
    ledger, views = swiss
    assert ledger.request_bye(4, 1, ByeKind.ZERO_POINT, reason="exam on Saturday") == 1
    assert ledger.cancel_bye(4, 1, reason="exam moved") == 1
    ledger.pair_next_round()
    assert 4 in _seated(views, 1)
    assert 4 not in _byes(views, 1)


def test_cancel_without_a_request_or_in_a_paired_round_is_refused(swiss: tuple[Ledger, object]) -> None:
    ledger, _views = swiss
    with pytest.raises(InvalidInput, match="no bye request"):
        ledger.cancel_bye(2, 1, reason="none")
    ledger.request_bye(2, 2, ByeKind.HALF_POINT)
    ledger.pair_next_round()
    before = ledger.position()
    with pytest.raises(RoundNotReady, match="paired already"):
        ledger.cancel_bye(2, 1, reason="too late")
    assert ledger.position() == before


def test_without_a_round_the_bye_is_for_the_next_round_to_pair(swiss: tuple[Ledger, object]) -> None:
    """The round chosen when none is named is returned so the desk can say it."""
    ledger, _views = swiss
    ledger.pair_next_round()
    assert ledger.request_bye(5, None, ByeKind.HALF_POINT) == 2


def test_a_round_robins_fixed_table_keeps_a_player_who_asked_for_a_bye_on_their_board(tmp_path: Path) -> None:
    """IBF Pairing Rules 1.1 / FIDE C.05 Annex 1 (`pairing.round_robin`: "players keep their table numbers
    and stay in the schedule whatever their status"): a bye asked for in a round robin does not take the
    player off their board, so the published pairing lists no bye for them (it listed both before), the
    game is played or forfeited, and the standings count no bye."""
    ledger, views = open_ledger(str(tmp_path / "rr.ledger"), "arbiter", create=True)
    ledger.create_tournament("Club RR", TournamentSettings.for_game(Game.CHESS, "round-robin", 5, seed=SEED))
    ledger.register_players([PlayerDetails(f"Player {n}", rating=2000 - 10 * n) for n in range(1, 7)])
    ledger.request_bye(4, 1, ByeKind.HALF_POINT, "away on Friday")
    pairing = ledger.pair_next_round()
    assert 4 in _seated(views, 1)
    assert pairing.byes == ()
    assert _byes(views, 1) == {}
    board = next(i for i, b in enumerate(pairing.boards, start=1) if 4 in (b.first, b.second))
    ledger.record_result(1, board, "+-" if pairing.boards[board - 1].second == 4 else "-+")
    row = next(row for row in standings(views.state()) if row.number == 4)
    assert row.score == 0.0
    ledger.close()
