"""Big legal Swiss histories for the benchmarks and the slow validity test: up to 9,999 players.

    python benchmarks/swiss_histories.py 9999 --played 9 --rounds 11 --seed 1 -o big.trf

`swiss_history(players, played, seed)` plays `played` rounds, each paired greedily by score group:
down the score order (score, then pairing number), each player meets the first player below who is
not a past opponent and with whom a colour allocation is legal, preferring one whose colour
preference is the opposite. Every pairing keeps the basic rules of C.04.1 (docs/research/fide/
01-C0401-basic-rules-swiss.md): [b] no two players meet twice, [c] one pairing-allocated bye at most
per player ([c], [d]: the lowest-ranked player without one, in an odd field), [f] no colour difference beyond
-2..+2, [g] never the same colour three times in a row. Results follow the Elo expectation with 30 %
draws; no forfeits and no absences, so every player is active in every round. Seeded: the same
arguments give the same history, bit for bit.

The history is kept as flat per-round lists (about 10 bytes a player a round), then written as a TRF16
document by the project's TRF writer (`trf_document`, `pairing.trf.format`), or turned into the
engines' `PairingInput` for the next round by the project's TRF reader (`pairing_input`), so a
benchmark and a TRF-reading peer see the same input. `round_violations` checks one round's pairing
against the same basic rules.
"""

from __future__ import annotations

import argparse
import random
import sys
from decimal import Decimal
from pathlib import Path

from attrs import frozen

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pairing.criteria.basic_rules import played_sides
from pairing.model import PairingInput, PairingOutcome, PlayerStatus, Side
from pairing.trf import format as format_trf
from pairing.trf.convert import to_pairing_input
from pairing.trf.document import (
    Colour,
    InitialColourRecord,
    PlayerRecord,
    ResultCode,
    RoundEntry,
    RoundsRecord,
    TournamentRecord,
    TrfDocument,
)

WHITE, BLACK, NO_COLOUR = 1, -1, 0
"""A player's colour in a round as a number: the colour difference (whites minus blacks) it adds."""
WINDOW = 32
"""Players below the one being paired that are tried before the whole rest of the order."""
DRAW_SHARE = 0.3
MAX_COLOUR_DIFFERENCE = 2
"""C.04.1 [f]: the colour difference stays within -2..+2."""


Board = tuple[int, int, int]
"""Two players' indexes and the first one's colour."""


class HistoryError(ValueError):
    """The greedy pairing found no legal partner for a player: too few players for the rounds."""


@frozen
class GameRound:
    """One round for every player, indexed by pairing number - 1: opponent's number (0: the PAB),
    colour (WHITE, BLACK, NO_COLOUR) and points scored, in half points."""

    opponents: list[int]
    colours: list[int]
    half_points: list[int]


@frozen
class SwissHistory:
    ratings: list[int]
    """By pairing number - 1, descending (the initial ranking list)."""
    rounds: list[GameRound]


class _Field:
    """The running state of every player as flat lists: score, colour difference, last two colours,
    past opponents and whether the PAB was had."""

    def __init__(self, ratings: list[int]) -> None:
        count = len(ratings)
        self.ratings = ratings
        self.half_points = [0] * count
        self.difference = [0] * count
        self.last = [NO_COLOUR] * count
        self.before_last = [NO_COLOUR] * count
        self.met: list[set[int]] = [set() for _ in range(count)]
        self.had_pab = [False] * count

    def may_take(self, player: int, colour: int) -> bool:
        """C.04.1 [f] and [g]: `colour` keeps the difference within +-2 and is not a third in a row."""
        if abs(self.difference[player] + colour) > MAX_COLOUR_DIFFERENCE:
            return False
        return not (self.last[player] == colour and self.before_last[player] == colour)

    def preference(self, player: int) -> int:
        """C.04.1 [h]: the colour played fewer times; when balanced, the other of the last one."""
        difference = self.difference[player]
        if difference:
            return BLACK if difference > 0 else WHITE
        return -self.last[player]

    def start_round(self) -> None:
        """Each player's colour for the round as numbers, so that pairing costs list look-ups: the
        one colour the basic rules leave (`forced`, NO_COLOUR when both are legal), the preference."""
        self.forced = [self._forced(p) for p in range(len(self.ratings))]
        self.wants = [self.preference(p) for p in range(len(self.ratings))]

    def _forced(self, player: int) -> int:
        legal = [colour for colour in (WHITE, BLACK) if self.may_take(player, colour)]
        if not legal:
            raise HistoryError(f"player {player + 1} may take neither colour (C.04.1 [f], [g])")
        return legal[0] if len(legal) == 1 else NO_COLOUR

    def allocation(self, a: int, b: int) -> int | None:
        """The colour `a` takes against `b`: a's preference if legal for both, else b's, else None."""
        forced_a, forced_b = self.forced[a], self.forced[b]
        if forced_a and forced_b:
            return forced_a if forced_a == -forced_b else None
        if forced_a or forced_b:
            return forced_a or -forced_b
        return self.wants[a] or -self.wants[b] or WHITE

    def play(self, player: int, colour: int, opponent: int, half_points: int) -> None:
        self.half_points[player] += half_points
        if opponent < 0:
            self.had_pab[player] = True
            return
        self.met[player].add(opponent)
        self.difference[player] += colour
        self.before_last[player], self.last[player] = self.last[player], colour


