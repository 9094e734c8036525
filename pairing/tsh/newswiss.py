"""Swiss by win groups: tsh command `ns repeats based-on-round division`; and Fontes (Portland) Swiss,
the same command based on the round before the previous one.

The rules text: "In Swiss pairings, players are divided into 'win groups' according to how many wins
they have scored. The top half of each win group plays the bottom half, in order. ... tsh chooses an
opponent within the win group who (in decreasing order of importance): minimizes repeats, is not the
previous round's opponent, is due to play first if the current player is due to play second (and
vice versa, but in either case only if 'config track_firsts' is active), and is as close as possible
to half a win group away in ranking. ... If a win group is odd, the top player in the next group is
promoted to join it. If a win group cannot be paired, two more players are promoted. If the entire
division cannot be paired in one big group, an error message is displayed, and you should increase
the number of allowed repeats. ... By default, tsh pairs first the top win group, then the bottom
win group, then the next win group at the top, then the next win group at the bottom, and so on.
... To disable the optimization, use 'config top_down_swiss = 1'."

"Fontes (or Portland) Swiss pairings trade off some pairings accuracy for speed by computing
pairings based on the second previous round's results."

docs/research/tsh-backgammon-brackets.md §2.6 (`RecursiveSwiss`, `SwissOne`): within a group of n, key
`(repeats, sameopp, same_class, pairsvr, distance, j)` with `distance = |n - 2|i - j||` (`koth`
order: `|i - j|`; `forced` order: i against i + n/2 with no checks); an odd bottom group takes the
lowest player of the group above; a middle that fails is retried with the bottom, then everything
as one group.

Options: `repeats` (default 0), `based_on` (Swiss: the last complete round; Fontes: the round
before the previous one, or the last complete round if earlier), `swiss_order` (`balanced`, the
default; `forced`; `koth`), `top_down_swiss`, `gibson`, `track_firsts`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from attrs import frozen

from pairing.model import PairingInput, PairingOutcome
from pairing.tsh import options
from pairing.tsh.field import Draft, Field
from pairing.tsh.resolve import Choice, resolve
from pairing.tsh.setup import RULES_EDITION, VERSION, prepare, unpairable
from pairing.tsh.standings import win_groups

ARTICLE = "Swiss"
FONTES = "Fontes"
ORDERS = ("balanced", "forced", "koth")


@frozen
class Seated:
    """A board and the group it was paired in."""

    choice: Choice
    group: str
    position: tuple[int, int, int]
    """Positions of the two players in the group (1-based), and the group's size."""


class SwissPairer:
    """`RecursiveSwiss` over win groups, with `SwissOne` for each group."""

    def __init__(self, field: Field, repeats: int, order: str = "balanced", top_down: bool = False) -> None:
        self.field = field
        self.repeats = repeats
        self.order = order
        self.top_down = top_down

    def label(self, group: Sequence[int], whole: bool = False) -> str:
        wins = sorted({self.field.standing[p].wins for p in group}, reverse=True)
        if whole:
            return f"all {len(group)} players as one group (smaller groups could not be paired)"
        if len(wins) == 1:
            return f"win group {wins[0]:g}"
        return f"win groups {wins[0]:g} to {wins[-1]:g} (players promoted to even or unblock a group)"

    def one(self, group: Sequence[int], whole: bool = False) -> list[Seated] | None:
        """`SwissOne`: pair one even group, top half against bottom half."""
        field, repeats, n = self.field, self.repeats, len(group)
        label = self.label(group, whole)
        position = {p: i for i, p in enumerate(group)}
        if n == 0:
            return []
        if self.order == "forced":
            half = n // 2
            return [Seated(Choice(group[i], group[i + half]), label, (i + 1, i + half + 1, n)) for i in range(half)]
        if self.order == "koth":

            def distance(a: int, b: int) -> int:
                return abs(position[a] - position[b])
        else:

            def distance(a: int, b: int) -> int:
                return abs(n - 2 * abs(position[a] - position[b]))

        choices = resolve(
            group,
            key=lambda a, b: (field.meetings(a, b), field.sameopp(a, b), field.pairsvr(a, b), distance(a, b)),
            allowed=field.within(repeats),
            refusal=field.too_many(repeats),
        )
        if choices is None:
            return None
        return [Seated(c, label, (position[c.chooser] + 1, position[c.opponent] + 1, n)) for c in choices]

    def recursive(self, groups: list[list[int]]) -> list[Seated] | None:
        """`RecursiveSwiss`: the top group, then (unless top-down) the bottom, then the middle."""
        everyone = [p for g in groups for p in g]
        if len(groups) == 1:
            return self.one(groups[0])
        below = [p for g in groups[1:] for p in g]
        top = self._first_pairable(groups[0], below, promote_from_top=True)
        if top is None:
            return None
        promoted, top_boards = top
        remaining = _without(groups[1:], promoted)
        if not remaining:
            return top_boards
        if len(remaining) == 1:
            rest = self.one(remaining[0])
            return top_boards + rest if rest is not None else self.one(everyone, whole=True)
        if self.top_down:
            rest = self.recursive(remaining)
            return top_boards + rest if rest is not None else self.one(everyone, whole=True)
        above = [p for g in remaining[:-1] for p in g]
        bottom = self._first_pairable(remaining[-1], above, promote_from_top=False)
        if bottom is None:
            rest = self.one([p for g in remaining for p in g])
            return top_boards + rest if rest is not None else self.one(everyone, whole=True)
        demoted, bottom_boards = bottom
        middle = _without(remaining[:-1], demoted)
        if not middle:
            return top_boards + bottom_boards
        middle_boards = self.one(middle[0]) if len(middle) == 1 else self.recursive(middle)
        if middle_boards is not None:
            return top_boards + middle_boards + bottom_boards
        rest = self.one([p for g in remaining for p in g])
        return top_boards + rest if rest is not None else self.one(everyone, whole=True)

    def _first_pairable(
        self, group: list[int], others: list[int], promote_from_top: bool
    ) -> tuple[list[int], list[Seated]] | None:
        """Pair `group`, taking players from `others` (the top of the groups below, or the bottom of
        those above): one if the group is odd, then two more at a time while it cannot be paired."""
        count = len(group) % 2
        while count <= len(others):
            moved = others[:count] if promote_from_top else others[len(others) - count :]
            members = group + moved if promote_from_top else moved + group
            boards = self.one(members)
            if boards is not None:
                return moved, boards
            count += 2
        return None

    def pair(self, pool: list[int]) -> list[Seated] | None:
        """Pair `pool` (best first, even) by win groups; everything as one group as a last resort."""
        standings = [self.field.standing[p] for p in pool]
        groups = [[s.number for s in group] for group in win_groups(standings)]
        return self.recursive(groups) or self.one(pool, whole=True)


