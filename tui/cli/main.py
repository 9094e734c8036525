"""The `arbiter` command: one verb per ledger command, data to stdout, messages to stderr. The verbs are
declared next to their handlers, one module per group (`VerbGroup`); `GROUPS` lists the groups in the
order `arbiter --help` shows them.

Never imports Textual: `arbiter tui` loads the desk lazily.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from eventsourcing.persistence import PersistenceError

from ledger.errors import ConcurrentChange, InvalidInput, LedgerError, NoTournament
from ledger.persistence import DEFAULT_LEDGER
from ledger.redaction import without_secrets
from tui import exit_codes
from tui.cli import details, disputes, interchange, keys, reads, report, rounds, sheets, stages, tournament, trf_io
from tui.cli.common import Formatter, VerbGroup, location, mark_dashed_results, say

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
    rounds.verbs,
    disputes.verbs,
    reads.verbs,
    report.verbs,
    sheets.verbs,
    interchange.verbs,
    stages.verbs,
    trf_io.verbs,
    details.verbs,
    keys.verbs,
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="arbiter", description=DESCRIPTION, formatter_class=Formatter, epilog=exit_codes.EPILOG
    )
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    for group in GROUPS:
        group.add_to(subparsers)
    return parser


ERROR_CODES: tuple[tuple[type[Exception], int], ...] = (
    (InvalidInput, exit_codes.BAD_INPUT),
    (NoTournament, exit_codes.NO_LEDGER),
    (ConcurrentChange, exit_codes.CONFLICT),
    (LedgerError, exit_codes.REFUSED),
)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(mark_dashed_results(list(sys.argv[1:] if argv is None else argv)))
    try:
        return args.handler(args)
    except LedgerError as error:
        say(f"arbiter {args.verb}: {error}")
        return next(code for kind, code in ERROR_CODES if isinstance(error, kind))
    except PersistenceError as error:
        where = location(args)
        say(without_secrets(f"arbiter: cannot use the ledger at {where}: {error}", where))
        return exit_codes.NO_LEDGER


if __name__ == "__main__":
    sys.exit(main())
