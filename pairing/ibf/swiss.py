"""The Swiss procedure of IBF Pairing Rules 4.6, shared by `ibf-swiss`, `blind-draw` (4.5), `swiss-elimination`
(1.4, 4.9) and `storm` (1.9). A system supplies the score groups in its own order; this module pairs them.

4.6, the procedure, word for word:

"The pairing process begins with the top score group. If the number of players in a group is odd, the last
player in the group is moved down to the next score group and plays against the first player in that
group. If these players have already played each other, the opponent for the player from the upper score
group becomes the second player from the lower group, then the third, and so on. If the last player from
the upper group has already played against all players in the lower group, the second-to-last player from
the upper group is moved down to the lower group, and so on."

"For a group with an even number of players ... The group is divided into two equal halves. The first
player from the top half plays against the first player from the bottom half. If they have already played
each other, then the first player from the top half plays against the second player from the bottom half,
and so on. If the first player from the top half has already played against all players in the bottom
half, they must play against the last player in the top half; if they have already played, then against
the second-to-last player, and so on."

"Once an opponent for the first player in the score group is found, these two players are removed from
the group list, and the procedure for finding an opponent is repeated in the same order for the first
remaining player in the score group. If at any point it turns out that there is no opponent in the group
for the first remaining player, the last formed pair is split, its players are returned to the group, and
another opponent is selected for the first player. If necessary, not just one but several already formed
pairs may be split, but efforts should be made to ensure the number of split pairs is minimized."

How it is done (docs/backgammon-systems.md, "Swiss procedure"):

1. The halves are fixed when the group is divided; later players keep their half ("repeated in the same
   order").
2. Backtracking is chronological: the most recent pair is split first. The search takes, for each player,
   the first opponent in the rules' order after which the rest of the group can still be paired (a
   matching oracle, `pairing/cardinality.py`), which is the pairing chronological backtracking finds,
   without its dead ends. It splits as few pairs as chronological backtracking does.
3. Across groups: when a group cannot be completed, the choice above it (the player moved down, then that
   player's opponent) is revised, as the text says.
4. Beyond the text: when no pairing keeps every float to the next group, players are moved down further
   (top-down, each first remaining player with the first opponent in the 4.6 order, then the players of
   lower groups); when no pairing avoids a rematch (2.1: "If it is impossible ... repeated matches ...
   may be allowed"), the fewest rematches are made, preferring the pair that met fewest times and not in
   the previous round. Both are flagged in the explanation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence

from attrs import frozen

from pairing.cardinality import Adjacency, Matching, greedy
from pairing.ibf.common import meetings, walkovers
from pairing.ibf.regulations import Regulations, regulations
from pairing.model import (
    Board,
    Bye,
    ByeKind,
    Decision,
    Entrant,
    NoValidPairing,
    Outcome,
    PairingInput,
    PairingOutcome,
    PlayerStatus,
    Side,
)


@frozen
class Field:
    """One round as the procedure sees it: score groups, top group first, each in the system's order."""

    groups: tuple[tuple[int, ...], ...]
    labels: tuple[str, ...]
    """Per group, how the explanation names it ("score group 2 points")."""
    halves: bool
    """4.6 divides an even group into halves; 4.5 (blind draw) pairs in drawn order (False)."""
    allowed: Mapping[int, frozenset[int]]
    """Who may meet whom under the regulations (2.2)."""
    fresh: Mapping[int, frozenset[int]]
    """Allowed and never met before (2.1)."""
    met: Mapping[frozenset[int], int]
    last_opponent: Mapping[int, int | None]


@frozen
class Pair:
    first: int
    """The player the procedure sought an opponent for."""
    second: int
    reason: str
    rematch: bool = False


@frozen
class Procedure:
    """How a Swiss system names its procedure in explanations."""

    article: str
    """"4.6" or "4.5": where the procedure is written."""
    halves: bool


# --- the strict procedure -------------------------------------------------------------------------


