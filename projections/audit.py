"""The audit view: every event with its position, time, actor, a one-line summary, reason and reference."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from attrs import frozen

from ledger.domain import Round, Tournament


@frozen
class AuditLine:
    position: int
    time: datetime
    actor: str
    kind: str
    summary: str
    round: int | None
    players: tuple[int, ...]
    reason: str = ""
    reference: str = ""


def _summary(event: Any, rounds: dict[Any, int]) -> tuple[str, int | None, tuple[int, ...]]:
    """(summary, round, players concerned) of one event."""
    match event:
        case Tournament.Created(name=name, game=game, system=system, rounds=total):
            return f"tournament {name!r} created: {game}, {system}, {total} rounds", None, ()
        case Tournament.PlayerRegistered(number=number, details=details):
            return f"registered {number} {details['name']} ({details.get('rating', 0)})", None, (number,)
        case Tournament.PlayerDetailsCorrected(number=number, changes=changes):
            text = ", ".join(f"{k}={v}" for k, v in changes.items())
            return f"details of {number} corrected: {text}", None, (number,)
        case Tournament.PlayerWithdrew(number=number, from_round=r):
            return f"{number} withdrew from round {r}", r, (number,)
        case Tournament.PlayerReentered(number=number, from_round=r):
            return f"{number} re-entered from round {r}", r, (number,)
        case Tournament.ByeRequested(number=number, round=r, kind=kind):
            return f"{number} requested a {kind} bye in round {r}", r, (number,)
        case Tournament.PairForbidden(first=a, second=b):
            return f"{a} and {b} may not be paired", None, (a, b)
        case Tournament.RoundOpened(round=r):
            return f"round {r} opened", r, ()
        case Tournament.ArbiterOverrode(subject=subject, decision=decision):
            return f"override of {subject}: {decision}", None, ()
        case Tournament.AppealLodged(appeal=n, appellant=p, against=against):
            return f"appeal {n} lodged by {p} against {against}", None, (p,)
        case Tournament.AppealRuled(appeal=n, outcome=outcome, votes=votes):
            return (
                f"appeal {n} {outcome} ({sum(votes.values())} of {len(votes)} against the ruling)",
                None,
                (),
            )
        case Round.Paired(revision=rev, boards=boards, byes=byes, engine=engine):
            r = rounds.get(event.originator_id)
            seated = tuple(n for b in boards for n in b) + tuple(b["number"] for b in byes)
            again = f" (revision {rev})" if rev > 1 else ""
            return f"round {r} paired by {engine}{again}: {len(boards)} boards, {len(byes)} byes", r, seated
        case Round.PairingWithdrawn(revision=rev):
            r = rounds.get(event.originator_id)
            return f"round {r} pairing (revision {rev}) withdrawn", r, ()
        case Round.ResultRecorded(board=board, first=a, second=b, result=res):
            r = rounds.get(event.originator_id)
            return f"round {r} board {board}: {a}-{b} {res}", r, (a, b)
        case Round.ResultCorrected(board=board, first=a, second=b, previous=old, result=res):
            r = rounds.get(event.originator_id)
            return f"round {r} board {board}: {a}-{b} corrected {old} -> {res}", r, (a, b)
        case Round.ResultVoided(board=board, first=a, second=b, previous=old):
            r = rounds.get(event.originator_id)
            return f"round {r} board {board}: {a}-{b} result {old} voided", r, (a, b)
        case Round.Sealed(chain_head=head, position=at):
            r = rounds.get(event.originator_id)
            return f"round {r} sealed at position {at}, chain head {head[:16]}...", r, ()
        case Round.Created(round=r):
            return f"round {r} stream started", r, ()
        case _:
            return type(event).__name__, None, ()


def audit_line(position: int, event: Any, rounds: dict[Any, int]) -> AuditLine:
    """The audit line of one event; `rounds` maps round stream ids to round numbers."""
    summary, round_number, players = _summary(event, rounds)
    return AuditLine(
        position=position,
        time=event.timestamp,
        actor=getattr(event, "actor", ""),
        kind=type(event).__name__,
        summary=summary,
        round=round_number,
        players=players,
        reason=getattr(event, "reason", ""),
        reference=getattr(event, "reference", ""),
    )


def audit_lines(events: Iterable[tuple[int, Any]]) -> list[AuditLine]:
    lines = []
    rounds: dict[Any, int] = {}
    for position, event in events:
        if isinstance(event, Round.Created):
            rounds[event.originator_id] = event.round
        lines.append(audit_line(position, event, rounds))
    return lines
