"""Consequences of a disputed result, computed without appending anything (IBF Pairing
Rules 3.8, "For computer-aided pairing": pairings "are generally final. Exceptions ... may be made
if an error is identified (for example, if the result of a played match was incorrectly entered
into the software)" and "opponent pairings may be changed (including by conducting a repeat
computer-aided pairing) based on a justified decision by the Chief Arbiter").

- `what_if`: the tournament as it would be with one result changed (a scratch fold).
- `proposed_pairing`: what the tournament's engine pairs for a round from a given state.
- `pairing_difference`: the boards of a published pairing against a proposed one.
- `reproduce`: the recorded engine re-run on the recorded input, compared bit for bit.
"""

from __future__ import annotations

from datetime import UTC, datetime
from uuid import UUID

from attrs import frozen

from ledger.digest import input_digest
from ledger.domain import Round
from ledger.errors import UnknownBoard, UnknownRound
from pairing.model import Board, Bye, PairingOutcome
from pairing.registry import engine_for
from projections.explain import recorded_input
from projections.history import pairing_input
from projections.standings import StandingRow, standings
from projections.state import TournamentState, fold


def what_if(events: list[tuple[int, object]], round_number: int, board: int, result: str) -> TournamentState:
    """The state after `events` with round `round_number` board `board` given `result` (canonical
    code, already parsed), as a scratch fold: nothing is appended."""
    state = fold(events)
    view = state.rounds.get(round_number)
    if view is None or not view.paired:
        raise UnknownRound(f"round {round_number} has no published pairing")
    if not 1 <= board <= len(view.boards):
        raise UnknownBoard(f"round {round_number} has boards 1..{len(view.boards)}, not {board}")
    stream = next(stream for stream, number in state.round_streams.items() if number == round_number)
    pair = view.boards[board - 1]
    previous = view.results[board].code if board in view.results else ""
    scratch = Round.ResultCorrected(
        originator_id=UUID(str(stream)),
        originator_version=0,
        timestamp=datetime.now(UTC),
        board=board,
        first=pair.first,
        second=pair.second,
        previous=previous,
        result=result,
        actor="what-if",
        reason="preview",
        reference="",
    )
    state.apply(state.position, scratch)
    return state


@frozen
class StandingChange:
    number: int
    name: str
    rank_before: int
    rank_after: int
    score_before: float
    score_after: float


def standings_changes(before: TournamentState, after: TournamentState) -> list[StandingChange]:
    """Every player whose rank or score differs between the two states, in the new order."""
    old: dict[int, StandingRow] = {row.number: row for row in standings(before)}
    changes = []
    for row in standings(after):
        was = old[row.number]
        if (was.rank, was.score) != (row.rank, row.score):
            changes.append(StandingChange(row.number, row.name, was.rank, row.rank, was.score, row.score))
    return changes


def proposed_pairing(state: TournamentState, round_number: int) -> PairingOutcome:
    """What the tournament's engine pairs for `round_number` from `state` (its rounds before it)."""
    request = pairing_input(state, round_number)
    return engine_for(request.system).pair(request)


@frozen
class PairingDifference:
    round: int
    published: tuple[Board, ...]
    proposed: tuple[Board, ...]
    published_byes: tuple[Bye, ...]
    proposed_byes: tuple[Bye, ...]

    @property
    def identical(self) -> bool:
        return (self.published, _players(self.published_byes)) == (self.proposed, _players(self.proposed_byes))

    @property
    def changed_boards(self) -> list[int]:
        """Board numbers whose players or sides differ."""
        longest = max(len(self.published), len(self.proposed))
        return [
            b + 1
            for b in range(longest)
            if b >= len(self.published) or b >= len(self.proposed) or self.published[b] != self.proposed[b]
        ]


def _players(byes: tuple[Bye, ...]) -> tuple[tuple[int, str], ...]:
    return tuple(sorted((b.player, b.kind.value) for b in byes))


def pairing_difference(state: TournamentState, round_number: int, proposal: PairingOutcome) -> PairingDifference:
    view = state.rounds[round_number]
    engine_byes = tuple(b for b in view.byes if b.kind.value == "pairing-allocated")
    return PairingDifference(
        round=round_number,
        published=tuple(view.boards),
        proposed=proposal.boards,
        published_byes=engine_byes,
        proposed_byes=proposal.byes,
    )


@frozen
class Reproduction:
    round: int
    engine: str
    recorded_version: str
    current_version: str
    digest_matches: bool
    difference: PairingDifference


def reproduce(now: TournamentState, as_recorded: TournamentState, round_number: int) -> Reproduction:
    """Re-run the round's recorded engine on the input rebuilt from its recorded log position."""
    view = now.rounds.get(round_number)
    if view is None or not view.paired:
        raise UnknownRound(f"round {round_number} has no published pairing to reproduce")
    if view.engine == "manual":
        raise UnknownRound(f"round {round_number} was paired by hand; there is no engine run to reproduce")
    request = recorded_input(as_recorded, view)
    engine = engine_for(view.engine)
    outcome = engine.pair(request)
    return Reproduction(
        round=round_number,
        engine=view.engine,
        recorded_version=view.engine_version,
        current_version=engine.version,
        digest_matches=input_digest(request) == view.input_digest,
        difference=pairing_difference(now, round_number, outcome),
    )
