"""Firsts and seconds (Scrabble starts and replies): counting, balancing, and who starts a board.

tsh counts, per player, the rounds they went first (p1) and second (p2) and balances them with `pairsvr(p, o) = 2 -
|sgn(p1_p - p2_p) - sgn(p1_o - p2_o)|` (docs/research/tsh-backgammon-brackets.md §2.1): "It is 0 when one player is
due to start and the other due to reply (best), 1 when one of them is balanced, 2 when both are due the same (worst).
It is used only when `track_firsts` is on." The rules text: an opponent "is due to play first if the current player is
due to play second (and vice versa, but in either case only if config track_firsts is active)".

`track_firsts` therefore decides whether balance is a criterion in choosing opponents. Who starts
each board is decided here whether or not it is on, because a board has a first side
(`Board.first`): the player due to start (more seconds than firsts, counted as a balance) starts;
if both are equally due, whoever went second in their latest game; failing that, a seeded draw.
"""

from __future__ import annotations

from attrs import frozen

from pairing.model import Entrant, Side
from pairing.tsh.draw import pair_rnd

ARTICLE = "firsts"


@frozen
class Starts:
    firsts: int
    seconds: int
    last: Side | None
    """The side of the player's latest game with a known side."""

    @property
    def balance(self) -> int:
        """Firsts minus seconds: below 0 the player is due to start, above 0 due to reply."""
        return self.firsts - self.seconds


def starts(entrant: Entrant) -> Starts:
    """Firsts and seconds of the games played so far (byes and forfeits have no side)."""
    sides = [record.side for record in entrant.history if record.side is not None]
    return Starts(sides.count(Side.FIRST), sides.count(Side.SECOND), sides[-1] if sides else None)


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def pairsvr(a: Starts, b: Starts) -> int:
    """tsh's first/second compatibility of two players: 0 best, 2 worst."""
    return 2 - abs(_sign(a.balance) - _sign(b.balance))


def who_starts(a: int, a_starts: Starts, b: int, b_starts: Starts, seed: int, round_number: int) -> tuple[int, str]:
    """The player who goes first on the board a-b, and why."""
    if a_starts.balance != b_starts.balance:
        first, due = (a, a_starts) if a_starts.balance < b_starts.balance else (b, b_starts)
        return first, f"{first} starts: due to start ({due.firsts} first(s), {due.seconds} second(s))"
    if a_starts.last != b_starts.last and Side.SECOND in (a_starts.last, b_starts.last):
        first = a if a_starts.last is Side.SECOND else b
        return first, f"{first} starts: equally due, and went second last time"
    first = a if pair_rnd(seed, round_number, a, b) % 2 == 0 else b
    return first, f"{first} starts: equally due, drawn"
