"""What every `arbiter` verb shares: opening the ledger, messages, confirmation, the parser's pieces."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ledger.application import Ledger
from ledger.persistence import DEFAULT_LEDGER, is_postgres, resolve_location
from ledger.signing import ArbiterKey
from ledger.validation import LARGEST_INTEGER
from projections.views import ReadModels
from tui import exit_codes
from tui.wiring import open_ledger

Handler = Callable[[argparse.Namespace], int]
Verbs = argparse._SubParsersAction  # type: ignore[type-arg]


def location(args: argparse.Namespace) -> str:
    return resolve_location(args.ledger)


def open_for(args: argparse.Namespace, *, create: bool = False) -> tuple[Ledger, ReadModels]:
    """Open the ledger; `main` brings its read models up to date after the command."""
    ledger, views = open_ledger(location(args), args.actor, create=create, key=signing_key(args))
    args.views = views
    return ledger, views


def signing_key(args: argparse.Namespace) -> ArbiterKey | None:
    """The arbiter's key: --key, else $ARBITER_KEY, else none (an unsigned ledger)."""
    given = args.key or os.environ.get("ARBITER_KEY")
    return ArbiterKey.load(Path(given)) if given else None


@contextmanager
def new_ledger(args: argparse.Namespace) -> Iterator[Ledger]:
    """A ledger this command creates (an import). If the command fails part-way, a ledger file it
    created is removed again, so a refused import leaves nothing behind."""
    where = location(args)
    existed = is_postgres(where) or Path(where).exists()
    ledger, views = open_for(args, create=True)
    try:
        yield ledger
    except BaseException:
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
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= LARGEST_INTEGER:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number from 1 to {LARGEST_INTEGER}")
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
    common.add_argument("--key", help="your arbiter key file: signs what the command records (default $ARBITER_KEY)")
    return parser


def yes_option(parser: argparse.ArgumentParser, what: str = "confirm without a prompt") -> None:
    parser.add_argument("--yes", action="store_true", help=what)


def system_options(parser: argparse.ArgumentParser, what: str) -> None:
    """`--option NAME=VALUE`, repeatable: options of the pairing system."""
    parser.add_argument("--option", type=key_value, action="append", default=[], metavar="NAME=VALUE", help=what)


def reason_options(parser: argparse.ArgumentParser, required: bool = True) -> None:
    parser.add_argument("--reason", required=required, default="", help="why: recorded in the log for appeals")
    parser.add_argument("--reference", default="", help="appeal number or rule article backing the decision")
