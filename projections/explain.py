"""What an engine saw when it paired a round, rebuilt from the log position its `Round.Paired` recorded,
and whether that input still has the recorded digest (docs/design.md, "Reproducible pairings":
"so the pairing can be reproduced and checked later")."""

from __future__ import annotations

from attrs import evolve, frozen

from ledger.digest import input_digest
from ledger.errors import UnknownRound
from pairing.model import Decision, PairingInput
from projections.history import pairing_input
from projections.state import RoundView, TournamentState


@frozen
class RoundExplanation:
    round: int
    revision: int
    engine: str
    engine_version: str
    input_position: int
    paired_at: int
    recorded_digest: str
    request: PairingInput
    decisions: tuple[Decision, ...]

    @property
    def digest_matches(self) -> bool:
        return input_digest(self.request) == self.recorded_digest


def recorded_input(as_recorded: TournamentState, view: RoundView) -> PairingInput:
    """The engine's input rebuilt from the round's recorded log position, with the options recorded
    with the pairing (they include any given for that round only)."""
    request = pairing_input(as_recorded, view.number)
    return evolve(request, options=tuple(sorted(view.options.items()))) if view.options else request


def explain_round(now: TournamentState, as_recorded: TournamentState, round_number: int) -> RoundExplanation:
    """`now` gives the round's published pairing; `as_recorded` is the state at its input position."""
    view: RoundView | None = now.rounds.get(round_number)
    if view is None or not view.paired:
        raise UnknownRound(f"round {round_number} has no published pairing to explain")
    return RoundExplanation(
        round=round_number,
        revision=view.revision,
        engine=view.engine,
        engine_version=view.engine_version,
        input_position=view.input_position,
        paired_at=view.paired_at,
        recorded_digest=view.input_digest,
        request=recorded_input(as_recorded, view),
        decisions=tuple(Decision(article, text, satisfied) for article, text, satisfied in view.explanation),
    )
