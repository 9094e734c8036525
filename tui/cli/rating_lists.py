"""Rating lists on the command line: `import-rating-list`, `rating-lists`, `rating-sequence`,
`rating-lookup`, `register-from-lists`, `check-ratings` (docs/fide-mode.md, "Rating lists"; the store is
`ledger.rating_store`, the sequence and the check `ledger.rating_sequence`)."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from tui import exit_codes
from tui.cli.common import VerbGroup, opened, reason_options, say

if TYPE_CHECKING:
    from ledger.rating_sequence import CheckReport
    from ledger.rating_store import RatingListStore

verbs = VerbGroup()

STORE_HELP = "the rating-list store (default $ARBITER_RATING_LISTS or ./rating-lists.sqlite)"


def store_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--store", help=STORE_HELP)


@contextmanager
def _store(args: argparse.Namespace) -> Iterator[RatingListStore]:
    from ledger.rating_store import RatingListStore, store_location

    store = RatingListStore(store_location(args.store))
    try:
        yield store
    finally:
        store.close()


def known_list_names(args: argparse.Namespace, lists: str | None) -> tuple[str, ...]:
    """The lists a sequence may name (`ledger.rating_sequence.known_lists`), read from the store of
    `args.store` when `lists` names any and the store exists; () otherwise (FIDE's lists only), so that a
    command naming none creates no store. `arbiter new --rating-lists` and `rating-sequence --lists` both
    check their sequence against it (Q126)."""
    from ledger.rating_sequence import known_lists
    from ledger.rating_store import store_location

    if not lists or not Path(store_location(args.store)).exists():
        return ()
    with _store(args) as store:
        return known_lists(store)


def _day(text: str) -> date:
    from ledger.errors import InvalidInput
    from ledger.rating_store import list_date

    try:
        return list_date(text)
    except InvalidInput as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _import_arguments(p: argparse.ArgumentParser) -> None:
    from ledger.rating_files import ListKind

    p.add_argument("file", help="a FIDE list (TXT or XML, one kind or combined) or a custom list (CSV)")
    p.add_argument("--date", type=_day, required=True, help="the date the list is valid from, YYYY-MM-DD")
    p.add_argument("--name", help="a custom list's name, e.g. national (FIDE's lists are named by their kind)")
    p.add_argument(
        "--kind",
        choices=list(ListKind),
        help="the rating type of a list of one kind (FIDE's single lists do not say; a custom list: standard)",
    )
    store_option(p)


@verbs.verb(
    "import-rating-list",
    "import a rating list into the store, named and dated (kept as imported)",
    _import_arguments,
    "  arbiter import-rating-list players_list_foa.txt --date 2026-11-01     # FIDE's standard, rapid and blitz\n"
    "  arbiter import-rating-list standard_rating_list.xml --kind standard --date 2026-11-01\n"
    "  arbiter import-rating-list national.csv --name national --date 2026-10-15   # headings id,name,rating,...\n\n"
    "A monthly refresh imports the month's file with its date: the earlier lists stay in the store, and\n"
    "each tournament reads the list valid on its start date. The store keeps each list's source file\n"
    "name and SHA-256; a list is never changed or deleted.",
)
def cmd_import_rating_list(args: argparse.Namespace) -> int:
    from ledger.rating_files import ListKind
    from tui.cli.common import naming

    kind = ListKind(args.kind) if args.kind else None
    with _store(args) as store, naming(Path(args.file)):
        lists, new = store.import_file(Path(args.file), args.date, args.actor or _actor(), args.name, kind)
    for held in lists:
        print(f"{held.name}\t{held.valid_from}\t{held.players} players\t{held.source}\tsha256:{held.sha256}")
    say(f"{'imported' if new else 'already imported, nothing changed:'} {', '.join(h.name for h in lists)}")
    return exit_codes.OK


def _actor() -> str:
    from ledger.application import default_actor

    return default_actor()


def _show_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--on", type=_day, help="say which FIDE lists are valid on this date (default today)")
    store_option(p)


@verbs.verb(
    "rating-lists",
    "list the rating lists in the store, and whether FIDE's three lists are there for a date",
    _show_arguments,
    "  arbiter rating-lists\n  arbiter rating-lists --on 2026-11-05",
)
def cmd_rating_lists(args: argparse.Namespace) -> int:
    from ledger.rating_files import ListKind
    from ledger.rating_sequence import MISSING, availability
    from ledger.rating_store import fide_list_name

    day = args.on or date.today()
    with _store(args) as store:
        for held in store.lists():
            print(
                f"{held.name}\t{held.valid_from}\t{held.kind}\t{held.players} players\t{held.source}\t"
                f"{held.format}\tsha256:{held.sha256}\timported {held.imported_at} by {held.imported_by}"
            )
        fide = availability(store, [fide_list_name(kind) for kind in ListKind], day)
    print(f"FIDE lists valid on {day}:")
    for name, held in fide.items():
        print(f"  {name}: {held}")
    missing = [name for name, held in fide.items() if held == MISSING]
    if missing:
        say(f"warning: no {', '.join(missing)} list valid on {day} is in the store; import FIDE's file of the month")
    return exit_codes.OK


def _sequence_arguments(p: argparse.ArgumentParser) -> None:
    from ledger.rating_files import ListKind

    p.add_argument("--type", choices=list(ListKind), help="the tournament's rating type")
    p.add_argument(
        "--lists",
        metavar="LISTS",
        help="the list sequence, main list first, comma-separated; '' for the type's default",
    )
    p.add_argument("--on", type=_day, help="check the lists as on this date (default: the reference date)")
    reason_options(p, required=False)
    store_option(p)


@verbs.verb(
    "rating-sequence",
    "show or set the tournament's rating type and rating-list sequence",
    _sequence_arguments,
    "  arbiter rating-sequence\n"
    '  arbiter rating-sequence --type rapid --reason "the event is a rapid"\n'
    '  arbiter rating-sequence --lists fide-standard,national,fide-rapid --reason "national list as fallback"\n\n'
    "The rating type proposes a sequence: standard -> fide-standard, fide-rapid, fide-blitz; rapid ->\n"
    "fide-rapid-effective, fide-blitz; blitz -> fide-blitz-effective, fide-rapid (an effective list gives\n"
    "the standard rating to a player without a rapid or blitz one). --lists drops, adds and reorders lists.",
)
def cmd_rating_sequence(args: argparse.Namespace) -> int:
    from ledger.rating_sequence import availability, rating_type, sequence

    with opened(args) as (ledger, _):
        if args.type is not None or args.lists is not None:
            known = known_list_names(args, args.lists)
            ledger.change_rating_lists(args.type, args.lists, args.reason, args.reference, known=known)
            say("rating lists set: " + ", ".join(sequence(ledger.tournament().settings["options"])))
            return exit_codes.OK
        options = ledger.tournament().settings["options"]
        day = args.on or ledger.rating_day(date.today())
    print(f"rating type: {rating_type(options)}")
    print(f"lists valid on {day}, main list first:")
    with _store(args) as store:
        for name, held in availability(store, sequence(options), day).items():
            print(f"  {name}: {held}")
    return exit_codes.OK


def _lookup_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("player", metavar="ID_OR_NAME", help="a FIDE id, or a name as the lists write it")
    p.add_argument("--on", type=_day, help="the lists valid on this date (default: the reference date)")
    store_option(p)


@verbs.verb(
    "rating-lookup",
    "show a player as each list of the tournament's sequence gives them",
    _lookup_arguments,
    '  arbiter rating-lookup 1503014\n  arbiter rating-lookup "Carlsen, Magnus"',
)
def cmd_rating_lookup(args: argparse.Namespace) -> int:
    with opened(args) as (ledger, _), _store(args) as store:
        found = ledger.rating_lookup(store, args.player, args.on or ledger.rating_day(date.today()))
    for place, (name, hit) in enumerate(found):
        role = "main list" if place == 0 else "other list"
        if hit is None:
            print(f"{name}\t({role})\tnot listed")
        else:
            who = hit.player
            print(f"{name}\t({role})\t{hit.rating}\t{who.player_id}\t{who.name}\t{who.federation}\t{who.title}")
            print(f"\tfrom {hit.label}")
    return exit_codes.OK


def _register_arguments(p: argparse.ArgumentParser) -> None:
    _lookup_arguments(p)
    p.add_argument("--choose", metavar="LIST", help="take the rating of this list of the sequence (an estimate)")
    p.add_argument("--number", type=int, help="pairing number (default: the next free one)")
    p.add_argument("--allow-duplicate", action="store_true", help="register a namesake (recorded)")


@verbs.verb(
    "register-from-lists",
    "register a player found by FIDE id (or name) in the tournament's rating lists",
    _register_arguments,
    "  arbiter register-from-lists 1503014\n"
    "  arbiter register-from-lists 4100018 --choose fide-rapid   # not in the main list: its rapid rating\n\n"
    "A player in the main list takes its rating as the official one (the FIDE rating, or the national\n"
    "rating of a custom list); one who is not is refused with what the other lists give, and --choose\n"
    "takes one of those as the rating entered (an estimate). The roster keeps each rating's list.",
)
def cmd_register_from_lists(args: argparse.Namespace) -> int:
    from ledger.rating_sequence import sources_text

    with opened(args) as (ledger, _), _store(args) as store:
        day = args.on or ledger.rating_day(date.today())
        number, player = ledger.register_from_lists(
            store, args.player, day, args.choose, args.number, allow_duplicate=args.allow_duplicate
        )
    print(number)
    say(f"registered {player.name} as number {number}: {sources_text(player.source_lists)}")
    return exit_codes.OK


def _check_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--apply", action="store_true", help="correct every difference found (needs --reason)")
    p.add_argument("--on", type=_day, help="today's date for an event longer than 30 days (default today)")
    reason_options(p, required=False)
    store_option(p)


@verbs.verb(
    "check-ratings",
    "compare the roster with the main rating list valid at the start, and correct it",
    _check_arguments,
    "  arbiter check-ratings\n"
    '  arbiter check-ratings --apply --reason "November list"\n\n'
    "The list compared with is the tournament's main list valid on its start date (arbiter details\n"
    "--start), or the current month's for an event longer than 30 days. Each difference of name,\n"
    "federation, title or rating is listed; --apply records them as corrections with the reason.",
)
def cmd_check_ratings(args: argparse.Namespace) -> int:
    today = args.on or date.today()
    with opened(args) as (ledger, _), _store(args) as store:
        if args.apply:
            report = ledger.apply_rating_check(store, today, args.reason, args.reference)
        else:
            report = ledger.check_ratings(store, today)
    _print_report(report)
    if args.apply and report.differences:
        say(f"corrected {len({d.number for d in report.differences})} players from {report.reference}")
    return exit_codes.OK


def _print_report(report: CheckReport) -> None:
    print(f"compared with {report.reference}")
    for difference in report.differences:
        print(
            f"{difference.number}\t{difference.name}\t{difference.detail}\t"
            f"{difference.recorded!r} -> {difference.listed!r}\t{difference.source}"
        )
    for number, name, player_id in report.not_listed:
        print(f"{number}\t{name}\tnot in the list (id {player_id})")
    for number, name in report.without_id:
        print(f"{number}\t{name}\tno FIDE id: not compared")
    if not (report.differences or report.not_listed):
        print("no differences")
