"""A ``001`` line (TRF16 "Player Section") reads the same whichever way the reader takes: its rounds
(round r's opponent at cols 92-95 + 10 (r - 1), colour at col 97, result at col 99) by the one pattern
for well-formed rounds (`_ROUND_ENTRY`) or column by column (`_round_entry`, which names the first
error), its separators all at once or one by one."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.trf import TrfSyntaxError, parse
from pairing.trf.document import RoundEntry
from pairing.trf.reader import _Line, _round_entry

HEADER = "001    1      Test0001 Player0001               2720                             2.0    1  "
"""Cols 1-91 of a player line (tests/data/bbp/dutch_2025_C5.input): the rounds start at col 92."""
_round = st.one_of(
    st.text(" 0123456789", min_size=4, max_size=4).map(lambda opponent: f"{opponent} w 1  "),
    st.text(" 0123456789wbWB-+=?DLFHUZdlhfuzx\u00a0\u0663", min_size=0, max_size=10),
)


def _column_by_column(text: str) -> tuple[RoundEntry, ...] | str:
    line = _Line(1, text)
    count = max(0, (len(text.rstrip(" ")) - 82) // 10)
    try:
        return tuple(_round_entry(line, 92 + 10 * index, index + 1) for index in range(count))
    except TrfSyntaxError as error:
        return str(error)


def _read(text: str) -> tuple[RoundEntry, ...] | str:
    try:
        return parse(text).players[0].rounds
    except TrfSyntaxError as error:
        return str(error)


@settings(max_examples=400, deadline=1000)
@given(st.lists(_round, max_size=6).map("".join))
def test_rounds_read_the_same_by_pattern_and_column_by_column(rounds: str) -> None:
    text = HEADER + rounds
    assert _read(text) == _column_by_column(text)


def test_blank_padded_numbers_truncated_rounds_and_capital_colours_are_read() -> None:
    rounds = parse(HEADER + "  12 W =  " + "12   b +  " + "0000 - U  " + "   3").players[0].rounds
    assert [(r.opponent, r.colour.value, r.result.value) for r in rounds] == [
        (12, "w", "="),
        (12, "b", "+"),
        (0, "-", "U"),
        (3, "-", " "),
    ]


def test_a_blank_inside_an_opponent_is_refused_where_it_is() -> None:
    assert (
        _read(HEADER + "1 2  w 1  ")
        == "line 1, column 92: round 1's opponent must be a whole number in columns 92-95, not '1 2'"
    )


@pytest.mark.parametrize("column", [9, 14, 48, 53, 57, 69, 80, 85])
def test_a_separator_that_is_not_blank_is_refused_at_its_column(column: int) -> None:
    """TRF16 Player Section: the fields of cols 5-8, 10, 11-13, 15-47, 49-52, 54-56, 58-68, 70-79, 81-84
    and 86-89 are separated by one blank."""
    text = HEADER[: column - 1] + "x" + HEADER[column:]
    assert _read(text) == f"line 1, column {column}: column {column} must be blank (a separator), not 'x'"


def test_a_short_line_has_no_separators_to_check() -> None:
    assert parse("001    7      Short").players[0].name == "Short"
