"""The starting rank: pairing numbers before round 1 (C.04.2 Arts. 2.2 and 2.3,
docs/research/fide/02-C0402-general-handling-rules.md) and `renumber` for events with their own rule."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ledger.application import Ledger, PlayerDetails
from ledger.errors import ReasonRequired, RoundNotReady, RuleViolation
from ledger.ranking import RankingRule, starting_order
from ledger.results import Game
from ledger.settings import TournamentSettings
from projections.views import ReadModels
from tui.wiring import open_ledger

ROSTER = [
    PlayerDetails("Zed Young", rating=2100),
    PlayerDetails("Ann Old", rating=2300, title="FM"),
    PlayerDetails("Bea Mid", rating=2300, title="IM"),
    PlayerDetails("Cat New", rating=2300, title="IM"),
]


def _open(tmp_path: Path, system: str) -> tuple[Ledger, ReadModels]:
    ledger, views = open_ledger(str(tmp_path / f"{system}.ledger"), "arbiter", create=True)
    ledger.create_tournament("Club", TournamentSettings.for_game(Game.CHESS, system, 3, seed=7))
    ledger.register_players(ROSTER)
    return ledger, views


@pytest.fixture
def round_robin(tmp_path: Path) -> Iterator[tuple[Ledger, ReadModels]]:
    ledger, views = _open(tmp_path, "round-robin")
    yield ledger, views
    ledger.close()


def test_fide_order_is_rating_then_title_then_name() -> None:
    """C.04.2 Art. 2.2: rating descending; title GM, IM, WGM, FM, ...; then alphabetical."""
    players = {n + 1: {"name": p.name, "rating": p.rating, "title": p.title} for n, p in enumerate(ROSTER)}
    assert starting_order(players, RankingRule.FIDE, seed=0) == [3, 4, 2, 1]


def test_fide_swiss_numbers_itself_and_refuses_renumbering(tmp_path: Path) -> None:
    """C.04.2 Art. 2.2: a FIDE Swiss ranks by rating, title, name by itself; the roster says so."""
    ledger, views = _open(tmp_path, "dutch")
    state = views.state()
    assert state.ranking() == {3: 1, 4: 2, 2: 3, 1: 4}
    assert "C.04.2 2.2" in state.ranking_rule()
    with pytest.raises(RuleViolation, match="by itself"):
        ledger.renumber(RankingRule.ALPHABETICAL, reason="club rule")
    ledger.close()


def test_round_robin_keeps_registration_order_until_renumbered(round_robin: tuple[Ledger, ReadModels]) -> None:
    ledger, views = round_robin
    assert views.state().ranking() == {1: 1, 2: 2, 3: 3, 4: 4}
    assert views.state().ranking_rule() == "registration order"
    assert ledger.renumber(RankingRule.FIDE, reason="pairing numbers by rating as announced") == [3, 4, 2, 1]
    state = views.state()
    assert state.ranking() == {3: 1, 4: 2, 2: 3, 1: 4}
    assert state.ranking_rule().startswith("renumbered by rating")


def test_a_late_entry_after_renumbering_takes_the_next_pairing_number(
    round_robin: tuple[Ledger, ReadModels],
) -> None:
    ledger, views = round_robin
    ledger.renumber(RankingRule.ALPHABETICAL, reason="alphabetical as announced")
    (late,) = ledger.register_players([PlayerDetails("Aaron Late", rating=2500)])
    assert views.state().ranking() == {2: 1, 3: 2, 4: 3, 1: 4, late: 5}


def test_lots_repeat_with_the_recorded_seed(round_robin: tuple[Ledger, ReadModels]) -> None:
    """IBF Appendix 1 (docs/rules/ibf-pairing-rules.txt): numbers by drawing lots; the tournament's
    seed makes the draw repeatable for an appeal."""
    ledger, _views = round_robin
    drawn = ledger.renumber(RankingRule.LOTS, reason="drawing of lots")
    players = {n + 1: {"name": p.name, "rating": p.rating, "title": p.title} for n, p in enumerate(ROSTER)}
    assert drawn == starting_order(players, RankingRule.LOTS, seed=7)
    assert sorted(drawn) == [1, 2, 3, 4]


def test_renumbering_needs_a_reason_and_no_paired_round(round_robin: tuple[Ledger, ReadModels]) -> None:
    """C.04.2 Art. 2.3: after the pairing, numbers change only to correct wrong data."""
    ledger, _views = round_robin
    with pytest.raises(ReasonRequired):
        ledger.renumber(RankingRule.FIDE, reason="")
    ledger.pair_next_round()
    before = ledger.position()
    with pytest.raises(RoundNotReady, match="round 1 is paired"):
        ledger.renumber(RankingRule.FIDE, reason="too late")
    assert ledger.position() == before
