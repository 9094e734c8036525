"""Burstein System, Article 1.8 (Round-Pairing Outlook): the pairing of a round after the seeding rounds.

1.8.2: "The pairing process starts with the assignment of the pairing-allocated-bye (see Article 2.1) and
continues by pairing the top scoregroup, and then bracket by bracket until all the scoregroups, in
descending order, have been used and the round-pairing is complete". Every bracket keeps the rest of the
round completable ([C4]); 1.8.3 ("the arbiter shall decide what to do") is `NoValidPairing`.
"""

from __future__ import annotations

from attrs import frozen

from pairing.fide.burstein.bracket import BracketQuality, pair_bracket
from pairing.fide.burstein.colours import allocate_colours, initial_colour
from pairing.fide.burstein.definitions import Contender, compatible, contenders
from pairing.fide.common.bye import ByeOrder, assign_pab
from pairing.fide.common.legal_pairs import LegalPairs
from pairing.model import Board, Bye, ByeKind, Decision, PairingInput, PairingOutcome, PlayerStatus


@frozen
class BracketTrace:
    """What was decided for one bracket, by player numbers (the data behind the explanation)."""

    score: float
    bracket: tuple[int, ...]
    """The players by BSN (4.1): bracket[0] has BSN 1."""
    incoming: tuple[int, ...]
    lower: tuple[int, ...]
    """Every player still unpaired below the bracket, in 1.7 order."""
    pairs: tuple[tuple[int, int], ...]
    floaters: tuple[int, ...]
    quality: BracketQuality
    method: str


@frozen
class RoundTrace:
    bye: int | None
    brackets: tuple[BracketTrace, ...]
    ranking: tuple[int, ...]
    """Every player to pair in the 1.7 order."""


BYE_ORDER: ByeOrder[Contender] = ByeOrder(
    key=lambda p: (p.score, -p.games, -p.rank),
    position=lambda p: f"1.7 rank {p.rank + 1} (Buchholz {p.buchholz:g}, Sonneborn-Berger {p.sonneborn_berger:g})",
)
"""2.1.3-2.1.5: lowest score, most games played, lowest 1.7 ranking."""


def pair_after_seeding(request: PairingInput) -> tuple[PairingOutcome, RoundTrace]:
    """Pair a round after the seeding rounds (1.8); also return the per-bracket trace."""
    players = contenders(request)
    explanation: list[Decision] = []
    absent = sorted(p.number for p in request.players if p.status is not PlayerStatus.ACTIVE)
    if absent:
        explanation.append(Decision("1.8", f"not to be paired this round (absent or withdrawn): {absent}"))
    if not players:
        explanation.append(Decision("1.8", "nobody to pair"))
        return PairingOutcome(boards=(), explanation=tuple(explanation)), RoundTrace(None, (), ())
    graph = LegalPairs(players)
    bye = assign_pab(players, graph, BYE_ORDER)
    explanation += bye.decisions
    remaining = [p for p in players if bye.player is None or p.number != bye.player.number]
    pairs: list[tuple[Contender, Contender]] = []
    traces: list[BracketTrace] = []
    floaters: list[Contender] = []
    for score in sorted({p.score for p in remaining}, reverse=True):
        residents = [p for p in remaining if p.score == score]
        bracket = sorted([*floaters, *residents], key=lambda c: c.rank)
        incoming = {c.number for c in floaters}
        lower = [p for p in remaining if p.score < score]
        result = pair_bracket(bracket, incoming, lower, graph)
        explanation += result.decisions
        pairs += result.pairs
        floaters = list(result.floaters)
        traces.append(
            BracketTrace(
                score=score,
                bracket=tuple(c.number for c in bracket),
                incoming=tuple(c.number for c in bracket if c.number in incoming),
                lower=tuple(c.number for c in lower),
                pairs=tuple((a.number, b.number) for a, b in result.pairs),
                floaters=tuple(c.number for c in floaters),
                quality=result.quality,
                method=result.method,
            )
        )
        remaining = lower
    if floaters or any(not compatible(a, b) for a, b in pairs):  # guaranteed by C4; re-read as a safeguard
        raise RuntimeError("internal: the round-pairing is not complete or breaks C1/C3")
    colour = initial_colour(request)
    boards = []
    for a, b in sorted(pairs, key=board_order_key):
        white, black, article = allocate_colours(a, b, colour)
        boards.append(Board(white.number, black.number))
        explanation.append(Decision(article, f"board {len(boards)}: {white.number} White, {black.number} Black"))
    byes: tuple[Bye, ...] = ()
    if bye.player is not None:
        byes = (Bye(bye.player.number, ByeKind.PAIRING_ALLOCATED, request.scoring.pairing_allocated_bye),)
    outcome = PairingOutcome(boards=tuple(boards), byes=byes, explanation=tuple(explanation))
    return outcome, RoundTrace(
        bye.player.number if bye.player else None, tuple(traces), tuple(p.number for p in players)
    )


def board_order_key(pair: tuple[Contender, Contender]) -> tuple[float, float, int]:
    """C.04.2 3.6 (recommended board order, docs/research/fide/02-C0402-general-handling-rules.md): the score
    of the higher-ranked player of the pair, then the sum of both scores, then the pairing number (TPN) of
    the higher-ranked player. The 1.7 ranking order leaves scores out ("for pairings purposes only"), so
    the higher-ranked is C.04.2's: the higher score, then the smaller TPN."""
    a, b = pair
    top = min(pair, key=lambda player: (-player.score, player.tpn))
    return (-top.score, -(a.score + b.score), top.tpn)
