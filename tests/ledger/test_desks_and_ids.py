"""Expected positions and command ids (ARCHITECTURE.md, "The event log": "Writing commands take an
expected position (refused with exit 6 if an event after it touched the same records) and an
idempotency id"). Desks are real `arbiter` processes started together on one ledger; what they did
is read back from the stored log.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ledger.domain import Round
from ledger.errors import AlreadyRecorded, ConcurrentChange
from tests.ledger.test_atomic_commands import ROOT, stored, swiss
from tui import exit_codes


def desks_at_once(*commands: tuple[str, ...]) -> list[subprocess.CompletedProcess[str]]:
    """Start one `arbiter` process per command at the same moment; their outcomes, in order."""
    started = [
        subprocess.Popen(
            [sys.executable, "-m", "tui.cli.main", *argv],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for argv in commands
    ]
    outcomes = []
    for process in started:
        out, err = process.communicate(timeout=120)
        outcomes.append(subprocess.CompletedProcess(process.args, process.returncode, out, err))
    return outcomes


def corrections(location: str) -> list[Any]:
    return [e for _, e in stored(location) if isinstance(e, Round.ResultCorrected)]


@pytest.mark.parametrize("attempt", range(3))
def test_two_desks_correcting_the_same_board_exactly_one_wins(location: str, attempt: int) -> None:
    """Both desks displayed the log at the same position and correct round 1 board 1 to different
    results: one correction is recorded, the other desk is refused with exit 6 and appends nothing
    (it used to be accepted and silently overwrite the first)."""
    swiss(location).close()
    displayed = str(stored(location)[-1][0])
    common = ("--reason", "scoresheet", "--no-repair", "--yes", "--expect-position", displayed, "--ledger", location)

    east, west = desks_at_once(("correct", "1", "1", "0-1", *common), ("correct", "1", "1", "1/2", *common))

    assert sorted((east.returncode, west.returncode)) == [exit_codes.OK, exit_codes.CONFLICT], (east, west)
    loser = east if east.returncode == exit_codes.CONFLICT else west
    assert "round 1 board 1" in loser.stderr
    (recorded,) = corrections(location)
    assert recorded.result == ("0-1" if east.returncode == exit_codes.OK else "1/2")


def test_a_void_racing_a_pair_never_pairs_over_a_missing_result(location: str) -> None:
    """A `void` in round 1 and a `pair` of round 2 from the same displayed position: never both. If
    the void is first, the pairing finds the missing result and refuses (no --force); if the pairing
    is first, the void of a result it was paired from is refused with exit 6."""
    swiss(location, rounds_paired=1).close()
    displayed = str(stored(location)[-1][0])
    common = ("--expect-position", displayed, "--ledger", location)

    void, pair = desks_at_once(("void", "1", "2", "--reason", "illegal move claim", *common), ("pair", *common))

    assert exit_codes.OK in (void.returncode, pair.returncode), (void, pair)
    assert (void.returncode, pair.returncode).count(exit_codes.OK) == 1, (void, pair)
    log = [e for _, e in stored(location)]
    voided = [e for e in log if isinstance(e, Round.ResultVoided)]
    paired = [e for e in log if isinstance(e, Round.Paired)]
    assert (len(voided), len(paired)) == ((1, 1) if void.returncode == exit_codes.OK else (0, 2))


def test_a_repeated_command_id_appends_nothing_and_names_its_position(location: str) -> None:
    """A retry after a lost answer (the desk crashed, the network dropped) must not record twice: it
    exits 0 and says where the first one was recorded."""
    swiss(location).close()
    argv = ("result", "2", "1", "1-0", "--command-id", "desk-2/result-2-1", "--ledger", location)
    first = subprocess.run([sys.executable, "-m", "tui.cli.main", *argv], cwd=ROOT, capture_output=True, text=True)
    position = stored(location)[-1][0]

    again = subprocess.run([sys.executable, "-m", "tui.cli.main", *argv], cwd=ROOT, capture_output=True, text=True)

    assert (first.returncode, again.returncode) == (exit_codes.OK, exit_codes.OK), again.stderr
    assert f"already recorded at log position {position}" in again.stderr
    assert stored(location)[-1][0] == position


def test_a_refused_command_keeps_its_id_free(location: str, open_desk: Any) -> None:
    """The id is stored with the events, in their transaction: a command refused (nothing appended)
    leaves the id unused, so the corrected command can run under it."""
    swiss(location).close()
    desk = open_desk(location)
    with pytest.raises(ConcurrentChange), desk.command(expect_position=3, command_id="id-1"):
        desk.record_result(2, 1, "1-0")
    with desk.command(command_id="id-1"):
        desk.record_result(2, 1, "1-0")
    with pytest.raises(AlreadyRecorded) as repeat, desk.command(command_id="id-1"):
        desk.record_result(2, 1, "1-0")
    assert repeat.value.position == desk.position()


def test_an_expected_position_outside_the_log_is_bad_input(tmp_path: Path) -> None:
    location = str(tmp_path / "t.ledger")
    swiss(location).close()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "tui.cli.main",
            "result",
            "2",
            "1",
            "1-0",
            "--expect-position",
            "9999",
            "--ledger",
            location,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == exit_codes.BAD_INPUT and "9999" in done.stderr
