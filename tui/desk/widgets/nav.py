"""The line under the header naming the desk's screens, their keys, and the one shown."""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen
from textual.content import Content
from textual.widgets import Static


@frozen
class Place:
    """Where a desk screen is reached: its mode, its key and name (the screen bar and the key's
    description), what the key's tooltip says, and its name in the command palette ("Show: ...")."""

    mode: str
    key: str
    title: str
    tooltip: str
    palette: str


class NavBar(Static):
    """`p Round  r Roster  ...` with the current screen highlighted; each name is clickable."""

    DEFAULT_CSS = """
    NavBar { height: 1; background: $panel; color: $text-muted; }
    """

    def __init__(self, current: str, places: Sequence[Place], extra: str = "") -> None:
        super().__init__(self.line(current, places, extra))

    @staticmethod
    def line(current: str, places: Sequence[Place], extra: str = "") -> Content:
        parts: list[Content] = []
        for place in places:
            style = "bold reverse $accent" if place.mode == current else ""
            item = Content.from_markup(
                f"[@click=app.switch_mode('{place.mode}')] [b $accent]{place.key}[/] $title [/]", title=place.title
            )
            parts.append(item.stylize(style) if style else item)
        if extra:
            parts.append(Content.from_markup("  $extra", extra=extra))
        return Content("").join(parts)
