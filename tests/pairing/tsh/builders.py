"""Builders for the tsh engine tests: players, games, byes, requests, and a small event simulator."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

from attrs import evolve
from hypothesis import strategies as st

from pairing.model import (
    ByeKind,
    Engine,
    Entrant,
    Outcome,
    PairingInput,
    PairingOutcome,
    PlayerStatus,
    RoundRecord,
    Side,
)
from tests import builders
from tests.builders import entrant

OTHER = {Outcome.WIN: Outcome.LOSS, Outcome.LOSS: Outcome.WIN, Outcome.DRAW: Outcome.DRAW}
POINTS = {Outcome.WIN: 1.0, Outcome.DRAW: 0.5, Outcome.LOSS: 0.0}


def player(
    number: int,
    history: Iterable[RoundRecord] = (),
    *,
    rating: int | None = None,
    name: str = "",
    status: PlayerStatus = PlayerStatus.ACTIVE,
    team: str = "",
) -> Entrant:
    """Player `number`, rated so that the pretournament order is by number (1 best)."""
    rating = 2000 - 10 * number if rating is None else rating
    return entrant(number, *history, rating=rating, name=name, status=status, team=team)


def game(
    round_number: int, opponent: int, mine: int | None, theirs: int | None, side: Side | None = None
) -> RoundRecord:
    """A game with both scores (None: no result yet)."""
    if mine is None or theirs is None:
        outcome = None
    else:
        outcome = Outcome.WIN if mine > theirs else Outcome.LOSS if mine < theirs else Outcome.DRAW
    return RoundRecord(
        round=round_number,
        opponent=opponent,
        side=side,
        outcome=outcome,
        points=0.0 if outcome is None else POINTS[outcome],
        played=True,
        score_for=mine,
        score_against=theirs,
    )


def bye(round_number: int, spread: int = 50) -> RoundRecord:
    """A bye scored as tsh scores one: a positive spread is a win."""
    return RoundRecord(
        round=round_number,
        opponent=None,
        side=None,
        outcome=Outcome.WIN if spread > 0 else Outcome.LOSS if spread < 0 else None,
        points=1.0 if spread > 0 else 0.0,
        played=False,
        bye=ByeKind.PAIRING_ALLOCATED,
        score_for=spread,
        score_against=0,
    )


def request(
    players: Sequence[Entrant], round_number: int, total_rounds: int = 10, seed: int = 7, **options: str
) -> PairingInput:
    return builders.request("tsh", players, round_number, total_rounds=total_rounds, seed=seed, options=options)


def pairs(outcome: PairingOutcome) -> set[frozenset[int]]:
    return {frozenset((b.first, b.second)) for b in outcome.boards}


def seated(outcome: PairingOutcome) -> list[int]:
    return [p for b in outcome.boards for p in (b.first, b.second)] + [b.player for b in outcome.byes]


Scorer = Callable[[int, int, random.Random], tuple[int, int]]


def random_scores(first: int, second: int, rng: random.Random) -> tuple[int, int]:
    return rng.randint(280, 520), rng.randint(280, 520)


def record_round(players: Sequence[Entrant], outcome: PairingOutcome, round_number: int, scores: dict) -> list[Entrant]:
    """Players with `round_number` added to their histories; `scores[(first, second)]` = (s1, s2)."""
    added: dict[int, RoundRecord] = {}
    for board in outcome.boards:
        s1, s2 = scores[board.first, board.second]
        added[board.first] = game(round_number, board.second, s1, s2, Side.FIRST)
        added[board.second] = game(round_number, board.first, s2, s1, Side.SECOND)
    for b in outcome.byes:
        added[b.player] = bye(round_number)
    result = []
    for p in players:
        record = added.get(p.number) or RoundRecord(
            round=round_number, opponent=None, side=None, outcome=None, points=0.0, played=False
        )
        result.append(evolve(p, history=(*p.history, record)))
    return result


def simulate(
    engine: Engine,
    players: Sequence[Entrant],
    count: int,
    total_rounds: int | None = None,
    seed: int = 1,
    scorer: Scorer = random_scores,
    **options: str,
) -> tuple[list[Entrant], list[PairingOutcome]]:
    """Pair and play `count` rounds with random scores; the players after them and every outcome."""
    rng = random.Random(seed)
    current = list(players)
    outcomes = []
    for number in range(1, count + 1):
        outcome = engine.pair(request(current, number, total_rounds or count, seed + number, **options))
        outcomes.append(outcome)
        scores = {(b.first, b.second): scorer(b.first, b.second, rng) for b in outcome.boards}
        current = record_round(current, outcome, number, scores)
    return current, outcomes


def record(wins: int, losses: int, spread: int) -> list[RoundRecord]:
    """wins + losses games against players outside the field (numbers 1000 and up), with this total
    spread: each win +1, each loss -1, and the rest on the first win (or the first loss if negative)."""
    margins = [1] * wins + [-1] * losses
    extra = spread - (wins - losses)
    if extra >= 0 and wins:
        margins[0] += extra
    elif extra < 0 and losses:
        margins[wins] += extra
    elif extra:
        raise ValueError(f"no game can carry a spread of {spread} with {wins} win(s) and {losses} loss(es)")
    return [game(r, 1000 + r, 400 + margin, 400) for r, margin in enumerate(margins, 1)]


def decision_for(outcome: PairingOutcome, a: int, b: int):
    """The explanation line of the board where a meets b."""
    for number, board in enumerate(outcome.boards, 1):
        if {board.first, board.second} == {a, b}:
            return next(d for d in outcome.explanation if d.text.startswith(f"board {number}:"))
    raise AssertionError(f"{a} and {b} do not meet")


@st.composite
def played_fields(draw, fewest_rounds: int = 1, most_rounds: int = 5):
    """A field of 2 to 12 after `fewest_rounds` to `most_rounds` rounds of random pairings (repeats 9), the
    next round, and a repeats limit (0 to 2)."""
    from pairing.tsh.randompair import RandomPair

    size = draw(st.integers(2, 12))
    rounds = draw(st.integers(fewest_rounds, most_rounds))
    seed = draw(st.integers(0, 10_000))
    players, _ = simulate(RandomPair(), [player(n) for n in range(1, size + 1)], rounds, seed=seed, repeats="9")
    return players, rounds + 1, draw(st.integers(0, 2))
