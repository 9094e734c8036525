"""The desk's standings show places as the CLI prints them (docs/fide-mode.md, Q203 and Q205): players equal
on score and every tie-break share the place, shown as a range ("2-3"); places the arbiter's order of tied
players decided are marked ("4*"). The club of `tests/tui/snapshot_apps.py`: round 1 of a round robin, 1
beat 6, 2 and 5 drew, 3-4 not yet played."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.tui.cli_support import run
from tests.tui.snapshot_apps import build_club, desk
from tests.tui.test_desk import SIZE, settle
from tui import exit_codes
from tui.desk.app import DeskApp
from tui.desk.screens.history import HistoryScreen
from tui.desk.widgets.tables import LogTable, StandingsTable
from tui.wiring import open_ledger


def desk_places(app: DeskApp) -> list[tuple[str, str]]:
    """(place, player number) of each row of the standings table on the screen shown."""
    table = app.screen.query_one(StandingsTable)
    return [table.row_at(index)[:2] for index in range(table.row_count)]


async def standings_places(location: str, meanwhile: Callable[[], None] | None = None) -> list[tuple[str, str]]:
    """The places the desk's Standings screen shows; with `meanwhile`, after it has run (another writer)
    and the screen is refreshed (F5)."""
    app = desk(location)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("s")
            await settle(pilot)
            if meanwhile is not None:
                meanwhile()
                await pilot.press("f5")
                await settle(pilot)
            return desk_places(app)
    finally:
        app.session.close_ledger()


def cli_places(capsys: pytest.CaptureFixture[str], location: str) -> list[tuple[str, str]]:
    """(place, player number) of each row as `arbiter standings --format json` gives them."""
    code, out, _ = run(capsys, "standings", "--format", "json", "--ledger", location)
    assert code == exit_codes.OK
    return [(row.get("place", str(row["rank"])), str(row["number"])) for row in json.loads(out)["rows"]]


def rank_tied(location: str, numbers: list[int], reason: str) -> None:
    """The arbiter's order of tied players, recorded from another writer (the CLI's `rank-tied`)."""
    ledger, views = open_ledger(location, "arbiter-b")
    try:
        ledger.rank_tied(numbers, reason)
        views.catch_up()
    finally:
        views.close()
        ledger.close()


async def test_q203_the_desk_shows_shared_places_as_a_range_as_the_cli_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q203: 2 and 5 drew (equal on score and every tie-break): both are "2-3"; 3, 4 and 6 have nothing
    yet: "4-6". The desk's places are the CLI's, row for row."""
    location = build_club(tmp_path)
    shown = await standings_places(location)
    assert shown == [("1", "1"), ("2-3", "2"), ("2-3", "5"), ("4-6", "3"), ("4-6", "4"), ("4-6", "6")]
    assert shown == cli_places(capsys, location)


async def test_q205_places_set_by_the_arbiters_order_are_marked_as_the_cli_marks_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q205: the arbiter ranks the tied 4, 3, 6 (recorded by another writer while the desk is open): the
    desk's standings follow and mark those places "4*", "5*", "6*"; the tie of 2 and 5 still stands."""
    location = build_club(tmp_path)
    shown = await standings_places(
        location, meanwhile=lambda: rank_tied(location, [4, 3, 6], "regulations 6.4: the chief arbiter decides")
    )
    assert shown == [("1", "1"), ("2-3", "2"), ("2-3", "5"), ("4*", "4"), ("5*", "3"), ("6*", "6")]
    assert shown == cli_places(capsys, location)


async def test_q203_q205_the_past_shows_the_places_of_its_position(tmp_path: Path) -> None:
    """The tournament as it was (the audit log, Enter on a line) shows the places of that position: before
    the arbiter's order the tie of 3, 4 and 6 stands ("4-6"); at the newest line the order is marked."""
    location = build_club(tmp_path)
    rank_tied(location, [6, 4, 3], "chief arbiter")
    app = desk(location)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("l")
            await settle(pilot)
            log = app.screen.query_one(LogTable)
            newest = log.current_position
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, HistoryScreen)
            assert desk_places(app)[3:] == [("4*", "6"), ("5*", "4"), ("6*", "3")]
            await pilot.press("escape", "up", "enter")
            await settle(pilot)
            assert isinstance(app.screen, HistoryScreen) and log.current_position == newest - 1
            assert desk_places(app)[3:] == [("4-6", "3"), ("4-6", "4"), ("4-6", "6")]
    finally:
        app.session.close_ledger()
