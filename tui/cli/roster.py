"""CSV rosters (`arbiter import-roster`): read and check every row before anything is registered."""

from __future__ import annotations

import csv
import re
from pathlib import Path

from ledger.application import PlayerDetails
from ledger.errors import InvalidInput
from tui.player_fields import BY_HEADING

MAX_CELL = 200
"""Characters in one cell: a name or a club is far shorter; a longer cell is a broken file."""
MAX_DIGITS = 9
"""Digits in a rating or a number."""
CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def read_roster(path: Path) -> list[PlayerDetails]:
    """Every row of a CSV roster with a `name` heading; `InvalidInput` names the line and column."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise InvalidInput(f"cannot read roster {path}: {error}") from error
    reader = csv.DictReader(text.splitlines())
    try:
        return _rows(path, reader)
    except csv.Error as error:
        raise InvalidInput(f"{path}: line {reader.line_num + 1}: {error}; check the quoting") from None


def _rows(path: Path, reader: csv.DictReader[str]) -> list[PlayerDetails]:
    headings = [h.strip().lower() for h in reader.fieldnames or []]
    if "name" not in headings:
        raise InvalidInput(f"{path}: line 1 must be headings including 'name' (e.g. name,rating,federation)")
    unknown = [h for h in headings if h not in BY_HEADING]
    if unknown:
        raise InvalidInput(f"{path}: line 1: unknown column(s) {', '.join(unknown)}; known: {', '.join(BY_HEADING)}")
    players = [_row(path, line, headings, list(row.values())) for line, row in enumerate(reader, start=2)]
    if not players:
        raise InvalidInput(f"{path}: no players below the headings")
    return players


def _row(path: Path, line: int, headings: list[str], cells: list[object]) -> PlayerDetails:
    if len(cells) != len(headings) or any(c is None or isinstance(c, list) for c in cells):
        raise InvalidInput(f"{path}: line {line}: expected {len(headings)} cells like the headings")
    values: dict[str, object] = {}
    for heading, cell in zip(headings, cells, strict=True):
        text = str(cell).strip()
        field = BY_HEADING[heading]
        if len(text) > MAX_CELL:
            raise InvalidInput(f"{path}: line {line}, column {heading}: longer than {MAX_CELL} characters")
        if CONTROL.search(text):
            raise InvalidInput(f"{path}: line {line}, column {heading}: a control character in {text[:40]!r}")
        if not text:
            values[field.detail] = field.default
        elif field.whole_number:
            try:
                if len(text) > MAX_DIGITS:
                    raise ValueError(f"{field.detail} must be a whole number of at most {MAX_DIGITS} digits")
                values[field.detail] = field.number_from(text)
            except ValueError as error:
                raise InvalidInput(f"{path}: line {line}, column {heading}: {error}") from None
        else:
            values[field.detail] = text
    if not values.get("name"):
        raise InvalidInput(f"{path}: line {line}, column name: a player needs a name")
    return PlayerDetails(**values)  # type: ignore[arg-type]
