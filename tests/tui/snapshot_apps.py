"""The desk's test tournament and apps: a 6-player chess round robin built through `open_ledger` with a
fixed clock, so the audit log's times (and so the snapshots) are the same on every run."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import eventsourcing.domain

from ledger.application import PlayerDetails
from ledger.results import Game
from ledger.settings import TournamentSettings
from tui.desk.app import DeskApp
from tui.desk.screens.session import DeskSession
from tui.wiring import open_ledger

PLAYERS = (
    ("Ann Archer", 2100, "NED"),
    ("Ben Baker", 2000, "BEL"),
    ("Cid Carter", 1900, "FRA"),
    ("Dan Dyer", 1800, "GER"),
    ("Eve Evans", 1700, "ENG"),
    ("Fay Fisher", 1600, "IRL"),
)
START = datetime(2026, 3, 14, 10, 0, tzinfo=UTC)


@contextmanager
def fixed_clock(start: datetime = START, step: timedelta = timedelta(minutes=1)) -> Iterator[None]:
    """Events get the times start, start + step, ... instead of the wall clock."""
    ticks = itertools.count()
    original = eventsourcing.domain.datetime_now_with_tzinfo
    eventsourcing.domain.datetime_now_with_tzinfo = lambda: start + step * next(ticks)
    try:
        yield
    finally:
        eventsourcing.domain.datetime_now_with_tzinfo = original


def build_club(directory: Path, results: Mapping[int, str] | None = None, rounds: int = 5) -> str:
    """club.ledger in `directory`: round 1 paired (1-6, 2-5, 3-4), with `results` by board
    (default: board 1 1-0, board 2 1/2, board 3 still to play). Returns its location."""
    location = str(directory / "club.ledger")
    with fixed_clock():
        ledger, views = open_ledger(location, "arbiter-a", create=True)
        settings = TournamentSettings.for_game(Game.CHESS, "round-robin", rounds, seed=1)
        ledger.create_tournament("Club Championship", settings)
        ledger.register_players([PlayerDetails(n, rating=r, federation=f) for n, r, f in PLAYERS])
        ledger.pair_next_round()
        for board, result in (results if results is not None else {1: "1-0", 2: "1/2"}).items():
            ledger.record_result(1, board, result)
        views.catch_up()
        views.close()
        ledger.close()
    return location


def desk(location: str, actor: str = "arbiter-a", poll_interval: float = 3600.0) -> DeskApp:
    """A desk on the ledger at `location` (polling for other desks' results every `poll_interval` s)."""
    ledger, views = open_ledger(location, actor)
    return DeskApp(DeskSession(ledger, views), poll_interval=poll_interval)


SWISS_PLAYERS = ("Ann Archer", "Ben Baker", "Cid Carter", "Dan Dyer", "Eve Evans", "Fay Fisher", "Gus Green")


def build_swiss(directory: Path, hand_boards: tuple[tuple[int, int], ...] | None = None) -> str:
    """open.ledger in `directory`: a 7-player Dutch Swiss in FIDE mode (5 rounds), round 1 paired 1-4, 5-2,
    3-6 and the pairing-allocated bye to 7, played 1-0, 1/2, 0-1. With `hand_boards`, round 2 is being
    paired by hand and has those boards (their warnings confirmed). Returns its location."""
    location = str(directory / "open.ledger")
    with fixed_clock():
        ledger, views = open_ledger(location, "arbiter-a", create=True)
        ledger.create_tournament("Spring Open", TournamentSettings.for_game(Game.CHESS, "dutch", 5, seed=3))
        ledger.register_players([PlayerDetails(name, rating=2300 - 50 * i) for i, name in enumerate(SWISS_PLAYERS)])
        ledger.pair_next_round()
        for board, result in ((1, "1-0"), (2, "1/2"), (3, "0-1")):
            ledger.record_result(1, board, result)
        if hand_boards is not None:
            ledger.start_hand_pairing()
            for white, black in hand_boards:
                with ledger.command(confirmed=True):  # a rematch among them, confirmed
                    ledger.hand_pair(white, black)
        views.catch_up()
        views.close()
        ledger.close()
    return location
