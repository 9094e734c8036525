"""A FIDE-rated Swiss run end to end through the `arbiter` command, meeting each warning level of
docs/fide-mode.md ("Warning levels") where the checklist puts it: level 2 acknowledged (Q177 full-point
bye), level 3 confirmed (Q190 correction of the previous round), level 4 confirmed with its consequence
(Q201 tie-break list), level 5 refused (Q196 a prohibited pair after round 1) and, after leaving FIDE
mode (Q43), asked as level 4. Each confirmed warning is in the log and the TRF's `###` lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.tui.cli_support import run
from tui import exit_codes


def _summaries(capsys: pytest.CaptureFixture[str], at: tuple[str, ...]) -> list[str]:
    return [line["summary"] for line in json.loads(run(capsys, "log", "--format", "json", *at)[1])]


def _play_round(capsys: pytest.CaptureFixture[str], at: tuple[str, ...], number: int, boards: int) -> None:
    code, _, err = run(capsys, "pair", *at)
    assert code == exit_codes.OK, err
    for board in range(1, boards + 1):
        assert run(capsys, "result", str(number), str(board), "1/2", *at)[0] == exit_codes.OK


def test_q040_a_fide_rated_swiss_meets_every_warning_level(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    at = ("--ledger", str(tmp_path / "open.ledger"))
    assert run(capsys, "new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "5", *at)[0] == 0
    for n in range(1, 9):
        assert run(capsys, "register", f"Player {n}", "--rating", str(2400 - 20 * n), *at)[0] == exit_codes.OK

    # level 2: a full-point bye is done, with its "deprecated" warning and a breach line (Q177-179)
    code, _, err = run(capsys, "bye", "8", "--round", "1", "--kind", "full", *at)
    assert code == exit_codes.OK, err
    assert "warning (level 2, Q177)" in err
    _play_round(capsys, at, 1, 3)
    _play_round(capsys, at, 2, 4)

    # level 3: correcting the previous round once the next is paired waits for --yes (Q190, Q115)
    code, _, err = run(capsys, "pair", *at)
    assert code == exit_codes.OK, err
    before = _summaries(capsys, at)
    code, _, err = run(capsys, "correct", "2", "1", "1-0", "--reason", "scoresheet misread", *at)
    assert code == exit_codes.REFUSED and "add --yes" in err
    assert _summaries(capsys, at) == before
    code, _, err = run(capsys, "correct", "2", "1", "1-0", "--reason", "scoresheet misread", "--yes", *at)
    assert code == exit_codes.OK and "warning (level 3, Q190)" in err

    # level 4: changing the tie-break list after the start states its consequence first (Q201)
    code, _, err = run(capsys, "tiebreaks", "SB,BH", "--reason", "regulations", *at)
    assert code == exit_codes.REFUSED and "warning (level 4, Q201)" in err
    assert run(capsys, "tiebreaks", "SB,BH", "--reason", "regulations", "--yes", *at)[0] == exit_codes.OK

    # level 5: a prohibited pair after round 1 is refused in FIDE mode, even with --yes (Q196)
    code, _, err = run(capsys, "forbid", "1", "2", "--reason", "same club", "--yes", *at)
    assert code == exit_codes.REFUSED and "not possible in FIDE mode" in err

    # leaving FIDE mode (level 4, Q43): the level 5 step becomes a level 4 warning
    assert run(capsys, "leave-fide-mode", "--reason", "the organiser's rule", "--yes", *at)[0] == exit_codes.OK
    code, _, err = run(capsys, "forbid", "1", "2", "--reason", "same club", *at)
    assert code == exit_codes.REFUSED and "warning (level 4" in err
    assert run(capsys, "forbid", "1", "2", "--reason", "same club", "--yes", *at)[0] == exit_codes.OK

    summaries = _summaries(capsys, at)
    for question in ("Q177", "Q190", "Q201", "Q43"):
        assert any(f"{question})" in summary for summary in summaries), question
    assert run(capsys, "standings", *at)[1].startswith("NOT IN FIDE MODE (left after round 3)")
    trf = tmp_path / "open.trf"
    assert run(capsys, "export-trf", "-o", str(trf), *at)[0] == exit_codes.OK
    comments = [line for line in trf.read_text(encoding="utf-8").splitlines() if line.startswith("### ")]
    for kind in ("Full-point bye @ Round 1", "Correction @ Round 2", "Tie-breaks changed", "FIDE mode left @ Round 3"):
        assert any(kind in line for line in comments), (kind, comments)
