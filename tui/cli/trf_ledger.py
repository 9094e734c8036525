"""TRF documents to and from the ledger, for `arbiter export-trf` and `arbiter import-trf`
(tui/cli/trf_io.py, which imports this module in those two handlers, so that building the parser does
not load the TRF model): the export's records and `###` change lines, and a file's rounds, byes,
requests and details read back and checked before anything is appended."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from decimal import Decimal
from itertools import combinations, count
from pathlib import Path
from typing import Any, NoReturn

from attrs import evolve, frozen

from ledger.application import Ledger
from ledger.details import TEXT_FIELDS
from ledger.details import checked as checked_details
from ledger.domain import Round
from ledger.errors import InvalidInput, UnknownPlayer
from ledger.ratings import rating_method, trf_rating
from ledger.results import chess_code
from ledger.settings import check_tiebreaks
from pairing.fide.acceleration import virtual_points as accelerated
from pairing.model import ByeKind, Outcome, RoundRecord, Scoring, Side
from pairing.trf import TrfDocument, TrfSyntaxError, parse
from pairing.trf.convert import (
    REQUESTED,
    TrfConversionError,
    check_players,
    pairing_numbers,
    player_lines,
    points_for,
    ranked_by_position,
    virtual_points,
)
from pairing.trf.convert import scoring as trf_scoring
from pairing.trf.document import (
    AccelerationRecord,
    ByeRecord,
    Colour,
    CommentRecord,
    ForbiddenPairsRecord,
    InitialColourRecord,
    JavafoConfigRecord,
    JavafoPlayersRecord,
    PlayerRecord,
    RoundEntry,
    RoundsRecord,
    ScoringRecord,
    TournamentRecord,
)
from pairing.trf.document import ResultCode as R
from pairing.trf.standings import (
    ArbiterEntries,
    EntryLine,
    Lots,
    Withdrawals,
    entry_lines,
    lots_of,
    pair_lines,
    tiebreak_codes,
    tiebreak_descriptors,
    tiebreak_list,
)
from projections.audit import audit_lines
from projections.history import histories, pairing_input
from projections.standings import standings
from projections.state import RatingCorrection, RoundView, TournamentState
from tui.cli.audit_page import DECISIONS

BYE_CODES = {
    ByeKind.PAIRING_ALLOCATED: R.PAIRING_ALLOCATED_BYE,
    ByeKind.FULL_POINT: R.FULL_POINT_BYE,
    ByeKind.HALF_POINT: R.HALF_POINT_BYE,
    ByeKind.ZERO_POINT: R.ZERO_POINT_BYE,
}


PLAYED = {Outcome.WIN: R.WIN, Outcome.DRAW: R.DRAW, Outcome.LOSS: R.LOSS}
UNRATED_PLAYED = {Outcome.WIN: R.UNRATED_WIN, Outcome.DRAW: R.UNRATED_DRAW, Outcome.LOSS: R.UNRATED_LOSS}
"""A game that "lasted less than one move": played, not rated (TRF16 ``W``, ``D``, ``L``)."""


def _exported_entry(
    record: RoundRecord, tpn: dict[int, int], scheduled: dict[int, Colour], games: GamesWritten, number: int
) -> RoundEntry:
    """One round of a ``001`` line. TRF16: byes and rounds not paired against ``0000`` (``-`` for a
    round the player was not paired in), a forfeit with "the scheduled colour", an unrated game ``W``,
    ``D``, ``L``; TRF-2026: an adjourned game without its result ``?`` (docs/trf.md, "Adjourned games")."""
    if record.opponent is None:
        code = BYE_CODES[record.bye] if record.bye is not None else R.FORFEIT_LOSS
        return RoundEntry(opponent=0, colour=Colour.NONE, result=code)
    if record.played:
        colour = Colour.WHITE if record.side is Side.FIRST else Colour.BLACK
        result = games.code(record, number)
        return RoundEntry(opponent=tpn[record.opponent], colour=colour, result=result)
    result = R.FORFEIT_WIN if record.outcome is Outcome.WIN else R.FORFEIT_LOSS
    return RoundEntry(opponent=tpn[record.opponent], colour=scheduled.get(record.round, Colour.NONE), result=result)


def _scheduled_colours(state: TournamentState, rounds: int) -> dict[int, dict[int, Colour]]:
    """Player -> round -> the colour the pairing gave (the first side is White)."""
    colours: dict[int, dict[int, Colour]] = {}
    for number in range(1, rounds + 1):
        view = state.rounds.get(number)
        for board in view.boards if view is not None and view.paired else ():
            colours.setdefault(board.first, {})[number] = Colour.WHITE
            colours.setdefault(board.second, {})[number] = Colour.BLACK
    return colours


def _next_round_entry(state: TournamentState, number: int, round_number: int) -> RoundEntry | None:
    """The column of the round to be paired: the bye asked for, or ``0000 - -`` for a withdrawn player
    (bbpPairings and JaVaFo leave both out of that round's pairing)."""
    requested = state.requested_byes.get(round_number, {}).get(number)
    if requested is not None:
        return RoundEntry(opponent=0, colour=Colour.NONE, result=BYE_CODES[requested])
    if state.players[number].is_withdrawn_for(round_number):
        return RoundEntry(opponent=0, colour=Colour.NONE, result=R.FORFEIT_LOSS)
    return None


def _scoring_record(scoring: Scoring, adjourned: bool) -> list[ScoringRecord]:
    """TRF-2026 ``162``, when the points differ from 1/½/0 or an `adjourned` game is written ``?``: then
    ``X``, the points of an unknown result, is a draw's (C.04.2 3.1; docs/trf.md, "Adjourned games")."""
    if scoring == Scoring() and not adjourned:
        return []
    values = [
        ("W", scoring.win),
        ("D", scoring.draw),
        ("L", scoring.loss),
        ("A", scoring.zero_point_bye),
        ("P", scoring.pairing_allocated_bye),
    ]
    values += [("X", scoring.draw)] if adjourned else []
    return [ScoringRecord(values=tuple((symbol, Decimal(str(value))) for symbol, value in values))]


@frozen
class GamesWritten:
    """(round, player) of the games of the rounds written that a ``001`` line writes other than ``1``, ``=``,
    ``0``: adjourned and still without a result (``?``, Q164), or unrated (``W``, ``D``, ``L``)."""

    adjourned: frozenset[tuple[int, int]]
    unrated: frozenset[tuple[int, int]]

    def code(self, record: RoundRecord, player: int) -> R:
        """The result code of `player`'s played game in `record` (`player` numbered in the ledger)."""
        if (record.round, player) in self.adjourned:
            return R.UNKNOWN
        codes = UNRATED_PLAYED if (record.round, player) in self.unrated else PLAYED
        return codes[record.outcome]  # type: ignore[index]


def games_written(state: TournamentState, rounds: int) -> GamesWritten:
    """The `GamesWritten` of rounds 1..`rounds`."""
    return GamesWritten(
        adjourned=_players_on(state, rounds, lambda view: view.adjourned_pending),
        unrated=_players_on(state, rounds, lambda view: (b for b, result in view.results.items() if not result.rated)),
    )


def _players_on(
    state: TournamentState, rounds: int, boards: Callable[[RoundView], Iterable[int]]
) -> frozenset[tuple[int, int]]:
    """(round, player) of both players of the `boards` of each round 1..`rounds` paired."""
    return frozenset(
        (number, player)
        for number, view in state.rounds.items()
        if number <= rounds and view.paired
        for board in boards(view)
        for player in (view.boards[board - 1].first, view.boards[board - 1].second)
    )


def _fitted(text: str, width: int, what: str, player: int, warnings: list[str]) -> str:
    """`text` cut to its TRF16 field, with a warning when it had to be cut."""
    if len(text) <= width:
        return text
    warnings.append(f"warning: player {player}: {what} {text!r} cut to {width} characters: {text[:width]!r}")
    return text[:width]


def _player_record(
    state: TournamentState,
    number: int,
    tpn: dict[int, int],
    rounds: int,
    scheduled: dict[int, Colour],
    games: GamesWritten,
    warnings: list[str],
) -> PlayerRecord:
    player = state.players[number]
    table = histories(state, rounds)[number]
    entries = [_exported_entry(record, tpn, scheduled, games, number) for record in table]
    upcoming = _next_round_entry(state, number, rounds + 1) if rounds < state.total_rounds else None
    points = sum(r.points for r in table)
    if upcoming is not None:
        entries.append(upcoming)
        points += points_for(upcoming, state.require_settings().scoring)  # JaVaFo AUM: a bye asked for counts
    rating = trf_rating(rating_method(state.require_settings().options), player.fide_rating, player.rating)
    if rating > 9999:
        warnings.append(f"warning: player {number}: rating {rating} does not fit TRF16 cols 49-52; left blank")
        rating = 0
    return PlayerRecord(
        start_rank=tpn[number],
        title=_fitted(player.title, 3, "title", number, warnings),
        name=_fitted(player.name, 33, "name", number, warnings),
        rating=rating,
        federation=_fitted(player.federation, 3, "federation", number, warnings),
        fide_id=player.external_id if player.external_id.isdigit() and len(player.external_id) <= 11 else "",
        points=Decimal(str(points)),
        rank=None,
        rounds=tuple(entries),
    )


def header_records(
    details: dict[str, Any], players: list[PlayerRecord], round_dates: dict[int, str]
) -> list[TournamentRecord]:
    """TRF16 records 022-132 (C.04 Annex 2, "Tournament Section"): the tournament's details, the
    number of players (062) and of rated players (072), one 112 line per deputy, and the round dates
    (132: ``YY/MM/DD`` at cols 92-99 + 10 (r - 1), under the rounds of the ``001`` lines). A date the
    details do not give is the day the round was paired (`round_dates`)."""
    text = {code: details.get(field, "") for field, code in TEXT_FIELDS.items()}
    text["062"] = str(len(players))
    text["072"] = str(sum(1 for p in players if p.rating))
    records = [
        TournamentRecord(code=code, text=text[code])
        for code in ("022", "032", "042", "052", "062", "072", "092", "102")
        if text[code]
    ]
    records += [TournamentRecord(code="112", text=name) for name in details.get("deputies", [])]
    if text["122"]:
        records.append(TournamentRecord(code="122", text=text["122"]))
    given = dict(enumerate(details.get("round_dates", []), start=1))
    dates = [given.get(r) or round_dates.get(r, "") for r in range(1, max([0, *given, *round_dates]) + 1)]
    if any(dates):
        blocks = "".join(f"{date[2:] if len(date) == 10 else '':<8}  " for date in dates)
        records.append(TournamentRecord(code="132", text=(" " * 87 + blocks).rstrip()))
    return records


def details_of(document: TrfDocument) -> tuple[dict[str, Any], list[str]]:
    """The report details a TRF's records 022-132 hold, and a warning for each value left out because
    the ledger cannot keep it (a date it cannot read, a federation that is not a code)."""
    found: dict[str, Any] = {
        field: (document.tournament_text(code) or "").strip() for field, code in TEXT_FIELDS.items()
    }
    for field in ("start", "end"):
        if found[field]:
            found[field] = _full_date(found[field]) or found[field]
    deputies = [r.text.strip() for r in document.records if isinstance(r, TournamentRecord) and r.code == "112"]
    found["deputies"] = [d for d in deputies if d]
    line = document.tournament_text("132") or ""
    dates = [_full_date(line[87 + 10 * i : 95 + 10 * i].strip()) for i in range(max(0, len(line) - 87 + 9) // 10)]
    found["round_dates"] = [d or "" for d in dates] if any(dates) else []
    details: dict[str, Any] = {}
    warnings = []
    for field, value in found.items():
        if not value:
            continue
        try:
            details |= checked_details({field: value})
        except InvalidInput as error:
            warnings.append(f"warning: record {TEXT_FIELDS.get(field, '112/132')} not kept: {error}")
    return details, warnings


def _full_date(text: str) -> str | None:
    """``YYYY/MM/DD`` from ``YYYY/MM/DD``, ``YY/MM/DD`` (TRF16 132), ``YYYY-MM-DD``, ``DD.MM.YYYY`` and
    ``DD/MM/YYYY`` (as Swiss-Manager and the JaVaFo AUM's sample write 042/052), or ``May 29, 2020``."""
    try:
        return f"{datetime.strptime(text, '%b %d, %Y'):%Y/%m/%d}"
    except ValueError:
        pass
    parts = text.replace(" ", "").replace("-", "/").replace(".", "/").split("/")
    if len(parts) != 3 or not all(p.isascii() and p.isdigit() for p in parts):
        return None
    if len(parts[0]) == 2 and len(parts[2]) == 2:
        parts[0] = ("20" if int(parts[0]) < 70 else "19") + parts[0]
    elif len(parts[2]) == 4:
        parts = [parts[2], parts[1], parts[0]]
    if len(parts[0]) != 4 or len(parts[1]) != 2 or len(parts[2]) != 2:
        return None
    return "/".join(parts)


def to_document(
    state: TournamentState,
    rounds: int,
    comments: list[str],
    warnings: list[str] | None = None,
    round_dates: dict[int, str] | None = None,
) -> TrfDocument:
    """Rounds 1..`rounds` of the tournament as a TRF-2026 document, start ranks = pairing numbers;
    values cut to fit their columns are reported in `warnings`."""
    settings = state.require_settings()
    warnings = [] if warnings is None else warnings
    order = state.ranking()
    listed = settings.options.get("ranking") == "as-listed"
    tpn = listed_start_ranks(state) if listed else order  # XXC rank: ids stay, lines go in order
    rank = {row.number: row.rank for row in standings(state)}
    scheduled = _scheduled_colours(state, rounds)
    games = games_written(state, rounds)
    players = [
        evolve(
            _player_record(state, number, tpn, rounds, scheduled.get(number, {}), games, warnings),
            rank=rank.get(number),
        )
        for number in sorted(state.players, key=lambda n: order[n])
    ]
    records: list[Any] = [
        TournamentRecord(code="012", text=state.name),
        *header_records(state.details, players, {r: d for r, d in (round_dates or {}).items() if r <= rounds}),
        RoundsRecord(rounds=state.total_rounds),
        *([JavafoConfigRecord(tokens=("rank",))] if listed else []),
        *_tiebreak_record(settings.tiebreaks),
    ]
    colour = settings.options.get("initial_colour")
    if colour in ("white", "black"):
        records.append(InitialColourRecord(colour=Colour.WHITE if colour == "white" else Colour.BLACK))
    records += _scoring_record(settings.scoring, bool(games.adjourned))
    for round_number in sorted(r for r in state.requested_byes if r > rounds):
        for kind, code in ((ByeKind.FULL_POINT, "F"), (ByeKind.HALF_POINT, "H"), (ByeKind.ZERO_POINT, "Z")):
            requested = sorted(tpn[n] for n, k in state.requested_byes[round_number].items() if k is kind)
            if requested:
                records.append(ByeRecord(kind=code, round=round_number, players=tuple(requested)))
    for first, second in state.forbidden:
        records.append(
            ForbiddenPairsRecord(first_round=1, last_round=state.total_rounds, players=(tpn[first], tpn[second]))
        )
    records += _acceleration_records(state, tpn)
    recorded = [
        *comments,
        *(caution.trf_comment() for _, caution in state.cautions if caution.breach),
        *(rating_comment(correction) for correction in state.rating_corrections),
    ]
    records += [CommentRecord(text=f" {line}") for line in recorded + ledger_number_lines(tpn, recorded)]
    records += [CommentRecord(text=f" {line}") for line in arbiter_tiebreak_comments(state, tpn)]
    records += [CommentRecord(text=f" {line}") for line in withdrawal_comments(state, tpn, players)]
    return TrfDocument(records=(*records, *players))


LEDGER_NUMBERS = "Players in the lines above are named by their numbers in the ledger; their start ranks: "


def ledger_number_lines(tpn: dict[int, int], recorded: Sequence[str]) -> list[str]:
    """The start rank of each player whose number in the ledger is another, after the lines `recorded`: the
    change, warning and rating-correction lines say what the log records, in its words, and name players by
    their numbers in the ledger, while the ``001`` lines and the lines below them number players by start
    rank (a Swiss renumbered by rating at round 1, an ``XXC rank`` import). ``NUMBER=START RANK`` pairs,
    `pairing.trf.standings.PAIRS_PER_LINE` a line; none where the numbers are the start ranks or no such
    line is written."""
    differing = sorted((number, start) for number, start in tpn.items() if number != start)
    return pair_lines(LEDGER_NUMBERS, differing) if recorded else []


def withdrawal_comments(state: TournamentState, tpn: dict[int, int], players: Sequence[PlayerRecord]) -> list[str]:
    """The players withdrawn and expelled (Q170, Q197) as `###` lines, players by their start rank
    (`pairing.trf.standings.Withdrawals`): TRF has no withdrawal record, and the ``0000 - -`` a withdrawn
    player's line holds in the round to pair reads as an absence from that round alone, so `arbiter import-trf`
    restores the ledger's withdrawals from these lines. With no player withdrawn, one line saying so where the
    ``001`` lines alone would read as a withdrawal (`withdrawn_in_rounds`: a player re-entered or registered
    late, not paired from a played round on); none otherwise, so the file is as it was."""
    out: dict[bool, list[tuple[int, int]]] = {False: [], True: []}  # expelled -> (start rank, first round out)
    for number, player in state.players.items():
        if player.withdrawn_from is not None:
            out[player.expelled].append((tpn[number], player.withdrawn_from))
    if not any(out.values()) and not withdrawn_in_rounds(TrfDocument(records=tuple(players)), state.total_rounds):
        return []
    return Withdrawals(tuple(sorted(out[False])), tuple(sorted(out[True]))).lines()


def listed_start_ranks(state: TournamentState) -> dict[int, int]:
    """Player number -> ``001`` number of a tournament paired in the order of its ``001`` lines (``XXC rank``):
    the ``001`` numbers are then ids (JaVaFo AUM, "Ranking id"), each player's its number, or the start rank
    the imported file gave it where the file draws its lot by another entry number (C.07 4.2; the option
    ``entry_numbers``, `ranking_options`), so the export names every player as the file did and writes its
    entry numbers' line again (Q206). A player registered since whose number is one of those start ranks
    takes a number above all of them (and its entry number's line says which lot it draws)."""
    kept = {entry: start for start, entry in _entry_number_pairs(state.require_settings().options)}
    taken = set(kept.values())
    spare = count(max([*taken, *state.players], default=0) + 1)
    start_ranks = {}
    for number in sorted(state.players):
        start_ranks[number] = kept[number] if number in kept else next(spare) if number in taken else number
    return start_ranks


def _entry_number_pairs(options: dict[str, str]) -> list[tuple[int, int]]:
    """The option ``entry_numbers``, "start rank=entry number,..." (`PlayerNumbers.entry_numbers_option`): the
    ``001`` numbers of an imported ``XXC rank`` file whose ``### Drawing of lots, entry numbers:`` lines give
    its players other numbers (Q206); read as leniently as ``ranking_order``, a pair not of two numbers left out."""
    pairs = (pair.partition("=") for pair in options.get("entry_numbers", "").split(","))
    return [(int(start), int(entry)) for start, _, entry in pairs if start.isdigit() and entry.isdigit()]


def tiebreaks_of(document: TrfDocument) -> tuple[tuple[str, ...], list[str]]:
    """The tie-break list of the file's ``202`` record as the ledger's codes (`tiebreak_codes`), and a warning
    when the record names a code the ledger does not take (then no list: the system's default)."""
    codes = tiebreak_codes(tiebreak_list(document))
    try:
        check_tiebreaks(codes)
    except InvalidInput as error:
        return (), [f"warning: record 202 not kept, the system's default tie-breaks apply: {error}"]
    return codes, []


def _tiebreak_record(codes: Sequence[str]) -> list[TournamentRecord]:
    """TRF-2026 ``202``: the tie-break list as MTB26 descriptors (`pairing.trf.standings.tiebreak_descriptors`),
    which the rank column follows and ``arbiter-pair -c`` checks (Q21)."""
    return [TournamentRecord(code="202", text=",".join(tiebreak_descriptors(codes)))] if codes else []


def arbiter_tiebreak_comments(state: TournamentState, tpn: dict[int, int]) -> list[str]:
    """Q205, Q207 (docs/fide-mode.md): TRF-2026 has no field for a tie-break value the arbiter entered
    (EXT) or an order of tied players decided by hand, so each is a `###` comment, players by their
    start rank (`pairing.trf.standings.ArbiterEntries`, which ``arbiter-pair -c`` reads back); the rank
    column of the player lines gives the places they decided. A list that draws lots (C.07 4.2, ``LOT``)
    writes the tournament's seed, and the entry number of each player whose start rank is another, so
    that a reader can draw the same lots (Q206)."""
    settings = state.require_settings()
    lots = None
    if "LOT" in settings.tiebreaks:
        lots = Lots(settings.seed, tuple(sorted((tpn[n], n) for n in state.players if tpn[n] != n)))
    entries = ArbiterEntries(
        tied_orders=tuple(tuple(tpn[number] for number in order) for order in state.tied_rankings),
        external=tuple(sorted((tpn[number], value) for number, value in state.external_tiebreaks.items())),
        lots=lots,
    )
    return entries.lines()


def arbiter_entry_lines(document: TrfDocument) -> list[EntryLine]:
    """The file's ``###`` lines of the arbiter's orders of tied players and EXT values (Q205, Q207), as
    `arbiter_tiebreak_comments` writes them; InvalidInput naming a line that cannot be read."""
    try:
        return entry_lines(document)
    except ValueError as error:
        raise InvalidInput(str(error)) from None


def lots_seed(entries: Sequence[EntryLine]) -> dict[str, int]:
    """The tournament's seed from the file's drawing of lots (C.07 4.2, Q206; `arbiter_tiebreak_comments`
    writes it), as `TournamentSettings.for_game`'s keyword, so the imported ledger draws the file's lots (by
    the numbers `player_numbers` gives the players)."""
    try:
        lots = lots_of(entries)
    except ValueError as error:
        raise InvalidInput(str(error)) from None
    return {} if lots is None else {"seed": lots.seed or 0}


@frozen
class PlayerNumbers:
    """The imported ledger's player numbers (Q206): each player's entry number, the number the file draws its
    lot by (C.07 4.2), which is its start rank unless a ``### Drawing of lots, entry numbers:`` line gives
    another (`arbiter_tiebreak_comments` writes those lines). Every lot is then drawn by the same number as
    in the ledger that wrote the file; the start ranks stay the pairing numbers (`ranking_options`)."""

    start_ranks: frozenset[int]
    entries: dict[int, int]
    """Start rank -> entry number, for the players whose lines give one."""

    def __call__(self, start_rank: int) -> int:
        """The number of the player the file names by `start_rank`; a start rank without a ``001`` line
        stays itself, for the ledger to refuse as the player it does not know, unless that is the entry
        number of another player (UnknownPlayer then, so the line is not read as about them)."""
        if start_rank in self.entries:
            return self.entries[start_rank]
        if start_rank not in self.start_ranks and start_rank in self.entries.values():
            raise UnknownPlayer(
                f"no player number {start_rank}: no 001 line has the start rank {start_rank} (the imported "
                f"ledger gives that number to the player whose lot the file draws by it)"
            )
        return start_rank

    @property
    def are_start_ranks(self) -> bool:
        """Every player's number is its start rank."""
        return all(start == entry for start, entry in self.entries.items())

    def entry_numbers_option(self) -> dict[str, str]:
        """The option ``entry_numbers`` of a file paired in the order of its ``001`` lines (``XXC rank``), whose
        start ranks are then ids the ledger does not give back by itself: "start rank=entry number,..." for
        every player whose number is not its start rank (`listed_start_ranks` reads it); none if none."""
        pairs = ",".join(f"{start}={entry}" for start, entry in sorted(self.entries.items()) if start != entry)
        return {"entry_numbers": pairs} if pairs else {}

    def order(self, start_ranks: Sequence[int]) -> str:
        """The players `start_ranks`, in that order, as the option ``ranking_order`` lists them."""
        return ",".join(str(self(start_rank)) for start_rank in start_ranks)


def player_numbers(document: TrfDocument, entries: Sequence[EntryLine]) -> PlayerNumbers:
    """The `PlayerNumbers` of the file's players; InvalidInput naming the entry numbers' line that gives a
    start rank without a ``001`` line, a player's entry number twice, or a number another player has."""
    start_ranks = frozenset(player.start_rank for player in document.players)
    numbers: dict[int, int] = {}
    given: dict[int, EntryLine] = {}
    for line in entries:
        for start, entry in line.entries.lots.entries if line.entries.lots is not None else ():
            if start not in start_ranks:
                _refuse_entry(line, f"start rank {start} has no 001 line")
            if start in numbers:
                _refuse_entry(line, f"start rank {start}'s entry number is given twice")
            if entry < 1:
                _refuse_entry(line, f"start rank {start}'s entry number {entry}: a player's number is 1 or more")
            numbers[start], given[start] = entry, line
    owners: dict[int, int] = {}
    for start in sorted(start_ranks):
        number = numbers.get(start, start)
        if number in owners:
            moved = start if start in given else owners[number]
            other = owners[number] if moved == start else start
            _refuse_entry(
                given[moved], f"start rank {moved}'s entry number {number} is start rank {other}'s number too"
            )
        owners[number] = start
    return PlayerNumbers(start_ranks, numbers)


def _refuse_entry(line: EntryLine, problem: str) -> NoReturn:
    raise InvalidInput(f"line {line.line} ('### {line.text[:60]}'): {problem}")


def record_arbiter_entry(ledger: Ledger, entry: EntryLine, reason: str, number: PlayerNumbers) -> None:
    """An arbiter's entry of an imported file as the event its command appends: an order of tied players
    (`arbiter rank-tied`, Q205) or an EXT value (`arbiter tiebreak-value`, Q207), players by start rank
    (`number` gives their numbers in the ledger), refused as the command refuses it."""
    for order in entry.entries.tied_orders:
        ledger.rank_tied([number(player) for player in order], reason)
    for player, _ in entry.entries.external:
        ledger.enter_tiebreak_value(number(player), entry.value, reason)


def rating_comment(correction: RatingCorrection) -> str:
    """Q193 (docs/fide-mode.md): a correction for the rating report as a TRF comment, after its `###`, in
    the form of the breaches' lines."""
    return (
        f"Rating correction @ Round {correction.round}: board {correction.board} {correction.first}-"
        f"{correction.second} {correction.result} for the rating report (pairings and standings keep "
        f"{correction.previous}): {correction.reason}"
    )


def _acceleration_records(state: TournamentState, tpn: dict[int, int]) -> list[AccelerationRecord]:
    """TRF-2026 ``250``: the virtual points of the tournament's acceleration (`pairing.fide.acceleration`),
    one record per player and run of rounds with the same points, so that another program (and
    `arbiter import-trf`) pairs with the same pairing scores (docs/fide-mode.md, Q106-111)."""
    if not state.players or (state.require_settings().options.get("acceleration") or "none") == "none":
        return []
    table = accelerated(pairing_input(state, min(state.last_paired_round + 1, state.total_rounds)))
    records = []
    known = {key: points for key, points in table.items() if key[0] in tpn}
    for (number, first), points in sorted(known.items(), key=lambda item: (tpn[item[0][0]], item[0][1])):
        last = records[-1] if records else None
        player = tpn[number]
        if last and (last.first_player, last.last_round + 1, last.game_points) == (player, first, Decimal(str(points))):
            records[-1] = evolve(last, last_round=first)
        elif points:
            records.append(
                AccelerationRecord(
                    match_points=None,
                    game_points=Decimal(str(points)),
                    first_round=first,
                    last_round=first,
                    first_player=player,
                    last_player=player,
                )
            )
    return records


def change_comments(ledger: Ledger) -> list[str]:
    """One line per decision that changed an earlier one: position, time, actor, what, why."""
    return [
        f"{line.position} {line.time:%Y-%m-%d %H:%M} {line.actor}: {line.summary}; reason: {line.reason}"
        + (f" [{line.reference}]" if line.reference else "")
        for line in audit_lines(ledger.log_events())
        if line.kind in DECISIONS
    ]


def paired_dates(ledger: Ledger, state: TournamentState) -> dict[int, str]:
    """Round -> the day (``YYYY/MM/DD``) its pairing in force was published."""
    dates: dict[int, str] = {}
    for _, event in ledger.log_events():
        if isinstance(event, Round.Paired):
            dates[state.round_streams[event.originator_id]] = f"{event.timestamp:%Y/%m/%d}"
    return dates


FORFEIT_RESULTS = {
    (R.FORFEIT_WIN, R.FORFEIT_LOSS): "+-",
    (R.FORFEIT_LOSS, R.FORFEIT_WIN): "-+",
    (R.FORFEIT_LOSS, R.FORFEIT_LOSS): "--",
}
_RATED = {code: outcome for outcome, code in PLAYED.items()}
_UNRATED = {code: outcome for outcome, code in UNRATED_PLAYED.items()}


def imported_result(white: R, black: R) -> str | None:
    """The result a pair of round entries gives (White's first): a forfeit, or a game whose two codes are
    both rated (``1``, ``=``, ``0``) or both unrated (``W``, ``D``, ``L``) and end a chess game
    (`ledger.results.CHESS_RESULTS`, the unusual ``= 0``, ``0 =``, ``0 0`` included); None where they do
    not fit together. ``?`` against ``?`` is a game adjourned without its result (`UNKNOWN`)."""
    if (white, black) in FORFEIT_RESULTS:
        return FORFEIT_RESULTS[white, black]
    for outcomes, rated in ((_RATED, True), (_UNRATED, False)):
        if white in outcomes and black in outcomes:
            return chess_code(outcomes[white], outcomes[black], rated)
    return None


UNKNOWN = (R.UNKNOWN, R.UNKNOWN)


ROUND_BYES = {
    R.PAIRING_ALLOCATED_BYE: ByeKind.PAIRING_ALLOCATED,
    R.FORFEIT_WIN: ByeKind.PAIRING_ALLOCATED,
    R.FULL_POINT_BYE: ByeKind.FULL_POINT,
    R.WIN: ByeKind.FULL_POINT,
    R.UNRATED_WIN: ByeKind.FULL_POINT,
    R.HALF_POINT_BYE: ByeKind.HALF_POINT,
    R.DRAW: ByeKind.HALF_POINT,
    R.UNRATED_DRAW: ByeKind.HALF_POINT,
    R.ZERO_POINT_BYE: ByeKind.ZERO_POINT,
    R.NO_RESULT: ByeKind.ZERO_POINT,
}
"""A ``0000`` entry of a paired round, as the bye it records (TRF16: H half-point, F full-point, U
pairing-allocated, Z or blank zero-point). ``0000 - +`` is the older spelling of the pairing-allocated
bye (bbpPairings too reads it as a player who took part in the pairing), ``=`` of the half-point bye.
The rest (``-``, ``0``, ``L``) is a round the player was not paired in."""


REQUESTS = {**REQUESTED, R.PAIRING_ALLOCATED_BYE: ByeKind.ZERO_POINT}
"""A ``0000`` entry of a round not yet paired, as the bye asked for (``U`` and ``-``: not to be paired)."""


ABSENT = frozenset({R.FORFEIT_LOSS, R.LOSS, R.UNRATED_LOSS})
"""``0000`` with these: not paired that round (absent, withdrawn, not yet entered)."""


@frozen
class ImportedRound:
    """A round the file shows paired: boards (White first), results (None where not known yet), byes."""

    number: int
    boards: tuple[tuple[int, int], ...]
    results: tuple[str | None, ...]
    byes: tuple[tuple[int, ByeKind], ...]
    adjourned: tuple[int, ...] = ()
    """Boards whose result the file gives as unknown (``?``, Q166): adjourned games without their result."""


@frozen
class TrfImport:
    """What a TRF says happened, in the ledger's terms (players by start rank, until `numbered`)."""

    rounds: tuple[ImportedRound, ...]
    requests: tuple[tuple[int, int, ByeKind], ...]
    """(player, round, bye) for the rounds not paired yet."""
    withdrawn: tuple[tuple[int, int, bool], ...]
    """(player, first round out, expelled)."""

    def numbered(self, number: PlayerNumbers) -> TrfImport:
        """The same, players by their numbers in the imported ledger (`player_numbers`, Q206)."""
        rounds = tuple(
            evolve(
                imported,
                boards=tuple((number(white), number(black)) for white, black in imported.boards),
                byes=tuple((number(player), kind) for player, kind in imported.byes),
            )
            for imported in self.rounds
        )
        return TrfImport(
            rounds,
            tuple((number(player), round_number, kind) for player, round_number, kind in self.requests),
            tuple((number(player), first, expelled) for player, first, expelled in self.withdrawn),
        )


def _entry(player: PlayerRecord, round_number: int) -> RoundEntry:
    """The player's entry for a round; a line that stops before it was not paired in it."""
    if round_number <= len(player.rounds):
        return player.rounds[round_number - 1]
    return RoundEntry(opponent=0, colour=Colour.NONE, result=R.FORFEIT_LOSS)


def played_rounds(document: TrfDocument) -> int:
    """The last round with a result: a game against an opponent whose result is written. Later round
    columns belong to rounds not played yet (TRF16 lets a pairing program read byes and absences
    asked for there; a column of games without results is a round paired but not played)."""
    played = 0
    for player in document.players:
        for index, entry in enumerate(player.rounds, start=1):
            if entry.opponent != 0 and entry.result is not R.NO_RESULT:
                played = max(played, index)
    return played


def _withdrawn_from(player: PlayerRecord, played: int, columns: int, finished: bool) -> int | None:
    """The first round of a run of rounds not paired (``0000 -``) that reaches the file's last column,
    when the run starts in a played round and reaches a round not played yet (or the last round of a
    finished tournament): TRF has no withdrawal record, and this is how a withdrawn player's line
    reads. A run that starts after the last played round is an absence, not a withdrawal."""
    first = None
    for number in range(columns, 0, -1):
        entry = _entry(player, number)
        if entry.opponent != 0 or entry.result not in ABSENT:
            break
        first = number
    if first is None or first > played or (columns == played and not finished):
        return None
    return first


def withdrawn_in_rounds(document: TrfDocument, total_rounds: int) -> dict[int, int]:
    """Start rank -> first round out of the players whose ``001`` line reads as withdrawn (`_withdrawn_from`),
    as the import reads a file without the ``###`` lines of its withdrawals."""
    played = played_rounds(document)
    columns = document.rounds_played
    withdrawn = {}
    for player in document.players:
        first = _withdrawn_from(player, played, columns, finished=played == total_rounds)
        if first is not None:
            withdrawn[player.start_rank] = first
    return withdrawn


def read_trf(document: TrfDocument, total_rounds: int, stated: dict[int, tuple[int, bool]] | None = None) -> TrfImport:
    """The rounds, byes asked for and withdrawals of a TRF, checked before anything is appended; the
    withdrawals are the `stated` ones (`stated_withdrawals`: start rank -> first round out, expelled) where
    the file states them, else those its ``001`` lines read as (`withdrawn_in_rounds`). A ``0000 - -`` from a
    withdrawn player's first round out is the withdrawal's; another in a round not paired, an absence."""
    try:
        check_players(document)
    except TrfConversionError as error:
        raise InvalidInput(str(error)) from error
    _check_references(document, total_rounds)
    players = {p.start_rank: p for p in document.players}
    lines = player_lines(document)
    played = played_rounds(document)
    columns = document.rounds_played
    if columns > total_rounds:
        raise InvalidInput(
            f"the file has {columns} round columns, more than the {total_rounds} rounds of the tournament"
        )
    if stated is None:
        stated = {rank: (first, False) for rank, first in withdrawn_in_rounds(document, total_rounds).items()}
    rounds = [_paired_round(players, number, lines) for number in range(1, played + 1)]
    requests: list[tuple[int, int, ByeKind]] = []
    for number in range(played + 1, columns + 1):
        if any(_entry(p, number).opponent for p in players.values()):
            if number != played + 1:
                first = 92 + 10 * (number - 1)
                raise InvalidInput(
                    f"columns {first}-{first + 9} (round {number}) hold games, but round {number - 1} has no result"
                )
            rounds.append(_paired_round(players, number, lines))
            continue
        for rank, player in sorted(players.items()):
            result = player.rounds[number - 1].result if number <= len(player.rounds) else None
            out = rank in stated and stated[rank][0] <= number and result in ABSENT
            if result in REQUESTS and not out:
                requests.append((rank, number, REQUESTS[result]))
    requests += _bye_records(document, len(rounds), {rank for rank, _, _ in requests} | set(stated))
    withdrawn = tuple((rank, first, expelled) for rank, (first, expelled) in sorted(stated.items()))
    return TrfImport(rounds=tuple(rounds), requests=tuple(requests), withdrawn=withdrawn)


def stated_withdrawals(
    document: TrfDocument, entries: Sequence[EntryLine], total_rounds: int
) -> dict[int, tuple[int, bool]] | None:
    """Start rank -> (first round out, expelled) of the players the file's ``###`` lines state withdrawn or
    expelled (`withdrawal_comments` writes them), None when no line states them; InvalidInput naming the line
    that names a start rank without a ``001`` line, a player twice, a round outside the tournament, or a
    player whose ``001`` line is paired in a round after the first round out (`_paired_after`)."""
    players = {player.start_rank: player for player in document.players}
    lines = player_lines(document)
    stated: dict[int, tuple[int, bool]] | None = None
    for line in entries:
        withdrawals = line.entries.withdrawals
        if withdrawals is None:
            continue
        stated = {} if stated is None else stated
        for expelled, pairs in ((False, withdrawals.withdrawn), (True, withdrawals.expelled)):
            for start, first in pairs:
                if start not in players:
                    _refuse_entry(line, f"start rank {start} has no 001 line")
                if start in stated:
                    _refuse_entry(line, f"start rank {start} is withdrawn twice")
                if not 1 <= first <= total_rounds:
                    _refuse_entry(line, f"round {first} is outside the tournament's rounds 1..{total_rounds}")
                _paired_after(line, players[start], first, lines[start])
                stated[start] = (first, expelled)
    return stated


def _paired_after(line: EntryLine, player: PlayerRecord, first: int, at: int) -> None:
    """Refuse a withdrawal from round `first` of a player whose ``001`` line (line `at`) has a game (or the
    pairing-allocated bye) in a later round: "withdrawn players are no longer paired" (C.04.2 3.2). The game
    of the first round out itself stands (a withdrawal made after that round was paired)."""
    for number, entry in enumerate(player.rounds[first:], start=first + 1):
        if entry.opponent != 0 or entry.result is R.PAIRING_ALLOCATED_BYE:
            column = 92 + 10 * (number - 1)
            _refuse_entry(
                line,
                f"start rank {player.start_rank} is withdrawn from round {first} but paired in round {number} "
                f"(line {at}, columns {column}-{column + 7})",
            )


def _check_references(document: TrfDocument, total_rounds: int) -> None:
    """The players and rounds that ``240``, ``260``, ``XXP`` and ``XXZ`` records name exist."""
    known = {p.start_rank for p in document.players}
    for number, record in enumerate(document.records, start=1):
        code = {ByeRecord: "240", ForbiddenPairsRecord: "260"}.get(type(record))
        if isinstance(record, JavafoPlayersRecord):
            code = record.code
        if code is None:
            continue
        unknown = sorted(set(record.players) - known)  # type: ignore[union-attr]
        if unknown:
            raise InvalidInput(f"line {number} ({code}): no 001 line has the starting rank {unknown[0]}")
        if isinstance(record, ByeRecord) and not 1 <= record.round <= total_rounds:
            raise InvalidInput(
                f"line {number}, columns 7-9 (240): round {record.round} is outside the tournament's rounds "
                f"1..{total_rounds}"
            )


def _bye_records(document: TrfDocument, paired: int, known: set[int]) -> list[tuple[int, int, ByeKind]]:
    """``240`` byes (TRF-2026) and ``XXZ`` absences (JaVaFo) of the round after the last one paired."""
    kinds = {"F": ByeKind.FULL_POINT, "H": ByeKind.HALF_POINT, "Z": ByeKind.ZERO_POINT}
    requests = []
    for record in document.records:
        if isinstance(record, ByeRecord) and record.round > paired:
            requests += [(p, record.round, kinds[record.kind]) for p in record.players if p not in known]
        elif isinstance(record, JavafoPlayersRecord) and record.code == "XXZ":
            requests += [(p, paired + 1, ByeKind.ZERO_POINT) for p in record.players if p not in known]
    return requests


def _paired_round(players: dict[int, PlayerRecord], number: int, lines: dict[int, int]) -> ImportedRound:
    boards, results, byes, adjourned = [], [], [], []
    for rank, player in sorted(players.items()):
        entry = _entry(player, number)
        if entry.opponent == 0:
            if entry.result in ROUND_BYES:
                byes.append((rank, ROUND_BYES[entry.result]))
            continue
        theirs = _entry(players[entry.opponent], number)
        first = entry.colour is Colour.WHITE or (entry.colour is not Colour.BLACK and rank < entry.opponent)
        if not first:
            continue  # the game is read from White's line (from the lower rank's when no colour is written)
        if (entry.result, theirs.result) == UNKNOWN:
            result = None
            adjourned.append(len(boards) + 1)
        elif entry.result is R.NO_RESULT and theirs.result is R.NO_RESULT:
            result = None
        else:
            result = imported_result(entry.result, theirs.result)
            if result is None:
                column = 99 + 10 * (number - 1)
                raise InvalidInput(
                    f"line {lines[rank]}, column {column} (round {number}): the result {entry.result.value!r} of "
                    f"{rank} and {theirs.result.value!r} of {entry.opponent} (line {lines[entry.opponent]}) do not "
                    "fit together"
                )
        boards.append((rank, entry.opponent))
        results.append(result)
    return ImportedRound(number, tuple(boards), tuple(results), tuple(byes), tuple(adjourned))


def points_warnings(document: TrfDocument, state: TournamentState, rounds: int, number: PlayerNumbers) -> list[str]:
    """TRF16 cols 81-84 hold each player's points: one warning per player whose points in the ledger
    differ, naming the first round where the ledger and the file's round columns part, or saying the
    file contradicts itself when its rounds add up to the ledger's points. A column may count the bye
    asked for in a round not played yet (the JaVaFo AUM asks for it: "also the field Points ... must
    be updated"; bbpPairings reads it so)."""
    table = histories(state, rounds)
    points = trf_scoring(document)
    warnings = []
    for player in document.players:
        history = table.get(number(player.start_rank))
        if player.points is None or history is None:
            continue
        mine = sum(r.points for r in history)
        asked = sum(points_for(player.rounds[r - 1], points) for r in range(rounds + 1, len(player.rounds) + 1))
        if any(abs(total - float(player.points)) < 1e-9 for total in (mine, mine + asked)):
            continue
        parted = next(
            (r.round for r in history if abs(r.points - points_for(_entry(player, r.round), points)) > 1e-9),
            None,
        )
        where = (
            f"round {parted} scores differently in the ledger"
            if parted is not None
            else f"its rounds 1..{rounds} add up to {mine:g}: the file contradicts itself"
        )
        warnings.append(
            f"warning: player {player.start_rank} ({player.name}): the file's points column says {player.points}, "
            f"the ledger {mine:g}; {where}"
        )
    return warnings


def read_document(path: Path) -> TrfDocument:
    """The TRF at `path` (UTF-8, a byte-order mark allowed); `InvalidInput` naming the file, line and
    column of what cannot be read."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise InvalidInput(f"cannot read {path}: {error.strerror or error}") from error
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = (
            data[: error.start].count(b"\n") + data[: error.start].count(b"\r") - data[: error.start].count(b"\r\n") + 1
        )
        raise InvalidInput(f"{path}: line {line}: byte {error.start} is not UTF-8; save the file as UTF-8") from None
    try:
        return parse(text)
    except TrfSyntaxError as error:
        raise InvalidInput(f"{path}: {error}") from error


def forbidden_pairs(document: TrfDocument) -> list[tuple[int, int]]:
    """``XXP`` (JaVaFo: never to meet) and ``260`` (TRF-2026) as pairs; the ledger keeps a pair apart
    in every round, so a ``260`` round range is widened to the whole tournament."""
    pairs: set[tuple[int, int]] = set()
    for record in document.records:
        if (isinstance(record, JavafoPlayersRecord) and record.code == "XXP") or isinstance(
            record, ForbiddenPairsRecord
        ):
            pairs |= {(min(a, b), max(a, b)) for a, b in combinations(record.players, 2) if a != b}
    return sorted(pairs)


def ranking_options(document: TrfDocument, number: PlayerNumbers) -> dict[str, str]:
    """The file's starting ranks are the pairing numbers, or with ``XXC rank`` the order of its ``001``
    lines (JaVaFo AUM, "Ranking id"; also where that is the starting ranks' order, so that the export writes
    the line again); the players' numbers are `number`'s (their start ranks, unless the file draws their lots
    by other entry numbers: `ledger.settings.ORDERED_RANKINGS`). With ``XXC rank`` the start ranks are ids
    that no ranking gives back, so those that are not the players' numbers are kept
    (`PlayerNumbers.entry_numbers_option`) for the export to name the players by (`listed_start_ranks`)."""
    tpn = pairing_numbers(document)
    if ranked_by_position(document):
        listed = {"ranking": "as-listed", "ranking_order": number.order(sorted(tpn, key=tpn.__getitem__))}
        return listed | number.entry_numbers_option()
    if number.are_start_ranks:
        return {"ranking": "as-registered"}
    return {"ranking": "as-ordered", "ranking_order": number.order(sorted(tpn))}


def acceleration_options(document: TrfDocument, number: PlayerNumbers) -> dict[str, str]:
    """The engines' options for ``XXA``/``250`` virtual points (players by their `number`) and the
    ``_BAKU`` suffix of ``192`` (the same reading as `arbiter-pair`'s)."""
    explicit = {(number(p), r): v for (p, r), v in virtual_points(document).items()}
    if explicit:
        return {
            "acceleration": "explicit",
            "virtual_points": ",".join(f"{p}:{r}:{v:g}" for (p, r), v in sorted(explicit.items())),
        }
    if (document.tournament_text("192") or "").strip().upper().endswith("_BAKU"):
        return {"acceleration": "baku"}
    return {}
