"""tsh's generic pairing engine: preference lists searched in order (docs/research/tsh-backgammon-brackets.md §2.1).

"Most tsh pairing systems are just a different *key* and *filter* plugged into this engine":

1. "For each player i (list sorted by standing), build a preference list of all j != i with
   filter(i, j) true, sorted ascending by a lexicographic key tuple key(i, j). The last element of
   the tuple is j itself, which makes the order deterministic."
2. "If the group has more than 12 players ... players are processed in order of fewest candidate
   opponents first, with ties kept in standing order. Otherwise they are processed in standing
   order." (The rules text: "For the sake of computational efficiency, tsh looks for opponents
   first for those players who have the fewest candidate opponents (with ties broken by current
   ranking).")
3. Each unpaired player takes the first opponent on its list that is still unpaired, backtracking
   when someone is left without one: "The result is the first feasible pairing in lexicographic
   order of (processing order, preference order)."

We compute the same first feasible pairing without backtracking: a player takes the first opponent
on its list whose choice leaves the rest pairable, which a matching oracle (`pairing/cardinality.py`)
decides exactly. A group that cannot be paired at all is known at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from attrs import frozen

from pairing.cardinality import Matching, deficit, greedy

Key = Callable[[int, int], tuple[object, ...]]
"""key(p, q): the lexicographic preference of p for q, smaller first (q itself is appended)."""
Allowed = Callable[[int, int], bool]
"""filter(p, q): may p and q be paired? Must be symmetric."""
Refusal = Callable[[int, int], str]
"""Why filter(p, q) is false, in words ("would be a 3rd meeting (repeats allowed: 1)")."""

OPTIMIZE_ABOVE = 12
"""tsh's `optimize` threshold: larger groups are processed fewest candidates first."""
REASONS_SHOWN = 3


@frozen
class Choice:
    """One board as the search chose it: `chooser` took `opponent`."""

    chooser: int
    opponent: int
    passed_over: tuple[tuple[int, str], ...] = ()
    """Players `chooser` preferred to `opponent` and why each was not taken (at most three)."""

    @property
    def pair(self) -> tuple[int, int]:
        return (self.chooser, self.opponent)

    def reasons(self) -> str:
        """ "; 3-4 would be a 2nd meeting (repeats allowed: 0)" or ""."""
        return "".join(f"; {self.chooser}-{other} {why}" for other, why in self.passed_over)


def _everyone(_: int, __: int) -> bool:
    return True


def _no_reason(_: int, __: int) -> str:
    return "is not allowed"


def pairable(players: Sequence[int], allowed: Allowed = _everyone) -> bool:
    """tsh `CanBePaired`: can `players` all be paired with pairs that `allowed` accepts?"""
    if len(players) % 2:
        return False
    return deficit(players, {p: [q for q in players if q != p and allowed(p, q)] for p in players}) == 0


def resolve(
    players: Sequence[int],
    key: Key,
    allowed: Allowed = _everyone,
    *,
    fewest_first: bool = True,
    refusal: Refusal = _no_reason,
) -> list[Choice] | None:
    """tsh `PairGRT` + `ResolvePairings`: the first feasible pairing of `players` (standing order).

    `fewest_first=False` is tsh's "optimize = n" (KOTH and the Chew leaders: strict rank order).
    Returns None if no pairing satisfies `allowed`."""
    if len(players) % 2:
        return None
    index = {p: i for i, p in enumerate(players)}
    ranked = {p: sorted((q for q in players if q != p), key=lambda q, p=p: (*key(p, q), q)) for p in players}
    preferences = {p: [q for q in ranked[p] if allowed(p, q)] for p in players}
    order = list(players)
    if fewest_first and len(players) > OPTIMIZE_ABOVE:
        order.sort(key=lambda p: (len(preferences[p]), index[p]))

    matching = Matching(players, preferences, greedy(order, preferences.__getitem__))
    if matching.short:
        return None
    unpaired = set(players)
    choices: list[Choice] = []
    for p in order:
        if p not in unpaired:
            continue
        for q in preferences[p]:
            if q not in unpaired:
                continue
            trial = matching.without(p, q)
            if not trial.short:
                matching = trial
                unpaired -= {p, q}
                choices.append(Choice(p, q, _passed_over(p, q, ranked[p], allowed, refusal, unpaired)))
                break
    return choices


def _passed_over(
    p: int,
    q: int,
    ranked: Sequence[int],
    allowed: Allowed,
    refusal: Refusal,
    unpaired: set[int],
) -> tuple[tuple[int, str], ...]:
    """Why p did not take the players it preferred to q (players paired earlier are not mentioned).
    Called right after p-q was taken, so a player still unpaired was available and was skipped because
    the rest could not be paired."""
    reasons: list[tuple[int, str]] = []
    for other in ranked:
        if other == q or len(reasons) == REASONS_SHOWN:
            break
        if not allowed(p, other):
            reasons.append((other, refusal(p, other)))
        elif other in unpaired:
            reasons.append((other, "would leave the rest unpairable"))
    return tuple(reasons)
