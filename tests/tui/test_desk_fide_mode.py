"""FIDE mode at the desk (docs/fide-mode.md): a warning of level 3 or 4 that stops a desk command opens a
dialog (level 4: a second one with the consequence) and the command runs again confirmed, or nothing is
recorded (checklist warning levels, Q115, Q190); the header says when the tournament is not in FIDE mode
(Q46). Driven headless with Pilot."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from ledger.application import Ledger, PlayerDetails
from ledger.domain import Round, Tournament
from ledger.fide_mode import Breach
from ledger.results import Game
from ledger.settings import TournamentSettings
from tests.tui.snapshot_apps import desk
from tests.tui.test_desk import SIZE, last_event, settle, status
from tui.desk.app import DeskApp
from tui.desk.messages import Action, Command
from tui.desk.screens.base import DeskScreen
from tui.desk.screens.dialogs import FormDialog
from tui.wiring import open_ledger


def _swiss_in_round_2(directory: Path) -> str:
    """A Dutch Swiss in FIDE mode: round 1 played (all draws), round 2 paired."""
    location = str(directory / "open.ledger")
    ledger, views = open_ledger(location, "arbiter-a", create=True)
    ledger.create_tournament("Open", TournamentSettings.for_game(Game.CHESS, "dutch", 5, seed=3))
    ledger.register_players([PlayerDetails(f"Player {n}", rating=2300 - 20 * n) for n in range(1, 7)])
    ledger.pair_next_round()
    for board in (1, 2, 3):
        ledger.record_result(1, board, "1/2")
    ledger.pair_next_round()
    views.catch_up()
    views.close()
    ledger.close()
    return location


def _run(app: DeskApp, title: str, call: object, action: Action = Action.CORRECT) -> None:
    screen = app.screen
    assert isinstance(screen, DeskScreen)
    screen.run_command(Command(title=title, call=call, done=lambda _: f"{title}: done", action=action))  # type: ignore[arg-type]


def _dialog(app: DeskApp) -> FormDialog:
    assert isinstance(app.screen, FormDialog), app.screen
    return app.screen


def _correct_round_1(ledger: Ledger) -> None:
    ledger.correct_result(1, 1, "1-0", "scoresheets signed 1-0")


async def test_q115_a_level_3_warning_asks_at_the_desk_and_runs_confirmed(tmp_path: Path) -> None:
    """Q115, Q190: correcting the previous round at the desk opens a confirm/cancel dialog naming the
    warning; cancelled, nothing is recorded; confirmed, the command runs again and the correction and
    its breach are recorded."""
    location = _swiss_in_round_2(tmp_path)
    app = desk(location)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            _run(app, "correcting round 1 board 1", _correct_round_1)
            await settle(pilot)
            assert _dialog(app).title_text == "Warning (level 3, Q190)"
            assert "round 2 was paired from it" in _dialog(app).body
            await pilot.click("#cancel")
            await settle(pilot)
            assert "cancelled, nothing recorded" in status(app)
            assert isinstance(last_event(location), Round.Paired)
            _run(app, "correcting round 1 board 1", _correct_round_1)
            await settle(pilot)
            await pilot.click("#confirm")
            await settle(pilot)
            assert status(app) == "correcting round 1 board 1: done"
            corrected = last_event(location)
            assert isinstance(corrected, Round.ResultCorrected) and corrected.result == "1-0"
    finally:
        app.session.close_ledger()


async def _leave(pilot: Pilot[int], app: DeskApp) -> None:
    _run(app, "leaving FIDE mode", lambda ledger: ledger.leave_fide_mode("regulations"), Action.REFRESH)
    await settle(pilot)


async def test_q043_a_level_4_warning_asks_twice_with_the_consequence_and_q046_the_header_says_so(
    tmp_path: Path,
) -> None:
    """Q43 at the desk: leaving FIDE mode asks, then asks again showing the consequence; a cancel at the
    second dialog records nothing; confirmed twice, it is recorded and the header shows the tournament
    as not in FIDE mode (Q46)."""
    location = _swiss_in_round_2(tmp_path)
    app = desk(location)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert "FIDE" not in app.sub_title
            await _leave(pilot, app)
            await pilot.click("#confirm")
            await settle(pilot)
            assert "can never be entered again" in _dialog(app).body
            await pilot.click("#cancel")
            await settle(pilot)
            assert isinstance(last_event(location), Round.Paired)
            await _leave(pilot, app)
            await pilot.click("#confirm")
            await settle(pilot)
            await pilot.click("#confirm")
            await settle(pilot)
            assert isinstance(last_event(location), Tournament.FideModeLeft)
            assert app.sub_title.startswith("NOT IN FIDE MODE (left after round 2) · ")
            caution = app.session.read_state(lambda state: state.cautions[-1][1])
            assert caution.breach is Breach.FIDE_MODE_LEFT
    finally:
        app.session.close_ledger()
