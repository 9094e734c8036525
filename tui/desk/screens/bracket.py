"""The bracket screen: the bracket of an elimination tournament, drawn from the engine's own bracket data
(`pairing.ibf.brackets.bracket_view`); for other systems it says plainly that there is no bracket."""

from __future__ import annotations

from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.message import Message
from textual.widgets import Static

from pairing.registry import bracket_systems
from projections.async_views import AsyncViews
from projections.history import pairing_input
from projections.state import TournamentState
from tui.desk.screens.base import DeskScreen
from tui.desk.widgets.grid import Grid
from tui.desk.widgets.nav import Place

BRACKET_SYSTEMS = bracket_systems()
"""The systems that draw a bracket (`pairing.registry`, the one list)."""
"""Systems whose engines publish a bracket (docs/brackets.md)."""


def bracket_rows(view: Any, names: dict[int, str]) -> list[tuple[str, tuple[str, ...]]]:
    """The rows of a `BracketView`: one per match, rounds in playing order, top match first."""

    def slot(feed: Any, occupant: Any) -> str:
        who = occupant.player
        return f"{feed} " + (f"{who} {names.get(who, '?')}" if who is not None else str(occupant))

    rows = []
    for round_view in view.rounds:
        for match in round_view.matches:
            winner = match.winner.player
            rows.append(
                (
                    match.spec.label,
                    (
                        str(match.spec.session),
                        f"{round_view.name} ({round_view.stage})",
                        match.spec.label,
                        slot(match.spec.top, match.top),
                        slot(match.spec.bottom, match.bottom),
                        f"{winner} {names.get(winner, '?')}" if winner is not None else "",
                        str(match.result),
                    ),
                )
            )
    return rows


def bracket_of(state: TournamentState) -> tuple[list[tuple[str, tuple[str, ...]]], str]:
    """(rows, places) of the tournament's bracket as the engine sees it now."""
    from pairing.registry import bracket_view  # the elimination engines; loaded only for their systems

    view = bracket_view(pairing_input(state, state.last_paired_round + 1))
    names = {number: player.name for number, player in state.players.items()}
    places = ", ".join(f"{p.text}: {p.player} {names.get(p.player, '?')}" for p in view.places)
    return bracket_rows(view, names), places


class BracketReady(Message):
    def __init__(self, rows: list[tuple[str, tuple[str, ...]]], places: str) -> None:
        super().__init__()
        self.rows, self.places = rows, places


class BracketScreen(DeskScreen):
    PLACE = Place("bracket", "b", "Bracket", "The bracket of an elimination stage", "Bracket")

    def compose_body(self) -> ComposeResult:
        self.set_class(not self.has_bracket, "-no-bracket")
        yield Static(self.note(), id="bracket-note", markup=False)
        grid = Grid(id="bracket")
        grid.set_columns(
            [
                ("Rd", "right"),
                ("Round", "left"),
                ("Match", "left"),
                ("Top (light)", "left", 30),
                ("Bottom", "left", 30),
                ("Winner", "left", 26),
                ("How", "left"),
            ]
        )
        grid.display = self.has_bracket
        yield grid

    @property
    def has_bracket(self) -> bool:
        return self.session.info.settings.system in BRACKET_SYSTEMS

    def note(self) -> str:
        system = self.session.info.settings.system
        if self.has_bracket:
            return f"The {system} bracket as it stands (reading ...)."
        return (
            f"Bracket: none. This tournament uses the {system} system, which has no elimination bracket; "
            "its pairings are on the round screen (p) and its table on the standings screen (s).\n\n"
            f"A bracket is drawn here for {', '.join(BRACKET_SYSTEMS)} tournaments."
        )

    async def load(self, views: AsyncViews) -> None:
        if self.has_bracket:
            self.read_bracket()

    @work(thread=True, exclusive=True, group="bracket")
    def read_bracket(self) -> None:
        try:
            rows, places = self.session.read_state(bracket_of)
        except Exception as error:
            message = f"the bracket cannot be drawn: {self.refusal(error)}"
            self.app.call_from_thread(self.query_one("#bracket-note", Static).update, message)
            return
        self.post_message(BracketReady(rows, places))

    @on(BracketReady)
    def show_bracket(self, message: BracketReady) -> None:
        self.query_one(Grid).show(message.rows)
        system = self.session.info.settings.system
        self.query_one("#bracket-note", Static).update(
            f"The {system} bracket as it stands: every match, rounds in playing order (Rd: tournament round). "
            f"Places so far: {message.places or 'none yet'}."
        )
