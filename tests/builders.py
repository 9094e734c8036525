"""Builders shared by the tests: players, their round records, requests and TRF documents, written once."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from attrs import evolve

from pairing.model import ByeKind, Entrant, Outcome, PairingInput, PlayerStatus, RoundRecord, Scoring, Side
from pairing.trf.document import PlayerRecord, TrfDocument


def entrant(
    number: int,
    *history: RoundRecord,
    rating: int = 0,
    pairing_number: int | None = None,
    name: str = "",
    status: PlayerStatus = PlayerStatus.ACTIVE,
    team: str = "",
) -> Entrant:
    """Player `number` (pairing number `number` unless given) with `history` and the score it adds up to."""
    return Entrant(
        number=number,
        pairing_number=number if pairing_number is None else pairing_number,
        name=name or f"Player {number}",
        rating=rating,
        score=sum(r.points for r in history),
        status=status,
        history=history,
        team=team,
    )


OUTCOME_OF_POINTS = {1.0: Outcome.WIN, 0.5: Outcome.DRAW, 0.0: Outcome.LOSS}


def game(round_number: int, opponent: int, side: Side | None, points: float, played: bool = True) -> RoundRecord:
    """A game against `opponent` on `side` that scored `points` (1, ½ or 0; a forfeit if not `played`)."""
    return RoundRecord(
        round=round_number,
        opponent=opponent,
        side=side,
        outcome=OUTCOME_OF_POINTS[points],
        points=points,
        played=played,
    )


def bye(round_number: int, kind: ByeKind = ByeKind.PAIRING_ALLOCATED, points: float = 1.0) -> RoundRecord:
    """A round without an opponent: a bye of `kind` worth `points`."""
    return RoundRecord(
        round=round_number,
        opponent=None,
        side=None,
        outcome=Outcome.WIN if points >= 1 else None,
        points=points,
        played=False,
        bye=kind,
    )


def request(
    system: str,
    players: Iterable[Entrant],
    round_number: int = 1,
    *,
    total_rounds: int = 9,
    options: Mapping[str, str] | None = None,
    scoring: Scoring | None = None,
    seed: int = 7,
    forbidden: Iterable[tuple[int, int]] = (),
) -> PairingInput:
    """The input that asks `system` to pair `round_number`."""
    return PairingInput(
        system=system,
        round=round_number,
        total_rounds=total_rounds,
        players=tuple(players),
        scoring=scoring or Scoring(),
        seed=seed,
        forbidden_pairs=tuple(forbidden),
        options=tuple(sorted((options or {}).items())),
    )


def truncated(document: TrfDocument, rounds: int) -> TrfDocument:
    """The document as it stood after `rounds` rounds: later round columns dropped."""
    records = [
        evolve(r, rounds=r.rounds[:rounds], points=None, rank=None) if isinstance(r, PlayerRecord) else r
        for r in document.records
    ]
    return evolve(document, records=tuple(records))
