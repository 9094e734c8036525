"""Checks before pairing (`projections.checks`): each situation the arbiter must know of before `pair`,
with what the engine will do about it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ledger.application import Ledger, PlayerDetails
from ledger.results import Game
from ledger.settings import TournamentSettings
from pairing.model import ByeKind
from projections.checks import Severity, pre_pairing_checks
from projections.views import ReadModels
from tui.wiring import open_ledger


@pytest.fixture
def swiss(tmp_path: Path) -> Iterator[tuple[Ledger, ReadModels]]:
    ledger, views = open_ledger(str(tmp_path / "swiss.ledger"), "arbiter", create=True)
    ledger.create_tournament("Open", TournamentSettings.for_game(Game.CHESS, "dutch", 5, seed=3))
    ledger.register_players([PlayerDetails(f"Player {n}", rating=2000 - n) for n in range(1, 7)])
    yield ledger, views
    ledger.close()


def _subjects(findings: list, severity: Severity) -> list[str]:
    return [f.subject for f in findings if f.severity is severity]


def test_a_ready_round_has_no_blocking_finding(swiss: tuple[Ledger, ReadModels]) -> None:
    _ledger, views = swiss
    assert _subjects(pre_pairing_checks(views.state()), Severity.BLOCKS) == []


def test_missing_results_block_the_next_round(swiss: tuple[Ledger, ReadModels]) -> None:
    """C.04.1 (docs/research/fide/01-C0401-basic-rules-swiss.md): a round is paired from the results of
    the previous ones; `pair` refuses over missing results without --force."""
    ledger, views = swiss
    ledger.pair_next_round()
    ledger.record_result(1, 1, "1-0")
    blocks = _subjects(pre_pairing_checks(views.state()), Severity.BLOCKS)
    assert blocks == ["round 1 board 2", "round 1 board 3"]


def test_withdrawn_players_and_bye_requests_are_named_with_what_the_engine_does(
    swiss: tuple[Ledger, ReadModels],
) -> None:
    """C.04.2 Arts. 3.2-3.3: withdrawn players and players known to be absent are not paired."""
    ledger, views = swiss
    ledger.withdraw(2, 1, reason="ill")
    ledger.request_bye(3, 1, ByeKind.HALF_POINT)
    notes = {f.subject: f.message for f in pre_pairing_checks(views.state()) if f.severity is Severity.NOTE}
    assert "withdrew from round 1: not paired" in notes["player 2"]
    assert "half-point bye in round 1: not paired" in notes["player 3"]


def test_unrated_players_are_noted(swiss: tuple[Ledger, ReadModels]) -> None:
    """C.04.2 Art. 2.1: the arbiters estimate an unknown rating."""
    ledger, views = swiss
    (unrated,) = ledger.register_players([PlayerDetails("No Rating")])
    notes = _subjects(pre_pairing_checks(views.state()), Severity.NOTE)
    assert f"player {unrated}" in notes


def test_forbidden_pairs_that_make_the_round_impossible_block_it(tmp_path: Path) -> None:
    """C.04.3 C1-C3 (absolute criteria): with two players only, kept apart, no pairing exists."""
    ledger, views = open_ledger(str(tmp_path / "two.ledger"), "arbiter", create=True)
    ledger.create_tournament("Duel", TournamentSettings.for_game(Game.CHESS, "dutch", 3, seed=3))
    ledger.register_players([PlayerDetails("Ann", rating=2000), PlayerDetails("Ben", rating=1900)])
    ledger.forbid(1, 2, reason="same family")
    findings = pre_pairing_checks(views.state())
    assert [f.subject for f in findings if f.severity is Severity.BLOCKS] == ["round 1"]
    assert "cannot pair" in findings[0].message
    ledger.close()
