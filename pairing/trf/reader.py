"""Read a TRF (TRF16, TRF-2026, JaVaFo's TRF(x), bbpPairings' TRF(bx)) from text.

Opening files is the caller's job: `parse` takes the text. CR, LF and CRLF line ends are all read
(TRF16 Remark 1 asks for CR). A line that breaks its record's layout is refused with a
`TrfSyntaxError` naming the line and the 1-based column, as the specification counts them.

Every step is bounded by the text's length: fields are fixed columns or whitespace-separated
tokens checked against short, anchored patterns (no backtracking), numbers have a bounded count of
digits, and a line may hold at most `MAX_LINE` characters (a ``001`` line of 990 rounds).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal

from pairing.trf.document import (
    AccelerationRecord,
    BbpPointsRecord,
    ByeRecord,
    Colour,
    CommentRecord,
    ForbiddenPairsRecord,
    InitialColourRecord,
    JavafoAccelerationRecord,
    JavafoConfigRecord,
    JavafoPlayersRecord,
    JavafoScoringRecord,
    Newline,
    OtherRecord,
    PlayerRecord,
    Record,
    ResultCode,
    RoundEntry,
    RoundsRecord,
    ScoringRecord,
    TournamentRecord,
    TrfDocument,
)

_LINE_END = re.compile(r"\r\n|\r|\n")
MAX_LINE = 10_000
"""Characters on one line: cols 92 + 10 (r - 1) of a ``001`` line reach 990 rounds."""
_DECIMAL = re.compile(r"[+-]?\d{1,4}(?:\.\d{1,2})?")
"""The "11.5" format and the values of ``XXS``/``BB*``: at most 4 digits before the point."""
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_TOURNAMENT_CODE = re.compile(r"\d\d2")
_RESULTS = {code.value: code for code in ResultCode} | {"w": ResultCode.UNRATED_WIN, "d": ResultCode.UNRATED_DRAW}
_RESULTS |= {"l": ResultCode.UNRATED_LOSS, "h": ResultCode.HALF_POINT_BYE, "f": ResultCode.FULL_POINT_BYE}
_RESULTS |= {"u": ResultCode.PAIRING_ALLOCATED_BYE, "z": ResultCode.ZERO_POINT_BYE}
_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK, "-": Colour.NONE, " ": Colour.NONE}
_PLAYER_SEPARATORS = re.compile(r".{8} .{4} .{33} .{4} .{3} .{11} .{10} .{4} ", re.DOTALL)
"""Cols 9, 14, 48, 53, 57, 69, 80 and 85 of a ``001`` line, all blank: the separators checked at once."""
_ROUND_COLOURS = _COLOURS | {"W": Colour.WHITE, "B": Colour.BLACK}
_ROUND_ENTRY = re.compile(
    f"([ 0-9]{{4}}) ([{re.escape(''.join(_ROUND_COLOURS))}]) ([{re.escape(''.join(_RESULTS))}])  "
)
"""One well-formed round, padded to its 10 columns: what `_round_entry` reads, column by column, from
the common case (digits and blanks, a colour and a result code as written), so that a file of
well-formed rounds is read with one pattern per line; anything else goes to `_round_entry`."""
BBP_POINT_CODES = ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU")


class TrfSyntaxError(ValueError):
    """A line that does not follow its record's layout."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line = line
        self.column = column
        self.message = message


