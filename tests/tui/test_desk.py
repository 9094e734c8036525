"""The arbiter's desk, driven headless with Pilot: each screen and the main flows."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import pytest
from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets import Input

from ledger.application import PlayerDetails
from ledger.domain import Round, Tournament
from ledger.results import Game
from ledger.settings import TournamentSettings
from pairing.registry import systems
from tests.tui.snapshot_apps import build_club, desk
from tui import exit_codes
from tui.desk.app import DeskApp, run_desk
from tui.desk.screens.dialogs import FormDialog
from tui.desk.screens.history import HistoryScreen
from tui.desk.screens.round import RoundScreen
from tui.desk.widgets.entry import Entry, parse_entry
from tui.desk.widgets.grid import Grid
from tui.desk.widgets.nav import NavBar
from tui.desk.widgets.status import StatusLine
from tui.desk.widgets.tables import BoardTable, LogTable, RosterTable, StandingsTable
from tui.wiring import open_ledger

SIZE = (110, 32)


@pytest.fixture
def club(tmp_path: Path) -> str:
    return build_club(tmp_path)


@pytest.fixture
def app(club: str) -> Iterator[DeskApp]:
    desk_app = desk(club)
    yield desk_app
    desk_app.session.close_ledger()


async def settle(pilot: Pilot[int]) -> None:
    """Let every worker (commands, reads) finish and the screen catch up."""
    for _ in range(2):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def within_two_seconds(pilot: Pilot[int], seen: Callable[[], bool]) -> None:
    """Wait (up to 2 s) until the desk shows what `seen` looks for: another desk's write arrives by the poll."""
    for _ in range(40):
        if seen():
            return
        await pilot.pause(0.05)


async def type_in(pilot: Pilot[int], text: str, enter: bool = True) -> None:
    """Type `text` key by key (short texts: each key takes a while)."""
    await pilot.press(*text, *(["enter"] if enter else []))
    await settle(pilot)


async def fill(pilot: Pilot[int], text: str, enter: bool = True) -> None:
    """Put `text` in the focused input at once (long texts), then press Enter."""
    focused = pilot.app.focused
    assert isinstance(focused, Input), focused
    focused.value = text
    if enter:
        await pilot.press("enter")
    await settle(pilot)


def status(app: DeskApp) -> str:
    return app.screen.query_one(StatusLine).text


def results(app: DeskApp) -> list[str]:
    table = app.screen.query_one(BoardTable)
    return [table.result_of(board) for board in range(1, table.row_count + 1)]


def last_event(location: str) -> object:
    ledger, views = open_ledger(location)
    try:
        return list(ledger.log_events())[-1][1]
    finally:
        views.close()
        ledger.close()


@pytest.fixture
async def pilot(app: DeskApp) -> AsyncIterator[Pilot[int]]:
    async with app.run_test(size=SIZE) as running:
        await settle(running)
        yield running


def test_entry_line_reads_board_and_result() -> None:
    assert parse_entry("3 1-0") == Entry(3, "1-0")
    assert parse_entry(" 12  412-380 ") == Entry(12, "412-380")
    assert parse_entry("1-0") == Entry(None, "1-0")
    assert parse_entry("1/2") == Entry(None, "1/2")
    assert parse_entry("   ") is None


def test_a_missing_ledger_is_refused_with_a_clear_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = run_desk(str(tmp_path / "nowhere.ledger"), None)
    assert code == exit_codes.NO_LEDGER
    err = capsys.readouterr().err
    assert "there is no ledger at" in err and "arbiter new" in err
    assert not (tmp_path / "nowhere.ledger").exists()


def test_the_desk_reads_through_the_projections_and_runs_no_sql_of_its_own() -> None:
    """ARCHITECTURE.md layers: the desk asks the read models (`projections.async_views`) and writes
    through the ledger; no query text and no query driver in tui/desk."""
    sources = sorted((Path(__file__).parents[2] / "tui" / "desk").rglob("*.py"))
    assert sources
    for path in sources:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b", text), path
        assert not re.search(r"^(import|from) aiosqlite|^from projections\.views import .*\btable\b", text, re.M), path


