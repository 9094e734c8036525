"""From a TRF document (rounds 1..k) to the `PairingInput` for round k + 1, and back from a pairing to
the round's columns.

Reading rules, in the reference README's and the TRF texts' words:

- the score column is recomputed from the results and the point system (``162``, ``BB*``,
  ``XXS``), never read;
- a player whose round k + 1 entry is a requested bye, "``H``, ``Z``, or ``-``/``+`` against
  ``0000``" (``F`` too), or who is listed in a ``240`` record for round k + 1 or in ``XXZ``, "did
  not take part in that round's pairing": status ABSENT, with the bye asked for;
- the initial colour is ``152`` or ``XXC white1``/``black1``; otherwise it is read from round 1:
  "the colour of the highest-ranked player who was paired, flipped by rank parity";
- forbidden pairs come from ``XXP`` (all rounds) and ``260`` (its rounds); acceleration from
  ``250`` ranges, ``XXA`` lines and the ``_BAKU`` suffix of ``192``.
"""

from __future__ import annotations

from itertools import combinations

from pairing.model import (
    Board,
    Bye,
    ByeKind,
    Entrant,
    Outcome,
    PairingInput,
    PairingOutcome,
    PlayerStatus,
    RoundRecord,
    Scoring,
    Side,
)
from pairing.trf.document import (
    AccelerationRecord,
    BbpPointsRecord,
    ByeRecord,
    Colour,
    ForbiddenPairsRecord,
    InitialColourRecord,
    JavafoAccelerationRecord,
    JavafoConfigRecord,
    JavafoPlayersRecord,
    JavafoScoringRecord,
    PlayerRecord,
    ResultCode,
    RoundEntry,
    ScoringRecord,
    TrfDocument,
)
from pairing.values import evolve

R = ResultCode
_PLAYED = {R.WIN: Outcome.WIN, R.DRAW: Outcome.DRAW, R.LOSS: Outcome.LOSS}
_PLAYED |= {R.UNRATED_WIN: Outcome.WIN, R.UNRATED_DRAW: Outcome.DRAW, R.UNRATED_LOSS: Outcome.LOSS}
_PLAYED |= {R.UNKNOWN: Outcome.DRAW}
"""An unknown (adjourned) game counts as a draw for pairing (C.04.2 3.1; record 162's ``X`` defaults to ``D``)."""
_OUTCOMES = _PLAYED | {R.FORFEIT_WIN: Outcome.WIN, R.FORFEIT_LOSS: Outcome.LOSS}
"""A game's outcome against an opponent: played, or forfeited (not played, but won or lost)."""
_SIDES = {Colour.WHITE: Side.FIRST, Colour.BLACK: Side.SECOND}
_NOT_PAIRED = RoundEntry(opponent=0, colour=Colour.NONE, result=R.ZERO_POINT_BYE)
"""A round missing from a ``001`` line."""
_BYES = {
    R.PAIRING_ALLOCATED_BYE: ByeKind.PAIRING_ALLOCATED,
    R.FULL_POINT_BYE: ByeKind.FULL_POINT,
    R.HALF_POINT_BYE: ByeKind.HALF_POINT,
    R.ZERO_POINT_BYE: ByeKind.ZERO_POINT,
    R.NO_RESULT: ByeKind.ZERO_POINT,
}
REQUESTED = {
    R.FULL_POINT_BYE: ByeKind.FULL_POINT,
    R.HALF_POINT_BYE: ByeKind.HALF_POINT,
    R.ZERO_POINT_BYE: ByeKind.ZERO_POINT,
    R.NO_RESULT: ByeKind.ZERO_POINT,
    R.FORFEIT_WIN: ByeKind.FULL_POINT,
    R.FORFEIT_LOSS: ByeKind.ZERO_POINT,
}
"""A ``0000`` entry in the round being paired: the bye asked for (bbpPairings reads "H, Z, or -/+ against
0000" there as a player who does not take part in the pairing; F too)."""


class TrfConversionError(ValueError):
    """A document that cannot describe the round to pair (no round count, an unknown opponent...)."""