class _Line:
    """One line and its number, with column access in the specification's 1-based columns."""

    def __init__(self, number: int, text: str) -> None:
        self.number = number
        self.text = text

    def cols(self, first: int, last: int) -> str:
        return self.text[first - 1 : last]

    def fail(self, column: int, message: str) -> TrfSyntaxError:
        return TrfSyntaxError(self.number, column, message)

    def integer(self, first: int, last: int, what: str, *, blank: int | None = None) -> int:
        field = self.cols(first, last).strip()
        if not field and blank is not None:
            return blank
        if not (field.isascii() and field.isdecimal()):
            raise self.fail(first, f"{what} must be a whole number in columns {first}-{last}, not {field!r}")
        return int(field)

    def decimal(self, first: int, last: int, what: str) -> Decimal | None:
        field = self.cols(first, last).strip()
        if not field:
            return None
        return _decimal(field, lambda message: self.fail(first, f"{what} {message}"))

    def blank(self, column: int, what: str) -> None:
        if self.cols(column, column) not in ("", " "):
            raise self.fail(column, f"column {column} must be blank ({what}), not {self.cols(column, column)!r}")


def _decimal(text: str, fail: Callable[[str], TrfSyntaxError]) -> Decimal:
    if not _DECIMAL.fullmatch(text):
        raise fail(f"must be a number like 11.5, not {text[:20]!r}")
    return Decimal(text)


def parse(text: str) -> TrfDocument:
    """The document in `text`; `TrfSyntaxError` for the first malformed line."""
    newline = Newline.CRLF if "\r\n" in text else Newline.CR if "\r" in text else Newline.LF
    lines = _LINE_END.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    records = [_record(_checked(number, line)) for number, line in enumerate(lines, start=1)]
    return TrfDocument(records=tuple(records), newline=newline)


def _checked(number: int, text: str) -> _Line:
    """The line, once its length and characters are known to be readable."""
    line = _Line(number, text)
    if len(text) > MAX_LINE:
        raise line.fail(MAX_LINE + 1, f"the line is longer than {MAX_LINE} characters")
    control = _CONTROL.search(text)
    if control is not None:
        raise line.fail(control.start() + 1, f"control character {control.group()!r} in the line")
    return line


def _record(line: _Line) -> Record:
    code = line.text[:3]
    reader = _READERS.get(code)
    if reader is not None:
        if len(line.text) > 3 and line.text[3] != " ":
            raise line.fail(4, f"record {code} needs a blank in column 4")
        return reader(line)
    if code == "###":
        return CommentRecord(text=line.text[3:])
    if _TOURNAMENT_CODE.fullmatch(code) and (len(line.text) == 3 or line.text[3] == " "):
        return TournamentRecord(code=code, text=line.text[4:])
    return OtherRecord(line=line.text)


