"""The explain screen: why a round was paired as it was (engine, its input, its decisions in order)."""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Static

from projections.async_views import AsyncViews
from projections.state import TournamentState
from tui.desk.messages import ExplanationReady
from tui.desk.screens.base import DeskScreen
from tui.desk.widgets.nav import Place
from tui.desk.widgets.tables import DeskTable


def explanation_of(state: TournamentState, number: int) -> dict[str, Any] | None:
    """What the screen shows of round `number` (plain values: the fold itself stays in the worker)."""
    view = state.rounds.get(number)
    if view is None or not view.paired:
        return None
    return {
        "revision": view.revision,
        "engine": view.engine,
        "engine_version": view.engine_version,
        "input_position": view.input_position,
        "input_digest": view.input_digest,
        "options": dict(view.options),
        "seed": view.seed,
        "paired_at": view.paired_at,
        "explanation": [tuple(item) for item in view.explanation],
        "boards": len(view.boards),
        "byes": len(view.byes),
    }


class ExplainScreen(DeskScreen):
    PLACE = Place("explain", "e", "Explain", "Why a round was paired as it was", "Explain the pairing")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left_square_bracket", "other_round(-1)", "Prev round", id="explain.previous", tooltip="Round before"),
        Binding("right_square_bracket", "other_round(1)", "Next round", id="explain.next", tooltip="Round after"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.round_number = 0
        self.paired_rounds: list[int] = []

    def compose_body(self) -> ComposeResult:
        yield Static("", id="explain-title", markup=False)
        yield Static("", id="explain-input", markup=False)
        table = DeskTable(id="decisions")
        yield table

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_column("Article", key="article")
        table.add_column("Decision", key="decision")
        table.add_column("Met", key="met")
        table.focus()

    async def load(self, views: AsyncViews) -> None:
        self.paired_rounds = [r.round for r in await views.rounds() if r.paired]
        if self.round_number not in self.paired_rounds:
            self.round_number = max(self.paired_rounds, default=0)
        self.read_explanation(self.round_number)

    @work(thread=True, exclusive=True, group="explain")
    def read_explanation(self, number: int) -> None:
        try:
            details = self.session.read_state(lambda state: explanation_of(state, number))
        except Exception as error:
            self.app.call_from_thread(self.status.error, f"could not read round {number}: {self.refusal(error)}")
            return
        self.post_message(ExplanationReady(number, details))

    @on(ExplanationReady)
    def show_explanation(self, message: ExplanationReady) -> None:
        title = self.query_one("#explain-title", Static)
        facts = self.query_one("#explain-input", Static)
        table = self.query_one(DataTable)
        table.clear()
        details = message.details
        if details is None:
            title.update("No round is paired yet: the explanation of a pairing appears here once it is made.")
            facts.update("")
            return
        revision = f" (revision {details['revision']})" if details["revision"] > 1 else ""
        others = "  [ ] other rounds" if len(self.paired_rounds) > 1 else ""
        title.update(
            f"Why round {message.round_number}{revision} was paired as it was: "
            f"{details['boards']} boards, {details['byes']} byes.{others}"
        )
        engine = details["engine"] + (f" {details['engine_version']}" if details["engine_version"] else "")
        options = ", ".join(f"{k}={v}" for k, v in details["options"].items()) or "none"
        facts.update(
            f"Engine: {engine}. It read the tournament as it stood at log position {details['input_position']} "
            f"(input digest {details['input_digest'][:23] or '-'}, seed {details['seed']}, options {options}); "
            f"the pairing was published at position {details['paired_at']}. "
            "The decisions below are the engine's own, in order, with the rules' article numbers."
        )
        for index, (article, text, met) in enumerate(details["explanation"]):
            table.add_row(article, text, "yes" if met else "NO: could not be met", key=str(index))
        if not details["explanation"]:
            table.add_row("", "(the engine recorded no explanation for this round)", "")

    def action_other_round(self, step: int) -> None:
        if self.round_number in self.paired_rounds:
            index = self.paired_rounds.index(self.round_number) + step
            self.round_number = self.paired_rounds[max(0, min(len(self.paired_rounds) - 1, index))]
            self.read_explanation(self.round_number)
