"""Pairing a round by hand at the desk (docs/fide-mode.md, "Q64-69 Manual pairing"; docs/desk.md): the Pair
by hand screen starts the hand pairing, makes boards from two typed numbers or two picks, gives the
pairing-allocated bye, takes a board out and ends or cancels; every warning of Q66-69 is the ledger's, asked
as the desk's dialogs (level 2 acknowledged, level 3 confirm or cancel, level 4 twice with the consequence)
and nothing is recorded when cancelled. Driven headless with Pilot on a real SQLite ledger."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input, Static

from ledger.domain import Round, Tournament
from ledger.fide_mode import Breach
from ledger.hand_pairing import pairing_items
from pairing.criteria.basic_rules import played_sides
from pairing.model import Side
from pairing.registry import engine_for
from projections.history import pairing_input
from projections.state import fold
from tests.tui.snapshot_apps import build_swiss, desk
from tests.tui.test_desk import SIZE, last_event, settle, status, type_in
from tests.tui.test_desk_fide_rated_swiss import trf_comments
from tui.desk.app import DeskApp
from tui.desk.messages import Action, Command
from tui.desk.screens.dialogs import FormDialog
from tui.desk.screens.hand import HandPairingScreen
from tui.desk.widgets.grid import Grid
from tui.wiring import open_ledger


def _dialog(app: DeskApp) -> FormDialog:
    assert isinstance(app.screen, FormDialog), app.screen
    return app.screen


def _hand(app: DeskApp) -> HandPairingScreen:
    assert isinstance(app.screen, HandPairingScreen), app.screen
    return app.screen


def _rows(app: DeskApp, table: str) -> list[str]:
    shown = _hand(app).query_one(f"#{table}", Grid)
    return [key for key, _ in shown.rows]


async def _press(pilot: Pilot[int], *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


def _mpa_lines(location: str) -> list[str]:
    return [line for line in trf_comments(location) if line.startswith("### MPA")]


async def _start(pilot: Pilot[int]) -> None:
    """The Pair by hand screen, and `t` started on the round it offers (round 2)."""
    await settle(pilot)
    await _press(pilot, "m", "t")
    assert isinstance(pilot.app.screen, FormDialog) and pilot.app.screen.title_text == "Pair a round by hand"
    await pilot.click("#confirm")
    await settle(pilot)


async def test_q064_a_round_is_paired_by_hand_at_the_desk_by_numbers_picks_and_the_bye(tmp_path: Path) -> None:
    """Q64: started, the screen lists the players to pair and the engine's pairing beside; two numbers typed
    make a board, two players picked (Enter on the highlighted one, twice) another, `y` gives the
    pairing-allocated bye to the number typed, `x` takes a board out again; each step is an event."""
    location = build_swiss(tmp_path)
    app = desk(location)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await _start(pilot)
            assert isinstance(last_event(location), Round.HandPairingStarted)
            assert _rows(app, "to-pair") == ["1", "2", "3", "4", "5", "6", "7"]
            assert _rows(app, "engine-boards"), "the engine's pairing of round 2 is shown beside"

            await type_in(pilot, "7 1")
            paired = last_event(location)
            assert isinstance(paired, Round.HandPaired) and (paired.first, paired.second) == (7, 1)
            table = _hand(app).query_one("#to-pair", Grid)
            table.move_cursor(row=_rows(app, "to-pair").index("4"))
            await type_in(pilot, "")  # Enter on the highlighted player: White
            table.move_cursor(row=_rows(app, "to-pair").index("6"))
            await type_in(pilot, "")  # and Black
            assert _rows(app, "hand-boards") == ["7-1", "4-6"]

            await type_in(pilot, "3", enter=False)
            await _press(pilot, "y")
            assert isinstance(last_event(location), Round.HandByeGiven)
            await _press(pilot, "x")
            _dialog(app).query_one("#field-player", Input).value = "6"
            await pilot.click("#confirm")
            await settle(pilot)
            assert isinstance(last_event(location), Round.HandUnseated)
            assert _rows(app, "hand-boards") == ["7-1", "bye 3"]
            assert _rows(app, "to-pair") == ["2", "4", "5", "6"]
    finally:
        app.session.close_ledger()


async def test_q066_a_rematch_at_the_desk_is_asked_cancelled_then_confirmed(tmp_path: Path) -> None:
    """Q66: a rematch typed at the desk is the ledger's level 3 warning in a confirm/cancel dialog; cancelled,
    nothing is recorded; confirmed, the board and the warning are recorded."""
    location = build_swiss(tmp_path)
    app = desk(location)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await _start(pilot)
            await type_in(pilot, "5 2")
            assert _dialog(app).title_text == "Warning (level 3, Q66)"
            assert _dialog(app).body == "5-2 is a rematch: they played each other already (C.04.1 Art. 2)."
            await pilot.click("#cancel")
            await settle(pilot)
            assert "cancelled, nothing recorded" in status(app)
            assert isinstance(last_event(location), Round.HandPairingStarted)
            assert _rows(app, "hand-boards") == []

            await type_in(pilot, "5 2")
            await pilot.click("#confirm")
            await settle(pilot)
            while isinstance(app.screen, FormDialog):  # the board's level 2 warning (Q67), acknowledged
                await pilot.click("#confirm")
                await settle(pilot)
            paired = last_event(location)
            assert isinstance(paired, Round.HandPaired) and (paired.first, paired.second) == (5, 2)
            cautions = app.session.read_state(lambda state: [caution for _, caution in state.cautions])
            assert [c.text for c in cautions if c.question == "Q66"] == [
                "5-2 is a rematch: they played each other already (C.04.1 Art. 2)"
            ]
            assert "Differs" in str(_hand(app).query_one("#comparison", Static).render())
    finally:
        app.session.close_ledger()


async def test_q067_both_players_against_their_colour_is_acknowledged_at_the_desk(tmp_path: Path) -> None:
    """Q67: 5 (who expects Black) given White against 4 (who expects White): the board is recorded, and the
    level 2 warning shown in a dialog with only OK."""
    location = build_swiss(tmp_path)
    app = desk(location)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await _start(pilot)
            await type_in(pilot, "5 4")
            paired = last_event(location)
            assert isinstance(paired, Round.HandPaired) and (paired.first, paired.second) == (5, 4)
            assert _dialog(app).title_text == "Warning (level 2, Q67)"
            assert _dialog(app).body.startswith("5-4: both players get the colour opposite to the one they expect.")
            assert not _dialog(app).query("#cancel"), "a level 2 warning is only acknowledged"
            await pilot.click("#confirm")
            await settle(pilot)
            assert _rows(app, "hand-boards") == ["5-4"]
    finally:
        app.session.close_ledger()


async def test_q069_a_hand_pairing_unlike_the_engines_asks_twice_at_the_desk(tmp_path: Path) -> None:
    """Q68-69: ending a hand pairing unlike the engine's is the ledger's level 4 warning naming both
    pairings, then a second dialog with the consequence; cancelled there, nothing is recorded; confirmed
    twice, the round is published and the MPA recorded with its TRF line."""
    location = build_swiss(tmp_path, hand_boards=((5, 2), (7, 1), (4, 6)))
    app = desk(location)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await _press(pilot, "m")
            assert _rows(app, "hand-boards") == ["5-2", "7-1", "4-6"]
            assert "Differs: by hand 5-2, 4-6" in str(_hand(app).query_one("#comparison", Static).render())
            await _press(pilot, "f")
            assert _dialog(app).title_text == "Warning (level 4, Q69)"
            assert _dialog(app).body.startswith("the hand pairing differs from dutch's: by hand 5-2, 4-6, bye 3;")
            await pilot.click("#confirm")
            await settle(pilot)
            assert "written to the TRF as an MPA line" in _dialog(app).body
            await pilot.click("#cancel")
            await settle(pilot)
            assert "cancelled, nothing recorded" in status(app)
            assert isinstance(last_event(location), Round.HandPaired)

            await _press(pilot, "f")
            await pilot.click("#confirm")
            await settle(pilot)
            await pilot.click("#confirm")
            await settle(pilot)
            published = last_event(location)
            assert isinstance(published, Round.Paired) and published.engine == "manual"
            assert published.boards == [[5, 2], [7, 1], [4, 6]]
            caution = app.session.read_state(lambda state: state.cautions[-1][1])
            assert caution.breach is Breach.MANUAL_PAIRING and caution.round == 2
    finally:
        app.session.close_ledger()
    assert _mpa_lines(location) == [f"### {caution.trf_comment()}"]


async def test_q065_while_a_round_is_paired_by_hand_a_refusal_points_to_the_screen(tmp_path: Path) -> None:
    """Q65: the engine does not pair a round being paired by hand; the desk's refusal names the ways out as
    the keys of the Pair by hand screen, and cancelling there (with a reason) leaves the round unpaired."""
    location = build_swiss(tmp_path, hand_boards=((7, 1),))
    app = desk(location)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            command = Command("pairing round 2", lambda ledger: ledger.pair_next_round(), lambda _: "", Action.PAIR)
            app.screen.run_command(command)  # type: ignore[attr-defined]
            await settle(pilot)
            assert "round 2 is being paired by hand" in status(app)
            assert "press f on the Pair by hand screen (m)" in status(app)
            assert "press c on the Pair by hand screen (m)" in status(app)
            await _press(pilot, "m")
            assert _rows(app, "hand-boards") == ["7-1"]
            await _press(pilot, "c")
            await pilot.click("#confirm")
            await settle(pilot)
            assert "Reason is required" in str(_dialog(app).query_one("#dialog-error").render())
            await type_in(pilot, "the engine pairs it after all")
            assert isinstance(last_event(location), Round.HandPairingCancelled)
            assert "No round is being paired by hand" in str(_hand(app).query_one("#hand-title").render())
    finally:
        app.session.close_ledger()


async def test_q068_a_hand_pairing_like_the_engines_ends_after_one_question_and_records_no_mpa(
    tmp_path: Path,
) -> None:
    """Q68: the boards made as the engine makes them (read from the screen's engine column) are marked the
    same; ending asks once (publish?) and records no warning and no MPA."""
    location = build_swiss(tmp_path)
    app = desk(location)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await _press(pilot, "m", "t")
            await pilot.click("#confirm")
            await settle(pilot)
            engine = _rows(app, "engine-boards")
            for item in engine:
                if item.startswith("bye "):
                    await type_in(pilot, item.removeprefix("bye "), enter=False)
                    await _press(pilot, "y")
                else:
                    await type_in(pilot, item)
                if isinstance(app.screen, FormDialog):  # a level 2 warning the engine's pairing may give
                    await pilot.click("#confirm")
                    await settle(pilot)
            assert "the same as the engine's" in str(_hand(app).query_one("#comparison").render())
            await _press(pilot, "f")
            assert _dialog(app).title_text == "End the hand pairing of round 2?"
            await pilot.click("#confirm")
            await settle(pilot)
            assert isinstance(last_event(location), Round.Paired)
            assert not any(
                isinstance(event, Tournament.CautionConfirmed) and event.caution["question"] == "Q69"
                for _, event in app.session.ledger.log_events()
            )
    finally:
        app.session.close_ledger()
    assert _mpa_lines(location) == []


def _two_rounds_played(directory: Path) -> tuple[str, int, int]:
    """The Swiss after round 2, paired by hand so that 1 has White again (all draws): a player who had White
    twice, and a player they have not met."""
    location = build_swiss(directory)
    ledger, views = open_ledger(location, "arbiter-a")
    try:
        with ledger.command(confirmed=True):
            ledger.pair_next_round(manual=[(1, 3), (6, 5), (7, 2)])
        for board in range(1, len(ledger.round(2).boards) + 1):
            ledger.record_result(2, board, "1/2")
        views.catch_up()
        request = pairing_input(views.state(), 3)
    finally:
        views.close()
        ledger.close()
    white = next(p for p in request.players if played_sides(p.history) == (Side.FIRST, Side.FIRST))
    black = next(
        p
        for p in request.players
        if p.number != white.number and p.number not in white.opponents and Side.SECOND not in played_sides(p.history)
    )
    return location, white.number, black.number


async def test_q066_two_warnings_of_one_board_are_asked_together(tmp_path: Path) -> None:
    """Q66, warning levels: White a third time in a row is also a colour difference of three: two level 3
    warnings of one board. The desk shows both in one dialog, so that neither is confirmed unseen; cancelled,
    nothing is recorded; confirmed, both are in the log."""
    location, white, black = _two_rounds_played(tmp_path)
    app = desk(location)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await _press(pilot, "m", "t")
            await pilot.click("#confirm")
            await settle(pilot)
            await type_in(pilot, f"{white} {black}")
            dialog = _dialog(app)
            assert dialog.title_text == "Warnings (level 3, Q66; level 3, Q66)"
            asked = dialog.body.splitlines()
            await pilot.click("#cancel")
            await settle(pilot)
            assert asked == [
                f"{white}-{black}: {white} gets White a third time in a row.",
                f"{white}-{black}: {white}'s colour difference becomes 3.",
            ]
            assert isinstance(last_event(location), Round.HandPairingStarted)
            await type_in(pilot, f"{white} {black}")
            await pilot.click("#confirm")
            await settle(pilot)
            while isinstance(app.screen, FormDialog):  # a level 2 warning the board may also give
                await pilot.click("#confirm")
                await settle(pilot)
            assert isinstance(last_event(location), Round.HandPaired)
            cautions = app.session.read_state(lambda state: [caution for _, caution in state.cautions])
            confirmed = [c.text for c in cautions if c.question == "Q66" and c.round == 3]
            assert confirmed == [text.removesuffix(".") for text in asked]
    finally:
        app.session.close_ledger()


def _engine_items_now(location: str) -> list[str]:
    """The engine's pairing of round 2 from the ledger's state now, made afresh (not the desk's)."""
    ledger, views = open_ledger(location)
    try:
        request = pairing_input(fold(ledger.log_events()), 2)
    finally:
        views.close()
        ledger.close()
    return pairing_items(engine_for(request.system).pair(request))


async def test_q068_the_engines_pairing_is_made_once_per_round_state(tmp_path: Path) -> None:
    """Q68 at the desk: the engine's pairing beside the hand pairing is made once for the round's state, not
    at every refresh: steps of the hand pairing (each an event) and refreshes reuse it; a change of what
    the engine reads (round 1's result corrected by another writer) makes it again, and the screen then
    shows the engine's pairing of the new state."""
    location = build_swiss(tmp_path)
    app = desk(location)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await _start(pilot)
            made = app.session.ledger.engine_pairings
            assert made.computed == 1
            before = _rows(app, "engine-boards")
            assert before == _engine_items_now(location)
            await type_in(pilot, "7 1")
            await _press(pilot, "f5", "s", "m")
            assert _rows(app, "hand-boards") == ["7-1"]
            assert made.computed == 1, "steps and refreshes reuse the engine's pairing"

            other, views = open_ledger(location, "arbiter-b")
            other.correct_result(1, 3, "1-0", "the score sheet says White won")
            views.close()
            other.close()
            await _press(pilot, "f5")
            assert made.computed == 2
            after = _rows(app, "engine-boards")
            assert after == _engine_items_now(location) and after != before
    finally:
        app.session.close_ledger()
