"""The pairing and tie-break checker behind ``arbiter-pair -c`` (docs/fide-mode.md, "Checker and
generator"): every round of a TRF re-paired by the engine from the rounds before it and compared
with the file's pairing, the absolute criteria the file's pairing breaks named, and the final ranks
compared with the file's tie-break list (`pairing.trf.standings`).

A round "differs" when its pairs differ (colours aside, as bbpPairings' checker compares them); a
round whose pairs agree but whose colours do not is reported apart, board by board. The
absolute criteria read are those every FIDE Swiss system shares (C.04.1, C.04.2): [C1] no rematch and
no forbidden pair, [C2] the pairing-allocated bye only to an eligible player, [C3] no two players with
the same absolute colour preference (outside the last round, where the Dutch system allows it for
topscorers), and a player who asked for a bye is not paired. A differing round that breaks none of
them is one where the engine's pairing is better by the system's quality criteria.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from attrs import frozen

from pairing.criteria.basic_rules import Strength, colour_preference, eligible_for_pab, played_opponents, played_sides
from pairing.model import Board, Entrant, NoValidPairing, PairingInput, PairingOutcome, PlayerStatus, Side
from pairing.trf.convert import last_paired_round, outcome_from_round, to_pairing_input
from pairing.trf.document import TrfDocument

Engine = Callable[[PairingInput], PairingOutcome]


@frozen
class RoundCheck:
    """One round re-paired: the engine's pairing (None: no valid pairing exists), the file's, and the
    absolute criteria the file's pairing breaks."""

    round: int
    engine: PairingOutcome | None
    tournament: PairingOutcome
    breaches: tuple[str, ...]

    @property
    def differs(self) -> bool:
        return self.engine is None or pairs(self.engine) != pairs(self.tournament)

    @property
    def colours_differ(self) -> tuple[tuple[int, int], ...]:
        """The file's boards (White, Black) that the engine pairs too but with the colours the other way
        round (the system's Article 5), when the pairs are the same."""
        if self.differs or self.engine is None:
            return ()
        engine = {(b.first, b.second) for b in self.engine.boards}
        return tuple((b.first, b.second) for b in self.tournament.boards if (b.first, b.second) not in engine)


def check_rounds(document: TrfDocument, engine: Engine) -> Iterator[RoundCheck]:
    """Rounds 1..k of the file, each re-paired from the rounds before it. As in bbpPairings, a file
    without ``142``/``XXR`` is taken to have as many rounds as it has played."""
    played = last_paired_round(document)
    total = document.total_rounds or played
    for round_number in range(1, played + 1):
        request = to_pairing_input(document, round_number, total_rounds=total)
        recorded = outcome_from_round(document, round_number, request.scoring)
        try:
            paired: PairingOutcome | None = engine(request)
        except NoValidPairing:
            paired = None
        yield RoundCheck(round_number, paired, recorded, tuple(breaches(request, recorded)))


def pairs(outcome: PairingOutcome) -> list[tuple[int, int]]:
    """The pairs of a round, sides ignored, the bye as (player, 0)."""
    boards = sorted(tuple(sorted((b.first, b.second))) for b in outcome.boards)
    return [*boards, *sorted((b.player, 0) for b in outcome.byes)]


def breaches(request: PairingInput, outcome: PairingOutcome) -> Iterator[str]:
    """The absolute criteria that `outcome`, a pairing of `request`'s round, breaks, in words."""
    players = {p.number: p for p in request.players}
    forbidden = {frozenset(pair) for pair in request.forbidden_pairs}
    last_round = request.round == request.total_rounds
    for board in outcome.boards:
        first, second = players[board.first], players[board.second]
        for player in (first, second):
            if player.status is PlayerStatus.ABSENT:
                yield f"{player.number} asked for a bye in round {request.round} but is paired ({_board(board)})"
        if second.number in played_opponents(first):
            met = next(r.round for r in first.history if r.opponent == second.number and r.played)
            yield f"[C1] {_board(board)}: {first.number} and {second.number} met in round {met}"
        if frozenset((first.number, second.number)) in forbidden:
            yield f"[C1] {_board(board)}: {first.number} and {second.number} may not meet (a forbidden pair)"
        colour = _absolute_colour(first)
        if not last_round and colour is not None and colour is _absolute_colour(second):
            side = "White" if colour is Side.FIRST else "Black"
            yield f"[C3] {_board(board)}: both have an absolute colour preference for {side}"
    for bye in outcome.byes:
        if not eligible_for_pab(players[bye.player], request.scoring):
            yield (
                f"[C2] the pairing-allocated bye goes to {bye.player}, who already had one or scored a win's "
                "points without playing"
            )


def _absolute_colour(player: Entrant) -> Side | None:
    preference = colour_preference(played_sides(player.history))
    return preference.colour if preference.strength is Strength.ABSOLUTE else None


def _board(board: Board) -> str:
    return f"{board.first}-{board.second}"
