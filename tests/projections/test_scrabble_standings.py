"""Scrabble standings (issue 9, item 1; tsh): wins, a tie half a win, then spread; a won bye counts
tsh's `bye_spread` (+50 by default)."""

from __future__ import annotations

from pathlib import Path

from ledger.application import PlayerDetails
from ledger.results import Game
from ledger.settings import TournamentSettings
from projections.standings import standings
from tui.wiring import open_ledger


def test_wins_then_spread_with_the_bye_spread(tmp_path: Path) -> None:
    ledger, views = open_ledger(str(tmp_path / "s.ledger"), "td", create=True)
    ledger.create_tournament("Club", TournamentSettings.for_game(Game.SCRABBLE, "round-robin", 3))
    ledger.register_players([PlayerDetails(name) for name in ("Ann", "Ben", "Cid")])
    ledger.pair_next_round()  # 3 players: 1 rests (IBF Appendix 1, the bye of an odd field); 2-3 play
    ledger.record_result(1, 1, "400-350")
    rows = {row.name: row for row in standings(views.state())}
    assert rows["Ben"].score == 1 and dict(rows["Ben"].tiebreaks)["SPREAD"] == 50
    assert rows["Cid"].score == 0 and dict(rows["Cid"].tiebreaks)["SPREAD"] == -50
    assert rows["Ann"].score == 0  # a round-robin rest is worth nothing, so it carries no spread
    ledger.pair_next_round()  # round 2: Cid rests, Ann-Ben
    ledger.record_result(2, 1, "390-390")  # a tie is half a win
    rows = {row.name: row for row in standings(views.state())}
    assert (rows["Ann"].score, rows["Ben"].score, rows["Cid"].score) == (0.5, 1.5, 0)
    assert [row.name for row in standings(views.state())] == ["Ben", "Ann", "Cid"]


def test_a_won_bye_counts_fifty_spread(tmp_path: Path) -> None:
    ledger, views = open_ledger(str(tmp_path / "k.ledger"), "td", create=True)
    ledger.create_tournament("Koth", TournamentSettings.for_game(Game.SCRABBLE, "koth", 3))
    ledger.register_players([PlayerDetails(name, rating=1800 - 10 * i) for i, name in enumerate("ABC")])
    pairing = ledger.pair_next_round()
    (bye,) = pairing.byes
    assert bye.points == 1.0
    row = next(row for row in standings(views.state()) if row.number == bye.player)
    assert dict(row.tiebreaks)["SPREAD"] == 50


def test_a_forfeit_moves_the_bye_spread(tmp_path: Path) -> None:
    """tsh: a forfeit is scored like a bye: +50 spread to the winner, -50 to the loser."""
    ledger, views = open_ledger(str(tmp_path / "f.ledger"), "td", create=True)
    ledger.create_tournament("Club", TournamentSettings.for_game(Game.SCRABBLE, "round-robin", 1))
    ledger.register_players([PlayerDetails(name) for name in ("Ann", "Ben")])
    ledger.pair_next_round()
    ledger.record_result(1, 1, "+-")
    spread = {row.name: dict(row.tiebreaks)["SPREAD"] for row in standings(views.state())}
    assert spread == {"Ann": 50, "Ben": -50}
