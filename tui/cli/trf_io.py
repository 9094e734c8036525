"""Chess events in and out as TRF (FIDE Tournament Report File, TRF16 / TRF-2026): `arbiter export-trf`
writes the ledger's completed rounds (with `###` lines listing every change of an earlier decision,
as FIDE's endorsement checklist asks), `arbiter import-trf` builds a new ledger from a file. The
file model is `pairing/trf/`'s; `arbiter-pair` pairs the exported file as the ledger does."""

from __future__ import annotations

import argparse
from pathlib import Path

from ledger.errors import InvalidInput
from ledger.redaction import redacted
from tui import exit_codes
from tui.cli.common import VerbGroup, naming, new_ledger, opened, positive, say
from tui.cli.output import emit, output_options

verbs = VerbGroup()


def _export_trf_arguments(p: argparse.ArgumentParser) -> None:
    output_options(p)
    p.add_argument("--rounds", type=int, help="export rounds 1..N (default: every complete round)")
    p.add_argument(
        "--rating-report",
        action="store_true",
        help="the file for the rating report: results as corrected for it (`arbiter correct --rating-only`), "
        "not as they pair and rank",
    )


@verbs.verb(
    "export-trf",
    "write the tournament as a FIDE TRF file (records 012-132 from the details, ### change lines)",
    _export_trf_arguments,
    "  arbiter export-trf -o open.trf\n  arbiter-pair --dutch open.trf -p   # pairs the next round as the ledger does\n"
    "  arbiter export-trf --rating-report -o rating.trf",
)
def cmd_export_trf(args: argparse.Namespace) -> int:
    from pairing.trf import format
    from projections.state import rated
    from tui.cli.trf_ledger import change_comments, paired_dates, to_document

    with opened(args) as (ledger, views):
        state = rated(views.state()) if args.rating_report else views.state()
        comments = change_comments(ledger)
        dates = paired_dates(ledger, state)
    if args.rating_report:
        state.refuse_while_unfinished("the rating report's TRF", adjourned_only=True)
    rounds = args.rounds if args.rounds is not None else state.reported_rounds
    if rounds > state.reported_rounds:
        raise InvalidInput(
            f"round {state.reported_rounds + 1} still has results missing; export up to it with --rounds"
        )
    warnings: list[str] = []
    text = format(to_document(state, rounds, comments, warnings, dates))
    for warning in warnings:
        say(warning)
    emit(args, text, f": {len(state.players)} players, rounds 1..{rounds}")
    return exit_codes.OK


def _import_trf_arguments(p: argparse.ArgumentParser) -> None:
    from pairing.registry import systems

    p.add_argument("file")
    p.add_argument("--system", choices=systems(), default="dutch")
    p.add_argument("--rounds", type=positive, help="total rounds (default: 142/XXR, else the rounds in the file)")


@verbs.verb(
    "import-trf",
    "create a chess ledger from a FIDE TRF file",
    _import_trf_arguments,
    "  arbiter import-trf open.trf --ledger open.ledger --system dutch\n"
    "  (played rounds are the rounds with results; a later column holds the byes asked for; see docs/trf.md)",
)
def cmd_import_trf(args: argparse.Namespace) -> int:
    from ledger.application import PlayerDetails
    from ledger.results import Game
    from ledger.settings import TournamentSettings
    from pairing.trf.convert import initial_colour
    from pairing.trf.convert import scoring as trf_scoring
    from tui.cli.trf_ledger import (
        acceleration_options,
        arbiter_entry_lines,
        details_of,
        forbidden_pairs,
        lots_seed,
        played_rounds,
        player_numbers,
        points_warnings,
        ranking_options,
        read_document,
        read_trf,
        record_arbiter_entry,
        stated_withdrawals,
        tiebreaks_of,
    )

    path = Path(args.file)
    document = read_document(path)
    if not document.players:
        raise InvalidInput(f"{path}: no 001 player lines; nothing to import")
    with naming(path):
        total = args.rounds or document.total_rounds or max(played_rounds(document), 1)
        entries = arbiter_entry_lines(document)
        by_start_rank = read_trf(document, total, stated_withdrawals(document, entries, total))
        number = player_numbers(document, entries)
        imported = by_start_rank.numbered(number)
        options = ranking_options(document, number) | acceleration_options(document, number)
        colour = initial_colour(document)
        if colour:
            options["initial_colour"] = colour
        tiebreaks, tiebreak_warnings = tiebreaks_of(document)
        lots = lots_seed(entries)
        settings = TournamentSettings.for_game(
            Game.CHESS,
            args.system,
            total,
            scoring=trf_scoring(document),
            tiebreaks=tiebreaks,
            options={"rating_method": "fide", **options},
            **lots,
        )
    name = document.tournament_text("012") or path.stem
    reason = f"imported from {path.name}"
    details, warnings = details_of(document)
    warnings += tiebreak_warnings
    with new_ledger(args) as ledger, naming(path):
        ledger.create_tournament(name, settings, details)
        ledger.register_players(
            [
                PlayerDetails(
                    p.name,
                    fide_rating=p.rating,
                    federation=p.federation,
                    title=p.title,
                    external_id=p.fide_number,
                    number=number(p.start_rank),
                )
                for p in sorted(document.players, key=lambda p: p.start_rank)
            ]
        )
        for first, second in forbidden_pairs(document):
            ledger.forbid(number(first), number(second), reason)
        for imported_round in imported.rounds:
            ledger.pair_next_round(
                manual=imported_round.boards,
                manual_byes=imported_round.byes,
                complete=False,
                reason=reason,
                force_reason=reason,
            )
            results = enumerate(imported_round.results, start=1)
            ledger.record_results(imported_round.number, [(board, r) for board, r in results if r is not None])
            for board in imported_round.adjourned:
                ledger.adjourn(imported_round.number, board, f"{reason}: its result is unknown there (?)")
        for player, round_number, kind in imported.requests:
            ledger.request_bye(player, round_number, kind, reason)
        for player, first_round, expelled in imported.withdrawn:
            ledger.withdraw(player, first_round, reason, expelled=expelled)
        for entry in entries:
            with naming(
                f"line {entry.line} ('### {entry.text[:60]}'; correct the line or leave it out)", remedies=False
            ):
                record_arbiter_entry(ledger, entry, reason, number)
        ledger.record_import(path.name)
    say(
        f"imported {len(document.players)} players and {len(imported.rounds)} rounds from {path} "
        f"into {redacted(ledger.location)}"
    )
    with opened(args) as (_, views):
        state = views.state()
    for warning in warnings + points_warnings(document, state, len(imported.rounds), number):
        say(warning)
    return exit_codes.OK
