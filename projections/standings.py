"""Standings: score under the tournament's scoring, then its ordered tie-breaks (C.07; IBF 4.10;
tsh: wins, then spread). Players equal on everything share the place.

`standings(state)` computes every tie-break; a `TiebreakMemo` kept between calls lets the read models
recompute only the values a change of results can reach (`projections.tiebreaks.updated_tiebreaks`):
those read from the player's own and opponents' records for the players whose own records changed and
their opponents (Buchholz-type values read opponents' scores), direct encounter for everyone on the old
and new scores of those players (it ranks a score group), and a value read from the whole field (IBF-C)
for everyone. Anything wider (a pairing, a new player, another round count or Koya threshold)
recomputes everything. Property tests check the memo against a full computation
(`tests/projections/test_views.py`, rebuild equals catch-up; `tests/projections/test_tiebreaks.py`).
A row is rebuilt only when its player, values or rank changed.

Players equal on score and every value share the place (C.07 Arts. 1-4 with LOT left off the list: ties
stand, docs/fide-mode.md Q203). The arbiter's order of tied players (Q205, `TournamentState.tied_rankings`)
ranks players still equal on score and every value before LOT, and before lots only.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Mapping, Sequence
from functools import partial
from math import inf
from operator import neg
from typing import TYPE_CHECKING

from attrs import define, evolve, field, frozen

from ledger.ratings import RatingTiebreaks, later_ratings, unrated_rating
from ledger.settings import ROUND_ROBINS
from pairing.model import Entrant, Scoring
from projections.tiebreaks import (
    READ_FROM_ENTRANTS,
    Crosstable,
    Participant,
    TiebreakContext,
    tiebreaks_of,
    updated_tiebreaks,
)

if TYPE_CHECKING:
    from pairing.trf.standings import ArbiterEntries, Lots, Place
    from projections.state import TournamentState


@frozen
class StandingRow:
    rank: int
    number: int
    name: str
    rating: int
    score: float
    tiebreaks: tuple[tuple[str, float], ...]
    games: int
    withdrawn: bool
    place: str = ""
    """A shared place as a range ("3-5": players equal on everything, or where the system decides places,
    IBF 4.10), the rank marked "*" where the arbiter's order of tied players decided it (Q205), else ""."""
    by_hand: bool = False
    """Q205: the arbiter's order of tied players decided the row's rank among players equal on the rest."""
    participant: Participant | None = field(default=None, eq=False, repr=False)
    """What the row was made from (to reuse it while nothing changed)."""
    values: tuple[float, ...] = field(default=(), eq=False, repr=False)
    order: tuple[float, ...] = field(default=(), eq=False, repr=False)
    """The row's sort key: score and values descending, then the player number."""

    def at_rank(self, rank: int) -> StandingRow:
        """The same row at another rank: `attrs.evolve(row, rank=rank)` without its look-up of the fields
        (a result moves the ranks of hundreds of rows)."""
        return StandingRow(
            rank,
            self.number,
            self.name,
            self.rating,
            self.score,
            self.tiebreaks,
            self.games,
            self.withdrawn,
            self.place,
            self.by_hand,
            self.participant,
            self.values,
            self.order,
        )


@define
class TiebreakMemo:
    """Tie-break values of the last computation and what they were computed under."""

    key: tuple[object, ...] = ()
    values: dict[int, tuple[float, ...]] = field(factory=dict)
    scores: dict[int, float] = field(factory=dict)
    rows: dict[int, StandingRow] = field(factory=dict)
    table: Crosstable | None = None
    tied_rankings: tuple[tuple[int, ...], ...] = ()


def standings(
    state: TournamentState, memo: TiebreakMemo | None = None, changed: Collection[int] | None = None
) -> list[StandingRow]:
    """The table after every paired round with its results so far (a missing result counts nothing yet).

    With `memo` and `changed` (players whose own round records changed since the memo), only the
    values those changes can reach are recomputed; the memo is updated in place. Without a memo, the
    players are read from the rounds' shared seats (`projections.history.participants`), with no record
    made per player and round, unless a tie-break reads the players' entrants (IBF-C). Without cyclic
    garbage collection (`projections.state.without_cyclic_gc`): the standings of a long log make
    thousands of objects per round."""
    from projections.state import without_cyclic_gc  # here: `places_of` (arbiter-pair -c) loads no event classes

    with without_cyclic_gc():
        return _standings(state, memo, changed)


