"""The rating lists screen: the lists imported into the store, the tournament's list sequence as it reads them,
a player looked up in each list and registered from them, and the roster checked against the main list and
corrected (docs/fide-mode.md, "Rating lists", Q117-137). The desk's side of the CLI's `rating-lists`,
`rating-sequence`, `rating-lookup`, `register-from-lists` and `check-ratings`: the same ledger calls
(`Ledger.rating_lookup`, `register_from_lists`, `check_ratings`, `apply_rating_check`), the same refusals.

Lists are imported with `arbiter import-rating-list` (a file of up to 512 MiB is a job for the command line,
not the desk); the store is the one `arbiter tui --store` names, else the CLI's default."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import ClassVar, TypeVar

from attrs import frozen
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from ledger.application import Ledger, PlayerDetails
from ledger.errors import InvalidInput, LedgerError
from ledger.rating_sequence import MISSING, CheckReport, Found, availability, rating_type, sequence, sources_text
from ledger.rating_store import RatingList, RatingListStore, list_date
from projections.async_views import AsyncViews
from tui.desk.messages import Action, Command, CommandDone, CommandFailed
from tui.desk.screens.base import DeskScreen
from tui.desk.screens.dialogs import Field, FormDialog, reason_fields
from tui.desk.widgets.nav import Place
from tui.desk.widgets.tables import DeskTable

LOOKUP_COLUMNS = ("List", "Role", "Rating", "FIDE id", "Name", "Fed", "Title", "From")
CHECK_COLUMNS = ("No", "Name", "Detail", "Recorded", "Listed", "From")
IDLE_HELP = "k looks a player up in each list, a registers one from them, c checks the roster against the main list."
T = TypeVar("T")


def import_hint(store: str, what: str = "it") -> str:
    """What to do about a list missing from the store: the command that imports one."""
    return f"import {what} with `arbiter import-rating-list FILE --date YYYY-MM-DD --store {store}`"


@contextmanager
def opened_store(path: str) -> Iterator[RatingListStore]:
    """The store at `path`; InvalidInput saying what to do when there is none (the desk creates no store)."""
    if not Path(path).is_file():
        raise InvalidInput(
            f"no rating-list store at {path}: {import_hint(path, 'a list')}, "
            "or start the desk with `arbiter tui --store PATH`"
        )
    store = RatingListStore(path)
    try:
        yield store
    finally:
        store.close()


@frozen
class ListsView:
    """What the screen shows of the store and of the tournament's sequence (read in a worker thread)."""

    held: tuple[RatingList, ...]
    rating_type: str
    day: date
    """The day whose lists the tournament reads (Q137: its start, or today for an event over 30 days)."""
    sequence: tuple[tuple[str, str], ...]
    """Each list of the sequence, main list first, and the imported list(s) it reads on `day` (Q121)."""


def read_lists(ledger: Ledger, store: RatingListStore, today: date) -> ListsView:
    options = ledger.tournament().settings["options"]
    day = ledger.rating_day(today)
    return ListsView(
        tuple(store.lists()), str(rating_type(options)), day, tuple(availability(store, sequence(options), day).items())
    )


def lookup_rows(found: list[tuple[str, Found | None]]) -> list[tuple[str, tuple[str, ...]]]:
    """One row per list of the sequence, as `arbiter rating-lookup` prints them."""
    rows = []
    for place, (name, hit) in enumerate(found):
        role = "main list" if place == 0 else "other list"
        if hit is None:
            rows.append((name, (name, role, "not listed", "", "", "", "", "")))
        else:
            who = hit.player
            cells = (name, role, str(hit.rating), who.player_id, who.name, who.federation, who.title, hit.label)
            rows.append((name, cells))
    return rows


def check_rows(report: CheckReport) -> list[tuple[str, tuple[str, ...]]]:
    """The differences, the players the list lacks and those without an id, as `arbiter check-ratings`."""
    rows = [
        (f"{d.number} {d.detail}", (str(d.number), d.name, d.detail, str(d.recorded), str(d.listed), d.source))
        for d in report.differences
    ]
    rows += [(str(n), (str(n), name, "not in the list", f"id {pid}", "", "")) for n, name, pid in report.not_listed]
    rows += [(str(n), (str(n), name, "no FIDE id", "not compared", "", "")) for n, name in report.without_id]
    return rows


def check_summary(report: CheckReport) -> str:
    players = len({d.number for d in report.differences})
    return (
        f"Compared with {report.reference}: {len(report.differences)} difference(s) of {players} player(s), "
        f"{len(report.not_listed)} not in the list, {len(report.without_id)} without a FIDE id."
    )


