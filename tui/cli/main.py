"""The `arbiter` command: one verb per ledger command, data to stdout, messages to stderr. The verbs are
declared next to their handlers, one module per group (`VerbGroup`); `GROUPS` lists the groups in the
order `arbiter --help` shows them.

Never imports Textual: `arbiter tui` loads the desk lazily.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
from collections.abc import Sequence

from ledger.errors import (
    AlreadyRecorded,
    ConcurrentChange,
    ConfirmationNeeded,
    InvalidInput,
    LedgerError,
    LedgerUnavailable,
    NoTournament,
)
from ledger.fide_mode import Caution, Level
from ledger.locations import DEFAULT_LEDGER
from ledger.redaction import without_secrets
from tui import exit_codes
from tui.cli import (
    details,
    disputes,
    interchange,
    keys,
    publish,
    rating_lists,
    reads,
    regulations,
    report,
    rounds,
    sheets,
    stages,
    tournament,
    trf_io,
)
from tui.cli.common import Formatter, VerbGroup, location, mark_dashed_results, said_yes, say, writing_options
from tui.cli.remedies import refusal_text

DESCRIPTION = f"""\
arbiter: an event-sourced tournament ledger for chess, backgammon and Scrabble.

Every command appends immutable, hash-chained events to a ledger; standings, pairings and the
audit log are read from it. The ledger is --ledger PATH, else $ARBITER_LEDGER, else
./{DEFAULT_LEDGER}; a postgresql://user@host/db?schema=NAME URL selects PostgreSQL.

examples:
  arbiter demo                                   watch a short Swiss being run, with a late entry
  arbiter new "Club Championship" --game chess --system round-robin --rounds 7
  arbiter register "Magnus Carlsen" --rating 2830 --federation NOR
  arbiter import-roster players.csv
  arbiter pair                                   pair the next round
  arbiter result 1 3 1-0                         round 1, board 3: first player won
  arbiter correct 1 3 0-1 --reason "scoresheets show Black won"
  arbiter standings --format json
  arbiter log --player 5
  arbiter verify
