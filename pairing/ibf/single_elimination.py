"""Single elimination (knockout after the first loss): IBF Pairing Rules 1.5, 3.1. System ``single-elimination``.

3.1.1: "The number of players in a single-elimination bracket must be a power of two (2, 4, 8, 16, 32, and
so on). If a smaller number of players is participating, the competition bracket is filled with virtual
players up to the nearest power of two. A player who is paired against a virtual opponent in the first
round advances to the second round and is awarded 1 point without playing."

3.1.2: "The pairing of players is conducted once before the first round, after which the tournament
bracket for all subsequent rounds becomes fixed."

3.1.3: "The binary logarithm of the number of players determines the number of match rounds ... 1) In
each round, players are paired to compete against each other. 2) From each pair, the winner advances to
the next round, while the loser is eliminated from the competition. 3) The player who wins the final
round becomes the champion of the competition, and their last opponent receives second place. If the
competition rules (regulations) require the determination of third place, an additional match is held
between the two players who lost in the two semi-finals."

Tournament round r plays bracket round r (the third-place match with the final). Options: ``draw``
(``seeded``, the default: by pairing number; ``random``: drawn with ``draw_seed``), ``third_place``
(``yes``/``no``, default no; O4). Places (`places`): by the round of elimination, shared within a round
("5-8"); the semi-final losers share 3-4 unless the third-place match decides.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from pairing.ibf.brackets import (
    BracketView,
    Layout,
    MatchState,
    Result,
    SlotKind,
    Stage,
    evaluate,
    pair_session,
    seeding,
    single_elimination_layout,
    views,
)
from pairing.ibf.common import Place, option_yes, shared_places
from pairing.model import Decision, PairingInput, PairingOutcome

ARTICLE = "3.1"


def layout(request: PairingInput, entrants: int) -> Layout:
    return single_elimination_layout(entrants, third_place=option_yes(request, "third_place", False))


def state(request: PairingInput) -> tuple[Layout, tuple[int, ...], tuple[MatchState, ...], list[Decision]]:
    """The fixed bracket and its state before `request.round`."""
    seeds, notes = seeding(request)
    bracket = layout(request, len(seeds))
    virtual = bracket.size - len(seeds)
    notes.insert(
        0,
        Decision(
            "3.1.1",
            f"{len(seeds)} players in a bracket of {bracket.size}: {virtual} virtual player(s) at seeds "
            f"{len(seeds) + 1}-{bracket.size}"
            if virtual
            else f"{len(seeds)} players: a full bracket of {bracket.size}",
        ),
    )
    return bracket, seeds, evaluate(bracket, seeds, request.by_number, request.round), notes


def places(states: Sequence[MatchState], rounds: int) -> tuple[Place, ...]:
    """3.1.3: the champion, the last opponent second, the third-place match or the semi-final losers
    sharing 3-4, then the players eliminated in each earlier round sharing their places. A player's last
    match decides (so a re-entrant's first loss does not count, 3.3)."""
    last: dict[int, MatchState] = {}
    for s in sorted(states, key=lambda s: s.spec.session):
        for slot in (s.top, s.bottom):
            if slot.kind is SlotKind.PLAYER and slot.player is not None:
                last[slot.player] = s
    keys: dict[int, tuple[float, ...]] = {}
    for player, s in last.items():
        if s.result is Result.PENDING:
            keys[player] = (rounds - 1, 0) if s.spec.stage is Stage.THIRD_PLACE else (float("inf"), 0)
        elif s.spec.stage is Stage.THIRD_PLACE:
            keys[player] = (rounds - 1, 1 if s.winner.player == player else 0)
        elif s.winner.player == player:
            keys[player] = (rounds + 1, 0) if s.spec.round == rounds else (float("inf"), 0)
        else:
            keys[player] = (s.spec.round, 0)
    return shared_places(keys)


def bracket(request: PairingInput) -> BracketView:
    """The bracket as data (`pairing.ibf.brackets.BracketView`) as of the histories in `request`."""
    bracket_layout, seeds, states, _ = state(request)
    return views(bracket_layout, seeds, states, places(states, bracket_layout.size.bit_length() - 1))


class SingleElimination:
    """The ``single-elimination`` system: IBF Pairing Rules 3.1."""

    name: ClassVar[str] = "single-elimination"
    version: ClassVar[str] = "1.0.0"
    rules_edition: ClassVar[str] = "IBF Pairing Rules, Article 3.1"

    def pair(self, request: PairingInput) -> PairingOutcome:
        """The matches of bracket round `request.round`."""
        bracket_layout, _, states, notes = state(request)
        rounds = bracket_layout.size.bit_length() - 1
        if request.round <= rounds:
            name = next(s.spec.round_name for s in states if s.spec.session == request.round)
            notes.append(Decision("3.1.3", f"round {request.round} of {rounds}: {name}"))
        return pair_session(request, states, ARTICLE, notes)
