"""The engines' contract: `engine.pair(PairingInput) -> PairingOutcome` (ARCHITECTURE.md, "Pairing engines").

Plain immutable values. A projection builds the input from the ledger; an engine reads nothing
else, so the same input always gives the same outcome, bit for bit (randomness only from
`PairingInput.seed`).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Protocol

from pairing.values import field, value


class Side(enum.StrEnum):
    """The side a player took on a board: White/Black in chess, the drawsheet's top/bottom line in
    backgammon (the top line plays the light checkers), who starts in Scrabble."""

    FIRST = "first"
    SECOND = "second"

    @property
    def other(self) -> Side:
        return Side.SECOND if self is Side.FIRST else Side.FIRST


class ByeKind(enum.StrEnum):
    """Why a player has no opponent in a round (C.04.1 and C.04.2 vocabulary)."""

    PAIRING_ALLOCATED = "pairing-allocated"
    """The PAB: given by the engine to the player left over in an odd field."""
    FULL_POINT = "full-point"
    HALF_POINT = "half-point"
    ZERO_POINT = "zero-point"


class Outcome(enum.StrEnum):
    """A player's outcome in one round, whatever the game."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


class Float(enum.StrEnum):
    """Float direction in a round (C.04.3 A.4): paired outside one's scoregroup."""

    NONE = "none"
    UP = "up"
    DOWN = "down"


class PlayerStatus(enum.StrEnum):
    ACTIVE = "active"
    ABSENT = "absent"
    """Not to be paired this round (a requested bye, or absent)."""
    WITHDRAWN = "withdrawn"
    ELIMINATED = "eliminated"


@value(kw_only=True)
class RoundRecord:
    """What happened to one player in one round."""

    round: int
    opponent: int | None
    """The opponent's player number, or None for a bye or an unpaired round."""
    side: Side | None
    outcome: Outcome | None
    """None while the game has no result."""
    points: float
    """Points scored in the tournament's scoring for that round (a PAB's points included)."""
    played: bool
    """False for byes, forfeits and unplayed rounds: they do not count for colours (C.04.1)."""
    bye: ByeKind | None = None
    float: Float = Float.NONE
    score_for: int | None = None
    """Game score: Scrabble points scored, or backgammon game-wins."""
    score_against: int | None = None


@value(kw_only=True)
class Entrant:
    """A player as an engine sees them."""

    number: int
    """The player's id: the start number given at registration."""
    pairing_number: int
    """Initial rank / pairing number (TPN, BSN)."""
    name: str
    rating: int = 0
    score: float = 0.0
    status: PlayerStatus = PlayerStatus.ACTIVE
    history: tuple[RoundRecord, ...] = ()
    """Rounds before the one to pair, in order."""
    requested_bye: ByeKind | None = None
    """The bye this player asked for in the round to pair (status is then ABSENT)."""
    team: str = ""
    federation: str = ""
    club: str = ""

    @property
    def opponents(self) -> tuple[int, ...]:
        return tuple(r.opponent for r in self.history if r.opponent is not None)


@value(kw_only=True)
class Scoring:
    """Points per outcome (C.02 and C.04.2: 1/½/0 unless the regulations say otherwise)."""

    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0
    pairing_allocated_bye: float = 1.0
    full_point_bye: float = 1.0
    half_point_bye: float = 0.5
    zero_point_bye: float = 0.0
    forfeit_win: float = 1.0
    forfeit_loss: float = 0.0

    def for_bye(self, kind: ByeKind) -> float:
        return {
            ByeKind.PAIRING_ALLOCATED: self.pairing_allocated_bye,
            ByeKind.FULL_POINT: self.full_point_bye,
            ByeKind.HALF_POINT: self.half_point_bye,
            ByeKind.ZERO_POINT: self.zero_point_bye,
        }[kind]


def _sorted_pairs(pairs: object) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(tuple(sorted(p)) for p in pairs))  # type: ignore[attr-defined]


@value(kw_only=True)
class PairingInput:
    """Everything an engine may read to pair one round."""

    system: str
    round: int
    """The round to pair, counted from 1."""
    total_rounds: int
    players: tuple[Entrant, ...]
    rules_edition: str = ""
    scoring: Scoring = Scoring()
    seed: int = 0
    forbidden_pairs: tuple[tuple[int, int], ...] = field(default=(), converter=_sorted_pairs)
    options: tuple[tuple[str, str], ...] = ()
    """System options as sorted (name, value) text pairs, e.g. ("double", "yes")."""

    def option(self, name: str, default: str = "") -> str:
        return dict(self.options).get(name, default)

    def player(self, number: int) -> Entrant:
        return self.by_number[number]

    @property
    def by_number(self) -> Mapping[int, Entrant]:
        return {p.number: p for p in self.players}


@value
class Board:
    first: int
    """Player number on the first side (White, top line, first to play)."""
    second: int


@value
class Bye:
    player: int
    kind: ByeKind
    points: float
    spread: int | None = None
    """Scrabble: the spread a bye carries when it is not the usual one (tsh: "For a bye, the 'score'
    is the spread awarded (e.g. 50 = bye win, -50 = forfeit loss)"); None for the usual."""


@value
class Decision:
    """One step of an engine's reasoning, in the rules' own article numbers."""

    article: str
    """E.g. "C1", "A.2", "Appendix 1": where a reader looks it up."""
    text: str
    satisfied: bool = True
    """False where a criterion could not be fully met."""


@value(kw_only=True)
class PairingOutcome:
    boards: tuple[Board, ...]
    byes: tuple[Bye, ...] = ()
    explanation: tuple[Decision, ...] = ()


class Engine(Protocol):
    """A pairing system. `pair` is a pure function of its input."""

    name: str
    version: str
    rules_edition: str

    def pair(self, request: PairingInput) -> PairingOutcome: ...


class NoValidPairing(Exception):
    """The rules admit no pairing for this input; the message says which rule blocks it."""