def _standings(state: TournamentState, memo: TiebreakMemo | None, changed: Collection[int] | None) -> list[StandingRow]:
    from projections.history import entrants, participants

    settings = state.settings
    if settings is None:
        return []
    rounds = state.last_paired_round
    context = TiebreakContext(
        game=settings.game.value,
        scoring=settings.scoring,
        rounds=rounds,
        round_robin=settings.system in ROUND_ROBINS,
        seed=settings.seed,
        unrated_rating=unrated_rating(settings.options),
        later_ratings=_later_ratings(state),
        external=tuple(sorted(state.external_tiebreaks.items())),
    )
    codes = settings.tiebreaks
    if memo is None and not READ_FROM_ENTRANTS.intersection(codes):
        table = Crosstable.of_participants(participants(state, rounds, rounds + 1), context)
    else:
        table = Crosstable.of(entrants(state, rounds, rounds + 1), context, memo.table if memo is not None else None)
    players = list(table.players.values())
    key = (codes, context, tuple(table.players), table.most_games)
    if memo is not None and changed is not None and memo.key == key:
        values = updated_tiebreaks(table, codes, memo.values, memo.scores, changed)
    else:
        values = tiebreaks_of(table, codes)
    if memo is not None:
        memo.key, memo.values, memo.scores = key, values, {p.number: p.score for p in players}
        memo.table = table
    if state.stage_of(rounds + 1).system == "swiss-elimination":
        return _placed(state, players, values, codes)
    made = None
    if memo is not None:
        if memo.tied_rankings != state.tied_rankings:
            memo.rows.clear()  # the rows' order keys hold the orders by hand
            memo.tied_rankings = state.tied_rankings
        made = memo.rows
    return _ranked(_standing(state, players), values, codes, made, _by_hand(state.tied_rankings))


def _by_hand(rankings: Sequence[Sequence[int]]) -> dict[int, int]:
    """Player -> place in the arbiter's order of tied players (Q205), counted from 0."""
    return {number: index for order in rankings for index, number in enumerate(order)}


def tied_before_lots(state: TournamentState, numbers: Sequence[int]) -> str:
    """Q205: "" when the players are equal on score and on every tie-break before LOT in the standings now,
    else why not (the first pair of them that differs, and on what)."""
    settings = state.require_settings()
    rows = {row.number: row for row in standings(state)}
    missing = [number for number in numbers if number not in rows]
    if missing:
        return f"player {missing[0]} is not in the standings"
    before_lots = _before_lots(settings.tiebreaks)
    first = rows[numbers[0]]
    for number in numbers[1:]:
        row = rows[number]
        if row.score != first.score:
            return f"{first.number} has {first.score:g} points and {number} has {row.score:g}"
        for code, mine, theirs in zip(settings.tiebreaks[:before_lots], first.values, row.values, strict=False):
            if mine != theirs:
                return f"{first.number} has {code} {mine:g} and {number} has {code} {theirs:g}"
    return ""


