"""The tournament's report details on the command line: `arbiter new` takes them, `arbiter details`
shows or changes them (with a reason), `arbiter export-trf` writes them as TRF16 records 022-132
(`ledger.details`)."""

from __future__ import annotations

import argparse
from typing import Any

from tui import exit_codes
from tui.cli.common import VerbGroup, opened, reason_options, say

verbs = VerbGroup()

OPTIONS = (
    ("--city", "city", "022: where the tournament is played"),
    ("--federation", "federation", "032: the organising federation, e.g. NOR"),
    ("--start", "start", "042: first day, YYYY/MM/DD"),
    ("--end", "end", "052: last day, YYYY/MM/DD"),
    ("--type", "type", "092: type of tournament, e.g. 'Individual: Swiss-System'"),
    ("--chief-arbiter", "chief_arbiter", "102: the chief arbiter, e.g. 'IA Jane Doe 12345678'"),
    ("--time-control", "time_control", "122: allotted times, e.g. '90 min/40 moves + 30 min + 30 s/move'"),
)


def add_details_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("report details (TRF records 022-132, for the rating report)")
    for flag, dest, text in OPTIONS:
        group.add_argument(
            flag, dest=f"detail_{dest}", metavar="DATE" if dest in ("start", "end") else "TEXT", help=text
        )
    group.add_argument(
        "--deputy",
        dest="detail_deputies",
        action="append",
        metavar="NAME",
        help="112: a deputy chief arbiter (repeat for each)",
    )
    group.add_argument(
        "--round-dates",
        dest="detail_round_dates",
        metavar="DATES",
        help="132: the rounds' dates, comma-separated YYYY/MM/DD",
    )


def details_from_args(args: argparse.Namespace) -> dict[str, Any]:
    """The details given on the command line (the others are left as they are)."""
    details: dict[str, Any] = {
        dest: getattr(args, f"detail_{dest}") for _, dest, _ in OPTIONS if getattr(args, f"detail_{dest}") is not None
    }
    if args.detail_deputies is not None:
        details["deputies"] = args.detail_deputies
    if args.detail_round_dates is not None:
        details["round_dates"] = [d.strip() for d in args.detail_round_dates.split(",")]
    return details


def _details_arguments(parser: argparse.ArgumentParser) -> None:
    add_details_options(parser)
    reason_options(parser, required=False)


@verbs.verb(
    "details",
    "show or change the tournament's details for the rating report",
    _details_arguments,
    "  arbiter details\n"
    '  arbiter details --city Tromsø --chief-arbiter "IA Jane Doe" --reason "report details completed"\n'
    '  arbiter details --deputy "FA Ola Nordmann" --deputy "NA Kari Nordmann" --reason "second deputy"',
)
def cmd_details(args: argparse.Namespace) -> int:
    from tui.render import fide_mode_lines

    changes = details_from_args(args)
    with opened(args) as (ledger, views):
        if changes:
            ledger.change_details(changes, args.reason, args.reference)
            say("details changed: " + ", ".join(sorted(changes)))
            return exit_codes.OK
        state = views.state()
    for line in fide_mode_lines(state):
        print(line)
    for key, value in sorted(state.details.items()):
        print(f"{key}: {', '.join(value) if isinstance(value, list) else value}")
    return exit_codes.OK
