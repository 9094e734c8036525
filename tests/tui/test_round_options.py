"""Options for one pairing (tsh's "based on round", repeats allowed, ...): recorded with the pairing,
so `explain` and `reproduce` rebuild exactly what the engine read (ARCHITECTURE.md: every pairing can
be reproduced)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui.cli_support import run
from tui import exit_codes
from tui.wiring import open_ledger


def test_a_round_option_is_recorded_and_reproduced(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ledger = str(tmp_path / "s.ledger")
    run(capsys, "new", "Open", "--game", "scrabble", "--system", "koth", "--rounds", "4", "--ledger", ledger)
    for n in range(1, 7):
        run(capsys, "register", f"P{n}", "--rating", str(1900 - 10 * n), "--ledger", ledger)
    run(capsys, "pair", "--ledger", ledger)
    for board, score in enumerate(("400-300", "350-420", "380-380"), start=1):
        run(capsys, "result", "1", str(board), score, "--ledger", ledger)
    assert run(capsys, "pair", "--option", "based_on=0", "--ledger", ledger)[0] == exit_codes.OK
    _, views = open_ledger(ledger)
    assert views.state().rounds[2].options["based_on"] == "0"
    code, out, _ = run(capsys, "reproduce", "2", "--ledger", ledger)
    assert code == exit_codes.OK and "bit for bit" in out and "input digest matches" in out
    code, out, _ = run(capsys, "explain", "2", "--ledger", ledger)
    assert ": matches." in out
