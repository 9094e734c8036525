"""Dubov System, Article 1 (Introductory Remarks and Definitions): what the pairing knows about each player.

1.1 ratings (provisional ones included), 1.2 the initial ranking list and its re-sorting before round 4,
1.3 scoregroups, 1.5 colour differences and preferences, 1.6 the average rating of opponents (ARO)
and 1.7 the maximum upfloater (MaxT). Colour histories follow C.04.2 (only played games count) through
the shared `pairing.criteria.basic_rules`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from attrs import evolve, frozen

from pairing.criteria.basic_rules import (
    Strength,
    colour_difference,
    colour_preference,
    eligible_for_pab,
    played_opponents,
    played_sides,
)
from pairing.fide.common.definitions import forbidden_partners
from pairing.model import Decision, Entrant, NoValidPairing, PairingInput, PlayerStatus, Side

RULES_EDITION = "C.04.4.1 (July 2025)"


@frozen(kw_only=True)
class Contender:
    """A player to be paired in this round, with everything Article 1 defines for them."""

    number: int
    """The player's id (start number)."""
    rank: int
    """Position among the players to pair, 0 first: score descending, then initial ranking (1.2)."""
    tpn: int
    """Pairing number: position in the initial ranking list (1.2), 1 = highest."""
    rating: int
    """1.1: the rating, or the provisional one the arbiter assigned."""
    score: float
    sides: tuple[Side, ...]
    """Sides of the games played over the board, in order (C.04.2: unplayed rounds do not count)."""
    colour_difference: int
    """1.5.1: games with White minus games with Black."""
    due_colour: Side
    """1.5.2: the colour preference."""
    strength: Strength
    """1.5.2.1-1.5.2.4: ABSOLUTE, STRONG or MILD (never NONE: 1.5.2.4 makes it mild for Black)."""
    aro: int
    """1.6: average rating of the opponents met over the board, rounded half up; 0 before any game."""
    games: int
    """Games played over the board (2.1.4)."""
    upfloats: int
    """How many times the player has been upfloated (1.7.1)."""
    maximum_upfloater: bool
    """1.7.1: upfloated MaxT times already."""
    upfloated_last_round: bool
    """Upfloated in the previous round ([C10])."""
    pab_eligible: bool
    """[C2]: no pairing-allocated bye and no win's points without playing so far."""
    opponents: frozenset[int]
    """Numbers of the players met over the board ([C1]; forfeited games do not count, C.04.2)."""
    forbidden: frozenset[int] = frozenset()
    """Numbers of the players the arbiter forbade this one to meet (`PairingInput.forbidden_pairs`)."""

    @property
    def absolute_colour(self) -> Side | None:
        """1.5.2.1: the colour this player must get, if the preference is absolute."""
        return self.due_colour if self.strength is Strength.ABSOLUTE else None

    @property
    def avoid(self) -> frozenset[int]:
        """[C1]: the players met over the board and those the arbiter forbade."""
        return self.opponents | self.forbidden

    @property
    def white_seeker(self) -> bool:
        return self.due_colour is Side.FIRST

    @property
    def has_played(self) -> bool:
        return self.games > 0

    def ranks_above(self, other: Contender) -> bool:
        """5.2.1: "the player who has more points or, when points are equal, a higher position in the
        initial ranking list"."""
        return (-self.score, self.tpn) < (-other.score, other.tpn)


def max_t(total_rounds: int) -> int:
    """1.7.2: "MaxT = 2 + [Rnds/5] where [Rnds/5] means Rnds divided by 5 and rounded downwards"."""
    return 2 + total_rounds // 5


def average_rating_of_opponents(ratings: Sequence[int]) -> int:
    """1.6.1: "the sum of the ratings of the opponents the player met over-the-board ... divided by the
    number of such opponents, and rounded to the nearest integer number (the higher, if the division ends
    for 0.5)"; 1.6.3: "If a player has yet to play a game, their ARO is zero"."""
    if not ratings:
        return 0
    total, count = sum(ratings), len(ratings)
    return (2 * total + count) // (2 * count)


def due_colour(sides: Sequence[Side]) -> tuple[Side, Strength]:
    """1.5.2: the colour preference and its strength.

    1.5.2.1-1.5.2.3 are the absolute, strong and mild preferences of the Basic Rules' colour history
    (shared with the other FIDE systems); 1.5.2.4: "Players who did not play any games are considered to
    have a mild colour preference for black"."""
    preference = colour_preference(sides)
    if preference.colour is None:
        return Side.SECOND, Strength.MILD
    return preference.colour, preference.strength


def provisional_ratings(request: PairingInput) -> tuple[dict[int, int], list[Decision]]:
    """1.1: "Each player must have a rating"; 1.1.2: "If a player does not have a rating, a provisional one
    must be assigned to the player by the arbiter".

    A rating of 0 means "no rating". The arbiter's provisional rating is the option
    ``provisional_rating`` (one value for every unrated player) or, per player, the rating the projection
    puts in the input. Unrated players left at 0 are named in the explanation as a 1.1.2 shortfall.
    """
    text = request.option("provisional_rating", "")
    provisional = 0
    if text:
        if not text.isdecimal():
            raise NoValidPairing(f"option provisional_rating must be a whole number, not {text!r}")
        provisional = int(text)
    ratings = {p.number: p.rating if p.rating > 0 else provisional for p in request.players}
    decisions = []
    unrated = sorted(p.number for p in request.players if p.rating <= 0)
    if unrated and provisional:
        decisions.append(Decision("1.1.2", f"provisional rating {provisional} for unrated players {unrated}"))
    elif unrated:
        decisions.append(
            Decision(
                "1.1.2",
                f"players {unrated} have no rating and no provisional rating was assigned: rating 0 is used",
                satisfied=False,
            )
        )
    return ratings, decisions


