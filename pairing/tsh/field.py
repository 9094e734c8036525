"""What every tsh pairing command reads (`Field`) and builds (`Draft`).

`Field` holds the standings as of the based-on round and the facts the preference keys use:
"Repeats(p, q) is the number of earlier rounds in which p was paired with q", `sameopp` ("1 if o was
p's opponent in the previous round"), firsts and seconds, byes. `Draft` collects boards, byes and
decisions, then decides who starts each board (`firsts.py`) and orders the boards by rank.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pairing.model import Board, Bye, ByeKind, Decision, NoValidPairing, PairingInput, PairingOutcome, PlayerStatus
from pairing.tsh import options
from pairing.tsh.firsts import ARTICLE as FIRSTS
from pairing.tsh.firsts import Starts, pairsvr, starts, who_starts
from pairing.tsh.resolve import Allowed, Refusal, pairable
from pairing.tsh.standings import standings_as_of


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class Field:
    """The division as a pairing command sees it."""

    def __init__(self, request: PairingInput, based_on: int) -> None:
        self.request = request
        self.based_on = based_on
        self.draw_seed = request.option("draw_seed", "")
        self.standings = standings_as_of(request.players, based_on, self.draw_seed)
        self.standing = {s.number: s for s in self.standings}
        self.entrant = {p.number: p for p in request.players}
        self.track_firsts = options.flag(request, "track_firsts")
        self._meetings: Counter[tuple[int, int]] = Counter()
        self._previous: dict[int, int] = {}
        self.byes: dict[int, int] = {}
        self.starts: dict[int, Starts] = {}
        for player in request.players:
            self.byes[player.number] = sum(1 for r in player.history if r.bye is not None)
            self.starts[player.number] = starts(player)
            for record in player.history:
                if record.opponent is not None:
                    self._meetings[player.number, record.opponent] += 1
                    if record.round == request.round - 1:
                        self._previous[player.number] = record.opponent

    @property
    def active(self) -> list[int]:
        """Players to pair this round, best-ranked first."""
        return [s.number for s in self.standings if self.entrant[s.number].status is PlayerStatus.ACTIVE]

    def rank(self, number: int) -> int:
        return self.standing[number].rank

    def meetings(self, a: int, b: int) -> int:
        """tsh `Repeats(a, b)`: earlier rounds in which a was paired with b (all rounds, not only
        those up to the based-on round); read from both histories, so it is symmetric."""
        return max(self._meetings[a, b], self._meetings[b, a])

    def sameopp(self, a: int, b: int) -> int:
        """1 if b was a's opponent in the previous round."""
        return int(self._previous.get(a) == b)

    def pairsvr(self, a: int, b: int) -> int:
        """First/second compatibility (0 best), or 0 when firsts are not tracked."""
        return pairsvr(self.starts[a], self.starts[b]) if self.track_firsts else 0

    def within(self, repeats: int) -> Allowed:
        """tsh's filter "repeats <= R"."""
        return lambda a, b: self.meetings(a, b) <= repeats

    def too_many(self, repeats: int) -> Refusal:
        """Why a pair fails "repeats <= R": "would be a 3rd meeting (repeats allowed: 1)"."""
        return lambda a, b: f"would be a {ordinal(self.meetings(a, b) + 1)} meeting (repeats allowed: {repeats})"

    def fewest_repeats(self, players: Sequence[int], limit: int | None = None) -> int | None:
        """The smallest R for which `players` can be paired with repeats <= R (None if none up to
        `limit`, which defaults to the number of rounds so far)."""
        top = self.request.round - 1 if limit is None else limit
        for repeats in range(top + 1):
            if pairable(players, self.within(repeats)):
                return repeats
        return None


class Draft:
    """A round's pairing under construction: boards, byes and the decisions behind them."""

    def __init__(self, field: Field) -> None:
        self.field = field
        self.heads: list[Decision] = []
        self.notes: list[Decision] = []
        self.boards: list[tuple[int, int, str, str, bool]] = []
        self.byes: list[tuple[int, str, str]] = []

    @property
    def seated(self) -> set[int]:
        return {p for a, b, *_ in self.boards for p in (a, b)} | {p for p, *_ in self.byes}

    def head(self, article: str, text: str) -> None:
        """The command and its parameters: the explanation's first lines."""
        self.heads.append(Decision(article, text))

    def note(self, article: str, text: str, satisfied: bool = True) -> None:
        self.notes.append(Decision(article, text, satisfied))

    def board(self, a: int, b: int, article: str, text: str, *, first_named_starts: bool = False) -> None:
        """Seat a against b; `text` says which rule decided it."""
        self.boards.append((a, b, article, text, first_named_starts))

    def bye(self, player: int, article: str, text: str) -> None:
        self.byes.append((player, article, text))

    def outcome(self) -> PairingOutcome:
        """Boards ordered by their better-ranked player, each with who starts and why."""
        field, request = self.field, self.field.request
        seats = Counter(p for a, b, *_ in self.boards for p in (a, b)) + Counter(p for p, *_ in self.byes)
        twice = sorted(p for p, count in seats.items() if count > 1)
        if twice:  # a guard: every command seats each player once
            raise NoValidPairing(f"players seated twice in one round: {twice}")
        order = sorted(self.boards, key=lambda board: min(field.rank(board[0]), field.rank(board[1])))
        boards: list[Board] = []
        decisions = [*self.heads, *self.notes]
        for number, (a, b, article, text, first_named) in enumerate(order, 1):
            if first_named:
                first, why = a, f"{a} starts: named first"
            else:
                first, why = who_starts(a, field.starts[a], b, field.starts[b], request.seed, request.round)
            second = b if first == a else a
            boards.append(Board(first, second))
            decisions.append(Decision(article, f"board {number}: {first}-{second}: {text}; {why}"))
        byes = []
        for player, article, text in sorted(self.byes, key=lambda bye: field.rank(bye[0])):
            byes.append(Bye(player, ByeKind.PAIRING_ALLOCATED, request.scoring.pairing_allocated_bye))
            decisions.append(Decision(article, text))
        if any(not first_named for *_, first_named in order):
            tracked = "tracked" if field.track_firsts else "not tracked when choosing opponents (track_firsts = no)"
            decisions.append(
                Decision(FIRSTS, f"firsts and seconds are {tracked}; on each board the player due to start starts")
            )
        seated = self.seated
        inactive = sorted(p.number for p in request.players if p.status is not PlayerStatus.ACTIVE)
        unpaired = [n for n in inactive if n not in seated]
        kept = [n for n in inactive if n in seated]
        if unpaired:
            listed = ", ".join(f"{n} ({field.entrant[n].status.value})" for n in unpaired)
            decisions.append(Decision("pairing", f"not paired this round: {listed}"))
        if kept:
            listed = ", ".join(f"{n} ({field.entrant[n].status.value})" for n in kept)
            decisions.append(
                Decision("pairing", f"kept in the fixed schedule whatever their status: {listed}; record forfeits")
            )
        return PairingOutcome(boards=tuple(boards), byes=tuple(byes), explanation=tuple(decisions))
