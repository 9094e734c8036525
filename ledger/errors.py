"""Refusals of the command service. Each message names the problem and the way out; a refused
command appends nothing."""

from __future__ import annotations


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


class ReasonRequired(LedgerError):
    """A decision that changes an earlier one needs a reason (docs/design.md, "Decisions that change earlier
    decisions")."""


class ConcurrentChange(LedgerError):
    """Another desk changed the same thing first; the message says what to check before retrying."""
