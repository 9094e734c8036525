"""The breaches screen (from the audit log, `i`): every pairing-integrity-breaching event the log records
(docs/fide-mode.md, "Q112-115 Pairing-integrity-breaching events") with its kind, round, what it changed,
when, who, and whether it is undone; `u` undoes the highlighted one, with a reason (Q114,
`Ledger.undo_breach`), asking through the ledger's own warnings as every desk command does."""

from __future__ import annotations

import asyncio
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from projections.async_views import AsyncViews
from projections.breaches import LoggedBreach
from tui.desk.messages import Action, Command
from tui.desk.screens.base import DeskScreen
from tui.desk.screens.dialogs import FormDialog, reason_fields
from tui.desk.widgets.tables import BreachTable, log_time


class BreachesScreen(DeskScreen):
    NAV = "log"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", "Undo breach", id="breaches.undo", tooltip="Restore the state before it, with a reason"),
        Binding("escape", "back", "Back to the log", id="breaches.back", tooltip="Close the breaches view"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.breaches: list[LoggedBreach] = []
        self.read_to = 0
        """The log position the breaches are read to (the next read goes on from there)."""

    def compose_body(self) -> ComposeResult:
        yield Static("", id="breaches-title", markup=False)
        yield BreachTable(id="breaches")

    def on_mount(self) -> None:
        self.query_one(BreachTable).focus()

    async def load(self, views: AsyncViews) -> None:
        first = not self.read_to
        self.breaches, self.read_to, in_force = await asyncio.to_thread(
            self.session.breaches, self.breaches, self.read_to
        )
        table = self.query_one(BreachTable)
        table.show_breaches(self.breaches, in_force)
        if first:
            table.move_cursor(table.row_count - 1)  # the newest: the likeliest to undo
        count = len(self.breaches)
        self.query_one("#breaches-title", Static).update(
            f"{count or 'No'} pairing-integrity-breaching event{'' if count == 1 else 's'} in the log (Q112). "
            + ("u: undo the highlighted one, with a reason (Q114)." if count else "")
        )

    def highlighted(self) -> LoggedBreach | None:
        position = self.query_one(BreachTable).current_position
        return next((breach for breach in self.breaches if breach.position == position), None)

    def action_undo(self) -> None:
        """Ask for the reason, then `Ledger.undo_breach`: its warning (level 3, or level 4 as the breach
        asked) opens the desk's dialogs; a refusal is the ledger's message with its remedy."""
        breach = self.highlighted()
        if breach is None:
            self.status.error("no breach is highlighted")
            return
        position = breach.position
        body = (
            f"{breach.caution.trf_comment()}\n(position {position}, {log_time(breach.time.isoformat())} UTC, "
            f"{breach.actor})\n\nThe change that takes it back is appended, and warned of as the breach was; "
            "nothing is edited or deleted, and the TRF no longer lists the breach as a ### line."
        )

        def answered(answer: dict[str, str] | None) -> None:
            if answer is None:
                return
            self.run_command(
                Command(
                    title=f"undoing the breach at position {position}",
                    call=lambda ledger: ledger.undo_breach(position, answer["reason"], answer["reference"]),
                    done=lambda done: f"breach at position {position} undone: {done}",
                    action=Action.UNDO_BREACH,
                )
            )

        dialog = FormDialog(
            f"Undo the breach at position {position}?", body, reason_fields(), confirm="Undo", danger=True
        )
        self.app.push_screen(dialog, answered)

    def action_back(self) -> None:
        self.app.pop_screen()
