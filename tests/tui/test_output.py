"""One output helper for every data verb: `--format text|csv|json` (html for the sheets) and `-o FILE`."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tests.tui.cli_support import run
from tests.tui.snapshot_apps import build_club
from tui import exit_codes


@pytest.fixture
def club(tmp_path: Path) -> str:
    """Round 1 paired 1-6, 2-5, 3-4: board 1 1-0, board 2 1/2, board 3 to play."""
    return build_club(tmp_path)


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


@pytest.mark.parametrize(("verb", "first_heading"), [("pairings", "board"), ("standings", "rank"), ("log", "position")])
def test_every_data_verb_writes_csv_and_json(
    club: str, verb: str, first_heading: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, verb, "--format", "csv", "--ledger", club)
    assert code == exit_codes.OK
    assert out.splitlines()[0].split(",")[0] == first_heading
    code, out, _ = run(capsys, verb, "--format", "json", "--ledger", club)
    assert code == exit_codes.OK
    assert json.loads(out)


def test_pairings_csv_has_every_board_and_its_result(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    rows = _rows(run(capsys, "pairings", "1", "--format", "csv", "--ledger", club)[1])
    assert [(r["board"], r["first"], r["second"], r["result"]) for r in rows] == [
        ("1", "1", "6", "1-0"),
        ("2", "2", "5", "1/2"),
        ("3", "3", "4", ""),
    ]
    assert rows[0]["first_name"] == "Ann Archer"


def test_o_file_writes_the_file_and_names_it(club: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "standings.csv"
    code, out, err = run(capsys, "standings", "--format", "csv", "-o", str(target), "--ledger", club)
    assert (code, out) == (exit_codes.OK, "")
    assert err.strip() == f"wrote {target}"
    assert _rows(target.read_text(encoding="utf-8"))[0]["name"] == "Ann Archer"
    table = tmp_path / "round1.txt"
    assert run(capsys, "pairings", "1", "-o", str(table), "--ledger", club)[0] == exit_codes.OK
    text = table.read_text(encoding="utf-8")
    assert "Ann Archer" in text and "\x1b[" not in text  # a plain table, no terminal colour codes


def test_csv_text_that_starts_like_a_formula_is_kept_as_text(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A reason typed as `=HYPERLINK(...)` reaches a spreadsheet as text, not as a formula (OWASP CSV injection)."""
    reason = '=HYPERLINK("http://example.com","x")'
    assert run(capsys, "correct", "1", "1", "0-1", "--reason", reason, "--ledger", club)[0] == exit_codes.OK
    rows = _rows(run(capsys, "log", "--format", "csv", "--tail", "1", "--ledger", club)[1])
    assert rows[0]["reason"] == "'" + reason
    assert json.loads(run(capsys, "log", "--format", "json", "--tail", "1", "--ledger", club)[1])[0]["reason"] == reason