class _Strict:
    """4.6 as written: floats only to the next group, no rematch; None when it finds no pairing."""

    def __init__(self, field: Field, article: str) -> None:
        self.field = field
        self.article = article
        self.failed: set[tuple[int, tuple[int, ...]]] = set()
        self.groups_paired: dict[tuple[int, ...], list[Pair] | None] = {}

    def solve(self, g: int, floaters: tuple[int, ...]) -> list[Pair] | None:
        groups = self.field.groups
        if g == len(groups):
            return [] if not floaters else None
        if (g, floaters) in self.failed:
            return None
        for pairs, rest in self._floater_options(floaters, groups[g], g):
            result = self._rest_of_group(g, pairs, rest)
            if result is not None:
                return result
        self.failed.add((g, floaters))
        return None

    def _floater_options(
        self, floaters: tuple[int, ...], residents: tuple[int, ...], g: int
    ) -> Iterator[tuple[list[Pair], tuple[int, ...]]]:
        """Each player moved down meets the first possible player of this group, then the second, ..."""
        if not floaters:
            yield [], residents
            return
        floater, later = floaters[0], floaters[1:]
        for position, resident in enumerate(residents):
            if resident in self.field.fresh[floater]:
                ordinal = _ordinal(position + 1)
                reason = f"moved down from the odd group above; meets the {ordinal} player of {self.field.labels[g]}"
                rest = residents[:position] + residents[position + 1 :]
                for pairs, remaining in self._floater_options(later, rest, g):
                    yield [Pair(floater, resident, reason), *pairs], remaining

    def _rest_of_group(self, g: int, pairs: list[Pair], rest: tuple[int, ...]) -> list[Pair] | None:
        groups = self.field.groups
        if len(rest) % 2 == 0:
            inner = self.pair_group(rest, g)
            below = None if inner is None else self.solve(g + 1, ())
            return None if inner is None or below is None else pairs + inner + below
        if g + 1 == len(groups):
            return None
        lower = frozenset(groups[g + 1])
        for position in reversed(range(len(rest))):
            floater = rest[position]
            if not self.field.fresh[floater] & lower:
                continue  # "has already played against all players in the lower group"
            inner = self.pair_group(rest[:position] + rest[position + 1 :], g)
            if inner is None:
                continue
            below = self.solve(g + 1, (floater,))
            if below is not None:
                return pairs + inner + below
        return None

    def pair_group(self, players: tuple[int, ...], g: int) -> list[Pair] | None:
        """The even-group procedure with backtracking, or None if the group cannot be paired."""
        if players not in self.groups_paired:
            self.groups_paired[players] = _pair_in_order(
                players,
                self.field.fresh,
                lambda p, remaining: _group_candidates(p, remaining, players, self.field.halves),
                lambda p, q: _group_reason(p, q, players, self.field.halves, self.field.labels[g]),
            )
        return self.groups_paired[players]


def pair_score_group(group: Sequence[int], fresh: Adjacency, halves: bool = True) -> list[Pair] | None:
    """One even score group by the 4.6 even-group procedure with backtracking (4.5's drawn order if not
    `halves`), or None if it cannot be paired without a rematch."""
    return _pair_in_order(
        group,
        fresh,
        lambda p, remaining: _group_candidates(p, remaining, group, halves),
        lambda p, q: _group_reason(p, q, group, halves, "the group"),
    )


def _pair_in_order(
    players: Sequence[int],
    fresh: Adjacency,
    candidates: Callable[[int, list[int]], list[int]],
    reason: Callable[[int, int], str],
) -> list[Pair] | None:
    """Pair `players` completely: the first remaining player takes the first candidate after which the
    rest can still be paired (what chronological backtracking finds), or None if no pairing exists."""
    first_come = greedy(players, lambda p: (q for q in candidates(p, list(players)) if q in fresh[p]))
    matching = Matching(players, fresh, first_come)
    if matching.short:
        return None
    remaining = list(players)
    pairs = []
    while remaining:
        p = remaining[0]
        for q in candidates(p, remaining):
            if q not in fresh[p]:
                continue
            trial = matching.without(p, q)
            if not trial.short:
                pairs.append(Pair(p, q, reason(p, q)))
                remaining = [x for x in remaining if x not in (p, q)]
                matching = trial
                break
        else:  # pragma: no cover - the oracle guaranteed a completion
            raise AssertionError(f"no completion for {p} in {remaining}")
    return pairs


