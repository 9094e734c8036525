"""Chess events in and out as TRF (FIDE Tournament Report File, TRF16 / TRF-2026): `arbiter export-trf`
writes the ledger's completed rounds (with `###` lines listing every change of an earlier decision,
as FIDE's endorsement checklist asks), `arbiter import-trf` builds a new ledger from a file. The
file model is `pairing/trf/`'s; `arbiter-pair` pairs the exported file as the ledger does."""

from __future__ import annotations

import argparse
from pathlib import Path

from ledger.errors import InvalidInput
from tui import exit_codes
from tui.cli.common import VerbGroup, new_ledger, opened, positive, say
from tui.cli.output import emit, output_options

verbs = VerbGroup()


def _export_trf_arguments(p: argparse.ArgumentParser) -> None:
    output_options(p)
    p.add_argument("--rounds", type=int, help="export rounds 1..N (default: every complete round)")


@verbs.verb(
    "export-trf",
    "write the tournament as a FIDE TRF file (with ### change lines)",
    _export_trf_arguments,
    "  arbiter export-trf -o open.trf\n  arbiter-pair --dutch open.trf -p   # pairs the next round as the ledger does",
)
def cmd_export_trf(args: argparse.Namespace) -> int:
    from pairing.trf import format
    from tui.cli.trf_ledger import change_comments, to_document

    with opened(args) as (ledger, views):
        state = views.state()
        comments = change_comments(ledger)
    rounds = args.rounds if args.rounds is not None else state.completed_rounds
    if rounds > state.completed_rounds:
        raise InvalidInput(
            f"round {state.completed_rounds + 1} still has results missing; export up to it with --rounds"
        )
    emit(args, format(to_document(state, rounds, comments)), f": {len(state.players)} players, rounds 1..{rounds}")
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
    "  arbiter import-trf open.trf --ledger open.ledger --system dutch",
)
def cmd_import_trf(args: argparse.Namespace) -> int:
    from ledger.application import PlayerDetails
    from ledger.results import Game
    from ledger.settings import TournamentSettings
    from pairing.trf import TrfSyntaxError, parse
    from pairing.trf.convert import initial_colour
    from pairing.trf.convert import scoring as trf_scoring
    from tui.cli.trf_ledger import read_trf_rounds

    path = Path(args.file)
    try:
        document = parse(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise InvalidInput(f"cannot read {path}: {error}") from error
    except TrfSyntaxError as error:
        raise InvalidInput(f"{path}: {error}") from error
    rounds = read_trf_rounds(document)
    total = args.rounds or document.total_rounds or len(rounds)
    options = {"ranking": "as-registered"}
    colour = initial_colour(document)
    if colour:
        options["initial_colour"] = colour
    name = document.tournament_text("012") or path.stem
    settings = TournamentSettings.for_game(
        Game.CHESS, args.system, total, scoring=trf_scoring(document), options=options
    )
    with new_ledger(args) as ledger:
        ledger.create_tournament(name, settings)
        ledger.register_players(
            [
                PlayerDetails(
                    p.name,
                    rating=p.rating,
                    federation=p.federation,
                    title=p.title,
                    external_id=p.fide_id,
                    number=p.start_rank,
                )
                for p in sorted(document.players, key=lambda p: p.start_rank)
            ]
        )
        reason = f"imported from {path.name}"
        for number, (boards, byes, results) in enumerate(rounds, start=1):
            ledger.pair_next_round(manual=boards, manual_byes=byes, complete=False, reason=reason, force_reason=reason)
            for board, result in enumerate(results, start=1):
                ledger.record_result(number, board, result)
        say(f"imported {len(document.players)} players and {len(rounds)} rounds from {path} into {ledger.location}")
    return exit_codes.OK
