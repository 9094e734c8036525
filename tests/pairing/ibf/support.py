"""Helpers for the IBF engine tests: entrants, records, and playing rounds through an engine."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from attrs import evolve

from pairing.cardinality import maximum_matching
from pairing.model import (
    Board,
    ByeKind,
    Engine,
    Entrant,
    NoValidPairing,
    PairingInput,
    PairingOutcome,
    PlayerStatus,
    RoundRecord,
    Scoring,
    Side,
)
from tests import builders
from tests.builders import bye, entrant


def game(round_number: int, opponent: int, won: bool, side: Side = Side.FIRST, played: bool = True) -> RoundRecord:
    """A match record: won or lost against `opponent` (a walkover if not `played`)."""
    return builders.game(round_number, opponent, side if played else None, 1.0 if won else 0.0, played)


def request(system: str, players: Iterable[Entrant], round_number: int = 1, **given: Any) -> PairingInput:
    """`tests.builders.request` with backgammon's scoring (a match is won or lost: no draws)."""
    return builders.request(system, players, round_number, scoring=Scoring(draw=0.0), **given)


def idle(round_number: int) -> RoundRecord:
    return RoundRecord(round=round_number, opponent=None, side=None, outcome=None, points=0.0, played=False)


def with_history(
    players: Mapping[int, Entrant], round_number: int, outcome: PairingOutcome, first_wins: Callable[[Board], bool]
) -> dict[int, Entrant]:
    """Everyone's history extended by round `round_number` as paired in `outcome`, results from `first_wins`."""
    records: dict[int, RoundRecord] = {}
    for board in outcome.boards:
        won = first_wins(board)
        records[board.first] = game(round_number, board.second, won, Side.FIRST)
        records[board.second] = game(round_number, board.first, not won, Side.SECOND)
    for given in outcome.byes:
        records[given.player] = bye(round_number, given.kind, given.points)
    updated = {}
    for number, player in players.items():
        record = records.get(number, idle(round_number))
        history = (*player.history, record)
        updated[number] = evolve(player, history=history, score=player.score + record.points)
    return updated


def play(
    engine: Engine,
    players: Iterable[Entrant],
    rounds: int,
    first_wins: Callable[[int, Board], bool],
    *,
    system: str = "",
    options: Mapping[str, str] | None = None,
    status: Callable[[int, Entrant], PlayerStatus] | None = None,
    stop: Callable[[PairingInput], bool] | None = None,
) -> list[tuple[PairingInput, PairingOutcome]]:
    """Pair and play `rounds` rounds; every request with its outcome. `first_wins(round, board)` decides."""
    table = {p.number: p for p in players}
    played = []
    for round_number in range(1, rounds + 1):
        if status is not None:
            table = {n: evolve(p, status=status(round_number, p)) for n, p in table.items()}
        asked = request(system or engine.name, table.values(), round_number, total_rounds=rounds, options=options)
        if stop is not None and stop(asked):
            break
        outcome = engine.pair(asked)
        played.append((asked, outcome))
        table = with_history(table, round_number, outcome, lambda board, r=round_number: first_wins(r, board))
    return played


def seated(outcome: PairingOutcome) -> list[int]:
    """Every player with a board or a bye, with repeats if any."""
    return [p for b in outcome.boards for p in (b.first, b.second)] + [b.player for b in outcome.byes]


def build(
    ratings: Mapping[int, int] | Iterable[int],
    rounds: Iterable[Iterable[tuple[int, int, int] | int]] = (),
    statuses: Mapping[int, PlayerStatus] | None = None,
) -> list[Entrant]:
    """Entrants with consistent histories. `ratings`: number -> rating, or just the numbers (unrated).
    Each round lists matches (top line, bottom line, winner) and, as plain ints, players with a plus."""
    table = dict(ratings) if isinstance(ratings, Mapping) else dict.fromkeys(ratings, 0)
    histories: dict[int, list[RoundRecord]] = {n: [] for n in table}
    for number, matches in enumerate(rounds, 1):
        seen = set()
        for item in matches:
            if isinstance(item, int):
                histories[item].append(bye(number))
                seen.add(item)
                continue
            first, second, winner = item
            histories[first].append(game(number, second, winner == first, Side.FIRST))
            histories[second].append(game(number, first, winner == second, Side.SECOND))
            seen.update((first, second))
        for player in table:
            if player not in seen:
                histories[player].append(idle(number))
    return [
        entrant(n, *histories[n], rating=r, status=(statuses or {}).get(n, PlayerStatus.ACTIVE))
        for n, r in table.items()
    ]


def pairs(outcome: PairingOutcome) -> set[frozenset[int]]:
    return {frozenset((b.first, b.second)) for b in outcome.boards}


def run_to_end(
    engine: Engine,
    players: Iterable[Entrant],
    first_wins: Callable[[int, Board], bool],
    options: Mapping[str, str] | None = None,
    limit: int = 40,
) -> tuple[list[tuple[PairingInput, PairingOutcome]], PairingInput, str]:
    """Pair and play until the engine has nothing left to pair: the rounds, the last request, and why it
    stopped."""
    table = {p.number: p for p in players}
    played = []
    for round_number in range(1, limit + 1):
        asked = request(engine.name, table.values(), round_number, total_rounds=limit, options=options)
        try:
            outcome = engine.pair(asked)
        except NoValidPairing as stop:
            return played, asked, str(stop)
        played.append((asked, outcome))
        table = with_history(table, round_number, outcome, lambda board, r=round_number: first_wins(r, board))
    raise AssertionError(f"{engine.name} still pairing after {limit} rounds")


def check_round(asked: PairingInput, outcome: PairingOutcome, out: frozenset[int] = frozenset()) -> None:
    """Every active player once, at most one plus, absent players recorded as lost, withdrawn left out, and
    no more rematches than the fewest possible for the players paired (2.1). `out`: eliminated players."""
    active = {p.number for p in asked.players if p.status is PlayerStatus.ACTIVE} - out
    absent = {p.number for p in asked.players if p.status is PlayerStatus.ABSENT} - out
    everyone = seated(outcome)
    assert len(everyone) == len(set(everyone))
    assert set(everyone) == active | absent
    assert sum(b.kind is ByeKind.PAIRING_ALLOCATED for b in outcome.byes) <= 1
    met = {frozenset((p.number, r.opponent)) for p in asked.players for r in p.history if r.opponent}
    paired = [p for b in outcome.boards for p in (b.first, b.second)]
    fresh = {p: {q for q in paired if q != p and frozenset((p, q)) not in met} for p in paired}
    fewest = len(paired) // 2 - len(maximum_matching(paired, fresh)) // 2
    rematches = sum(frozenset((b.first, b.second)) in met for b in outcome.boards)
    assert rematches == fewest
