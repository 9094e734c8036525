"""`tui.text_table`: the plain text of a read command's table is the very text Rich draws for it
(docs/performance.md, "Start-up": the read commands print the same bytes without loading Rich)."""

from __future__ import annotations

import io

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

from tui.text_table import TextTable, plain_line, plain_output

WIDTH = 132
"""The width `tui.render.console` gives Rich when the output is not a terminal."""

simple = [*"aZ09 -.:()[]/'", "é", "Ø", "ß", "Ж", "Ω", ":12:", ":smile:", ":100:", ":Smile-text:"]
"""Characters and emoji codes `TextTable.plain` writes itself, or leaves to Rich when it names an emoji."""
texts = st.one_of(
    st.lists(st.sampled_from(simple), max_size=8).map("".join),
    st.lists(st.sampled_from([*simple, "中", "😀", "\u0301", "\u00ad", "\t", "\x1b"]), max_size=8).map("".join),
)
justifies = st.sampled_from(["left", "right", "center"])


def rich_text(table: TextTable, width: int = WIDTH) -> str:
    out = io.StringIO()
    Console(file=out, markup=False, highlight=False, soft_wrap=False, width=width, no_color=True).print(table)
    return out.getvalue()


@st.composite
def tables(draw: st.DrawFn) -> TextTable:
    columns = draw(st.lists(st.tuples(texts.filter(bool), justifies), min_size=1, max_size=6))
    rows = draw(st.lists(st.lists(texts, min_size=len(columns), max_size=len(columns)), max_size=6))
    return TextTable(draw(texts), columns, rows)


@given(tables(), st.integers(min_value=5, max_value=WIDTH))
def test_the_plain_table_is_the_text_rich_draws(table: TextTable, width: int) -> None:
    """Whenever `plain` answers, its text is Rich's, byte for byte (wide, combining and invisible
    characters, emoji codes, titles longer than the table and tables wider than the console are left to
    Rich)."""
    plain = table.plain(width)
    if plain is not None:
        assert plain == rich_text(table, width)


def test_a_standings_like_table_is_written_plain() -> None:
    """The everyday case: names in Latin, Greek or Cyrillic letters, numbers right-aligned, a short title:
    written without Rich, and the same text as Rich's."""
    columns = [("Rank", "right"), ("No", "right"), ("Name", "left"), ("Result", "center"), ("Score", "right")]
    rows = [
        ["1", "12", "Müller-Lüdenscheidt, Jörg", "1-0", "4.5"],
        ["2", "3", "Ωmega Жуков, Александр", "1/2", "4"],
        ["3", "7", "", "", "0"],
    ]
    table = TextTable("Open: standings after round 5 (log position 120)", columns, rows)  # type: ignore[arg-type]
    plain = table.plain(WIDTH)
    assert plain is not None
    assert plain == rich_text(table)


def test_a_pipe_is_plain_output_and_a_colour_switch_is_not(monkeypatch: object) -> None:
    """Rich treats a pipe as a terminal under FORCE_COLOR (force-color.org): then Rich draws."""
    import pytest

    patch = pytest.MonkeyPatch()
    try:
        patch.delenv("FORCE_COLOR", raising=False)
        patch.delenv("TTY_COMPATIBLE", raising=False)
        patch.delenv("TTY_INTERACTIVE", raising=False)
        utf8 = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
        assert plain_output(utf8)
        assert not plain_output(io.TextIOWrapper(io.BytesIO(), encoding="latin-1"))
        patch.setenv("FORCE_COLOR", "1")
        assert not plain_output(utf8)
    finally:
        patch.undo()


def test_no_emoji_is_named_by_two_digits() -> None:
    """`tui.text_table` takes `:30:` in a time (`12:30:05`) for no emoji without reading Rich's table."""
    from rich._emoji_codes import EMOJI

    assert not [name for name in EMOJI if name.isascii() and name.isdigit() and len(name) == 2]


def test_a_log_time_and_an_emoji_code() -> None:
    """A time is written plain; a cell with an emoji code is left to Rich, which replaces it."""
    times = TextTable("Audit log", [("Time (UTC)", "left")], [["2026-11-25 19:58:01"]])
    assert times.plain(WIDTH) == rich_text(times)
    emoji = TextTable("Audit log", [("Reason", "left")], [["well played :thumbs_up:"]])
    assert emoji.plain(WIDTH) is None
    assert "👍" in rich_text(emoji)


@given(texts, st.integers(min_value=5, max_value=WIDTH))
def test_a_plain_line_is_the_text_rich_prints(text: str, width: int) -> None:
    """A line before a table (Q46's "NOT IN FIDE MODE"): whenever `plain_line` answers, Rich prints the same."""
    line = plain_line(text, width)
    if line is not None:
        out = io.StringIO()
        Console(file=out, markup=False, highlight=False, soft_wrap=False, width=width, no_color=True).print(text)
        assert line == out.getvalue()


def test_the_fide_mode_notice_is_written_plain() -> None:
    assert plain_line("NOT IN FIDE MODE (left after round 3)", WIDTH) == "NOT IN FIDE MODE (left after round 3)\n"
