"""The line under the header naming the desk's screens, their keys, and the one shown."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

SCREENS: tuple[tuple[str, str, str], ...] = (
    ("round", "p", "Round"),
    ("roster", "r", "Roster"),
    ("standings", "s", "Standings"),
    ("log", "l", "Audit log"),
    ("explain", "e", "Explain"),
    ("bracket", "b", "Bracket"),
)


class NavBar(Static):
    """`p Round  r Roster  ...` with the current screen highlighted; each name is clickable."""

    DEFAULT_CSS = """
    NavBar { height: 1; background: $panel; color: $text-muted; }
    """

    def __init__(self, current: str, extra: str = "") -> None:
        super().__init__(self.line(current, extra))

    @staticmethod
    def line(current: str, extra: str = "") -> Content:
        parts: list[Content] = []
        for mode, key, title in SCREENS:
            style = "bold reverse $accent" if mode == current else ""
            item = Content.from_markup(
                f"[@click=app.switch_mode('{mode}')] [b $accent]{key}[/] $title [/]", title=title
            )
            parts.append(item.stylize(style) if style else item)
        if extra:
            parts.append(Content.from_markup("  $extra", extra=extra))
        return Content("").join(parts)
