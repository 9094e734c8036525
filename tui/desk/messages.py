"""Messages the desk's workers post back to the event loop; their handlers only update widgets."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any

from attrs import frozen
from textual.message import Message

from ledger.application import Ledger
from ledger.fide_mode import Caution
from projections.state import TournamentState


class Action(Enum):
    """What a desk command does, for the screen that reacts when it is done."""

    REGISTER = "register"
    CORRECT_PLAYER = "correct-player"
    WITHDRAW = "withdraw"
    BYE = "bye"
    RENUMBER = "renumber"
    PAIR = "pair"
    UNPAIR = "unpair"
    RESULT = "result"
    CORRECT = "correct"
    VOID = "void"
    SEAL = "seal"
    VERIFY = "verify"
    REFRESH = "refresh"
    EXPORT = "export"
    HAND = "hand"
    """A step of a hand pairing (start, a board, the bye, a board taken out, cancel)."""
    UNDO_BREACH = "undo-breach"
    """The undo of a pairing-integrity-breaching event (docs/fide-mode.md, Q114)."""


BOARD_RESULTS = frozenset({Action.RESULT, Action.CORRECT, Action.VOID})
"""Actions that change one board's result (the round screen shows it at once)."""


@frozen
class BoardRef:
    round: int
    board: int


@frozen
class Command:
    """A ledger command as the desk runs it: `call` in a thread worker, `done` says what happened."""

    title: str
    """What the arbiter asked for, e.g. "round 1 board 3: 1-0" (shown while it runs and in errors)."""
    call: Callable[[Ledger], Any]
    done: Callable[[Any], str]
    """The message shown when it succeeded, from the command's outcome."""
    action: Action
    """What it does (the screen reacts to it afterwards)."""
    slow: bool = False
    """Cover the screen's main table with a loading indicator while it runs."""
    board: BoardRef | None = None
    """The board whose result it changes."""
    confirmed: frozenset[Caution] = frozenset()
    """The warnings it raises that the arbiter confirmed (docs/fide-mode.md, levels 3 and 4): it runs again
    with each one the desk asked (`DeskScreen.ask_confirmation`), until it raises none unconfirmed."""


class CommandDone(Message):
    """The command was saved; the read models catch up next (then `LedgerMoved`)."""

    def __init__(self, command: Command, outcome: Any, note: str, notices: tuple[Caution, ...] = ()) -> None:
        super().__init__()
        self.command, self.outcome, self.note = command, outcome, note
        self.notices = notices
        """The warnings the command gave and went on after (level 2, and those the arbiter confirmed)."""


class CommandFailed(Message):
    """The ledger refused (or could not run) a command; `error` is the message for the arbiter."""

    def __init__(self, command: Command, error: str, cautions: tuple[Caution, ...] = ()) -> None:
        super().__init__()
        self.command, self.error = command, error
        self.cautions = cautions
        """The warnings that stopped the command, when they need the arbiter's confirmation (docs/fide-mode.md)."""


class LedgerMoved(Message):
    """The read models moved to `position` (another desk, or the CLI, wrote to the ledger)."""

    def __init__(self, position: int) -> None:
        super().__init__()
        self.position = position


class PastReady(Message):
    """The tournament as it was at `position`, folded in a worker for the history screen."""

    def __init__(self, position: int, state: TournamentState) -> None:
        super().__init__()
        self.position, self.state = position, state


class ExplanationReady(Message):
    """What the explain screen shows of one round (read from the fold in a worker)."""

    def __init__(self, round_number: int, details: dict[str, Any] | None) -> None:
        super().__init__()
        self.round_number, self.details = round_number, details