def check_players(document: TrfDocument) -> None:
    """Refuse a document whose ``001`` lines cannot describe one tournament: a starting rank given
    twice, a player meeting themselves or a starting rank with no ``001`` line, or a game that the
    opponent's line does not show (TRF16: the opponent field is "the starting rank" of the
    opponent, so each game is on both lines)."""
    lines: dict[int, PlayerRecord] = {}
    numbers = player_lines(document)
    for number, player in ((n, r) for n, r in enumerate(document.records, start=1) if isinstance(r, PlayerRecord)):
        if player.start_rank in lines:
            raise TrfConversionError(
                f"line {number}, columns 5-8: starting rank {player.start_rank} is also on line "
                f"{numbers[player.start_rank]} ({lines[player.start_rank].name!r} and {player.name!r}); every player "
                "needs their own starting rank"
            )
        lines[player.start_rank] = player
    for player in document.players:
        for index, entry in enumerate(player.rounds, start=1):
            if entry.opponent == 0:
                continue
            other = lines.get(entry.opponent)
            if entry.opponent == player.start_rank or other is None:
                where = _round_columns(numbers[player.start_rank], player.start_rank, index)
                raise TrfConversionError(f"{where}: opponent {entry.opponent} is not another player's starting rank")
            theirs = other.rounds[index - 1] if index <= len(other.rounds) else None
            if theirs is None or theirs.opponent != player.start_rank:
                where = _round_columns(numbers[player.start_rank], player.start_rank, index)
                raise TrfConversionError(
                    f"{where}: the opponent {entry.opponent}'s line does not show this game in round {index}"
                )


def _round_columns(line: int, start_rank: int, index: int) -> str:
    """Where round `index` of a ``001`` line is, for an error message: its opponent's columns."""
    first = 92 + 10 * (index - 1)
    return f"line {line}, columns {first}-{first + 3} (round {index} of starting rank {start_rank})"


def player_lines(document: TrfDocument) -> dict[int, int]:
    """Starting rank -> the line of its (first) ``001`` record: a document holds one record per line."""
    numbers: dict[int, int] = {}
    for number, record in enumerate(document.records, start=1):
        if isinstance(record, PlayerRecord):
            numbers.setdefault(record.start_rank, number)
    return numbers


def scoring(document: TrfDocument) -> Scoring:
    """The point system: 1/½/0 unless ``162``, ``BB*`` or ``XXS`` say otherwise."""
    values: dict[str, float] = {}
    for record in document.records:
        match record:
            case ScoringRecord(values=pairs):
                for symbol, value in pairs:
                    for name in {
                        "W": ("win", "forfeit_win", "full_point_bye"),
                        "D": ("draw", "half_point_bye"),
                        "L": ("loss",),
                        "A": ("zero_point_bye", "forfeit_loss"),
                        "Z": ("zero_point_bye", "forfeit_loss"),
                        "P": ("pairing_allocated_bye",),
                    }.get(symbol, ()):
                        values[name] = float(value)
            case BbpPointsRecord(code=code, value=value):
                names = {
                    "BBW": ("win", "forfeit_win", "full_point_bye"),
                    "BBD": ("draw", "half_point_bye"),
                    "BBL": ("loss",),
                    "BBZ": ("zero_point_bye",),
                    "BBF": ("forfeit_loss",),
                    "BBU": ("pairing_allocated_bye",),
                }[code]
                values |= dict.fromkeys(names, float(value))
            case JavafoScoringRecord(values=pairs):
                for code, value in pairs:
                    for name in {
                        "W": ("win", "forfeit_win", "full_point_bye"),
                        "WW": ("win",),
                        "D": ("draw", "half_point_bye"),
                        "WD": ("draw",),
                        "L": ("loss",),
                        "WL": ("loss",),
                        "ZPB": ("zero_point_bye",),
                        "HPB": ("half_point_bye",),
                        "FPB": ("full_point_bye",),
                        "PAB": ("pairing_allocated_bye",),
                        "FW": ("forfeit_win",),
                        "FL": ("forfeit_loss",),
                    }.get(code.upper(), ()):
                        values[name] = float(value)
    if "win" in values and "pairing_allocated_bye" not in values:
        values["pairing_allocated_bye"] = values["win"]
    return Scoring(**values)


