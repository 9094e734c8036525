"""The desk's tables: boards of a round, standings, roster, audit log, breaches. They show data; screens fetch
it."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from rich.markup import escape
from rich.text import Text
from textual.widgets import DataTable

from projections.async_views import BoardRow, LogRow
from projections.breaches import LoggedBreach
from projections.stored import shown_place
from tui.desk.widgets.grid import Grid, Justify
from tui.listings import Standing


def literal(cell: Any) -> Any:
    """A table cell shown as entered: DataTable reads a string as Rich markup, so its markup is escaped."""
    return escape(cell) if isinstance(cell, str) else cell


def points(value: float) -> str:
    return f"{value:g}"


def log_time(iso: str) -> str:
    """The audit line's time as the desk shows it: UTC to the second, without the date's noise."""
    return iso[:19].replace("T", " ")


class DeskTable(DataTable[Any]):
    """A row-cursor table that keeps the cursor on the same row (by key) across reloads."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)

    def add_row(self, *cells: Any, **kwargs: Any) -> Any:
        """Text cells are shown as entered: a name like "[/oops]" is never read as markup."""
        return super().add_row(*(literal(cell) for cell in cells), **kwargs)

    def update_cell(self, row_key: Any, column_key: Any, value: Any, **kwargs: Any) -> None:
        super().update_cell(row_key, column_key, literal(value), **kwargs)

    def step_cursor(self, step: int) -> None:
        """Move the highlight `step` rows down (up when negative), stopping at the first and last row; for a
        table that does not take the focus (the screen's up and down keys move it)."""
        if self.row_count:
            self.move_cursor(row=max(0, min(self.row_count - 1, self.cursor_row + step)))

    @property
    def current_key(self) -> str | None:
        if not self.row_count:
            return None
        return self.coordinate_to_cell_key(self.cursor_coordinate).row_key.value

    def replace_rows(self, rows: Sequence[tuple[str, Sequence[Any]]]) -> None:
        """Show `rows` ((key, cells) pairs), keeping the cursor on the same key where it still exists."""
        keep = self.current_key
        row = self.cursor_row
        self.clear()
        for key, cells in rows:
            self.add_row(*cells, key=key)
        if keep is not None and keep in self.rows:
            self.move_cursor(row=self.get_row_index(keep), animate=False, scroll=False)
        elif self.row_count:
            self.move_cursor(row=min(row, self.row_count - 1), animate=False, scroll=False)

    def move_to(self, key: str) -> None:
        if key in self.rows:
            self.move_cursor(row=self.get_row_index(key), animate=False)


class BoardTable(DeskTable):
    """One round's boards: number, both sides, result (empty until entered)."""

    def set_sides(self, first: str, second: str) -> None:
        if not self.columns:
            self.add_column("Bd", key="board")
            self.add_column("No", key="first_no")
            self.add_column(first, key="first", width=24)
            self.add_column("Result", key="result", width=9)
            self.add_column("No", key="second_no")
            self.add_column(second, key="second", width=24)

    def show(self, boards: Sequence[BoardRow]) -> None:
        same = [str(b.board) for b in boards] == [key.value for key in self.rows]
        if same and all(
            self.get_cell(str(b.board), "first_no") == b.first and self.get_cell(str(b.board), "second_no") == b.second
            for b in boards
        ):
            for b in boards:  # only results changed: update in place (fast, cursor untouched)
                cell = Text(b.result or "", justify="center")
                if self.get_cell(str(b.board), "result").plain != cell.plain:
                    self.update_cell(str(b.board), "result", cell)
            return
        self.replace_rows(
            [
                (
                    str(b.board),
                    (b.board, b.first, b.first_name, Text(b.result or "", justify="center"), b.second, b.second_name),
                )
                for b in boards
            ]
        )

    def set_result(self, board: int, code: str) -> None:
        if str(board) in self.rows:
            self.update_cell(str(board), "result", Text(code, justify="center"))

    def result_of(self, board: int) -> str:
        if str(board) not in self.rows:
            return ""
        return self.get_cell(str(board), "result").plain

    def players_of(self, board: int) -> tuple[int, int]:
        return self.get_cell(str(board), "first_no"), self.get_cell(str(board), "second_no")

    @property
    def current_board(self) -> int | None:
        key = self.current_key
        return int(key) if key is not None else None

    def next_empty(self, after: int) -> int | None:
        """The first board without a result after `after`, wrapping round; None when all are in."""
        boards = [int(key.value) for key in self.rows if key.value is not None]
        empty = [b for b in boards if not self.result_of(b)]
        later = [b for b in empty if b > after]
        return (later or empty or [None])[0]


