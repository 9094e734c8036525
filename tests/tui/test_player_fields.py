"""One list of a player's details (`tui.player_fields.PLAYER_FIELDS`) makes `register`'s options, the CSV
roster's headings, `correct-player --set` and the desk's forms."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from ledger.application import PlayerDetails
from ledger.domain import PLAYER_FIELDS as CORRECTABLE
from tests.tui.cli_support import run
from tui import exit_codes
from tui.player_fields import PLAYER_FIELDS


def test_the_list_is_the_ledgers_details() -> None:
    """Every `PlayerDetails` attribute has exactly one entry, and every detail the ledger corrects is one
    (`allow_duplicate` is the arbiter's statement about a look-alike, not a detail: `register --allow-duplicate`;
    `source_lists` is written by the rating lists, `register-from-lists` and `check-ratings`, never typed)."""
    details = [field.detail for field in PLAYER_FIELDS]
    assert sorted(details) == sorted(set(attrs.fields_dict(PlayerDetails)) - {"allow_duplicate", "source_lists"})
    assert set(CORRECTABLE) - {"source_lists"} <= set(details)


def test_register_offers_an_option_per_detail(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        run(capsys, "register", "--help")
    text = capsys.readouterr().out
    assert all(field.option in text for field in PLAYER_FIELDS if field.option)


@pytest.fixture
def ledger(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    location = str(tmp_path / "t.ledger")
    new = ("new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "5", "--ledger", location)
    assert run(capsys, *new)[0] == exit_codes.OK
    return location


def _players(ledger: str, capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    lines = json.loads(run(capsys, "log", "--format", "json", "--ledger", ledger)[1])
    return [line for line in lines if line["kind"] == "PlayerRegistered"]


def test_roster_headings_and_register_options_fill_the_same_details(
    ledger: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    roster = tmp_path / "players.csv"
    roster.write_text("Name,Rating,Fed,FIDE_ID,Title\nAnn Archer,2100,ENG,12345,WIM\n", encoding="utf-8")
    assert run(capsys, "import-roster", str(roster), "--ledger", ledger)[0] == exit_codes.OK
    argv = ("register", "Ben Baker", "--rating", "2000", "--federation", "SCO", "--id", "678", "--title", "FM")
    assert run(capsys, *argv, "--ledger", ledger)[0] == exit_codes.OK
    assert len(_players(ledger, capsys)) == 2


def test_a_rating_that_is_not_a_whole_number_is_refused_everywhere(
    ledger: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same check for `register --rating`, a roster's rating column and `correct-player --set rating=`."""
    with pytest.raises(SystemExit) as usage:
        run(capsys, "register", "Ann", "--rating", "-5", "--ledger", ledger)
    assert usage.value.code == exit_codes.USAGE
    assert "rating must be a whole number, not '-5'" in capsys.readouterr().err
    roster = tmp_path / "players.csv"
    roster.write_text("name,rating\nAnn,21x0\n", encoding="utf-8")
    code, _, err = run(capsys, "import-roster", str(roster), "--ledger", ledger)
    assert code == exit_codes.BAD_INPUT
    assert "line 2, column rating: rating must be a whole number, not '21x0'" in err
    assert run(capsys, "register", "Ann", "--ledger", ledger)[0] == exit_codes.OK
    code, _, err = run(capsys, "correct-player", "1", "--set", "rating=abc", "--reason", "list", "--ledger", ledger)
    assert code == exit_codes.BAD_INPUT
    assert "rating must be a whole number, not 'abc'" in err
