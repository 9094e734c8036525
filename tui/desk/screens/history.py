"""The history screen: the standings and pairings as they were at one log position, marked as HISTORY."""

from __future__ import annotations

from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from projections.async_views import BoardRow
from projections.standings import standings
from projections.state import TournamentState
from tui.desk.messages import PastReady
from tui.desk.screens.base import DeskScreen
from tui.desk.widgets.tables import BoardTable, StandingsTable, points


class HistoryScreen(DeskScreen):
    """Read-only: nothing typed here changes the ledger."""

    NAV = "log"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back to the present", id="history.back", tooltip="Close the history view"),
        Binding(
            "left_square_bracket", "other_round(-1)", "Prev round", id="history.previous", tooltip="The round before"
        ),
        Binding("right_square_bracket", "other_round(1)", "Next round", id="history.next", tooltip="The round after"),
    ]

    def __init__(self, position: int) -> None:
        super().__init__()
        self.position = position
        self.past: TournamentState | None = None
        self.round_number = 0

    def compose_body(self) -> ComposeResult:
        yield Static(f"HISTORY: the tournament as it was at log position {self.position}", id="history-banner")
        yield Static("", id="history-title", markup=False)
        yield StandingsTable(id="history-standings")
        yield Static("", id="history-round", markup=False)
        yield BoardTable(id="history-boards")

    def on_mount(self) -> None:
        first, second = self.session.info.sides
        self.query_one(BoardTable).set_sides(first, second)
        self.query_one(StandingsTable).loading = True
        self.fold_past()

    def on_screen_resume(self) -> None:
        """The past does not change: nothing to reload."""

    @work(thread=True, exclusive=True, group="history")
    def fold_past(self) -> None:
        try:
            state = self.session.past(self.position)
        except Exception as error:
            self.app.call_from_thread(self.status.error, f"could not read the past: {self.refusal(error)}")
            return
        self.post_message(PastReady(self.position, state))

    @on(PastReady)
    def show_past(self, message: PastReady) -> None:
        state = self.past = message.state
        table = self.query_one(StandingsTable)
        table.loading = False
        rows = standings(state)
        codes = [code for code, _ in rows[0].tiebreaks] if rows else []
        table.show_standings(codes, rows)
        last = state.last_paired_round
        after = f"after round {last}" if last else "before round 1"
        self.query_one("#history-title", Static).update(
            f"Standings {after}, with the results recorded by position {message.position}. "
            "Escape returns to the present."
        )
        self.round_number = last
        self.show_round()

    def show_round(self) -> None:
        state = self.past
        if state is None:
            return
        view = state.rounds.get(self.round_number)
        title = self.query_one("#history-round", Static)
        boards = self.query_one(BoardTable)
        if view is None or not view.paired:
            title.update("No round was paired yet at that position.")
            boards.show([])
            return

        def name(number: int) -> str:
            player = state.players.get(number)
            return player.name if player else "?"

        rows = [
            BoardRow(
                view.number,
                index,
                board.first,
                name(board.first),
                board.second,
                name(board.second),
                view.results[index].code if index in view.results else None,
            )
            for index, board in enumerate(view.boards, start=1)
        ]
        boards.show(rows)
        byes = "; ".join(f"{b.player} {name(b.player)} ({b.kind.value}, {points(b.points)})" for b in view.byes)
        paired = [n for n, r in state.rounds.items() if r.paired]
        title.update(
            f"Pairings of round {view.number} as they were then"
            + (f" (revision {view.revision})" if view.revision > 1 else "")
            + (f". Byes: {byes}" if byes else "")
            + (". [ ] other rounds" if len(paired) > 1 else "")
        )

    def action_other_round(self, step: int) -> None:
        if self.past is None:
            return
        paired = sorted(n for n, r in self.past.rounds.items() if r.paired)
        if self.round_number in paired:
            index = max(0, min(len(paired) - 1, paired.index(self.round_number) + step))
            self.round_number = paired[index]
            self.show_round()

    def action_back(self) -> None:
        self.app.pop_screen()
