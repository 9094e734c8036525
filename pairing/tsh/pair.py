"""Manual pairings: tsh commands `PAIR p1 p2 round division` and `PairMany round division`.

The rules text: "tsh provides two commands for manual pairings. If you're just doing a few, then use
'PAIR p1 p2 round division'. ... To assign a player a bye, pair them against the fictitious player
0. If you need to do a lot of pairings, use the 'PairMany round division' command ... Use the
'ShowPairings' command to check your pairings after any manual changes, to make sure that all
players are paired and none are multiply paired (tsh will warn you of either situation). If you want
to pair partially manually and partially automatically ... Specify any manual pairings before using
that command."

The director's pairs come in the option `pairs` ("1-2 3-4 5-0"; 0 is the bye). Players left out are
paired by the engine named in `rest` (any tsh engine of this package, with the same options), or
else listed as unpaired with a warning, as tsh warns. The first-named player of a pair starts.
`UnPairRound` is not a pairing: the ledger withdraws a round's pairing (`PairingWithdrawn`).

Options: `pairs`, `rest`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import ClassVar

from attrs import evolve

from pairing.model import Decision, Engine, NoValidPairing, PairingInput, PairingOutcome, PlayerStatus
from pairing.tsh import options
from pairing.tsh.field import Draft, Field
from pairing.tsh.setup import RULES_EDITION, VERSION

ARTICLE = "PAIR"
PAIR = re.compile(r"(\d+)\s*[-:]\s*(\d+)")
BOARD = re.compile(r"^board (\d+):")


def parse_pairs(text: str) -> list[tuple[int, int]]:
    """ "1-2 3-4, 5-0" -> [(1, 2), (3, 4), (5, 0)]."""
    pairs = [(int(m[1]), int(m[2])) for m in PAIR.finditer(text)]
    if PAIR.sub(" ", text).replace(",", " ").replace(";", " ").strip():
        raise NoValidPairing(f"option pairs must list pairs such as '1-2 3-4 5-0', not {text!r}")
    return pairs


class Pair:
    """tsh `PAIR` / `PairMany`: the director's own pairings."""

    name: ClassVar[str] = "manual"
    version: ClassVar[str] = VERSION
    rules_edition: ClassVar[str] = RULES_EDITION

    def __init__(self, others: Mapping[str, Callable[[], Engine]] | None = None) -> None:
        """`others`: the systems option `rest` may name (tsh's other engines, given by `pairing.tsh`)."""
        self.others: Mapping[str, Callable[[], Engine]] = others or {}

    def pair(self, request: PairingInput) -> PairingOutcome:
        """Seat the director's pairs; pair the others by `rest` if given."""
        field = Field(request, options.based_on(request))
        draft = Draft(field)
        pairs = parse_pairs(request.option("pairs", ""))
        draft.head(ARTICLE, f"manual pairings: {len(pairs)} pair(s) given by the director")
        seen: set[int] = set()
        for a, b in pairs:
            for number in (a, b):
                if number == 0:
                    continue
                if number not in field.entrant:
                    raise NoValidPairing(f"manual pairing {a}-{b}: there is no player {number}")
                if number in seen:
                    raise NoValidPairing(f"manual pairing {a}-{b}: player {number} is paired twice")
                seen.add(number)
            if a == b:
                raise NoValidPairing(f"manual pairing {a}-{b}: a player cannot play themself")
            if 0 in (a, b):
                player = a or b
                draft.bye(player, ARTICLE, f"bye to {player}: paired with player 0 by the director")
            else:
                draft.board(a, b, ARTICLE, "paired by the director", first_named_starts=True)
        left = [p for p in field.active if p not in seen]
        rest = request.option("rest", "").strip()
        if left and rest:
            return self._with_rest(request, draft, left, rest)
        if left:
            draft.note(ARTICLE, f"not paired: {', '.join(map(str, left))} (tsh warns of unpaired players)", False)
        return draft.outcome()

    def _with_rest(self, request: PairingInput, draft: Draft, left: list[int], rest: str) -> PairingOutcome:
        if rest not in self.others:
            raise NoValidPairing(f"option rest must name a tsh system ({', '.join(sorted(self.others))}), not {rest!r}")
        players = tuple(p if p.number in left else evolve(p, status=PlayerStatus.ABSENT) for p in request.players)
        others = self.others[rest]().pair(evolve(request, players=players))
        mine = draft.outcome()
        offset = len(mine.boards)

        def renumbered(decision: Decision) -> Decision:
            text = BOARD.sub(lambda m: f"board {int(m[1]) + offset}:", decision.text, count=1)
            return evolve(decision, text=text)

        return evolve(
            mine,
            boards=mine.boards + others.boards,
            byes=mine.byes + others.byes,
            explanation=(
                *mine.explanation,
                Decision(ARTICLE, f"the other players are paired by {rest}"),
                *(renumbered(d) for d in others.explanation if not d.text.startswith("not paired this round")),
            ),
        )
