"""A tournament's details for the rating report: what the TRF16 tournament records ``022``-``132``
hold (C.04 Annex 2, "Tournament Section"; docs/research/fide/04-TRF-format.md). `arbiter new` takes
them, `arbiter details` changes them with a reason (`Tournament.DetailsChanged`), and the TRF export
writes them.

Values are checked here, before anything is appended: free text is printable, without control
characters, and short enough for a report line; dates are ``YYYY/MM/DD`` (TRF-2026 042/052); the
federation is a three-letter code.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ledger.errors import InvalidInput
from ledger.validation import check_text

TEXT_FIELDS = {
    "city": "022",
    "federation": "032",
    "start": "042",
    "end": "052",
    "type": "092",
    "chief_arbiter": "102",
    "time_control": "122",
}
"""Detail -> its TRF16 record (``112`` deputies, one line each, and ``132`` round dates are lists)."""
LIST_FIELDS = ("deputies", "round_dates")
FIELDS = (*TEXT_FIELDS, *LIST_FIELDS)
MAX_TEXT = 120
"""Characters of one detail: a TRF line's text after its record code, with room to spare."""
DATE = re.compile(r"(\d{4})/(\d{2})/(\d{2})")
FEDERATION = re.compile(r"[A-Z]{3}")


def _text(field: str, value: object) -> str:
    if not isinstance(value, str):
        raise InvalidInput(f"{field} must be text, not {value!r}")
    text = check_text(value.strip(), field)
    if len(text) > MAX_TEXT:
        raise InvalidInput(f"{field} is longer than {MAX_TEXT} characters")
    return text


def _date(field: str, value: object) -> str:
    """``YYYY/MM/DD`` (``YYYY-MM-DD`` is read too); empty clears it."""
    text = _text(field, value).replace("-", "/")
    match = DATE.fullmatch(text)
    if text and (match is None or not (1 <= int(match[2]) <= 12 and 1 <= int(match[3]) <= 31)):
        raise InvalidInput(f"{field} must be a date like 2026/05/14, not {text!r}")
    return text


def checked(changes: Mapping[str, Any]) -> dict[str, Any]:
    """`changes` with every value checked and normalised; `InvalidInput` names the detail at fault."""
    if not changes:
        raise InvalidInput(f"name at least one detail to change: {', '.join(FIELDS)}")
    unknown = sorted(set(changes) - set(FIELDS))
    if unknown:
        raise InvalidInput(f"unknown detail(s) {', '.join(unknown)}; known: {', '.join(FIELDS)}")
    result: dict[str, Any] = {}
    for field, value in changes.items():
        if field in ("start", "end"):
            result[field] = _date(field, value)
        elif field == "round_dates":
            result[field] = [_date(f"round {n} date", v) for n, v in enumerate(value, start=1)]
        elif field == "deputies":
            result[field] = [name for name in (_text("deputy", v) for v in value) if name]
        else:
            result[field] = _text(field, value)
    federation = result.get("federation", "")
    if federation and not FEDERATION.fullmatch(federation.upper()):
        raise InvalidInput(f"federation must be a three-letter code like NOR, not {federation!r}")
    if federation:
        result["federation"] = federation.upper()
    return result
