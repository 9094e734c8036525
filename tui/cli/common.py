"""What every `arbiter` verb shares: how a verb is declared (`VerbGroup`), opening the ledger, messages,
confirmation, the parser's pieces."""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ledger.errors import ConfirmationNeeded, LedgerError
from ledger.locations import DEFAULT_LEDGER, is_postgres, resolve_location
from ledger.validation import LARGEST_INTEGER
from tui import exit_codes

if TYPE_CHECKING:
    from ledger.application import Ledger
    from ledger.signing import ArbiterKey
    from projections.stored import StoredViews
    from projections.views import ReadModels

Handler = Callable[[argparse.Namespace], int]
Verbs = argparse._SubParsersAction  # type: ignore[type-arg]


def location(args: argparse.Namespace) -> str:
    return resolve_location(args.ledger)


@contextmanager
def opened(args: argparse.Namespace, *, create: bool = False) -> Iterator[tuple[Ledger, ReadModels]]:
    """The ledger and its read models for one command. A writing verb (one with `writing_options`) is
    one transaction: everything it appends inside the block is committed together at its end, or
    nothing (an error, a killed process). When the block ends without an error the read models catch
    up with what it appended (`catch_up_after`)."""
    ledger, views = _open(args, create)
    closed_pipe = False
    with _command(args, ledger):
        try:
            yield ledger, views
        except BrokenPipeError:
            closed_pipe = True  # the reader of the output went away: what the command did still stands
    catch_up_after(args, views)
    tell_notices(args, ledger)
    if closed_pipe:
        raise BrokenPipeError


@contextmanager
def stored_views(args: argparse.Namespace, *, as_of_allowed: bool = False) -> Iterator[StoredViews | None]:
    """The read-model tables as stored, for a reading verb that prints them as they are: None when they
    are not current with the ledger's log (the verb then opens the ledger, which catches them up), when
    the verb is asked about an earlier position (unless `as_of_allowed`: the stored rows up to it are
    the ones it needs), or when a key is named (the ledger is opened, which loads and checks it)."""
    from projections.stored import StoredViews

    if (args.as_of is not None and not as_of_allowed) or args.key or os.environ.get("ARBITER_KEY"):
        yield None
        return
    with StoredViews.current(location(args)) as views:
        yield views


def signing_key(args: argparse.Namespace) -> ArbiterKey | None:
    """The arbiter's key: --key, else $ARBITER_KEY, else none (an unsigned ledger)."""
    from ledger.signing import ArbiterKey

    given = args.key or os.environ.get("ARBITER_KEY")
    return ArbiterKey.load(Path(given)) if given else None


@contextmanager
def new_ledger(args: argparse.Namespace) -> Iterator[Ledger]:
    """A ledger this command creates (an import), as one transaction. If the command fails part-way,
    nothing of it is committed, and a ledger file it created is removed again. Its warnings to confirm are
    gathered to its end (`Ledger.command`), so the block says nothing of what it did until it ends."""
    where = location(args)
    existed = is_postgres(where) or Path(where).exists()
    ledger, views = _open(args, True)
    try:
        with _command(args, ledger, warnings_at_end=True):
            yield ledger
    except BaseException:
        if not existed:
            views.close()
            ledger.close()
            for suffix in ("", "-wal", "-shm", ".views", ".views-wal", ".views-shm"):
                Path(where + suffix).unlink(missing_ok=True)
        raise
    catch_up_after(args, views)
    tell_notices(args, ledger)


def _open(args: argparse.Namespace, create: bool) -> tuple[Ledger, ReadModels]:
    """The ledger and its read side."""
    ledger, views = _ledger_opener()(location(args), args.actor, create=create, key=signing_key(args))
    if views.unstored:
        say(f"arbiter {args.verb}: warning: {views.unstored}; they are built in memory for this command")
    return ledger, views


@cache
def _ledger_opener() -> Callable[..., tuple[Ledger, ReadModels]]:
    """`tui.wiring.open_ledger`, imported on first use so that building the parser does not load the ledger
    and its read side, and imported as long-lived (`pairing.collector.long_lived`): its imports
    (eventsourcing, attrs, the ledger, the projections) make about 37,000 objects that live as long as
    the process, which the collector would otherwise walk in every full collection and at exit
    (docs/performance.md, "Start-up, session 8")."""
    from pairing.collector import long_lived

    with long_lived():
        from tui.wiring import open_ledger
    return open_ledger


