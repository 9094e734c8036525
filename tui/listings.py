"""The standings, a round's pairings and the audit log as text tables, CSV and JSON: one form for each,
made from the rows the fold computes or from the rows the read-model tables store (`projections.stored`),
so that `arbiter standings`, `pairings` and `log` print the same either way. Loads neither Rich nor the
ledger (docs/performance.md, "Start-up")."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any, NamedTuple, Protocol

from projections.stored import shown_place
from tui.text_table import TextTable

SIDE_HEADINGS = {
    "chess": ("White", "Black"),
    "backgammon": ("Top (light)", "Bottom"),
    "scrabble": ("First", "Second"),
}


class FideMode(NamedTuple):
    """Q46: whether the tournament is in FIDE mode, and the notice every view of it begins with when it
    could be and is not ("" otherwise)."""

    in_fide_mode: bool
    notice: str

    def lines(self) -> list[str]:
        """The line a text view begins with (none without a notice)."""
        return [self.notice] if self.notice else []

    def fields(self) -> dict[str, Any]:
        """The same, as the fields of a JSON document's header."""
        return {"in_fide_mode": self.in_fide_mode, "fide_mode_notice": self.notice}


def points(value: float) -> str:
    return f"{value:g}"


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a CSV cell as a formula (OWASP, "CSV Injection")."""


def text_cell(text: str) -> str:
    """Free text (a name, a reason) for a CSV cell: one that starts like a formula gets a leading quote,
    so a spreadsheet shows it as text."""
    return "'" + text if text.startswith(FORMULA_START) else text


def csv_text(headings: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    import csv  # here: only `--format csv` needs it
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(headings)
    writer.writerows(rows)
    return out.getvalue()


# --- standings --------------------------------------------------------------------------------------


class Standing(Protocol):
    """A standings row (`projections.standings.StandingRow`, `projections.stored.StoredStanding`)."""

    @property
    def rank(self) -> int: ...
    @property
    def number(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def rating(self) -> int: ...
    @property
    def score(self) -> float: ...
    @property
    def tiebreaks(self) -> tuple[tuple[str, float], ...]: ...
    @property
    def games(self) -> int: ...
    @property
    def withdrawn(self) -> bool: ...
    @property
    def place(self) -> str: ...


def standings_title(name: str, last_paired_round: int, position: int) -> str:
    return f"{name}: standings after round {last_paired_round} (log position {position})"


def standings_rows(rows: Sequence[Standing]) -> list[dict[str, Any]]:
    return [
        {
            "rank": row.rank,
            "number": row.number,
            "name": row.name,
            "rating": row.rating,
            "score": row.score,
            "tiebreaks": dict(row.tiebreaks),
            "games": row.games,
            "withdrawn": row.withdrawn,
            **({"place": row.place} if row.place else {}),
        }
        for row in rows
    ]


def standings_json(rows: Sequence[Standing], as_of: int, mode: FideMode) -> str:
    document = {**mode.fields(), "as_of": as_of, "rows": standings_rows(rows)}
    return json.dumps(document, ensure_ascii=False, indent=2)


def standings_csv(rows: Sequence[Standing]) -> str:
    codes = [code for code, _ in rows[0].tiebreaks] if rows else []
    return csv_text(
        ["rank", "number", "name", "rating", "score", *codes],
        [
            [
                row.rank,
                row.number,
                text_cell(row.name),
                row.rating,
                points(row.score),
                *(points(v) for _, v in row.tiebreaks),
            ]
            for row in rows
        ],
    )


def standings_table(title: str, codes: Sequence[str], rows: Sequence[Standing]) -> TextTable:
    """The standings under `title`; the tie-break columns are the rows' codes (`codes` when no row)."""
    codes = [code for code, _ in rows[0].tiebreaks] if rows else list(codes)
    headings = ("Rank", "No", "Name", "Rating", "Score", *codes)
    return TextTable(
        title,
        [(heading, "left" if heading == "Name" else "right") for heading in headings],
        [
            [
                shown_place(row.rank, row.place),
                str(row.number),
                f"{row.name} (withdrawn)" if row.withdrawn else row.name,
                str(row.rating or ""),
                points(row.score),
                *(points(v) for _, v in row.tiebreaks),
            ]
            for row in rows
        ],
    )


# --- pairings ---------------------------------------------------------------------------------------


