"""The hand pairing screen: pair a round by hand, board by board, between an explicit start and end
(docs/fide-mode.md, "Q64-69 Manual pairing"; `ledger.hand_pairing`).

Left, the players still to pair (number, name, score, colours played, colour preference, floats) above
the boards made so far; right, the engine's pairing of the same round from the same input, each of its
boards marked when the hand pairing has it too, so that a difference is seen before the end. The
warnings of Q66-69 are the ledger's: level 3 and 4 stop the step and the desk asks (`DeskScreen.ask_confirmation`),
level 2 is shown after it (`DeskScreen.acknowledge`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import ClassVar

from attrs import frozen
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Static

from ledger.application import Ledger, PublishedPairing
from ledger.hand_pairing import COLOUR_NAMES, Comparison, pab, pairing_items
from pairing.criteria.basic_rules import Strength, colour_preference, played_sides
from pairing.model import Entrant, Float, PairingInput, PlayerStatus
from projections.async_views import AsyncViews
from tui.desk.messages import Action, Command, CommandDone
from tui.desk.screens.base import DeskScreen
from tui.desk.screens.dialogs import Field, FormDialog, reason_fields
from tui.desk.widgets.entry import PairEntry, parse_pair
from tui.desk.widgets.grid import Grid, Justify
from tui.desk.widgets.nav import Place
from tui.desk.widgets.tables import points

FLOAT_SIGNS = {Float.UP: "↑", Float.DOWN: "↓", Float.NONE: "·"}
COLUMNS: dict[str, tuple[tuple[str, Justify], ...]] = {
    "to-pair": (
        ("No.", "right"),
        ("Name", "left"),
        ("Pts", "right"),
        ("Colours", "left"),
        ("Pref.", "left"),
        ("Floats", "left"),
    ),
    "hand-boards": (("Bd", "right"), ("White", "left"), ("Black", "left"), ("Engine", "left")),
    "engine-boards": (("Bd", "right"), ("Pairing", "left"), ("By hand", "left")),
}
"""The screen's tables and their columns."""
IDLE_HELP = """\
t   start: the next round, or the last paired round again while it has no result (with a reason)
    then type White's and Black's numbers ("1 4") and Enter, or Enter on two players in turn
y   the pairing-allocated bye to the number typed or the player highlighted
x   take a player's board or bye out again
f   end: publish the round (a pairing unlike the engine's asks twice and is recorded as an MPA)
c   give the hand pairing up, with a reason

Every step is recorded at once; the warnings of the FIDE checklist (Q66-69) are asked as they come."""


@frozen
class HandPairing:
    """What the screen shows of the round being paired by hand (plain values read under the session's lock)."""

    round: int
    request: PairingInput
    boards: tuple[tuple[int, int], ...]
    bye: int | None
    comparison: Comparison

    @property
    def to_pair(self) -> list[Entrant]:
        """The players to be paired this round who are on no board and have no bye yet."""
        seated = {n for board in self.boards for n in board} | ({self.bye} if self.bye else set())
        return [p for p in self.request.players if p.status is PlayerStatus.ACTIVE and p.number not in seated]

    def name(self, number: int) -> str:
        return self.request.player(number).name


def read_hand_pairing(ledger: Ledger) -> HandPairing | None:
    """The round being paired by hand, its draft and the engine's pairing beside it; None when there is none."""
    found = ledger.hand_comparison()
    if found is None:
        return None
    number, request, comparison = found
    boards = tuple((board.first, board.second) for board in comparison.hand.boards)
    byes = [bye.player for bye in pab(comparison.hand)]
    return HandPairing(number, request, boards, byes[0] if byes else None, comparison)


def colours_played(player: Entrant) -> str:
    """The colours of the games played, in order ("WBW"); byes and forfeits do not count (C.04.1)."""
    return "".join(COLOUR_NAMES[side][0] for side in played_sides(player.history))


def preference(player: Entrant) -> str:
    """C.04.3 1.7: the colour expected and how strongly ("W absolute", "B mild"); "-" for none."""
    wanted = colour_preference(played_sides(player.history))
    if wanted.colour is None or wanted.strength is Strength.NONE:
        return "-"
    return f"{COLOUR_NAMES[wanted.colour][0]} {wanted.strength.name.lower()}"


def floats(player: Entrant) -> str:
    """The floats of the last two rounds (C.04.3 A.4), latest last: ↑ up, ↓ down, · none."""
    return "".join(FLOAT_SIGNS[record.float] for record in player.history[-2:])


