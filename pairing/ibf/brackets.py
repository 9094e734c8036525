"""Elimination brackets as plain data: layouts, seeding, and the state of a bracket derived from the histories.

IBF Pairing Rules 3.1-3.3. Shared by `single_elimination`, `double_elimination` and `re_entry`, and meant
for projections and views too: `pairing.registry.bracket_view(request)` returns the whole bracket (rounds,
matches, slots, who advanced, places) from the same `PairingInput` the engine reads.

- A *layout* is fixed once the number of entrants is known (3.1.2: "The pairing of players is conducted
  once before the first round, after which the tournament bracket for all subsequent rounds becomes
  fixed"): matches, each with two *feeds* (a seed, or the winner or loser of an earlier match) and the
  tournament round (*session*) it is played in. The top feed is the drawsheet's top line, which plays the
  light checkers (backgammon rules guide 5.1).
- *Seeding* maps seeds 1..N to players: by pairing number (``draw`` = ``seeded``, the default) or by a
  reproducible draw (``random``, seed ``draw_seed``). Seeds N+1..P are virtual players (3.1.1).
- The *state* follows the results in the histories: who sits in each slot, who won, who advanced. It is
  recomputed from scratch for every request, so the engines stay pure functions of their input.

Standard seeding (docs/research/tsh-backgammon-brackets.md §3.1): start from [1, 2], then replace each seed p of a
list of length m by the pair (p, 2m + 1 - p). Seeds 1 and 2 can meet only in the final; the virtual players, seeds
N+1..P, face the top seeds, so no match is virtual against virtual (N > P/2).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import groupby

from attrs import frozen

from pairing.ibf.common import Place, drawn, event_seed, option_choice, record_of
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
)


class Stage(enum.StrEnum):
    MAIN = "main"
    UPPER = "upper"
    LOWER = "lower"
    SUPERFINAL = "superfinal"
    EXTRA = "extra"
    """The additional match after the superfinal (3.2.7)."""
    THIRD_PLACE = "third-place"


class FeedKind(enum.StrEnum):
    SEED = "seed"
    WINNER = "winner"
    LOSER = "loser"
    RE_ENTRANT = "re-entrant"
    """A player who re-enters into a slot facing a virtual player (3.3.2)."""


@frozen
class Feed:
    """Where a slot's player comes from."""

    kind: FeedKind
    seed: int = 0
    match: str = ""

    def __str__(self) -> str:
        if self.kind is FeedKind.SEED:
            return f"S{self.seed}"
        if self.kind is FeedKind.RE_ENTRANT:
            return "re-entrant"
        return f"{'W' if self.kind is FeedKind.WINNER else 'L'}({self.match})"


@frozen
class MatchSpec:
    """One match of a layout."""

    label: str
    """Unique within the layout: "R1.3" (main bracket round 1, third match from the top), "WB2.1", "LB3.2",
    "SF" (superfinal), "SF2" (its additional match), "3P" (third-place match)."""
    stage: Stage
    round: int
    """The round within its stage (bracket)."""
    index: int
    """1 for the top match of the round."""
    round_name: str
    session: int
    """The tournament round in which it is played."""
    top: Feed
    bottom: Feed
    held_if_lower_wins: str = ""
    """For the additional match: the label of the superfinal whose lower-bracket winner must win."""


@frozen
class Layout:
    system: str
    entrants: int
    size: int
    """The bracket size: the power of two at or above the number of entrants (3.1.1)."""
    matches: tuple[MatchSpec, ...]

    @property
    def sessions(self) -> int:
        return max(m.session for m in self.matches)

    def spec(self, label: str) -> MatchSpec:
        for match in self.matches:
            if match.label == label:
                return match
        raise KeyError(label)


class SlotKind(enum.StrEnum):
    PLAYER = "player"
    VIRTUAL = "virtual"
    OPEN = "open"
    """Not known yet: an earlier match has no result."""


