"""Chess events in and out as TRF (FIDE Tournament Report File, TRF16 / TRF-2026): `arbiter export-trf`
writes the ledger's completed rounds (with `###` lines listing every change of an earlier decision,
as FIDE's endorsement checklist asks), `arbiter import-trf` builds a new ledger from a file. The
file model is `pairing/trf/`'s; `arbiter-pair` pairs the exported file as the ledger does."""

from __future__ import annotations

import argparse
from decimal import Decimal
from pathlib import Path
from typing import Any

from ledger.application import Ledger, PlayerDetails
from ledger.errors import InvalidInput
from ledger.redaction import redacted
from ledger.results import Game
from ledger.settings import TournamentSettings
from pairing.model import ByeKind, Outcome, RoundRecord, Scoring, Side
from pairing.registry import systems
from pairing.trf import TrfDocument, TrfSyntaxError, format, parse
from pairing.trf.convert import initial_colour
from pairing.trf.convert import scoring as trf_scoring
from pairing.trf.document import (
    ByeRecord,
    Colour,
    CommentRecord,
    ForbiddenPairsRecord,
    InitialColourRecord,
    PlayerRecord,
    RoundEntry,
    RoundsRecord,
    ScoringRecord,
    TournamentRecord,
)
from pairing.trf.document import ResultCode as R
from projections.audit import audit_lines
from projections.history import histories
from projections.standings import standings
from projections.state import TournamentState
from tui import exit_codes
from tui.cli.common import VerbGroup, new_ledger, opened, positive, say
from tui.cli.output import emit, output_options
from tui.cli.report import DECISIONS

verbs = VerbGroup()

BYE_CODES = {
    ByeKind.PAIRING_ALLOCATED: R.PAIRING_ALLOCATED_BYE,
    ByeKind.FULL_POINT: R.FULL_POINT_BYE,
    ByeKind.HALF_POINT: R.HALF_POINT_BYE,
    ByeKind.ZERO_POINT: R.ZERO_POINT_BYE,
}
PLAYED = {Outcome.WIN: R.WIN, Outcome.DRAW: R.DRAW, Outcome.LOSS: R.LOSS}


# --- export --------------------------------------------------------------------------------------------


def _entry(record: RoundRecord, tpn: dict[int, int]) -> RoundEntry:
    if record.opponent is None:
        return RoundEntry(opponent=0, colour=Colour.NONE, result=BYE_CODES.get(record.bye, R.ZERO_POINT_BYE))  # type: ignore[arg-type]
    if record.played:
        colour = Colour.WHITE if record.side is Side.FIRST else Colour.BLACK
        return RoundEntry(opponent=tpn[record.opponent], colour=colour, result=PLAYED[record.outcome])  # type: ignore[index]
    result = R.FORFEIT_WIN if record.outcome is Outcome.WIN else R.FORFEIT_LOSS
    return RoundEntry(opponent=tpn[record.opponent], colour=Colour.NONE, result=result)


def _scoring_record(scoring: Scoring) -> list[ScoringRecord]:
    if scoring == Scoring():
        return []
    values = (
        ("W", scoring.win),
        ("D", scoring.draw),
        ("L", scoring.loss),
        ("A", scoring.zero_point_bye),
        ("P", scoring.pairing_allocated_bye),
    )
    return [ScoringRecord(values=tuple((symbol, Decimal(str(value))) for symbol, value in values))]


