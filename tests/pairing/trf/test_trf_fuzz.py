"""Any bytes given to the TRF reader end, quickly, in a document or a `TrfSyntaxError` naming the line
and column (TRF16 cols; the reader's bounds in `pairing.trf.reader`), and `arbiter-pair` then pairs,
checks or refuses with bbp's exit codes, never a traceback."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing.cli import INVALID_INPUT, NO_VALID_PAIRING, OK
from pairing.cli import main as arbiter_pair
from pairing.trf import TrfSyntaxError, parse
from pairing.trf.reader import MAX_LINE

BBP = Path(__file__).resolve().parents[2] / "data" / "bbp"
SEED = (BBP / "dutch_2025_C5.input").read_text()

_characters = st.characters(codec="utf-8", exclude_categories=("Cs",))
_lines = st.one_of(
    st.text(_characters, max_size=200),
    st.sampled_from(SEED.splitlines()).flatmap(
        lambda line: st.tuples(st.integers(0, len(line)), st.text(_characters, max_size=8)).map(
            lambda cut: line[: cut[0]] + cut[1] + line[cut[0] + len(cut[1]) :]
        )
    ),
    st.sampled_from(["XXR ", "142 ", "XXA    1 ", "162  W", "250 ", "XXS W=", "BBW "]).flatmap(
        lambda code: st.text("0123456789. -+=eE", max_size=60).map(lambda tail: code + tail)
    ),
)
_files = st.lists(_lines, max_size=12).map("\n".join)


@settings(max_examples=300, deadline=1000, suppress_health_check=[HealthCheck.too_slow])
@given(_files)
def test_the_reader_ends_in_a_document_or_a_syntax_error(text: str) -> None:
    try:
        parse(text)
    except TrfSyntaxError as error:
        assert error.line >= 1 and error.column >= 1
        assert f"line {error.line}, column {error.column}" in str(error)


@settings(
    max_examples=60, deadline=5000, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(_files)
def test_arbiter_pair_never_fails_with_a_traceback(tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    source = tmp_path_factory.mktemp("fuzz") / "input.trf"
    source.write_text(text, encoding="utf-8")
    assert arbiter_pair(["--dutch", str(source), "-p", str(source.with_suffix(".out"))]) in (
        OK,
        NO_VALID_PAIRING,
        INVALID_INPUT,
    )
    assert arbiter_pair(["--dutch", str(source), "-c"]) in (OK, INVALID_INPUT)


def test_a_long_line_and_long_numbers_are_refused_in_linear_time() -> None:
    """The reader's bounds: a line over `MAX_LINE` characters, or a number of thousands of digits."""
    for text in ("001 " + "9" * 100_000, "XXR " + "9" * 100_000, "XXS W=" + "1" * 100_000, "XXA    1 " + "5" * 50_000):
        started = time.perf_counter()
        try:
            parse(text + "\n")
        except TrfSyntaxError as error:
            assert error.line == 1
        else:
            raise AssertionError(f"{text[:10]}... was read")
        assert time.perf_counter() - started < 0.5
    assert MAX_LINE >= 92 + 10 * 900
