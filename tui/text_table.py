"""A table of text cells that the read commands print: as Rich draws it, without loading Rich when it
need not (docs/performance.md, "Start-up").

Importing Rich and laying out a 100-row table with it costs more CPU than everything else `arbiter
standings` does. When the output is plain text (a pipe or a file: no colours, no terminal width) and
the table is simple (every cell one line of characters one cell wide, the table and its title within
the width), Rich's layout is fixed: each column as wide as its widest cell, one space of padding on
each side, a heavy head. `TextTable.plain` writes exactly that text, and says None for anything else,
which Rich then draws (`TextTable.__rich__`). `tests/tui/test_text_table.py` checks the two agree.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from rich.table import Table

Justify = Literal["left", "right", "center"]

_ONE_CELL = re.compile("[\x20-\x7e\xa0-\xac\xae-\u02ff\u0370-\u0482]*")
"""Characters Rich counts as one cell wide without its Unicode tables (Latin, Greek, Cyrillic):
a cell made only of these is as wide as its length."""
_EMOJI_CODE = re.compile(r"(:(\S*?)(?:(?:\-)(emoji|text))?:)")
"""What Rich reads as an emoji code (`:smile:`, `:smile-text:`), replaced when it names an emoji."""
_NO_EMOJI_NAME = re.compile("[0-9]{2}")
"""Names that are no emoji's (a time's minutes, `12:30:05`), known without loading Rich's emoji table."""
_COLOUR_SWITCHES = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")
"""Environment variables with which Rich may treat a pipe as a terminal."""


class TextTable:
    """A titled table of text: headings with their justification, then rows of cells."""

    def __init__(self, title: str, columns: Sequence[tuple[str, Justify]], rows: Sequence[Sequence[str]]) -> None:
        self.title = title
        self.columns = tuple(columns)
        self.rows = rows

    def __rich__(self) -> Table:
        from rich.table import Table

        table = Table(title=self.title, title_justify="left")
        for heading, justify in self.columns:
            table.add_column(heading, justify=justify)
        for row in self.rows:
            table.add_row(*row)
        return table

    def plain(self, width: int) -> str | None:
        """The table as Rich draws it on a console of `width` columns without colours; None when Rich
        would do more than line up cells (wrap, shrink, replace an emoji code, measure wide characters)."""
        lines = [tuple(heading for heading, _ in self.columns), *self.rows]
        if not all(_simple(cell) for line in lines for cell in line):
            return None
        widths = [max(map(len, column)) for column in zip(*lines, strict=True)]
        total = sum(widths) + 3 * len(widths) + 1
        if total > width or not _simple(self.title) or len(self.title) > total:
            return None
        justify = [j for _, j in self.columns]
        out = [self.title.ljust(total)] if self.title else []
        out.append(_rule("┏", "━", "┳", "┓", widths))
        out.append(_line("┃", lines[0], widths, justify))
        out.append(_rule("┡", "━", "╇", "┩", widths))
        out.extend(_line("│", row, widths, justify) for row in self.rows)
        out.append(_rule("└", "─", "┴", "┘", widths))
        return "\n".join(out) + "\n"


def plain_line(text: str, width: int) -> str | None:
    """A line of text as Rich prints it on a console of `width` columns without colours (with its line
    end); None when Rich would do more (wrap it, replace an emoji code, measure wide characters)."""
    return text + "\n" if _simple(text) and len(text) <= width else None


def _simple(text: str) -> bool:
    """One-cell characters, no emoji code, and no space at either end (which Rich strips or wraps at)."""
    return _ONE_CELL.fullmatch(text) is not None and text.strip() == text and not _names_an_emoji(text)


def _names_an_emoji(text: str) -> bool:
    """Whether Rich would replace an emoji code in `text` (its emoji table is loaded only for a name that
    might be one)."""
    names = [match[1].lower() for match in _EMOJI_CODE.findall(text)]
    if all(_NO_EMOJI_NAME.fullmatch(name) for name in names):
        return False
    from rich._emoji_codes import EMOJI

    return any(name in EMOJI for name in names)


def _rule(left: str, across: str, between: str, right: str, widths: Sequence[int]) -> str:
    return left + between.join(across * (width + 2) for width in widths) + right


def _line(edge: str, cells: Sequence[str], widths: Sequence[int], justify: Sequence[Justify]) -> str:
    return edge + edge.join(f" {_justified(c, w, j)} " for c, w, j in zip(cells, widths, justify, strict=True)) + edge


def _justified(text: str, width: int, justify: Justify) -> str:
    if justify == "right":
        return text.rjust(width)
    if justify == "center":
        left = (width - len(text)) // 2
        return " " * left + text + " " * (width - len(text) - left)
    return text.ljust(width)


def plain_output(file: IO[str]) -> bool:
    """Whether Rich writes plain text to `file`: not a terminal, a UTF-8 encoding (else Rich draws the
    boxes in ASCII), and no environment variable that makes Rich treat it as one."""
    encoding = (getattr(file, "encoding", None) or "").lower()
    return not file.isatty() and encoding.startswith("utf") and not any(name in os.environ for name in _COLOUR_SWITCHES)
