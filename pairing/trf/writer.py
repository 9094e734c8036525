"""Write a `TrfDocument` back to TRF text, column for column, so that `parse(format(doc)) == doc`.

A value that does not fit its columns (a 34-character name, a rating of 10000) raises `ValueError`
rather than being cut: the round trip is lossless or it does not happen.
"""

from __future__ import annotations

from decimal import Decimal

from pairing.trf.document import (
    AccelerationRecord,
    BbpPointsRecord,
    ByeRecord,
    CommentRecord,
    ForbiddenPairsRecord,
    InitialColourRecord,
    JavafoAccelerationRecord,
    JavafoConfigRecord,
    JavafoPlayersRecord,
    JavafoScoringRecord,
    OtherRecord,
    PlayerRecord,
    Record,
    RoundEntry,
    RoundsRecord,
    ScoringRecord,
    TournamentRecord,
    TrfDocument,
)


def format(document: TrfDocument) -> str:
    """The document as text, every line ended by `document.newline`."""
    end = document.newline.value
    return "".join(format_record(record) + end for record in document.records)


def points(value: Decimal | None, width: int = 4) -> str:
    """The "11.5" format: right-aligned, one decimal place (blank for None)."""
    if value is None:
        return " " * width
    text = f"{value:.1f}"
    if Decimal(text) != value:
        raise ValueError(f"{value} has more than one decimal place")
    return _fit(text, width, "points", right=True)


def _fit(text: str, width: int, what: str, *, right: bool = False) -> str:
    if len(text) > width:
        raise ValueError(f"{what} {text!r} does not fit in {width} columns")
    return text.rjust(width) if right else text.ljust(width)


def _number(value: int, width: int, what: str) -> str:
    return _fit(str(value), width, what, right=True)


def _player(record: PlayerRecord) -> str:
    head = (
        "001 "
        + _number(record.start_rank, 4, "starting rank")
        + " "
        + _fit(record.sex, 1, "sex")
        + _fit(record.title, 3, "title", right=True)
        + " "
        + _fit(record.name, 33, "name")
        + " "
        + (_number(record.rating, 4, "rating") if record.rating else "    ")
        + " "
        + _fit(record.federation, 3, "federation")
        + " "
        + _fit(record.fide_id, 11, "FIDE id", right=True)
        + " "
        + _fit(record.birth_date, 10, "birth date")
        + " "
        + points(record.points)
        + " "
        + (_number(record.rank, 4, "rank") if record.rank is not None else "    ")
    )
    return (head + "  " + "".join(_round(entry) for entry in record.rounds)).rstrip(" ")


def _round(entry: RoundEntry) -> str:
    """Cols 92-101 of round 1 (+10 per round): opponent, blank, colour, blank, result, two blanks."""
    opponent = "0000" if entry.opponent == 0 else _number(entry.opponent, 4, "opponent")
    return f"{opponent} {entry.colour.value} {entry.result.value}  "


def _ids(ids: tuple[int, ...]) -> str:
    return " ".join(_number(i, 4, "player id") for i in ids)


def format_record(record: Record) -> str:
    """One line, without its line end."""
    match record:
        case PlayerRecord():
            return _player(record)
        case TournamentRecord(code=code, text=text):
            return f"{code} {text}"
        case RoundsRecord(rounds=rounds, javafo=javafo):
            return f"{'XXR' if javafo else '142'} {rounds}"
        case InitialColourRecord(colour=colour):
            return f"152 {'W' if colour.value == 'w' else 'B'}"
        case ScoringRecord(values=values):
            return "162  " + "    ".join(f"{symbol}{points(value)}" for symbol, value in values)
        case ByeRecord(kind=kind, round=round_number, players=players):
            return f"240 {kind} {_number(round_number, 3, 'round')} {_ids(players)}".rstrip(" ")
        case AccelerationRecord():
            return (
                f"250 {points(record.match_points)} {points(record.game_points)} "
                f"{_number(record.first_round, 3, 'round')} {_number(record.last_round, 3, 'round')} "
                f"{_number(record.first_player, 4, 'player id')} {_number(record.last_player, 4, 'player id')}"
            )
        case ForbiddenPairsRecord(first_round=first, last_round=last, players=players):
            return f"260 {_number(first, 3, 'round')} {_number(last, 3, 'round')} {_ids(players)}".rstrip(" ")
        case JavafoConfigRecord(tokens=tokens):
            return "XXC " + " ".join(tokens)
        case JavafoPlayersRecord(code=code, players=players):
            return f"{code} " + " ".join(str(i) for i in players)
        case JavafoAccelerationRecord(player=player, points=values):
            return f"XXA {_number(player, 4, 'player id')} " + " ".join(points(v) for v in values)
        case JavafoScoringRecord(values=values):
            return "XXS " + " ".join(f"{code}={value}" for code, value in values)
        case BbpPointsRecord(code=code, value=value):
            return f"{code} {points(value)}"
        case CommentRecord(text=text):
            return f"###{text}"
        case OtherRecord(line=line):
            return line
    raise TypeError(f"not a TRF record: {record!r}")
