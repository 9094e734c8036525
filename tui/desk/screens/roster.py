"""The roster screen: the players; register, correct details, withdraw, re-enter, byes (requested, given in a
paired round, cancelled), pairing numbers by a rule."""

from __future__ import annotations

import asyncio
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from ledger.application import PlayerDetails
from ledger.ranking import RankingRule
from pairing.model import ByeKind
from projections.async_views import AsyncViews
from tui.desk.messages import Action, Command
from tui.desk.screens.base import DeskScreen
from tui.desk.screens.dialogs import Field, FormDialog, reason_fields
from tui.desk.widgets.nav import Place
from tui.desk.widgets.tables import RosterTable
from tui.player_fields import BY_DETAIL, PLAYER_FIELDS, PlayerField

DIGITS = r"\d*"


def _field(field: PlayerField, value: str) -> Field:
    """A player detail's line in a form (digits only for a whole number; the name must be given)."""
    return Field(
        field.detail,
        field.label,
        value,
        required=field.detail == "name",
        restrict=DIGITS if field.whole_number else None,
    )


def _value(detail: str, text: str) -> object:
    """The detail typed in a form as the ledger takes it (a whole number from its digits)."""
    field = BY_DETAIL[detail]
    return (int(text) if text else field.default) if field.whole_number else text