"""


GROUPS: tuple[VerbGroup, ...] = (
    tournament.verbs,
    regulations.verbs,
    rounds.verbs,
    disputes.verbs,
    reads.verbs,
    report.verbs,
    sheets.verbs,
    publish.verbs,
    interchange.verbs,
    stages.verbs,
    trf_io.verbs,
    details.verbs,
    rating_lists.verbs,
    keys.verbs,
)


def build_parser(chosen: str | None = None) -> argparse.ArgumentParser:
    """The whole parser; with `chosen`, the one verb a command line names is set up in full, alone (for
    anything else, every verb is listed with its summary, as `arbiter --help` shows them)."""
    parser = argparse.ArgumentParser(
        prog="arbiter", description=DESCRIPTION, formatter_class=Formatter, epilog=exit_codes.EPILOG
    )
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    alone = any(chosen in group.names for group in GROUPS)  # a verb named: its parser is all that is read
    for group in GROUPS:
        group.add_to(subparsers, chosen, alone)
    for name in WRITING_VERBS:
        if name in subparsers.choices:
            writing_options(subparsers.choices[name])
    return parser


def chosen_verb(argv: Sequence[str]) -> str:
    """The verb a command line names: its first word that is not an option ("" for `arbiter --help`)."""
    return next((word for word in argv if not word.startswith("-")), "")


WRITING_VERBS = (
    "new",
    "details",
    "register",
    "import-roster",
    "correct-player",
    "withdraw",
    "exclude",
    "reenter",
    "bye",
    "rounds",
    "renumber",
    "forbid",
    "tiebreaks",
    "tiebreak-value",
    "rank-tied",
    "acceleration",
    "pair",
    "manual-pairing",
    "unpair",
    "result",
    "adjourn",
    "void",
    "seal",
    "correct",
    "repair",
    "rollback",
    "appeal-lodge",
    "appeal-rule",
    "stage",
    "import-trf",
    "import-tsh",
    "grant",
    "leave-fide-mode",
    "undo-breach",
    "rating-sequence",
    "register-from-lists",
    "check-ratings",
)
"""The verbs that append events: each is one transaction and takes --expect-position and --command-id."""


ERROR_CODES: tuple[tuple[type[Exception], int], ...] = (
    (InvalidInput, exit_codes.BAD_INPUT),
    (NoTournament, exit_codes.NO_LEDGER),
    (LedgerUnavailable, exit_codes.NO_LEDGER),
    (ConcurrentChange, exit_codes.CONFLICT),
    (LedgerError, exit_codes.REFUSED),
)


def main(argv: Sequence[str] | None = None) -> int:
    words = mark_dashed_results(list(sys.argv[1:] if argv is None else argv))
    args = build_parser(chosen_verb(words)).parse_args(words)
    try:
        return _confirmed_run(args)
    except AlreadyRecorded as done:
        say(f"arbiter {args.verb}: {done}")
        return exit_codes.OK
    except ConfirmationNeeded as warning:
        say(f"arbiter {args.verb}: {warning}\nnot confirmed, nothing appended: add --yes to confirm")
        return exit_codes.REFUSED
    except LedgerError as error:
        say(f"arbiter {args.verb}: {refusal_text(error)}")
        return next(code for kind, code in ERROR_CODES if isinstance(error, kind))
    except BrokenPipeError:
        return _quiet_after_closed_pipe()
    except Exception as error:
        if not _storage_error(error):
            raise
        where = location(args)
        locked = "lock timeout" in str(error) or "locked" in str(error)
        hint = ": another desk's transaction holds it; nothing was appended, try again in a moment" if locked else ""
        say(without_secrets(f"arbiter: cannot use the ledger at {where}: {error}{hint}", where))
        return exit_codes.NO_LEDGER


def _storage_error(error: Exception) -> bool:
    """Whether `error` is the database's (SQLite's, or the event store's, which a verb that read the
    stored tables alone has not loaded and so cannot have raised)."""
    store = sys.modules.get("eventsourcing.persistence")
    return isinstance(error, sqlite3.Error) or (store is not None and isinstance(error, store.PersistenceError))


def _confirmed_run(args: argparse.Namespace) -> int:
    """Run the verb; when it stops at warnings that need confirmation (docs/fide-mode.md, levels 3 and 4)
    and a person is at the terminal, show them all and ask (twice, with the consequences, when one is of
    level 4), then run it again with them confirmed (`args.confirmed_cautions`); a warning the confirmed run
    meets that none covers (`ledger.fide_mode.confirms`) is asked in its turn. Without a terminal the
    warnings refuse the command, every one of them shown, until it is given `--yes`."""
    while True:
        try:
            return args.handler(args)
        except ConfirmationNeeded as warning:
            if getattr(args, "yes", True) or not sys.stdin.isatty() or not _asked(warning.cautions):
                raise
            args.confirmed_cautions = getattr(args, "confirmed_cautions", frozenset()) | set(warning.cautions)


def _asked(cautions: tuple[Caution, ...]) -> bool:
    """Ask the person at the terminal to confirm `cautions`, all shown first: once, and again with the
    consequences when one is of level 4."""
    for caution in cautions:
        say(f"warning (level {int(caution.level)}, {caution.question}): {caution.text}")
    if not said_yes("confirm? [y/N] "):
        return False
    twice = [caution for caution in cautions if caution.level >= Level.CONFIRM_TWICE]
    if not twice:
        return True
    for caution in twice:
        say(caution.consequence)
    return said_yes("confirm again, knowing this? [y/N] ")


def _quiet_after_closed_pipe() -> int:
    """`arbiter log | head -1`: the reader went away; end quietly (no traceback at interpreter exit).
    A writing command's events were committed before (`tui.cli.common.opened`)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return exit_codes.OK


if __name__ == "__main__":
    sys.exit(main())