def _without(groups: list[list[int]], moved: list[int]) -> list[list[int]]:
    gone = set(moved)
    kept = [[p for p in g if p not in gone] for g in groups]
    return [g for g in kept if g]


def pair_swiss(field: Field, draft: Draft, pool: list[int], repeats: int, article: str = ARTICLE) -> None:
    """Seat `pool` Swiss by win groups within `repeats` (options `swiss_order`, `top_down_swiss`)."""
    request = field.request
    pairer = SwissPairer(
        field, repeats, options.choice(request, "swiss_order", ORDERS), options.flag(request, "top_down_swiss")
    )
    seated = pairer.pair(pool) if pool else []
    if seated is None:
        raise unpairable(field, pool, repeats, "Swiss")
    for board in seated:
        i, j, n = board.position
        ideal = "top half against bottom half"
        if pairer.order == "forced":
            ideal += " in fixed order"
        elif pairer.order == "koth":
            ideal = "nearest rank (swiss_order = koth)"
        text = f"{board.group}: {ideal} (places {i} and {j} of {n})" + board.choice.reasons()
        draft.board(*board.choice.pair, article, text)


class NewSwiss:
    """tsh `ns`: Swiss by win groups."""

    name: ClassVar[str] = "swiss"
    version: ClassVar[str] = VERSION
    rules_edition: ClassVar[str] = RULES_EDITION
    article: ClassVar[str] = ARTICLE

    def based_on(self, request: PairingInput) -> int:
        return options.based_on(request)

    def pair(self, request: PairingInput) -> PairingOutcome:
        """Pair `request.round` Swiss by win groups."""
        repeats = options.repeats(request)
        based_on = self.based_on(request)
        field, draft, pool = prepare(request, repeats, based_on=based_on, gibson=options.flag(request, "gibson"))
        draft.head(self.article, f"{self.describe()}: repeats allowed {repeats}, standings after round {based_on}")
        pair_swiss(field, draft, pool, repeats, self.article)
        return draft.outcome()

    def describe(self) -> str:
        return "Swiss by win groups"


class Fontes(NewSwiss):
    """Fontes (Portland) Swiss: `ns` based on the round before the previous one."""

    name: ClassVar[str] = "fontes"
    article: ClassVar[str] = FONTES

    def based_on(self, request: PairingInput) -> int:
        """ "computing pairings based on the second previous round's results" (round - 2, at least 0)."""
        default = min(max(0, request.round - 2), options.last_complete_round(request))
        return options.based_on(request, default)

    def describe(self) -> str:
        return "Fontes Swiss (win groups as of the round before the previous one)"
