"""CSV rosters (`arbiter import-roster`): read and check every row before anything is registered."""

from __future__ import annotations

import csv
from pathlib import Path

from ledger.application import PlayerDetails
from ledger.errors import InvalidInput
from ledger.validation import parse_whole_number

COLUMNS = {
    "name": "name",
    "rating": "rating",
    "federation": "federation",
    "fed": "federation",
    "club": "club",
    "team": "team",
    "title": "title",
    "id": "external_id",
    "fide_id": "external_id",
    "external_id": "external_id",
    "number": "number",
}
"""Accepted headings (case-insensitive) and the detail each fills."""


def read_roster(path: Path) -> list[PlayerDetails]:
    """Every row of a CSV roster with a `name` heading; `InvalidInput` names the line and column."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise InvalidInput(f"cannot read roster {path}: {error}") from error
    reader = csv.DictReader(text.splitlines())
    headings = [h.strip().lower() for h in reader.fieldnames or []]
    if "name" not in headings:
        raise InvalidInput(f"{path}: line 1 must be headings including 'name' (e.g. name,rating,federation)")
    unknown = [h for h in headings if h not in COLUMNS]
    if unknown:
        raise InvalidInput(f"{path}: line 1: unknown column(s) {', '.join(unknown)}; known: {', '.join(COLUMNS)}")
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
        detail = COLUMNS[heading]
        if detail in ("rating", "number"):
            where = f"{path}: line {line}, column {heading}"
            values[detail] = parse_whole_number(text, where, 0) if text else (0 if detail == "rating" else None)
        else:
            values[detail] = text
    if not values.get("name"):
        raise InvalidInput(f"{path}: line {line}, column name: a player needs a name")
    return PlayerDetails(**values)  # type: ignore[arg-type]
