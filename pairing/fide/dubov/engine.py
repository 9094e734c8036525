"""Dubov System, Article 1.8 (Round-Pairing Outlook): the pairing of a round, bracket by bracket.

1.8.2: "The pairing process starts with the assignment of the pairing-allocated-bye (see Article 2.1)
and continues with the pairing of all the scoregroups (see Article 2.2), in descending order of score,
until the round-pairing is complete". Each bracket keeps the rest of the round completable ([C4]), so
the last bracket always closes; 1.8.3 ("the arbiter shall decide") becomes `NoValidPairing`.
"""

from __future__ import annotations

from attrs import frozen

from pairing.fide.common.bye import ByeOrder, assign_pab
from pairing.fide.common.legal_pairs import LegalPairs
from pairing.fide.dubov.colours import allocate_colours, initial_colour
from pairing.fide.dubov.criteria import BracketQuality, pair_verdicts, quality_verdicts
from pairing.fide.dubov.definitions import Contender, contenders
from pairing.fide.dubov.subgroups import pair_bracket
from pairing.fide.dubov.upfloaters import choose_upfloaters
from pairing.model import Board, Bye, ByeKind, Decision, PairingInput, PairingOutcome, PlayerStatus


@frozen
class BracketTrace:
    """What was decided for one bracket, by player numbers (the data behind the explanation)."""

    score: float
    residents: tuple[int, ...]
    possible_upfloaters: tuple[int, ...]
    """4.2.1-4.2.2: the players below, by sequence number."""
    upfloaters: tuple[int, ...]
    quality: BracketQuality
    g1: tuple[int, ...]
    g2: tuple[int, ...]
    unavoidable_pairs: int
    first_shift: tuple[int, ...]
    second_shift: tuple[int, ...]
    s1: tuple[int, ...]
    t2: tuple[int, ...]
    sets_checked: int
    method: str

    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        return tuple(zip(self.s1, self.t2, strict=True))


@frozen
class RoundTrace:
    bye: int | None
    brackets: tuple[BracketTrace, ...]


BYE_ORDER: ByeOrder[Contender] = ByeOrder(
    key=lambda p: (p.score, -p.games, -p.tpn, -p.number), position=lambda p: f"pairing number {p.tpn}"
)
"""2.1.3-2.1.5: lowest score, then most games played, then lowest position in the initial ranking (1.2)."""


def is_last_round(request: PairingInput) -> bool:
    """C8-C10 apply "Unless it is the last round"."""
    return request.round >= request.total_rounds


def pair_with_trace(request: PairingInput) -> tuple[PairingOutcome, RoundTrace]:
    """Pair `request.round`; also return the per-bracket trace."""
    players, explanation = contenders(request)
    absent = sorted(p.number for p in request.players if p.status is not PlayerStatus.ACTIVE)
    if absent:
        explanation.append(Decision("1.8", f"not to be paired this round (absent or withdrawn): {absent}"))
    if not players:
        explanation.append(Decision("1.8", "nobody to pair"))
        return PairingOutcome(boards=(), explanation=tuple(explanation)), RoundTrace(None, ())
    graph = LegalPairs(players)
    last_round = is_last_round(request)
    bye = assign_pab(players, graph, BYE_ORDER)
    explanation += bye.decisions
    remaining = [p for p in players if bye.player is None or p.number != bye.player.number]
    mate = bye.rest
    pairs: list[tuple[Contender, Contender]] = []
    traces: list[BracketTrace] = []
    for score in sorted({p.score for p in remaining}, reverse=True):
        residents = [p for p in remaining if p.score == score]
        if not residents:
            continue
        lower = [p for p in remaining if p.score < score]
        explanation.append(Decision("2.2", f"bracket of score {score:g}: residents {_numbers(residents)}"))
        choice = choose_upfloaters(residents, lower, graph, mate, last_round)
        explanation += choice.decisions
        bracket = pair_bracket([*residents, *choice.upfloaters], graph)
        explanation += bracket.decisions
        quality = choice.quality
        explanation += quality_verdicts(quality, last_round)
        pairs += bracket.pairs
        mate = choice.rest
        paired = {p.number for p in bracket.s1} | {p.number for p in bracket.t2}
        remaining = [p for p in remaining if p.number not in paired]
        traces.append(
            BracketTrace(
                score=score,
                residents=tuple(p.number for p in residents),
                possible_upfloaters=tuple(p.number for p in lower),
                upfloaters=tuple(p.number for p in choice.upfloaters),
                quality=quality,
                g1=tuple(p.number for p in bracket.g1),
                g2=tuple(p.number for p in bracket.g2),
                unavoidable_pairs=bracket.unavoidable_pairs,
                first_shift=tuple(p.number for p in bracket.first_shift),
                second_shift=tuple(p.number for p in bracket.second_shift),
                s1=tuple(p.number for p in bracket.s1),
                t2=tuple(p.number for p in bracket.t2),
                sets_checked=choice.sets_checked,
                method=choice.method,
            )
        )
    broken = [verdict.text for a, b in pairs for verdict in pair_verdicts(a, b) if not verdict.satisfied]
    if broken:  # the searches guarantee C1 and C3; this re-reads every board against the criteria themselves
        raise RuntimeError(f"internal: a board breaks an absolute criterion: {broken[0]}")
    colour = initial_colour(request)
    boards = []
    for a, b in sorted(pairs, key=board_order_key):
        white, black, article = allocate_colours(a, b, colour)
        boards.append(Board(white.number, black.number))
        explanation.append(Decision(article, f"board {len(boards)}: {white.number} White, {black.number} Black"))
    byes = ()
    if bye.player is not None:
        byes = (Bye(bye.player.number, ByeKind.PAIRING_ALLOCATED, request.scoring.pairing_allocated_bye),)
    outcome = PairingOutcome(boards=tuple(boards), byes=byes, explanation=tuple(explanation))
    return outcome, RoundTrace(bye.player.number if bye.player else None, tuple(traces))


def board_order_key(pair: tuple[Contender, Contender]) -> tuple[float, float, int]:
    """C.04.2 (recommended board order): the score of the pair's higher ranked player, then the sum of
    both scores, then the higher ranked player's position in the initial ranking."""
    a, b = pair
    top = a if a.ranks_above(b) else b
    return (-top.score, -(a.score + b.score), top.tpn)


def _numbers(players: list[Contender]) -> str:
    return "{" + ", ".join(str(p.number) for p in players) + "}"