@frozen
class Slot:
    kind: SlotKind
    player: int | None = None

    def __str__(self) -> str:
        return str(self.player) if self.kind is SlotKind.PLAYER else self.kind.value


VIRTUAL = Slot(SlotKind.VIRTUAL)
OPEN = Slot(SlotKind.OPEN)


def occupant(player: int) -> Slot:
    return Slot(SlotKind.PLAYER, player)


class Result(enum.StrEnum):
    PENDING = "pending"
    PLAYED = "played"
    FORFEIT = "forfeit"
    """Won without playing against a real opponent who did not play (withdrawn, absent, no-show)."""
    VIRTUAL_WALKOVER = "virtual-walkover"
    """Against a virtual player: advances with 1 point without playing (3.1.1)."""
    NOT_HELD = "not-held"
    """Virtual against virtual, two players who both withdrew, or an additional match not needed."""


@frozen
class MatchState:
    spec: MatchSpec
    top: Slot
    bottom: Slot
    winner: Slot
    loser: Slot
    result: Result


@frozen
class RoundView:
    name: str
    stage: Stage
    session: int
    matches: tuple[MatchState, ...]


@frozen
class BracketView:
    """A bracket as data, for drawing: rounds top to bottom, slots, who advanced, and the places so far."""

    system: str
    entrants: int
    size: int
    seeds: tuple[int, ...]
    """seeds[0] is the player with seed 1."""
    rounds: tuple[RoundView, ...]
    places: tuple[Place, ...]


# --- layouts -------------------------------------------------------------------------------------------


def bracket_size(entrants: int) -> int:
    """3.1.1: "The number of players in a single-elimination bracket must be a power of two (2, 4, 8, 16,
    32, and so on). If a smaller number of players is participating, the competition bracket is filled with
    virtual players up to the nearest power of two.\""""
    if entrants < 2:
        raise NoValidPairing(f"an elimination bracket needs at least 2 players, not {entrants}")
    size = 2
    while size < entrants:
        size *= 2
    return size


def standard_order(size: int) -> tuple[int, ...]:
    """Seeds from the top of the sheet to the bottom; consecutive pairs are the round-1 matches."""
    order = [1, 2]
    while len(order) < size:
        m = len(order)
        order = [q for p in order for q in (p, 2 * m + 1 - p)]
    return tuple(order[:size])


def round_name(pairs: int) -> str:
    """3.1.3: "the rounds of the bracket are named according to the number of player pairs: for one pair -
    the "Final" ..., for two pairs - the "Semi-finals", for four pairs - the "Quarter-finals", for eight
    pairs - the "Round of 16", for sixteen pairs - the "Round of 32", and so on.\""""
    return {1: "Final", 2: "Semi-finals", 4: "Quarter-finals"}.get(pairs, f"Round of {2 * pairs}")


def single_elimination_layout(
    entrants: int, third_place: bool = False, session_of_round: Callable[[int], int] | None = None
) -> Layout:
    """The 3.1 bracket: log2(P) rounds (3.1.3); the winner of match i of a round meets the winner of match
    i + 1 (i odd) in the next, on the top line. Optionally the third-place match between the semi-final
    losers, played with the final."""
    size = bracket_size(entrants)
    session = session_of_round or (lambda r: r)
    order = standard_order(size)
    matches = []
    rounds = size.bit_length() - 1
    for r in range(1, rounds + 1):
        pairs = size >> r
        for i in range(1, pairs + 1):
            if r == 1:
                top, bottom = Feed(FeedKind.SEED, order[2 * i - 2]), Feed(FeedKind.SEED, order[2 * i - 1])
            else:
                top = Feed(FeedKind.WINNER, match=f"R{r - 1}.{2 * i - 1}")
                bottom = Feed(FeedKind.WINNER, match=f"R{r - 1}.{2 * i}")
            matches.append(MatchSpec(f"R{r}.{i}", Stage.MAIN, r, i, round_name(pairs), session(r), top, bottom))
    if third_place and rounds >= 2:
        semi = rounds - 1
        matches.append(
            MatchSpec(
                "3P",
                Stage.THIRD_PLACE,
                rounds,
                1,
                "Third-place match",
                session(rounds),
                Feed(FeedKind.LOSER, match=f"R{semi}.1"),
                Feed(FeedKind.LOSER, match=f"R{semi}.2"),
            )
        )
    return Layout("single-elimination", entrants, size, tuple(matches))