def _command(args: argparse.Namespace, ledger: Ledger, warnings_at_end: bool = False) -> AbstractContextManager[None]:
    """A writing verb's transaction, with its expected position and command id; nothing for a reading one.
    `warnings_at_end`: the verb tells nothing until its end (`Ledger.command`)."""
    if not hasattr(args, "command_id"):
        return nullcontext()
    confirmed = args.yes or getattr(args, "confirmed_cautions", False)
    return ledger.command(
        expect_position=args.expect_position,
        command_id=args.command_id,
        confirmed=confirmed,
        warnings_at_end=warnings_at_end,
    )


def catch_up_after(args: argparse.Namespace, views: ReadModels) -> None:
    """Bring the read models up to date. Once the events are committed this cannot fail the command: read
    models that cannot be written (full disk, a locked file) are only warned about; the next read
    brings them up to date."""
    try:
        views.catch_up()
    except sqlite3.Error as error:
        say(
            f"arbiter {args.verb}: warning: the read models could not be updated ({error}); "
            "the ledger is written and they are rebuilt on the next read"
        )


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
    if "--yes" not in parser._option_string_actions:
        yes_option(parser, "confirm the command's warnings (docs/fide-mode.md, warning levels 3 and 4)")


@contextmanager
def naming(path: Path | str, *, remedies: bool = True) -> Iterator[None]:
    """A refusal while a file's contents are read or appended names the file (or a line of it: `path` is
    then the line's name; the message says what); a warning to confirm (`ConfirmationNeeded`) goes up as
    it is, so that the command can ask and run again. Without `remedies` the refusal's ways out are left
    out: they name commands on a ledger that a refused import does not leave."""
    try:
        yield
    except ConfirmationNeeded:
        raise
    except LedgerError as error:
        raise type(error)(f"{path}: {error}", *(error.remedies if remedies else ())) from error


def tell_notices(args: argparse.Namespace, ledger: Ledger) -> None:
    """The warnings the committed command gave and went on after (`Ledger.notices`)."""
    for caution in ledger.notices:
        say(f"arbiter {args.verb}: warning (level {int(caution.level)}, {caution.question}): {caution.text}")


def say(message: str) -> None:
    print(message, file=sys.stderr)


def confirm(args: argparse.Namespace, question: str) -> bool:
    """Ask `question` at the terminal; yes without asking under `--yes`, or when the person at the terminal
    said yes to it in an earlier run of the same command (`tui.cli.main._confirmed_run` runs a command again
    once its checklist warnings are confirmed)."""
    answered: set[str] = args.__dict__.setdefault("answered_yes", set())
    if args.yes or question in answered:
        return True
    if not sys.stdin.isatty():
        say(f"{question}\nnot confirmed: add --yes to confirm without a prompt")
        return False
    if not said_yes(f"{question} [y/N] "):
        return False
    answered.add(question)
    return True


def said_yes(prompt: str) -> bool:
    """Ask `prompt` at the terminal: True for `y` or `yes`; any other answer, the end of input (Ctrl-D) or
    an interrupt (Ctrl-C) is a no, so the command stops with nothing appended rather than a traceback."""
    try:
        answer = input(prompt)
    except (EOFError, KeyboardInterrupt):
        print(file=sys.stderr)  # the answer's line was never ended
        return False
    return answer.strip().lower() in ("y", "yes")


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


Arguments = Callable[[argparse.ArgumentParser], None]
"""Adds a verb's own arguments to its parser."""


Examples = str | Callable[[], str]
"""A verb's examples, or a function that writes them (when they list what only a heavier module knows)."""


class Verb(NamedTuple):
    """A verb as declared (a named tuple rather than an attrs class: `arbiter` builds its parser before
    it loads attrs, docs/performance.md "Start-up")."""

    name: str
    summary: str
    handler: Handler
    arguments: Arguments | None
    examples: Examples

    def description(self) -> str:
        examples = self.examples if isinstance(self.examples, str) else self.examples()
        return self.summary + (f"\n\nexamples:\n{examples}" if examples else "")


