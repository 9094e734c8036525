"""The Rating lists screen of the desk (`g`; docs/fide-mode.md, "Rating lists", Q117-137; docs/desk.md): the
lists held in the store and the tournament's sequence as it reads them, a player looked up in each list and
registered from them, the roster checked against the main list and corrected with a reason. The same ledger
calls as the CLI's `rating-lists`, `rating-lookup`, `register-from-lists` and `check-ratings`; driven
headless with Pilot on a real SQLite ledger and a real store of the test lists."""

from __future__ import annotations

import hashlib
from datetime import date
from pathlib import Path

from rich.text import Text
from textual.pilot import Pilot

from ledger.application import PlayerDetails
from ledger.domain import Tournament
from ledger.rating_sequence import known_lists
from ledger.rating_store import RatingListStore
from ledger.results import Game
from ledger.settings import TournamentSettings
from tests.tui.test_desk import SIZE, fill, settle, status
from tui.desk.app import DeskApp
from tui.desk.screens.dialogs import FormDialog
from tui.desk.screens.rating_lists import RatingListsScreen
from tui.desk.screens.session import DeskSession
from tui.desk.widgets.tables import DeskTable
from tui.wiring import open_ledger

DATA = Path(__file__).parent.parent / "data" / "rating_lists"
COMBINED_NOV = DATA / "players_list_foa_2026-11.txt"
NATIONAL = DATA / "national_2026-10.csv"


def make_store(directory: Path, *extra: tuple[Path, date, str]) -> str:
    """lists.sqlite in `directory`: FIDE's combined list of November 2026, then `extra` (file, date, name)."""
    location = str(directory / "lists.sqlite")
    store = RatingListStore(location)
    try:
        store.import_file(COMBINED_NOV, date(2026, 11, 1), "arbiter-a")
        for path, valid_from, name in extra:
            store.import_file(path, valid_from, "arbiter-a", name=name)
    finally:
        store.close()
    return location


def make_open(directory: Path, players: tuple[PlayerDetails, ...] = (), start: str = "2026/11/20") -> str:
    """open.ledger in `directory`: a Dutch Swiss in FIDE mode rated by the FIDE rating, from `start`."""
    location = str(directory / "open.ledger")
    ledger, views = open_ledger(location, "arbiter-a", create=True)
    settings = TournamentSettings.for_game(Game.CHESS, "dutch", 5, options={"rating_method": "fide"})
    ledger.create_tournament("Autumn Open", settings, {"start": start, "end": start[:-2] + "25"})
    if players:
        ledger.register_players(list(players))
    views.catch_up()
    views.close()
    ledger.close()
    return location


def desk_on(location: str, store: str) -> DeskApp:
    ledger, views = open_ledger(location, "arbiter-a")
    return DeskApp(DeskSession(ledger, views, store), poll_interval=3600.0)


async def open_screen(pilot: Pilot[int]) -> RatingListsScreen:
    await settle(pilot)
    await pilot.press("g")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, RatingListsScreen), screen
    return screen


def rows(screen: RatingListsScreen, table: str) -> list[tuple[str, ...]]:
    """The table's rows as a person reads them (a cell is shown as its markup renders, `DeskTable.add_row`)."""
    shown = screen.query_one(f"#{table}", DeskTable)
    return [tuple(Text.from_markup(str(cell)).plain for cell in shown.get_row_at(i)) for i in range(shown.row_count)]


def text_of(screen: RatingListsScreen, selector: str) -> str:
    return str(screen.query_one(selector).render())


async def answer(pilot: Pilot[int], **fields: str) -> None:
    """Fill the dialog's fields and confirm it."""
    dialog = pilot.app.screen
    assert isinstance(dialog, FormDialog), dialog
    for key, value in fields.items():
        dialog.query_one(f"#field-{key}").value = value  # type: ignore[attr-defined]
    await pilot.click("#confirm")
    await settle(pilot)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def players_of(location: str) -> dict[str, dict[str, object]]:
    ledger, views = open_ledger(location)
    try:
        return {player["name"]: dict(player) for player in ledger.tournament().players.values()}
    finally:
        views.close()
        ledger.close()


def log_of(location: str) -> list[object]:
    ledger, views = open_ledger(location)
    try:
        return [event for _, event in ledger.log_events()]
    finally:
        views.close()
        ledger.close()