def initial_ranking(request: PairingInput, ratings: Mapping[int, int]) -> tuple[dict[int, int], list[Decision]]:
    """1.2: the pairing number (position in the initial ranking list) of every entrant.

    1.2.2: "Each time a player's rating is introduced or modified before the pairing of the fourth round,
    the arbiter must re-sort the initial ranking list" (C.04.2 Initial Order: rating, then the order
    already given, which carries titles and names). So up to round 4 the list is re-sorted by rating,
    keeping the given order between equal ratings; from round 5 the given pairing numbers stand. Option
    ``initial_ranking=as-given`` keeps the given numbers in every round. If re-sorting changes nothing,
    the given numbers are kept as they are (gaps included).
    """
    mode = request.option("initial_ranking", "resort")
    if mode not in ("resort", "as-given"):
        raise NoValidPairing(f"option initial_ranking must be resort or as-given, not {mode!r}")
    given = sorted(request.players, key=lambda p: (p.pairing_number, p.number))
    numbers = {p.number: p.pairing_number for p in given}
    if mode == "as-given" or request.round > 4:
        return numbers, []
    resorted = sorted(given, key=lambda p: -ratings[p.number])
    if resorted == given:
        return numbers, []
    moved = [p.number for p, q in zip(resorted, given, strict=True) if p.number != q.number]
    decision = Decision(
        "1.2.2",
        f"ratings are not in the order of the initial ranking list before round 4: re-sorted by rating, "
        f"players {moved} change pairing number",
    )
    return {p.number: index for index, p in enumerate(resorted, start=1)}, [decision]


def scores_before_each_round(request: PairingInput) -> dict[int, dict[int, float]]:
    """For each player, the score before each earlier round (by round number), from the history's points."""
    table: dict[int, dict[int, float]] = {}
    for player in request.players:
        running = 0.0
        before: dict[int, float] = {}
        for record in sorted(player.history, key=lambda r: r.round):
            before[record.round] = running
            running += record.points
        table[player.number] = before
    return table


def upfloat_history(request: PairingInput) -> dict[int, tuple[int, bool]]:
    """1.7.1 and [C10]: how often each player was upfloated, and whether in the previous round.

    An upfloater is a player paired in a bracket of a higher score (1.3.2), so a player was upfloated in
    a round when their opponent had more points before that round. Only games played over the board
    count, as for colours and [C1] (C.04.2): a forfeited game is treated as not having taken place.
    """
    before = scores_before_each_round(request)
    history: dict[int, tuple[int, bool]] = {}
    for player in request.players:
        count, last = 0, False
        for record in player.history:
            if not record.played or record.opponent is None:
                continue
            mine = before[player.number].get(record.round)
            theirs = before.get(record.opponent, {}).get(record.round)
            if mine is not None and theirs is not None and theirs > mine:
                count += 1
                last = last or record.round == request.round - 1
        history[player.number] = (count, last)
    return history


def contenders(request: PairingInput) -> tuple[list[Contender], list[Decision]]:
    """The ACTIVE players, in ranking order (score descending, then pairing number), with Article 1's data."""
    by_number = request.by_number
    ratings, decisions = provisional_ratings(request)
    tpns, ranking_decisions = initial_ranking(request, ratings)
    decisions += ranking_decisions
    floats = upfloat_history(request)
    maximum = max_t(request.total_rounds)
    forbidden = forbidden_partners(request)
    players = []
    for entrant in request.players:
        if entrant.status is not PlayerStatus.ACTIVE:
            continue
        players.append(_contender(entrant, by_number, ratings, tpns, floats, maximum, forbidden, request))
    players.sort(key=lambda c: (-c.score, c.tpn, c.number))
    return [_with_rank(c, rank) for rank, c in enumerate(players)], decisions


def _contender(
    entrant: Entrant,
    by_number: Mapping[int, Entrant],
    ratings: Mapping[int, int],
    tpns: Mapping[int, int],
    floats: Mapping[int, tuple[int, bool]],
    maximum: int,
    forbidden: Mapping[int, set[int]],
    request: PairingInput,
) -> Contender:
    opponents = played_opponents(entrant)
    missing = sorted(o for o in opponents if o not in by_number)
    if missing:
        raise NoValidPairing(f"player {entrant.number} met {missing}, who are not in the input: ARO (1.6) needs them")
    sides = played_sides(entrant.history)
    colour, strength = due_colour(sides)
    upfloats, last = floats[entrant.number]
    return Contender(
        number=entrant.number,
        rank=0,
        tpn=tpns[entrant.number],
        rating=ratings[entrant.number],
        score=entrant.score,
        sides=sides,
        colour_difference=colour_difference(sides),
        due_colour=colour,
        strength=strength,
        aro=average_rating_of_opponents(
            [ratings[r.opponent] for r in entrant.history if r.played and r.opponent is not None]
        ),
        games=len(sides),
        upfloats=upfloats,
        maximum_upfloater=upfloats >= maximum,
        upfloated_last_round=last,
        pab_eligible=eligible_for_pab(entrant, request.scoring),
        opponents=frozenset(opponents),
        forbidden=frozenset(forbidden.get(entrant.number, set())),
    )


def _with_rank(contender: Contender, rank: int) -> Contender:
    return evolve(contender, rank=rank)
