"""The final standings a TRF claims (rank column, cols 86-89) against its tie-break list (record ``202``).

TRF-2026 names the tie-breaks in ``202`` as comma-separated MTB26 descriptors (``BH/C1``, ``SB``...;
docs/research/fide/05-C07-tie-breaks.md, "TRF/MTB26 descriptor syntax"); `tiebreak_codes` reads them as
the ledger's codes and `tiebreak_descriptors` writes them. The standings come from a `StandingsOf`
function that the caller supplies, since tie-breaks and the standings' order are computed above this
layer (`projections.standings.places_of`, wired in by the ``arbiter-pair`` command, `tui.pair`), the same
code that ranks the ledger's standings. What the arbiter decided by hand travels as ``###`` lines
(`ArbiterEntries`: orders of tied players, Q205; entered values, EXT, Q207), and so does the seed of a
drawing of lots (C.07 4.2, ``LOT``; `Lots`, Q206), so the lots can be drawn again. Players equal on
everything the file can show share a range of ranks, and any order among them is accepted: a shared
place, or a drawing of lots whose seed the file does not carry.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from decimal import Decimal
from functools import cached_property

from attrs import frozen

from pairing.model import Entrant, Scoring
from pairing.trf.convert import entrants, last_paired_round, scoring
from pairing.trf.document import CommentRecord, TrfDocument

SWISS_TIEBREAKS = (
    "DE", "DE/P", "WIN", "WON", "BPG", "BWG", "PS", "PS/C1", "REP", "STD", "TPN",
    "BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2", "FB", "FB/C1", "AOB", "AOB/F", "SB", "SB/C1",
    "KS", "KS/L60", "KS/L+1", "KS/L-1",
    "ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO", "RTNG",
)  # fmt: skip
"""The MTB26 descriptors of the individual tie-breaks of C.07 Art. 5 (2026) for a Swiss, with the
modifiers of Arts. 6.1.1 (``/P``), 8.2 (``/F``), 14 (cuts, medians) and 14.5 (the Koya Limit, ``/L``):
every C.07 code the ledger computes (`ledger.settings.TIEBREAK_CODES`) but the two that rank by what a
TRF does not compute, EXT (values the arbiter enters) and LOT (lots drawn with the tournament's seed).
The generator draws a random tie-break list from them (checklist Q25), and the checker checks each."""

ALIASES = {"GE": "REP"}
"""MTB26 names read as another code: GE, "Games one Elected to play", is REP since 2024-08 (C.07 7.6)."""

TIED_BY_HAND = "Tied players ranked by the arbiter: "
"""The ``###`` line of an order of tied players (Q205), start ranks best first, separated by spaces."""
EXTERNAL_VALUE = "Tie-break value EXT: player "
"""The ``###`` line of an entered EXT value (Q207): the start rank, a space, the value."""
LOTS_SEED = "Drawing of lots (C.07 4.2): seed "
"""The ``###`` line of the seed a list with ``LOT`` draws its lots with (Q206): the seed, a whole number."""
LOTS_ENTRIES = "Drawing of lots, entry numbers: "
"""The ``###`` lines of the players whose lots are drawn by another number than their start rank:
``START=ENTRY`` pairs separated by spaces."""
PAIRS_PER_LINE = 500
"""Players a line of pairs (``START=ENTRY``, ``START=ROUND``) names at most: a line is at most 10,000 characters."""
WITHDRAWN = "Withdrawn players, from round: "
"""The ``###`` lines of the players withdrawn (`Withdrawals`): ``START=ROUND`` pairs separated by spaces, the
start rank and the first round the player is out of; ``none`` alone when no player is."""
EXPELLED = "Expelled players, from round: "
"""The ``###`` lines of the players expelled (a withdrawal the arbiter flags as an expulsion, Q197), as
`WITHDRAWN`'s."""
NO_PLAYER = "none"


def tiebreak_codes(descriptors: Sequence[str]) -> tuple[str, ...]:
    """The ledger's codes of MTB26 descriptors: the modifier's ``/`` written ``-`` (``BH/C1`` -> ``BH-C1``,
    ``DE/P`` -> ``DE-P``, ``KS/L60`` -> ``KS-L60``, ``KS/L-1`` -> ``KS-L-1``), upper case, `ALIASES` read."""
    codes = []
    for descriptor in descriptors:
        code = descriptor.strip().upper().replace("/", "-")
        codes.append(ALIASES.get(code, code))
    return tuple(codes)


def tiebreak_descriptors(codes: Sequence[str]) -> tuple[str, ...]:
    """The MTB26 descriptors of the ledger's codes, for record ``202``: the inverse of `tiebreak_codes`
    (the first ``-``, between the acronym and its modifier, written ``/``)."""
    return tuple(code.replace("-", "/", 1) for code in codes)


def tiebreak_list(document: TrfDocument) -> tuple[str, ...]:
    """The MTB26 descriptors of the document's ``202`` record, in order (empty without one)."""
    text = document.tournament_text("202") or ""
    return tuple(item.strip() for item in text.split(",") if item.strip())


@frozen
class Lots:
    """C.07 4.2's drawing of lots (``LOT``) as a TRF can carry it: the tournament's seed, and the number each
    player's lot is drawn by (`projections.standings` redraws them): the player's entry number in the
    ledger, which is the start rank unless `entries` says otherwise."""

    seed: int | None
    """None on the entry numbers' lines alone (`entry_lines`), which `lots_of` joins to the seed's."""
    entries: tuple[tuple[int, int], ...] = ()
    """(start rank, entry number) of each player whose lot is drawn by another number than its start rank."""

    @cached_property
    def _entry_of(self) -> dict[int, int]:
        return dict(self.entries)

    def entry(self, start_rank: int) -> int:
        """The number the player's lot is drawn by."""
        return self._entry_of.get(start_rank, start_rank)

    def lines(self) -> list[str]:
        """The seed's line, then the entry numbers (`pair_lines`)."""
        return [f"{LOTS_SEED}{self.seed}", *pair_lines(LOTS_ENTRIES, self.entries)]


def pair_lines(prefix: str, pairs: Sequence[tuple[int, int]]) -> list[str]:
    """`prefix` and ``A=B`` pairs, `PAIRS_PER_LINE` pairs a line (none without pairs)."""
    written = [f"{first}={second}" for first, second in pairs]
    return [prefix + " ".join(written[at : at + PAIRS_PER_LINE]) for at in range(0, len(written), PAIRS_PER_LINE)]


@frozen
class Withdrawals:
    """The players withdrawn, "no longer paired" (C.04.2 3.2), as a TRF's ``###`` lines carry them: TRF has no
    withdrawal record, and the ``0000 - -`` a withdrawn player's line holds from the round the player is out of
    says, in the round to pair, a player absent from that round alone too. The lines say which it is, so a
    reader restores exactly the withdrawals of the ledger that wrote the file (docs/trf.md, "Withdrawals"); a
    file without them leaves the reading to the ``001`` lines."""

    withdrawn: tuple[tuple[int, int], ...] = ()
    """(start rank, first round out) of each player withdrawn and not expelled."""
    expelled: tuple[tuple[int, int], ...] = ()
    """(start rank, first round out) of each player expelled (Q197)."""

    def lines(self) -> list[str]:
        """The withdrawn players' lines, then the expelled players' (`pair_lines`); ``none`` when neither."""
        lines = pair_lines(WITHDRAWN, self.withdrawn) + pair_lines(EXPELLED, self.expelled)
        return lines or [WITHDRAWN + NO_PLAYER]


@frozen
class ArbiterEntries:
    """What the arbiter decided about the standings, as a TRF's ``###`` lines carry it (players by start
    rank): the orders of tied players (Q205), the EXT values (Q207), the drawing of lots' seed (C.07
    4.2, Q206) when the list draws lots, and the players withdrawn or expelled (`Withdrawals`)."""

    tied_orders: tuple[tuple[int, ...], ...] = ()
    external: tuple[tuple[int, float], ...] = ()
    lots: Lots | None = None
    withdrawals: Withdrawals | None = None
    """The players withdrawn and expelled, where the file states them (an expelled player has no place in a
    Swiss's standings, Q198)."""

    def lines(self) -> list[str]:
        """The ``###`` lines' text (after ``### ``), as `arbiter_entries` reads them back: each value written
        in full, without an exponent (`written_value`)."""
        values = [f"{EXTERNAL_VALUE}{player} {written_value(value)}" for player, value in self.external]
        orders = [f"{TIED_BY_HAND}{' '.join(map(str, order))}" for order in self.tied_orders]
        return values + orders + (self.lots.lines() if self.lots is not None else [])


def written_value(value: float) -> str:
    """An EXT value as its line writes it: the shortest decimal that reads back as the same number, with
    no exponent and no trailing zeros (``1.5``, ``-2``, ``0.00001``, ``12345.25``)."""
    return format(Decimal(repr(value)).normalize(), "f")


_NUMBER = r"[0-9]{1,4}"
_PAIRS = rf"{_NUMBER}={_NUMBER}(?: {_NUMBER}={_NUMBER})*"
_TIED_LINE = re.compile(rf"{re.escape(TIED_BY_HAND)}({_NUMBER}(?: {_NUMBER})+)")
_LOTS_SEED_LINE = re.compile(rf"{re.escape(LOTS_SEED)}([0-9]{{1,20}})")
_LOTS_ENTRIES_LINE = re.compile(rf"{re.escape(LOTS_ENTRIES)}({_PAIRS})")
_WITHDRAWN_LINE = re.compile(rf"({re.escape(WITHDRAWN)}|{re.escape(EXPELLED)})({_PAIRS}|{NO_PLAYER})")
_EXTERNAL_LINE = re.compile(rf"{re.escape(EXTERNAL_VALUE)}({_NUMBER}) (-?[0-9]{{1,6}}(?:\.[0-9]+)?)")


@frozen
class EntryLine:
    """One ``###`` line of an arbiter's entry, as the file gives it."""

    line: int
    """The line's number in the file (a parsed document holds one record a line, in order)."""
    text: str
    """The line after ``###``, without the blanks around it."""
    entries: ArbiterEntries
    """What it says: one order of tied players, one EXT value, the lots' seed or entry numbers, or players
    withdrawn or expelled."""
    value: str = ""
    """An EXT value as written, for a reader that takes the text (the ledger's `tiebreak-value`)."""


def entry_lines(document: TrfDocument) -> list[EntryLine]:
    """The ``###`` lines of the arbiter's entries (Q205, Q207, Q206's lots, the withdrawals), in the file's
    order; other comments are left alone. ValueError naming the line for one that starts as an entry but cannot
    be read."""
    found = []
    for number, record in enumerate(document.records, start=1):
        if not isinstance(record, CommentRecord):
            continue
        text = record.text.strip()
        if tied := _TIED_LINE.fullmatch(text):
            order = tuple(int(player) for player in tied[1].split())
            found.append(EntryLine(number, text, ArbiterEntries(tied_orders=(order,))))
        elif value := _EXTERNAL_LINE.fullmatch(text):
            found.append(
                EntryLine(number, text, ArbiterEntries(external=((int(value[1]), float(value[2])),)), value[2])
            )
        elif seed := _LOTS_SEED_LINE.fullmatch(text):
            found.append(EntryLine(number, text, ArbiterEntries(lots=Lots(int(seed[1])))))
        elif entries := _LOTS_ENTRIES_LINE.fullmatch(text):
            found.append(EntryLine(number, text, ArbiterEntries(lots=Lots(None, _pairs(entries[1])))))
        elif out := _WITHDRAWN_LINE.fullmatch(text):
            found.append(EntryLine(number, text, ArbiterEntries(withdrawals=_withdrawals(out[1], out[2]))))
        elif text.startswith((TIED_BY_HAND, EXTERNAL_VALUE, LOTS_SEED, LOTS_ENTRIES, WITHDRAWN, EXPELLED)):
            raise ValueError(
                f"line {number}: cannot read '### {text[:80]}': an order of tied players is '### {TIED_BY_HAND}"
                f"3 7 5' (two or more start ranks, best first), an EXT value '### {EXTERNAL_VALUE}7 1.5' (a start "
                f"rank and a number), the lots' seed '### {LOTS_SEED}12345', their entry numbers '### "
                f"{LOTS_ENTRIES}1=4 4=1' (start rank=entry number), players withdrawn or expelled '### "
                f"{WITHDRAWN}7=3 9=5' or '### {EXPELLED}4=2' (start rank=first round out; '### {WITHDRAWN}"
                f"{NO_PLAYER}')"
            )
    return found


def _pairs(text: str) -> tuple[tuple[int, int], ...]:
    """``A=B`` pairs separated by spaces, as numbers."""
    return tuple((int(first), int(second)) for first, second in (pair.split("=") for pair in text.split()))


def _withdrawals(prefix: str, text: str) -> Withdrawals:
    """One line of `WITHDRAWN` or `EXPELLED` (`prefix`), its pairs or `NO_PLAYER` (`text`)."""
    pairs = () if text == NO_PLAYER else _pairs(text)
    return Withdrawals(expelled=pairs) if prefix == EXPELLED else Withdrawals(withdrawn=pairs)


def arbiter_entries(document: TrfDocument) -> ArbiterEntries:
    """The `ArbiterEntries` of the document's ``###`` lines (`entry_lines`, whose ValueError it passes on;
    and ValueError for entry numbers of lots without their seed's line, or a seed given twice)."""
    lines = entry_lines(document)
    found = [line.entries for line in lines]
    return ArbiterEntries(
        tuple(order for entries in found for order in entries.tied_orders),
        tuple(value for entries in found for value in entries.external),
        lots_of(lines),
        withdrawals_of(lines),
    )


def withdrawals_of(lines: Sequence[EntryLine]) -> Withdrawals | None:
    """The players withdrawn and expelled that the lines state, all their lines together; None when no line
    states them (the file's ``001`` lines alone then tell)."""
    stated = [line.entries.withdrawals for line in lines if line.entries.withdrawals is not None]
    if not stated:
        return None
    return Withdrawals(
        tuple(pair for withdrawals in stated for pair in withdrawals.withdrawn),
        tuple(pair for withdrawals in stated for pair in withdrawals.expelled),
    )


def lots_of(lines: Sequence[EntryLine]) -> Lots | None:
    """The drawing of lots the lines carry: the seed's line and the entry numbers' lines together."""
    drawn = [(line.line, line.entries.lots) for line in lines if line.entries.lots is not None]
    seeds = [(number, lots.seed) for number, lots in drawn if lots.seed is not None]
    pairs = [pair for _, lots in drawn for pair in lots.entries]
    if len(seeds) > 1:
        raise ValueError(f"line {seeds[1][0]}: a second seed of the drawing of lots (the first is line {seeds[0][0]})")
    if not seeds:
        if pairs:
            raise ValueError(f"the file gives lots' entry numbers but no '### {LOTS_SEED}...' line")
        return None
    return Lots(seeds[0][1], tuple(pairs))


@frozen
class Place:
    """One player of the standings the tie-break list gives."""

    player: int
    points: float
    values: tuple[float, ...]
    """The values of the tie-breaks before any drawing of lots (``LOT``), in the list's order."""
    first: int
    """The best rank the player may have: 1 + the players ahead on points and tie-breaks."""
    last: int
    """The worst: `first` + the players tied with them on everything the file shows - 1."""


StandingsOf = Callable[[Sequence[Entrant], Sequence[str], Scoring, int, ArbiterEntries], Sequence[Place]]
"""(players after the last round, tie-break codes, point system, rounds, the arbiter's entries) -> the
standings, best first, players in a shared range by start rank; ValueError for a code it does not know."""


def places(document: TrfDocument, descriptors: Sequence[str], standings_of: StandingsOf) -> list[Place]:
    """The standings after every round of the file, by points then the tie-breaks `descriptors`, the
    arbiter's orders of tied players and EXT values from the ``###`` lines."""
    rounds = last_paired_round(document)
    points = scoring(document)
    players = entrants(document, rounds, points)
    known = {player.number for player in players}
    entries = arbiter_entries(document)
    named = {n for order in entries.tied_orders for n in order} | {n for n, _ in entries.external}
    if entries.withdrawals is not None:
        named |= {n for n, _ in entries.withdrawals.withdrawn + entries.withdrawals.expelled}
    strangers = sorted(named - known)
    if strangers:
        raise ValueError(f"a ### line names start rank {strangers[0]}, which has no 001 line")
    return list(standings_of(players, tiebreak_codes(descriptors), points, rounds, entries))


def ranks(document: TrfDocument, descriptors: Sequence[str], standings_of: StandingsOf) -> dict[int, int]:
    """Player -> final rank: the tie-break list's order, tied players by starting rank."""
    return {place.player: rank for rank, place in enumerate(places(document, descriptors, standings_of), start=1)}


@frozen
class Misplaced:
    """A player whose rank in the file is not one the tie-break list allows."""

    player: int
    rank: int | None
    """The file's rank (None: the column is blank)."""
    place: Place


def misplaced(document: TrfDocument, descriptors: Sequence[str], standings_of: StandingsOf) -> list[Misplaced]:
    """The players whose rank column does not follow the tie-break list, in standings order."""
    ranked = {p.start_rank: p.rank for p in document.players}
    return [
        Misplaced(place.player, ranked[place.player], place)
        for place in places(document, descriptors, standings_of)
        if ranked[place.player] is None or not place.first <= ranked[place.player] <= place.last
    ]
