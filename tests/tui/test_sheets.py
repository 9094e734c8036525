"""`arbiter drawsheet` (backgammon rules guide 2.2.4, 5.1) and `arbiter bracket` (IBF 3.1-3.3)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.tui.cli_support import run
from tui import exit_codes


@pytest.fixture
def cup(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """Five players in a single-elimination bracket of 8: seeds 6-8 are virtual players (3.1.1)."""
    ledger = str(tmp_path / "cup.ledger")
    run(
        capsys,
        "new",
        "Cup",
        "--game",
        "backgammon",
        "--system",
        "single-elimination",
        "--rounds",
        "3",
        "--match-length",
        "5",
        "--ledger",
        ledger,
    )
    for name in ("Ann", "Ben", "Cid", "Dan", "Eve"):
        run(capsys, "register", name, "--ledger", ledger)
    run(capsys, "pair", "--ledger", ledger)
    return ledger


def test_drawsheet_names_match_length_and_light_checkers(cup: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "drawsheet", "--ledger", cup)
    assert code == exit_codes.OK
    assert "matches to 5 (game-wins, a gammon counts 2)" in out and "light checkers" in out
    assert "Dan" in out and "Eve" in out  # seeds 4 and 5 meet in round 1; 1-3 face virtual players
    run(capsys, "result", "1", "1", "5-2", "--ledger", cup)
    code, out, _ = run(capsys, "drawsheet", "1", "--format", "html", "--ledger", cup)
    assert out.startswith("<!doctype html>") and "<th>Top (light checkers)</th>" in out
    assert '<td class="result">5-2</td>' in out  # the drawsheet carries the results entered


def test_bracket_shows_virtual_walkovers_and_the_played_match(cup: str, capsys: pytest.CaptureFixture[str]) -> None:
    """3.1.1: a player facing a virtual opponent advances; 3.1.3: rounds named by their pairs."""
    run(capsys, "result", "1", "1", "5-2", "--ledger", cup)
    code, out, _ = run(capsys, "bracket", "--ledger", cup)
    assert code == exit_codes.OK
    assert out.startswith("Final (R3.1, round 3)")
    assert "(bye: virtual player)" in out
    lines = out.splitlines()
    dan = next(line for line in lines if line.startswith("4 Dan"))
    eve = next(line for line in lines if line.startswith("5 Eve"))
    assert re.match(r"4 Dan +5 ─┐", dan) and re.match(r"5 Eve +2 ─┘", eve)  # each score beside its name
    middle = lines[(lines.index(dan) + lines.index(eve)) // 2]
    assert middle.split("├─")[1].split()[:2] == ["4", "Dan"]  # the winner carried into the semi-final
    code, out, _ = run(capsys, "bracket", "--format", "html", "--ledger", cup)
    assert "<h2>Semi-finals" in out and '<td class="winner">4 Dan</td>' in out


def test_bracket_of_a_round_robin_is_refused_plainly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ledger = str(tmp_path / "rr.ledger")
    run(capsys, "new", "RR", "--game", "chess", "--system", "round-robin", "--rounds", "3", "--ledger", ledger)
    code, _, err = run(capsys, "bracket", "--ledger", ledger)
    assert code == exit_codes.REFUSED and "has no elimination bracket" in err
