"""Pairing-integrity-breaching events at the desk (docs/fide-mode.md, "Q112-115 Pairing-integrity-breaching
events"; docs/desk.md, "The audit log and the past"): the breaches screen lists each breach the log records
(Q112) and undoes the highlighted one with a reason (Q114), asking through the ledger's own warnings (Q115);
cancelled, nothing is recorded; refused, it shows the ledger's message and its remedy. Driven headless with
Pilot on a real SQLite ledger."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot

from ledger.application import Ledger, PlayerDetails
from ledger.domain import Round, Tournament
from ledger.fide_mode import Breach
from ledger.ranking import RankingRule
from ledger.results import Game
from ledger.settings import TournamentSettings
from projections.state import fold
from tests.ledger.test_undo_breaches import _fingerprint, _hand_pairing_unlike_the_engines
from tests.tui.snapshot_apps import desk
from tests.tui.test_desk import SIZE, fill, settle, status, type_in
from tui.desk.app import DeskApp
from tui.desk.screens.breaches import BreachesScreen
from tui.desk.screens.dialogs import FormDialog
from tui.desk.screens.session import DeskSession
from tui.desk.widgets.tables import BreachTable, breach_status
from tui.wiring import open_ledger

Step = Callable[[Ledger], None]


def _swiss(directory: Path, *steps: Step) -> str:
    """A Dutch Swiss in FIDE mode of 6 players: round 1 played (1-0, 1/2, 0-1), round 2 paired; then `steps`
    (each confirmed, as after `--yes`)."""
    location = str(directory / "open.ledger")
    ledger, views = open_ledger(location, "arbiter-a", create=True)
    ledger.create_tournament("Open", TournamentSettings.for_game(Game.CHESS, "dutch", 5, seed=11))
    ledger.register_players([PlayerDetails(f"Player {n}", rating=2400 - 25 * n) for n in range(1, 7)])
    ledger.pair_next_round()
    for board, result in zip((1, 2, 3), ("1-0", "1/2", "0-1"), strict=True):
        ledger.record_result(1, board, result)
    ledger.pair_next_round()
    for step in steps:
        with ledger.command(confirmed=True):
            step(ledger)
    views.catch_up()
    views.close()
    ledger.close()
    return location


def _correct_round_1(ledger: Ledger) -> None:
    ledger.correct_result(1, 1, "0-1", "scoresheets signed 0-1")


def _exchange_numbers(ledger: Ledger) -> None:
    ledger.exchange_numbers(2, 3, "numbers swapped at the desk")


def _renumber(ledger: Ledger) -> None:
    ledger.renumber(RankingRule.FIDE, "back to the rating order")


def _log(location: str) -> list[tuple[int, object]]:
    ledger, views = open_ledger(location)
    try:
        return list(ledger.log_events())
    finally:
        views.close()
        ledger.close()


def _as_it_stands(location: str) -> tuple[object, ...]:
    """Standings, pairings, pairing numbers and the TRF export with its `###` lines, from the log."""
    return _fingerprint(fold(_log(location)))


def _breach_lines(app: DeskApp) -> list[str]:
    """The `###` breach lines the TRF export writes now (`TournamentState.cautions`, Q113)."""
    return app.session.read_state(lambda state: [c.trf_comment() for _, c in state.cautions if c.breach])


async def _open_breaches(pilot: Pilot[int]) -> BreachTable:
    """The audit log (`l`), then its breaches (`i`)."""
    await pilot.press("l")
    await settle(pilot)
    await pilot.press("i")
    await settle(pilot)
    assert isinstance(pilot.app.screen, BreachesScreen), pilot.app.screen
    return pilot.app.screen.query_one(BreachTable)


async def _undo(pilot: Pilot[int], table: BreachTable, kind: Breach, reason: str) -> FormDialog:
    """Highlight the last breach of `kind`, press `u`, give `reason`: the dialog that opens next."""
    rows = [index for index in range(table.row_count) if table.row_at(index)[1] == kind.value]
    table.move_cursor(rows[-1])
    await pilot.press("u")
    await settle(pilot)
    await fill(pilot, reason)  # the reason, then Enter: to the reference
    await type_in(pilot, "")  # the reference is optional: Undo
    dialog = pilot.app.screen
    assert isinstance(dialog, FormDialog), dialog
    return dialog


async def test_q114_a_correction_of_the_previous_round_confirmed_then_undone_at_the_desk(tmp_path: Path) -> None:
    """Q190, Q115, Q112, Q114: round 1's result corrected at the desk once round 2 is paired asks (level 3)
    and is recorded as a Correction breach; the breaches screen lists it in force; undone there with a
    reason, after the same level 3 warning, the standings, the pairings and the TRF with its `###` lines are
    those of before the correction, and the screen shows the breach undone and its undo."""
    location = _swiss(tmp_path)
    before = _as_it_stands(location)
    app = desk(location)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("left_square_bracket")  # round 1 on the round screen
            await settle(pilot)
            await type_in(pilot, "1 0-1")  # over its 1-0: the correction dialog
            await fill(pilot, "scoresheets signed 0-1")
            await type_in(pilot, "")
            assert isinstance(app.screen, FormDialog) and app.screen.title_text == "Warning (level 3, Q190)"
            await pilot.click("#confirm")
            await settle(pilot)
            assert status(app) == "round 1 board 1: 1-0 corrected to 0-1"
            assert [line.split(":")[0] for line in _breach_lines(app)] == ["Correction @ Round 1"]

            table = await _open_breaches(pilot)
            (breach,) = [table.row_at(index) for index in range(table.row_count)]
            position, kind, round_number, state, _, actor, what = breach
            assert (kind, round_number, state, actor) == ("Correction", "1", "in force", "arbiter-a")
            assert "correct round 1 board 1 to 0-1" in what

            warning = await _undo(pilot, table, Breach.CORRECTION, "entered on the wrong board")
            assert warning.title_text == "Warning (level 3, Q190)"
            assert f"undo the breach at position {position}" in warning.body
            await pilot.click("#confirm")
            await settle(pilot)
            assert status(app) == f"breach at position {position} undone: round 1 board 1 is 1-0 again"
            rows = [table.row_at(index) for index in range(table.row_count)]
            assert [(row[0], row[1], row[3]) for row in rows] == [
                (position, "Correction", f"undone at {rows[1][0]}"),
                (rows[1][0], "Correction", f"undoes {position}"),
            ]
            assert _breach_lines(app) == []
    finally:
        app.session.close_ledger()
    assert _as_it_stands(location) == before
    undone = next(event for _, event in reversed(_log(location)) if isinstance(event, Round.ResultCorrected))
    assert undone.result == "1-0"
    assert undone.reason == f"undo of the breach at position {position}: entered on the wrong board"


async def test_q115_an_undo_at_the_desk_asks_first_and_cancelled_appends_nothing(tmp_path: Path) -> None:
    """Q114, Q115: cancelling the reason dialog, or the level 3 warning after it, records nothing."""
    location = _swiss(tmp_path, _correct_round_1)
    length = len(_log(location))
    app = desk(location)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            table = await _open_breaches(pilot)
            await pilot.press("u")
            await settle(pilot)
            assert isinstance(app.screen, FormDialog) and app.screen.title_text.startswith("Undo the breach at")
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, BreachesScreen)
            warning = await _undo(pilot, table, Breach.CORRECTION, "entered on the wrong board")
            assert warning.title_text == "Warning (level 3, Q190)"
            await pilot.click("#cancel")
            await settle(pilot)
            assert status(app).endswith("cancelled, nothing recorded")
            assert table.row_at(0)[3] == "in force"
    finally:
        app.session.close_ledger()
    assert len(_log(location)) == length


async def test_q114_a_refused_undo_shows_the_ledgers_message_and_remedy(tmp_path: Path) -> None:
    """Q114: a correction already undone is not undone again: the desk shows the ledger's refusal with its
    remedy the desk's way (the board to correct on the Round screen), and nothing is appended; the undo
    itself is not undone either."""
    location = _swiss(tmp_path, _correct_round_1, lambda ledger: ledger.undo_breach(_breach_at(ledger), "by mistake"))
    length = len(_log(location))
    app = desk(location)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            table = await _open_breaches(pilot)
            table.move_cursor(0)
            await pilot.press("u")
            await settle(pilot)
            await fill(pilot, "once more")
            await type_in(pilot, "")
            assert isinstance(app.screen, BreachesScreen)
            shown = status(app)
            assert "round 1 board 1 changed after the breach at position" in shown
            assert "correct the result, with a reason: highlight board 1 of round 1 on the Round screen (p)" in shown
            assert "arbiter " not in shown
            table.move_cursor(1)
            await pilot.press("u")
            await settle(pilot)
            await fill(pilot, "once more")
            await type_in(pilot, "")
            assert "is the undo of the breach at position" in status(app)
    finally:
        app.session.close_ledger()
    assert len(_log(location)) == length


def _breach_at(ledger: Ledger) -> int:
    """The log position of the last breach recorded."""
    return max(
        position
        for position, event in ledger.log_events()
        if isinstance(event, Tournament.CautionConfirmed) and event.caution["breach"]
    )


async def test_q114_a_regenerations_undo_asks_twice_at_the_desk_with_the_consequence(tmp_path: Path) -> None:
    """Q114, Q148: the undo of a regeneration of the pairing numbers is warned of as the regeneration was,
    at level 4: a second dialog states the consequence; confirmed twice, the numbering of before is back."""
    location = _swiss(tmp_path, _exchange_numbers)
    before = _as_it_stands(location)
    ledger, views = open_ledger(location, "arbiter-a")
    with ledger.command(confirmed=True):
        _renumber(ledger)
    views.catch_up()
    views.close()
    ledger.close()
    app = desk(location)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            table = await _open_breaches(pilot)
            warning = await _undo(pilot, table, Breach.RENUMBERING, "the exchange stands")
            assert warning.title_text == "Warning (level 4, Q148)"
            await pilot.click("#confirm")
            await settle(pilot)
            second = app.screen
            assert isinstance(second, FormDialog) and "keep the numbers they were paired with" in second.body
            await pilot.click("#confirm")
            await settle(pilot)
            assert "undone" in status(app)
    finally:
        app.session.close_ledger()
    assert _as_it_stands(location) == before


def test_q112_an_mpa_whose_round_is_unpaired_is_listed_as_lapsed(tmp_path: Path) -> None:
    """Q112, Q65: the breaches view keeps every breach the log records; a hand pairing's MPA whose round was
    unpaired is no longer a `###` line of the TRF, and is shown as lapsed, not as undone."""
    ledger, views = open_ledger(_swiss(tmp_path), "arbiter-a")
    session = DeskSession(ledger, views)
    try:
        for board in (1, 2, 3):
            ledger.record_result(2, board, "1/2")
        _hand_pairing_unlike_the_engines(ledger)
        views.catch_up()
        breaches, read_to, in_force = session.breaches((), 0)
        assert [(b.kind, breach_status(b, in_force)) for b in breaches] == [(Breach.MANUAL_PAIRING, "in force")]
        ledger.unpair(3, "two players arrived after the pairing was made")
        views.catch_up()
        breaches, _, in_force = session.breaches(breaches, read_to)
        assert [(b.kind, breach_status(b, in_force)) for b in breaches] == [(Breach.MANUAL_PAIRING, "lapsed")]
    finally:
        session.close_ledger()
