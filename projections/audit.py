"""The audit view: every event with its position, time, actor, a one-line summary, reason and reference."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any, TypeVar

from attrs import frozen

from ledger.domain import Round, Tournament
from ledger.fide_mode import Caution


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
    match event:  # results first: they are most of the log
        case Round.ResultRecorded(board=board, first=a, second=b, result=res):
            r = rounds.get(event.originator_id)
            return f"round {r} board {board}: {a}-{b} {res}", r, (a, b)
        case Tournament.Created(name=name, game=game, system=system, rounds=total, settings=settings):
            return f"tournament {name!r} created: {game}, {system}, {total} rounds, seed {settings['seed']}", None, ()
        case Tournament.PlayerRegistered(number=number, details=details):
            return f"registered {number} {details['name']} ({details.get('rating', 0)})", None, (number,)
        case Tournament.PlayerDetailsCorrected(number=number, changes=changes):
            text = ", ".join(f"{k}={v}" for k, v in changes.items())
            return f"details of {number} corrected: {text}", None, (number,)
        case Tournament.PlayerWithdrew(number=number, from_round=r, expelled=expelled):
            return f"{number} {'was expelled' if expelled else 'withdrew'} from round {r}", r, (number,)
        case Tournament.PlayerReentered(number=number, from_round=r):
            return f"{number} re-entered from round {r}", r, (number,)
        case Tournament.ByeRequested(number=number, round=r, kind=kind):
            return f"{number} requested a {kind} bye in round {r}", r, (number,)
        case Tournament.ByeCancelled(number=number, round=r, kind=kind):
            return f"{number}'s {kind} bye request for round {r} cancelled", r, (number,)
        case Round.ByeGranted(number=number, kind=kind, points=points):
            r = rounds.get(event.originator_id)
            return f"round {r}: {number} given a {kind} bye ({points:g})", r, (number,)
        case Tournament.RoundsChanged(rounds=total):
            return f"the tournament now has {total} rounds", None, ()
        case Tournament.PlayersRenumbered(order=order, rule=rule):
            return f"{len(order)} players renumbered by rule {rule}", None, tuple(order)
        case Tournament.PairForbidden(first=a, second=b):
            return f"{a} and {b} may not be paired", None, (a, b)
        case Tournament.PairingNumbersExchanged(first=a, second=b):
            return f"pairing numbers of {a} and {b} exchanged", None, (a, b)
        case Tournament.TiebreaksChanged(tiebreaks=codes, previous=previous):
            return f"tie-breaks {','.join(codes)} (were {','.join(previous)})", None, ()
        case Tournament.OptionsChanged(options=options, previous=previous):
            text = ", ".join(f"{k}={v or '(none)'} (was {previous.get(k) or '(none)'})" for k, v in options.items())
            return f"tournament options: {text}", None, ()
        case Tournament.TiebreakValueEntered(number=number, value=value, previous=previous):
            from pairing.trf.standings import written_value  # the TRF's spelling; loaded only for this event

            was = "none" if previous is None else written_value(previous)
            return f"{number}'s external tie-break value (EXT) {written_value(value)} (was {was})", None, (number,)
        case Tournament.TiedPlayersRanked(players=players):
            if not players:
                return "orders of tied players cleared", None, ()
            return f"tied players ranked by the arbiter: {', '.join(map(str, players))}", None, tuple(players)
        case Tournament.DetailsChanged(changes=changes):
            text = ", ".join(f"{k}={v}" for k, v in changes.items())
            return f"tournament details: {text}", None, ()
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
        case Tournament.CautionConfirmed(caution=state):
            caution = Caution.from_event(state)
            confirmed = "confirmed " if caution.needs_confirmation else ""
            kind = f"{caution.breach.value}: " if caution.breach else ""
            text = f"{confirmed}warning (level {int(caution.level)}, {caution.question}): {kind}{caution.text}"
            return text, caution.round or None, ()
        case Tournament.FideModeLeft(after_round=r):
            return f"FIDE mode left after round {r}: not in FIDE mode from here on", r or None, ()
        case Tournament.KeyGranted(fingerprint=key, role=role):
            return f"key {key} given the role {role}", None, ()
        case Round.Paired(revision=rev, boards=boards, byes=byes, engine=engine):
            r = rounds.get(event.originator_id)
            seated = tuple(n for b in boards for n in b) + tuple(b["number"] for b in byes)
            again = f" (revision {rev})" if rev > 1 else ""
            return f"round {r} paired by {engine}{again}: {len(boards)} boards, {len(byes)} byes", r, seated
        case Round.PairingWithdrawn(revision=rev):
            r = rounds.get(event.originator_id)
            return f"round {r} pairing (revision {rev}) withdrawn", r, ()
        case Round.ResultCorrected(board=board, first=a, second=b, previous=old, result=res):
            r = rounds.get(event.originator_id)
            return f"round {r} board {board}: {a}-{b} corrected {old} -> {res}", r, (a, b)
        case Round.ResultVoided(board=board, first=a, second=b, previous=old):
            r = rounds.get(event.originator_id)
            return f"round {r} board {board}: {a}-{b} result {old} voided", r, (a, b)
        case Round.GameAdjourned(board=board, first=a, second=b):
            r = rounds.get(event.originator_id)
            return f"round {r} board {board}: {a}-{b} adjourned (a draw for pairing until its result)", r, (a, b)
        case Round.HandPairingStarted(boards=boards):
            r = rounds.get(event.originator_id)
            draft = f" from {len(boards)} boards" if boards else ""
            return f"round {r}: hand pairing started{draft}", r, ()
        case Round.HandPaired(first=a, second=b):
            r = rounds.get(event.originator_id)
            return f"round {r} hand pairing: {a}-{b}", r, (a, b)
        case Round.HandByeGiven(number=number):
            r = rounds.get(event.originator_id)
            return f"round {r} hand pairing: pairing-allocated bye to {number}", r, (number,)
        case Round.HandUnseated(number=number):
            r = rounds.get(event.originator_id)
            return f"round {r} hand pairing: {number}'s board or bye taken out", r, (number,)
        case Round.HandPairingCancelled():
            r = rounds.get(event.originator_id)
            return f"round {r}: hand pairing cancelled", r, ()
        case Round.Sealed(chain_head=head, position=at):
            r = rounds.get(event.originator_id)
            return f"round {r} sealed at position {at}, chain head {head[:16]}...", r, ()
        case Round.Created(round=r):
            return f"round {r} stream started", r, ()
        case _:
            return type(event).__name__, None, ()


def audit_line(position: int, event: Any, rounds: dict[Any, int]) -> AuditLine:
    """The audit line of one event; `rounds` maps round stream ids to round numbers."""
    return AuditLine(*_columns(position, event, rounds, event.timestamp, tuple))


AuditRow = tuple[int, str, str, str, str, int | None, str, str, str]
"""An audit line as the read-model table stores it: the time in ISO format, the players as a JSON list."""


def audit_row(position: int, event: Any, rounds: dict[Any, int], time: str) -> AuditRow:
    """The audit table's row of one event, made without an `AuditLine` (a rebuild makes one per event);
    `time` is `event.timestamp.isoformat()`."""
    return _columns(position, event, rounds, time, _json_list)


Time = TypeVar("Time", datetime, str)
Players = TypeVar("Players", tuple[int, ...], str)


def _columns(
    position: int, event: Any, rounds: dict[Any, int], time: Time, players_as: Callable[[tuple[int, ...]], Players]
) -> tuple[int, Time, str, str, str, int | None, Players, str, str]:
    """The fields of the event's `AuditLine`, in order, with its time as given and its players as
    `players_as` gives them (a row is made at once in this form: a rebuild makes 100,000)."""
    summary, round_number, players = _summary(event, rounds)
    return (
        position,
        time,
        getattr(event, "actor", ""),
        type(event).__name__,
        summary,
        round_number,
        players_as(players),
        getattr(event, "reason", ""),
        getattr(event, "reference", ""),
    )


_INT = frozenset({int})


def _json_list(numbers: tuple[int, ...]) -> str:
    """`json.dumps(list(numbers))`: for plain ints, the list's repr is the same text, made without the
    encoder's set-up (the types are checked as a set: no generator per audit row)."""
    listed = list(numbers)
    return repr(listed) if _INT.issuperset(map(type, listed)) else json.dumps(listed)


def audit_lines(events: Iterable[tuple[int, Any]]) -> list[AuditLine]:
    lines = []
    rounds: dict[Any, int] = {}
    for position, event in events:
        if isinstance(event, Round.Created):
            rounds[event.originator_id] = event.round
        lines.append(audit_line(position, event, rounds))
    return lines
