"""Every text escaped for where it goes: names holding Rich markup are printed by the CLI as written
(and the command that appended before printing does not fail after its commit)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui.cli_support import run
from tests.tui.web_support import HOSTILE, chess_swiss
from tui import exit_codes


def test_pairings_and_standings_print_markup_names_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ledger = str(tmp_path / "markup.ledger")
    run(capsys, "new", "M", "--game", "chess", "--system", "round-robin", "--rounds", "3", "--ledger", ledger)
    for name in ("Ann", "[/oops]", "[bold]Bo", "Dan"):
        assert run(capsys, "register", name, "--ledger", ledger)[0] == exit_codes.OK
    code, out, _ = run(capsys, "pair", "--ledger", ledger)
    assert code == exit_codes.OK and "[/oops]" in out and "[bold]Bo" in out
    code, out, _ = run(capsys, "standings", "--ledger", ledger)
    assert code == exit_codes.OK and "[/oops]" in out and "[bold]Bo" in out


def test_a_table_written_to_a_file_keeps_markup_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ledger = chess_swiss(tmp_path)
    out = tmp_path / "pairings.txt"
    assert run(capsys, "pairings", "1", "-o", str(out), "--ledger", ledger)[0] == exit_codes.OK
    assert HOSTILE[1] in out.read_text(encoding="utf-8")
