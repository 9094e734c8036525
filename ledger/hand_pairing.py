"""The warnings of a hand pairing in FIDE mode (docs/fide-mode.md, "Q64-69 Manual pairing").

While the arbiter pairs a round by hand, each board and each pairing-allocated bye is checked against the
Basic Rules (C.04.1, `pairing.criteria.basic_rules`): Q66 asks a level 3 warning for a rematch, a
prohibited pair, the pairing-allocated bye to a player who may not have it (C.04.1 Art. 4) or who is not
of the lowest score among those who may, a third colour in a row, or a colour difference above two before
the last round; Q67 a level 2 warning when both players get the colour opposite to the one they expect.
When the hand pairing ends it is compared with the engine's pairing of the same round from the same input
(Q68); a difference is a level 4 warning with the engine's pairing shown beside it, recorded as a
pairing-integrity-breaching event (Q69: the TRF's `### MPA @ Round n: ...` line).
"""

from __future__ import annotations

from attrs import define, frozen

from ledger.fide_mode import Breach, Caution, Level
from pairing.criteria.basic_rules import colour_difference, colour_preference, eligible_for_pab, played_sides
from pairing.model import (
    Board,
    Bye,
    ByeKind,
    Entrant,
    NoValidPairing,
    PairingInput,
    PairingOutcome,
    PlayerStatus,
    Side,
)
from pairing.registry import engine_for

COLOUR_NAMES = {Side.FIRST: "White", Side.SECOND: "Black"}


def board_cautions(request: PairingInput, board: Board) -> list[Caution]:
    """Q66-67: what a hand-made board breaks, White (`board.first`) against Black."""
    white, black = request.player(board.first), request.player(board.second)
    shown = f"{board.first}-{board.second}"
    cautions = []
    if board.second in {r.opponent for r in white.history if r.played}:
        cautions.append(_q66(request, f"{shown} is a rematch: they played each other already (C.04.1 Art. 2)"))
    if tuple(sorted((board.first, board.second))) in request.forbidden_pairs:
        cautions.append(_q66(request, f"{shown} is a prohibited pairing"))
    for player, side in ((white, Side.FIRST), (black, Side.SECOND)):
        cautions += _colour_cautions(request, player, side, shown)
    if all(_against_expectation(player, side) for player, side in ((white, Side.FIRST), (black, Side.SECOND))):
        cautions.append(
            Caution(
                Level.ACKNOWLEDGE,
                "Q67",
                f"{shown}: both players get the colour opposite to the one they expect",
                round=request.round,
            )
        )
    return cautions


def _colour_cautions(request: PairingInput, player: Entrant, side: Side, shown: str) -> list[Caution]:
    """Q66: a third game in a row with the same colour, or a colour difference beyond -2..+2, before the last
    round (C.04.1 (g): "No player shall receive the same colour three times in a row", and (f), each with its
    last-round exception; docs/research/fide/01-C0401-basic-rules-swiss.md)."""
    if request.round >= request.total_rounds:
        return []
    sides = (*played_sides(player.history), side)
    colour = COLOUR_NAMES[side]
    cautions = []
    if len(sides) >= 3 and sides[-3] is sides[-2] is side:
        cautions.append(_q66(request, f"{shown}: {player.number} gets {colour} a third time in a row"))
    if abs(colour_difference(sides)) > 2:
        cautions.append(
            _q66(request, f"{shown}: {player.number}'s colour difference becomes {colour_difference(sides)}")
        )
    return cautions


def _against_expectation(player: Entrant, side: Side) -> bool:
    """Q67: the player expects a colour (C.04.3 1.7: any preference) and gets the other."""
    expected = colour_preference(played_sides(player.history)).colour
    return expected is not None and expected is not side


def bye_cautions(request: PairingInput, number: int) -> list[Caution]:
    """Q66: the pairing-allocated bye to a player who may not have it (C.04.1 Art. 4: already had it, or
    scored a win's points without playing), or to one above the lowest score of those who may."""
    player = request.player(number)
    if not eligible_for_pab(player, request.scoring):
        return [_q66(request, f"the pairing-allocated bye to {number}, who may not have it (C.04.1 Art. 4)")]
    eligible = [p for p in request.players if p.status is PlayerStatus.ACTIVE and eligible_for_pab(p, request.scoring)]
    lowest = min(p.score for p in eligible)
    if player.score > lowest:
        return [
            _q66(
                request,
                f"the pairing-allocated bye to {number} with {player.score:g} points, above the lowest score "
                f"({lowest:g}) of the players who may have it",
            )
        ]
    return []


