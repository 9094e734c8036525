"""Rating-list files as the arbiter downloads or writes them, read into `ListedPlayer` rows
(docs/fide-mode.md, "Rating lists"; FIDE endorsement checklist Q117-119).

Three formats:

- FIDE's fixed-width text lists (`standard_rating_list.txt`, `rapid_...`, `blitz_...`, and the combined
  `players_list_foa.txt`). The first line holds the column headings ("ID Number", "Name", "Fed", "Sex",
  "Tit", "WTit", "OTit", "FOA", the rating columns, "B-day", "Flag"); a column runs from where its heading
  starts to where the next one starts. A list of one kind has one rating column headed by its month
  ("NOV26"), then "Gms" (or "GMS") and "K"; the combined list has "SRtng SGm SK", "RRtng RGm Rk" and
  "BRtng BGm BK" for standard, rapid and blitz.
- FIDE's XML lists: `<playerslist>` of `<player>` elements with `fideid`, `name`, `country`, `sex`,
  `title`, `rating`, `games`, `k`, `birthday`; the combined list adds `rapid_rating`, `blitz_rating` (and
  their games and K). A document type declaration (and so any entity) is refused before it is read.
- A custom list (a national federation's, a club's): CSV with the headings `id`, `name`, `rating` and any
  of `federation`, `title`, `sex`, `birth_year`, `games`, `k`.

Every reader refuses what it cannot read (InvalidInput naming the line and what is wrong) and never
guesses: a rating outside 0-9999, an id that is not a number, a player listed twice.
"""

from __future__ import annotations

import csv
import enum
import itertools
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any
from xml.parsers import expat

from attrs import Factory, frozen

from ledger.errors import InvalidInput
from ledger.ratings import MAX_RATING

MAX_FIELD = 200
"""Characters in one field: a name is far shorter; a longer one is a broken file."""
MAX_ID_DIGITS = 12
"""Digits of a FIDE id (nine today) or a custom list's id."""
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


class ListKind(enum.StrEnum):
    """The rating type of a list: what a tournament is rated by (Q124)."""

    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"


class ListFormat(enum.StrEnum):
    FIDE_TXT = "fide-txt"
    FIDE_XML = "fide-xml"
    CSV = "csv"


@frozen
class ListedPlayer:
    """One player as a list gives them, with the rating of each kind the file holds (0: none)."""

    player_id: str
    name: str
    federation: str = ""
    sex: str = ""
    title: str = ""
    birth_year: int = 0
    ratings: dict[ListKind, tuple[int, int, int]] = Factory(dict)
    """Kind -> (rating, games, K factor) for each kind the file rates the player in."""


# --- checks shared by the formats ------------------------------------------------------------------


def _text(value: str, what: str, where: str) -> str:
    value = value.strip()
    if len(value) > MAX_FIELD:
        raise InvalidInput(f"{where}: {what} is longer than {MAX_FIELD} characters")
    if CONTROL.search(value):
        raise InvalidInput(f"{where}: {what} holds a control character")
    return value


def _number(value: str, largest: int) -> int | None:
    """A whole number from 0 to `largest` (an empty field is 0), or None."""
    value = value.strip()
    if not value:
        return 0
    if not (value.isascii() and value.isdigit()) or len(value) > 5:
        return None
    number = int(value)
    return number if number <= largest else None


def _checked(value: str, largest: int, what: str, where: str) -> int:
    number = _number(value, largest)
    if number is None:
        raise InvalidInput(f"{where}: {what} must be a whole number from 0 to {largest}, not {value.strip()[:20]!r}")
    return number


def _player_id(value: str, where: str) -> str:
    value = value.strip()
    if not (value.isascii() and value.isdigit()) or len(value) > MAX_ID_DIGITS or int(value) == 0:
        raise InvalidInput(f"{where}: the id must be a number of 1 to {MAX_ID_DIGITS} digits, not {value[:20]!r}")
    return str(int(value))


RATING_PARTS = (("rating", MAX_RATING), ("games", 9999), ("K factor", 99))
"""A rating's three fields and the largest value of each."""


def _rating(kind: ListKind, parts: tuple[str, str, str], where: str) -> tuple[int, int, int]:
    numbers = tuple(_number(value, largest) for value, (_, largest) in zip(parts, RATING_PARTS, strict=True))
    if None in numbers:
        for value, (what, largest) in zip(parts, RATING_PARTS, strict=True):
            _checked(value, largest, f"the {kind} {what}", where)
    return numbers