async def test_q121_the_desk_shows_the_lists_held_and_the_sequence_as_the_tournament_reads_them(
    tmp_path: Path,
) -> None:
    """Q119, Q121, Q123: each list held with its date, kind, size, source file and hash; the tournament's
    sequence (standard: fide-standard, fide-rapid, fide-blitz) as it reads it on the start date."""
    store = make_store(tmp_path, (NATIONAL, date(2026, 10, 15), "national"))
    app = desk_on(make_open(tmp_path), store)
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_screen(pilot)
            held = [row[:6] for row in rows(screen, "held-lists")]
            sequence = text_of(screen, "#ratings-sequence")
    finally:
        app.session.close_ledger()
    source = COMBINED_NOV.name
    assert held == [
        ("fide-blitz", "2026-11-01", "blitz", "3", source, "fide-txt"),
        ("fide-rapid", "2026-11-01", "rapid", "2", source, "fide-txt"),
        ("fide-standard", "2026-11-01", "standard", "3", source, "fide-txt"),
        ("national", "2026-10-15", "standard", "2", NATIONAL.name, "csv"),
    ]
    label = f"2026-11-01 sha256:{digest(COMBINED_NOV)}"
    assert sequence.splitlines() == [
        "Rating type standard; the lists read on 2026-11-20, main list first:",
        f"  fide-standard (main list): fide-standard {label}",
        f"  fide-rapid: fide-rapid {label}",
        f"  fide-blitz: fide-blitz {label}",
    ]


async def test_q121_a_list_missing_for_the_start_is_said_with_what_to_do(tmp_path: Path) -> None:
    """Q121: a tournament starting in December reads December's lists; the store holds November's only, so
    each list of the sequence is missing and the screen says which command imports them."""
    store = make_store(tmp_path)
    app = desk_on(make_open(tmp_path, start="2026/12/05"), store)
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_screen(pilot)
            sequence = text_of(screen, "#ratings-sequence")
    finally:
        app.session.close_ledger()
    assert "  fide-standard (main list): missing" in sequence
    assert (
        "No fide-standard, fide-rapid, fide-blitz list valid on 2026-12-05 is in the store: import it with "
        f"`arbiter import-rating-list FILE --date YYYY-MM-DD --store {store}`." in sequence
    )


async def test_q117_without_a_store_the_desk_says_what_to_do_and_creates_none(tmp_path: Path) -> None:
    """Q117: the desk does not make a store it was not given: it names the path and the command that
    imports a list; a look-up is refused the same way, and nothing is appended to the ledger."""
    location = make_open(tmp_path)
    store = str(tmp_path / "nowhere.sqlite")
    before = len(log_of(location))
    app = desk_on(location, store)
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_screen(pilot)
            title = text_of(screen, "#ratings-title")
            await pilot.press("k")
            await answer(pilot, player="1000001")
            refused = status(app)
    finally:
        app.session.close_ledger()
    hint = f"no rating-list store at {store}: import a list with `arbiter import-rating-list FILE --date YYYY-MM-DD"
    assert hint in title and hint in refused and "arbiter tui --store PATH" in refused
    assert not Path(store).exists()
    assert len(log_of(location)) == before


async def test_q128_q129_the_desk_looks_a_player_up_and_registers_from_the_lists(tmp_path: Path) -> None:
    """Q127-129, Q134: Cy (1000003) is in the rapid and blitz lists, not the main one: the look-up shows each
    list; registering from the main list is refused with what the others give and nothing is appended;
    naming the blitz list registers Cy with its rating as the rating entered (an estimate, not a FIDE
    rating). Bob (1000002), in the main list, gets its rating as his FIDE rating. Each names its list."""
    store = make_store(tmp_path)
    location = make_open(tmp_path)
    app = desk_on(location, store)
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_screen(pilot)
            await pilot.press("k")
            await answer(pilot, player="1000003")
            found = [row[:5] for row in rows(screen, "found")]
            assert found == [
                ("fide-standard", "main list", "not listed", "", ""),
                ("fide-rapid", "other list", "1850", "1000003", "Cedar, Cy"),
                ("fide-blitz", "other list", "1900", "1000003", "Cedar, Cy"),
            ]
            before = len(log_of(location))
            await pilot.press("a")
            dialog = app.screen
            assert isinstance(dialog, FormDialog)
            assert dialog.query_one("#field-player").value == "1000003"  # type: ignore[attr-defined]
            assert "fide-standard not listed; fide-rapid 1850; fide-blitz 1900" in dialog.body
            await answer(pilot)
            assert "not in the main list fide-standard" in status(app) and "fide-blitz 1900" in status(app)
            assert len(log_of(location)) == before

            await pilot.press("a")
            await answer(pilot, choose="fide-blitz")
            assert status(app).startswith("registered Cedar, Cy as number 1: rating from fide-blitz 2026-11-01")
            await pilot.press("a")
            await answer(pilot, player="1000002")
            assert status(app).startswith("registered Birch, Bob as number 2: fide_rating from fide-standard")
    finally:
        app.session.close_ledger()
    label = f"2026-11-01 sha256:{digest(COMBINED_NOV)}"
    players = players_of(location)
    cy, bob = players["Cedar, Cy"], players["Birch, Bob"]
    assert (cy["rating"], cy.get("fide_rating", 0), cy["source_lists"]) == (1900, 0, {"rating": f"fide-blitz {label}"})
    assert (bob["fide_rating"], bob["federation"], bob["title"], bob["external_id"]) == (2205, "ENG", "FM", "1000002")
    assert bob["source_lists"] == {"fide_rating": f"fide-standard {label}", "rating": f"fide-standard {label}"}