class Pairings(NamedTuple):
    """A published round as printed: its boards (board, first, first's name, result code or None,
    second, second's name) and byes (player, name, kind, points)."""

    title: str
    sides: tuple[str, str]
    number: int
    boards: Sequence[tuple[int, int, str, str | None, int, str]]
    byes: Sequence[tuple[int, str, str, float]]
    mode: FideMode
    adjourned: frozenset[int]
    """Boards adjourned (C.04.2 3.1), shown "adj." in the text table until their result is in."""


def pairings_title(name: str, number: int, revision: int) -> str:
    return f"{name}: round {number}" + (f", revision {revision}" if revision > 1 else "")


def pairings_table(pairings: Pairings) -> TextTable:
    first, second = pairings.sides
    columns = [("Bd", "right"), ("No", "right"), (first, "left"), ("Result", "center"), ("No", "right")]
    boards = [
        [str(index), str(a), a_name, result or ("adj." if index in pairings.adjourned else ""), str(b), b_name]
        for index, a, a_name, result, b, b_name in pairings.boards
    ]
    byes = [
        ["", str(player), name, f"{kind} bye ({points(value)})", "", ""] for player, name, kind, value in pairings.byes
    ]
    return TextTable(pairings.title, [*columns, (second, "left")], boards + byes)  # type: ignore[list-item]


def pairings_csv(pairings: Pairings) -> str:
    """One line per board (first side first), then one per bye with its kind in the result column."""
    boards = [
        [index, a, text_cell(a_name), b, text_cell(b_name), result or ""]
        for index, a, a_name, result, b, b_name in pairings.boards
    ]
    byes = [["bye", player, text_cell(name), "", "", kind] for player, name, kind, _ in pairings.byes]
    return csv_text(["board", "first", "first_name", "second", "second_name", "result"], boards + byes)


def pairings_json(pairings: Pairings) -> str:
    document = {
        **pairings.mode.fields(),
        "round": pairings.number,
        "boards": [
            {
                "board": index,
                "first": {"number": a, "name": a_name},
                "second": {"number": b, "name": b_name},
                "result": result,
            }
            for index, a, a_name, result, b, b_name in pairings.boards
        ],
        "byes": [
            {"number": player, "name": name, "kind": kind, "points": value}
            for player, name, kind, value in pairings.byes
        ],
    }
    return json.dumps(document, ensure_ascii=False, indent=2)


# --- the audit log ----------------------------------------------------------------------------------


class LogLine(Protocol):
    """An audit line with its time in ISO format (`projections.stored.StoredLogLine`)."""

    @property
    def position(self) -> int: ...
    @property
    def time(self) -> str: ...
    @property
    def actor(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def summary(self) -> str: ...
    @property
    def round(self) -> int | None: ...
    @property
    def players(self) -> tuple[int, ...]: ...
    @property
    def reason(self) -> str: ...
    @property
    def reference(self) -> str: ...


def audit_json(lines: Sequence[LogLine]) -> str:
    return json.dumps(
        [
            {
                "position": line.position,
                "time": line.time,
                "actor": line.actor,
                "kind": line.kind,
                "summary": line.summary,
                "round": line.round,
                "players": list(line.players),
                "reason": line.reason,
                "reference": line.reference,
            }
            for line in lines
        ],
        ensure_ascii=False,
        indent=2,
    )


def audit_csv(lines: Sequence[LogLine]) -> str:
    return csv_text(
        ["position", "time", "actor", "kind", "summary", "round", "players", "reason", "reference"],
        [
            [
                line.position,
                line.time,
                text_cell(line.actor),
                line.kind,
                text_cell(line.summary),
                "" if line.round is None else line.round,
                " ".join(map(str, line.players)),
                text_cell(line.reason),
                text_cell(line.reference),
            ]
            for line in lines
        ],
    )


def audit_table(lines: Sequence[LogLine]) -> TextTable:
    columns = [(heading, "right" if heading == "Pos" else "left") for heading in ("Pos", "Time (UTC)", "Actor", "What")]
    return TextTable(
        "Audit log",
        [*columns, ("Reason", "left")],  # type: ignore[list-item]
        [
            [
                str(line.position),
                datetime.fromisoformat(line.time).strftime("%Y-%m-%d %H:%M:%S"),
                line.actor,
                line.summary,
                line.reason + (f" [{line.reference}]" if line.reference else ""),
            ]
            for line in lines
        ],
    )
