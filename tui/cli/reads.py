"""Reading the ledger: `pairings`, `roster`, `check`, `standings`, `log`, `explain`, `verify`; and `demo`, `tui`."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from ledger.errors import LedgerError
from tui import exit_codes
from tui.cli.common import VerbGroup, location, opened, positive, round_argument, signing_key, stored_views
from tui.cli.keys import chief_matches, signature_summary
from tui.cli.output import emit_as, output_options

if TYPE_CHECKING:
    from ledger.persistence import Anchor
    from projections.stored import Heading, StoredLogLine, StoredViews
    from tui.listings import FideMode, Pairings, Standing
    from tui.text_table import TextTable

verbs = VerbGroup()
T = TypeVar("T")


def _as_of_option(p: argparse.ArgumentParser, what: str = "as the ledger was at this log position") -> None:
    p.add_argument("--as-of", type=positive, help=what)


def _pairings_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("round", nargs="?", type=positive)
    output_options(p, ("text", "csv", "json"))
    _as_of_option(p)


@verbs.verb(
    "pairings",
    "show a round's pairings (default: the last paired round)",
    _pairings_arguments,
    "  arbiter pairings 2 --format json\n  arbiter pairings 2 --as-of 40",
)
def cmd_pairings(args: argparse.Namespace) -> int:
    from tui import listings

    with stored_views(args) as stored:
        pairings = _stored_pairings(stored, args.round) if stored is not None else None
    if pairings is None:
        pairings = _computed_pairings(args)
    forms = (listings.pairings_table, listings.pairings_csv, listings.pairings_json)
    return _emit_forms(args, pairings, pairings.mode.lines(), *forms)


def _emit_forms(
    args: argparse.Namespace,
    value: T,
    notice: list[str],
    table: Callable[[T], TextTable],
    csv: Callable[[T], str],
    json: Callable[[T], str],
) -> int:
    """Print `value` in the form `--format` chose: a text table under the FIDE mode notice (Q46), CSV or
    JSON."""
    emit_as(args, {"text": lambda: [*notice, table(value)], "csv": lambda: csv(value), "json": lambda: json(value)})
    return exit_codes.OK


def _stored_pairings(stored: StoredViews, round_number: int | None) -> Pairings | None:
    """The round as the read-model tables hold it; None when it is not paired (the fold then says why)."""
    from tui import listings

    heading = stored.heading()
    found = stored.paired_round(round_number or stored.last_paired_round())
    if heading is None or found is None:
        return None
    return listings.Pairings(
        listings.pairings_title(heading.name, found.number, found.revision),
        listings.SIDE_HEADINGS[heading.game],
        found.number,
        found.boards,
        found.byes,
        _fide_mode(heading),
        frozenset(),  # tables with an adjourned board are not read (`Heading.needs_fold`)
    )


def _computed_pairings(args: argparse.Namespace) -> Pairings:
    from tui import render

    with opened(args) as (_, reader):
        state = reader.state(args.as_of)
    number = args.round or state.last_paired_round
    view = state.rounds.get(number)
    if view is None or not view.paired:
        raise LedgerError(
            f"round {number} has no published pairing" + (f" as of position {args.as_of}" if args.as_of else "")
        )
    return render.pairings(state, view)


def _roster_arguments(p: argparse.ArgumentParser) -> None:
    output_options(p, ("text", "csv", "json"))
    _as_of_option(p)


@verbs.verb(
    "roster",
    "show the players in pairing-number order, with the rule that ordered them",
    _roster_arguments,
    "  arbiter roster\n  arbiter roster --format csv -o roster.csv",
)
def cmd_roster(args: argparse.Namespace) -> int:
    from projections.roster import roster
    from tui import render

    with opened(args) as (_, reader):
        state = reader.state(args.as_of)
    rule, rows = roster(state)
    emit_as(
        args,
        {
            "text": lambda: [*render.fide_mode_lines(state), *render.roster_table(state.name, rule, rows)],
            "csv": lambda: render.roster_csv(rows),
            "json": lambda: render.roster_json(state, rule, rows),
        },
    )
    return exit_codes.OK


def _check_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("round", nargs="?", type=positive, help="the round to check (default: the next round to pair)")
    output_options(p, ("text", "json"))


@verbs.verb(
    "check",
    "say what stands in the way of pairing the next round, and what the pairing will do about each",
    _check_arguments,
    "  arbiter check\n  arbiter check --format json\n\n"
    "Exit 0 when the round can be paired; 3 when `arbiter pair` would refuse (missing results, no legal pairing).",
)
def cmd_check(args: argparse.Namespace) -> int:
    from projections.checks import Severity, pre_pairing_checks
    from tui import render

    with opened(args) as (_, reader):
        state = reader.state()
    number = args.round or state.last_paired_round + 1
    findings = pre_pairing_checks(state, number)
    emit_as(
        args,
        {
            "text": lambda: [
                *render.fide_mode_lines(state),
                *([render.findings_table(findings, number)] if findings else ["nothing to report"]),
            ],
            "json": lambda: render.findings_json(state, findings, number),
        },
    )
    blocked = any(finding.severity is Severity.BLOCKS for finding in findings)
    return exit_codes.REFUSED if blocked else exit_codes.OK


def _standings_arguments(p: argparse.ArgumentParser) -> None:
    output_options(p, ("text", "csv", "json"))
    _as_of_option(p)


@verbs.verb(
    "standings",
    "show the standings with the tournament's tie-breaks",
    _standings_arguments,
    "  arbiter standings --format csv -o standings.csv\n  arbiter standings --as-of 120",
)
def cmd_standings(args: argparse.Namespace) -> int:
    from tui import listings

    with stored_views(args) as stored:
        found = _stored_standings(stored) if stored is not None else None
    title, codes, rows, position, mode = found or _computed_standings(args)
    emit_as(
        args,
        {
            "text": lambda: [*mode.lines(), listings.standings_table(title, codes, rows)],
            "csv": lambda: listings.standings_csv(rows),
            "json": lambda: listings.standings_json(rows, position, mode),
        },
    )
    return exit_codes.OK


StandingsListing = tuple[str, Sequence[str], Sequence["Standing"], int, "FideMode"]
"""The standings' title, tie-break codes, rows, log position and FIDE mode (Q46)."""


