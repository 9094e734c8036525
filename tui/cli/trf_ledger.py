"""TRF documents to and from the ledger's state, for `arbiter export-trf` and `arbiter import-trf`
(tui/cli/trf_io.py): a round's history as TRF round entries, the scoring and `###` change lines of an
export, and a file's rounds read back as boards, byes and results, checked before anything is appended.
Kept apart from the verbs so that building the parser does not load the TRF model."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from ledger.errors import InvalidInput
from pairing.model import ByeKind, Outcome, RoundRecord, Scoring, Side
from pairing.trf import TrfDocument
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
from tui.cli.report import DECISIONS

if TYPE_CHECKING:
    from ledger.application import Ledger
    from projections.state import TournamentState

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
