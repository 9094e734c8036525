"""`Grid`: a read-only table that draws only the rows on screen (Textual's line API).

Showing new data costs the same few milliseconds for 30 rows or 20,000: it stores the rows, measures
the columns, and repaints the visible lines. (A `DataTable` re-measures every row it holds, which takes
about a second for 1,000 standings rows on the desk's machine; the budget from a result to refreshed
standings is 100 ms.)"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Literal

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

Justify = Literal["left", "right", "center"]
GAP = 2


def _fit(text: str, width: int, justify: Justify) -> str:
    size = len(text) if text.isascii() else cell_len(text)
    if size >= width:
        return text if size == width else set_cell_size(text, width - 1) + "…"
    pad = width - size
    if justify == "right":
        return " " * pad + text
    if justify == "center":
        return " " * (pad // 2) + text + " " * (pad - pad // 2)
    return text + " " * pad


class Grid(ScrollView, can_focus=True):
    """Rows of text cells under a fixed heading line, with a row cursor (Enter posts `Grid.Selected`)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", "Up", show=False, id="grid.up", tooltip="Highlight the row above"),
        Binding("down", "move(1)", "Down", show=False, id="grid.down", tooltip="Highlight the row below"),
        Binding("pageup", "page(-1)", "Page up", show=False, id="grid.page_up", tooltip="One screen up"),
        Binding("pagedown", "page(1)", "Page down", show=False, id="grid.page_down", tooltip="One screen down"),
        Binding("home", "move(-1000000000)", "First", show=False, id="grid.first", tooltip="The first row"),
        Binding("end", "move(1000000000)", "Last", show=False, id="grid.last", tooltip="The last row"),
        Binding("left", "scroll_left", "Left", show=False, id="grid.left", tooltip="Scroll left"),
        Binding("right", "scroll_right", "Right", show=False, id="grid.right", tooltip="Scroll right"),
        Binding("enter", "select", "Select", show=False, id="grid.select", tooltip="Choose the highlighted row"),
    ]
    COMPONENT_CLASSES: ClassVar[set[str]] = {"grid--header", "grid--cursor", "grid--stripe"}
    DEFAULT_CSS = """
    Grid {
        background: $surface;
        color: $foreground;
        height: 1fr;
        & > .grid--header { text-style: bold; background: $panel; color: $foreground; }
        & > .grid--stripe { background: $surface-lighten-1 50%; }
        & > .grid--cursor {
            background: $block-cursor-blurred-background;
            color: $block-cursor-blurred-foreground;
        }
        &:focus > .grid--cursor {
            background: $block-cursor-background;
            color: $block-cursor-foreground;
            text-style: $block-cursor-text-style;
        }
        &:dark > .grid--stripe { background: $surface-darken-1 40%; }
    }
    """

    class Selected(Message):
        """Enter (or a double click) on a row."""

        def __init__(self, grid: Grid, key: str) -> None:
            super().__init__()
            self.grid, self.key = grid, key

        @property
        def control(self) -> Grid:
            return self.grid

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.headings: tuple[str, ...] = ()
        self.justify: tuple[Justify, ...] = ()
        self.limits: tuple[int, ...] = ()
        """The widest each column may grow (longer cells end in an ellipsis)."""
        self.rows: list[tuple[str, tuple[str, ...]]] = []
        self.index: dict[str, int] = {}
        self.widths: list[int] = []
        self.cursor = 0

    # --- data ----------------------------------------------------------------------------------------

    def set_columns(self, columns: Sequence[tuple[str, Justify] | tuple[str, Justify, int]]) -> None:
        """(heading, justify) or (heading, justify, widest) for each column."""
        self.headings = tuple(column[0] for column in columns)
        self.justify = tuple(column[1] for column in columns)
        self.limits = tuple(column[2] if len(column) == 3 else 10_000 for column in columns)
        self.show(self.rows)

    def show(self, rows: Sequence[tuple[str, Sequence[str]]]) -> None:
        """Show `rows` ((key, cells) pairs); the cursor stays on the same key where it still exists."""
        keep = self.current_key
        self.rows = [(key, tuple(cells)) for key, cells in rows]
        self.index = {key: i for i, (key, _) in enumerate(self.rows)}
        widths = [cell_len(h) for h in self.headings]
        columns = zip(*(cells for _, cells in self.rows), strict=False) if self.rows else ()
        for i, column in enumerate(columns):
            measure = len if "".join(column).isascii() else cell_len
            widths[i] = max(widths[i], max(map(measure, column)))
        self.widths = [min(width, limit) for width, limit in zip(widths, self.limits, strict=True)]
        self.virtual_size = Size(sum(self.widths) + GAP * len(self.widths), len(self.rows) + 1)
        if keep is not None and keep in self.index:
            self.cursor = self.index[keep]
        else:
            self.cursor = max(0, min(self.cursor, len(self.rows) - 1))
        self.refresh()

    @property
    def row_count(self) -> int:
        return len(self.rows)

    @property
    def current_key(self) -> str | None:
        return self.rows[self.cursor][0] if self.rows else None

    def row_at(self, index: int) -> tuple[str, ...]:
        return self.rows[index][1]

    def cell(self, key: str, heading: str) -> str:
        return self.rows[self.index[key]][1][self.headings.index(heading)]

    def move_cursor(self, row: int) -> None:
        if not self.rows:
            return
        self.cursor = max(0, min(len(self.rows) - 1, row))
        visible = max(1, self.size.height - 1)
        top = self.scroll_offset.y
        if self.cursor < top:
            self.scroll_to(y=self.cursor, animate=False)
        elif self.cursor >= top + visible:
            self.scroll_to(y=self.cursor - visible + 1, animate=False)
        self.refresh()

    # --- drawing -------------------------------------------------------------------------------------

    def _text(self, cells: Sequence[str]) -> str:
        pad = " " * GAP
        return "".join(
            pad[: GAP // 2] + _fit(cell, width, justify) + pad[GAP // 2 :]
            for cell, width, justify in zip(cells, self.widths, self.justify, strict=False)
        )

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.size.width
        base = self.rich_style
        if y == 0:
            text, style = self._text(self.headings), self.get_component_rich_style("grid--header")
        else:
            index = scroll_y + y - 1
            if index >= len(self.rows):
                return Strip.blank(width, base)
            text = self._text(self.rows[index][1])
            if index == self.cursor:
                style = self.get_component_rich_style("grid--cursor")
            elif index % 2:
                style = self.get_component_rich_style("grid--stripe")
            else:
                style = base
        line = Strip([Segment(text, Style.combine([base, style]))])
        return line.crop(scroll_x, scroll_x + width).extend_cell_length(width, Style.combine([base, style]))

    # --- moving --------------------------------------------------------------------------------------

    def action_move(self, step: int) -> None:
        self.move_cursor(self.cursor + step)

    def action_page(self, step: int) -> None:
        self.move_cursor(self.cursor + step * max(1, self.size.height - 2))

    def action_select(self) -> None:
        if self.rows:
            self.post_message(self.Selected(self, self.rows[self.cursor][0]))

    def on_click(self, event: events.Click) -> None:
        if event.y < 1:
            return
        self.move_cursor(self.scroll_offset.y + event.y - 1)
        if event.chain == 2:
            self.action_select()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