class StandingsTable(Grid):
    """Place, number, name, rating, score, the tie-breaks in order, games played. The place is shown as the
    CLI shows it (`projections.stored.shown_place`): a shared place as a range ("2-4", Q203), one the
    arbiter's order of tied players decided marked "2*" (Q205), else the rank."""

    def show_standings(self, codes: Sequence[str], rows: Sequence[Standing]) -> None:
        """Rows of the projections' standings (the past, folded at a log position)."""
        headings = ("Rank", "No", "Name", "Rating", "Score", *codes, "Games")
        if headings != self.headings:
            self.set_columns([(h, "left" if h == "Name" else "right") for h in headings])
        self.show(
            [
                (
                    str(row.number),
                    (
                        shown_place(row.rank, row.place),
                        str(row.number),
                        f"{row.name} (withdrawn)" if row.withdrawn else row.name,
                        str(row.rating or ""),
                        points(row.score),
                        *(points(v) for _, v in row.tiebreaks),
                        str(row.games),
                    ),
                )
                for row in rows
            ]
        )

    def show_stored(self, codes: Sequence[str], rows: Sequence[tuple[Any, ...]]) -> None:
        """Rows as the standings table stores them (tie-breaks as JSON), in one pass."""
        headings = ("Rank", "No", "Name", "Rating", "Score", *codes, "Games")
        if headings != self.headings:
            self.set_columns([(h, "left" if h == "Name" else "right") for h in headings])
        loads = json.loads
        self.show(
            [
                (
                    str(number),
                    (
                        shown_place(rank, place),
                        str(number),
                        f"{name} (withdrawn)" if withdrawn else name,
                        str(rating or ""),
                        f"{score:g}",
                        *(f"{values.get(code, 0.0):g}" for values in (loads(tiebreaks),) for code in codes),
                        str(games),
                    ),
                )
                for rank, number, name, rating, score, tiebreaks, games, withdrawn, place in rows
            ]
        )


class RosterTable(Grid):
    COLUMNS: tuple[tuple[str, Justify] | tuple[str, Justify, int], ...] = (
        ("No", "right"),
        ("Name", "left", 40),
        ("Rating", "right"),
        ("Fed", "left"),
        ("Club", "left"),
        ("Status", "left"),
    )

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_columns(self.COLUMNS)

    def show_players(self, players: Sequence[tuple[Any, ...]]) -> None:
        self.show(
            [
                (str(number), (str(number), name, str(rating or ""), federation or "", club or "", status))
                for number, name, rating, federation, club, status in players
            ]
        )

    @property
    def current_player(self) -> int | None:
        key = self.current_key
        return int(key) if key is not None else None


class LogTable(Grid):
    COLUMNS: tuple[tuple[str, Justify] | tuple[str, Justify, int], ...] = (
        ("Pos", "right"),
        ("Time (UTC)", "left"),
        ("Actor", "left", 16),
        ("What", "left", 54),
        ("Reason", "left", 60),
        ("Kind", "left"),
    )

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_columns(self.COLUMNS)

    def show_lines(self, lines: Sequence[LogRow]) -> None:
        self.show(
            [
                (
                    str(line.position),
                    (
                        str(line.position),
                        log_time(line.time),
                        line.actor,
                        line.summary,
                        line.reason + (f" [{line.reference}]" if line.reference else ""),
                        line.kind,
                    ),
                )
                for line in lines
            ]
        )

    @property
    def current_position(self) -> int | None:
        key = self.current_key
        return int(key) if key is not None else None


def breach_status(breach: LoggedBreach, in_force: frozenset[int]) -> str:
    """Whether a breach still stands (docs/fide-mode.md, Q114): undone, itself an undo, in force (a `###` line
    of the TRF), or lapsed with its round's pairing (an MPA, Q65)."""
    if breach.undone_at:
        return f"undone at {breach.undone_at}"
    if breach.caution.undoes:
        return f"undoes {breach.caution.undoes}"
    return "in force" if breach.position in in_force else "lapsed"


class BreachTable(Grid):
    """The pairing-integrity-breaching events (Q112): position, kind, round, status, when, who, and what (last:
    the widest, scrolled to with the right arrow)."""

    COLUMNS: tuple[tuple[str, Justify] | tuple[str, Justify, int], ...] = (
        ("Pos", "right"),
        ("Kind", "left"),
        ("Rd", "right"),
        ("Status", "left"),
        ("Time (UTC)", "left"),
        ("Actor", "left", 16),
        ("What", "left", 120),
    )

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_columns(self.COLUMNS)

    def show_breaches(self, breaches: Sequence[LoggedBreach], in_force: frozenset[int]) -> None:
        self.show(
            [
                (
                    str(breach.position),
                    (
                        str(breach.position),
                        breach.kind.value,
                        str(breach.caution.round or ""),
                        breach_status(breach, in_force),
                        log_time(breach.time.isoformat()),
                        breach.actor,
                        breach.caution.text,
                    ),
                )
                for breach in breaches
            ]
        )

    @property
    def current_position(self) -> int | None:
        key = self.current_key
        return int(key) if key is not None else None