def _player(fields: dict[str, str], ratings: dict[ListKind, tuple[str, str, str]], where: str) -> ListedPlayer:
    """A row's fields (by the names `ListedPlayer` uses) checked and converted."""
    name = _text(fields.get("name", ""), "the name", where)
    if not name:
        raise InvalidInput(f"{where}: the player has no name")
    checked = {kind: _rating(kind, parts, where) for kind, parts in ratings.items()}
    return ListedPlayer(
        player_id=_player_id(fields.get("player_id", ""), where),
        name=name,
        federation=_text(fields.get("federation", ""), "the federation", where),
        sex=_text(fields.get("sex", ""), "the sex", where),
        title=_text(fields.get("title", ""), "the title", where),
        birth_year=_checked(fields.get("birth_year", ""), 9999, "the birth year", where),
        ratings={kind: values for kind, values in checked.items() if values[0]},
    )


def once_each(players: Iterator[ListedPlayer]) -> Iterator[ListedPlayer]:
    """The players, refusing an id listed twice (a list names each player once)."""
    seen: set[str] = set()
    for player in players:
        if player.player_id in seen:
            raise InvalidInput(f"id {player.player_id} ({player.name}) is listed twice")
        seen.add(player.player_id)
        yield player


def decoded(data: bytes) -> str:
    """The file's text: UTF-8 (FIDE's lists today), else Latin-1 (older lists)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


# --- FIDE's fixed-width text lists -----------------------------------------------------------------

TXT_HEADINGS: dict[str, str] = {
    "ID Number": "player_id",
    "Name": "name",
    "Fed": "federation",
    "Sex": "sex",
    "Tit": "title",
    "WTit": "woman_title",
    "OTit": "other_title",
    "FOA": "foa",
    "B-day": "birth_year",
    "Flag": "flag",
    "SRtng": "standard.rating",
    "SGm": "standard.games",
    "SK": "standard.k",
    "RRtng": "rapid.rating",
    "RGm": "rapid.games",
    "Rk": "rapid.k",
    "BRtng": "blitz.rating",
    "BGm": "blitz.games",
    "BK": "blitz.k",
    "Gms": "one.games",
    "GMS": "one.games",
    "K": "one.k",
}
"""FIDE's column headings and the field each fills; "one." marks the columns of a list of one kind."""
MONTH_HEADING = re.compile(r"[A-Z][A-Za-z]{2}\d{2}")
"""A list of one kind heads its rating column with the list's month, e.g. "NOV26"."""


def txt_columns(heading: str) -> dict[str, slice]:
    """Where each column the heading line names lies in a line, by field; InvalidInput if the line is not
    the heading of a FIDE list."""
    found: list[tuple[int, str]] = []
    for match in re.finditer(r"ID Number|\S+", heading):
        word = match.group()
        field = TXT_HEADINGS.get(word) or ("one.rating" if MONTH_HEADING.fullmatch(word) else None)
        if field is None:
            raise InvalidInput(f"line 1: {word[:20]!r} is not a heading of a FIDE rating list")
        found.append((match.start(), field))
    fields = [field for _, field in found]
    if fields[:2] != ["player_id", "name"]:
        raise InvalidInput("line 1: a FIDE rating list begins with the headings 'ID Number' and 'Name'")
    if not any(field.endswith(".rating") for field in fields):
        raise InvalidInput("line 1: the headings name no rating column")
    if len(set(fields)) != len(fields) or len({field.split(".")[0] == "one" for field in fields if "." in field}) > 1:
        raise InvalidInput("line 1: a heading is given twice, or one kind's columns beside the combined list's")
    ends = [start for start, _ in found[1:]] + [None]
    return {field: slice(start, end) for (start, field), end in zip(found, ends, strict=True)}


TXT_PLAYER_COLUMNS = ("player_id", "name", "federation", "sex", "title", "birth_year")
"""The columns a FIDE text list gives that the ledger reads besides the ratings."""


def read_fide_txt(text: str, kind: ListKind | None) -> tuple[tuple[ListKind, ...], Iterator[ListedPlayer]]:
    """(the kinds, the players) of a FIDE text list: the combined list gives each kind, a list of one kind
    the `kind` given (the file does not say which it is). The heading is checked at once, the players as
    they are iterated."""
    lines = text.splitlines()
    if not lines:
        raise InvalidInput("the file is empty")
    columns = txt_columns(lines[0])
    one = _one_kind(kind) if "one.rating" in columns else None
    prefixes = {one: "one"} if one else {each: str(each) for each in ListKind}
    fields = tuple((field, columns[field]) for field in TXT_PLAYER_COLUMNS if field in columns)
    ratings = tuple(
        (each, tuple(columns.get(f"{prefix}.{part}", slice(0, 0)) for part in ("rating", "games", "k")))
        for each, prefix in prefixes.items()
    )
    players = (
        _txt_player(line, fields, ratings, number) for number, line in enumerate(lines[1:], start=2) if line.strip()
    )
    return tuple(prefixes), players


