"""What an event may hold: the one check every command and every importer passes before anything is appended.

The ledger calls `check_event_values` on every event it is about to store, whichever command or importer
made it, so a value that could mislead a reader or break a later command is refused at entry (exit 4,
nothing appended) rather than found when the log is read:

- text may not hold control characters (C0, DEL, C1: line breaks and tabs included), the Unicode line and
  paragraph separators, or the bidirectional embedding, override and isolate controls U+202A-U+202E and
  U+2066-U+2069 (Unicode Standard Annex #9, "Explicit Directional Formatting", and CVE-2021-42574,
  "Trojan Source": they make a name or reason read differently from what is stored);
- numbers must fit the fields they are written to: pairing numbers 1-9999 and ratings 0-9999 as in the TRF
  player record (docs/research/fide/04-TRF-format.md, record 001, columns 5-8 and 49-52), boards 1-9999,
  rounds 1-999, and every other whole number a signed 64-bit integer (what SQLite and PostgreSQL store);
  fractions must be finite.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Mapping
from typing import Any

from ledger.errors import InvalidInput

_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?")

MAX_ROUNDS = 999
"""The most rounds the ledger takes: TRF's round fields are three digits wide."""

LARGEST_INTEGER = 2**63 - 1
"""The largest whole number SQLite and PostgreSQL (bigint) store."""
SMALLEST_INTEGER = -(2**63)

MAX_TEXT_LENGTH = 4096
"""Characters in one text field: a name, a reason or a reference is far shorter."""

BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""LRE RLE PDF LRO RLO and LRI RLI FSI PDI (UAX #9): they reorder what a terminal or page shows."""
LINE_SEPARATORS = frozenset("\u2028\u2029")

FIELD_RANGES: Mapping[str, tuple[int, int, str]] = {
    "number": (1, 9999, "pairing numbers are 1..9999 (the TRF starting-rank field has 4 digits)"),
    "first": (1, 9999, "pairing numbers are 1..9999 (the TRF starting-rank field has 4 digits)"),
    "second": (1, 9999, "pairing numbers are 1..9999 (the TRF starting-rank field has 4 digits)"),
    "appellant": (1, 9999, "pairing numbers are 1..9999 (the TRF starting-rank field has 4 digits)"),
    "rating": (0, 9999, "ratings are 0..9999 (the TRF rating field has 4 digits; 0 means unrated)"),
    "board": (1, 9999, "boards are numbered 1..9999"),
    "round": (1, MAX_ROUNDS, f"rounds are numbered 1..{MAX_ROUNDS}"),
    "rounds": (
        0,
        MAX_ROUNDS,
        f"a tournament or stage has up to {MAX_ROUNDS} rounds (0: a bracket's come from its entries)",
    ),
    "after_round": (0, MAX_ROUNDS, f"a round after which something happened is 0 (before round 1)..{MAX_ROUNDS}"),
    "caution.round": (0, MAX_ROUNDS, f"a warning's round is 0 (before round 1)..{MAX_ROUNDS}"),
    "from_round": (1, MAX_ROUNDS, f"rounds are numbered 1..{MAX_ROUNDS}"),
    "first_round": (1, MAX_ROUNDS, f"rounds are numbered 1..{MAX_ROUNDS}"),
    "seed": (0, LARGEST_INTEGER, f"a seed is a whole number from 0 to {LARGEST_INTEGER}"),
    "settings.seed": (
        0,
        2**62,
        f"a tournament's seed is a whole number from 0 to {2**62} (a round's is it plus the round)",
    ),
}
"""Ranges of the event fields that name players, boards and rounds, by field path or name (the events' own words)."""


def refused_character(text: str) -> str | None:
    """A description of the first character a text field may not hold, or None."""
    for index, char in enumerate(text):
        if char in BIDI_CONTROLS:
            kind = "a bidirectional override"
        elif char in LINE_SEPARATORS or unicodedata.category(char) == "Cc":
            kind = "a line break" if char in "\n\r\x0b\x0c\x85\u2028\u2029" else "a control character"
        else:
            continue
        return f"{kind} (U+{ord(char):04X}) at character {index + 1}"
    return None


def check_text(text: str, what: str) -> str:
    """`text` unchanged, or InvalidInput naming the field and the character to remove."""
    problem = refused_character(text)
    if problem is not None:
        raise InvalidInput(
            f"{what} holds {problem}; text fields may not contain control characters, line breaks or "
            "bidirectional overrides: retype it without them"
        )
    if len(text) > MAX_TEXT_LENGTH:
        raise InvalidInput(f"{what} is {len(text)} characters long; at most {MAX_TEXT_LENGTH} are kept")
    return text


def check_whole_number(value: int, what: str, low: int = SMALLEST_INTEGER, high: int = LARGEST_INTEGER) -> int:
    """`value` unchanged, or InvalidInput giving the range."""
    if not low <= value <= high:
        raise InvalidInput(f"{what} {value} is out of range: it must be from {low} to {high}")
    return value


def parse_whole_number(text: str, what: str, low: int = SMALLEST_INTEGER, high: int = LARGEST_INTEGER) -> int:
    """The whole number written in `text` (ASCII digits, optional sign), or InvalidInput saying what is wrong."""
    text = text.strip()
    if not _WHOLE_NUMBER.fullmatch(text):
        raise InvalidInput(f"{what} must be a whole number written with the digits 0-9, not {text!r}")
    return check_whole_number(int(text), what, low, high)


def parse_decimal(text: str, what: str, low: float, high: float) -> float:
    """The number written in `text` (ASCII digits, optional sign and decimal point), or InvalidInput saying
    what is wrong and the range."""
    text = text.strip()
    if not _DECIMAL.fullmatch(text):
        raise InvalidInput(f"{what} must be a number written with the digits 0-9 and a decimal point, not {text!r}")
    value = float(text)
    if not low <= value <= high:
        raise InvalidInput(f"{what} {text} is out of range: it must be from {low:g} to {high:g}")
    return value


def check_event_values(event: Any) -> None:
    """Refuse an event whose text or numbers could not be stored, shown or read back safely."""
    for name, value in vars(event).items():
        if name not in ("originator_id", "originator_version", "timestamp"):
            _check_value(value, name)


def _check_value(value: Any, path: str) -> None:
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, str):
        check_text(value, path)
    elif isinstance(value, int):
        low, high, rule = FIELD_RANGES.get(path) or FIELD_RANGES.get(
            path.rsplit(".", 1)[-1], (SMALLEST_INTEGER, LARGEST_INTEGER, "")
        )
        if not low <= value <= high:
            raise InvalidInput(f"{path} {value} is out of range: {rule or f'it must be from {low} to {high}'}")
    elif isinstance(value, float):
        if not math.isfinite(value) or abs(value) > LARGEST_INTEGER:
            raise InvalidInput(f"{path} {value} is not a finite number within +/-{LARGEST_INTEGER}")
    elif isinstance(value, Mapping):
        for key, item in value.items():
            check_text(str(key), f"{path} key")
            _check_value(item, f"{path}.{key}")
    elif isinstance(value, list | tuple):
        for item in value:
            _check_value(item, path)