def points_for(entry: RoundEntry, scoring: Scoring) -> float:
    """What one round scored in the tournament's point system."""
    return _scored(entry, _point_table(scoring))


def _scored(entry: RoundEntry, table: dict[ResultCode, float]) -> float:
    """`points_for` with the point system's table: a blank result scores nothing against an opponent
    (a game not played yet) and a zero-point bye against ``0000``."""
    return 0.0 if entry.result is R.NO_RESULT and entry.opponent != 0 else table[entry.result]


def _point_table(scoring: Scoring) -> dict[ResultCode, float]:
    """Each result code's points in `scoring`, a blank as against ``0000``: made once per document."""
    return {
        R.WIN: scoring.win,
        R.UNRATED_WIN: scoring.win,
        R.DRAW: scoring.draw,
        R.UNRATED_DRAW: scoring.draw,
        R.UNKNOWN: scoring.draw,
        R.LOSS: scoring.loss,
        R.UNRATED_LOSS: scoring.loss,
        R.FORFEIT_WIN: scoring.forfeit_win,
        R.FORFEIT_LOSS: scoring.forfeit_loss,
        R.HALF_POINT_BYE: scoring.half_point_bye,
        R.FULL_POINT_BYE: scoring.full_point_bye,
        R.PAIRING_ALLOCATED_BYE: scoring.pairing_allocated_bye,
        R.ZERO_POINT_BYE: scoring.zero_point_bye,
        R.NO_RESULT: scoring.zero_point_bye,
    }


def round_record(round_number: int, entry: RoundEntry, scoring: Scoring) -> RoundRecord:
    """One history entry. Games with ``W D L`` ("lasted less than one move") count as played, as
    JaVaFo and bbpPairings read them; forfeits and byes do not (C.04.2: only played games count for
    colours and, per D.6 / 3.5, for meeting again)."""
    return _round_record(round_number, entry, scoring, _point_table(scoring))


def _round_record(
    round_number: int, entry: RoundEntry, scoring: Scoring, table: dict[ResultCode, float]
) -> RoundRecord:
    """`round_record` with the point system's table (`_point_table`)."""
    points = _scored(entry, table)
    if entry.opponent == 0:
        kind = _BYES.get(entry.result, ByeKind.ZERO_POINT)
        if entry.result in (R.FORFEIT_WIN, R.FORFEIT_LOSS):
            kind = ByeKind.FULL_POINT if entry.result is R.FORFEIT_WIN else ByeKind.ZERO_POINT
        outcome = Outcome.WIN if points >= scoring.win and points > 0 else None
        return RoundRecord(
            round=round_number, opponent=None, side=None, outcome=outcome, points=points, played=False, bye=kind
        )
    played = entry.result in _PLAYED
    return RoundRecord(
        round=round_number,
        opponent=entry.opponent,
        side=_SIDES.get(entry.colour) if played else None,
        outcome=_OUTCOMES.get(entry.result),
        points=points,
        played=played,
    )


def initial_colour(document: TrfDocument) -> str | None:
    """``"white"`` or ``"black"``: ``152``, ``XXC white1/black1``, or read from round 1 (the colour of
    the highest-ranked player who was paired, flipped when that player's rank is even)."""
    for record in document.records:
        if isinstance(record, InitialColourRecord):
            return "white" if record.colour is Colour.WHITE else "black"
        if isinstance(record, JavafoConfigRecord):
            for token in record.tokens:
                if token.lower() in ("white1", "black1"):
                    return "white" if token.lower() == "white1" else "black"
    # The rank that 5.2.5 reads is the pairing number among the players paired in the round.
    numbers = pairing_numbers(document)
    participants = [
        p
        for p in sorted(document.players, key=lambda p: numbers[p.start_rank])
        if p.rounds and (p.rounds[0].opponent != 0 or p.rounds[0].result is R.PAIRING_ALLOCATED_BYE)
    ]
    for rank, player in enumerate(participants, start=1):
        if player.rounds[0].opponent != 0 and player.rounds[0].colour is not Colour.NONE:
            white = player.rounds[0].colour is Colour.WHITE
            if rank % 2 == 0:
                white = not white
            return "white" if white else "black"
    return None