def _stored_standings(stored: StoredViews) -> StandingsListing | None:
    from tui import listings

    heading = stored.heading()
    if heading is None:
        return None
    title = listings.standings_title(heading.name, stored.last_paired_round(), stored.position)
    return title, heading.tiebreaks, stored.standings(), stored.position, _fide_mode(heading)


def _fide_mode(heading: Heading) -> FideMode:
    from tui import listings

    return listings.FideMode(heading.in_fide_mode, heading.fide_mode_notice)


def _computed_standings(args: argparse.Namespace) -> StandingsListing:
    from projections.standings import standings
    from tui import listings, render

    with opened(args) as (_, reader):
        state = reader.state(args.as_of)
    if state.is_final:
        state.refuse_while_unfinished("the final standings")
    title = listings.standings_title(state.name, state.last_paired_round, state.position)
    codes = state.settings.tiebreaks if state.settings else ()
    return title, codes, standings(state), state.position, render.fide_mode(state)


def _log_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--player", type=positive)
    p.add_argument("--round", type=positive)
    _as_of_option(p, "only events up to this position")
    p.add_argument("--tail", type=positive, help="only the last N lines")
    output_options(p, ("text", "csv", "json"))


@verbs.verb(
    "log",
    "show the audit log: position, time, actor, what, why",
    _log_arguments,
    "  arbiter log --player 5\n  arbiter log --round 3 --format json\n  arbiter log --tail 10",
)
def cmd_log(args: argparse.Namespace) -> int:
    from tui import listings

    with stored_views(args, as_of_allowed=True) as stored:
        heading = stored.heading() if stored is not None else None
        found = (stored.log(args.as_of), _fide_mode(heading)) if stored is not None and heading is not None else None
    lines, mode = found or _computed_log(args)
    if args.player is not None:
        lines = [line for line in lines if args.player in line.players]
    if args.round is not None:
        lines = [line for line in lines if line.round == args.round]
    if args.tail:
        lines = lines[-args.tail :]
    return _emit_forms(args, lines, mode.lines(), listings.audit_table, listings.audit_csv, listings.audit_json)