def _one_kind(kind: ListKind | None) -> ListKind:
    if kind is None:
        raise InvalidInput("a FIDE list of one kind does not say which it is: standard, rapid or blitz")
    return kind


def _txt_player(
    line: str,
    fields: tuple[tuple[str, slice], ...],
    ratings: tuple[tuple[ListKind, tuple[slice, slice, slice]], ...],
    number: int,
) -> ListedPlayer:
    values = {field: line[where] for field, where in fields}
    parts = {kind: (line[rating], line[games], line[k]) for kind, (rating, games, k) in ratings}
    return _player(values, parts, f"line {number}")


# --- FIDE's XML lists ------------------------------------------------------------------------------

XML_FIELDS = {
    "fideid": "player_id",
    "name": "name",
    "country": "federation",
    "sex": "sex",
    "title": "title",
    "birthday": "birth_year",
}
XML_RATINGS = {
    ListKind.STANDARD: ("rating", "games", "k"),
    ListKind.RAPID: ("rapid_rating", "rapid_games", "rapid_k"),
    ListKind.BLITZ: ("blitz_rating", "blitz_games", "blitz_k"),
}
XML_KNOWN = {*XML_FIELDS, *(tag for tags in XML_RATINGS.values() for tag in tags)} | {
    "w_title",
    "o_title",
    "foa_title",
    "flag",
}


XML_CHUNK = 2**20
"""Bytes given to the XML parser at a time: the players are read as the file is, not all at once."""
COMBINED_ONLY = frozenset(tag for kind in (ListKind.RAPID, ListKind.BLITZ) for tag in XML_RATINGS[kind])


def read_fide_xml(data: bytes, kind: ListKind | None) -> tuple[tuple[ListKind, ...], Iterator[ListedPlayer]]:
    """(the kinds, the players) of a FIDE XML list. A combined list (its players have `rapid_rating`) gives
    each kind; a list of one kind the `kind` given. The players are read as they are iterated."""
    rows = _xml_rows(data)
    first = next(rows, None)
    combined = first is not None and "rapid_rating" in first[0]
    tags = dict(XML_RATINGS) if combined else {_one_kind(kind): XML_RATINGS[ListKind.STANDARD]}
    everyone = itertools.chain([first] if first else [], rows)
    return tuple(tags), (_xml_player(row, line, tags, combined) for row, line in everyone)


def _xml_rows(data: bytes) -> Iterator[tuple[dict[str, str], int]]:
    """Each `<player>`'s fields and line, as the parser reaches the end of it."""
    rows: list[tuple[dict[str, str], int]] = []
    parser = expat.ParserCreate()
    _XmlRows(parser, rows)
    try:
        for start in range(0, len(data), XML_CHUNK):
            parser.Parse(data[start : start + XML_CHUNK], False)
            yield from rows
            rows.clear()
        parser.Parse(b"", True)
    except expat.ExpatError as error:
        raise InvalidInput(f"line {error.lineno}: not well-formed XML ({expat.ErrorString(error.code)})") from None
    yield from rows


def _xml_player(
    row: dict[str, str], line: int, tags: dict[ListKind, tuple[str, str, str]], combined: bool
) -> ListedPlayer:
    if not combined and COMBINED_ONLY.intersection(row):
        raise InvalidInput(f"line {line}: a player of a list of one kind has rapid or blitz ratings")
    return _player(
        {field: row.get(tag, "") for tag, field in XML_FIELDS.items()},
        {each: (row.get(r, ""), row.get(g, ""), row.get(k, "")) for each, (r, g, k) in tags.items()},
        f"line {line}",
    )


