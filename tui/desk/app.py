"""The arbiter's desk: a Textual app over one ledger (`arbiter tui`). Screens in `tui/desk/screens/`."""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from eventsourcing.persistence import PersistenceError
from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from ledger.errors import LedgerError
from ledger.redaction import redacted, without_secrets
from ledger.signing import ArbiterKey
from tui import exit_codes
from tui.cli.remedies import refusal_text
from tui.desk.messages import LedgerMoved
from tui.desk.screens.base import DeskScreen
from tui.desk.screens.bracket import BracketScreen
from tui.desk.screens.explain import ExplainScreen
from tui.desk.screens.hand import HandPairingScreen
from tui.desk.screens.log import LogScreen
from tui.desk.screens.rating_lists import RatingListsScreen
from tui.desk.screens.roster import RosterScreen
from tui.desk.screens.round import RoundScreen
from tui.desk.screens.session import DeskSession
from tui.desk.screens.standings import StandingsScreen
from tui.desk.widgets.nav import Place
from tui.wiring import open_ledger

ROSTER_ACTIONS = (
    ("register", "Register a player", "A new player (a late entry too)"),
    ("bye", "Record a bye", "A request for a coming round, or a bye in a paired round (late entry)"),
    ("cancel_bye", "Cancel a bye request", "Withdraw a bye request for a round not yet paired"),
    ("withdraw", "Withdraw a player", "Not paired from a round onwards"),
    ("renumber", "Renumber the players", "Pairing numbers by a rule, before round 1"),
)
"""The roster screen's actions offered in the command palette (they act on the highlighted player)."""


def _go(place: Place) -> Binding:
    return Binding(
        place.key,
        f"switch_mode('{place.mode}')",
        place.title,
        id=f"desk.{place.mode}",
        tooltip=place.tooltip,
        show=False,
    )


class DeskApp(App[int]):
    CSS_PATH = "app.tcss"
    DESK_SCREENS: ClassVar[tuple[type[DeskScreen], ...]] = (
        RoundScreen,
        HandPairingScreen,
        RosterScreen,
        RatingListsScreen,
        StandingsScreen,
        LogScreen,
        ExplainScreen,
        BracketScreen,
    )
    """The desk's screens, in the order of the screen bar: each one's `PLACE` gives its mode, key and names,
    from which the modes, the keys, the screen bar and the palette's "Show:" commands are made."""
    PLACES: ClassVar[tuple[Place, ...]] = tuple(screen.PLACE for screen in DESK_SCREENS if screen.PLACE)
    MODES: ClassVar[dict[str, str | Callable[[], Screen[Any]]]] = {
        screen.PLACE.mode: screen for screen in DESK_SCREENS if screen.PLACE
    }
    DEFAULT_MODE = "round"
    BINDINGS: ClassVar[list[BindingType]] = [
        *(_go(place) for place in PLACES),
        Binding("f5", "refresh_views", "Refresh", id="desk.refresh", tooltip="Catch up with the ledger now"),
        Binding("q", "quit", "Quit", id="desk.quit", tooltip="Close the desk (everything is saved already)"),
    ]

    def __init__(self, session: DeskSession, poll_interval: float = 1.0) -> None:
        super().__init__()
        self.session = session
        self.poll_interval = poll_interval
        self.shown_position = session.views.position
        self.title = session.info.name
        self.sub_title = self.subtitle()

    def subtitle(self) -> str:
        """The ledger and the actor; first, for a tournament not in FIDE mode, the notice that says so (Q46)."""
        where = f"{redacted(self.session.location).rsplit('/', 1)[-1]} · {self.session.ledger.actor}"
        notice = self.session.fide_mode_notice()
        return f"{notice} · {where}" if notice else where

    def on_mount(self) -> None:
        self.set_interval(self.poll_interval, self.poll_ledger)

    async def on_unmount(self) -> None:
        await self.session.close()

    # --- two desks on one ledger: poll, catch up, refresh ---------------------------------------------

    @work(thread=True, exclusive=True, group="poll", exit_on_error=False)
    def poll_ledger(self) -> None:
        position = self.session.sync()
        if position is not None and position != self.shown_position:
            self.post_message(LedgerMoved(position))

    def on_ledger_moved(self, message: LedgerMoved) -> None:
        self.shown_position = message.position
        self.sub_title = self.subtitle()
        if isinstance(self.screen, DeskScreen):
            self.screen.reload()

    def action_refresh_views(self) -> None:
        if isinstance(self.screen, DeskScreen):
            self.screen.action_refresh()

    # --- the command palette -----------------------------------------------------------------------------

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:  # type: ignore[type-arg]
        if isinstance(screen, DeskScreen):
            yield from (
                SystemCommand(
                    "Pair next round", "Pair the next round with the system (asks first)", screen.action_pair_next
                ),
                SystemCommand("Unpair round", "Withdraw the last round's pairing, with a reason", screen.action_unpair),
                SystemCommand(
                    "Correct a result", "Correct a recorded result, with a reason", screen.action_pick_correction
                ),
                SystemCommand("Void a result", "Void a recorded result, with a reason", screen.action_pick_void),
                SystemCommand("Check before pairing", "What stands in the way of the next round", screen.action_check),
                SystemCommand("Seal round", "Seal a complete round with the ledger's chain head", screen.action_seal),
                SystemCommand("Verify the ledger", "Check the hash chain of every event", screen.action_verify),
                SystemCommand("Export standings", "Write the standings to a CSV file", screen.action_export),
                SystemCommand("Refresh", "Catch up with the ledger now", screen.action_refresh),
            )
            for action, title, help_text in ROSTER_ACTIONS:
                yield SystemCommand(title, help_text, lambda action=action: self.roster_action(action))
            for place in self.PLACES:
                yield SystemCommand(
                    f"Show: {place.palette}",
                    f"Switch to the {place.palette.lower()} screen",
                    lambda mode=place.mode: self.switch_mode(mode),
                )
        yield from super().get_system_commands(screen)

    def roster_action(self, action: str) -> None:
        """Run one of the roster screen's actions from anywhere (the command palette)."""
        self.switch_mode("roster")
        self.call_after_refresh(lambda: getattr(self.screen, f"action_{action}")())


def run_desk(location: str, actor: str | None, key: ArbiterKey | None = None, store: str | None = None) -> int:
    """`arbiter tui`: open the desk on the ledger at `location` (signing with `key`, reading the rating lists
    of the store at `store`, found as the CLI finds it when None); the exit code."""
    try:
        ledger, views = open_ledger(location, actor, key=key)
        session = DeskSession(ledger, views, store)
    except LedgerError as error:
        print(f"arbiter tui: {refusal_text(error)}", file=sys.stderr)
        return exit_codes.NO_LEDGER
    except (PersistenceError, sqlite3.Error, OSError) as error:
        print(without_secrets(f"arbiter tui: cannot use the ledger at {location}: {error}", location), file=sys.stderr)
        return exit_codes.NO_LEDGER
    try:
        DeskApp(session).run()
    finally:
        session.close_ledger()
    return exit_codes.OK
