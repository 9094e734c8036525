"""FIDE (Dutch) System: FIDE Handbook C.04.3, 2025 edition ("Approved by the Council on 13/04/2024,
Applied from 1st July, 2025"; its effective date was moved to 1 February 2026), with the C.04.1 Basic
Rules and the C.04.2 General Handling Rules it relies on, and Baku acceleration (C.04.5 / C.04.7).

Functions follow the handbook: Article 1 (definitions: scores, floats, colour preferences,
topscorers), Articles 2-4 (criteria: absolute C1-C3, completion C4, PAB C5, quality C6-C21; the
bracket process and the order in which candidates are generated, in `pairing.fide.dutch_brackets`)
and Article 5 (colours, in `pairing.fide.dutch_colours`).

Method. Article 3.8 chooses, bracket by bracket from the top, the candidate that "better satisfies
a quality criterion of higher priority", and on a full tie the one "generated earlier". The TEC
annotation allows any method "provided it yields identical results". Here every criterion and then
the generation order (Article 4) become bit fields of one integer edge weight, highest priority in
the highest bits, and a maximum-weight matching over all players not yet paired picks the candidate:
the players below the bracket take part so that C4 (a complete pairing of everyone left) and C8 (the
next bracket) are judged exactly. Deviations: none known; docs/dutch.md gives the readings chosen
where the text is silent.
"""

from __future__ import annotations

import math
from functools import partial

from pairing.criteria.basic_rules import (
    colour_difference,
    colour_preference,
    eligible_for_pab,
    played_opponents,
    played_sides,
    unplayed_rounds,
)
from pairing.fide.common.definitions import forbidden_partners
from pairing.fide.common.engine import FideSystem
from pairing.fide.dutch_brackets import Contender, pair_brackets
from pairing.fide.dutch_colours import allocate
from pairing.model import (
    Board,
    Bye,
    ByeKind,
    Decision,
    Entrant,
    Float,
    NoValidPairing,
    PairingInput,
    PairingOutcome,
    PlayerStatus,
    Side,
)

RULES_EDITION = "C.04.3 (2025)"


def virtual_points(request: PairingInput) -> dict[tuple[int, int], float]:
    """Acceleration: (player, round) -> virtual points.

    ``acceleration=baku`` (C.04.5 Baku Acceleration): GA is "the first half of the players, rounded
    up to the nearest even number" (2 ceil(N/4) by pairing number); in the first half (rounded up) of
    the first ceil(R/2) rounds GA players get the points for a win, in the rest of those rounds
    half of it. ``acceleration=explicit`` reads ``virtual_points`` = "player:round:points,..."
    (TRF ``XXA``/``250``)."""
    kind = request.option("acceleration", "none")
    table: dict[tuple[int, int], float] = {}
    if kind == "baku":
        ordered = sorted(request.players, key=lambda p: p.pairing_number)
        group_a = {p.number for p in ordered[: 2 * math.ceil(len(ordered) / 4)]}
        accelerated = math.ceil(request.total_rounds / 2)
        full = math.ceil(accelerated / 2)
        for number in group_a:
            for round_number in range(1, accelerated + 1):
                win = request.scoring.win
                table[number, round_number] = win if round_number <= full else win / 2
    elif kind == "explicit":
        for item in filter(None, request.option("virtual_points").split(",")):
            player, round_number, value = item.split(":")
            table[int(player), int(round_number)] = float(value)
    elif kind not in ("none", ""):
        raise NoValidPairing(f"unknown acceleration {kind!r}: use baku, explicit or none")
    return table


def pairing_scores(request: PairingInput) -> dict[int, list[float]]:
    """For each player, the pairing score before rounds 1..request.round (1.2.1 "score"; with
    acceleration, "standings points + virtual points")."""
    bonus = virtual_points(request)
    scores: dict[int, list[float]] = {}
    for player in request.players:
        running = 0.0
        before = []
        for round_number in range(1, request.round + 1):
            before.append(running + bonus.get((player.number, round_number), 0.0))
            if round_number <= len(player.history):
                running += player.history[round_number - 1].points
        scores[player.number] = before
    return scores


def floats(request: PairingInput, scores: dict[int, list[float]]) -> dict[int, dict[int, Float]]:
    """1.4: the float each player received in each earlier round.

    1.4.2 "When two players with different scores meet, the higher-ranked gets a downfloat and the
    lower an upfloat"; 1.4.3 "A player who, for whatever reason, scores without playing in a round
    more points than those rewarded for a loss, also receives a downfloat" (a PAB too); 1.4.4 no
    one else floats. A forfeited game is not a meeting: only its winner floats (down), by 1.4.3.
    """
    table: dict[int, dict[int, Float]] = {}
    for player in request.players:
        row: dict[int, Float] = {}
        for record in player.history:
            direction = Float.NONE
            if record.played and record.opponent is not None and record.opponent in scores:
                mine = scores[player.number][record.round - 1]
                theirs = scores[record.opponent][record.round - 1]
                direction = Float.DOWN if mine > theirs else Float.UP if mine < theirs else Float.NONE
            elif not record.played and (
                record.bye is ByeKind.PAIRING_ALLOCATED or record.points > request.scoring.loss
            ):
                direction = Float.DOWN
            row[record.round] = direction
        table[player.number] = row
    return table