class _XmlRows:
    """Expat handlers that collect each `<player>`'s fields when it ends; refuse a document type (entities)
    and any element a FIDE list does not have."""

    def __init__(self, parser: Any, rows: list[tuple[dict[str, str], int]]) -> None:
        self.parser, self.rows = parser, rows
        self.path: list[str] = []
        self.text: list[str] = []
        self.current: tuple[dict[str, str], int] = ({}, 0)
        parser.StartDoctypeDeclHandler = self.refuse_doctype
        parser.EntityDeclHandler = self.refuse_doctype
        parser.StartElementHandler = self.start
        parser.EndElementHandler = self.end
        parser.CharacterDataHandler = self.text.append

    def where(self) -> str:
        return f"line {self.parser.CurrentLineNumber}"

    def refuse_doctype(self, *_: object) -> None:
        raise InvalidInput(f"{self.where()}: a rating list has no document type or entities")

    def start(self, tag: str, _attributes: dict[str, str]) -> None:
        expected = {0: "playerslist", 1: "player"}.get(len(self.path))
        if (expected and tag != expected) or (len(self.path) == 2 and tag not in XML_KNOWN) or len(self.path) > 2:
            raise InvalidInput(f"{self.where()}: <{tag[:20]}> is not an element of a FIDE rating list here")
        if tag == "player":
            self.current = ({}, self.parser.CurrentLineNumber)
        self.path.append(tag)
        self.text.clear()

    def end(self, tag: str) -> None:
        self.path.pop()
        if len(self.path) == 2:
            self.current[0][tag] = "".join(self.text)[: MAX_FIELD + 1]
        elif tag == "player":
            self.rows.append(self.current)
        self.text.clear()


# --- custom lists (CSV) ----------------------------------------------------------------------------

CSV_HEADINGS = {
    "id": "player_id",
    "name": "name",
    "rating": "rating",
    "federation": "federation",
    "title": "title",
    "sex": "sex",
    "birth_year": "birth_year",
    "games": "games",
    "k": "k",
}


def read_custom_csv(text: str, kind: ListKind) -> tuple[tuple[ListKind, ...], Iterator[ListedPlayer]]:
    """(the kind, the players) of a custom list: CSV with the headings `id`, `name` and `rating` (and any of
    the others in `CSV_HEADINGS`), rated in `kind`."""
    reader = csv.reader(text.splitlines())
    try:
        headings = [h.strip().lower() for h in next(reader, [])]
    except csv.Error as error:
        raise InvalidInput(f"line 1: {error}; check the quoting") from None
    _check_csv_headings(headings)
    return (kind,), _csv_players(reader, headings, kind)


def _csv_players(reader: Any, headings: list[str], kind: ListKind) -> Iterator[ListedPlayer]:
    try:
        for row in reader:
            where = f"line {reader.line_num}"
            if not any(cell.strip() for cell in row):
                continue
            if len(row) != len(headings):
                raise InvalidInput(f"{where}: {len(row)} cells under {len(headings)} headings")
            cells = {CSV_HEADINGS[h]: cell for h, cell in zip(headings, row, strict=True)}
            ratings = {kind: (cells.get("rating", ""), cells.get("games", ""), cells.get("k", ""))}
            yield _player(cells, ratings, where)
    except csv.Error as error:
        raise InvalidInput(f"line {reader.line_num}: {error}; check the quoting") from None


def _check_csv_headings(headings: list[str]) -> None:
    missing = [h for h in ("id", "name", "rating") if h not in headings]
    unknown = [h[:20] for h in headings if h not in CSV_HEADINGS]
    if missing or unknown or len(set(headings)) != len(headings):
        raise InvalidInput(
            f"line 1: the headings of a custom list are id, name, rating and any of "
            f"{', '.join(list(CSV_HEADINGS)[3:])}, each once"
            + (f" (missing {', '.join(missing)})" if missing else "")
            + (f" (unknown {', '.join(unknown)})" if unknown else "")
        )


# --- which reader ----------------------------------------------------------------------------------


def list_format(data: bytes, file_name: str) -> ListFormat:
    """The format of a file: XML if it opens with '<' (after spaces), a FIDE text list if its first
    line opens with "ID Number", else CSV."""
    start = data.lstrip()[:64]
    if start.startswith((b"<", b"\xef\xbb\xbf<")) or file_name.lower().endswith(".xml"):
        return ListFormat.FIDE_XML
    return ListFormat.FIDE_TXT if start.startswith(b"ID Number") else ListFormat.CSV


Kinds = tuple[ListKind, ...]
READERS: dict[ListFormat, Callable[[bytes, ListKind | None], tuple[Kinds, Iterable[ListedPlayer]]]] = {
    ListFormat.FIDE_TXT: lambda data, kind: read_fide_txt(decoded(data), kind),
    ListFormat.FIDE_XML: read_fide_xml,
    ListFormat.CSV: lambda data, kind: read_custom_csv(decoded(data), kind or ListKind.STANDARD),
}


def read_list(data: bytes, file_name: str, kind: ListKind | None) -> tuple[ListFormat, Kinds, Iterator[ListedPlayer]]:
    """(the file's format, the kinds it rates, its players, each id once). The players are read as they are
    iterated: InvalidInput stops the iteration at the first thing that is wrong."""
    found = list_format(data, file_name)
    kinds, players = READERS[found](data, kind)
    return found, kinds, once_each(iter(players))