def to_document(state: TournamentState, rounds: int, comments: list[str]) -> TrfDocument:
    """Rounds 1..`rounds` of the tournament as a TRF-2026 document, start ranks = pairing numbers."""
    assert state.settings is not None
    tpn = state.ranking()
    table = histories(state, rounds)
    rank = {row.number: row.rank for row in standings(state)}
    players = [
        PlayerRecord(
            start_rank=tpn[number],
            title=player.title,
            name=player.name,
            rating=player.rating,
            federation=player.federation,
            fide_id=player.external_id if player.external_id.isdigit() else "",
            points=Decimal(str(sum(r.points for r in table[number]))),
            rank=rank.get(number),
            rounds=tuple(_entry(record, tpn) for record in table[number]),
        )
        for number, player in sorted(state.players.items(), key=lambda item: tpn[item[0]])
    ]
    records: list[Any] = [TournamentRecord(code="012", text=state.name), RoundsRecord(rounds=state.total_rounds)]
    colour = state.settings.options.get("initial_colour")
    if colour in ("white", "black"):
        records.append(InitialColourRecord(colour=Colour.WHITE if colour == "white" else Colour.BLACK))
    records += _scoring_record(state.settings.scoring)
    for kind, code in ((ByeKind.FULL_POINT, "F"), (ByeKind.HALF_POINT, "H"), (ByeKind.ZERO_POINT, "Z")):
        requested = sorted(tpn[n] for n, k in state.requested_byes.get(rounds + 1, {}).items() if k is kind)
        if requested:
            records.append(ByeRecord(kind=code, round=rounds + 1, players=tuple(requested)))
    for first, second in state.forbidden:
        records.append(
            ForbiddenPairsRecord(first_round=1, last_round=state.total_rounds, players=(tpn[first], tpn[second]))
        )
    records += [CommentRecord(text=f" {line}") for line in comments]
    return TrfDocument(records=(*records, *players))


def change_comments(ledger: Ledger) -> list[str]:
    """One line per decision that changed an earlier one: position, time, actor, what, why."""
    return [
        f"{line.position} {line.time:%Y-%m-%d %H:%M} {line.actor}: {line.summary}; reason: {line.reason}"
        + (f" [{line.reference}]" if line.reference else "")
        for line in audit_lines(ledger.log_events())
        if line.kind in DECISIONS
    ]


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


# --- import --------------------------------------------------------------------------------------------

RESULTS = {
    (R.WIN, R.LOSS): "1-0",
    (R.LOSS, R.WIN): "0-1",
    (R.DRAW, R.DRAW): "1/2",
    (R.FORFEIT_WIN, R.FORFEIT_LOSS): "+-",
    (R.FORFEIT_LOSS, R.FORFEIT_WIN): "-+",
    (R.FORFEIT_LOSS, R.FORFEIT_LOSS): "--",
    (R.UNRATED_WIN, R.UNRATED_LOSS): "1-0",
    (R.UNRATED_LOSS, R.UNRATED_WIN): "0-1",
    (R.UNRATED_DRAW, R.UNRATED_DRAW): "1/2",
}
BYES = {code: kind for kind, code in BYE_CODES.items()}


def read_trf_rounds(document: TrfDocument) -> list[tuple[list[tuple[int, int]], list[tuple[int, ByeKind]], list[str]]]:
    """Per round: boards (White first), byes and results, checked before anything is appended."""
    players = {p.start_rank: p for p in document.players}
    total = max((len(p.rounds) for p in players.values()), default=0)
    rounds = []
    for index in range(total):
        boards, byes, results = [], [], []
        for rank, player in sorted(players.items()):
            if index >= len(player.rounds):
                continue
            entry = player.rounds[index]
            if entry.opponent == 0:
                if entry.result in BYES and entry.result is not R.ZERO_POINT_BYE:
                    byes.append((rank, BYES[entry.result]))
                continue
            other = players.get(entry.opponent)
            theirs = other.rounds[index] if other is not None and index < len(other.rounds) else None
            if theirs is None or theirs.opponent != rank:
                raise InvalidInput(f"round {index + 1}: player {rank} meets {entry.opponent}, who does not meet them")
            first = entry.colour is Colour.WHITE or (entry.colour is Colour.NONE and rank < entry.opponent)
            if not first:
                continue  # the game is read from White's line (from the lower rank's for a forfeit)
            result = RESULTS.get((entry.result, theirs.result))
            if result is None:
                raise InvalidInput(
                    f"round {index + 1}: results {entry.result}/{theirs.result} of {rank} and "
                    f"{entry.opponent} do not fit together"
                )
            boards.append((rank, entry.opponent))
            results.append(result)
        rounds.append((boards, byes, results))
    return rounds


def _import_trf_arguments(p: argparse.ArgumentParser) -> None:
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
        where = redacted(ledger.location)
        say(f"imported {len(document.players)} players and {len(rounds)} rounds from {path} into {where}")
    return exit_codes.OK
