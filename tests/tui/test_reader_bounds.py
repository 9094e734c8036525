"""Every reader ends quickly on any bytes, in values or in an error naming the file, line and field
(exit 4, nothing appended): tsh `.t` player lines (name, rating, opponents; scores; extra fields, as
tsh writes them) and CSV rosters. Hypothesis runs each case under a deadline."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.errors import InvalidInput
from pairing.tsh.tfile import TFileError, parse_tfile, to_entrants
from tests.tui.cli_support import run
from tui import exit_codes
from tui.cli.roster import read_roster
from tui.wiring import open_ledger

_characters = st.characters(codec="utf-8", exclude_categories=("Cs",))
_t_lines = st.one_of(
    st.text(_characters, max_size=120),
    st.tuples(
        st.text("abcé, 0123456789", max_size=30),
        st.text("0123456789 .+", max_size=30),
        st.text("0123456789 -", max_size=30),
        st.text("abc 0123456789;\\\\", max_size=30),
    ).map(lambda parts: f"{parts[0]} {parts[1]}; {parts[2]}; {parts[3]}"),
)


@settings(max_examples=300, deadline=500)
@given(st.lists(_t_lines, max_size=10).map("\n".join))
def test_the_t_reader_ends_in_players_or_an_error_naming_the_line(text: str) -> None:
    try:
        to_entrants(parse_tfile(text))
    except TFileError as error:
        assert str(error).startswith(("line ", "round "))


def test_a_long_t_line_and_long_numbers_end_at_once() -> None:
    """The line that took 44-78 s in the old name pattern, a number of thousands of digits."""
    for text in ("a " * 9_000 + "x", "Bob " + "1" * 15_000, "Bob 1800 2; " + "9" * 5_000, "x" * 30_000):
        started = time.perf_counter()
        with pytest.raises(TFileError, match=r"^line 1"):
            parse_tfile(text)
        assert time.perf_counter() - started < 0.5


_cells = st.text(_characters.filter(lambda c: c not in "\r\n"), max_size=40)


@settings(max_examples=200, deadline=500, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.lists(_cells, min_size=1, max_size=4).map(",".join), max_size=6))
def test_the_roster_reader_ends_in_players_or_an_error_naming_the_file(tmp_path: Path, rows: list[str]) -> None:
    path = tmp_path / "roster.csv"
    path.write_text("\n".join(["name,rating", *rows]), encoding="utf-8")
    try:
        read_roster(path)
    except InvalidInput as error:
        assert str(path) in str(error)


def test_a_huge_csv_cell_is_refused_with_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A cell over csv's 128 KiB field limit, and one over the roster's own cell limit: exit 4."""
    ledger = str(tmp_path / "r.ledger")
    run(capsys, "new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "3", "--ledger", ledger)
    for cell, message in (('"' + "x" * 140_000 + '"', "line 2"), ("y" * 300, "line 2, column name: longer than 200")):
        path = tmp_path / "big.csv"
        path.write_text(f"name,rating\n{cell},1800\n", encoding="utf-8")
        code, _, err = run(capsys, "import-roster", str(path), "--ledger", ledger)
        assert code == exit_codes.BAD_INPUT and str(path) in err and message in err, err
    assert "registered" not in run(capsys, "log", "--ledger", ledger)[1]


def test_empty_files_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An empty `.t` file or roster: exit 4 naming the file, no ledger created."""
    empty = tmp_path / "empty"
    empty.write_bytes(b"")
    ledger = tmp_path / "e.ledger"
    for rounds in ((), ("--rounds", "5")):  # with --rounds it used to end in a traceback in the store
        code, _, err = run(capsys, "import-tsh", str(empty), *rounds, "--ledger", str(ledger))
        assert code == exit_codes.BAD_INPUT and not ledger.exists() and str(empty) in err, err
    run(capsys, "new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "3", "--ledger", str(ledger))
    code, _, err = run(capsys, "import-roster", str(empty), "--ledger", str(ledger))
    assert code == exit_codes.BAD_INPUT and str(empty) in err


def test_a_withdrawn_player_with_fewer_scores_is_imported_withdrawn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """tsh: a player marked `off` stops playing, so their line has fewer scores than the rounds; the
    import withdraws them from the round after their last score (it used to refuse "round 4 outside
    1..3")."""
    source = tmp_path / "w.t"
    source.write_text(
        "Ann 1800 2 3 4; 400 380 410\n"
        "Ben 1700 1 4; 350 390; off 0\n"
        "Cid 1600 4 1 0; 300 400 50\n"
        "Dan 1500 3 2 1; 330 300 390\n",
        encoding="utf-8",
    )
    ledger = str(tmp_path / "w.ledger")
    code, _, err = run(capsys, "import-tsh", str(source), "--ledger", ledger)
    assert code == exit_codes.OK, err
    _, views = open_ledger(ledger, "test")
    assert views.state().players[2].withdrawn_from == 3


_t_files = st.lists(
    st.tuples(
        st.sampled_from(["Ann", "Ben", "Cid", "Dan", "Émile, 2", "#x"]),
        st.text("0123456789 .+", max_size=8),
        st.lists(st.integers(0, 5).map(str) | st.just("00"), max_size=3),
        st.lists(st.integers(-60, 500).map(str), max_size=3),
        st.sampled_from(["", "; off 0", "; p12 1 2 1", "; class A", "; \x07"]),
    ).map(lambda p: f"{p[0]} {p[1]} {' '.join(p[2])}; {' '.join(p[3])}{p[4]}"),
    max_size=5,
).map("\n".join)


@settings(
    max_examples=40, deadline=10_000, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(_t_files)
def test_import_tsh_either_succeeds_or_names_the_file_and_leaves_nothing(
    tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    """Any `.t` text: imported, or refused naming the file (exit 4, or 3 for what the ledger refuses,
    two players of the same name), and no ledger left behind."""
    folder = tmp_path_factory.mktemp("t")
    source = folder / "a.t"
    source.write_text(text, encoding="utf-8")
    ledger = folder / "a.ledger"
    code, _, err = run(capsys, "import-tsh", str(source), "--rounds", "5", "--ledger", str(ledger))
    if code == exit_codes.OK:
        return
    assert code in (exit_codes.BAD_INPUT, exit_codes.REFUSED) and str(source) in err, err
    assert not ledger.exists()


def test_a_roster_the_ledger_refuses_names_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A roster registering the same player twice is refused by the ledger (exit 3) in one piece: the
    message names the file, and nobody is registered."""
    ledger = str(tmp_path / "r.ledger")
    run(capsys, "new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "3", "--ledger", ledger)
    path = tmp_path / "twice.csv"
    path.write_text("name,federation\nAnn Lee,NOR\nAnn Lee,NOR\n", encoding="utf-8")
    code, _, err = run(capsys, "import-roster", str(path), "--ledger", ledger)
    assert code == exit_codes.REFUSED and f"{path}: Ann Lee is already registered" in err, err
    assert "registered" not in run(capsys, "log", "--ledger", ledger)[1]
