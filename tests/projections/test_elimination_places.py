"""Swiss with elimination after N losses: places by IBF 4.10 ("the later round in which the player was
eliminated ...; the number of wins (a win against a virtual opponent does not count). In case of tied
results, the players share the respective placements")."""

from __future__ import annotations

from pathlib import Path

from ledger.application import PlayerDetails
from ledger.results import Game
from ledger.settings import TournamentSettings
from projections.standings import standings
from tui.wiring import open_ledger


def test_places_by_round_of_elimination_shared_as_ranges(tmp_path: Path) -> None:
    ledger, views = open_ledger(str(tmp_path / "e.ledger"), "td", create=True)
    settings = TournamentSettings.for_game(Game.BACKGAMMON, "swiss-elimination", 3, options={"losses": "1"})
    ledger.create_tournament("Knock", settings)
    ledger.register_players([PlayerDetails(f"P{n}", rating=2000 - 10 * n) for n in range(1, 9)])
    first = ledger.pair_next_round()
    for board in range(1, len(first.boards) + 1):
        ledger.record_result(1, board, "3-0")
    views.catch_up()
    rows = standings(views.state())
    losers = {b.second for b in first.boards}
    out_in_round_1 = [row for row in rows if row.number in losers]
    assert {row.place for row in out_in_round_1} == {"5-8"}  # four out in round 1, none with a real win
    assert {row.place for row in rows if row.number not in losers} == {"1-4"}  # still in: nothing decided
    assert [row.rank for row in rows] == sorted(row.rank for row in rows)
    assert views.rows("standings")[0][-1] in ("1-4", "5-8")