def _q66(request: PairingInput, text: str) -> Caution:
    return Caution(Level.CONFIRM, "Q66", text, round=request.round)


def outcome_cautions(request: PairingInput, outcome: PairingOutcome) -> list[Caution]:
    """Q66-67 for a whole hand pairing given at once (`arbiter pair --manual`)."""
    cautions = [c for board in outcome.boards for c in board_cautions(request, board)]
    return cautions + [c for bye in pab(outcome) for c in bye_cautions(request, bye.player)]


def pab(outcome: PairingOutcome) -> list[Bye]:
    return [bye for bye in outcome.byes if bye.kind is ByeKind.PAIRING_ALLOCATED]


@frozen
class Comparison:
    """A hand pairing beside the engine's pairing of the same round from the same input (Q68)."""

    hand: PairingOutcome
    engine: PairingOutcome | None
    """None when the engine finds no pairing."""
    engine_name: str
    refusal: str = ""

    @property
    def only_by_hand(self) -> list[str]:
        """The hand pairing's boards ("White-Black") and bye ("bye N") that the engine's pairing has not."""
        theirs = set(pairing_items(self.engine))
        return [item for item in pairing_items(self.hand) if item not in theirs]

    @property
    def only_by_engine(self) -> list[str]:
        ours = set(pairing_items(self.hand))
        return [item for item in pairing_items(self.engine) if item not in ours]

    @property
    def differs(self) -> bool:
        return bool(self.only_by_hand or self.only_by_engine) or self.engine is None

    def caution(self, round_number: int) -> Caution | None:
        """Q69: a level 4 warning with the engine's pairing shown, recorded as an MPA."""
        if not self.differs:
            return None
        engine = (
            f"{self.engine_name} pairs {', '.join(self.only_by_engine)}"
            if self.engine
            else f"{self.engine_name} finds no pairing ({self.refusal})"
        )
        return Caution(
            Level.CONFIRM_TWICE,
            "Q69",
            f"the hand pairing differs from {self.engine_name}'s: by hand {', '.join(self.only_by_hand)}; {engine}",
            f"round {round_number} is published as paired by hand, not as the FIDE system pairs it; the "
            "difference is recorded in the log and written to the TRF as an MPA line",
            Breach.MANUAL_PAIRING,
            round_number,
        )


@frozen
class EnginePairing:
    """What an engine made of one input: its pairing, or None and why it found none."""

    name: str
    outcome: PairingOutcome | None
    refusal: str = ""


@define
class EnginePairings:
    """The engine's pairing of the round being paired by hand, made once per round state (Q68).

    The hand pairing is compared with the engine's pairing of the same round from the same input after every
    step (the desk's Pair by hand screen shows both) and at its end. Each step is an event, so the ledger's
    position moves while the engine's input stays the same: the key is the input itself (an engine is a pure
    function of its input, docs/design.md, "Reproducible pairings"), and the engine pairs again only when the
    round state it reads changes (a result corrected, a player withdrawn or entered). One pairing is kept: the
    round in play."""

    _system: str = ""
    _request: PairingInput | None = None
    _made: EnginePairing | None = None
    computed: int = 0
    """How many times an engine was run (the benchmark and the tests read it)."""

    def compare(self, system: str, request: PairingInput, hand: PairingOutcome) -> Comparison:
        """Q68: `hand` beside the pairing `system`'s engine makes from `request` (or its refusal)."""
        made = self._made
        if made is None or system != self._system or not (request is self._request or request == self._request):
            made = self._made = self._pair(system, request)
            self._system, self._request = system, request
        return Comparison(hand, made.outcome, made.name, made.refusal)

    def _pair(self, system: str, request: PairingInput) -> EnginePairing:
        engine = engine_for(system)
        self.computed += 1
        try:
            return EnginePairing(engine.name, engine.pair(request))
        except NoValidPairing as refusal:
            return EnginePairing(engine.name, None, str(refusal))


def pairing_items(outcome: PairingOutcome | None) -> list[str]:
    """A pairing's boards ("White-Black") in board order and its pairing-allocated bye ("bye N")."""
    if outcome is None:
        return []
    return [f"{b.first}-{b.second}" for b in outcome.boards] + [f"bye {bye.player}" for bye in pab(outcome)]