def _halves(players: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    half = len(players) // 2
    return tuple(players[:half]), tuple(players[half:])


def _group_candidates(p: int, remaining: list[int], group: Sequence[int], halves: bool) -> list[int]:
    """4.6: the bottom half in order, then the top half from its last player; 4.5: the drawn order."""
    if not halves:
        return [q for q in remaining if q != p]
    top, bottom = _halves(group)
    left = set(remaining)
    return [q for q in bottom if q in left and q != p] + [q for q in reversed(top) if q in left and q != p]


def _group_reason(p: int, q: int, group: Sequence[int], halves: bool, label: str) -> str:
    if not halves:
        return f"drawn order in {label}"
    top, bottom = _halves(group)
    if p in top and q in bottom:
        return f"top half meets bottom half in {label} (bottom-half place {bottom.index(q) + 1})"
    if p in top:
        return (
            f"no possible opponent left in the bottom half of {label}: meets the last possible player of the top half"
        )
    return f"the rest of the bottom half of {label}, in order"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# --- beyond the text: further floats, rematches ------------------------------------------------------


def _extended(field: Field, budget: int, article: str) -> list[Pair]:
    """Top-down: the first remaining player takes the first opponent in the 4.6 order, then the players
    of lower groups, then (if `budget` > 0) a rematch; only choices after which the rest can be paired
    with at most the remaining `budget` of rematches. NoValidPairing if the regulations block it."""
    position = {p: i for i, p in enumerate(p for group in field.groups for p in group)}
    group_of = {p: g for g, group in enumerate(field.groups) for p in group}
    remaining = sorted(position, key=position.__getitem__)
    matching = Matching(remaining, field.fresh)
    pairs: list[Pair] = []
    while remaining:
        p = remaining[0]
        g = group_of[p]
        left = set(remaining)
        in_group = _group_candidates(p, [q for q in remaining if group_of[q] == g], field.groups[g], field.halves)
        lower = [q for q in remaining if group_of[q] > g]
        ordered = in_group + lower
        choices = [q for q in ordered if q in field.fresh[p]]
        if budget:
            repeats = [q for q in ordered if q in field.allowed[p] and q not in field.fresh[p]]
            repeats.sort(key=lambda q: (field.met[frozenset((p, q))], field.last_opponent.get(p) == q, position[q]))
            choices += repeats
        for q in choices:
            cost = 0 if q in field.fresh[p] else 1
            if cost > budget:
                continue
            trial = matching.without(p, q)
            if trial.short <= budget - cost:
                where = "in the same group" if group_of[q] == g else f"moved down to {field.labels[group_of[q]]}"
                reason = f"{where} ({article} order, extended)"
                if cost:
                    times = field.met[frozenset((p, q))]
                    reason = f"rematch (met {times} time(s) before) {where}: the fewest rematches possible (2.1)"
                pairs.append(Pair(p, q, reason, rematch=bool(cost)))
                budget -= cost
                remaining = [x for x in remaining if x not in (p, q)]
                matching = trial
                break
        else:
            raise NoValidPairing(
                f"no pairing for player {p}: the regulations (2.2: prohibitions, grouping) leave no opponent "
                f"among {sorted(left - {p})}"
            )
    return pairs


def pair_field(field: Field, article: str) -> tuple[list[Pair], list[Decision]]:
    """Pair every player of `field` (an even number); the pairs in the order they were formed."""
    players = [p for group in field.groups for p in group]
    if not players:
        return [], []
    unavoidable = Matching(players, field.fresh).short
    if unavoidable == 0:
        strict = _Strict(field, article).solve(0, ())
        if strict is not None:
            return strict, []
        note = Decision(
            article,
            "no pairing keeps every player moved down within the next score group; players were moved down "
            "further, top-down, each with the first possible opponent in the procedure's order",
            satisfied=False,
        )
        return _extended(field, 0, article), [note]
    note = Decision(
        "2.1",
        f'{unavoidable} rematch(es) cannot be avoided ("If it is impossible to form pairings for the next round, '
        'repeated matches between players may be allowed"); the fewest are made',
        satisfied=False,
    )
    return _extended(field, unavoidable, article), [note]


# --- byes, sides, the whole round ---------------------------------------------------------------------


def choose_bye(standing: Sequence[int], by_number: Mapping[int, Entrant], fresh: Adjacency) -> tuple[int, Decision]:
    """4.4: "the player ranked last in the standings or determined by the pairing process receives a
    'plus' (bye)", never a second walkover (4.1); among those, the lowest-ranked whose bye lets the rest be
    paired with the fewest rematches (2.1)."""
    counts = {p: walkovers(by_number[p]) for p in standing}
    fewest = min(counts.values())
    eligible = [p for p in reversed(standing) if counts[p] == fewest]
    base = Matching(standing, fresh)
    best: tuple[int, int] | None = None
    for p in eligible:
        missing = base.without(p).short
        if best is None or missing < best[1]:
            best = (p, missing)
        if missing == 0:
            break
    if best is None:
        raise NoValidPairing("4.4: there is nobody to receive the plus (bye)")
    chosen = best[0]
    skipped = [p for p in reversed(standing[standing.index(chosen) + 1 :])]
    text = f"odd number of players: the plus (bye) goes to {chosen}"
    if not skipped:
        text += ", ranked last"
    else:
        reasons = []
        had = [p for p in skipped if counts[p] > fewest]
        if had:
            reasons.append(f"{', '.join(map(str, had))} already had a walkover (4.1)")
        blocked = [p for p in skipped if counts[p] == fewest]
        if blocked:
            reasons.append(f"a plus for {', '.join(map(str, blocked))} would force a rematch (2.1)")
        text += f", the lowest-ranked possible: {'; '.join(reasons)}"
    satisfied = fewest == 0
    if not satisfied:
        text += f"; every player has had a walkover, so the fewest ({fewest}) decides"
    return chosen, Decision("4.4", text, satisfied=satisfied)


def allocate_sides(pair: Pair, by_number: Mapping[int, Entrant]) -> tuple[Board, str]:
    """Who plays the light checkers (top line): the player who has had the top line less often in played
    matches; if equal, the one who had the bottom line in their last played match; else the player the
    procedure sought an opponent for (docs/backgammon-systems.md, "Sides")."""
    a, b = pair.first, pair.second

    def balance(p: int) -> int:
        sides = [r.side for r in by_number[p].history if r.played and r.side is not None]
        return sides.count(Side.FIRST) - sides.count(Side.SECOND)

    def last(p: int) -> Side | None:
        sides = [r.side for r in by_number[p].history if r.played and r.side is not None]
        return sides[-1] if sides else None

    if balance(a) != balance(b):
        top = a if balance(a) < balance(b) else b
        why = "fewer top lines so far"
    elif last(a) != last(b) and Side.SECOND in (last(a), last(b)):
        top = a if last(a) is Side.SECOND else b
        why = "had the bottom line last"
    else:
        top, why = a, "sides equal: the player the opponent was sought for"
    return Board(top, b if top == a else a), why


@frozen
class SwissSystem:
    """What one Swiss system supplies to `pair_round`."""

    procedure: Procedure
    standing: Callable[[Sequence[int]], tuple[int, ...]]
    """The players to pair, best first; the plus goes to the last (4.4)."""
    groups: Callable[[Sequence[int]], tuple[tuple[tuple[int, ...], ...], tuple[str, ...]]]
    """The players left after the plus, as score groups in the system's order, and the groups' labels."""
    eligible: Callable[[Entrant], bool] = lambda _: True
    """False for a player the system has eliminated (4.9)."""


def pair_round(request: PairingInput, system: SwissSystem, preamble: Sequence[Decision] = ()) -> PairingOutcome:
    """One Swiss round: absences and exclusions (4.2, 4.3), forced pairings (2.2), the plus (4.4), then the
    procedure over the score groups."""
    regs = regulations(request)
    explanation = list(preamble) + list(regs.decisions())
    byes: list[Bye] = []
    to_pair: list[int] = []
    for entrant in sorted(request.players, key=lambda e: e.number):
        if entrant.status in (PlayerStatus.WITHDRAWN, PlayerStatus.ELIMINATED):
            continue
        if not system.eligible(entrant):
            continue
        if entrant.status is PlayerStatus.ABSENT:
            byes.append(Bye(entrant.number, ByeKind.ZERO_POINT, request.scoring.zero_point_bye))
            explanation.append(
                Decision("4.2", f"{entrant.number} is known to be absent: left out of the pairing, recorded as lost")
            )
            continue
        to_pair.append(entrant.number)
        explanation.extend(_no_show_note(entrant, request.round))
    left_out = sorted(
        e.number
        for e in request.players
        if e.status in (PlayerStatus.WITHDRAWN, PlayerStatus.ELIMINATED) or not system.eligible(e)
    )
    if left_out:
        explanation.append(
            Decision("4.2", f"eliminated, excluded or withdrawn, left out of the pairing: {_listed(left_out)}")
        )
    boards: list[Board] = []
    boards_explained: list[Decision] = []
    for first, second in regs.forced:
        if first in to_pair and second in to_pair:
            to_pair.remove(first)
            to_pair.remove(second)
            boards.append(Board(first, second))
            boards_explained.append(Decision("2.2", f"{first} - {second}: forced pairing of the regulations"))
        else:
            explanation.append(
                Decision("2.2", f"forced pairing {first} - {second} lapses: not both are to be paired", satisfied=False)
            )
    if not to_pair and not boards and not byes:
        raise NoValidPairing(f"round {request.round}: nobody is left to pair")
    met = meetings(request.players)
    paired = _pair_players(request, system, to_pair, met, regs)
    published = _published(request)
    if published:
        paired = _repaired(request, system, to_pair, met, regs, published, paired)
    explanation.extend(paired.explanation)
    return PairingOutcome(
        boards=tuple(boards) + paired.boards,
        byes=tuple(byes) + paired.byes,
        explanation=tuple(explanation + boards_explained + list(paired.boards_explained)),
    )


@frozen
class _Paired:
    boards: tuple[Board, ...]
    byes: tuple[Bye, ...]
    explanation: tuple[Decision, ...]
    boards_explained: tuple[Decision, ...]
    rematches: int


def _pair_players(
    request: PairingInput,
    system: SwissSystem,
    to_pair: Sequence[int],
    met: Mapping[frozenset[int], int],
    regs: Regulations,
) -> _Paired:
    """The plus (4.4) and the procedure over the score groups, for the players `to_pair`."""
    by_number = request.by_number
    explanation: list[Decision] = []
    byes: list[Bye] = []
    allowed = regs.allowed(to_pair)
    opponents: dict[int, set[int]] = {p: set() for p in to_pair}
    for pair in met:
        a, b = sorted(pair)
        if a in opponents and b in opponents:
            opponents[a].add(b)
            opponents[b].add(a)
    fresh = {p: allowed[p] - opponents[p] for p in to_pair}
    standing = system.standing(to_pair)
    if len(standing) % 2:
        bye, decision = choose_bye(standing, by_number, fresh)
        byes.append(Bye(bye, ByeKind.PAIRING_ALLOCATED, request.scoring.pairing_allocated_bye))
        explanation.append(decision)
        standing = tuple(p for p in standing if p != bye)
    groups, labels = system.groups(standing)
    field = Field(
        groups=groups,
        labels=labels,
        halves=system.procedure.halves,
        allowed=allowed,
        fresh=fresh,
        met=met,
        last_opponent={p: (by_number[p].history[-1].opponent if by_number[p].history else None) for p in to_pair},
    )
    explanation.extend(_group_decisions(field, system.procedure.article))
    pairs, notes = pair_field(field, system.procedure.article)
    explanation.extend(notes)
    boards = []
    explained = []
    for pair in pairs:
        board, why = allocate_sides(pair, by_number)
        boards.append(board)
        article = "2.1" if pair.rematch else system.procedure.article
        explained.append(
            Decision(article, f"{board.first} - {board.second}: {pair.reason}; top line {board.first} ({why})")
        )
    rematches = sum(p.rematch for p in pairs)
    return _Paired(tuple(boards), tuple(byes), tuple(explanation), tuple(explained), rematches)


def _published(request: PairingInput) -> tuple[tuple[int, int], ...]:
    """The boards of the pairing being redone (option ``published``: "1-5,2-6,..."), if any."""
    boards = []
    for item in filter(None, (part.strip() for part in request.option("published").split(","))):
        first, dash, second = item.partition("-")
        if not dash or not first.strip().isdecimal() or not second.strip().isdecimal():
            raise NoValidPairing(f"option published: {item!r} is not A-B")
        boards.append((int(first), int(second)))
    return tuple(boards)


def _repaired(
    request: PairingInput,
    system: SwissSystem,
    to_pair: Sequence[int],
    met: Mapping[frozenset[int], int],
    regs: Regulations,
    published: Sequence[tuple[int, int]],
    afresh: _Paired,
) -> _Paired:
    """4.6: "A re-pairing (if necessary) should affect the minimum number of players": keep the published
    boards whose players are both still to be paired, re-pair the others; if they cannot be paired without
    more rematches than a fresh pairing needs, release kept boards from the bottom up, one at a time."""
    keep = [(a, b) for a, b in published if a in to_pair and b in to_pair and regs.may_meet(a, b)]
    for released in range(len(keep) + 1):
        kept = keep[: len(keep) - released]
        taken = {p for pair in kept for p in pair}
        rest = [p for p in to_pair if p not in taken]
        try:
            attempt = _pair_players(request, system, rest, met, regs) if rest else _Paired((), (), (), (), 0)
        except NoValidPairing:
            continue
        if attempt.rematches > afresh.rematches:
            continue
        note = Decision(
            "4.6",
            f"re-pairing: {len(kept)} of {len(published)} published boards kept; re-paired: {_listed(sorted(rest))}",
        )
        kept_boards = tuple(Board(a, b) for a, b in kept)
        kept_explained = tuple(Decision("4.6", f"{a} - {b}: kept from the published pairing") for a, b in kept)
        return _Paired(
            kept_boards + attempt.boards,
            attempt.byes,
            (note, *attempt.explanation),
            kept_explained + attempt.boards_explained,
            attempt.rematches,
        )
    return afresh  # pragma: no cover - releasing every board is the fresh pairing


def _group_decisions(field: Field, article: str) -> list[Decision]:
    return [
        Decision(article, f"{label}: {' '.join(map(str, group))}")
        for group, label in zip(field.groups, field.labels, strict=True)
    ]


def _no_show_note(entrant: Entrant, round_number: int) -> list[Decision]:
    """4.3: an unexcused no-show may be excluded "by decision of the Chief Arbiter": the engine only
    points it out; the exclusion is an event with a reason, after which the player is withdrawn."""
    last = entrant.history[-1] if entrant.history else None
    if last is None or last.opponent is None or last.played or last.outcome is not Outcome.LOSS:
        return []
    return [
        Decision(
            "4.3",
            f"{entrant.number} lost round {last.round} by forfeit; still paired, as the Chief Arbiter has "
            "not excluded them",
        )
    ]


def _listed(numbers: Sequence[int]) -> str:
    return ", ".join(map(str, numbers))
