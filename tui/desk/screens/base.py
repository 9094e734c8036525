"""`DeskScreen`: what every desk screen has (header, screen bar, status line, footer), how it runs ledger
commands (a thread worker posting `CommandDone`/`CommandFailed`), and the commands any screen offers
through the command palette (pair, unpair, correct, void, seal, verify, export, refresh)."""

from __future__ import annotations

import asyncio
import traceback
from pathlib import Path
from typing import ClassVar, cast

from attrs import evolve
from eventsourcing.persistence import PersistenceError
from textual import on, work
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Header

from ledger.application import Ledger, PublishedPairing
from ledger.errors import ConfirmationNeeded, LedgerError
from ledger.fide_mode import Caution, Level
from ledger.persistence import ChainReport
from projections.async_views import AsyncViews
from projections.checks import Severity, pre_pairing_checks
from projections.standings import standings
from tui import render
from tui.desk.messages import Action, BoardRef, Command, CommandDone, CommandFailed, LedgerMoved
from tui.desk.remedies import desk_refusal
from tui.desk.screens.dialogs import Field, FormDialog, reason_fields
from tui.desk.screens.session import DeskSession, SessionApp
from tui.desk.widgets.nav import NavBar, Place
from tui.desk.widgets.status import StatusLine


class DeskScreen(Screen[None]):
    """A desk screen. Subclasses give `NAV`, `compose_body` and `load` (their reads from the views)."""

    PLACE: ClassVar[Place | None] = None
    """Where the screen is reached (its mode, key and names), for a screen the desk lists in `DeskApp.DESK_SCREENS`."""
    NAV: ClassVar[str] = ""
    """The entry of the screen bar shown as current on a screen with no place of its own."""

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False, icon="♞")
        yield NavBar(self.PLACE.mode if self.PLACE else self.NAV, cast(SessionApp, self.app).PLACES)
        yield from self.compose_body()
        yield StatusLine()
        yield Footer()

    def compose_body(self) -> ComposeResult:
        yield from ()

    @property
    def session(self) -> DeskSession:
        return cast(SessionApp, self.app).session

    def refusal(self, error: BaseException) -> str:
        """The message for the arbiter: the ledger's own words for a refusal, with its remedies as the
        desk takes them (`tui.desk.remedies`), never a traceback."""
        if isinstance(error, LedgerError):
            return desk_refusal(error, cast(SessionApp, self.app).PLACES)
        if isinstance(error, PersistenceError):
            return f"the ledger could not be read or written ({error}); nothing was saved"
        if isinstance(error, OSError):
            return f"{error.strerror or error}: {error.filename}" if error.filename else str(error)
        if isinstance(error, KeyError) and error.args:  # e.g. an unknown pairing system
            return str(error)
        return f"unexpected {type(error).__name__}: {error} (nothing was saved; please report it)"

    @property
    def status(self) -> StatusLine:
        return self.query_one(StatusLine)

    def main_table(self) -> Widget | None:
        tables = self.query("DataTable, Grid")
        return tables.first() if tables else None

    # --- reading ---------------------------------------------------------------------------------

    def on_screen_resume(self) -> None:
        self.reload()

    @work(exclusive=True, group="reload")
    async def reload(self) -> None:
        """Read what the screen shows from the views (the last reload asked for wins)."""
        try:
            await self.load(await self.session.reader())
        except Exception as error:  # a views file being rebuilt, a locked database: say so, retry later
            self.status.error(f"could not read the views: {self.refusal(error)}")

    async def load(self, views: AsyncViews) -> None:
        """Fill the screen's widgets from the views."""

    # --- running commands ---------------------------------------------------------------------------

    def run_command(self, command: Command) -> None:
        self.status.busy(command.title)
        table = self.main_table()
        if command.slow and table is not None:
            table.loading = True
        self._execute(command)

    @work(thread=True, group="ledger")
    def _execute(self, command: Command) -> None:
        """The command, then (its outcome already on screen) the catch-up that refreshes the tables."""
        try:
            outcome, notices = self.session.run(command.call, command.confirmed)
            note = command.done(outcome)
        except Exception as error:
            if not isinstance(error, LedgerError | PersistenceError):
                self.log.error("".join(traceback.format_exception(error)))
            cautions = error.cautions if isinstance(error, ConfirmationNeeded) else ()
            self.post_message(CommandFailed(command, self.refusal(error), cautions))
            return
        self.post_message(CommandDone(command, outcome, note, notices))
        try:
            position = self.session.catch_up()
        except Exception as error:  # saved, but the views could not follow: the next poll tries again
            self.log.error("".join(traceback.format_exception(error)))
            return
        self.post_message(LedgerMoved(position))  # bubbles to the app, which refreshes the screen shown

    @on(CommandDone)
    def command_done(self, message: CommandDone) -> None:
        self._idle()
        self.status.say(message.note)
        self.acknowledge(message.notices)
        if message.command.action is Action.VERIFY and not message.outcome.ok:
            self.status.error(message.note)
            self.notify(message.note, title="The ledger fails verification", severity="error", timeout=30, markup=False)
        self.after_command(message)

    @on(CommandFailed)
    def command_failed(self, message: CommandFailed) -> None:
        self._idle()
        if message.cautions and not set(message.cautions) <= message.command.confirmed:
            self.ask_confirmation(message.command, message.cautions)
            return
        self.status.error(f"{message.command.title}: {message.error}")
        self.reload()

    def ask_confirmation(self, command: Command, cautions: tuple[Caution, ...]) -> None:
        """Warnings of level 3 or 4 (docs/fide-mode.md) stopped `command`, nothing appended: show them all in
        one dialog, ask (a second time, with the consequences, when one is of level 4) and run it again with
        them confirmed (a warning the confirmed run meets that none covers, `ledger.fide_mode.confirms`, is
        asked in its turn); cancelled, nothing is recorded."""
        self.status.say(f"{command.title}: waiting for your confirmation")
        headings = [f"level {int(caution.level)}, {caution.question}" for caution in cautions]
        heading = f"Warning ({headings[0]})" if len(cautions) == 1 else f"Warnings ({'; '.join(headings)})"
        texts = [f"{caution.text}." for caution in cautions]
        twice = [caution.consequence for caution in cautions if caution.level is Level.CONFIRM_TWICE]

        def run_confirmed() -> None:
            self.run_command(evolve(command, confirmed=command.confirmed | set(cautions)))

        def after_first(answer: dict[str, str] | None) -> None:
            if answer is None:
                self.status.say(f"{command.title}: cancelled, nothing recorded")
            elif twice:
                body = "\n".join(twice) + "\n\nConfirm again, knowing this?"
                self.app.push_screen(FormDialog(heading, body, confirm="Confirm again", danger=True), after_second)
            else:
                run_confirmed()

        def after_second(answer: dict[str, str] | None) -> None:
            if answer is None:
                self.status.say(f"{command.title}: cancelled, nothing recorded")
            else:
                run_confirmed()

        self.app.push_screen(FormDialog(heading, "\n".join(texts), confirm="Confirm", danger=True), after_first)

    def acknowledge(self, notices: tuple[Caution, ...]) -> None:
        """The level 2 warnings (docs/fide-mode.md) a saved command gave: shown in a dialog that the arbiter
        acknowledges (the step is recorded already; the dialog has nothing to cancel)."""
        shown = [caution for caution in notices if caution.level is Level.ACKNOWLEDGE]
        if not shown:
            return
        questions = ", ".join(dict.fromkeys(caution.question for caution in shown))
        body = "\n".join(f"{caution.text}." for caution in shown) + "\n\nRecorded; nothing to confirm."
        self.app.push_screen(FormDialog(f"Warning (level 2, {questions})", body, confirm="OK", cancel=""))

    def _idle(self) -> None:
        table = self.main_table()
        if table is not None:
            table.loading = False

    def after_command(self, message: CommandDone) -> None:
        """What the screen does after one of its commands succeeded (before the reload)."""
        if message.command.action is Action.PAIR:
            self.app.switch_mode("round")

    # --- commands every screen offers (the command palette calls these) -------------------------

    async def action_pair_next(self) -> None:
        views = await self.session.reader()
        rounds = await views.rounds()
        total = self.session.info.settings.rounds
        reopened = next((r.round for r in rounds if not r.paired), None)
        number = reopened or max((r.round for r in rounds), default=0) + 1
        if number > total:
            self.status.error(f"all {total} rounds are paired; the tournament is complete")
            return
        missing = [b.board for b in await views.boards(number - 1) if b.result is None] if number > 1 else []
        system = self.session.info.settings.system
        body = f"Pair round {number} of {total} with the {system} system and publish the pairing to the log."
        if missing:
            body += (
                f"\n\nRound {number - 1} still has no result on board(s) {', '.join(map(str, missing))}. "
                "Pairing anyway is a recorded decision: give the reason."
            )
        if reopened:
            body += f"\n\nRound {number}'s pairing was withdrawn; pairing it again needs a reason."
        findings = await asyncio.to_thread(self.session.read_state, lambda state: pre_pairing_checks(state, number))
        if findings:
            body += "\n\nBefore pairing:\n" + "\n".join(f"- {f.subject}: {f.message}" for f in findings)
        needs_reason = bool(missing or reopened)
        fields = [Field("reason", "Reason", "", "why (recorded in the log with your name)", required=needs_reason)]

        def answered(answer: dict[str, str] | None) -> None:
            if answer is None:
                return
            reason = answer["reason"]

            def call(ledger: Ledger) -> PublishedPairing:
                return ledger.pair_next_round(force_reason=reason if missing else "", reason=reason)

            self.run_command(
                Command(
                    title=f"pairing round {number}",
                    call=call,
                    done=lambda p: f"round {p.round} paired: {len(p.boards)} boards, {len(p.byes)} byes",
                    action=Action.PAIR,
                    slow=True,
                )
            )

        self.app.push_screen(FormDialog(f"Pair round {number}?", body, fields, confirm="Pair"), answered)

    async def action_check(self) -> None:
        """Show what stands in the way of the next round and what the pairing will do about each
        (`arbiter check`)."""
        findings = await asyncio.to_thread(self.session.read_state, pre_pairing_checks)
        if not findings:
            self.status.say("before pairing: nothing to report")
            return
        blocked = any(f.severity is Severity.BLOCKS for f in findings)
        text = "\n".join(f"{f.severity.value}: {f.subject}: {f.message}" for f in findings)
        self.notify(text, title="Before pairing", severity="warning" if blocked else "information", markup=False)
        self.status.say(f"before pairing: {len(findings)} finding(s)" + (", pairing is blocked" if blocked else ""))

    async def action_unpair(self) -> None:
        views = await self.session.reader()
        number = await views.last_round()
        if not number:
            self.status.error("no round is paired yet: there is nothing to unpair")
            return
        boards = await views.boards(number)
        results = sum(1 for b in boards if b.result is not None)
        body = (
            f"Withdraw the pairing of round {number} ({len(boards)} boards, {results} results recorded)? "
            "It stays in the log; the round can then be paired again."
        )

        def answered(answer: dict[str, str] | None) -> None:
            if answer is None:
                return
            self.run_command(
                Command(
                    title=f"withdrawing the pairing of round {number}",
                    call=lambda ledger: ledger.unpair(number, answer["reason"], answer["reference"]),
                    done=lambda _: f"round {number} pairing withdrawn; n pairs it again",
                    action=Action.UNPAIR,
                )
            )

        dialog = FormDialog(f"Unpair round {number}?", body, reason_fields(), confirm="Unpair", danger=True)
        self.app.push_screen(dialog, answered)

    async def action_pick_correction(self, void: bool = False) -> None:
        """Ask which result (round, board), then open the correction (or void) dialog for it."""
        last = await (await self.session.reader()).last_round()
        fields = [
            Field("round", "Round", str(last or ""), restrict=r"\d*", required=True),
            Field("board", "Board", "", restrict=r"\d*", required=True),
        ]

        async def answered(answer: dict[str, str] | None) -> None:
            if answer is not None:
                await self.open_correction(int(answer["round"]), int(answer["board"]), void=void)

        what = "void" if void else "correct"
        self.app.push_screen(FormDialog(f"Which result do you want to {what}?", "", fields, "Next"), answered)

    async def action_pick_void(self) -> None:
        await self.action_pick_correction(void=True)

    async def open_correction(self, round_number: int, board: int, result: str = "", void: bool = False) -> None:
        """The dialog that corrects (or voids) a recorded result: what it was, what it affects, a reason."""
        views = await self.session.reader()
        row = next((b for b in await views.boards(round_number) if b.board == board), None)
        if row is None:
            self.status.error(f"round {round_number} has no board {board}")
            return
        if row.result is None:
            self.status.error(f"round {round_number} board {board} has no result yet: type it on the round screen")
            return
        body = [
            f"Round {round_number}, board {board}: {row.first} {row.first_name} - {row.second} {row.second_name}.",
            f"Recorded result: {row.result}. "
            + ("Voiding" if void else "The correction")
            + " is a new event; the recorded result stays in the log.",
        ]
        later = await views.later_boards(round_number, (row.first, row.second))
        if later:
            names = {row.first: row.first_name, row.second: row.second_name}
            seats = ", ".join(f"round {r} board {b} ({p} {names.get(p, '')})" for r, b, p in later)
            body.append(
                f"Affects later rounds: they were paired with the scores before this change. "
                f"These players sit on {seats}. Those pairings stand unless you unpair them."
            )
        fields = [] if void else [Field("result", "Corrected result", result, "e.g. 0-1", required=True)]
        fields += reason_fields()
        title = f"{'Void' if void else 'Correct'} the result of round {round_number} board {board}"

        def answered(answer: dict[str, str] | None) -> None:
            if answer is None:
                return
            reason, reference = answer["reason"], answer["reference"]
            if void:
                command = Command(
                    title=f"voiding round {round_number} board {board}",
                    call=lambda ledger: ledger.void_result(round_number, board, reason, reference),
                    done=lambda _: f"round {round_number} board {board}: result {row.result} voided",
                    action=Action.VOID,
                    board=BoardRef(round_number, board),
                )
            else:
                command = Command(
                    title=f"correcting round {round_number} board {board}",
                    call=lambda ledger: ledger.correct_result(round_number, board, answer["result"], reason, reference),
                    done=lambda code: f"round {round_number} board {board}: {row.result} corrected to {code}",
                    action=Action.CORRECT,
                    board=BoardRef(round_number, board),
                )
            self.run_command(command)

        dialog = FormDialog(title, "\n".join(body), fields, confirm="Void" if void else "Correct", danger=True)
        self.app.push_screen(dialog, answered)

    async def action_seal(self) -> None:
        views = await self.session.reader()
        rounds = [r for r in await views.rounds() if r.paired and not r.sealed and not r.missing]
        if not rounds:
            self.status.error("no complete, unsealed round to seal")
            return
        number = rounds[0].round
        body = (
            f"Seal round {number}: the ledger is verified and its chain head recorded in the round, "
            "to be printed on the results sheet. A sealed round's results can still be corrected, with a reason."
        )

        def answered(answer: dict[str, str] | None) -> None:
            if answer is not None:
                self.run_command(
                    Command(
                        title=f"sealing round {number}",
                        call=lambda ledger: ledger.seal_round(number),
                        done=lambda head: f"round {number} sealed; chain head {head}",
                        action=Action.SEAL,
                        slow=True,
                    )
                )

        self.app.push_screen(FormDialog(f"Seal round {number}?", body, confirm="Seal"), answered)

    def action_verify(self) -> None:
        def done(report: ChainReport) -> str:
            if report.ok:
                return f"verify: ok, {report.events} events, chain head {report.head}"
            return (
                f"verify FAILED at position {report.first_bad_position}: {report.problem} "
                f"({report.events} events verified before it)"
            )

        self.run_command(Command(title="verifying the ledger", call=Ledger.verify, done=done, action=Action.VERIFY))

    def action_refresh(self) -> None:
        self.run_command(
            Command(title="refreshing", call=lambda ledger: None, done=lambda _: "up to date", action=Action.REFRESH)
        )

    def action_export(self) -> None:
        location = self.session.location
        default = "standings.csv" if "://" in location else str(Path(location).with_suffix("")) + "-standings.csv"
        fields = [Field("file", "File", default, required=True)]

        def answered(answer: dict[str, str] | None) -> None:
            if answer is None:
                return
            target = Path(answer["file"]).expanduser()

            def call(_: Ledger) -> int:
                rows = self.session.read_state(standings)
                target.write_text(render.standings_csv(rows), encoding="utf-8")
                return len(rows)

            self.run_command(
                Command(
                    title=f"exporting the standings to {target}",
                    call=call,
                    done=lambda n: f"standings of {n} players written to {target}",
                    action=Action.EXPORT,
                )
            )

        self.app.push_screen(FormDialog("Export the standings as CSV", "", fields, confirm="Export"), answered)
