"""How the `arbiter` command says the way out of a refusal: each `RemedyAction` of the ledger as the
command line that takes it (docs/design.md, "Refusals and remedies"). The ledger says what to do; only
this module knows the verbs and options that do it."""

from __future__ import annotations

from ledger.errors import LedgerError, Remedy, RemedyAction, explained

COMMAND_LINES: dict[RemedyAction, str] = {
    RemedyAction.CREATE_TOURNAMENT: "`arbiter new NAME --game GAME --system SYSTEM`",
    RemedyAction.SEE_ROSTER: "`arbiter roster`",
    RemedyAction.SEE_PAIRINGS: "`arbiter pairings {round}`",
    RemedyAction.SEE_LOG: "`arbiter log --tail 5`",
    RemedyAction.SEE_APPEALS: "`arbiter log`",
    RemedyAction.PAIR: "`arbiter pair`",
    RemedyAction.PAIR_ANYWAY: '`arbiter pair --force --reason "..."`',
    RemedyAction.PAIR_BY_HAND: '`arbiter pair --manual "1-2,3-4"`',
    RemedyAction.UNPAIR: '`arbiter unpair {round} --reason "..."`',
    RemedyAction.ROLL_BACK: '`arbiter rollback --to-round {round} --reason "..."`',
    RemedyAction.ENTER_RESULT: "`arbiter result {round} {board} RESULT`",
    RemedyAction.CORRECT_RESULT: '`arbiter correct {round} {board} RESULT --reason "..."`',
    RemedyAction.CORRECT_ON_APPEAL: '`arbiter correct {round} {board} RESULT --reason "..." --appeal N`',
    RemedyAction.CORRECT_PLAYER: '`arbiter correct-player {player} --set DETAIL=VALUE --reason "..."`',
    RemedyAction.REGISTER_NAMESAKE: "`arbiter register NAME --allow-duplicate`",
    RemedyAction.GIVE_REASON: 'the same command with `--reason "..."`',
    RemedyAction.SHOW_KEY: "`arbiter key show`",
    RemedyAction.MAKE_KEY: "`arbiter key new`",
    RemedyAction.GRANT_ROLE: '`arbiter grant FINGERPRINT --public-key HEX --role ROLE --reason "..."`',
    RemedyAction.GIVE_KEY: "the same command with `--key PATH` (or $ARBITER_KEY)",
    RemedyAction.SIGN_NOTHING: "the same command without `--key` (and without $ARBITER_KEY)",
    RemedyAction.USE_ANOTHER_LEDGER: "`arbiter new NAME --ledger OTHER.ledger --game GAME --system SYSTEM`",
    RemedyAction.START_HAND_PAIRING: "`arbiter manual-pairing start`",
    RemedyAction.SEE_HAND_PAIRING: "`arbiter manual-pairing show`",
    RemedyAction.UNSEAT_BY_HAND: "`arbiter manual-pairing unpair {player}`",
    RemedyAction.END_HAND_PAIRING: "`arbiter manual-pairing end`",
    RemedyAction.CANCEL_HAND_PAIRING: '`arbiter manual-pairing cancel --reason "..."`',
    RemedyAction.ADJOURN: '`arbiter adjourn {round} {board} --reason "..."`',
    RemedyAction.SEE_STANDINGS: "`arbiter standings`",
    RemedyAction.LEAVE_FIDE_MODE: '`arbiter leave-fide-mode --reason "..."`',
}
"""Each action as a command line (`Remedy.fill` puts in the remedy's round, board and player)."""


def command_line(remedy: Remedy) -> str:
    """The command line (in backquotes, as the CLI's messages quote commands) that takes `remedy`."""
    return remedy.fill(COMMAND_LINES[remedy.action])


def refusal_text(error: LedgerError) -> str:
    """A refusal as the CLI prints it: the ledger's message, then each way out as a command line."""
    return explained(error, command_line)
