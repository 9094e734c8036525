"""The audit log screen: every event with position, time, actor, summary and reason; filters; a way into
the past (Enter on a line shows the tournament as it was at that position); and the pairing-integrity-
breaching events, to undo one (`i`, `tui.desk.screens.breaches`)."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Input, Label, Static

from projections.async_views import AsyncViews
from tui.desk.screens.base import DeskScreen
from tui.desk.screens.breaches import BreachesScreen
from tui.desk.screens.history import HistoryScreen
from tui.desk.widgets.grid import Grid
from tui.desk.widgets.nav import Place
from tui.desk.widgets.tables import LogTable

LIMIT = 500


class LogScreen(DeskScreen):
    PLACE = Place("log", "l", "Audit log", "Every event; the tournament as it was at any position", "Audit log")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "history", "As it was then", id="log.history", tooltip="Standings and pairings at this line"),
        Binding("f", "filter", "Filter", id="log.filter", tooltip="Filter by player, round or kind"),
        Binding("i", "breaches", "Breaches", id="log.breaches", tooltip="The pairing-integrity-breaching events"),
        Binding("escape", "leave_filter", show=False, id="log.table", tooltip="Back to the log lines"),
    ]

    def compose_body(self) -> ComposeResult:
        with Horizontal(id="log-filters"):
            yield Label("Player")
            yield Input(id="filter-player", placeholder="number", restrict=r"\d*")
            yield Label("Round")
            yield Input(id="filter-round", placeholder="number", restrict=r"\d*")
            yield Label("Kind")
            yield Input(id="filter-kind", placeholder="e.g. Corrected, Paired, withdrew")
        yield Static("", id="log-title", markup=False)
        yield LogTable(id="log")

    def __init__(self) -> None:
        super().__init__()
        self.at_end = True
        """Put the cursor on the newest line after the next load."""

    def on_mount(self) -> None:
        self.query_one(LogTable).focus()

    async def load(self, views: AsyncViews) -> None:
        player = self.query_one("#filter-player", Input).value
        round_number = self.query_one("#filter-round", Input).value
        kind = self.query_one("#filter-kind", Input).value
        lines = await views.log(
            player=int(player) if player else None,
            round_number=int(round_number) if round_number else None,
            kind=kind,
            limit=LIMIT,
        )
        table = self.query_one(LogTable)
        follow = self.at_end or table.cursor >= table.row_count - 1
        table.show_lines(lines)
        if follow and table.row_count:
            table.move_cursor(table.row_count - 1)
        self.at_end = False
        filters = [f"player {player}" if player else "", f"round {round_number}" if round_number else ""]
        filters.append(f"kind {kind!r}" if kind else "")
        shown = " and ".join(f for f in filters if f)
        self.query_one("#log-title", Static).update(
            f"{len(lines)} event{'' if len(lines) == 1 else 's'}{' for ' + shown if shown else ''}"
            + (f" (the newest {LIMIT})" if len(lines) == LIMIT else "")
            + ". Enter or h: the tournament as it was at the highlighted line."
        )

    @on(Input.Changed)
    def filter_changed(self) -> None:
        self.at_end = True
        self.reload()

    @on(Input.Submitted)
    def filter_done(self) -> None:
        self.query_one(LogTable).focus()

    def action_filter(self) -> None:
        self.query_one("#filter-player", Input).focus()

    def action_leave_filter(self) -> None:
        self.query_one(LogTable).focus()

    @on(Grid.Selected, "#log")
    def action_history(self) -> None:
        position = self.query_one(LogTable).current_position
        if position is None:
            self.status.error("no log line is highlighted")
            return
        self.app.push_screen(HistoryScreen(position))

    def action_breaches(self) -> None:
        self.app.push_screen(BreachesScreen())
