"""Double elimination (upper and lower brackets): IBF Pairing Rules 1.6 and 3.2. System name ``double-elimination``.

3.2: "The number of participants in a double-elimination pairing must be a power of two ... If the number
of players is different, the competition bracket is filled with virtual opponents until the nearest power
of two is reached. A player who draws a virtual opponent in the 1st round advances to the 2nd round,
receiving 1 point without playing."

3.2.1-3.2.6: "All players begin the competition in the upper bracket." "The pairing for players is
conducted once before the 1st round of the upper bracket, after which the tournament bracket for
subsequent rounds becomes fixed." "Winners of the first round advance to the second round of the upper
bracket. Losers move to the lower bracket." "Competition in the lower bracket begins from the second
round." "Starting from the second round, matches are played simultaneously in both brackets. 1) A winner
in the upper bracket advances to the next round within the same bracket. 2) A loser in the upper bracket
moves to the next round in the lower bracket. 3) A winner in the lower bracket advances to the next round
within the same bracket. 4) A loser in the lower bracket is eliminated from the competition." "Re-entry
into the competition is not permitted."

3.2.7: "A final round, which may also be called a "superfinal" (in which case the last matches in each
bracket are called the "finals"), is held between the winners of both brackets. If the winner of the upper
bracket loses in the final, an additional match between the finalists is permitted. The condition for
holding an additional match is determined by the competition regulations."

The layout (docs/research/tsh-backgammon-brackets.md §3.4, O2) is in `pairing.ibf.brackets.double_elimination_layout`;
a match is played in the tournament round after the later of the matches that feed it, so both brackets play in the
same rounds while the upper bracket lasts and the lower bracket then needs its own rounds.

Options: ``draw`` (as in 3.1), ``superfinal_extra`` (``yes``, the default, O3: the additional match when
the upper-bracket winner loses the superfinal; ``no``), ``lower_order`` (``conventional``, the default,
the published tables; ``delay``, which for 16 players delays a possible rematch one lower round more).
Places: 1 and 2 from the superfinal (or its additional match), 3 the loser of the lower-bracket final,
then the players eliminated in each earlier lower round sharing their places.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from pairing.ibf.brackets import (
    BracketView,
    FeedKind,
    Layout,
    MatchState,
    Result,
    SlotKind,
    Stage,
    double_elimination_layout,
    evaluate,
    pair_session,
    seeding,
    views,
)
from pairing.ibf.common import Place, option_choice, option_yes, shared_places
from pairing.model import Decision, PairingInput, PairingOutcome

ARTICLE = "3.2"


def layout(request: PairingInput, entrants: int) -> Layout:
    style = option_choice(request, "lower_order", "conventional", ("conventional", "delay"))
    return double_elimination_layout(entrants, option_yes(request, "superfinal_extra", True), style)


def state(request: PairingInput) -> tuple[Layout, tuple[int, ...], tuple[MatchState, ...], list[Decision]]:
    seeds, notes = seeding(request)
    bracket = layout(request, len(seeds))
    extra = any(m.stage is Stage.EXTRA for m in bracket.matches)
    notes.insert(
        0,
        Decision(
            ARTICLE,
            f"{len(seeds)} players, upper bracket of {bracket.size} ({bracket.size - len(seeds)} virtual); "
            f"{bracket.sessions} rounds at most; additional match after the superfinal: "
            + ("if the upper-bracket winner loses it" if extra else "no"),
        ),
    )
    return bracket, seeds, evaluate(bracket, seeds, request.by_number, request.round), notes


def places(states: Sequence[MatchState]) -> tuple[Place, ...]:
    """Superfinal (or additional match) winner 1, loser 2; then by the lower-bracket round of elimination."""
    lower_rounds = max((s.spec.round for s in states if s.spec.stage is Stage.LOWER), default=0)
    keys: dict[int, tuple[float, ...]] = {}
    for s in states:
        players = [x.player for x in (s.top, s.bottom) if x.kind is SlotKind.PLAYER and x.player is not None]
        for p in players:
            keys.setdefault(p, (float("inf"),))
        if s.result is Result.PENDING:
            continue
        if s.spec.stage is Stage.LOWER:
            if s.result is Result.NOT_HELD:
                for p in players:
                    keys[p] = (s.spec.round,)
            elif s.loser.kind is SlotKind.PLAYER and s.loser.player is not None:
                keys[s.loser.player] = (s.spec.round,)
        elif s.spec.stage in (Stage.SUPERFINAL, Stage.EXTRA) and s.result is not Result.NOT_HELD:
            decisive = s.spec.stage is Stage.EXTRA or not _extra_follows(states, s)
            if decisive and s.winner.player is not None and s.loser.player is not None:
                keys[s.winner.player] = (lower_rounds + 2,)
                keys[s.loser.player] = (lower_rounds + 1,)
        elif s.spec.stage is Stage.UPPER and s.result is Result.NOT_HELD:
            for p in players:  # both withdrawn: neither goes on
                keys[p] = (0,)
    return shared_places(keys)


def _extra_follows(states: Sequence[MatchState], superfinal: MatchState) -> bool:
    """Whether the additional match is (or will be) held after this superfinal result."""
    extra = [s for s in states if s.spec.stage is Stage.EXTRA]
    return bool(extra) and extra[0].result is not Result.NOT_HELD


def bracket(request: PairingInput) -> BracketView:
    """Both brackets as data (`pairing.ibf.brackets.BracketView`) as of the histories in `request`."""
    bracket_layout, seeds, states, _ = state(request)
    return views(bracket_layout, seeds, states, places(states))


def earliest_lower_rematch(bracket_layout: Layout) -> int | None:
    """The earliest lower-bracket round in which two players who met in the upper bracket can meet again
    (docs/research/tsh-backgammon-brackets.md §3.4's criterion), or None. The loser of upper match a and the loser of
    upper match b have met iff one of the matches lies on the other's path to the upper final."""
    drops: dict[str, frozenset[str]] = {}
    earliest = None
    for spec in bracket_layout.matches:
        if spec.stage is not Stage.LOWER:
            continue
        sides = []
        for feed in (spec.top, spec.bottom):
            if feed.kind is FeedKind.LOSER:
                sides.append(frozenset({feed.match}))
            else:
                sides.append(drops[feed.match])
        drops[spec.label] = sides[0] | sides[1]
        if any(_on_path(a, b) or _on_path(b, a) for a in sides[0] for b in sides[1]):
            earliest = spec.round if earliest is None else min(earliest, spec.round)
    return earliest


def _on_path(later: str, earlier: str) -> bool:
    """Whether upper match `later` is on the path of the winner of upper match `earlier` ("WB3.1", "WB1.2")."""
    r1, i1 = (int(x) for x in later[2:].split("."))
    r0, i0 = (int(x) for x in earlier[2:].split("."))
    return r1 > r0 and (i0 - 1) >> (r1 - r0) == i1 - 1


class DoubleElimination:
    """The ``double-elimination`` system: IBF Pairing Rules 3.2."""

    name: ClassVar[str] = "double-elimination"
    version: ClassVar[str] = "1.0.0"
    rules_edition: ClassVar[str] = "IBF Pairing Rules, Article 3.2"

    def pair(self, request: PairingInput) -> PairingOutcome:
        """The matches of both brackets due in tournament round `request.round`."""
        _, _, states, notes = state(request)
        names = sorted({s.spec.round_name for s in states if s.spec.session == request.round})
        if names:
            notes.append(Decision("3.2.5", f"round {request.round}: {', '.join(names)}"))
        return pair_session(request, states, ARTICLE, notes)