def test_one_list_of_screens_gives_the_modes_keys_and_bar() -> None:
    """`DeskApp.DESK_SCREENS` is the one list: every screen in it is a mode, reached by its own key."""
    places = [screen.PLACE for screen in DeskApp.DESK_SCREENS if screen.PLACE is not None]
    assert len(places) == len(DeskApp.DESK_SCREENS)
    assert list(DeskApp.MODES) == [place.mode for place in places]
    keys = {binding.key: binding.action for binding in DeskApp.BINDINGS if isinstance(binding, Binding)}
    assert {place.key: f"switch_mode('{place.mode}')" for place in places}.items() <= keys.items()
    assert len({place.key for place in places}) == len(places)


async def test_the_palette_and_the_screen_bar_offer_every_screen(pilot: Pilot[int]) -> None:
    app = pilot.app
    titles = {command.title for command in app.get_system_commands(app.screen)}
    assert {f"Show: {place.palette}" for place in DeskApp.PLACES} <= titles
    bar = str(app.screen.query_one(NavBar).render())
    assert all(place.title in bar for place in DeskApp.PLACES)


async def test_round_screen_shows_the_pairing_and_refuses_a_bad_result(pilot: Pilot[int]) -> None:
    """The cursor starts on the empty board; a bad result shows the ledger's message and appends nothing."""
    app = pilot.app
    assert isinstance(app.screen, RoundScreen)
    assert results(app) == ["1-0", "1/2", ""]
    assert app.screen.query_one(BoardTable).current_board == 3
    assert app.focused is app.screen.query_one("#entry")
    before = app.session.ledger.position()
    await type_in(pilot, "3 2-0")
    assert "'2-0' is not a chess result: use 1-0, 0-1, 1/2" in status(app)
    assert "-error" in app.screen.query_one(StatusLine).classes
    await type_in(pilot, "9 1-0")
    assert "round 1 has boards 1..3, not 9" in status(app)
    assert app.session.ledger.position() == before
    assert results(app) == ["1-0", "1/2", ""]


async def test_q180_q186_an_unusual_result_is_typed_at_the_entry_line(pilot: Pilot[int], club: str) -> None:
    """Q180-186: the entry line takes the unusual results as the CLI does (½ typed or written 1/2): board 3
    gets ½-0, recorded as 1/2-0, White a draw's points and Black none."""
    app = pilot.app
    await type_in(pilot, "3 ½-0")
    assert results(app) == ["1-0", "1/2", "1/2-0"]
    assert status(app).startswith("round 1 board 3: 1/2-0")
    event = last_event(club)
    assert isinstance(event, Round.ResultRecorded) and event.result == "1/2-0"


async def test_q180_q186_an_unrated_game_is_typed_after_its_result_and_letters_stay_keys_before(
    pilot: Pilot[int], club: str
) -> None:
    """Q180-186: once a result is begun on the entry line, letters go into it, so board 3 takes "1-0 unrated"
    (a game of less than one move); on an empty line, or after a board number alone, a letter is still the
    desk's key (here `l`, the log, is not typed into the line)."""
    app = pilot.app
    await type_in(pilot, "3 1-0 unrated")
    assert results(app) == ["1-0", "1/2", "1-0 unrated"]
    event = last_event(club)
    assert isinstance(event, Round.ResultRecorded) and event.result == "1-0 unrated"
    entry = app.screen.query_one("#entry", Input)
    await type_in(pilot, "3l", enter=False)
    assert entry.value == "" or "l" not in entry.value
    assert not isinstance(app.screen, RoundScreen)  # the log screen opened


async def test_results_entered_move_the_cursor_to_the_next_empty_board(tmp_path: Path) -> None:
    app = desk(build_club(tmp_path, results={}))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen.query_one(BoardTable)
        assert table.current_board == 1
        await type_in(pilot, "2 1/2")
        assert results(app) == ["", "1/2", ""]
        assert table.current_board == 3
        assert status(app) == "round 1 board 2: 1/2"
        await type_in(pilot, "0-1")  # no board: the highlighted one
        assert results(app) == ["", "1/2", "0-1"]
        assert table.current_board == 1
        await type_in(pilot, "1-0")
        assert results(app) == ["1-0", "1/2", "0-1"]
        assert "every result is in" in status(app)
    app.session.close_ledger()


