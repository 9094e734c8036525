"""The result entry line of the round screen: "3 1-0" (board 3), or just "1-0" (the highlighted board)."""

from __future__ import annotations

from attrs import frozen
from textual import events
from textual.widgets import Input

RESULT_CHARACTERS = frozenset("0123456789-/+=½:. ")
"""Everything a result of any game can contain (ledger.results); other keys stay the desk's shortcuts."""


@frozen
class Entry:
    board: int | None
    """None: the highlighted board."""
    result: str


def parse_entry(text: str) -> Entry | None:
    """ "3 1-0" -> board 3, "1-0"; "1-0" -> the highlighted board; "" -> None."""
    text = text.strip()
    if not text:
        return None
    first, _, rest = text.partition(" ")
    if rest.strip() and first.isascii() and first.isdigit():
        return Entry(int(first), rest.strip())
    return Entry(None, text)


class ResultEntry(Input):
    """An input that takes only the characters of results, so letter keys still reach the desk's bindings."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(
            placeholder='board and result, e.g. "3 1-0" (or just "1-0" for the highlighted board), then Enter',
            **kwargs,  # type: ignore[arg-type]
        )

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and character in RESULT_CHARACTERS

    async def _on_key(self, event: events.Key) -> None:
        if event.is_printable and (event.character or "") not in RESULT_CHARACTERS:
            event.prevent_default()  # not ours: let it bubble to the screen's and the app's bindings