# Orders in which upper-bracket losers enter the lower bracket's minor rounds, per bracket size: [minor round 1, minor
# round 2, ...] (docs/research/tsh-backgammon-brackets.md §3.4; the last minor round has one match).
def _natural(n: int) -> list[int]:
    return list(range(n))


def _reverse(n: int) -> list[int]:
    return list(reversed(range(n)))


def _half_shift(n: int) -> list[int]:
    return list(range(n // 2, n)) + list(range(n // 2))


def _reverse_half_shift(n: int) -> list[int]:
    return list(reversed(range(n // 2))) + list(reversed(range(n // 2, n)))


ORDERINGS: dict[str, Callable[[int], list[int]]] = {
    "natural": _natural,
    "reverse": _reverse,
    "half_shift": _half_shift,
    "reverse_half_shift": _reverse_half_shift,
}
CONVENTIONAL_ORDERS: dict[int, tuple[str, ...]] = {
    8: ("reverse",),
    16: ("reverse_half_shift", "reverse"),
    32: ("reverse", "half_shift", "natural"),
    64: ("reverse", "half_shift", "reverse", "natural"),
}
"""The conventional (brackets-manager / Challonge) orders of docs/research/tsh-backgammon-brackets.md §3.4, whose
tables the tests reproduce for 8 and 16."""
DELAYING_ORDERS: dict[int, tuple[str, ...]] = {
    **CONVENTIONAL_ORDERS,
    16: ("reverse", "natural"),
    64: ("reverse", "half_shift", "reverse_half_shift", "natural"),
}
"""Orders that delay a possible rematch longest (found by trying every combination of the four named orders): 16
players, lower round 4 instead of 3 (as docs/research/tsh-backgammon-brackets.md §3.4 says); 64 players, lower round 7
instead of 6; 8 and 32 as conventional (3 and 5). Checked by `earliest_lower_rematch` in the tests."""


def minor_orders(size: int, style: str) -> tuple[str, ...]:
    """The entry order of each minor round but the last (one match) for a bracket of `size`."""
    table = DELAYING_ORDERS if style == "delay" else CONVENTIONAL_ORDERS
    wanted = max(size.bit_length() - 3, 0)
    if size in table:
        return table[size]
    pattern = ("reverse", "half_shift")
    return tuple(pattern[j % 2] for j in range(wanted - 1)) + (("natural",) if wanted else ())


def double_elimination_layout(entrants: int, extra_match: bool, style: str = "conventional") -> Layout:
    """The 3.2 layout (docs/research/tsh-backgammon-brackets.md §3.4): upper bracket = the 3.1 bracket; lower bracket
    of 2(log2 P - 1) rounds, alternating *major* rounds (lower-bracket players among themselves; round 1: the upper
    round-1 losers, in order) and *minor* rounds (the losers of the next upper round, top line, against the
    lower-bracket winners, in an order that delays rematches); the superfinal between the two bracket winners, the
    upper one on the top line; the additional match if the regulations provide it and the upper-bracket winner loses
    the superfinal (3.2.7). Sessions by dependency: a match is played in the round after the later of its feeding
    matches (3.2.4, 3.2.5)."""
    size = bracket_size(entrants)
    k = size.bit_length() - 1
    order = standard_order(size)
    specs: list[MatchSpec] = []

    def add(label: str, stage: Stage, r: int, i: int, name: str, top: Feed, bottom: Feed, cond: str = "") -> None:
        specs.append(MatchSpec(label, stage, r, i, name, 0, top, bottom, cond))

    for r in range(1, k + 1):
        name = "Upper bracket final" if r == k else f"Upper bracket round {r}"
        for i in range(1, (size >> r) + 1):
            if r == 1:
                top, bottom = Feed(FeedKind.SEED, order[2 * i - 2]), Feed(FeedKind.SEED, order[2 * i - 1])
            else:
                top = Feed(FeedKind.WINNER, match=f"WB{r - 1}.{2 * i - 1}")
                bottom = Feed(FeedKind.WINNER, match=f"WB{r - 1}.{2 * i}")
            add(f"WB{r}.{i}", Stage.UPPER, r, i, name, top, bottom)
    lower_rounds = 2 * (k - 1)
    orders = minor_orders(size, style)

    def lower_name(r: int) -> str:
        return "Lower bracket final" if r == lower_rounds else f"Lower bracket round {r}"

    for i in range(1, size // 4 + 1):
        top, bottom = Feed(FeedKind.LOSER, match=f"WB1.{2 * i - 1}"), Feed(FeedKind.LOSER, match=f"WB1.{2 * i}")
        add(f"LB1.{i}", Stage.LOWER, 1, i, lower_name(1), top, bottom)
    for j in range(1, k):
        count = size >> (j + 1)
        entry = ORDERINGS[orders[j - 1]](count) if j - 1 < len(orders) else _natural(count)
        r = 2 * j
        for i in range(1, count + 1):
            top = Feed(FeedKind.LOSER, match=f"WB{j + 1}.{entry[i - 1] + 1}")
            add(f"LB{r}.{i}", Stage.LOWER, r, i, lower_name(r), top, Feed(FeedKind.WINNER, match=f"LB{r - 1}.{i}"))
        if j < k - 1:
            for i in range(1, count // 2 + 1):
                top = Feed(FeedKind.WINNER, match=f"LB{r}.{2 * i - 1}")
                bottom = Feed(FeedKind.WINNER, match=f"LB{r}.{2 * i}")
                add(f"LB{r + 1}.{i}", Stage.LOWER, r + 1, i, lower_name(r + 1), top, bottom)
    upper = Feed(FeedKind.WINNER, match=f"WB{k}.1")
    lower = Feed(FeedKind.WINNER, match=f"LB{lower_rounds}.1") if k > 1 else Feed(FeedKind.LOSER, match="WB1.1")
    add("SF", Stage.SUPERFINAL, 1, 1, "Superfinal", upper, lower)
    if extra_match:
        add("SF2", Stage.EXTRA, 1, 1, "Superfinal, additional match", upper, lower, cond="SF")
    return Layout("double-elimination", entrants, size, _scheduled(specs))


def _scheduled(specs: Sequence[MatchSpec]) -> tuple[MatchSpec, ...]:
    """Sessions by dependency: 1 for matches fed by seeds, else one after the latest feeding match."""
    session: dict[str, int] = {}
    done = []
    for spec in specs:
        feeding = [f.match for f in (spec.top, spec.bottom) if f.match]
        if spec.held_if_lower_wins:
            feeding.append(spec.held_if_lower_wins)
        session[spec.label] = 1 + max((session[m] for m in feeding), default=0)
        done.append(
            MatchSpec(
                spec.label,
                spec.stage,
                spec.round,
                spec.index,
                spec.round_name,
                session[spec.label],
                spec.top,
                spec.bottom,
                spec.held_if_lower_wins,
            )
        )
    return tuple(sorted(done, key=lambda m: (m.session, list(Stage).index(m.stage), m.round, m.index)))


# --- seeding -------------------------------------------------------------------------------------------


def in_bracket(entrant: Entrant) -> bool:
    """Whether the entrant was drawn into the bracket: anyone not withdrawn, and a withdrawn player who
    took part in a round (the bracket stays fixed, 3.1.2)."""
    took_part = any(r.opponent is not None or r.bye is not None for r in entrant.history)
    return entrant.status is not PlayerStatus.WITHDRAWN or took_part


def seeding(request: PairingInput) -> tuple[tuple[int, ...], list[Decision]]:
    """The players in seed order (O1): option ``draw`` = ``seeded`` (pairing numbers, the default) or
    ``random`` (a draw with ``draw_seed``, then the same layout, so the virtual players face the drawn top
    seeds)."""
    method = option_choice(request, "draw", "seeded", ("seeded", "random"))
    population = sorted((p for p in request.players if in_bracket(p)), key=lambda p: (p.pairing_number, p.number))
    notes: list[Decision] = []
    if method == "seeded":
        seeds = tuple(p.number for p in population)
        notes.append(Decision("3.1.2", "the bracket is seeded by pairing number and fixed for the whole event"))
    else:
        seed, warning = event_seed(request)
        if warning is not None:
            notes.append(warning)
        seeds = drawn((p.number for p in population), seed, "3.1.2 draw")
        notes.append(Decision("3.1.2", f"seeds drawn once before round 1 (draw seed {seed}); the bracket is fixed"))
    notes.append(Decision("3.1.2", "seeds: " + " ".join(f"{s}:{p}" for s, p in enumerate(seeds, 1))))
    return seeds, notes


# --- state ---------------------------------------------------------------------------------------------


CANNOT_PLAY = (PlayerStatus.WITHDRAWN, PlayerStatus.ABSENT)
"""Statuses that give the opponent a walkover. `eliminated` is not one: the bracket itself says who is out."""


def evaluate(
    layout: Layout,
    seeds: Sequence[int],
    players: Mapping[int, Entrant],
    before_session: int,
    reentrants: Mapping[str, Slot] | None = None,
) -> tuple[MatchState, ...]:
    """Every match's slots and result, from the histories of the sessions before `before_session`.

    A match against a virtual player is decided at once; a match between two players is decided by their
    records of its session (a win, played or by forfeit, or a walkover bye when the opponent could not
    play). Records that contradict the bracket raise NoValidPairing (3.1.2: the bracket is fixed).
    """
    states: dict[str, MatchState] = {}

    def resolve(feed: Feed) -> Slot:
        if feed.kind is FeedKind.SEED:
            return occupant(seeds[feed.seed - 1]) if feed.seed <= len(seeds) else VIRTUAL
        if feed.kind is FeedKind.RE_ENTRANT:
            return (reentrants or {}).get(feed.match, OPEN)
        source = states[feed.match]
        return source.winner if feed.kind is FeedKind.WINNER else source.loser

    for spec in layout.matches:
        top, bottom = resolve(spec.top), resolve(spec.bottom)
        states[spec.label] = _decide(spec, top, bottom, players, before_session, states)
    return tuple(states[m.label] for m in layout.matches)


def _decide(
    spec: MatchSpec,
    top: Slot,
    bottom: Slot,
    players: Mapping[int, Entrant],
    before_session: int,
    states: Mapping[str, MatchState],
) -> MatchState:
    if spec.held_if_lower_wins:
        superfinal = states[spec.held_if_lower_wins]
        if superfinal.result is Result.PENDING or superfinal.winner.kind is SlotKind.OPEN:
            return MatchState(spec, top, bottom, OPEN, OPEN, Result.PENDING)
        if superfinal.winner != superfinal.bottom:
            return MatchState(spec, top, bottom, superfinal.winner, superfinal.loser, Result.NOT_HELD)
    if SlotKind.OPEN in (top.kind, bottom.kind):
        return MatchState(spec, top, bottom, OPEN, OPEN, Result.PENDING)
    if top.kind is SlotKind.VIRTUAL and bottom.kind is SlotKind.VIRTUAL:
        return MatchState(spec, top, bottom, VIRTUAL, VIRTUAL, Result.NOT_HELD)
    if bottom.kind is SlotKind.VIRTUAL:
        return MatchState(spec, top, bottom, top, VIRTUAL, Result.VIRTUAL_WALKOVER)
    if top.kind is SlotKind.VIRTUAL:
        return MatchState(spec, top, bottom, bottom, VIRTUAL, Result.VIRTUAL_WALKOVER)
    if spec.session >= before_session:
        return MatchState(spec, top, bottom, OPEN, OPEN, Result.PENDING)
    if top.player is None or bottom.player is None:  # a slot of kind PLAYER always names its player
        raise RuntimeError(f"internal: match {spec.label} has a player slot without a player")
    winner, result = decided_winner(spec, top.player, bottom.player, players)
    if winner is None:
        if result is Result.NOT_HELD:
            return MatchState(spec, top, bottom, VIRTUAL, VIRTUAL, result)
        return MatchState(spec, top, bottom, OPEN, OPEN, result)
    loser = bottom if winner == top.player else top
    return MatchState(spec, top, bottom, occupant(winner), loser, result)


def decided_winner(spec: MatchSpec, a: int, b: int, players: Mapping[int, Entrant]) -> tuple[int | None, Result]:
    """Who won the match of `a` (top) and `b` (bottom), from their records of its session."""
    records = {p: record_of(players[p], spec.session) for p in (a, b)}
    for p, q in ((a, b), (b, a)):
        record = records[p]
        if record is None:
            continue
        if record.opponent == q:
            if record.outcome is Outcome.WIN:
                return p, Result.PLAYED if record.played else Result.FORFEIT
            if record.outcome is Outcome.LOSS:
                return q, Result.PLAYED if record.played else Result.FORFEIT
            if record.outcome is None:
                return None, Result.PENDING
            raise NoValidPairing(f"{spec.label}: {a} - {b} is recorded as a draw; a match has a winner")
        if record.opponent is not None:
            raise NoValidPairing(
                f"the bracket is fixed (3.1.2): in round {spec.session} match {spec.label} is {a} - {b}, but {p} is "
                f"recorded against {record.opponent}"
            )
        if record.bye is not None and record.outcome is Outcome.WIN:
            return p, Result.FORFEIT
    if all(r is not None and r.opponent is None and r.bye is None for r in records.values()):
        return None, Result.NOT_HELD  # neither was seated: neither could play
    unable = [p for p in (a, b) if players[p].status in CANNOT_PLAY]
    if len(unable) == 2:
        return None, Result.NOT_HELD
    if len(unable) == 1:
        return (b if unable[0] == a else a), Result.FORFEIT
    return None, Result.PENDING


# --- pairing a session ---------------------------------------------------------------------------------


def pair_session(
    request: PairingInput, states: Sequence[MatchState], article: str, explanation: list[Decision]
) -> PairingOutcome:
    """The boards and byes of the matches of session `request.round`: two players who can both play meet,
    the top slot on the first side (top line); a player facing a virtual player advances with 1 point
    without playing (3.1.1); a player whose opponent cannot play (withdrawn, absent) advances by walkover."""
    session = request.round
    pending = [s for s in states if s.spec.session < session and s.result is Result.PENDING]
    if pending:
        listed = ", ".join(f"{s.spec.label} ({s.top} - {s.bottom}, round {s.spec.session})" for s in pending)
        raise NoValidPairing(f"round {session} cannot be paired: earlier matches have no result: {listed}")
    current = [s for s in states if s.spec.session == session]
    if not current:
        raise NoValidPairing(f"the bracket has no matches in round {session}: {_finished(states)}")
    by_number = request.by_number
    boards: list[Board] = []
    byes: list[Bye] = []
    for state in current:
        spec = state.spec
        where = f"{spec.round_name}, match {spec.label} ({spec.top} v {spec.bottom})"
        if state.result is Result.NOT_HELD:
            if spec.held_if_lower_wins:
                explanation.append(
                    Decision("3.2.7", f"{where}: not held, the upper-bracket winner {state.winner} won the superfinal")
                )
            continue
        slots = [s for s in (state.top, state.bottom) if s.kind is SlotKind.PLAYER]
        able = [s.player for s in slots if s.player is not None and by_number[s.player].status not in CANNOT_PLAY]
        if len(slots) == 2 and len(able) == 2:
            boards.append(Board(able[0], able[1]))
            explanation.append(Decision(article, f"{where}: {able[0]} (top line, light checkers) - {able[1]}"))
        elif len(slots) == 1 and able:
            byes.append(Bye(able[0], ByeKind.PAIRING_ALLOCATED, request.scoring.pairing_allocated_bye))
            explanation.append(
                Decision(article, f"{where}: {able[0]} meets a virtual player, advances with 1 point without playing")
            )
        elif len(slots) == 2 and able:
            out = state.top.player if state.top.player != able[0] else state.bottom.player
            byes.append(Bye(able[0], ByeKind.FULL_POINT, request.scoring.forfeit_win))
            why = f"{out} cannot play ({by_number[out].status.value}); {able[0]} advances by walkover"
            explanation.append(Decision(article, f"{where}: {why}"))
        elif slots:
            explanation.append(Decision(article, f"{where}: nobody able to play; nobody advances"))
    if not boards and not byes:
        raise NoValidPairing(f"nothing to play in round {session}: {_finished(states)}")
    return PairingOutcome(boards=tuple(boards), byes=tuple(byes), explanation=tuple(explanation))


def _finished(states: Sequence[MatchState]) -> str:
    last = [s for s in states if s.result is not Result.NOT_HELD and s.spec.stage is not Stage.THIRD_PLACE]
    final = max(last, key=lambda s: s.spec.session) if last else None
    if final is not None and final.winner.kind is SlotKind.PLAYER:
        return f"the competition is over; the champion is {final.winner.player}"
    return "the bracket is complete"


def views(layout: Layout, seeds: Sequence[int], states: Sequence[MatchState], places: Iterable[Place]) -> BracketView:
    """The bracket as data: rounds in playing order, each with its matches top to bottom."""

    def key(state: MatchState) -> tuple[int, int, int]:
        return (list(Stage).index(state.spec.stage), state.spec.round, state.spec.session)

    rounds = []
    for _, members in groupby(sorted(states, key=key), key=key):
        group = tuple(sorted(members, key=lambda s: s.spec.index))
        first = group[0].spec
        rounds.append(RoundView(first.round_name, first.stage, first.session, group))
    rounds.sort(key=lambda r: (r.session, list(Stage).index(r.stage)))
    return BracketView(layout.system, layout.entrants, layout.size, tuple(seeds), tuple(rounds), tuple(places))


def changed_matches(before: BracketView, after: BracketView) -> tuple[str, ...]:
    """Labels of the matches whose players, winner or result differ between two views of the same bracket:
    what a corrected result would change, to show the arbiter before anything is recorded."""
    old = {m.spec.label: m for r in before.rounds for m in r.matches}
    changed = []
    for match in (m for r in after.rounds for m in r.matches):
        previous = old.get(match.spec.label)
        now = (match.top, match.bottom, match.winner, match.result)
        if previous is None or (previous.top, previous.bottom, previous.winner, previous.result) != now:
            changed.append(match.spec.label)
    return tuple(changed)


def rounds_for(system: str, entrants: int, options: Mapping[str, str]) -> int:
    """The most tournament rounds a bracket of `entrants` can need, for the tournament's round count: log2 of
    the bracket size for single elimination (3.1.3), the last session of the double-elimination layout
    (additional match included), and single elimination plus the re-entry rounds for re-entry."""
    size = bracket_size(entrants)
    rounds = size.bit_length() - 1
    if system == "double-elimination":
        extra = options.get("superfinal_extra", "yes") == "yes"
        return double_elimination_layout(entrants, extra, options.get("lower_order", "conventional")).sessions
    if system == "re-entry" and size > entrants:
        return rounds + int(options.get("reentry_rounds", "1"))
    return rounds