async def test_a_result_over_a_recorded_one_opens_a_correction_that_needs_a_reason(
    pilot: Pilot[int], club: str
) -> None:
    app = pilot.app
    await type_in(pilot, "1 0-1")
    dialog = app.screen
    assert isinstance(dialog, FormDialog)
    body = str(dialog.query_one("#dialog-body").render())
    assert "Recorded result: 1-0" in body and "1 Ann Archer - 6 Fay Fisher" in body
    await type_in(pilot, "")  # Enter on the empty reason: refused
    assert app.screen is dialog
    assert "Reason is required" in str(dialog.query_one("#dialog-error").render())
    await fill(pilot, "scoresheets show Black won")
    await type_in(pilot, "")  # the reference is optional: confirm
    assert isinstance(app.screen, RoundScreen)
    assert results(app)[0] == "0-1"
    assert status(app) == "round 1 board 1: 1-0 corrected to 0-1"
    event = last_event(club)
    assert isinstance(event, Round.ResultCorrected)
    assert event.reason == "scoresheets show Black won"


async def test_pairing_asks_first_and_a_later_correction_names_the_boards_it_affects(tmp_path: Path) -> None:
    app = desk(build_club(tmp_path, results={1: "1-0", 2: "1/2", 3: "0-1"}))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, FormDialog)
        await pilot.press("escape")  # cancelled: nothing happens
        await settle(pilot)
        assert app.session.ledger.next_round() == 2
        await pilot.press("n")
        await settle(pilot)
        await pilot.click("#confirm")
        await settle(pilot)
        assert isinstance(app.screen, RoundScreen)
        assert status(app) == "round 2 paired: 3 boards, 0 byes"
        assert "round 2 of 5" in str(app.screen.query_one("#round-title").render())
        assert results(app) == ["", "", ""]
        assert app.screen.query_one(BoardTable).get_row_at(0)[1:3] == [6, "Fay Fisher"]
        await pilot.press("left_square_bracket")
        await settle(pilot)
        await pilot.press("c")  # correct the highlighted board of round 1
        await settle(pilot)
        body = str(app.screen.query_one("#dialog-body").render())
        assert "Affects later rounds" in body
        assert "round 2 board 1 (6 Fay Fisher)" in body and "round 2 board 3 (1 Ann Archer)" in body
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, RoundScreen)
    app.session.close_ledger()


async def test_pairing_over_a_missing_result_needs_a_reason(pilot: Pilot[int], club: str) -> None:
    app = pilot.app
    await pilot.press("n")
    await settle(pilot)
    assert "no result on board(s) 3" in str(app.screen.query_one("#dialog-body").render())
    await pilot.click("#confirm")
    await settle(pilot)
    assert isinstance(app.screen, FormDialog)  # refused: no reason
    await fill(pilot, "board 3 adjourned to tomorrow")
    assert isinstance(app.screen, RoundScreen)
    assert "round 2 paired" in status(app)
    event = last_event(club)
    assert isinstance(event, Round.Paired)