def places_of(
    players: Sequence[Entrant], codes: Sequence[str], scoring: Scoring, rounds: int, entries: ArbiterEntries
) -> list[Place]:
    """The standings of a Swiss crosstable read from a TRF (`pairing.trf.standings.StandingsOf`, for
    ``arbiter-pair -c``), ranked as `standings` ranks the ledger's: score, the tie-breaks before LOT, the
    arbiter's orders of tied players (Q205), with the EXT values entered (Q207); then, where the list draws
    lots (C.07 4.2) and the file carries their seed (`pairing.trf.standings.Lots`), the lots redrawn as the
    ledger draws them (`ledger.ranking.drawn_lot`), one place each. Without the seed, players equal on all
    before them share a range of ranks, in any order, as players whose ties stand do (Q203). The players
    the file states expelled have no place, their games counting for their opponents (Q198, `_standing`).
    ValueError for a code the tie-breaks do not know."""
    from pairing.trf.standings import Place  # here: only the checker and the generator read a file's standings

    kept = tuple(codes[: _before_lots(codes)])
    context = TiebreakContext(game="chess", scoring=scoring, rounds=rounds, external=entries.external)
    table = Crosstable.of(players, context)
    values = tiebreaks_of(table, kept)
    expelled = {start for start, _ in entries.withdrawals.expelled} if entries.withdrawals is not None else set()
    standing = [player for player in table.players.values() if player.number not in expelled]
    rows = _ranked(standing, values, kept, None, _by_hand(entries.tied_orders))
    if "LOT" in codes and entries.lots is not None:
        return _places_by_lots(rows, entries.lots)
    sharing = Counter(row.rank for row in rows)
    return [Place(row.number, row.score, row.values, row.rank, row.rank + sharing[row.rank] - 1) for row in rows]


def _places_by_lots(rows: Sequence[StandingRow], lots: Lots) -> list[Place]:
    """C.07 4.2, "draw lots": the players of each shared rank (`rows`, in standings order) ordered by their
    lots, highest first, drawn with the file's seed by each player's entry number."""
    from ledger.ranking import drawn_lot
    from pairing.trf.standings import Place

    sharing: dict[int, list[StandingRow]] = defaultdict(list)
    for row in rows:
        sharing[row.rank].append(row)
    places = []
    for rank, tied in sharing.items():
        tied.sort(key=lambda row: -drawn_lot(lots.seed or 0, lots.entry(row.number)))
        places += [Place(row.number, row.score, row.values, rank + at, rank + at) for at, row in enumerate(tied)]
    return places


def _before_lots(codes: Sequence[str]) -> int:
    """How many of `codes` come before the drawing of lots (C.07 4.2; all of them without LOT)."""
    return codes.index("LOT") if "LOT" in codes else len(codes)


def _standing(state: TournamentState, players: Sequence[Participant]) -> Sequence[Participant]:
    """The players a Swiss's standings rank: all but the expelled (their games still count for their
    opponents' tie-breaks); a round robin ranks everyone."""
    if state.require_settings().system in ROUND_ROBINS:
        return players
    return [player for player in players if not state.players[player.number].expelled]


def _later_ratings(state: TournamentState) -> tuple[tuple[int, int, int], ...]:
    """(player, first round, rating) of every later rating, when the rating-based tie-breaks read the
    rating of each round (`ledger.ratings`, option `rating_tiebreaks=per-round`); none otherwise."""
    if state.require_settings().options.get("rating_tiebreaks") != RatingTiebreaks.PER_ROUND:
        return ()
    return tuple(
        (number, first_round, rating)
        for number, player in sorted(state.players.items())
        for first_round, rating in later_ratings(player.later_ratings).items()
    )


def _placed(
    state: TournamentState, players: Sequence[Participant], values: dict[int, tuple[float, ...]], codes: Sequence[str]
) -> list[StandingRow]:
    """IBF 4.10: "the later round in which the player was eliminated from the competition; the number of
    wins (a win against a virtual opponent does not count). In case of tied results, the players share
    the respective placements" (places from `pairing.ibf.swiss_elimination`)."""
    from pairing.ibf.swiss_elimination import places  # here: only this system's standings load its engine
    from projections.history import pairing_input

    placed = {p.player: p for p in places(pairing_input(state, state.last_paired_round + 1))}
    rows = _ranked(players, values, codes)
    for index, row in enumerate(rows):
        place = placed.get(row.number)
        if place is not None:
            rows[index] = evolve(row, rank=place.first, place=place.text)
    return sorted(rows, key=lambda row: (row.rank, -row.score, row.number))


