"""Input cannot hurt (ledger.validation): text holding control characters, line breaks or bidirectional
overrides (UAX #9; CVE-2021-42574 "Trojan Source") and numbers outside the fields they go to (TRF record
001: pairing numbers 1-9999, ratings 0-9999; 64-bit integers) are refused at entry with nothing appended,
from every command, on both backends; property tests over names and numbers."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.application import Ledger, PlayerDetails
from ledger.errors import InvalidInput, LedgerError
from ledger.results import Game
from ledger.settings import TournamentSettings
from ledger.validation import BIDI_CONTROLS, refused_character
from tests.tui.cli_support import run
from tui import exit_codes
from tui.wiring import open_ledger

REFUSED_CHARACTERS = ["\n", "\r", "\t", "\x00", "\x1b", "\x7f", "\x85", "\u2028", "\u2029", *sorted(BIDI_CONTROLS)]


@pytest.fixture
def desk(location: str, new_tournament: Any) -> Ledger:
    ledger = new_tournament(location, players=4)
    ledger.pair_next_round()
    return ledger


def appends_nothing(ledger: Ledger, command: Any, *fragments: str) -> None:
    position = ledger.position()
    with pytest.raises(InvalidInput) as raised:
        command()
    for fragment in fragments:
        assert fragment in str(raised.value), raised.value
    assert ledger.position() == position
    assert ledger.verify().ok


@pytest.mark.parametrize("char", REFUSED_CHARACTERS, ids=lambda c: f"U+{ord(c):04X}")
def test_control_characters_and_bidi_overrides_are_refused_in_every_text_field(desk: Ledger, char: str) -> None:
    """A name, a reason, a reference, an override's text: each refused, naming the character."""
    code = f"U+{ord(char):04X}"
    appends_nothing(desk, lambda: desk.register_players([PlayerDetails(f"Eve{char}Mallory")]), "details.name", code)
    appends_nothing(desk, lambda: desk.withdraw(2, None, reason=f"ill{char}ness"), "reason", code)
    appends_nothing(desk, lambda: desk.override("round 1", f"board{char}2", reason="ok"), "decision", code)
    appends_nothing(desk, lambda: desk.correct_player(3, {"club": f"A{char}B"}, reason="typo"), "changes.club", code)


def test_numbers_above_2_63_are_refused_with_the_range(desk: Ledger) -> None:
    """Values beyond 64 bits were committed once and then broke every command, verify included."""
    huge = 2**63 + 1
    appends_nothing(desk, lambda: desk.register_players([PlayerDetails("Big", rating=huge)]), "ratings are 0..9999")
    appends_nothing(desk, lambda: desk.register_players([PlayerDetails("Big", number=huge)]), "1..9999")
    appends_nothing(desk, lambda: desk.correct_player(1, {"rating": 10_000}, reason="x"), "ratings are 0..9999")
    assert desk.verify().ok


