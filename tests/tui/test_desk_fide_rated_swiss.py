"""A FIDE-rated Swiss run at the desk, meeting each warning level of docs/fide-mode.md ("Warning levels")
where the checklist puts it, as tests/tui/test_fide_rated_swiss.py does through the `arbiter` command:
level 2 acknowledged (Q177 a full-point bye, Q67 both players against their colour), level 3 confirmed
(Q66 a rematch paired by hand, Q190 a correction of the previous round), level 4 confirmed twice with its
consequence (Q69 a hand pairing unlike the engine's) and level 5 refused (Q191 a correction of an earlier
round). Every step through the desk's keys and dialogs (Pilot, a real SQLite ledger); each confirmed warning
is in the log and the TRF's `###` lines."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from ledger.application import PlayerDetails
from ledger.results import Game
from ledger.settings import TournamentSettings
from tests.tui.snapshot_apps import desk
from tests.tui.test_desk import SIZE, fill, settle, status, type_in
from tui.desk.app import DeskApp
from tui.desk.screens.dialogs import FormDialog
from tui.desk.widgets.grid import Grid
from tui.desk.widgets.tables import RosterTable
from tui.wiring import open_ledger


def _new_swiss(directory: Path) -> str:
    """`arbiter new` and `arbiter register` (the desk opens a tournament; it does not create one)."""
    location = str(directory / "open.ledger")
    ledger, views = open_ledger(location, "arbiter-a", create=True)
    ledger.create_tournament("Open", TournamentSettings.for_game(Game.CHESS, "dutch", 5, seed=11))
    ledger.register_players([PlayerDetails(f"Player {n}", rating=2400 - 20 * n) for n in range(1, 9)])
    views.catch_up()
    views.close()
    ledger.close()
    return location


async def _answer(pilot: Pilot[int], app: DeskApp, seen: list[str]) -> None:
    """Confirm every dialog the last step opened (a warning confirmed, a level 2 warning acknowledged, a
    level 4 warning's second step), noting each title."""
    while isinstance(app.screen, FormDialog):
        seen.append(app.screen.title_text)
        await pilot.click("#confirm")
        await settle(pilot)


async def _pair_and_draw(pilot: Pilot[int], app: DeskApp, number: int, seen: list[str]) -> None:
    await pilot.press("p", "n")
    await settle(pilot)
    await _answer(pilot, app, seen)
    boards = app.session.read_state(lambda state: len(state.rounds[number].boards))
    for board in range(1, boards + 1):
        await type_in(pilot, f"{board} 1/2")


async def test_q040_a_fide_rated_swiss_at_the_desk_meets_every_warning_level(tmp_path: Path) -> None:
    location = _new_swiss(tmp_path)
    app = desk(location)
    seen: list[str] = []
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            # level 2: a full-point bye is recorded, with its "deprecated" warning to acknowledge (Q177)
            await pilot.press("r")
            await settle(pilot)
            roster = app.screen.query_one(RosterTable)
            roster.move_cursor(row=roster.row_count - 1)
            await pilot.press("y")
            await settle(pilot)
            app.screen.query_one("#field-kind").value = "full"  # type: ignore[attr-defined]
            await pilot.click("#confirm")
            await settle(pilot)
            assert isinstance(app.screen, FormDialog) and app.screen.title_text == "Warning (level 2, Q177)"
            await _answer(pilot, app, seen)
            await _pair_and_draw(pilot, app, 1, seen)
            await _pair_and_draw(pilot, app, 2, seen)

            # round 3 by hand: a rematch (level 3, Q66), then the rest in the order shown; ending unlike the
            # engine's pairing asks twice (level 4, Q69)
            board = app.session.read_state(lambda state: state.rounds[1].boards[0])
            first, second = board.first, board.second
            await pilot.press("m", "t")
            await settle(pilot)
            await _answer(pilot, app, seen)
            await type_in(pilot, f"{second} {first}")
            assert isinstance(app.screen, FormDialog) and app.screen.title_text == "Warning (level 3, Q66)"
            await _answer(pilot, app, seen)
            to_pair = app.screen.query_one("#to-pair", Grid)
            while to_pair.row_count > 1:
                keys = [key for key, _ in to_pair.rows]
                await type_in(pilot, f"{keys[0]} {keys[1]}")
                await _answer(pilot, app, seen)
            await pilot.press("f")
            await settle(pilot)
            await _answer(pilot, app, seen)
            assert seen.count("Warning (level 4, Q69)") == 2
            assert app.session.read_state(lambda state: state.rounds[3].engine) == "manual"

            # level 3: correcting the previous round once round 3 is paired asks first (Q190)
            for board in range(1, app.session.read_state(lambda state: len(state.rounds[3].boards)) + 1):
                await type_in(pilot, f"{board} 1/2")
            await pilot.press("left_square_bracket", "c")
            await settle(pilot)
            await fill(pilot, "1-0")
            await fill(pilot, "scoresheet misread")
            await fill(pilot, "")
            await _answer(pilot, app, seen)
            assert "Warning (level 3, Q190)" in seen

            # level 5: an earlier round is not corrected in FIDE mode (Q191), refused in red
            before = app.session.ledger.position()
            await pilot.press("left_square_bracket", "c")
            await settle(pilot)
            await fill(pilot, "0-1")
            await fill(pilot, "an older mistake")
            await fill(pilot, "")
            assert not isinstance(app.screen, FormDialog)
            assert "not possible in FIDE mode" in status(app)
            assert app.session.ledger.position() == before
    finally:
        app.session.close_ledger()
    assert "Warning (level 2, Q177)" in seen
    trf = trf_comments(location)
    for kind in ("Full-point bye @ Round 1", "MPA @ Round 3", "Correction @ Round 2"):
        assert any(kind in line for line in trf), (kind, trf)


def trf_comments(location: str) -> list[str]:
    """The `###` lines of the ledger's TRF export (the TEC Manual's breach lines, Q113)."""
    from pairing.trf.writer import format as trf_format
    from tui.cli.trf_ledger import to_document

    ledger, views = open_ledger(location)
    try:
        document = to_document(views.state(), 0, [])
    finally:
        views.close()
        ledger.close()
    return [line for line in trf_format(document).splitlines() if line.startswith("### ")]
