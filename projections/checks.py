"""Checks before pairing: what stands in the way of the next round, or changes it, and what the
engine will do about each (`arbiter check`, and the desk before it pairs).

Every finding is read from the state the engine would read (`projections.history.pairing_input`);
the last check is a dry run of the engine itself, so "this round cannot be paired" is never a guess.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator

from attrs import frozen

from pairing.model import NoValidPairing, PairingInput, PlayerStatus
from pairing.registry import engine_for
from projections.history import pairing_input
from projections.state import TournamentState


class Severity(enum.StrEnum):
    BLOCKS = "blocks"
    """`pair` will refuse until this is dealt with."""
    NOTE = "note"
    """The pairing goes ahead; the arbiter should know."""


@frozen
class Finding:
    severity: Severity
    subject: str
    """What the finding is about: "round 3 board 4", "player 12", "round 4"."""
    message: str
    """What is the matter and what the engine (or `pair`) will do about it."""


def pre_pairing_checks(state: TournamentState, round_number: int | None = None) -> list[Finding]:
    """The findings for `round_number` (default: the round `pair` pairs next), most serious first."""
    number = round_number or state.last_paired_round + 1
    if number > state.total_rounds:
        return [Finding(Severity.BLOCKS, "tournament", f"all {state.total_rounds} rounds are paired")]
    request = pairing_input(state, number)
    findings = [
        *_missing_results(state, number),
        *_by_hand(state, number),
        *_not_paired(state, number),
        *_unrated(request),
        *_dry_run(request),
    ]
    return sorted(findings, key=lambda finding: finding.severity is not Severity.BLOCKS)


def _missing_results(state: TournamentState, number: int) -> Iterator[Finding]:
    previous = state.rounds.get(number - 1)
    if previous is None or not previous.paired:
        return
    for board in previous.missing_results:
        pair = previous.boards[board - 1]
        if board in previous.adjourned:
            yield Finding(
                Severity.NOTE,
                f"round {number - 1} board {board}",
                f"{pair.first}-{pair.second} is adjourned: paired as a draw until its result is entered",
            )
            continue
        yield Finding(
            Severity.BLOCKS,
            f"round {number - 1} board {board}",
            f"{pair.first}-{pair.second} has no result; pairing needs it (or a forced pairing with a reason)",
        )


def _by_hand(state: TournamentState, number: int) -> Iterator[Finding]:
    """Q65: a round being paired by hand is not paired by the engine until that ends."""
    view = state.rounds.get(number)
    if view is not None and view.by_hand:
        yield Finding(
            Severity.BLOCKS,
            f"round {number}",
            "is being paired by hand: the engine pairs it only if that hand pairing is cancelled",
        )


def _not_paired(state: TournamentState, number: int) -> Iterator[Finding]:
    """Players the engine leaves out: withdrawn (or excluded, IBF 4.3) and absent on request."""
    for player in sorted(state.players.values(), key=lambda p: p.number):
        if player.is_withdrawn_for(number):
            yield Finding(
                Severity.NOTE,
                f"player {player.number}",
                f"{player.name} withdrew from round {player.withdrawn_from}: not paired",
            )
    for player_number, kind in sorted(state.requested_byes.get(number, {}).items()):
        name = state.players[player_number].name
        yield Finding(
            Severity.NOTE,
            f"player {player_number}",
            f"{name} asked for a {kind} bye in round {number}: not paired, scores the bye",
        )


def _unrated(request: PairingInput) -> Iterator[Finding]:
    for player in request.players:
        if player.rating == 0 and player.status is PlayerStatus.ACTIVE:
            yield Finding(
                Severity.NOTE,
                f"player {player.number}",
                "has no rating: ranked below every rated player (C.04.2 Art. 2.1: the arbiters may "
                "estimate one, entered as a correction of the player's details)",
            )


def _dry_run(request: PairingInput) -> Iterator[Finding]:
    """Pair the round without recording it: forbidden pairs or rematches that leave no legal pairing
    show here as the engine's own refusal."""
    try:
        engine_for(request.system).pair(request)
    except NoValidPairing as refusal:
        yield Finding(Severity.BLOCKS, f"round {request.round}", f"the engine cannot pair it: {refusal}")
