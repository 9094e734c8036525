"""The round screen: a round's pairings and fast result entry ("3 1-0", Enter; the cursor moves on)."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Input, Static

from projections.async_views import AsyncViews
from tui.desk.messages import BOARD_RESULTS, Action, BoardRef, Command, CommandDone
from tui.desk.screens.base import DeskScreen
from tui.desk.widgets.entry import ResultEntry, parse_entry
from tui.desk.widgets.nav import Place
from tui.desk.widgets.tables import BoardTable, points


class RoundScreen(DeskScreen):
    PLACE = Place("round", "p", "Round", "The round's pairings and result entry", "Round and results")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "pair_next", "Pair next", id="round.pair", tooltip="Pair the next round (asks to confirm)"),
        Binding("c", "correct", "Correct", id="round.correct", tooltip="Correct the highlighted board's result"),
        Binding("v", "void", "Void", id="round.void", tooltip="Void the highlighted board's result (with a reason)"),
        Binding("u", "unpair", "Unpair", id="round.unpair", tooltip="Withdraw the last round's pairing"),
        Binding(
            "left_square_bracket", "other_round(-1)", "Prev round", id="round.previous", tooltip="Show the round before"
        ),
        Binding(
            "right_square_bracket", "other_round(1)", "Next round", id="round.next", tooltip="Show the round after"
        ),
        Binding("up", "cursor(-1)", show=False, id="round.up", tooltip="Highlight the board above"),
        Binding("down", "cursor(1)", show=False, id="round.down", tooltip="Highlight the board below"),
        Binding("pageup", "cursor(-10)", show=False, id="round.page_up", tooltip="Ten boards up"),
        Binding("pagedown", "cursor(10)", show=False, id="round.page_down", tooltip="Ten boards down"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.round_number = 0
        """The round shown (0: none is paired yet)."""
        self.pinned: int | None = None
        """The round the arbiter chose with [ and ]; None follows the last paired round."""
        self.paired_rounds: list[int] = []
        self.latest_seen = 0
        self.cursor_after: int | None = None
        """After the next load, move the cursor to the first empty board after this one."""

    def compose_body(self) -> ComposeResult:
        yield Static("", id="round-title", markup=False)
        table = BoardTable(id="boards")
        table.can_focus = False  # typing goes to the entry line; up/down move the highlight
        yield table
        yield Static("", id="byes", markup=False)
        yield ResultEntry(id="entry")

    def on_mount(self) -> None:
        first, second = self.session.info.sides
        self.query_one(BoardTable).set_sides(first, second)
        self.query_one(ResultEntry).focus()
        self.cursor_after = 0

    @property
    def table(self) -> BoardTable:
        return self.query_one(BoardTable)

    async def load(self, views: AsyncViews) -> None:
        rounds = await views.rounds()
        self.paired_rounds = [r.round for r in rounds if r.paired]
        latest = max(self.paired_rounds, default=0)
        if self.pinned not in self.paired_rounds or latest > self.latest_seen:
            self.pinned = None  # a new round (paired here or at another desk) is shown at once
            if latest > self.latest_seen:
                self.cursor_after = 0
        self.latest_seen = latest
        number = self.pinned or latest
        self.round_number = number
        total = self.session.info.settings.rounds
        table = self.table
        if not number:
            table.show([])
            self.query_one("#round-title", Static).update(
                f"{self.session.info.name}: no round is paired yet. Press n to pair round 1 of {total}."
            )
            self.query_one("#byes", Static).update("")
            return
        boards = await views.boards(number)
        byes = await views.byes(number)
        table.show(boards)
        missing = sum(1 for b in boards if b.result is None)
        info = next(r for r in rounds if r.round == number)
        state = "sealed" if info.sealed else ("all results in" if not missing else f"{missing} without a result")
        revision = f", revision {info.revision}" if info.revision > 1 else ""
        older = "  [ ] other rounds" if len(self.paired_rounds) > 1 else ""
        self.query_one("#round-title", Static).update(
            f"{self.session.info.name}: round {number} of {total}{revision}. {len(boards)} boards, {state}.{older}"
        )
        self.query_one("#byes", Static).update(
            "Byes: " + "; ".join(f"{p} {name} ({kind}, {points(pts)})" for p, name, kind, pts in byes) if byes else ""
        )
        if self.cursor_after is not None:
            after, self.cursor_after = self.cursor_after, None
            target = table.next_empty(after)
            if target is not None:
                table.move_to(str(target))

    # --- entering results -------------------------------------------------------------------------

    @on(Input.Submitted, "#entry")
    async def enter_result(self, event: Input.Submitted) -> None:
        entry = parse_entry(event.value)
        event.input.value = ""
        if entry is None:
            return
        number = self.round_number
        if not number:
            self.status.error("no round is paired yet: press n to pair round 1")
            return
        board = entry.board if entry.board is not None else self.table.current_board
        if board is None:
            self.status.error(f"type the board and the result, e.g. 1 {entry.result}")
            return
        if self.table.result_of(board):
            await self.open_correction(number, board, entry.result)
            return
        self.table.move_to(str(board))
        self.run_command(
            Command(
                title=f"round {number} board {board}",
                call=lambda ledger: ledger.record_result(number, board, entry.result),
                done=lambda code: f"round {number} board {board}: {code}",
                action=Action.RESULT,
                board=BoardRef(number, board),
            )
        )

    def after_command(self, message: CommandDone) -> None:
        """A result is saved: show it and move on now; the tables follow when the views catch up."""
        command = message.command
        if command.action in BOARD_RESULTS and command.board and command.board.round == self.round_number:
            board = command.board.board
            self.table.set_result(board, message.outcome if command.action is not Action.VOID else "")
            if command.action is Action.RESULT:
                target = self.table.next_empty(board)
                if target is not None:
                    self.table.move_to(str(target))
                else:
                    number = self.round_number
                    self.status.say(f"{message.note}. Round {number}: every result is in; n pairs round {number + 1}.")
        if command.action is Action.PAIR:
            self.pinned, self.cursor_after = None, 0
        super().after_command(message)

    # --- moving about -------------------------------------------------------------------------------

    def action_cursor(self, step: int) -> None:
        self.table.step_cursor(step)

    def action_other_round(self, step: int) -> None:
        if not self.paired_rounds:
            return
        index = self.paired_rounds.index(self.round_number) if self.round_number in self.paired_rounds else 0
        index = max(0, min(len(self.paired_rounds) - 1, index + step))
        chosen = self.paired_rounds[index]
        self.pinned = None if chosen == self.paired_rounds[-1] else chosen
        self.table.clear()
        self.cursor_after = 0
        self.reload()

    async def action_correct(self) -> None:
        board = self.table.current_board
        if board is None:
            self.status.error("no board is highlighted")
            return
        await self.open_correction(self.round_number, board)

    async def action_void(self) -> None:
        board = self.table.current_board
        if board is None:
            self.status.error("no board is highlighted")
            return
        await self.open_correction(self.round_number, board, void=True)
