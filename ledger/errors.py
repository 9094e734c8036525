"""Refusals of the command service. Each message names the problem and each remedy a way out; a
refused command appends nothing."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from ledger.fide_mode import Caution

# --- Remedies: the ways out of a refusal, as data; each front end says how to take them ---------------


class RemedyAction(StrEnum):
    """What the arbiter can do about a refusal, in the tournament's words. The ledger never says how:
    the CLI renders an action as a command line (`tui.cli.remedies`), the desk as a key or a palette
    command (`tui.desk.remedies`); docs/design.md, "Refusals and remedies"."""

    CREATE_TOURNAMENT = "create-tournament"
    SEE_ROSTER = "see-roster"
    SEE_PAIRINGS = "see-pairings"
    SEE_LOG = "see-log"
    SEE_APPEALS = "see-appeals"
    PAIR = "pair"
    PAIR_ANYWAY = "pair-anyway"
    PAIR_BY_HAND = "pair-by-hand"
    UNPAIR = "unpair"
    ROLL_BACK = "roll-back"
    ENTER_RESULT = "enter-result"
    CORRECT_RESULT = "correct-result"
    CORRECT_ON_APPEAL = "correct-on-appeal"
    CORRECT_PLAYER = "correct-player"
    REGISTER_NAMESAKE = "register-namesake"
    GIVE_REASON = "give-reason"
    SHOW_KEY = "show-key"
    MAKE_KEY = "make-key"
    GRANT_ROLE = "grant-role"
    GIVE_KEY = "give-key"
    SIGN_NOTHING = "sign-nothing"
    USE_ANOTHER_LEDGER = "use-another-ledger"
    START_HAND_PAIRING = "start-hand-pairing"
    SEE_HAND_PAIRING = "see-hand-pairing"
    UNSEAT_BY_HAND = "unseat-by-hand"
    END_HAND_PAIRING = "end-hand-pairing"
    CANCEL_HAND_PAIRING = "cancel-hand-pairing"
    ADJOURN = "adjourn"
    SEE_STANDINGS = "see-standings"
    LEAVE_FIDE_MODE = "leave-fide-mode"


PURPOSES: dict[RemedyAction, str] = {
    RemedyAction.CREATE_TOURNAMENT: "create the tournament",
    RemedyAction.SEE_ROSTER: "see the players and their numbers",
    RemedyAction.SEE_PAIRINGS: "see the round's boards",
    RemedyAction.SEE_LOG: "check the latest decisions in the log and decide again",
    RemedyAction.SEE_APPEALS: "see the appeals lodged in the log",
    RemedyAction.PAIR: "pair the next round",
    RemedyAction.PAIR_ANYWAY: "pair anyway, recording why",
    RemedyAction.PAIR_BY_HAND: "pair by hand",
    RemedyAction.UNPAIR: "withdraw the round's pairing, with a reason",
    RemedyAction.ROLL_BACK: "take the tournament back to the end of an earlier round",
    RemedyAction.ENTER_RESULT: "enter the result",
    RemedyAction.CORRECT_RESULT: "correct the result, with a reason",
    RemedyAction.CORRECT_ON_APPEAL: "correct it on an upheld appeal",
    RemedyAction.CORRECT_PLAYER: "correct the registered player's details",
    RemedyAction.REGISTER_NAMESAKE: "register anyway if this is another person",
    RemedyAction.GIVE_REASON: "give a reason",
    RemedyAction.SHOW_KEY: "copy the fingerprint and the public key as the arbiter's key shows them",
    RemedyAction.MAKE_KEY: "make an arbiter's key",
    RemedyAction.GRANT_ROLE: "ask the chief arbiter for a role",
    RemedyAction.GIVE_KEY: "sign with your arbiter's key",
    RemedyAction.SIGN_NOTHING: "give no key",
    RemedyAction.USE_ANOTHER_LEDGER: "create the new tournament in another ledger",
    RemedyAction.START_HAND_PAIRING: "start pairing the round by hand",
    RemedyAction.SEE_HAND_PAIRING: "see the hand pairing so far",
    RemedyAction.UNSEAT_BY_HAND: "take the player's board or bye out of the hand pairing",
    RemedyAction.END_HAND_PAIRING: "publish the hand pairing",
    RemedyAction.CANCEL_HAND_PAIRING: "give the hand pairing up, with a reason",
    RemedyAction.ADJOURN: "adjourn the game, with a reason",
    RemedyAction.SEE_STANDINGS: "see the standings: who is equal on score and every tie-break",
    RemedyAction.LEAVE_FIDE_MODE: "leave FIDE mode for good, with a reason (a level 4 warning), then decide again",
}
"""What each action does, in the words every front end puts before its own way of doing it."""


class Remedy(NamedTuple):
    """One way out of a refusal: an action and what it acts on (a round, a board, a player), e.g.
    `Remedy(RemedyAction.CORRECT_RESULT, round=1, board=3)`. A named tuple: every command loads this
    module at start-up, before it needs attrs (docs/performance.md, "Start-up")."""

    action: RemedyAction
    round: int | None = None
    board: int | None = None
    player: int | None = None

    @property
    def purpose(self) -> str:
        return PURPOSES[self.action]

    def fill(self, template: str, **more: str) -> str:
        """A front end's `template` with `{round}`, `{board}` and `{player}` replaced by the remedy's, or
        by the word the arbiter replaces (ROUND, BOARD, PLAYER) where it names none, and the front
        end's own placeholders by `more`."""
        return template.format(
            round="ROUND" if self.round is None else self.round,
            board="BOARD" if self.board is None else self.board,
            player="PLAYER" if self.player is None else self.player,
            **more,
        )


def explained(error: LedgerError, how: Callable[[Remedy], str]) -> str:
    """The refusal's message, then each remedy: its purpose and `how` a front end takes it."""
    ways = "; or ".join(f"{remedy.purpose}: {how(remedy)}" for remedy in error.remedies)
    return f"{error}; {ways}" if ways else str(error)


class LedgerError(Exception):
    """A command was refused; `str(error)` says what is wrong, `remedies` the ways out (as data: the
    front end that shows the message says how to take them, `explained`)."""

    def __init__(self, message: str, *remedies: Remedy) -> None:
        super().__init__(message)
        self.remedies = remedies


# --- end of remedies -------------------------------------------------------------------------------------


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

    def __init__(self, caution: Caution, *more: Caution) -> None:
        super().__init__("\n".join(map(_warning_text, (caution, *more))))
        self.cautions = (caution, *more)
        """Every warning of the command that is not confirmed yet, in the order the command met them."""

    @property
    def caution(self) -> Caution:
        """The first warning to confirm."""
        return self.cautions[0]


def _warning_text(caution: Caution) -> str:
    consequence = f"\n{caution.consequence}" if caution.consequence else ""
    return f"warning (level {int(caution.level)}, {caution.question}): {caution.text}{consequence}"


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
