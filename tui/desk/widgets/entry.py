"""Entry lines that take only their own characters: the round screen's results ("3 1-0" for board 3, or just
"1-0" for the highlighted board) and the hand pairing's two numbers ("1 4")."""

from __future__ import annotations

from attrs import frozen
from textual import events
from textual.widgets import Input

RESULT_CHARACTERS = frozenset("0123456789-/+=½:. ")
"""Everything a result of any game can contain (ledger.results); other keys stay the desk's shortcuts."""
RESULT_BEGUN = frozenset("-/=½")
"""A line holding one of these has a result begun (a board number alone has none)."""


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


class TypedEntry(Input):
    """An input that takes only its `CHARACTERS`, so the other keys still reach the desk's bindings."""

    CHARACTERS: frozenset[str] = frozenset()

    def takes(self, character: str) -> bool:
        """Whether a key typing `character` goes into the input rather than to the desk's bindings."""
        return character in self.CHARACTERS

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and self.takes(character)

    async def _on_key(self, event: events.Key) -> None:
        if event.is_printable and not self.takes(event.character or ""):
            event.prevent_default()  # not ours: let it bubble to the screen's and the app's bindings


class ResultEntry(TypedEntry):
    """The round screen's entry line: the characters of results, and once a result is begun the letters of
    the word after it (`1-0 unrated`, ledger.results): an empty line leaves letters to the desk's keys."""

    CHARACTERS = RESULT_CHARACTERS

    def takes(self, character: str) -> bool:
        return super().takes(character) or (character.isalpha() and any(c in RESULT_BEGUN for c in self.value))

    def __init__(self, **kwargs: object) -> None:
        super().__init__(
            placeholder='board and result, e.g. "3 1-0" (or just "1-0" for the highlighted board), then Enter',
            **kwargs,  # type: ignore[arg-type]
        )


class PairEntry(TypedEntry):
    """The hand pairing's entry line: two player numbers, White first ("1 4" or "1-4")."""

    CHARACTERS = frozenset("0123456789 -")

    def __init__(self, **kwargs: object) -> None:
        super().__init__(
            placeholder='White and Black, e.g. "1 4", then Enter; or Enter on the highlighted player, twice',
            **kwargs,  # type: ignore[arg-type]
        )


def parse_pair(text: str) -> tuple[int, ...]:
    """ "1 4", "1-4", "1" -> the numbers typed (empty when anything else was typed)."""
    parts = text.replace("-", " ").split()
    if not all(part.isascii() and part.isdigit() for part in parts):
        return ()
    return tuple(int(part) for part in parts)
