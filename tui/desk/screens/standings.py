"""The standings screen: score and the tournament's tie-breaks, refreshed as results arrive."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Static

from projections.async_views import AsyncViews
from tui.desk.screens.base import DeskScreen
from tui.desk.widgets.nav import Place
from tui.desk.widgets.tables import StandingsTable


class StandingsScreen(DeskScreen):
    PLACE = Place("standings", "s", "Standings", "The standings with the tie-breaks", "Standings")

    def compose_body(self) -> ComposeResult:
        yield Static("", id="standings-title", markup=False)
        yield StandingsTable(id="standings")

    def on_mount(self) -> None:
        self.query_one(StandingsTable).focus()

    async def load(self, views: AsyncViews) -> None:
        rows = await views.standings_raw()
        last = await views.last_round()
        position = await views.position()
        codes = self.session.info.settings.tiebreaks
        self.query_one(StandingsTable).show_stored(codes, rows)
        after = f"after round {last}" if last else "before round 1"
        self.query_one("#standings-title", Static).update(
            f"{self.session.info.name}: standings {after} (log position {position}). "
            f"Tie-breaks: {', '.join(codes) or 'none'}."
        )