def swiss_history(players: int, played: int, seed: int = 1) -> SwissHistory:
    """`played` rounds of a Swiss of `players`, paired greedily by score group (see the module)."""
    if not 2 <= players <= 9_999:
        raise ValueError(f"players must be 2 to 9,999 (a TRF start rank has four digits), not {players}")
    rng = random.Random(seed)
    ratings = sorted((rng.randrange(1000, 2800) for _ in range(players)), reverse=True)
    field = _Field(ratings)
    rounds = []
    for _ in range(played):
        rounds.append(_play_round(field, _score_groups_halved(field), rng))
    return SwissHistory(ratings=ratings, rounds=rounds)


def _score_groups_halved(field: _Field) -> list[int]:
    """Players down the score groups, each group's top half interleaved with its bottom half (S1[0],
    S2[0], S1[1], ...), so that the first legal partner below is the Dutch-like one."""
    order = sorted(range(len(field.ratings)), key=lambda p: (-field.half_points[p], p))
    halved: list[int] = []
    start = 0
    while start < len(order):
        score = field.half_points[order[start]]
        end = start
        while end < len(order) and field.half_points[order[end]] == score:
            end += 1
        middle = start + (end - start) // 2
        top, bottom = order[start:middle], order[middle:end]
        halved += [p for pair in zip(top, bottom, strict=False) for p in pair] + bottom[len(top) :]
        start = end
    return halved


def _play_round(field: _Field, order: list[int], rng: random.Random) -> GameRound:
    count = len(field.ratings)
    field.start_round()
    opponents, colours, half_points = [0] * count, [NO_COLOUR] * count, [0] * count
    if count % 2:
        pab = next((p for p in reversed(order) if not field.had_pab[p]), None)
        if pab is None:
            raise HistoryError("every player has had the pairing-allocated bye (C.04.1 [d])")
        order.remove(pab)
        half_points[pab] = 2
    for a, b, colour in _greedy_boards(field, order):
        white, black = (a, b) if colour == WHITE else (b, a)
        score = _game(field.ratings[white], field.ratings[black], rng)
        opponents[white], opponents[black] = black + 1, white + 1
        colours[white], colours[black] = WHITE, BLACK
        half_points[white], half_points[black] = score, 2 - score
    for player in range(count):
        field.play(player, colours[player], opponents[player] - 1, half_points[player])
    return GameRound(opponents=opponents, colours=colours, half_points=half_points)


def _greedy_boards(field: _Field, order: list[int]) -> list[Board]:
    """Boards (a, b, a's colour) down `order`: the first legal partner in the window, one with the
    opposite preference first; then anyone legal further down."""
    waiting = order[::-1]  # popped from the end: the top of the order first
    boards = []
    while waiting:
        a = waiting.pop()
        found = _partner(field, a, waiting, len(waiting) - 1, max(-1, len(waiting) - 1 - WINDOW))
        if found is None:
            found = _partner(field, a, waiting, len(waiting) - 1 - WINDOW, -1)
        if found is None:
            boards.append(_swapped(field, boards, a, waiting))
            continue
        index, colour = found
        boards.append((a, waiting.pop(index), colour))
    return boards


def _swapped(field: _Field, boards: list[Board], a: int, waiting: list[int]) -> Board:
    """For `a`, who may meet nobody left: the latest board (x, y) where a may meet x and y some
    waiting w; the board becomes (a, x) and (y, w) is returned, w taken from `waiting`."""
    waiting_colours = {field.forced[w] for w in waiting}
    for index in range(len(boards) - 1, -1, -1):
        x, y, _ = boards[index]
        for p, q in ((x, y), (y, x)):
            colour = None if p in field.met[a] else field.allocation(a, p)
            if colour is None or (field.forced[q] and waiting_colours <= {field.forced[q]}):
                continue
            found = _partner(field, q, waiting, len(waiting) - 1, -1)
            if found is not None:
                boards[index] = (a, p, colour)
                w_index, q_colour = found
                return q, waiting.pop(w_index), q_colour
    raise HistoryError(f"player {a + 1} has no legal opponent, even by an exchange (C.04.1 [b], [f], [g])")


