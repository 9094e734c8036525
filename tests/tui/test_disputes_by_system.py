"""Issue 11 end to end through the CLI, for chess (Dutch), backgammon (IBF Swiss, double elimination)
and Scrabble (Swiss): a result disputed after the next round was paired, a repeat pairing (IBF 3.8),
reproduce, an appeal upheld and one rejected (rules guide 6.5), undo of a round, and the audit report
naming each decision with its reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pairing.registry import bracket_systems
from tests.tui.cli_support import run
from tui import exit_codes

SYSTEMS = {
    "dutch": ("chess", "1-0", "0-1"),
    "ibf-swiss": ("backgammon", "3-1", "1-3"),
    "double-elimination": ("backgammon", "3-1", "1-3"),
    "swiss": ("scrabble", "400-350", "350-400"),
}


def boards(ledger: str, round_number: int, capsys: pytest.CaptureFixture[str]) -> list[tuple[int, int]]:
    document = json.loads(run(capsys, "pairings", str(round_number), "--format", "json", "--ledger", ledger)[1])
    return [(b["first"]["number"], b["second"]["number"]) for b in document["boards"]]


def log(ledger: str, capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    return json.loads(run(capsys, "log", "--format", "json", "--ledger", ledger)[1])


@pytest.mark.parametrize("system", SYSTEMS)
def test_disputed_result_repairing_appeals_undo_and_report(
    system: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game, first_wins, second_wins = SYSTEMS[system]
    ledger = str(tmp_path / "event.ledger")
    rounds = [] if system in bracket_systems() else ["--rounds", "4"]  # IBF 3.1.3: a bracket's size sets its rounds
    run(capsys, "new", "Event", "--game", game, "--system", system, *rounds, "--seed", "7", "--ledger", ledger)
    for n in range(1, 9):
        run(capsys, "register", f"P{n}", "--rating", str(2000 - 25 * n), "--ledger", ledger)
    assert run(capsys, "pair", "--ledger", ledger)[0] == exit_codes.OK
    for board in range(1, len(boards(ledger, 1, capsys)) + 1):
        run(capsys, "result", "1", str(board), first_wins, "--ledger", ledger)
    assert run(capsys, "pair", "--ledger", ledger)[0] == exit_codes.OK
    published = boards(ledger, 2, capsys)

    # 1. a disputed result found after round 2 was paired, before play: a repeat pairing if it changes
    code, out, err = run(
        capsys, "correct", "1", "1", second_wins, "--reason", "both scoresheets say so", "--yes", "--ledger", ledger
    )
    assert code == exit_codes.OK, err
    assert "were paired before this correction" in err
    assert "standings that change" in out  # shown before anything was recorded
    if system == "double-elimination":  # issue 8, item 5: the bracket says who no longer advances
        assert "changes who advanced" in out or "bracket matches that change" in out
    kinds = [line["kind"] for line in log(ledger, capsys)]
    # with these seeds the corrected result moves players between score groups in every system
    assert boards(ledger, 2, capsys) != published
    assert kinds[-3:] == ["ResultCorrected", "PairingWithdrawn", "Paired"]

    # 2. reproduce: the recorded engine on the recorded input, bit for bit
    code, out, _ = run(capsys, "reproduce", "2", "--ledger", ledger)
    assert code == exit_codes.OK and "bit for bit" in out

    # 3. appeals (rules guide 6.5): rejected 1 of 2, then upheld 2 of 2, with the correction linked
    for board in range(1, len(boards(ledger, 2, capsys)) + 1):
        run(capsys, "result", "2", str(board), first_wins, "--ledger", ledger)
    run(capsys, "seal", "2", "--ledger", ledger)
    run(
        capsys,
        "appeal-lodge",
        "--by",
        str(boards(ledger, 2, capsys)[0][1]),
        "--against",
        "ruling on board 1",
        "--reason",
        "clock malfunction",
        "--ledger",
        ledger,
    )
    run(
        capsys,
        "appeal-rule",
        "1",
        "--vote",
        "A=overturn",
        "--vote",
        "B=uphold-ruling",
        "--reason",
        "split",
        "--ledger",
        ledger,
    )
    code, _, err = run(capsys, "correct", "2", "1", second_wins, "--reason", "r", "--appeal", "1", "--ledger", ledger)
    assert code == exit_codes.REFUSED and "rejected" in err
    run(
        capsys,
        "appeal-lodge",
        "--by",
        str(boards(ledger, 2, capsys)[0][1]),
        "--against",
        "ruling on board 1",
        "--reason",
        "new evidence",
        "--ledger",
        ledger,
    )
    run(
        capsys,
        "appeal-rule",
        "2",
        "--vote",
        "A=overturn",
        "--vote",
        "B=overturn",
        "--reason",
        "video",
        "--ledger",
        ledger,
    )
    code, _, err = run(
        capsys, "correct", "2", "1", second_wins, "--reason", "committee ruling", "--appeal", "2", "--ledger", ledger
    )
    assert code == exit_codes.OK, err

    # 4. undo of a round: round 3 paired, withdrawn with a reason, paired again
    assert run(capsys, "pair", "--ledger", ledger)[0] == exit_codes.OK
    assert run(capsys, "unpair", "3", "--reason", "wrong bye entered", "--yes", "--ledger", ledger)[0] == 0
    assert run(capsys, "pair", "--reason", "bye fixed", "--ledger", ledger)[0] == exit_codes.OK

    # 5. the audit report names each decision with its reason; the chain verifies
    report = tmp_path / "audit.html"
    assert run(capsys, "audit-report", "-o", str(report), "--ledger", ledger)[0] == exit_codes.OK
    html = report.read_text(encoding="utf-8")
    for reason in ("both scoresheets say so", "committee ruling", "wrong bye entered", "video", "split"):
        assert reason in html
    assert "appeal 2" in html and "verified" in html
    assert run(capsys, "verify", "--ledger", ledger)[0] == exit_codes.OK
