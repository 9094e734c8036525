"""The ledger's standings read the players from the rounds' shared seats (`projections.history.participants`),
without a record per player and round; the same players made from the entrants' records
(`projections.tiebreaks.Participant.of`) must read the same, and so must every C.07 tie-break computed from
either. Tournaments made by hypothesis, as in `test_views.py`: results, corrections, voids, withdrawals,
re-entries, unpairings and late entries, in a round robin and in a Swiss with byes."""

from __future__ import annotations

from pathlib import Path

import pytest
from attrs import evolve
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.application import PlayerDetails
from ledger.results import Game
from ledger.settings import TournamentSettings
from projections.history import entrants, participants
from projections.standings import TiebreakMemo, standings
from projections.state import fold
from projections.tiebreaks import Participant
from tests.projections.test_views import apply_command
from tui.wiring import open_ledger

EVERY_CHESS_TIEBREAK = (
    *("BH", "BH-C1", "BH-M2", "SB", "SB-C1", "DE", "WIN", "WON", "BPG", "BWG", "PS", "PS-C1", "REP", "STD"),
    *("TPN", "KS", "KS-L60", "ARO", "ARO-C1", "TPR", "PTP", "APRO", "APPO", "RTNG", "FB", "FB-C1", "AOB"),
    *("AOB-F", "DE-P", "EXT", "LOT"),
)
"""C.07 Arts. 6-10 with the Art. 14 modifiers and 4.2's lots: every code a chess tournament may list."""

STEPS = st.lists(st.tuples(st.integers(0, 9), st.integers(0, 20), st.integers(0, 20)), min_size=3, max_size=25)
SYSTEMS = pytest.mark.parametrize(("system", "players"), [("round-robin", 6), ("dutch", 7)])
EXAMPLES = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _events(path: Path, system: str, players: int, steps: list[tuple[int, int, int]]) -> list[object]:
    ledger, _ = open_ledger(str(path), "tester", create=True)
    rounds = 5
    tournament = TournamentSettings.for_game(Game.CHESS, system, rounds, tiebreaks=EVERY_CHESS_TIEBREAK)
    ledger.create_tournament("T", tournament)
    ledger.register_players([PlayerDetails(f"P{n}", rating=2000 - 10 * n * (n % 3)) for n in range(1, players + 1)])
    ledger.pair_next_round()
    for step in steps:
        apply_command(ledger, step)
    return list(ledger.log_events())


@SYSTEMS
@EXAMPLES
@given(steps=STEPS)
def test_c07_participants_read_from_the_seats_are_the_entrants_records(
    tmp_path_factory: pytest.TempPathFactory, system: str, players: int, steps: list[tuple[int, int, int]]
) -> None:
    """C.07 4.1 reads the tie-breaks from the crosstable: a participant made from the seats has each round's
    opponent in its column and each round's record but the opponent, as the entrant's history has them."""
    state = fold(iter(_events(tmp_path_factory.mktemp("t") / "t.ledger", system, players, steps)))
    rounds = state.last_paired_round
    read = participants(state, rounds, rounds + 1)
    made = [Participant.of(entrant) for entrant in entrants(state, rounds, rounds + 1)]
    assert [evolve(p, entrant=None, records=()) for p in read] == [evolve(p, entrant=None, records=()) for p in made]
    for seated, entrant in zip(read, made, strict=True):
        restored = tuple(evolve(r, opponent=o) for o, r in seated.rounds)
        assert restored == entrant.records


@SYSTEMS
@EXAMPLES
@given(steps=STEPS)
def test_c07_standings_from_the_seats_equal_the_standings_from_the_records(
    tmp_path_factory: pytest.TempPathFactory, system: str, players: int, steps: list[tuple[int, int, int]]
) -> None:
    """Every C.07 tie-break of the list (Arts. 6-10, 14, 16, 4.2), its values, the ranks, shared places and
    games counted: the same without a memo (read from the seats) as with one (read from the entrants)."""
    events = _events(tmp_path_factory.mktemp("t") / "t.ledger", system, players, steps)
    from_seats = standings(fold(iter(events)))
    from_records = standings(fold(iter(events)), TiebreakMemo())
    assert from_seats == from_records
    assert [row.values for row in from_seats] == [row.values for row in from_records]