def _partner(field: _Field, a: int, waiting: list[int], start: int, stop: int) -> tuple[int, int] | None:
    """The index in `waiting` (scanned from `start` down to `stop`) of a's partner, and a's colour: the
    first legal one of the opposite colour preference, else the first legal one."""
    fallback = None
    preferred = field.wants[a]
    met = field.met[a]
    for index in range(start, stop, -1):
        b = waiting[index]
        if b in met:
            continue
        opposite = not preferred or field.wants[b] == -preferred
        if opposite or fallback is None:
            colour = field.allocation(a, b)
            if colour is not None and opposite:
                return index, colour
            if colour is not None:
                fallback = index, colour
    return fallback


def _game(white_rating: int, black_rating: int, rng: random.Random) -> int:
    """White's half points: Elo expectation, DRAW_SHARE of draws."""
    expected = 1 / (1 + 10 ** ((black_rating - white_rating) / 400))
    roll = rng.random()
    if roll < expected - DRAW_SHARE / 2:
        return 2
    return 1 if roll < expected + DRAW_SHARE / 2 else 0


_COLOUR = {WHITE: Colour.WHITE, BLACK: Colour.BLACK, NO_COLOUR: Colour.NONE}
_RESULT = {2: ResultCode.WIN, 1: ResultCode.DRAW, 0: ResultCode.LOSS}


def trf_document(history: SwissHistory, total_rounds: int) -> TrfDocument:
    """The history as a TRF16 document (``012``, ``XXR``, ``XXC white1``, one ``001`` line each)."""
    head = (
        TournamentRecord(code="012", text=f"Swiss history {len(history.ratings)} players"),
        RoundsRecord(rounds=total_rounds),
        InitialColourRecord(colour=Colour.WHITE),
    )
    players = []
    for player, rating in enumerate(history.ratings):
        entries = tuple(_entry(r, player) for r in history.rounds)
        points = Decimal(sum(r.half_points[player] for r in history.rounds)) / 2
        players.append(
            PlayerRecord(
                start_rank=player + 1, name=f"Player {player + 1}", rating=rating, points=points, rounds=entries
            )
        )
    return TrfDocument(records=(*head, *players))


def _entry(round_: GameRound, player: int) -> RoundEntry:
    opponent = round_.opponents[player]
    if not opponent:
        return RoundEntry(opponent=0, colour=Colour.NONE, result=ResultCode.PAIRING_ALLOCATED_BYE)
    return RoundEntry(
        opponent=opponent, colour=_COLOUR[round_.colours[player]], result=_RESULT[round_.half_points[player]]
    )


def trf_text(history: SwissHistory, total_rounds: int) -> str:
    return format_trf(trf_document(history, total_rounds))


def pairing_input(history: SwissHistory, total_rounds: int, system: str = "dutch") -> PairingInput:
    """The engines' input for the round after the history, read from its TRF by the project's reader."""
    return to_pairing_input(trf_document(history, total_rounds), system=system)


def round_violations(request: PairingInput, outcome: PairingOutcome) -> list[str]:
    """Where `outcome` breaks the basic rules for `request` (C.04.1 [b], [f], [g]): every active player
    exactly once (on a board or a bye), nobody else, no rematch, no colour difference beyond +-2,
    no colour three times in a row. Empty when the pairing keeps them."""
    players = request.by_number
    seen: list[int] = [b.first for b in outcome.boards] + [b.second for b in outcome.boards]
    seen += [b.player for b in outcome.byes]
    problems = [f"player {n} is paired {seen.count(n)} times" for n in sorted(set(seen)) if seen.count(n) > 1]
    active = {p.number for p in request.players if p.status is PlayerStatus.ACTIVE}
    problems += [f"active player {n} is not paired" for n in sorted(active - set(seen))]
    problems += [f"player {n} is paired but not active" for n in sorted(set(seen) - active)]
    for board in outcome.boards:
        if board.second in players[board.first].opponents:
            problems.append(f"C.04.1 [b]: {board.first} and {board.second} meet again")
        for number, side in ((board.first, Side.FIRST), (board.second, Side.SECOND)):
            sides = (*played_sides(players[number].history), side)
            difference = sum(1 if s is Side.FIRST else -1 for s in sides)
            if abs(difference) > MAX_COLOUR_DIFFERENCE:
                problems.append(f"C.04.1 [f]: player {number} gets colour difference {difference:+d}")
            if len(sides) >= 3 and len(set(sides[-3:])) == 1:
                problems.append(f"C.04.1 [g]: player {number} gets the same colour three times in a row")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("players", type=int)
    parser.add_argument("--played", type=int, default=9, help="rounds played (default 9)")
    parser.add_argument("--rounds", type=int, default=11, help="total rounds, the XXR record (default 11)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-o", "--output", type=Path, help="TRF file to write (default: standard output)")
    args = parser.parse_args()
    text = trf_text(swiss_history(args.players, args.played, args.seed), args.rounds)
    if args.output:
        args.output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
