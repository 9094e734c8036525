"""IBF Appendix 1 through the `arbiter` command: "First, all players in the competition are assigned numbers from
one to the total number of participants by drawing lots." A backgammon round robin draws its table numbers from
the tournament's recorded seed; `--option lots=no` keeps registration order; chess keeps FIDE's pairing numbers."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from ledger.results import Game
from ledger.settings import TournamentSettings
from pairing.round_robin import berger_table
from tests.tui.cli_support import run
from tui import exit_codes


def tournament(tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, *options: str) -> str:
    """Six players registered in the order 1 to 6, a 5-round round robin created with seed 7, round 1 paired."""
    ledger = str(tmp_path / f"{game}.ledger")
    new = ("new", "RR", "--game", game, "--system", "round-robin", "--rounds", "5", "--seed", "7", *options)
    assert run(capsys, *new, "--ledger", ledger)[0] == exit_codes.OK
    for n in range(1, 7):
        assert run(capsys, "register", f"P{n}", "--rating", str(1900 - 10 * n), "--ledger", ledger)[0] == 0
    code, _, err = run(capsys, "pair", "--ledger", ledger)
    assert code == exit_codes.OK, err
    return ledger


def boards(ledger: str, capsys: pytest.CaptureFixture[str], round_number: int) -> list[tuple[int, int]]:
    document = json.loads(run(capsys, "pairings", str(round_number), "--format", "json", "--ledger", ledger)[1])
    return [(b["first"]["number"], b["second"]["number"]) for b in document["boards"]]


def table_by_lot(seed: int, players: range) -> dict[int, int]:
    """{table number: player}: the lots as docs/round-robin.md publishes them, sha256 of "seed|table
    numbers|player", lowest first."""
    lots = sorted(players, key=lambda n: hashlib.sha256(f"{seed}|table numbers|{n}".encode()).digest())
    return dict(enumerate(lots, 1))


def test_appendix_1_backgammon_round_robin_draws_table_numbers_with_the_recorded_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """IBF Appendix 1, "by drawing lots": the table numbers come from seed 7 (`arbiter new --seed 7`), the draw
    and its seed are in `arbiter explain 1`, and the seed is in `arbiter log`."""
    ledger = tournament(tmp_path, capsys, "backgammon")
    tables = table_by_lot(7, range(1, 7))
    assert boards(ledger, capsys, 1) == [(tables[a], tables[b]) for a, b in berger_table(6)[0]]
    assert boards(ledger, capsys, 1) != [(1, 6), (2, 5), (3, 4)]
    code, out, _ = run(capsys, "explain", "1", "--ledger", ledger)
    assert code == exit_codes.OK and ": matches." in out
    assert "drawn with seed 7" in out  # the Appendix 1 decision (Rich wraps its long text)
    lines = json.loads(run(capsys, "log", "--format", "json", "--ledger", ledger)[1])
    assert any("seed 7" in line["summary"] for line in lines if line["kind"] == "Created")


def test_appendix_1_lots_no_keeps_registration_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--option lots=no`, for events whose regulations number the players by registration: table number =
    registration number, and `arbiter explain 1` says no draw was held."""
    ledger = tournament(tmp_path, capsys, "backgammon", "--option", "lots=no")
    assert boards(ledger, capsys, 1) == [(1, 6), (2, 5), (3, 4)]
    assert "no draw was held" in run(capsys, "explain", "1", "--ledger", ledger)[1]


def test_c05_annex_1_chess_round_robin_keeps_the_pairing_numbers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """FIDE C.05 Annex 1 (Berger tables) pairs by the players' pairing numbers: a chess round robin is not
    drawn by the ledger, whatever its seed."""
    ledger = tournament(tmp_path, capsys, "chess")
    assert boards(ledger, capsys, 1) == [(1, 6), (2, 5), (3, 4)]
    assert "drawn with seed" not in run(capsys, "explain", "1", "--ledger", ledger)[1]
    assert "lots" not in TournamentSettings.for_game(Game.CHESS, "round-robin", 5).options
    assert TournamentSettings.for_game(Game.BACKGAMMON, "round-robin", 5).options["lots"] == "yes"


def test_appendix_1_a_round_robin_stage_of_a_backgammon_event_draws_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """IBF 1.8 (a mixed system) with an Appendix 1 round robin as its second stage: the qualifiers draw their
    table numbers, with the stage's seed (the tournament's seed 7, plus 1 for the second stage)."""
    ledger = str(tmp_path / "mixed.ledger")
    new = ("new", "M", "--game", "backgammon", "--system", "ibf-swiss", "--rounds", "1", "--seed", "7")
    assert run(capsys, *new, "--ledger", ledger)[0] == exit_codes.OK
    for n in range(1, 7):
        run(capsys, "register", f"P{n}", "--ledger", ledger)
    run(capsys, "pair", "--ledger", ledger)
    for board in range(1, 4):
        run(capsys, "result", "1", str(board), "3-1", "--ledger", ledger)
    stage = ("stage", "round-robin", "--rounds", "3", "--top", "4", "--reason", "top four", "--yes")
    code, _, err = run(capsys, *stage, "--ledger", ledger)
    assert code == exit_codes.OK, err
    assert run(capsys, "pair", "--ledger", ledger)[0] == exit_codes.OK
    assert "drawn with seed 8" in run(capsys, "explain", "2", "--ledger", ledger)[1]
