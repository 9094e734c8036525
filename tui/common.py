"""What every `arbiter` verb shares: opening the ledger, messages, confirmation, the parser's pieces."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from ledger.application import Ledger
from ledger.persistence import DEFAULT_LEDGER, is_postgres, resolve_location
from projections.views import ReadModels
from tui import exit_codes
from tui.wiring import open_ledger

Handler = Callable[[argparse.Namespace], int]
Verbs = argparse._SubParsersAction  # type: ignore[type-arg]


def location(args: argparse.Namespace) -> str:
    return resolve_location(args.ledger)


def open_for(args: argparse.Namespace, *, create: bool = False) -> tuple[Ledger, ReadModels]:
    """Open the ledger; `main` brings its read models up to date after the command. A writing verb
    (one with `writing_options`) runs from here on as one transaction, which `end_command` ends."""
    ledger, views = open_ledger(location(args), args.actor, create=create)
    args.views = views
    if views.unstored:
        say(f"arbiter {args.verb}: warning: {views.unstored}; they are built in memory for this command")
    if hasattr(args, "command_id"):
        args.command = ExitStack()
        args.command.enter_context(ledger.command(expect_position=args.expect_position, command_id=args.command_id))
    return ledger, views


def end_command(args: argparse.Namespace, error: BaseException | None) -> None:
    """Commit the writing verb's transaction (`error` None), or roll it back: all its events, or none."""
    command: ExitStack | None = getattr(args, "command", None)
    args.command = None
    if command is None:
        return
    if error is None:
        command.close()
    else:
        command.__exit__(type(error), error, error.__traceback__)


def writing_options(parser: argparse.ArgumentParser) -> None:
    """`--expect-position` and `--command-id`, which every writing verb takes (ARCHITECTURE.md, "The event log")."""
    group = parser.add_argument_group("concurrent desks")
    group.add_argument(
        "--expect-position",
        type=int,
        metavar="N",
        help="the log position this desk displayed: refused (exit 6, nothing appended) if an event after it "
        "changed the same board, round or player",
    )
    group.add_argument(
        "--command-id",
        metavar="ID",
        help="an id for this command: repeated with the same id it appends nothing and says where it was recorded",
    )


@contextmanager
def new_ledger(args: argparse.Namespace) -> Iterator[Ledger]:
    """A ledger this command creates (an import). If the command fails part-way, a ledger file it
    created is removed again, so a refused import leaves nothing behind."""
    where = location(args)
    existed = is_postgres(where) or Path(where).exists()
    ledger, views = open_for(args, create=True)
    try:
        yield ledger
    except BaseException as error:
        end_command(args, error)
        if not existed:
            views.close()
            ledger.close()
            args.views = None
            for suffix in ("", "-wal", "-shm", ".views", ".views-wal", ".views-shm"):
                Path(where + suffix).unlink(missing_ok=True)
        raise


def say(message: str) -> None:
    print(message, file=sys.stderr)


def confirm(args: argparse.Namespace, question: str) -> bool:
    if args.yes:
        return True
    if not sys.stdin.isatty():
        say(f"{question}\nnot confirmed: add --yes to confirm without a prompt")
        return False
    return input(f"{question} [y/N] ").strip().lower() in ("y", "yes")


def key_value(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"{text!r} is not NAME=VALUE")
    return key.strip(), value.strip()


def points_table(text: str) -> tuple[float, float, float]:
    try:
        win, draw, loss = (float(p) for p in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not WIN/DRAW/LOSS, e.g. 3/1/0") from None
    return win, draw, loss


def positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of 1 or more")
    return int(text)


class Formatter(argparse.RawDescriptionHelpFormatter):
    pass


def verb(verbs: Verbs, name: str, handler: Handler, summary: str, examples: str = "") -> argparse.ArgumentParser:
    parser = verbs.add_parser(
        name,
        help=summary,
        description=summary + (f"\n\nexamples:\n{examples}" if examples else ""),
        formatter_class=Formatter,
        epilog=exit_codes.EPILOG,
    )
    parser.set_defaults(handler=handler, verb=name)
    common = parser.add_argument_group("ledger")
    common.add_argument(
        "--ledger", help=f"ledger file or postgresql:// URL (default $ARBITER_LEDGER or ./{DEFAULT_LEDGER})"
    )
    common.add_argument("--actor", help="who is acting, recorded in every event (default $ARBITER_ACTOR or login name)")
    return parser


def yes_option(parser: argparse.ArgumentParser, what: str = "confirm without a prompt") -> None:
    parser.add_argument("--yes", action="store_true", help=what)


def system_options(parser: argparse.ArgumentParser, what: str) -> None:
    """`--option NAME=VALUE`, repeatable: options of the pairing system."""
    parser.add_argument("--option", type=key_value, action="append", default=[], metavar="NAME=VALUE", help=what)


def reason_options(parser: argparse.ArgumentParser, required: bool = True) -> None:
    parser.add_argument("--reason", required=required, default="", help="why: recorded in the log for appeals")
    parser.add_argument("--reference", default="", help="appeal number or rule article backing the decision")
