"""Staged (mixed) tournaments, IBF Pairing Rules 1.8: round-robin groups, then a knockout of the
qualifiers; every transition an event (issue 8, item 4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.tui.cli_support import run
from tui import exit_codes


def play_round(ledger: str, capsys: pytest.CaptureFixture[str]) -> int:
    """Pair the next round and give every board to the top line (3-1)."""
    code, _, err = run(capsys, "pair", "--ledger", ledger)
    assert code == exit_codes.OK, err
    document = json.loads(run(capsys, "pairings", "--format", "json", "--ledger", ledger)[1])
    for board in document["boards"]:
        run(capsys, "result", str(document["round"]), str(board["board"]), "3-1", "--ledger", ledger)
    return document["round"]


def test_swiss_then_knockout_of_the_top_four(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ledger = str(tmp_path / "mixed.ledger")
    run(capsys, "new", "Mixed", "--game", "backgammon", "--system", "ibf-swiss", "--rounds", "2", "--ledger", ledger)
    for n in range(1, 9):
        run(capsys, "register", f"P{n}", "--rating", str(1800 - 10 * n), "--ledger", ledger)
    play_round(ledger, capsys)
    play_round(ledger, capsys)
    _, out, _ = run(capsys, "standings", "--format", "json", "--ledger", ledger)
    top4 = [row["number"] for row in json.loads(out)["rows"][:4]]
    code, _, err = run(
        capsys,
        "stage",
        "single-elimination",
        "--rounds",
        "2",
        "--top",
        "4",
        "--reason",
        "top 4 after the Swiss",
        "--yes",
        "--ledger",
        ledger,
    )
    assert code == exit_codes.OK, err
    assert play_round(ledger, capsys) == 3
    _, out, _ = run(capsys, "pairings", "3", "--format", "json", "--ledger", ledger)
    seated = {n for b in json.loads(out)["boards"] for n in (b["first"]["number"], b["second"]["number"])}
    assert seated == set(top4)  # 3.1: the knockout seats the qualifiers only
    _, out, _ = run(capsys, "bracket", "--ledger", ledger)
    assert "Semi-finals" in out and "Final" in out
    assert play_round(ledger, capsys) == 4
    code, _, err = run(capsys, "pair", "--ledger", ledger)
    assert code == exit_codes.REFUSED and "complete" in err
    kinds = [line["kind"] for line in json.loads(run(capsys, "log", "--format", "json", "--ledger", ledger)[1])]
    assert "StageStarted" in kinds
    assert run(capsys, "verify", "--ledger", ledger)[0] == exit_codes.OK


def test_stage_needs_complete_rounds_and_one_way_of_qualifying(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ledger = str(tmp_path / "m.ledger")
    run(capsys, "new", "M", "--game", "backgammon", "--system", "ibf-swiss", "--rounds", "3", "--ledger", ledger)
    for n in range(1, 7):
        run(capsys, "register", f"P{n}", "--ledger", ledger)
    run(capsys, "pair", "--ledger", ledger)
    code, _, err = run(
        capsys,
        "stage",
        "single-elimination",
        "--rounds",
        "2",
        "--top",
        "4",
        "--reason",
        "r",
        "--yes",
        "--ledger",
        ledger,
    )
    assert code == exit_codes.REFUSED and "results missing" in err
    code, _, err = run(
        capsys,
        "stage",
        "single-elimination",
        "--rounds",
        "2",
        "--top",
        "4",
        "--players",
        "1,2",
        "--reason",
        "r",
        "--yes",
        "--ledger",
        ledger,
    )
    assert code == exit_codes.BAD_INPUT and "one way" in err
