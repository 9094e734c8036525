"""Snapshots of each desk screen (a fixed terminal size, a ledger built with a fixed clock).

Update after an intended change: pytest tests/tui -k desk_snapshots --snapshot-update"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Iterator
from datetime import datetime, timedelta, tzinfo
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from ledger import rating_store
from ledger.domain import Tournament
from tests.tui.snapshot_apps import START, build_club, build_swiss, desk, fixed_clock
from tests.tui.test_desk_rating_lists import desk_on, make_open, make_store
from tui.desk.app import DeskApp
from tui.wiring import open_ledger

SIZE = (110, 30)
SnapCompare = Callable[..., bool]


class _ImportedAtNine(datetime):
    """The rating store's clock, stopped at 2026-11-01 09:00 UTC."""

    @classmethod
    def now(cls, tz: tzinfo | None = None) -> _ImportedAtNine:
        return cls(2026, 11, 1, 9, tzinfo=tz)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[DeskApp]:
    desk_app = desk(build_club(tmp_path))
    with fixed_clock():
        yield desk_app
    desk_app.session.close_ledger()


def keys(*pressed: str) -> Callable[[Pilot[int]], Awaitable[None]]:
    """Press `pressed`, let every worker finish, and stop the cursors blinking."""

    async def run_before(pilot: Pilot[int]) -> None:
        for key in ("", *pressed):
            if key:
                await pilot.press(key)
            for _ in range(2):
                await pilot.pause()
                await pilot.app.workers.wait_for_complete()
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False
        await pilot.pause()

    return run_before


def test_round_screen(snap_compare: SnapCompare, app: DeskApp) -> None:
    assert snap_compare(app, terminal_size=SIZE, run_before=keys("3", "space", "2", "-", "0", "enter"))


def test_correction_dialog(snap_compare: SnapCompare, app: DeskApp) -> None:
    assert snap_compare(app, terminal_size=SIZE, run_before=keys("1", "space", "0", "-", "1", "enter"))


def test_roster_screen(snap_compare: SnapCompare, app: DeskApp) -> None:
    assert snap_compare(app, terminal_size=SIZE, run_before=keys("r"))


def test_standings_screen(snap_compare: SnapCompare, app: DeskApp) -> None:
    assert snap_compare(app, terminal_size=SIZE, run_before=keys("s"))


def test_log_screen(snap_compare: SnapCompare, app: DeskApp) -> None:
    assert snap_compare(app, terminal_size=SIZE, run_before=keys("l"))


def test_history_screen(snap_compare: SnapCompare, app: DeskApp) -> None:
    assert snap_compare(app, terminal_size=SIZE, run_before=keys("l", "up", "enter"))


def test_explain_screen(snap_compare: SnapCompare, app: DeskApp) -> None:
    """The input's digest, seed and options follow the engines' and the settings' code: masked."""
    run_keys = keys("e")

    async def run_before(pilot: Pilot[int]) -> None:
        await run_keys(pilot)
        facts = pilot.app.screen.query_one("#explain-input", Static)
        masked = re.sub(
            r"input digest [^,]+, seed \d+, options [^)]*", "input digest -, seed -, options -", str(facts.render())
        )
        facts.update(masked)
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_bracket_screen(snap_compare: SnapCompare, app: DeskApp) -> None:
    assert snap_compare(app, terminal_size=SIZE, run_before=keys("b"))


def test_q064_hand_pairing_screen(snap_compare: SnapCompare, tmp_path: Path) -> None:
    """Q64-69: the players to pair with their score, colours, preference and floats; the boards made by
    hand, marked against the engine's pairing shown beside them, and the difference said."""
    location = build_swiss(tmp_path, hand_boards=((7, 1), (4, 6)))
    desk_app = desk(location)
    try:
        with fixed_clock():
            assert snap_compare(desk_app, terminal_size=SIZE, run_before=keys("m"))
    finally:
        desk_app.session.close_ledger()


def test_q112_breaches_screen(snap_compare: SnapCompare, tmp_path: Path) -> None:
    """Q112, Q114 (from the audit log, `i`): each breach with its kind, round, what, when and who, and whether
    it stands: a correction of round 1 undone, its undo, and a second correction in force."""
    location = build_swiss(tmp_path)
    with fixed_clock(START + timedelta(hours=1)):
        ledger, views = open_ledger(location, "arbiter-a")
        ledger.pair_next_round()
        with ledger.command(confirmed=True):
            ledger.correct_result(1, 1, "0-1", "scoresheets signed 0-1")
        (breach,) = [p for p, e in ledger.log_events() if isinstance(e, Tournament.CautionConfirmed)]
        with ledger.command(confirmed=True):
            ledger.undo_breach(breach, "the scoresheets were of another board")
            ledger.correct_result(1, 3, "1/2", "scoresheets signed 1/2")
        views.catch_up()
        views.close()
        ledger.close()
    desk_app = desk(location)
    try:
        with fixed_clock():
            assert snap_compare(desk_app, terminal_size=SIZE, run_before=keys("l", "i"))
    finally:
        desk_app.session.close_ledger()


def test_q128_rating_lists_screen(snap_compare: SnapCompare, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Q119, Q121, Q128 (`g`): the lists held with their date, kind, size, source and hash; the tournament's
    sequence as it reads it on the start date; a player looked up in each list of it. The store is named
    relative to the working directory and imported at a fixed time, so that what the screen reads is what
    the snapshot holds whenever the screen reloads (a mask written over the cells raced the reload the
    dialog's closing starts)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(rating_store, "datetime", _ImportedAtNine)
    store = make_store(Path())
    desk_app = desk_on(make_open(Path()), store)
    look_up = keys("g", "k")

    async def run_before(pilot: Pilot[int]) -> None:
        await look_up(pilot)
        pilot.app.screen.query_one("#field-player", Input).value = "1000003"
        await pilot.click("#confirm")
        await keys()(pilot)

    try:
        with fixed_clock():
            assert snap_compare(desk_app, terminal_size=SIZE, run_before=run_before)
    finally:
        desk_app.session.close_ledger()
