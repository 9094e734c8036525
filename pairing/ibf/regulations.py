"""IBF Pairing Rules 2.2: "The competition rules (regulations) may stipulate a forced pairing in the initial
rounds, grouping of players for pairings, or a prohibition on pairing certain opponents together."

How the regulations reach an engine (each is recorded in the ledger as an event or a tournament option):

- prohibitions: `PairingInput.forbidden_pairs`; such players are never paired, in any round;
- forced pairings: option ``forced_pairs``, comma-separated ``ROUND:A-B`` items (player numbers; A takes
  the first side, the drawsheet's top line), e.g. ``1:3-8,1:4-7``; they are placed before anything
  else and may repeat an earlier match, because the regulations say so;
- grouping: option ``grouping``, groups separated by ``;``, player numbers by ``,`` (``1,2,3;4,5,6``),
  and ``grouping_rounds``, the rounds it applies to (``1-3`` or ``1,2``; default every round). In those
  rounds players meet only players of their own group; players in no group form one more group.
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import frozen

from pairing.model import Decision, NoValidPairing, PairingInput

ARTICLE = "2.2"


@frozen
class Regulations:
    """The 2.2 constraints that apply to the round being paired."""

    forbidden: frozenset[frozenset[int]] = frozenset()
    forced: tuple[tuple[int, int], ...] = ()
    groups: tuple[frozenset[int], ...] = ()

    def may_meet(self, a: int, b: int) -> bool:
        """Whether the regulations let `a` and `b` be paired this round."""
        if a == b or frozenset((a, b)) in self.forbidden:
            return False
        return not self.groups or self.group_of(a) == self.group_of(b)

    def allowed(self, players: Iterable[int]) -> dict[int, frozenset[int]]:
        """Each player's possible opponents among `players` under these regulations."""
        everyone = frozenset(players)
        groups = {p: everyone & group for group in self.groups for p in group} if self.groups else {}
        others = everyone - frozenset(p for group in self.groups for p in group)
        barred: dict[int, set[int]] = {}
        for pair in self.forbidden:
            a, b = sorted(pair)
            barred.setdefault(a, set()).add(b)
            barred.setdefault(b, set()).add(a)
        result = {}
        for p in everyone:
            pool = (groups.get(p, others) if self.groups else everyone) - {p}
            result[p] = pool - barred[p] if p in barred else pool
        return result

    def group_of(self, player: int) -> int:
        for index, group in enumerate(self.groups):
            if player in group:
                return index
        return len(self.groups)

    def decisions(self) -> tuple[Decision, ...]:
        """What the engine honours, for the explanation."""
        notes = []
        if self.forbidden:
            listed = ", ".join(f"{min(p)}-{max(p)}" for p in sorted(self.forbidden, key=sorted))
            notes.append(Decision(ARTICLE, f"prohibited pairings honoured: {listed}"))
        if self.groups:
            listed = "; ".join(",".join(str(n) for n in sorted(g)) for g in self.groups)
            notes.append(Decision(ARTICLE, f"grouping for this round honoured: players meet only within {listed}"))
        return tuple(notes)


def regulations(request: PairingInput) -> Regulations:
    """The 2.2 constraints of `request.round`, read from the input; NoValidPairing names a malformed option."""
    forbidden = frozenset(frozenset(pair) for pair in request.forbidden_pairs)
    forced = tuple(
        pair for round_number, pair in _forced(request.option("forced_pairs")) if round_number == request.round
    )
    groups: tuple[frozenset[int], ...] = ()
    if request.option("grouping") and request.round in _rounds(request.option("grouping_rounds"), request.round):
        groups = _groups(request.option("grouping"))
    return Regulations(forbidden=forbidden, forced=forced, groups=groups)


def _number(text: str, option: str) -> int:
    text = text.strip()
    if not text.isdecimal():
        raise NoValidPairing(f"option {option}: {text!r} is not a number")
    return int(text)


def _forced(text: str) -> Iterable[tuple[int, tuple[int, int]]]:
    for item in filter(None, (part.strip() for part in text.split(","))):
        round_text, _, pair = item.partition(":")
        first, dash, second = pair.partition("-")
        if not dash:
            raise NoValidPairing(f"option forced_pairs: {item!r} is not ROUND:A-B")
        yield _number(round_text, "forced_pairs"), (_number(first, "forced_pairs"), _number(second, "forced_pairs"))


def _groups(text: str) -> tuple[frozenset[int], ...]:
    groups = []
    for part in filter(None, (p.strip() for p in text.split(";"))):
        groups.append(frozenset(_number(n, "grouping") for n in part.split(",") if n.strip()))
    return tuple(groups)


def _rounds(text: str, current: int) -> frozenset[int]:
    """The rounds listed by ``grouping_rounds``; every round up to the current one when it is empty."""
    if not text:
        return frozenset(range(1, current + 1))
    rounds: set[int] = set()
    for item in filter(None, (p.strip() for p in text.split(","))):
        low, dash, high = item.partition("-")
        first = _number(low, "grouping_rounds")
        rounds.update(range(first, _number(high, "grouping_rounds") + 1) if dash else (first,))
    return frozenset(rounds)