async def test_standings_follow_results_from_another_desk(tmp_path: Path) -> None:
    club = build_club(tmp_path)
    app = desk(club, poll_interval=0.1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        table = app.screen.query_one(StandingsTable)
        assert table.row_count == 6
        assert table.row_at(0)[1:3] == ("1", "Ann Archer")
        other, views = open_ledger(club, "arbiter-b")  # a second desk (or the CLI) on the same ledger
        other.record_result(1, 3, "0-1")
        views.catch_up()
        await within_two_seconds(pilot, lambda: table.cell("4", "Score") == "1")
        assert table.cell("4", "Score") == "1"
        views.close()
        other.close()
    app.session.close_ledger()


async def test_a_result_entered_at_another_desk_first_is_reported_not_lost(pilot: Pilot[int], club: str) -> None:
    other, views = open_ledger(club, "arbiter-b")
    other.record_result(1, 3, "1-0")  # this desk has not polled yet: it still shows board 3 empty
    views.close()
    other.close()
    app = pilot.app
    await type_in(pilot, "3 0-1")
    assert "round 1 board 3 already has 1-0" in status(app) and "press c" in status(app)
    assert "arbiter " not in status(app)  # the desk's way to correct it, not the command line
    assert "-error" in app.screen.query_one(StatusLine).classes
    assert results(app) == ["1-0", "1/2", "1-0"]  # the other desk's result, shown after the refusal


async def test_log_filters_and_shows_the_past_as_history(pilot: Pilot[int]) -> None:
    app = pilot.app
    await pilot.press("l")
    await settle(pilot)
    table = app.screen.query_one(LogTable)
    assert table.row_count == 12
    assert table.current_position == 12  # the newest line
    await pilot.press("f", "tab")  # the round filter
    await type_in(pilot, "1", enter=False)
    assert [table.row_at(i)[0] for i in range(table.row_count)] == ["8", "9", "10", "11", "12"]
    await pilot.press("tab")
    await fill(pilot, "recorded", enter=False)
    assert [table.row_at(i)[0] for i in range(table.row_count)] == ["11", "12"]
    await pilot.press("escape", "up")  # back to the lines: position 11, before the draw on board 2
    await settle(pilot)
    assert table.current_position == 11
    await pilot.press("enter")
    await settle(pilot)
    history = app.screen
    assert isinstance(history, HistoryScreen)
    assert "HISTORY" in str(history.query_one("#history-banner").render())
    standings = history.query_one(StandingsTable)
    assert standings.row_at(0)[1:3] == ("1", "Ann Archer")
    assert standings.cell("2", "Score") == "0"  # the draw was not yet recorded
    boards = history.query_one(BoardTable)
    assert [boards.result_of(b) for b in (1, 2, 3)] == ["1-0", "", ""]
    await pilot.press("escape")
    await settle(pilot)
    assert app.screen.query_one(LogTable) is table


async def test_the_log_follows_another_writer_and_moving_through_it_never_crashes(tmp_path: Path) -> None:
    """The audit log refreshes as another desk (or the CLI) appends: on the newest line it follows the
    new lines, moved up it stays where the arbiter put it, and moving through it keeps working."""
    club = build_club(tmp_path)
    app = desk(club, poll_interval=0.1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        table = app.screen.query_one(LogTable)
        assert (table.row_count, table.current_position) == (12, 12)
        other, views = open_ledger(club, "arbiter-b")
        try:
            other.record_result(1, 3, "0-1")
            views.catch_up()
            await within_two_seconds(pilot, lambda: table.row_count == 13)
            assert (table.row_count, table.current_position) == (13, 13)  # on the newest line: follows it
            await pilot.press("up", "up", "pageup", "home", "down")
            await settle(pilot)
            assert table.current_position == 2
            other.void_result(1, 3, "scoresheet unsigned", "")
            views.catch_up()
            await within_two_seconds(pilot, lambda: table.row_count == 14)
            assert (table.row_count, table.current_position) == (14, 2)  # moved up: the cursor stays
            await pilot.press("end", "up", "pagedown")
            await settle(pilot)
            assert table.current_position == 14
        finally:
            views.close()
            other.close()
    app.session.close_ledger()


async def test_explain_shows_why_the_round_was_paired_and_bracket_says_it_is_not_there(pilot: Pilot[int]) -> None:
    app = pilot.app
    await pilot.press("e")
    await settle(pilot)
    assert "Why round 1 was paired" in str(app.screen.query_one("#explain-title").render())
    facts = str(app.screen.query_one("#explain-input").render())
    assert "Engine: round-robin" in facts and "log position 7" in facts
    assert app.screen.query_one("#decisions").get_row_at(0)[0] == "Appendix 1"
    await pilot.press("b")
    await settle(pilot)
    text = str(app.screen.query_one("#bracket-note").render())
    assert "Bracket: none" in text and "round-robin system, which has no elimination bracket" in text


async def test_bracket_screen_draws_an_elimination_bracket(tmp_path: Path) -> None:
    if "single-elimination" not in systems():
        pytest.skip("no single-elimination engine registered yet")
    location = str(tmp_path / "knockout.ledger")
    ledger, views = open_ledger(location, "arbiter-a", create=True)
    ledger.create_tournament("Knockout", TournamentSettings.for_game(Game.BACKGAMMON, "single-elimination", 3))
    ledger.register_players([PlayerDetails(name) for name in ("Ann", "Ben", "Cid", "Dan", "Eve", "Fay")])
    ledger.pair_next_round()
    ledger.record_result(1, 1, "3-1")  # 4 Dan beats 5 Eve
    views.catch_up()
    views.close()
    ledger.close()
    app = desk(location)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        grid = app.screen.query_one("#bracket", Grid)
        rows = [grid.row_at(i) for i in range(grid.row_count)]
        assert rows[0][2:] == ("R1.1", "S1 1 Ann", "S8 virtual", "1 Ann", "virtual-walkover")
        assert rows[1][2:] == ("R1.2", "S4 4 Dan", "S5 5 Eve", "4 Dan", "played")
        assert rows[-1][1:5] == ("Final (main)", "R3.1", "W(R2.1) open", "W(R2.2) open")
        assert "Places so far" in str(app.screen.query_one("#bracket-note").render())
    app.session.close_ledger()


async def test_roster_registers_and_withdraws_players(pilot: Pilot[int], club: str) -> None:
    app = pilot.app
    await pilot.press("r")
    await settle(pilot)
    table = app.screen.query_one(RosterTable)
    assert table.row_count == 6
    await pilot.press("a")
    await settle(pilot)
    await fill(pilot, "Gus Green")
    await fill(pilot, "1500")
    await pilot.click("#confirm")
    await settle(pilot)
    assert table.row_count == 7
    assert status(app) == "registered Gus Green as number 7"
    table.move_cursor(3)
    await pilot.press("w")
    await settle(pilot)
    assert "Withdraw 4 Dan Dyer" in str(app.screen.query_one("#dialog-title").render())
    await fill(pilot, "illness")
    await type_in(pilot, "")
    assert table.row_at(3)[5] == "withdrawn"
    event = last_event(club)
    assert isinstance(event, Tournament.PlayerWithdrew)
    assert (event.number, event.reason) == (4, "illness")


async def test_roster_corrects_a_rating_as_a_whole_number(pilot: Pilot[int], club: str) -> None:
    """The correction form shows the details the roster holds; a changed rating is recorded as a number."""
    app = pilot.app
    await pilot.press("r")
    await settle(pilot)
    app.screen.query_one(RosterTable).move_cursor(1)
    await pilot.press("c")
    await settle(pilot)
    assert "Correct player 2" in str(app.screen.query_one("#dialog-title").render())
    labels = [str(label.render()) for label in app.screen.query("Label")]
    assert {"Name *", "Rating", "Federation", "Club"} <= set(labels)  # * : required
    app.screen.query_one("#field-rating", Input).value = "2150"
    app.screen.query_one("#field-reason", Input).value = "November rating list"
    await pilot.click("#confirm")
    await settle(pilot)
    event = last_event(club)
    assert isinstance(event, Tournament.PlayerDetailsCorrected)
    assert (event.number, event.changes, event.reason) == (2, {"rating": 2150}, "November rating list")


async def test_the_command_palette_verifies_and_unpairs_with_a_reason(pilot: Pilot[int], club: str) -> None:
    app = pilot.app
    await pilot.press("ctrl+p")
    await type_in(pilot, "ver")
    assert status(app).startswith("verify: ok, 12 events, chain head ")
    await pilot.press("ctrl+p")
    await type_in(pilot, "unp")
    assert "Withdraw the pairing of round 1 (3 boards, 2 results recorded)" in str(
        app.screen.query_one("#dialog-body").render()
    )
    await fill(pilot, "wrong players seated")
    await type_in(pilot, "")
    assert "no round is paired yet" in str(app.screen.query_one("#round-title").render())
    event = last_event(club)
    assert isinstance(event, Round.PairingWithdrawn)
    assert event.reason == "wrong players seated"