def ranked_by_position(document: TrfDocument) -> bool:
    """The file has ``XXC rank``: its pairing numbers are the positions of its ``001`` lines, and their
    starting ranks ids (JaVaFo AUM, "Ranking id": the "positional-id")."""
    return any(
        isinstance(r, JavafoConfigRecord) and any(t.lower() == "rank" for t in r.tokens) for r in document.records
    )


def pairing_numbers(document: TrfDocument) -> dict[int, int]:
    """Starting rank -> pairing number: the starting rank itself, or with ``XXC rank`` the line's
    position among the ``001`` lines (`ranked_by_position`)."""
    by_position = ranked_by_position(document)
    players = document.players
    return {p.start_rank: (index if by_position else p.start_rank) for index, p in enumerate(players, start=1)}


def _is_baku(document: TrfDocument) -> bool:
    system = (document.tournament_text("192") or "").strip().upper()
    return system.endswith("_BAKU")


def virtual_points(document: TrfDocument) -> dict[tuple[int, int], float]:
    """Explicit acceleration, (player, round) -> virtual points, from ``250`` and ``XXA``."""
    table: dict[tuple[int, int], float] = {}
    numbers = [p.start_rank for p in document.players]
    for record in document.records:
        if isinstance(record, AccelerationRecord):
            for player in numbers:
                if record.first_player <= player <= record.last_player:
                    for round_number in range(record.first_round, record.last_round + 1):
                        table[player, round_number] = float(record.game_points)
        elif isinstance(record, JavafoAccelerationRecord):
            for index, value in enumerate(record.points, start=1):
                table[record.player, index] = float(value)
    return table


def _forbidden_pairs(document: TrfDocument, round_number: int) -> list[tuple[int, int]]:
    pairs: list[tuple[int, int]] = []
    for record in document.records:
        always = isinstance(record, JavafoPlayersRecord) and record.code == "XXP"
        if always or (
            isinstance(record, ForbiddenPairsRecord) and record.first_round <= round_number <= record.last_round
        ):
            pairs += combinations(record.players, 2)
    return [p for p in pairs if p[0] != p[1]]


def _absent_next_round(document: TrfDocument, round_number: int) -> dict[int, ByeKind]:
    absent: dict[int, ByeKind] = {}
    kinds = {"F": ByeKind.FULL_POINT, "H": ByeKind.HALF_POINT, "Z": ByeKind.ZERO_POINT}
    for record in document.records:
        if isinstance(record, ByeRecord) and record.round == round_number:
            absent |= dict.fromkeys(record.players, kinds[record.kind])
        elif isinstance(record, JavafoPlayersRecord) and record.code == "XXZ":
            absent |= dict.fromkeys(record.players, ByeKind.ZERO_POINT)
    for player in document.players:
        if len(player.rounds) >= round_number:
            entry = player.rounds[round_number - 1]
            if entry.opponent == 0 and entry.result in REQUESTED:
                absent[player.start_rank] = REQUESTED[entry.result]
    return absent


def to_pairing_input(
    document: TrfDocument,
    round_number: int | None = None,
    *,
    total_rounds: int | None = None,
    system: str = "dutch",
    rules_edition: str = "2025",
) -> PairingInput:
    """The input for pairing `round_number` (default: the round after the last one in the file) from
    rounds 1..round_number - 1. `total_rounds` overrides ``142``/``XXR``; one of them is required."""
    if round_number is None:
        round_number = last_paired_round(document) + 1
    check_players(document)
    rounds = total_rounds or document.total_rounds
    if rounds is None:
        raise TrfConversionError("the number of rounds is missing: add a 142 or XXR record")
    if round_number < 1 or round_number > rounds:
        raise TrfConversionError(f"round {round_number} is not in a tournament of {rounds} rounds")
    points = scoring(document)
    absent = _absent_next_round(document, round_number)
    players = []
    for entrant in entrants(document, round_number - 1, points):
        requested = absent.get(entrant.number)
        if requested is not None:
            entrant = evolve(entrant, status=PlayerStatus.ABSENT, requested_bye=requested)
        players.append(entrant)
    options: dict[str, str] = {}
    colour = initial_colour(document)
    if colour is not None:
        options["initial_colour"] = colour
    explicit = virtual_points(document)
    if explicit:
        options["acceleration"] = "explicit"
        options["virtual_points"] = ",".join(f"{p}:{r}:{v:g}" for (p, r), v in sorted(explicit.items()))
    elif _is_baku(document):
        options["acceleration"] = "baku"
    return PairingInput(
        system=system,
        round=round_number,
        total_rounds=rounds,
        players=tuple(players),
        rules_edition=rules_edition,
        scoring=points,
        forbidden_pairs=_forbidden_pairs(document, round_number),
        options=tuple(sorted(options.items())),
    )