def _computed_log(args: argparse.Namespace) -> tuple[list[StoredLogLine], FideMode]:
    from projections.audit import audit_lines
    from tui import render

    with opened(args) as (ledger, views):
        return render.log_lines(audit_lines(ledger.log_events(stop=args.as_of))), render.fide_mode(views.state())


@verbs.verb(
    "explain", "show what the engine saw when it paired a round, and why", round_argument, "  arbiter explain 3"
)
def cmd_explain(args: argparse.Namespace) -> int:
    from projections.explain import explain_round
    from tui import render

    with opened(args) as (_, views):
        state = views.state()
        parts = [
            *render.fide_mode_lines(state),
            *render.explanation_text(explain_round(state, views.as_recorded(args.round), args.round)),
        ]
    out = render.console()
    for part in parts:
        out.print(part)
    return exit_codes.OK


def anchor(text: str) -> Anchor:
    from ledger.persistence import Anchor

    try:
        return Anchor.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _verify_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--anchor",
        type=anchor,
        action="append",
        default=[],
        metavar="HEAD[@POSITION]",
        help="a published chain head the log must pass through (repeatable)",
    )
    p.add_argument("--chief", help="the chief arbiter's key fingerprint: exit 1 unless the ledger was made with it")


@verbs.verb(
    "verify",
    "check the ledger's hash chain, the heads its seals recorded and every signature; exit 1 naming the "
    "first bad position",
    _verify_arguments,
    "  arbiter verify\n"
    "  arbiter verify --anchor 3f9c...e2   # a head `arbiter seal` printed (and was published): exit 1 if the\n"
    "                                     # log no longer passes through it (truncated or rewritten)\n"
    "  arbiter verify --chief 3f9c0d...    # the chief arbiter's fingerprint, as published",
)
def cmd_verify(args: argparse.Namespace) -> int:
    with opened(args) as (ledger, _):
        report = ledger.verify(args.anchor)
        signatures = ledger.verify_signatures() if report.ok else None
    if signatures is None:
        where = f" at position {report.first_bad_position}" if report.first_bad_position is not None else ""
        print(f"FAILED{where}: {report.problem} ({report.events} events verified)")
        return exit_codes.VERIFY_FAILED
    anchored = f"; {len(args.anchor)} anchor(s) in the chain" if args.anchor else ""
    print(f"ok: {report.events} events, chain head {report.head}, {len(report.sealed)} seal(s) checked{anchored}")
    print(signature_summary(signatures, args.chief))
    return exit_codes.OK if signatures.ok and chief_matches(signatures, args.chief) else exit_codes.VERIFY_FAILED


def _demo_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, default=2026, help="seed of the demo's random results")


@verbs.verb(
    "demo",
    "run a demo five-round Swiss (a late entry, a correction, a re-pairing) in a fresh ledger and show it",
    _demo_arguments,
    "  arbiter demo\n  arbiter demo --ledger /tmp/demo.ledger --seed 7",
)
def cmd_demo(args: argparse.Namespace) -> int:
    from tui.cli.demo import run_demo

    return run_demo(args.ledger, args.seed, args.actor)


def _tui_arguments(p: argparse.ArgumentParser) -> None:
    from tui.cli.rating_lists import STORE_HELP

    p.add_argument("--store", help=STORE_HELP + ", shown on the Rating lists screen")


@verbs.verb(
    "tui",
    "open the arbiter's desk (a terminal interface) on the ledger",
    _tui_arguments,
    "  arbiter tui --ledger club.ledger\n  arbiter tui --ledger open.ledger --store lists.sqlite",
)
def cmd_tui(args: argparse.Namespace) -> int:
    from tui.desk.app import run_desk  # Textual is loaded only here

    return run_desk(location(args), args.actor, signing_key(args), args.store)