class HandPairingScreen(DeskScreen):
    PLACE = Place("hand", "m", "Pair by hand", "Pair a round by hand, board by board (Q64-69)", "Pair by hand")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "start", "Start", id="hand.start", tooltip="Start pairing a round by hand"),
        Binding("y", "bye", "Bye", id="hand.bye", tooltip="The pairing-allocated bye (typed or highlighted)"),
        Binding("x", "take_out", "Take out", id="hand.take_out", tooltip="Take a player's board or bye out again"),
        Binding("f", "end", "End", id="hand.end", tooltip="End the hand pairing and publish the round"),
        Binding("c", "cancel_pairing", "Cancel", id="hand.cancel", tooltip="Give the hand pairing up (with a reason)"),
        Binding("up", "cursor(-1)", show=False, id="hand.up", tooltip="Highlight the player above"),
        Binding("down", "cursor(1)", show=False, id="hand.down", tooltip="Highlight the player below"),
        Binding("pageup", "cursor(-10)", show=False, id="hand.page_up", tooltip="Ten players up"),
        Binding("pagedown", "cursor(10)", show=False, id="hand.page_down", tooltip="Ten players down"),
        Binding("escape", "drop_pick", show=False, id="hand.drop_pick", tooltip="Forget the player picked"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.shown: HandPairing | None = None
        self.picked: int | None = None
        """The player picked with Enter to have White; the next one picked gets Black."""

    def compose_body(self) -> ComposeResult:
        yield Static("", id="hand-title", markup=False)
        yield Static(IDLE_HELP, id="hand-idle", markup=False)
        with Horizontal(id="hand-columns"):
            with Vertical(id="hand-left"):
                yield Label("To pair", id="to-pair-label", classes="hand-heading")
                yield _unfocused(Grid(id="to-pair"))  # typing goes to the entry line; up/down move the highlight
                yield Label("Boards by hand", id="hand-boards-label", classes="hand-heading")
                yield _unfocused(Grid(id="hand-boards"))
            with Vertical(id="hand-right"):
                yield Label("The engine's pairing", id="engine-label", classes="hand-heading", markup=False)
                yield _unfocused(Grid(id="engine-boards"))
                yield Static("", id="comparison", markup=False)
        yield PairEntry(id="pair-entry")

    def on_mount(self) -> None:
        for key, columns in COLUMNS.items():
            self.table(key).set_columns(columns)
        self.query_one(PairEntry).focus()

    def table(self, key: str) -> Grid:
        """One of the screen's tables: a `Grid`, which draws only the rows on screen (a field of 1,000 players
        repaints in milliseconds; docs/desk.md, "Speed")."""
        return self.query_one(f"#{key}", Grid)

    def main_table(self) -> Grid:
        return self.table("to-pair")

    # --- reading ---------------------------------------------------------------------------------

    async def load(self, views: AsyncViews) -> None:
        shown = await asyncio.to_thread(self.session.read_ledger, read_hand_pairing)
        self.shown = shown
        self.query_one("#hand-columns").display = shown is not None
        entry = self.query_one(PairEntry)
        entry.display = shown is not None
        if shown is not None and not isinstance(self.focused, Input):
            entry.focus()
        self.query_one("#hand-idle").display = shown is None
        if shown is None:
            self.picked = None
            for key in ("to-pair", "hand-boards", "engine-boards"):
                self.table(key).show([])
            last = await views.last_round()
            total = self.session.info.settings.rounds
            following = f"round {last + 1}" if last < total else "no further round"
            played = last and any(board.result is not None for board in await views.boards(last))
            again = f", or round {last} again (it has no result yet)" if last and not played else ""
            self.query_one("#hand-title", Static).update(
                f"No round is being paired by hand. Press t to start: {following}{again}."
            )
            self.query_one("#comparison", Static).update("")
            return
        self._show(shown)

    def _show(self, shown: HandPairing) -> None:
        if self.picked is not None and self.picked not in {p.number for p in shown.to_pair}:
            self.picked = None
        left = shown.to_pair
        bye = f", bye to {shown.bye}" if shown.bye else ""
        after = "1 player left gets the bye" if len(left) == 1 and not shown.bye else f"{len(left)} to pair"
        self.query_one("#hand-title", Static).update(
            f"Round {shown.round} of {shown.request.total_rounds}, paired by hand: {_boards(len(shown.boards))}{bye}; "
            f"{after}." + (f" White: {self.picked} {shown.name(self.picked)}, now pick Black." if self.picked else "")
        )
        self.table("to-pair").show(
            [
                (
                    str(p.number),
                    (
                        str(p.number),
                        f"{p.name}  ◀ White" if p.number == self.picked else p.name,
                        points(p.score),
                        colours_played(p) or "-",
                        preference(p),
                        floats(p) or "-",
                    ),
                )
                for p in left
            ]
        )
        comparison = shown.comparison
        engine_items = set(pairing_items(comparison.engine))
        rows: list[tuple[str, tuple[str, ...]]] = []
        for board, (white, black) in enumerate(shown.boards, start=1):
            item = f"{white}-{black}"
            names = (f"{white} {shown.name(white)}", f"{black} {shown.name(black)}")
            rows.append((item, (str(board), *names, _mark(item, engine_items))))
        if shown.bye:
            item = f"bye {shown.bye}"
            rows.append((item, ("bye", f"{shown.bye} {shown.name(shown.bye)}", "", _mark(item, engine_items))))
        self.table("hand-boards").show(rows)
        self._show_engine(shown)

    def _show_engine(self, shown: HandPairing) -> None:
        comparison = shown.comparison
        self.query_one("#engine-label", Label).update(f"Engine ({comparison.engine_name}), same input")
        hand_items = set(pairing_items(comparison.hand))
        engine_rows = [
            (item, (str(board), item, "yes" if item in hand_items else "-"))
            for board, item in enumerate(pairing_items(comparison.engine), start=1)
        ]
        self.table("engine-boards").show(engine_rows)
        note = self.query_one("#comparison", Static)
        if comparison.engine is None:
            note.update(f"{comparison.engine_name} finds no pairing: {comparison.refusal}")
        elif comparison.only_by_hand:
            note.update(
                f"Differs: by hand {', '.join(comparison.only_by_hand)}; the engine "
                f"{', '.join(comparison.only_by_engine) or 'nothing else'}. Ending asks twice (Q69)."
            )
        else:
            note.update("So far the same as the engine's pairing.")
        note.set_class(bool(comparison.only_by_hand) or comparison.engine is None, "-differs")

    # --- the steps -------------------------------------------------------------------------------

    def _step(self, title: str, call: Callable[[Ledger], int], done: Callable[[int], str]) -> None:
        self.run_command(Command(title=title, call=call, done=done, action=Action.HAND))

    def _need_draft(self) -> HandPairing | None:
        if self.shown is None:
            self.status.error("no round is being paired by hand: press t to start")
        return self.shown

    @on(Input.Submitted, "#pair-entry")
    def entered(self, event: Input.Submitted) -> None:
        numbers = parse_pair(event.value)
        event.input.value = ""
        shown = self._need_draft()
        if shown is None:
            return
        if not event.value.strip():
            current = self.table("to-pair").current_key
            if current is None:
                self.status.error("nobody is left to pick")
                return
            numbers = (int(current),)
        if len(numbers) == 1:
            self._pick(shown, numbers[0])
        elif len(numbers) == 2:
            self._pair(numbers[0], numbers[1])
        else:
            self.status.error("type White's and Black's numbers, e.g. \"1 4\", then Enter")

    def _pick(self, shown: HandPairing, number: int) -> None:
        if self.picked is None or self.picked == number:
            self.picked = number
            self._show(shown)
            self.status.say(f"White: {number}; pick Black (Enter on the highlighted player, or type the number)")
            return
        white, self.picked = self.picked, None
        self._pair(white, number)

    def _pair(self, white: int, black: int) -> None:
        self.picked = None
        self._step(
            f"pairing {white}-{black} by hand",
            lambda ledger: ledger.hand_pair(white, black),
            lambda number: f"round {number}: {white}-{black} paired by hand",
        )

    def action_drop_pick(self) -> None:
        if self.picked is not None and self.shown is not None:
            self.picked = None
            self._show(self.shown)
            self.status.say("pick dropped")

    def _typed_or_highlighted(self) -> int | None:
        entry = self.query_one(PairEntry)
        numbers = parse_pair(entry.value)
        if len(numbers) == 1:
            entry.value = ""
            return numbers[0]
        current = self.table("to-pair").current_key
        return int(current) if current is not None else None

    def action_bye(self) -> None:
        if self._need_draft() is None:
            return
        number = self._typed_or_highlighted()
        if number is None:
            self.status.error("type the number of the player who gets the bye, or highlight them, then y")
            return
        self._step(
            f"the pairing-allocated bye to {number}",
            lambda ledger: ledger.hand_bye(number),
            lambda round_number: f"round {round_number}: pairing-allocated bye to {number}",
        )

    def action_take_out(self) -> None:
        shown = self._need_draft()
        if shown is None:
            return
        entry = self.query_one(PairEntry)
        typed = parse_pair(entry.value)
        entry.value = ""
        board = self.table("hand-boards").current_key
        default = str(typed[0]) if len(typed) == 1 else (board.split()[-1].split("-")[0] if board else "")
        fields = [Field("player", "Player", default, "a player on the board (or with the bye)", True, r"\d*")]

        def answered(answer: dict[str, str] | None) -> None:
            if answer is None:
                return
            number = int(answer["player"])
            self._step(
                f"taking {number}'s board out",
                lambda ledger: ledger.hand_unseat(number),
                lambda round_number: f"round {round_number}: {number}'s board (or bye) taken out of the hand pairing",
            )

        body = "The player's board (both players) or bye goes back to the players to pair."
        self.app.push_screen(FormDialog("Take a board out of the hand pairing", body, fields, "Take out"), answered)

    def action_start(self) -> None:
        if self.shown is not None:
            self.status.error(f"round {self.shown.round} is being paired by hand already: f ends it, c cancels it")
            return
        self.run_worker(self._ask_start(), exclusive=True, group="hand-start")

    async def _ask_start(self) -> None:
        last = await (await self.session.reader()).last_round()
        following = last + 1
        body = (
            f"Round {following} is paired next: start it by hand, board by board. To change the published round "
            f"{last} by hand (only while it has no result), give {last} and a reason: its pairing is withdrawn and "
            "becomes the draft."
            if last
            else "Round 1 is paired next: start it by hand, board by board."
        )
        fields = [Field("round", "Round", str(following), restrict=r"\d*", required=True)]
        fields += reason_fields(reason_required=False)[:1]

        def answered(answer: dict[str, str] | None) -> None:
            if answer is None:
                return
            number, reason = int(answer["round"] or following), answer["reason"]
            self._step(
                f"starting round {number} by hand",
                lambda ledger: ledger.start_hand_pairing(number, reason),
                lambda round_number: f"round {round_number} is being paired by hand: type two numbers, then Enter",
            )

        self.app.push_screen(FormDialog("Pair a round by hand", body, fields, "Start"), answered)

    def action_end(self) -> None:
        shown = self._need_draft()
        if shown is None:
            return
        if len(shown.to_pair) > 1:
            self.status.error(f"{len(shown.to_pair)} players are not paired yet; pair all but at most one")
            return
        title = f"ending the hand pairing of round {shown.round}"
        command = Command(
            title=title,
            call=lambda ledger: ledger.end_hand_pairing(),
            done=lambda pairing: _published(pairing),
            action=Action.PAIR,
        )
        if shown.comparison.differs:
            self.run_command(command)  # the ledger's Q69 warning asks, twice
            return
        engine = shown.comparison.engine_name
        body = f"Publish round {shown.round} as paired by hand: the same as {engine}'s pairing."
        if shown.to_pair:
            body += f" {shown.to_pair[0].number} {shown.to_pair[0].name} gets the pairing-allocated bye."

        def answered(answer: dict[str, str] | None) -> None:
            if answer is not None:
                self.run_command(command)

        dialog = FormDialog(f"End the hand pairing of round {shown.round}?", body, confirm="Publish")
        self.app.push_screen(dialog, answered)

    def action_cancel_pairing(self) -> None:
        shown = self._need_draft()
        if shown is None:
            return
        body = f"Round {shown.round} stays unpaired; the boards made by hand stay in the log only."

        def answered(answer: dict[str, str] | None) -> None:
            if answer is None:
                return
            self._step(
                f"cancelling the hand pairing of round {shown.round}",
                lambda ledger: ledger.cancel_hand_pairing(answer["reason"]),
                lambda number: f"round {number}: hand pairing cancelled; the round is not paired",
            )

        dialog = FormDialog("Give the hand pairing up?", body, reason_fields()[:1], "Give up", danger=True)
        self.app.push_screen(dialog, answered)

    def action_cursor(self, step: int) -> None:
        self.table("to-pair").action_move(step)

    def after_command(self, message: CommandDone) -> None:
        if message.command.action is Action.PAIR:
            self.shown = None
        super().after_command(message)


def _unfocused(grid: Grid) -> Grid:
    """A table that does not take the focus (the entry line keeps it; the screen's keys move the highlight)."""
    grid.can_focus = False
    return grid


def _boards(count: int) -> str:
    return "1 board" if count == 1 else f"{count} boards"


def _mark(item: str, engine_items: set[str]) -> str:
    return "same" if item in engine_items else "differs"


def _published(pairing: PublishedPairing) -> str:
    return f"round {pairing.round} published as paired by hand: {len(pairing.boards)} boards, {len(pairing.byes)} byes"