def entrants(document: TrfDocument, rounds: int, points: Scoring | None = None) -> tuple[Entrant, ...]:
    """The players after rounds 1..`rounds`: their histories (a round missing from a line is a
    zero-point bye) and scores in the point system `points` (default: the document's)."""
    points = points or scoring(document)
    table = _point_table(points)
    numbers = pairing_numbers(document)
    known = {p.start_rank for p in document.players}
    players = []
    for player in document.players:
        history = []
        for index in range(1, rounds + 1):
            entry = player.rounds[index - 1] if index <= len(player.rounds) else _NOT_PAIRED
            if entry.opponent and entry.opponent not in known:
                raise TrfConversionError(
                    f"player {player.start_rank} meets {entry.opponent} in round {index}, who has no 001 line"
                )
            history.append(_round_record(index, entry, points, table))
        players.append(
            Entrant(
                number=player.start_rank,
                pairing_number=numbers[player.start_rank],
                name=player.name,
                rating=player.rating,
                score=sum(r.points for r in history),
                history=tuple(history),
                federation=player.federation,
            )
        )
    return tuple(players)


def last_paired_round(document: TrfDocument) -> int:
    """The last round in which somebody was paired (an opponent, or the PAB); a later column may hold
    only the byes requested for the round to pair."""
    last = 0
    for player in document.players:
        for index in range(len(player.rounds), last, -1):  # a line's last paired round, if later than `last`
            entry = player.rounds[index - 1]
            if entry.opponent != 0 or entry.result is R.PAIRING_ALLOCATED_BYE:
                last = index
                break
    return last


def pairing_entries(outcome: PairingOutcome) -> dict[int, RoundEntry]:
    """Each seated player's round columns for a pairing, results not yet known (blank)."""
    entries: dict[int, RoundEntry] = {}
    for board in outcome.boards:
        entries[board.first] = RoundEntry(opponent=board.second, colour=Colour.WHITE, result=R.NO_RESULT)
        entries[board.second] = RoundEntry(opponent=board.first, colour=Colour.BLACK, result=R.NO_RESULT)
    for bye in outcome.byes:
        entries[bye.player] = RoundEntry(opponent=0, colour=Colour.NONE, result=R.PAIRING_ALLOCATED_BYE)
    return entries


def outcome_from_round(document: TrfDocument, round_number: int, scoring_: Scoring | None = None) -> PairingOutcome:
    """The pairing a file records for `round_number`: boards (White first, ordered by the white
    player's rank), the PAB; requested byes and absences are not part of the pairing."""
    boards: list[Board] = []
    byes: list[Bye] = []
    seen: set[int] = set()
    points = scoring_ or scoring(document)
    for player in sorted(document.players, key=lambda p: p.start_rank):
        if len(player.rounds) < round_number or player.start_rank in seen:
            continue
        entry = player.rounds[round_number - 1]
        if entry.opponent == 0:
            if entry.result is R.PAIRING_ALLOCATED_BYE:
                byes.append(Bye(player.start_rank, ByeKind.PAIRING_ALLOCATED, points.pairing_allocated_bye))
            continue
        seen |= {player.start_rank, entry.opponent}
        if entry.colour is Colour.BLACK:
            boards.append(Board(entry.opponent, player.start_rank))
        else:
            boards.append(Board(player.start_rank, entry.opponent))
    return PairingOutcome(boards=tuple(boards), byes=tuple(byes))