class RosterScreen(DeskScreen):
    PLACE = Place("roster", "r", "Roster", "The players: register, withdraw, re-enter, byes", "Roster")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "register", "Register", id="roster.register", tooltip="Register a new player"),
        Binding("c", "correct_player", "Correct", id="roster.correct", tooltip="Correct the highlighted player"),
        Binding("w", "withdraw", "Withdraw", id="roster.withdraw", tooltip="Withdraw the highlighted player"),
        Binding("i", "reenter", "Re-enter", id="roster.reenter", tooltip="Let a withdrawn player back in"),
        Binding(
            "y",
            "bye",
            "Bye",
            id="roster.bye",
            tooltip="Record a bye: a request for a coming round, or for a paired round the player is not in",
        ),
        Binding("x", "cancel_bye", "Cancel bye", id="roster.cancel_bye", tooltip="Withdraw a bye request"),
        Binding("o", "renumber", "Renumber", id="roster.renumber", tooltip="Pairing numbers by a rule, before round 1"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.players: dict[int, tuple[object, ...]] = {}
        self.next_round = 1

    def compose_body(self) -> ComposeResult:
        yield Static("", id="roster-title", markup=False)
        yield RosterTable(id="roster")

    def on_mount(self) -> None:
        self.query_one(RosterTable).focus()

    async def load(self, views: AsyncViews) -> None:
        players = await views.players()
        self.players = {p[0]: p for p in players}
        self.next_round = await views.last_round() + 1
        self.query_one(RosterTable).show_players(players)
        withdrawn = sum(1 for p in players if p[5] != "active")
        rule = await asyncio.to_thread(self.session.read_state, lambda state: state.ranking_rule())
        self.query_one("#roster-title", Static).update(
            f"{self.session.info.name}: {len(players)} players"
            + (f", {withdrawn} withdrawn" if withdrawn else "")
            + f"; pairing numbers by {rule}. a registers a player; the other keys act on the highlighted one."
        )

    def _player(self) -> int | None:
        number = self.query_one(RosterTable).current_player
        if number is None:
            self.status.error("no player is highlighted: a registers the first one")
        return number

    def action_register(self) -> None:
        fields = [_field(field, "") for field in PLAYER_FIELDS if field.at_desk]

        def answered(answer: dict[str, str] | None) -> None:
            if answer is None:
                return
            details = PlayerDetails(**{key: _value(key, text) for key, text in answer.items()})  # type: ignore[arg-type]
            self.run_command(
                Command(
                    title=f"registering {details.name}",
                    call=lambda ledger: ledger.register_players([details]),
                    done=lambda numbers: f"registered {details.name} as number {numbers[0]}",
                    action=Action.REGISTER,
                )
            )

        self.app.push_screen(FormDialog("Register a player", "", fields, confirm="Register"), answered)

    def action_correct_player(self) -> None:
        number = self._player()
        if number is None:
            return
        _, name, rating, federation, club, _status = self.players[number]
        shown = {"name": name, "rating": rating or 0, "federation": federation, "club": club}
        current = {field.detail: str(shown[field.detail]) for field in PLAYER_FIELDS if field.detail in shown}
        fields = [
            *(_field(field, current[field.detail]) for field in PLAYER_FIELDS if field.detail in current),
            *reason_fields(),
        ]

        def answered(answer: dict[str, str] | None) -> None:
            if answer is None:
                return
            changes = {k: _value(k, answer[k]) for k in current if answer[k] != current[k]}
            if not changes:
                self.status.say(f"player {number}: nothing changed")
                return
            text = ", ".join(f"{k}={v}" for k, v in changes.items())
            self.run_command(
                Command(
                    title=f"correcting player {number}",
                    call=lambda ledger: ledger.correct_player(number, changes, answer["reason"], answer["reference"]),
                    done=lambda _: f"player {number} corrected: {text}",
                    action=Action.CORRECT_PLAYER,
                )
            )

        body = "Change the details; the change and its reason are recorded in the log."
        self.app.push_screen(FormDialog(f"Correct player {number} {name}", body, fields, "Correct"), answered)

    def _withdraw_or_reenter(self, reenter: bool) -> None:
        number = self._player()
        if number is None:
            return
        name = self.players[number][1]
        verb = "Re-enter" if reenter else "Withdraw"
        body = f"{verb} {number} {name} from round {self.next_round} onwards (or name another round). " + (
            "The player is paired again from that round."
            if reenter
            else "The player is not paired from that round; earlier games stand."
        )
        fields = [Field("from_round", "From round", str(self.next_round), restrict=DIGITS), *reason_fields()]

        def answered(answer: dict[str, str] | None) -> None:
            if answer is None:
                return
            start = int(answer["from_round"]) if answer["from_round"] else None
            reason, reference = answer["reason"], answer["reference"]
            self.run_command(
                Command(
                    title=f"{'re-entering' if reenter else 'withdrawing'} player {number}",
                    call=(
                        (lambda ledger: ledger.reenter(number, start, reason, reference))
                        if reenter
                        else (lambda ledger: ledger.withdraw(number, start, reason, reference))
                    ),
                    done=lambda _: f"player {number} {name} {'re-entered' if reenter else 'withdrawn'}",
                    action=Action.WITHDRAW,
                )
            )

        self.app.push_screen(
            FormDialog(f"{verb} {number} {name}?", body, fields, confirm=verb, danger=not reenter), answered
        )

    def action_withdraw(self) -> None:
        self._withdraw_or_reenter(reenter=False)

    def action_reenter(self) -> None:
        self._withdraw_or_reenter(reenter=True)

    def action_bye(self) -> None:
        number = self._player()
        if number is None:
            return
        name = self.players[number][1]
        fields = [
            Field("round", "Round", str(self.next_round), restrict=DIGITS, required=True),
            Field("kind", "Kind: half, zero or full", "half", restrict=r"[a-z]*", required=True),
            Field("reason", "Reason", "", "needed for a round already paired (late entry, forgotten request)"),
        ]

        def answered(answer: dict[str, str] | None) -> None:
            if answer is None:
                return
            if answer["kind"] not in ("half", "zero", "full"):
                self.status.error(f"{answer['kind']!r} is not a kind of bye: half, zero or full")
                return
            kind = ByeKind(f"{answer['kind']}-point")
            round_number = int(answer["round"])

            self.run_command(
                Command(
                    title=f"bye request of player {number}",
                    call=lambda ledger: ledger.request_bye(number, round_number, kind, answer["reason"]),
                    done=lambda recorded: f"player {number} {name}: {answer['kind']}-point bye in round {recorded}",
                    action=Action.BYE,
                )
            )

        body = (
            "A coming round (or one whose pairing was withdrawn): the pairing leaves the player out. A round already "
            "paired: the player, on no board there, gets the bye at once (a late entry's missed round)."
        )
        self.app.push_screen(FormDialog(f"Bye for {number} {name}", body, fields, "Record"), answered)

    def action_cancel_bye(self) -> None:
        number = self._player()
        if number is None:
            return
        name = self.players[number][1]
        fields = [
            Field("round", "Round", str(self.next_round), restrict=DIGITS, required=True),
            Field("reason", "Reason", "", "why (recorded in the log with your name)", required=True),
        ]

        def answered(answer: dict[str, str] | None) -> None:
            if answer is None:
                return
            round_number = int(answer["round"])
            self.run_command(
                Command(
                    title=f"cancelling the bye request of player {number}",
                    call=lambda ledger: ledger.cancel_bye(number, round_number, answer["reason"]),
                    done=lambda recorded: f"player {number} {name}: bye request for round {recorded} cancelled",
                    action=Action.BYE,
                )
            )

        body = "Withdraw the player's bye request for a round not yet paired: the pairing will include them."
        self.app.push_screen(FormDialog(f"Cancel the bye of {number} {name}", body, fields, "Cancel bye"), answered)

    def action_renumber(self) -> None:
        rules = ", ".join(rule.value for rule in RankingRule)
        fields = [
            Field("rule", f"Rule: {rules}", RankingRule.FIDE.value, restrict=r"[a-z]*", required=True),
            *reason_fields(),
        ]

        def answered(answer: dict[str, str] | None) -> None:
            if answer is None:
                return
            if answer["rule"] not in {rule.value for rule in RankingRule}:
                self.status.error(f"{answer['rule']!r} is not a rule: {rules}")
                return
            rule = RankingRule(answer["rule"])
            self.run_command(
                Command(
                    title=f"renumbering by {rule.value}",
                    call=lambda ledger: ledger.renumber(rule, answer["reason"]),
                    done=lambda order: f"{len(order)} players renumbered by {rule.description}",
                    action=Action.RENUMBER,
                )
            )

        body = "\n".join(f"{rule.value}: {rule.description}" for rule in RankingRule) + (
            "\n\nBefore round 1 only; the FIDE Swiss systems number by C.04.2 2.2 by themselves."
        )
        self.app.push_screen(FormDialog("Renumber the players", body, fields, "Renumber"), answered)
