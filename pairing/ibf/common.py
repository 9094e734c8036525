"""What every IBF engine reads the same way: options, the seeded draw, and what a player's history says.

IBF Pairing Rules, Articles 2 and 4. Terms: a *walkover* is a win without a match (4.1: "a walkover
victory (e.g., due to an opponent's no-show or late arrival)"), a *plus* is the bye of an odd field
(4.4), and a *virtual opponent* is what a bye is played against (4.6: "a match against a virtual
opponent counts as a win but is not considered a victory for final placement"; 3.1.1).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from attrs import frozen

from pairing.model import (
    ByeKind,
    Decision,
    Entrant,
    NoValidPairing,
    Outcome,
    PairingInput,
    RoundRecord,
    Scoring,
)

WINNING_BYES = frozenset({ByeKind.PAIRING_ALLOCATED, ByeKind.FULL_POINT})
"""Byes that stand for a match won against a virtual opponent."""


# --- options --------------------------------------------------------------------------------------


def option_int(request: PairingInput, name: str, default: int, minimum: int = 0) -> int:
    """A whole-number option, at least `minimum`; NoValidPairing names a bad value."""
    text = request.option(name, str(default))
    if not text.isdecimal() or int(text) < minimum:
        raise NoValidPairing(f"option {name} must be a whole number of at least {minimum}, not {text!r}")
    return int(text)


def option_choice(request: PairingInput, name: str, default: str, choices: Sequence[str]) -> str:
    """An option that takes one of `choices`; NoValidPairing names the choices."""
    text = request.option(name, default)
    if text not in choices:
        raise NoValidPairing(f"option {name} must be one of {', '.join(choices)}, not {text!r}")
    return text


def option_yes(request: PairingInput, name: str, default: bool) -> bool:
    """A yes/no option."""
    return option_choice(request, name, "yes" if default else "no", ("yes", "no")) == "yes"


# --- the draw -------------------------------------------------------------------------------------


def draw_key(seed: int, purpose: str, item: int) -> bytes:
    """The lot drawn for `item`: sha256 of "seed|purpose|item". Documented so that anyone can redo a draw."""
    return hashlib.sha256(f"{seed}|{purpose}|{item}".encode()).digest()


def drawn(items: Iterable[int], seed: int | None, purpose: str) -> tuple[int, ...]:
    """`items` in the order of their lots: a reproducible draw. Without a seed, the order given."""
    if seed is None:
        return tuple(items)
    return tuple(sorted(items, key=lambda item: draw_key(seed, purpose, item)))


def event_seed(request: PairingInput) -> tuple[int | None, Decision | None]:
    """The seed of the draw held once before the event (4.5, 4.6, 3.1.2), or None and a warning.

    The option ``draw_seed`` carries it, the same in every round. Without it there is no draw: the players
    keep their pairing-number order (stable from round to round), and the explanation says so.
    """
    text = request.option("draw_seed")
    if text:
        if not text.lstrip("-").isdecimal():
            raise NoValidPairing(f"option draw_seed must be a whole number, not {text!r}")
        return int(text), None
    return None, Decision(
        "4.5",
        "no draw_seed option: no draw was held; pairing-number order stands in for the draw before the event",
        satisfied=False,
    )


# --- histories ------------------------------------------------------------------------------------


def is_virtual_win(record: RoundRecord) -> bool:
    """A match against a virtual opponent: a bye that counts as a win for pairing (4.6, 3.1.1)."""
    return record.opponent is None and record.bye in WINNING_BYES


def is_walkover(record: RoundRecord) -> bool:
    """A win without a match: a plus (4.4), or a win by the opponent's no-show (4.1)."""
    forfeit_win = record.opponent is not None and not record.played and record.outcome is Outcome.WIN
    return is_virtual_win(record) or forfeit_win


def is_win(record: RoundRecord) -> bool:
    """A win for pairing: a match won, played or not, or a match against a virtual opponent (4.6)."""
    return record.outcome is Outcome.WIN or is_virtual_win(record)


def is_loss(record: RoundRecord) -> bool:
    """A loss: a match lost, played or by forfeit, or an absence recorded as lost (4.2, zero-point bye)."""
    absent = record.opponent is None and record.bye is ByeKind.ZERO_POINT
    return record.outcome is Outcome.LOSS or absent


def wins(entrant: Entrant) -> int:
    """Wins for pairing (virtual opponents included)."""
    return sum(is_win(r) for r in entrant.history)


def losses(entrant: Entrant) -> int:
    return sum(is_loss(r) for r in entrant.history)


def real_wins(entrant: Entrant) -> int:
    """Wins for final placement: "a win against a virtual opponent does not count" (4.10). A win by a real
    opponent's forfeit counts."""
    return sum(r.outcome is Outcome.WIN and r.opponent is not None for r in entrant.history)


def walkovers(entrant: Entrant) -> int:
    return sum(is_walkover(r) for r in entrant.history)


def pairing_score(entrant: Entrant, scoring: Scoring) -> float:
    """Points for pairing, from the history: a match against a virtual opponent scores a win (4.6)."""
    return sum(scoring.win if is_virtual_win(r) else r.points for r in entrant.history)


def meetings(players: Iterable[Entrant]) -> Counter[frozenset[int]]:
    """How many times each pair of players has been paired (forfeits included: they were paired, 2.1)."""
    counts: Counter[frozenset[int]] = Counter()
    for player in players:
        for record in player.history:
            if record.opponent is not None and player.number < record.opponent:
                counts[frozenset((player.number, record.opponent))] += 1
    return counts


def last_opponent(entrant: Entrant) -> int | None:
    return entrant.history[-1].opponent if entrant.history else None


def record_of(entrant: Entrant, round_number: int) -> RoundRecord | None:
    """The player's record of tournament round `round_number`, if the history has one."""
    for record in entrant.history:
        if record.round == round_number:
            return record
    return None


# --- places ---------------------------------------------------------------------------------------


@frozen
class Place:
    """A player's final place; shared places are a range (4.10: "In case of tied results, the players share
    the respective placements")."""

    player: int
    first: int
    last: int

    @property
    def text(self) -> str:
        """ "3" or "3-5"."""
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last}"


def shared_places(keys: Mapping[int, tuple[float, ...]]) -> tuple[Place, ...]:
    """Places from a key per player (higher is better); equal keys share the range of places they cover.
    Sorted by place, then player number."""
    places = []
    for player, key in keys.items():
        better = sum(1 for other in keys.values() if other > key)
        equal = sum(1 for other in keys.values() if other == key)
        places.append(Place(player, better + 1, better + equal))
    return tuple(sorted(places, key=lambda p: (p.first, p.player)))