def pairing_numbers(request: PairingInput) -> dict[int, int]:
    """TPN -> the pairing number 5.2.5 reads: the TPNs of the players this round's pairing knows,
    renumbered from 1. A player not to be paired now who has never taken part in a pairing (absent
    or on a requested bye since the start) is not numbered yet; everyone else keeps their place.

    The text says "pairing number"; this reading reproduces every one of the 8,950 decisions 5.2.5
    takes in the reference tournaments (docs/dutch.md), where plain TPNs missed 4 in round 2 and
    plain TPNs in round 1 missed whenever a player was absent from it."""
    numbered = sorted(
        p.pairing_number for p in request.players if p.status is PlayerStatus.ACTIVE or took_part_in_pairing(p)
    )
    return {tpn: index for index, tpn in enumerate(numbered, start=1)}


def took_part_in_pairing(player: Entrant) -> bool:
    """Whether an earlier round paired the player: a game (played or forfeited) or the PAB."""
    return any(r.opponent is not None or r.bye is ByeKind.PAIRING_ALLOCATED for r in player.history)


def topscorer_threshold(request: PairingInput) -> float | None:
    """1.8: topscorers have "a score of over 50% of the maximum possible score when pairing the
    final round"; None before the final round (there are no topscorers then)."""
    if request.round != request.total_rounds:
        return None
    return request.scoring.win * (request.round - 1) / 2


def contenders(request: PairingInput) -> list[Contender]:
    """The players to pair, in 1.2 order: score (descending), then TPN (ascending)."""
    scores = pairing_scores(request)
    float_table = floats(request, scores)
    threshold = topscorer_threshold(request)
    forbidden = forbidden_partners(request)
    chosen: list[Contender] = []
    for player in request.players:
        if player.status is not PlayerStatus.ACTIVE:
            continue
        sides = played_sides(player.history)
        row = float_table[player.number]
        real = sum(r.points for r in player.history)
        chosen.append(
            Contender(
                number=player.number,
                tpn=player.pairing_number,
                score=scores[player.number][request.round - 1],
                sides=sides,
                cd=colour_difference(sides),
                preference=colour_preference(sides),
                float_1=row.get(request.round - 1, Float.NONE),
                float_2=row.get(request.round - 2, Float.NONE),
                pab_eligible=eligible_for_pab(player, request.scoring),
                unplayed=unplayed_rounds(player),
                topscorer=threshold is not None and real > threshold,
                avoid=frozenset(played_opponents(player) | forbidden.get(player.number, set())),
            )
        )
    numbering = pairing_numbers(request)
    for contender in chosen:
        contender.tpn = numbering[contender.tpn]
    chosen.sort(key=lambda c: (-c.score, c.tpn))
    for index, contender in enumerate(chosen):
        contender.rank = index
    return chosen


def initial_colour(request: PairingInput) -> Side:
    """5.1: the initial-colour "drawn by lot" before round 1 (option ``initial_colour``)."""
    text = request.option("initial_colour", "white").lower()
    if text not in ("white", "black"):
        raise NoValidPairing(f"option initial_colour must be white or black, not {text!r}")
    return Side.FIRST if text == "white" else Side.SECOND


def board_order_key(pair: tuple[Contender, Contender]) -> tuple[float, float, int]:
    """C.04.2 3.6 (recommended board order): the higher score of the pair's higher-ranked player,
    then the higher sum of scores, then the better rank of the higher-ranked player."""
    a, b = pair
    top = a if a.rank < b.rank else b
    return (-top.score, -(a.score + b.score), top.rank)


def pair(request: PairingInput) -> PairingOutcome:
    """Pair one round: brackets from the top (1.9), each by Articles 3 and 4, colours by Article 5."""
    players = contenders(request)
    colour = initial_colour(request)
    explanation: list[Decision] = []
    if not players:
        return PairingOutcome(boards=(), explanation=(Decision("1.9", "nobody to pair"),))
    result = pair_brackets(players, explanation)
    boards: list[Board] = []
    for a, b in sorted(result.pairs, key=board_order_key):
        higher, lower = (a, b) if a.rank < b.rank else (b, a)
        side, article = allocate(
            (higher.preference, higher.sides, higher.cd, higher.tpn),
            (lower.preference, lower.sides, lower.cd, lower.tpn),
            colour,
        )
        first, second = (higher, lower) if side is Side.FIRST else (lower, higher)
        boards.append(Board(first.number, second.number))
        explanation.append(
            Decision(article, f"board {len(boards)}: {first.number} takes the first side against {second.number}")
        )
    byes: list[Bye] = []
    if result.bye is not None:
        byes.append(Bye(result.bye.number, ByeKind.PAIRING_ALLOCATED, request.scoring.pairing_allocated_bye))
        explanation.append(
            Decision(
                "C5", f"player {result.bye.number} (score {result.bye.score:g}) receives the pairing-allocated bye"
            )
        )
    return PairingOutcome(boards=tuple(boards), byes=tuple(byes), explanation=tuple(explanation))


DutchSystem = partial(FideSystem, "dutch", RULES_EDITION, pair)
"""The "dutch" system's engine: C.04.3 (2025)."""