def _player(line: _Line) -> PlayerRecord:
    """``001``: fixed columns (TRF16 "Player Section")."""
    start_rank = line.integer(5, 8, "the starting rank")
    if start_rank < 1:
        raise line.fail(5, "the starting rank must be 1 to 9999")
    if not _PLAYER_SEPARATORS.match(line.text):  # a short line, or a separator that is not blank
        for column in (9, 14, 48, 53, 57, 69, 80, 85):
            line.blank(column, "a separator")
    points = line.decimal(81, 84, "the points")
    rank_text = line.cols(86, 89).strip()
    rank = line.integer(86, 89, "the rank") if rank_text else None
    body = line.text.rstrip(" ")
    if len(body) > 89:
        line.blank(90, "a separator")
        line.blank(91, "a separator")
    count = max(0, (len(body) - 82) // 10)
    rounds = _well_formed_rounds(line.text, count)
    if rounds is None:
        rounds = tuple(_round_entry(line, 92 + 10 * index, index + 1) for index in range(count))
    return PlayerRecord(
        start_rank=start_rank,
        sex=line.cols(10, 10).strip(),
        title=line.cols(11, 13).strip(),
        name=line.cols(15, 47).strip(),
        rating=line.integer(49, 52, "the rating", blank=0),
        federation=line.cols(54, 56).strip(),
        fide_id=line.cols(58, 68).strip(),
        birth_date=line.cols(70, 79).strip(),
        points=points,
        rank=rank,
        rounds=rounds,
    )


def _well_formed_rounds(text: str, count: int) -> tuple[RoundEntry, ...] | None:
    """The `count` rounds from col 92 on, or None unless every one matches `_ROUND_ENTRY` (then
    `_round_entry` reads them, and names the first error). A column past the line's end reads as a
    blank, so the last round is padded with blanks."""
    fields = _ROUND_ENTRY.findall(text[91 : 91 + 10 * count].ljust(10 * count))
    if len(fields) != count:  # `count` matches of 10 columns each in 10 * count columns: every round
        return None
    if any(" " in opponent.strip() for opponent, _, _ in fields):
        return None  # "1 2 " is not a number: `_round_entry` says so
    return tuple(
        RoundEntry(
            opponent=int(opponent) if opponent != "    " else 0,
            colour=_ROUND_COLOURS[colour],
            result=_RESULTS[result],
        )
        for opponent, colour, result in fields
    )


def _round_entry(line: _Line, start: int, round_number: int) -> RoundEntry:
    """Round r: opponent at start..start+3, colour at start+5, result at start+7 (start = 92 + 10 (r - 1))."""
    opponent = line.integer(start, start + 3, f"round {round_number}'s opponent", blank=0)
    for column in (start + 4, start + 6, start + 8, start + 9):
        line.blank(column, f"a separator in round {round_number}")
    colour_text = line.cols(start + 5, start + 5).lower() or " "
    colour = _COLOURS.get(colour_text)
    if colour is None:
        raise line.fail(start + 5, f"round {round_number}'s colour must be w, b or -, not {colour_text!r}")
    result_text = line.cols(start + 7, start + 7) or " "
    result = _RESULTS.get(result_text, _RESULTS.get(result_text.upper()))
    if result is None:
        raise line.fail(start + 7, f"round {round_number}'s result {result_text!r} is not a TRF result code")
    return RoundEntry(opponent=opponent, colour=colour, result=result)


def _rounds(line: _Line) -> RoundsRecord:
    numbers = _whole_numbers(line, 5)
    if len(numbers) != 1:
        raise line.fail(5, f"record {line.text[:3]} takes one number, the total number of rounds")
    return RoundsRecord(rounds=numbers[0], javafo=line.text[:3] == "XXR")


def _whole_numbers(line: _Line, column: int) -> list[int]:
    """Whitespace-separated player ids or round counts: 1 to 4 digits each (TRF16: ids up to 9999)."""
    numbers = []
    for match in re.finditer(r"\S+", line.text[column - 1 :]):
        if not (match.group().isascii() and match.group().isdecimal() and len(match.group()) <= 4):
            raise line.fail(column + match.start(), f"{match.group()[:20]!r} is not a whole number of 1 to 4 digits")
        numbers.append(int(match.group()))
    return numbers


def _initial_colour(line: _Line) -> InitialColourRecord:
    text = line.text[4:].strip().upper()
    if text not in ("W", "B"):
        raise line.fail(5, f"record 152 takes W or B, not {text!r}")
    return InitialColourRecord(colour=Colour.WHITE if text == "W" else Colour.BLACK)


def _scoring(line: _Line) -> ScoringRecord:
    """``162``: symbol at col 6 + 9j, points at cols 7-10 + 9j."""
    values = []
    column = 6
    while column <= len(line.text.rstrip(" ")):
        symbol = line.cols(column, column)
        if symbol not in "WDLAZPX" or symbol == "":
            raise line.fail(column, f"record 162 point symbol must be one of W D L A P X, not {symbol!r}")
        value = line.decimal(column + 1, column + 4, f"the points for {symbol}")
        if value is None:
            raise line.fail(column + 1, f"the points for {symbol} are missing")
        values.append((symbol, value))
        column += 9
    return ScoringRecord(values=tuple(values))


def _byes(line: _Line) -> ByeRecord:
    """``240``: kind at col 5, round at cols 7-9, players at cols 11-14, 16-19, ..."""
    kind = line.cols(5, 5).upper()
    if kind not in ("F", "H", "Z"):
        raise line.fail(5, f"record 240 bye kind must be F, H or Z, not {kind!r}")
    return ByeRecord(kind=kind, round=line.integer(7, 9, "the round"), players=_id_columns(line, 11))


def _id_columns(line: _Line, first: int) -> tuple[int, ...]:
    ids = []
    column = first
    while column <= len(line.text.rstrip(" ")):
        ids.append(line.integer(column, column + 3, "a player id"))
        column += 5
    return tuple(ids)


def _acceleration(line: _Line) -> AccelerationRecord:
    """``250``: match points 5-8, game points 10-13, rounds 15-17 and 19-21, players 23-26 and 28-31."""
    game_points = line.decimal(10, 13, "the virtual game points")
    if game_points is None:
        raise line.fail(10, "the virtual game points (cols 10-13) are missing")
    return AccelerationRecord(
        match_points=line.decimal(5, 8, "the virtual match points"),
        game_points=game_points,
        first_round=line.integer(15, 17, "the first round"),
        last_round=line.integer(19, 21, "the last round"),
        first_player=line.integer(23, 26, "the first player"),
        last_player=line.integer(28, 31, "the last player"),
    )


def _forbidden(line: _Line) -> ForbiddenPairsRecord:
    """``260``: rounds at cols 5-7 and 9-11, players at cols 13-16, 18-21, ..."""
    return ForbiddenPairsRecord(
        first_round=line.integer(5, 7, "the first round"),
        last_round=line.integer(9, 11, "the last round"),
        players=_id_columns(line, 13),
    )


def _javafo_config(line: _Line) -> JavafoConfigRecord:
    tokens = tuple(line.text[4:].split())
    for token in tokens:
        if token.lower() not in ("rank", "white1", "black1"):
            raise line.fail(5 + line.text[4:].find(token), f"XXC knows rank, white1 and black1, not {token!r}")
    return JavafoConfigRecord(tokens=tokens)


def _javafo_players(line: _Line) -> JavafoPlayersRecord:
    return JavafoPlayersRecord(code=line.text[:3], players=tuple(_whole_numbers(line, 5)))


def _javafo_acceleration(line: _Line) -> JavafoAccelerationRecord:
    """``XXA NNNN pp.p pp.p ...``: player at cols 5-8, round r's points at cols 10 + 5 (r - 1)."""
    player = line.integer(5, 8, "the player id")
    points = []
    column = 10
    while column <= len(line.text.rstrip(" ")):
        value = line.decimal(column, column + 3, "the virtual points")
        points.append(value if value is not None else Decimal(0))
        column += 5
    return JavafoAccelerationRecord(player=player, points=tuple(points))


def _javafo_scoring(line: _Line) -> JavafoScoringRecord:
    values = []
    for match in re.finditer(r"\S+", line.text[4:]):
        code, equals, value = match.group().partition("=")
        column = 5 + match.start()
        if not equals or not code:
            raise line.fail(column, f"XXS takes CODE=VALUE, not {match.group()!r}")
        values.append((code, _decimal(value, lambda message, c=column, k=code: line.fail(c, f"{k} {message}"))))
    return JavafoScoringRecord(values=tuple(values))


def _bbp_points(line: _Line) -> BbpPointsRecord:
    text = line.text[4:].strip()
    return BbpPointsRecord(
        code=line.text[:3], value=_decimal(text, lambda message: line.fail(5, f"{line.text[:3]} {message}"))
    )


_READERS: dict[str, Callable[[_Line], Record]] = {
    "001": _player,
    "142": _rounds,
    "152": _initial_colour,
    "162": _scoring,
    "240": _byes,
    "250": _acceleration,
    "260": _forbidden,
    "XXR": _rounds,
    "XXC": _javafo_config,
    "XXP": _javafo_players,
    "XXZ": _javafo_players,
    "XXA": _javafo_acceleration,
    "XXS": _javafo_scoring,
} | dict.fromkeys(BBP_POINT_CODES, _bbp_points)
