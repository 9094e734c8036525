"""FIDE (Dutch) System: FIDE Handbook C.04.3, 2025 edition ("Approved by the Council on 13/04/2024,
Applied from 1st July, 2025"; its effective date was moved to 1 February 2026), with the C.04.1 Basic
Rules and the C.04.2 General Handling Rules it relies on, and Baku acceleration (C.04.5 / C.04.7).

One module per part of the text, as for Dubov and Burstein: `definitions` (Article 1: scores,
floats, colour preferences, topscorers, the 1.2 order), `weights` (Articles 2-4: the absolute
criteria C1-C3, completion C4, the PAB C5, the quality criteria C6-C21, each a named field of the
edge weight, and the generation order), `brackets` (1.9 and Article 3: the bracket process) and
`colours` (Article 5). `shortcuts` holds the speed-ups and no rule.

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

from functools import partial

from pairing.fide.common.engine import FideSystem
from pairing.fide.dutch.brackets import pair_brackets
from pairing.fide.dutch.colours import allocate, initial_colour
from pairing.fide.dutch.definitions import (
    RULES_EDITION,
    Contender,
    contenders,
    pairing_numbers,
    pairing_scores,
)
from pairing.fide.dutch.shortcuts import Shortcuts
from pairing.model import Board, Bye, ByeKind, Decision, PairingInput, PairingOutcome, Side

__all__ = ["RULES_EDITION", "DutchSystem", "Shortcuts", "pair", "pairing_numbers", "pairing_scores"]


def board_order_key(pair: tuple[Contender, Contender]) -> tuple[float, float, int]:
    """C.04.2 3.6 (recommended board order): the higher score of the pair's higher-ranked player,
    then the higher sum of scores, then the better rank of the higher-ranked player."""
    a, b = pair
    top = a if a.rank < b.rank else b
    return (-top.score, -(a.score + b.score), top.rank)


def pair(request: PairingInput, shortcuts: Shortcuts | None = None) -> PairingOutcome:
    """Pair one round: brackets from the top (1.9), each by Articles 3 and 4, colours by Article 5.
    The same request always gives the same outcome; `shortcuts` (all taken by default) never
    changes it."""
    players = contenders(request)
    colour = initial_colour(request)
    explanation: list[Decision] = []
    if not players:
        return PairingOutcome(boards=(), explanation=(Decision("1.9", "nobody to pair"),))
    result = pair_brackets(players, explanation, shortcuts)
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
