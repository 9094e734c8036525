"""The desk on the day, driven headless with Pilot: a late entry's bye for the round already paired, a
bye request cancelled, the checks shown before pairing, and every key of every screen pressed on a live
tournament without a crash."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from ledger.application import PlayerDetails
from ledger.domain import Round, Tournament
from ledger.errors import Remedy, RemedyAction
from tests.tui.snapshot_apps import build_club, desk
from tui.desk.app import ROSTER_ACTIONS, DeskApp
from tui.desk.remedies import desk_way
from tui.desk.screens.dialogs import FormDialog
from tui.desk.widgets.status import StatusLine
from tui.desk.widgets.tables import RosterTable
from tui.wiring import open_ledger

SIZE = (110, 32)


@pytest.fixture
def club(tmp_path: Path) -> str:
    """A six-player round robin, round 1 paired, boards 1 and 2 played, and a late entry (number 7)."""
    location = build_club(tmp_path)
    ledger, views = open_ledger(location, "arbiter-a")
    ledger.register_players([PlayerDetails("Gus Green", rating=1500)])
    views.catch_up()
    views.close()
    ledger.close()
    return location


@pytest.fixture
def app(club: str) -> Iterator[DeskApp]:
    desk_app = desk(club)
    yield desk_app
    desk_app.session.close_ledger()


@pytest.fixture
async def pilot(app: DeskApp) -> AsyncIterator[Pilot[int]]:
    async with app.run_test(size=SIZE) as running:
        await settle(running)
        yield running


async def settle(pilot: Pilot[int]) -> None:
    for _ in range(2):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def _answer(app: DeskApp, **values: str) -> None:
    dialog = app.screen
    assert isinstance(dialog, FormDialog), dialog
    for key, value in values.items():
        dialog.query_one(f"#field-{key}", Input).value = value


def _events(location: str) -> list[object]:
    ledger, views = open_ledger(location, "reader")
    try:
        return [event for _, event in ledger.log_events()]
    finally:
        views.close()
        ledger.close()


def _status(app: DeskApp) -> str:
    return app.screen.query_one(StatusLine).text


async def test_late_entry_gets_its_bye_for_the_paired_round(pilot: Pilot[int], club: str) -> None:
    """C.04.2 Art. 2.4: the late entry, on no board of round 1, is given its half point there."""
    app = pilot.app
    await pilot.press("r")
    await settle(pilot)
    app.screen.query_one(RosterTable).move_cursor(6)
    await pilot.press("y")
    await settle(pilot)
    _answer(app, round="1", kind="half", reason="late entry, regulations 4.2")
    await pilot.click("#confirm")
    await settle(pilot)
    assert _status(app) == "player 7 Gus Green: half-point bye in round 1"
    granted = _events(club)[-1]
    assert isinstance(granted, Round.ByeGranted)
    assert (granted.number, granted.kind, granted.points) == (7, "half-point", 0.5)


async def test_bye_request_recorded_then_cancelled(pilot: Pilot[int], club: str) -> None:
    app = pilot.app
    await pilot.press("r")
    await settle(pilot)
    app.screen.query_one(RosterTable).move_cursor(2)
    await pilot.press("y")
    await settle(pilot)
    _answer(app, round="3", kind="zero")
    await pilot.click("#confirm")
    await settle(pilot)
    await pilot.press("x")
    await settle(pilot)
    _answer(app, round="3", reason="can play after all")
    await pilot.click("#confirm")
    await settle(pilot)
    assert "bye request for round 3 cancelled" in _status(app)
    cancelled = _events(club)[-1]
    assert isinstance(cancelled, Tournament.ByeCancelled)
    assert (cancelled.number, cancelled.round, cancelled.reason) == (3, 3, "can play after all")


async def test_pairing_dialog_shows_the_checks(pilot: Pilot[int]) -> None:
    """The desk shows `arbiter check`'s findings before it pairs: board 3 of round 1 has no result."""
    app = pilot.app
    await pilot.press("n")
    await settle(pilot)
    body = str(app.screen.query_one("#dialog-body").render())
    assert "Before pairing:" in body and "round 1 board 3" in body
    await pilot.press("escape")


async def test_every_roster_action_is_in_the_command_palette(app: DeskApp) -> None:
    async with app.run_test(size=SIZE) as running:
        await settle(running)
        titles = {command.title for command in app.get_system_commands(app.screen)}
    assert {title for _, title, _ in ROSTER_ACTIONS} <= titles
    assert {"Check before pairing", "Pair next round", "Unpair round"} <= titles


async def test_every_key_on_every_screen_leaves_the_desk_running(pilot: Pilot[int]) -> None:
    """Each screen's bindings pressed in turn (any dialog closed again with Escape): no crash."""
    app = pilot.app
    for place in app.PLACES:
        await pilot.press(place.key)
        await settle(pilot)
        screen_type = type(app.screen)
        for binding in [*screen_type.BINDINGS, *DeskApp.BINDINGS]:
            key = binding.key if hasattr(binding, "key") else binding[0]
            if key in ("q", "ctrl+q"):
                continue
            await pilot.press(key)
            await settle(pilot)
            while isinstance(app.screen, FormDialog) or app.screen.is_modal:
                await pilot.press("escape")
                await settle(pilot)
            assert app.is_running
            await pilot.press(place.key)
            await settle(pilot)


async def test_a_namesake_is_registered_when_the_arbiter_says_it_is_another_person(
    pilot: Pilot[int], club: str
) -> None:
    """Namesakes are common in open events: refused as a duplicate until the arbiter says so (recorded).
    The refusal's remedies are said the desk's way (docs/design.md, "Refusals and remedies"): its keys,
    never a command line."""
    app = pilot.app
    await pilot.press("r")
    await settle(pilot)
    await pilot.press("a")
    await settle(pilot)
    _answer(app, name="Ann Archer", rating="2100", federation="NED")
    await pilot.click("#confirm")
    await settle(pilot)
    shown = _status(app)
    assert "already registered as number 1" in shown and "arbiter " not in shown
    for action in (RemedyAction.CORRECT_PLAYER, RemedyAction.REGISTER_NAMESAKE):
        assert desk_way(Remedy(action, player=1), app.PLACES) in shown
    await pilot.press("a")
    await settle(pilot)
    _answer(app, name="Ann Archer", rating="2100", federation="NED", namesake="yes")
    await pilot.click("#confirm")
    await settle(pilot)
    registered = _events(club)[-1]
    assert isinstance(registered, Tournament.PlayerRegistered)
    assert (registered.details["name"], registered.duplicate_of) == ("Ann Archer", 1)


async def test_renumbering_is_refused_once_round_one_is_paired(pilot: Pilot[int]) -> None:
    """C.04.2 Art. 2.3: pairing numbers are set before round 1; the desk says why it refuses."""
    app = pilot.app
    await pilot.press("r")
    await settle(pilot)
    await pilot.press("o")
    await settle(pilot)
    _answer(app, rule="alphabetical", reason="club rule")
    await pilot.click("#confirm")
    await settle(pilot)
    assert "round 1 is paired" in _status(app)