class RatingListsScreen(DeskScreen):
    PLACE = Place(
        "ratings",
        "g",
        "Rating lists",
        "The rating lists: look a player up, register from them, check the roster (Q117-137)",
        "Rating lists",
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("k", "look_up", "Look up", id="ratings.look_up", tooltip="A player in each list of the sequence"),
        Binding("a", "register", "Register", id="ratings.register", tooltip="Register a player from the lists"),
        Binding("c", "check", "Check roster", id="ratings.check", tooltip="Compare the roster with the main list"),
        Binding("u", "apply", "Correct roster", id="ratings.apply", tooltip="Correct the roster from the main list"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.view: ListsView | None = None
        self.looked_up: tuple[str, list[tuple[str, Found | None]]] | None = None
        """The last player looked up and what each list gave (shown again when registering)."""
        self.report: CheckReport | None = None

    def compose_body(self) -> ComposeResult:
        yield Static("", id="ratings-title", markup=False)
        yield Static("", id="ratings-sequence", markup=False)
        yield DeskTable(id="held-lists")
        yield Static(IDLE_HELP, id="found-label", markup=False)
        yield DeskTable(id="found")

    def on_mount(self) -> None:
        self.table("held-lists").add_columns(
            "List", "Valid from", "Kind", "Players", "Source", "Format", "SHA-256", "Imported"
        )
        self.table("held-lists").focus()

    def table(self, key: str) -> DeskTable:
        return self.query_one(f"#{key}", DeskTable)

    @property
    def store(self) -> str:
        return self.session.rating_store

    async def with_store(self, read: Callable[[Ledger, RatingListStore], T]) -> T:
        """`read` of the ledger and the store, in a thread under the session's lock (a read: nothing appended)."""

        def both(ledger: Ledger) -> T:
            with opened_store(self.store) as store:
                return read(ledger, store)

        return await asyncio.to_thread(self.session.read_ledger, both)

    # --- reading ---------------------------------------------------------------------------------

    async def load(self, views: AsyncViews) -> None:
        try:
            view = await self.with_store(lambda ledger, store: read_lists(ledger, store, date.today()))
        except LedgerError as error:
            self.view = None
            self.table("held-lists").clear()
            self.query_one("#ratings-title", Static).update(f"Rating lists: {self.refusal(error)}")
            self.query_one("#ratings-sequence", Static).update("")
            return
        self.view = view
        self.query_one("#ratings-title", Static).update(f"Rating lists in {self.store}: {len(view.held)} imported.")
        self.query_one("#ratings-sequence", Static).update(self._sequence_text(view))
        self.table("held-lists").replace_rows(
            [
                (
                    f"{held.name} {held.valid_from}",
                    (
                        held.name,
                        str(held.valid_from),
                        str(held.kind),
                        str(held.players),
                        held.source,
                        str(held.format),
                        held.sha256[:16],
                        f"{held.imported_at[:19]} by {held.imported_by}",
                    ),
                )
                for held in view.held
            ]
        )

    def _sequence_text(self, view: ListsView) -> str:
        lines = [f"Rating type {view.rating_type}; the lists read on {view.day}, main list first:"]
        lines += [
            f"  {name}{' (main list)' if index == 0 else ''}: {held}"
            for index, (name, held) in enumerate(view.sequence)
        ]
        missing = [name for name, held in view.sequence if held == MISSING]
        if missing:
            lines.append(
                f"No {', '.join(missing)} list valid on {view.day} is in the store: {import_hint(self.store)}."
            )
        return "\n".join(lines)

    def _show_found(self, heading: str, columns: tuple[str, ...], rows: list[tuple[str, tuple[str, ...]]]) -> None:
        self.query_one("#found-label", Static).update(heading)
        self.query_one("#found-label").remove_class("-error")
        found = self.table("found")
        found.clear(columns=True)
        found.add_columns(*columns)
        found.replace_rows(rows)

    def refused(self, text: str) -> None:
        """A refusal in full where the answer would have been (the status line has room for one line only)."""
        self.status.error(text)
        self.table("found").clear(columns=True)
        label = self.query_one("#found-label", Static)
        label.update(text)
        label.add_class("-error")

    def on_command_failed(self, message: CommandFailed) -> None:
        """A registration or correction the ledger refused (Q128: the other lists' ratings, and what to do)."""
        if not message.cautions:
            choose = " (press a and name the list in Rating of list)" if "Choose one of them" in message.error else ""
            self.refused(f"{message.command.title}: {message.error}{choose}")

    def _day(self) -> date:
        return self.view.day if self.view is not None else date.today()

    # --- look up, register -----------------------------------------------------------------------

    def action_look_up(self) -> None:
        last = self.looked_up[0] if self.looked_up else ""
        fields = [
            Field("player", "FIDE id or name", last, "1503014, or the name as the list writes it", required=True),
            Field("on", "Lists valid on", str(self._day()), "YYYY-MM-DD", required=True, restrict=r"[0-9-]*"),
        ]

        def answered(answer: dict[str, str] | None) -> None:
            if answer is not None:
                self.run_worker(self._look_up(answer["player"], answer["on"]), exclusive=True, group="lookup")

        body = "The player as each list of the tournament's sequence gives them, main list first (Q128)."
        self.app.push_screen(FormDialog("Look a player up in the rating lists", body, fields, "Look up"), answered)

    async def _look_up(self, key: str, on: str) -> None:
        try:
            day = list_date(on)
            found = await self.with_store(lambda ledger, store: ledger.rating_lookup(store, key, day))
        except LedgerError as error:
            self.refused(self.refusal(error))
            return
        self.looked_up = (key, found)
        self._show_found(f"{key} in the lists valid on {day}", LOOKUP_COLUMNS, lookup_rows(found))
        listed = sum(1 for _, hit in found if hit is not None)
        self.status.say(f"{key}: in {listed} of {len(found)} lists; a registers the player")

    def action_register(self) -> None:
        key = self.looked_up[0] if self.looked_up else ""
        fields = [
            Field("player", "FIDE id or name", key, "as the lists write it", required=True),
            Field("choose", "Rating of list", "", "blank: the main list; or a list of the sequence (an estimate)"),
            Field("number", "Pairing number", "", "blank: the next free one", restrict=r"\d*"),
            Field("namesake", "Namesake? yes/no", "no", "another person than a look-alike", restrict=r"[a-z]*"),
            Field("on", "Lists valid on", str(self._day()), "YYYY-MM-DD", required=True, restrict=r"[0-9-]*"),
        ]
        body = (
            "A player in the main list takes its rating as the official rating (the FIDE rating, or the national "
            "rating of a custom list). One who is not is refused with what the other lists give: name one of them "
            "in Rating of list, and its rating is entered as an estimate (C.04.2 Art. 2.1). Each rating records "
            "its list (Q134)."
        )
        if self.looked_up:
            shown = "; ".join(
                f"{name} {hit.rating}" if hit else f"{name} not listed" for name, hit in self.looked_up[1]
            )
            body += f"\n\n{self.looked_up[0]}: {shown}."

        def answered(answer: dict[str, str] | None) -> None:
            if answer is None:
                return
            player, chosen = answer["player"], answer["choose"] or None
            number = int(answer["number"]) if answer["number"] else None
            namesake = answer["namesake"] == "yes"

            def call(ledger: Ledger) -> tuple[int, PlayerDetails]:
                day = list_date(answer["on"])
                with opened_store(self.store) as store:
                    return ledger.register_from_lists(store, player, day, chosen, number, allow_duplicate=namesake)

            self.run_command(
                Command(
                    title=f"registering {player} from the rating lists",
                    call=call,
                    done=lambda done: (
                        f"registered {done[1].name} as number {done[0]}: {sources_text(done[1].source_lists)}"
                    ),
                    action=Action.REGISTER,
                )
            )

        self.app.push_screen(FormDialog("Register a player from the rating lists", body, fields, "Register"), answered)

    # --- the consistency check ---------------------------------------------------------------------

    def action_check(self) -> None:
        self.run_worker(self._check(), exclusive=True, group="check")

    async def _check(self, announce: bool = True) -> None:
        """The check, shown below the lists; `announce`: say so on the status line (not after a correction,
        whose outcome the status line keeps)."""
        try:
            report = await self.with_store(lambda ledger, store: ledger.check_ratings(store, date.today()))
        except LedgerError as error:
            self.refused(self.refusal(error))
            return
        self.report = report
        hint = " u corrects the roster." if report.differences else ""
        self._show_found(check_summary(report) + hint, CHECK_COLUMNS, check_rows(report))
        if announce:
            self.status.say(f"roster checked against {report.reference}")

    def action_apply(self) -> None:
        body = (
            f"Correct the roster from the main list valid on {self._day()}: every difference of name, federation, "
            "title and rating the check finds (made again as the corrections are recorded, in one transaction), "
            "each a correction with your reason; each rating corrected records its list (Q134)."
        )
        if self.report is not None:
            body += f"\n\nThe last check: {check_summary(self.report)}"
        today = date.today()

        def answered(answer: dict[str, str] | None) -> None:
            if answer is None:
                return
            reason, reference = answer["reason"], answer["reference"]

            def call(ledger: Ledger) -> CheckReport:
                with opened_store(self.store) as store:
                    return ledger.apply_rating_check(store, today, reason, reference)

            self.run_command(
                Command(
                    title="correcting the roster from the rating list",
                    call=call,
                    done=lambda report: (
                        f"corrected {len({d.number for d in report.differences})} player(s) from {report.reference}"
                        if report.differences
                        else f"no differences with {report.reference}: nothing corrected"
                    ),
                    action=Action.CORRECT_PLAYER,
                )
            )

        dialog = FormDialog("Correct the roster from the rating list?", body, reason_fields(), "Correct", danger=True)
        self.app.push_screen(dialog, answered)

    def after_command(self, message: CommandDone) -> None:
        if message.command.action is Action.CORRECT_PLAYER:
            self.run_worker(self._check(announce=False), exclusive=True, group="check")  # what is left
        super().after_command(message)
