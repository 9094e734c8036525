"""Refusals of the command service. Each message names the problem and the way out; a refused
command appends nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ledger.fide_mode import Caution


class LedgerError(Exception):
    """A command was refused; `str(error)` is the message for the arbiter."""


class InvalidInput(LedgerError):
    """A value the command was given is malformed or out of range."""


class InvalidResult(InvalidInput):
    """A result that the tournament's game and match format cannot produce."""


class NoTournament(LedgerError):
    """The ledger holds no tournament yet."""


class TournamentExists(LedgerError):
    """`new` on a ledger that already holds a tournament."""


class UnknownPlayer(LedgerError):
    pass


class DuplicatePlayer(LedgerError):
    pass


class UnknownRound(LedgerError):
    pass


class UnknownBoard(LedgerError):
    pass


class ResultAlreadyRecorded(LedgerError):
    pass


class NoResultToCorrect(LedgerError):
    pass


class RoundNotReady(LedgerError):
    """A round cannot be paired, unpaired or sealed in its present state."""


class RuleViolation(LedgerError):
    """The command would break a rule of the tournament's system (the message names the article)."""


class ConfirmationNeeded(LedgerError):
    """A warning of level 3 or 4 (`ledger.fide_mode`) that the arbiter has not confirmed: nothing was
    appended; the same command, confirmed (`--yes`, the desk's dialog), records the warning and goes on."""

    def __init__(self, caution: Caution) -> None:
        consequence = f"\n{caution.consequence}" if caution.consequence else ""
        super().__init__(f"warning (level {int(caution.level)}, {caution.question}): {caution.text}{consequence}")
        self.caution = caution


class ReasonRequired(LedgerError):
    """A decision that changes an earlier one needs a reason (docs/design.md, "Decisions that change earlier
    decisions")."""


class ConcurrentChange(LedgerError):
    """Another desk changed the same thing first; the message says what to check before retrying."""


class LedgerUnavailable(LedgerError):
    """The ledger cannot take the command now; nothing was appended."""


class LedgerLocked(LedgerUnavailable):
    """Another desk's transaction held the ledger longer than the lock timeout."""


class LedgerReadOnly(LedgerUnavailable):
    """The ledger's file or mount cannot be written; reading commands still work."""


class AlreadyRecorded(Exception):
    """A command id that was recorded before: the repeat appends nothing and succeeds."""

    def __init__(self, command_id: str, position: int) -> None:
        super().__init__(f"command {command_id!r} was already recorded at log position {position}; nothing appended")
        self.command_id = command_id
        self.position = position