async def test_q133_the_desk_checks_the_roster_and_corrects_it_with_a_reason(tmp_path: Path) -> None:
    """Q133, Q137: the check against the main list valid at the start lists each difference, the players the
    list lacks and those without an id; the correction asks a reason (refused without one), records one
    correction with it, and the check made again finds no difference."""
    roster = (
        PlayerDetails("Ann Aster", fide_rating=2300, federation="NOR", title="WGM", external_id="1000001"),
        PlayerDetails("Cedar, Cy", external_id="1000003", federation="GER"),
        PlayerDetails("Guest", rating=1500),
    )
    store = make_store(tmp_path)
    location = make_open(tmp_path, roster)
    before = len(log_of(location))
    app = desk_on(location, store)
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_screen(pilot)
            await pilot.press("c")
            await settle(pilot)
            assert [row[:5] for row in rows(screen, "found")] == [
                ("1", "Ann Aster", "name", "Ann Aster", "Aster, Ann"),
                ("1", "Ann Aster", "fide_rating", "2300", "2310"),
                ("2", "Cedar, Cy", "not in the list", "id 1000003", ""),
                ("3", "Guest", "no FIDE id", "not compared", ""),
            ]
            summary = text_of(screen, "#found-label")
            assert "2 difference(s) of 1 player(s), 1 not in the list, 1 without a FIDE id" in summary

            await pilot.press("u")
            await pilot.click("#confirm")  # no reason given
            await settle(pilot)
            assert isinstance(app.screen, FormDialog) and "Reason is required" in text_of(app.screen, "#dialog-error")
            await fill(pilot, "November list")
            await pilot.click("#confirm")
            await settle(pilot)
            assert "corrected 1 player(s) from fide-standard 2026-11-01" in status(app)
            assert "0 difference(s)" in text_of(screen, "#found-label")
    finally:
        app.session.close_ledger()
    events = log_of(location)[before:]
    assert len(events) == 1 and isinstance(events[0], Tournament.PlayerDetailsCorrected)
    assert events[0].reason == "November list"
    assert players_of(location)["Aster, Ann"]["fide_rating"] == 2310


async def test_q117_names_from_a_custom_list_are_shown_as_written(tmp_path: Path) -> None:
    """A custom list's names are the arbiter's data: one that looks like Textual markup is shown as written,
    in the table and in the dialog, never read as markup."""
    hostile = tmp_path / "club.csv"
    hostile.write_text('id,name,rating\n7000001,"[bold]Oak[/bold], Ann",1800\n', encoding="utf-8")
    store = make_store(tmp_path, (hostile, date(2026, 11, 1), "club"))
    location = make_open(tmp_path)
    ledger, views = open_ledger(location, "arbiter-a")
    held = RatingListStore(store)
    ledger.change_rating_lists(None, "club,fide-standard", "the club's list first", known=known_lists(held))
    held.close()
    views.catch_up()
    views.close()
    ledger.close()
    app = desk_on(location, store)
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_screen(pilot)
            await pilot.press("k")
            await answer(pilot, player="7000001")
            assert rows(screen, "found")[0][:5] == ("club", "main list", "1800", "7000001", "[bold]Oak[/bold], Ann")
            await pilot.press("a")
            await answer(pilot)
            assert status(app).startswith("registered [bold]Oak[/bold], Ann as number 1: national_rating from club")
    finally:
        app.session.close_ledger()
