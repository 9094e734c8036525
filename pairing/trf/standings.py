"""The final standings a TRF claims (rank column, cols 86-89) against its tie-break list (record ``202``).

TRF-2026 names the tie-breaks in ``202`` as comma-separated MTB26 descriptors (``BH/C1``, ``SB``...;
docs/research/fide/05-C07-tie-breaks.md, "TRF/MTB26 descriptor syntax"). The values come from a
`TiebreakValues` function that the caller supplies, since tie-breaks are computed above this layer
(`projections.tiebreaks`, wired in by the ``arbiter-pair`` command, `tui.pair`). Players are ordered by
points, then by each tie-break in turn (C.07 4.2); players equal on all of them are tied, and any order
among them (a drawing of lots) is accepted.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import groupby

from attrs import frozen

from pairing.model import Entrant, Scoring
from pairing.trf.convert import entrants, last_paired_round, scoring
from pairing.trf.document import TrfDocument

TiebreakValues = Callable[[Sequence[Entrant], Sequence[str], Scoring, int], Mapping[int, tuple[float, ...]]]
"""(players after the last round, tie-break codes, point system, rounds) -> player -> values, higher is
better; ValueError for a code it does not know."""

SWISS_TIEBREAKS = ("BH/C1", "BH", "BH/C2", "BH/M1", "SB", "DE", "WIN", "WON", "BPG", "PS", "ARO", "TPR")
"""The MTB26 descriptors of the individual Swiss tie-breaks the project computes (C.07 Arts. 6-10)."""

_MODIFIERS = {"/C1": "-C1", "/C2": "-C2", "/M1": "-M1", "/M2": "-M2", "/F": "-F"}
"""MTB26 modifiers and our codes' suffixes: Cut-1, Cut-2, Median-1, Median-2 (C.07 Art. 14) and AOB read with
FB (8.2, MTB26 `/F`)."""


def tiebreak_codes(descriptors: Sequence[str]) -> tuple[str, ...]:
    """The project's codes (`BH-C1`) of MTB26 descriptors (`BH/C1`); other descriptors pass unchanged."""
    codes = []
    for descriptor in descriptors:
        code = descriptor.strip().upper()
        for mtb, ours in _MODIFIERS.items():
            if code.endswith(mtb):
                code = code[: -len(mtb)] + ours
        codes.append(code)
    return tuple(codes)


def tiebreak_list(document: TrfDocument) -> tuple[str, ...]:
    """The MTB26 descriptors of the document's ``202`` record, in order (empty without one)."""
    text = document.tournament_text("202") or ""
    return tuple(item.strip() for item in text.split(",") if item.strip())


@frozen
class Place:
    """One player of the standings the tie-break list gives."""

    player: int
    points: float
    values: tuple[float, ...]
    first: int
    """The best rank the player may have: 1 + the players ahead on points and tie-breaks."""
    last: int
    """The worst: `first` + the players tied with them on everything - 1."""


def places(document: TrfDocument, descriptors: Sequence[str], values_of: TiebreakValues) -> list[Place]:
    """The standings after every round of the file, by points then the tie-breaks `descriptors`."""
    rounds = last_paired_round(document)
    points = scoring(document)
    players = entrants(document, rounds, points)
    values = values_of(players, tiebreak_codes(descriptors), points, rounds)
    keys = {p.number: (p.score, *values[p.number]) for p in players}
    order = sorted(players, key=lambda p: (tuple(-k for k in keys[p.number]), p.number))
    result: list[Place] = []
    for _, group in groupby(order, key=lambda p: keys[p.number]):
        tied = list(group)
        first = len(result) + 1
        result += [Place(p.number, p.score, values[p.number], first, first + len(tied) - 1) for p in tied]
    return result


def ranks(document: TrfDocument, descriptors: Sequence[str], values_of: TiebreakValues) -> dict[int, int]:
    """Player -> final rank: the tie-break list's order, tied players by starting rank."""
    return {place.player: rank for rank, place in enumerate(places(document, descriptors, values_of), start=1)}


@frozen
class Misplaced:
    """A player whose rank in the file is not one the tie-break list allows."""

    player: int
    rank: int | None
    """The file's rank (None: the column is blank)."""
    place: Place


def misplaced(document: TrfDocument, descriptors: Sequence[str], values_of: TiebreakValues) -> list[Misplaced]:
    """The players whose rank column does not follow the tie-break list, in standings order."""
    ranked = {p.start_rank: p.rank for p in document.players}
    return [
        Misplaced(place.player, ranked[place.player], place)
        for place in places(document, descriptors, values_of)
        if ranked[place.player] is None or not place.first <= ranked[place.player] <= place.last
    ]