class VerbGroup:
    """The verbs of one module, declared each next to its handler and listed by `arbiter --help` in the
    order they are declared:

        def _seal_arguments(parser: argparse.ArgumentParser) -> None:
            parser.add_argument("round", type=positive)

        @verbs.verb("seal", "seal a complete round", _seal_arguments, "  arbiter seal 3")
        def cmd_seal(args: argparse.Namespace) -> int: ...
    """

    def __init__(self) -> None:
        self.verbs: list[Verb] = []

    def verb(
        self, name: str, summary: str, arguments: Arguments | None = None, examples: Examples = ""
    ) -> Callable[[Handler], Handler]:
        def register(handler: Handler) -> Handler:
            self.verbs.append(Verb(name, summary, handler, arguments, examples))
            return handler

        return register

    @property
    def names(self) -> list[str]:
        return [declared.name for declared in self.verbs]

    def add_to(self, subparsers: Verbs, chosen: str | None = None, alone: bool = False) -> None:
        """Add every verb to `subparsers`. With `chosen`, only that verb gets its arguments and
        examples (the others only their name and summary, all `arbiter --help` shows): a command
        sets up only its own verb, and loads only what that verb's help lists. `alone`: the others
        are left out (a command line naming a verb reads no other verb's parser)."""
        for declared in self.verbs:
            if chosen is not None and declared.name != chosen:
                if not alone:
                    subparsers.add_parser(declared.name, help=declared.summary)
                continue
            parser = subparsers.add_parser(
                declared.name,
                help=declared.summary,
                description=declared.description(),
                formatter_class=Formatter,
                epilog=exit_codes.EPILOG,
            )
            parser.set_defaults(handler=declared.handler, verb=declared.name)
            common = parser.add_argument_group("ledger")
            common.add_argument(
                "--ledger", help=f"ledger file or postgresql:// URL (default $ARBITER_LEDGER or ./{DEFAULT_LEDGER})"
            )
            common.add_argument(
                "--actor", help="who is acting, recorded in every event (default $ARBITER_ACTOR or login name)"
            )
            common.add_argument(
                "--key", help="your arbiter key file: signs what the command records (default $ARBITER_KEY)"
            )
            if declared.arguments is not None:
                declared.arguments(parser)


def yes_option(parser: argparse.ArgumentParser, what: str = "confirm without a prompt") -> None:
    parser.add_argument("--yes", action="store_true", help=what)


def system_options(parser: argparse.ArgumentParser, what: str) -> None:
    """`--option NAME=VALUE`, repeatable: options of the pairing system."""
    parser.add_argument("--option", type=key_value, action="append", default=[], metavar="NAME=VALUE", help=what)


def round_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("round", type=positive)


def round_decision_arguments(parser: argparse.ArgumentParser) -> None:
    """A round, the reason and reference of the decision, and `--yes`."""
    round_argument(parser)
    reason_options(parser)
    yes_option(parser)


def reason_options(parser: argparse.ArgumentParser, required: bool = True) -> None:
    parser.add_argument("--reason", required=required, default="", help="why: recorded in the log for appeals")
    parser.add_argument("--reference", default="", help="appeal number or rule article backing the decision")


DASHED_RESULTS = ("-+", "--")
"""Forfeits as arbiters write them (FIDE C.04.1 Art. 6: `-+`, and `--` when both players forfeit) that
argparse would take for options; `+-` needs no help."""
_MARK = " "


def board_result_arguments(parser: argparse.ArgumentParser) -> None:
    """`ROUND BOARD RESULT`; a forfeit `-+` or `--` is read as the result (see `read_dashed_results`)."""
    parser.add_argument("round", type=positive)
    parser.add_argument("board", type=positive)
    parser.add_argument("result", type=_unmarked, help="e.g. 1-0, 1/2, 3-1, +-, -+, --")


def _unmarked(text: str) -> str:
    return text.removeprefix(_MARK)


def mark_dashed_results(argv: list[str]) -> list[str]:
    """`argv` with a forfeit `-+` or `--` that follows a round and a board number marked as a positional
    (`board_result_arguments` takes the mark off again). A `--` followed by a value is the usual end of
    options (`arbiter result 3 1 -- -+`) and stays."""
    marked = list(argv)
    for i in range(2, len(argv)):
        token = argv[i]
        if token not in DASHED_RESULTS or not (argv[i - 2].isdigit() and argv[i - 1].isdigit()):
            continue
        following = argv[i + 1] if i + 1 < len(argv) else None
        if token == "--" and following is not None and not following.startswith("--"):
            continue
        marked[i] = _MARK + token
    return marked