def _ranked(
    players: Sequence[Participant],
    values: dict[int, tuple[float, ...]],
    codes: Sequence[str],
    made: dict[int, StandingRow] | None = None,
    by_hand: Mapping[int, int] | None = None,
) -> list[StandingRow]:
    """Rows in standings order; a row is rebuilt only when its player, values or rank changed (`made`
    holds the last rows in their order, and is replaced by the new ones). The sort starts from the last
    order, which a result changes for a few players only: nearly sorted, it takes nearly linear time.
    `by_hand`: the arbiter's orders of tied players (Q205), read after the values before LOT."""
    made = {} if made is None else made
    by_hand = {} if by_hand is None else by_hand
    before_lots = _before_lots(codes)
    key = partial(_sort_key, by_hand=by_hand, before_lots=before_lots)
    by_number = {player.number: player for player in players}
    last = [by_number[number] for number in made if number in by_number]
    order = sorted(last + [p for p in players if p.number not in made], key=partial(_order, values, made, key))
    decided = _decided_by_hand(order, values, by_hand, before_lots) if by_hand else set()
    ranks = _ranks([_order(values, made, key, player)[:-1] for player in order])
    sharing = Counter(ranks)
    rows: list[StandingRow] = []
    for player, rank in zip(order, ranks, strict=True):
        own = values[player.number]
        place = _place(rank, sharing[rank], player.number in decided)
        row = made.get(player.number)
        if row is None or row.participant is not player or row.values != own or row.place != place:
            row = _row(player, rank, own, codes, key, place)
        elif row.rank != rank:
            row = row.at_rank(rank)
        rows.append(row)
    made.clear()
    made.update((row.number, row) for row in rows)
    return rows


def _ranks(keys: Sequence[tuple[float, ...]]) -> list[int]:
    """The rank of each of the sorted keys: its index + 1, or the rank of the key before when equal."""
    ranks: list[int] = []
    for index, key in enumerate(keys):
        ranks.append(ranks[-1] if index and keys[index - 1] == key else index + 1)
    return ranks


def _place(rank: int, sharing: int, by_hand: bool) -> str:
    """The place as shown: a shared one as a range ("3-4", C.07 Arts. 1-4 when the ties stand, Q203), one the
    arbiter's order of tied players decided marked "*" (Q205), else "" (the rank)."""
    if sharing > 1:
        return f"{rank}-{rank + sharing - 1}"
    return f"{rank}*" if by_hand else ""


SortKey = Callable[[Participant, tuple[float, ...]], tuple[float, ...]]


def _order(
    values: dict[int, tuple[float, ...]], made: dict[int, StandingRow], key: SortKey, player: Participant
) -> tuple[float, ...]:
    """The sort key of the player's row (the last row's while the player and values are the same)."""
    row, own = made.get(player.number), values[player.number]
    if row is not None and row.participant is player and row.values == own:
        return row.order
    return key(player, own)


def _sort_key(
    player: Participant, values: tuple[float, ...], by_hand: Mapping[int, int], before_lots: int
) -> tuple[float, ...]:
    """Score and values descending, the values before LOT first, then the arbiter's order of tied players
    (players outside one after those in it, equal among themselves), then LOT, then the player number."""
    hand = float(by_hand.get(player.number, inf))
    return (-player.score, *map(neg, values[:before_lots]), hand, *map(neg, values[before_lots:]), player.number)


def _decided_by_hand(
    order: Sequence[Participant], values: dict[int, tuple[float, ...]], by_hand: Mapping[int, int], before_lots: int
) -> set[int]:
    """Q205: the players whose rank the arbiter's order decided: those in an order who share the score and
    every value before LOT with another player."""
    groups: dict[tuple[float, ...], list[int]] = defaultdict(list)
    for player in order:
        groups[(player.score, *values[player.number][:before_lots])].append(player.number)
    return {number for group in groups.values() if len(group) > 1 for number in group if number in by_hand}


def _row(
    player: Participant,
    rank: int,
    values: tuple[float, ...],
    codes: Sequence[str],
    key: SortKey,
    place: str = "",
) -> StandingRow:
    return StandingRow(
        rank=rank,
        number=player.number,
        name=player.name,
        rating=player.rating,
        score=player.score,
        tiebreaks=tuple(zip(codes, values, strict=True)),
        games=player.games_played,
        withdrawn=player.withdrawn,
        place=place,
        by_hand=place.endswith("*"),
        participant=player,
        values=values,
        order=key(player, values),
    )