def test_cli_refuses_2_63_plus_1_and_every_command_still_works(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    ledger = str(tmp_path / "t.ledger")
    run(capsys, "new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "3", "--ledger", ledger)
    code, _, err = run(capsys, "register", "Big", "--rating", str(2**63 + 1), "--ledger", ledger)
    assert code == exit_codes.BAD_INPUT and "ratings are 0..9999" in err
    code, _, err = run(capsys, "new", "B", "--game", "chess", "--system", "dutch", "--rounds", "3", "--seed",
                       str(2**63 + 1), "--ledger", str(tmp_path / "b.ledger"))  # fmt: skip
    assert code == exit_codes.BAD_INPUT and "seed" in err and str(2**62) in err
    with pytest.raises(SystemExit) as usage:
        run(capsys, "log", "--as-of", str(2**64), "--ledger", ledger)
    assert usage.value.code == exit_codes.USAGE and str(2**63 - 1) in capsys.readouterr().err
    for verb in ("verify", "standings", "log", "pairings"):
        assert run(capsys, verb, "--ledger", ledger)[0] in (exit_codes.OK, exit_codes.REFUSED), verb


def test_cli_refuses_a_control_character_with_exit_4(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    ledger = str(tmp_path / "t.ledger")
    run(capsys, "new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "3", "--ledger", ledger)
    code, out, err = run(capsys, "register", "Eve\x1b[2J", "--ledger", ledger)
    assert code == exit_codes.BAD_INPUT and "U+001B" in err and "\x1b" not in out + err
    code, out, _ = run(capsys, "verify", "--ledger", ledger)
    assert code == exit_codes.OK and "ok: 1 events" in out


@pytest.fixture(scope="module")
def property_ledger(tmp_path_factory: pytest.TempPathFactory) -> Any:
    ledger, views = open_ledger(str(tmp_path_factory.mktemp("p") / "p.ledger"), "fuzz", create=True)
    ledger.create_tournament("Fuzz", TournamentSettings.for_game(Game.CHESS, "dutch", 9, seed=1))
    yield ledger, views
    views.close()
    ledger.close()


@settings(max_examples=120, deadline=2000, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.text(max_size=40), rating=st.integers(min_value=-(2**70), max_value=2**70))
def test_any_name_and_rating_is_stored_exactly_or_refused_with_nothing_appended(
    property_ledger: Any, name: str, rating: int
) -> None:
    """Whatever is typed: either it is stored as typed and every view reads it back, or it is refused
    (InvalidInput or another LedgerError) and the log is unchanged. Never a traceback."""
    ledger, views = property_ledger
    position = ledger.position()
    try:
        (number,) = ledger.register_players([PlayerDetails(name, rating=rating)])
    except LedgerError as refusal:
        assert ledger.position() == position
        expected = not name.strip() or refused_character(name.strip()) is not None or not 0 <= rating <= 9999
        assert expected or "already registered" in str(refusal), refusal
        return
    assert refused_character(name.strip()) is None and 0 <= rating <= 9999  # outer blanks are trimmed
    views.catch_up()
    player = views.state().players[number]
    assert (player.name, player.rating) == (name.strip(), rating)


@pytest.fixture(scope="module")
def cli_ledger(tmp_path_factory: pytest.TempPathFactory) -> str:
    location = str(tmp_path_factory.mktemp("cli") / "cli.ledger")
    ledger, views = open_ledger(location, "fuzz", create=True)
    ledger.create_tournament("Fuzz", TournamentSettings.for_game(Game.CHESS, "dutch", 9, seed=1))
    views.close()
    ledger.close()
    return location


def position_of(location: str) -> int:
    ledger, views = open_ledger(location)
    try:
        return ledger.position()
    finally:
        views.close()
        ledger.close()


@settings(max_examples=40, deadline=5000, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    name=st.text(max_size=30),
    rating=st.one_of(st.integers(min_value=-(2**70), max_value=2**70).map(str), st.text(max_size=8)),
)
def test_cli_register_answers_any_name_and_rating_without_a_traceback(
    capsys: pytest.CaptureFixture[str], cli_ledger: str, name: str, rating: str
) -> None:
    """`arbiter register` with whatever is typed: done (0), refused (3, 4) or a usage error (2), never a
    traceback; on refusal nothing is appended."""
    before = position_of(cli_ledger)
    try:
        code, _, err = run(capsys, "register", f"--rating={rating}", "--ledger", cli_ledger, "--", name)
    except SystemExit as usage:
        code, err = usage.code, capsys.readouterr().err
        assert code == exit_codes.USAGE
    assert code in (exit_codes.OK, exit_codes.REFUSED, exit_codes.BAD_INPUT, exit_codes.USAGE), err
    assert "Traceback" not in err
    if code != exit_codes.OK:
        assert position_of(cli_ledger) == before


@settings(max_examples=40, deadline=5000, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=st.lists(st.tuples(st.text(max_size=12), st.text(max_size=6)), min_size=1, max_size=4))
def test_a_roster_file_is_imported_whole_or_refused_with_nothing_appended(
    capsys: pytest.CaptureFixture[str], cli_ledger: str, tmp_path_factory: pytest.TempPathFactory, rows: list[Any]
) -> None:
    """import-roster over any cells (quoted as a spreadsheet writes them): all players or none, never a traceback."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["name", "rating"])
    writer.writerows(rows)
    roster = tmp_path_factory.mktemp("roster") / "roster.csv"
    roster.write_text(out.getvalue(), encoding="utf-8")
    before = position_of(cli_ledger)
    code, _, err = run(capsys, "import-roster", str(roster), "--ledger", cli_ledger)
    assert code in (exit_codes.OK, exit_codes.REFUSED, exit_codes.BAD_INPUT), err
    after = position_of(cli_ledger)
    assert after == (before + len(rows) if code == exit_codes.OK else before)
