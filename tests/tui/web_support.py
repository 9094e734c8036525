"""Ledgers for the public site and the printed sheets, made through the ledger's own commands (as the
desk makes them): a chess Swiss with hostile names, a backgammon knock-out, a Scrabble event."""

from __future__ import annotations

from pathlib import Path

from ledger.application import PlayerDetails
from ledger.results import Game, MatchFormat
from ledger.settings import TournamentSettings
from tui.wiring import open_ledger

HOSTILE = ("<script>alert(1)</script>", "[/oops]")
"""Names that must reach a page as text: HTML and Rich markup."""


def chess_swiss(path: Path, location: str = "") -> str:
    """Six players, Dutch system, 5 rounds: round 1 complete and sealed, round 2 paired with one result;
    in `path`, or at `location` (a file or a postgresql:// URL)."""
    location = location or str(path / "open.ledger")
    ledger, views = open_ledger(location, "arbiter", create=True)
    ledger.create_tournament("Autumn Open", TournamentSettings.for_game(Game.CHESS, "dutch", 5, seed=3))
    names = ("Ann Alder", "Ben Birch", *HOSTILE, "Eve Elm", "Fay Fir")
    ledger.register_players([PlayerDetails(name, rating=2200 - 50 * i) for i, name in enumerate(names)])
    ledger.pair_next_round()
    for board, result in ((1, "1-0"), (2, "1/2"), (3, "0-1")):
        ledger.record_result(1, board, result)
    ledger.seal_round(1)
    ledger.pair_next_round()
    ledger.record_result(2, 1, "1-0")
    views.catch_up()
    views.close()
    ledger.close()
    return location


def knockout(path: Path, match_format: MatchFormat = MatchFormat.GAME_WINS) -> str:
    """Seven backgammon players in a single-elimination bracket of 8 (seed 1 meets a virtual player,
    IBF 3.1.1), matches to 5: round 1 played, one semi-final played."""
    location = str(path / "cup.ledger")
    ledger, views = open_ledger(location, "arbiter", create=True)
    settings = TournamentSettings.for_game(
        Game.BACKGAMMON, "single-elimination", 3, match_length=5, match_format=match_format
    )
    ledger.create_tournament("Spring Cup", settings)
    names = ("Ann", "Ben", HOSTILE[0], "Dan", HOSTILE[1], "Fay", "Gus")
    ledger.register_players([PlayerDetails(name) for name in names])
    ledger.pair_next_round()  # boards: 4-5, 2-7, 3-6; 1 advances against a virtual player
    for board, result in ((1, "2-5"), (2, "5-3"), (3, "6-4")):
        ledger.record_result(1, board, result)
    ledger.pair_next_round()  # 1-5, 2-3
    ledger.record_result(2, 1, "5-1")
    views.catch_up()
    views.close()
    ledger.close()
    return location


def scrabble(path: Path) -> str:
    """Four Scrabble players, 3 rounds paired by hand: after round 2 Ann (2 wins, +600) has clinched
    first place (prize places 1 of 4), nobody can catch her with one game left (tsh Gibson)."""
    location = str(path / "words.ledger")
    ledger, views = open_ledger(location, "arbiter", create=True)
    ledger.create_tournament("Word Cup", TournamentSettings.for_game(Game.SCRABBLE, "koth", 3, seed=5))
    ledger.register_players([PlayerDetails(name, rating=1500) for name in ("Ann", "Ben", "Cid", "Dot")])
    ledger.pair_next_round(manual=[(1, 2), (3, 4)], reason="seeded by hand")
    ledger.record_result(1, 1, "600-200")
    ledger.record_result(1, 2, "400-390")
    ledger.pair_next_round(manual=[(1, 3), (2, 4)], reason="seeded by hand")
    ledger.record_result(2, 1, "500-300")
    ledger.record_result(2, 2, "400-350")
    views.catch_up()
    views.close()
    ledger.close()
    return location
