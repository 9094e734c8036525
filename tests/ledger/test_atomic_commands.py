"""One command, one transaction (ARCHITECTURE.md, "The event log": "One command is one transaction,
however many events it appends"). Each multi-event command runs as a real `arbiter` process that is
ended abruptly (`tests.ledger.killed_arbiter`) after its first save, its second, ... until one run
completes: every ended run must leave the log exactly as it was (nothing, not a partial command) and
a chain that verifies, and the run that completes must work. A process ended just after its commit
leaves every event, and the read models catch up on the next read.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ledger.application import Ledger, PlayerDetails
from ledger.domain import Round
from ledger.results import Game
from ledger.settings import TournamentSettings
from tests.ledger.killed_arbiter import KILLED
from tui import exit_codes
from tui.cli.main import main
from tui.wiring import open_ledger

ROOT = Path(__file__).resolve().parents[2]
SEED = 20260101


def arbiter(*argv: str, kill_at: int | None = None) -> subprocess.CompletedProcess[str]:
    """`arbiter ARGV` as its own process; `kill_at`: end it at that save (0: just after its commit)."""
    module = ["tests.ledger.killed_arbiter", str(kill_at)] if kill_at is not None else ["tui.cli.main"]
    return subprocess.run(
        [sys.executable, "-m", *module, *argv], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )


def stored(location: str) -> list[tuple[int, Any]]:
    """The stored log, read by a fresh desk, after checking its chain."""
    ledger, views = open_ledger(location, "reader")
    try:
        assert ledger.verify().ok
        return list(ledger.log_events())
    finally:
        views.close()
        ledger.close()


def kill_at_every_save(location: str, *argv: str) -> subprocess.CompletedProcess[str]:
    """Run the command ended at its 1st save, its 2nd, ... (each time checking the log did not change)
    until a run completes; that run's outcome."""
    before = stored(location) if _exists(location) else []
    for point in range(1, 200):
        done = arbiter(*argv, kill_at=point)
        if done.returncode != KILLED:
            assert point > 1, "the command should save at least once"
            return done
        after = stored(location) if _exists(location) else []
        assert [(p, type(e), e.originator_version) for p, e in after] == [
            (p, type(e), e.originator_version) for p, e in before
        ], f"ended at save {point}, the command left a partial log"
    raise AssertionError("the command never completed")


def _exists(location: str) -> bool:
    return location.startswith("postgresql://") or Path(location).exists()


def swiss(location: str, players: int = 8, *, rounds_paired: int = 2) -> Ledger:
    """A Dutch Swiss with round 1 played (every board won by the first side) and round 2 paired."""
    ledger, _ = open_ledger(location, "arbiter", create=True)
    ledger.create_tournament("Open", TournamentSettings.for_game(Game.CHESS, "dutch", 5, seed=SEED))
    ledger.register_players([PlayerDetails(f"Player {n}", rating=2400 - 10 * n) for n in range(1, players + 1)])
    ledger.pair_next_round()
    for board in range(1, players // 2 + 1):
        ledger.record_result(1, board, "1-0")
    if rounds_paired == 2:
        ledger.pair_next_round()
    return ledger


def test_correct_with_its_repeat_pairing_is_all_or_nothing(location: str) -> None:
    """`correct` records the correction and, confirmed, withdraws round 2's pairing and publishes the new
    one: ended after either save, nothing of it is in the log; run again, all of it is."""
    swiss(location).close()
    argv = ("correct", "1", "1", "0-1", "--reason", "scoresheets show Black won", "--yes", "--ledger", location)

    done = kill_at_every_save(location, *argv)

    assert done.returncode == exit_codes.OK, done.stderr
    kinds = [type(e) for _, e in stored(location)]
    assert kinds[-3:] == [Round.ResultCorrected, Round.PairingWithdrawn, Round.Paired]


def test_correct_ended_after_its_commit_keeps_everything_and_the_views_catch_up(location: str) -> None:
    """ARCHITECTURE.md: "Once committed, a command exits 0 even if a read model lags (it is rebuilt on
    the next read)": ended before the views are updated, the next read shows the correction."""
    swiss(location).close()
    argv = ("correct", "1", "1", "0-1", "--reason", "scoresheets", "--yes", "--command-id", "desk1-17")

    assert arbiter(*argv, "--ledger", location, kill_at=0).returncode == KILLED

    assert type(stored(location)[-1][1]) is Round.Paired
    shown = arbiter("pairings", "1", "--format", "json", "--ledger", location)
    assert shown.returncode == exit_codes.OK and '"0-1"' in shown.stdout
    again = arbiter(*argv, "--ledger", location)
    assert again.returncode == exit_codes.OK and "already recorded" in again.stderr


def _exported_trf(tmp_path: Path, location: str) -> Path:
    """A TRF of a 6-player round robin with two rounds played, written by `arbiter export-trf`."""
    ledger, _ = open_ledger(location, "arbiter", create=True)
    ledger.create_tournament("Club", TournamentSettings.for_game(Game.CHESS, "round-robin", 5, seed=SEED))
    ledger.register_players([PlayerDetails(f"Player {n}", rating=2000 - n) for n in range(1, 7)])
    for number in (1, 2):
        ledger.pair_next_round()
        for board, result in enumerate(("1-0", "1/2", "0-1"), start=1):
            ledger.record_result(number, board, result)
    ledger.close()
    trf = tmp_path / "club.trf"
    assert main(["export-trf", "-o", str(trf), "--ledger", location]) == exit_codes.OK
    return trf


def test_import_trf_is_all_or_nothing_and_can_be_run_again(tmp_path: Path, location: str) -> None:
    """A killed `import-trf` leaves no partial ledger (it used to leave one that verified, and refused
    the re-import); run again, it imports everything."""
    trf = _exported_trf(tmp_path, str(tmp_path / "source.ledger"))

    done = kill_at_every_save(location, "import-trf", str(trf), "--system", "round-robin", "--ledger", location)

    assert done.returncode == exit_codes.OK, done.stderr
    results = [e for _, e in stored(location) if isinstance(e, Round.ResultRecorded)]
    assert len(results) == 6


def test_import_tsh_is_all_or_nothing(tmp_path: Path, location: str) -> None:
    source = str(tmp_path / "source.ledger")
    ledger, _ = open_ledger(source, "director", create=True)
    ledger.create_tournament("Open", TournamentSettings.for_game(Game.SCRABBLE, "koth", 4, seed=SEED))
    ledger.register_players([PlayerDetails(name, rating=1800) for name in ("Ann", "Ben", "Cid", "Dan")])
    ledger.pair_next_round()
    ledger.record_result(1, 1, "412-380")
    ledger.record_result(1, 2, "350-401")
    ledger.close()
    tfile = tmp_path / "a.t"
    assert main(["export-tsh", "-o", str(tfile), "--ledger", source]) == exit_codes.OK

    done = kill_at_every_save(location, "import-tsh", str(tfile), "--rounds", "4", "--ledger", location)

    assert done.returncode == exit_codes.OK, done.stderr
    assert len([e for _, e in stored(location) if isinstance(e, Round.ResultRecorded)]) == 2


@pytest.mark.parametrize(
    "argv",
    [
        ("rollback", "--to-round", "0", "--reason", "wrong roster", "--yes"),
        ("unpair", "2", "--reason", "wrong result used", "--yes"),
        ("stage", "round-robin", "--rounds", "3", "--players", "1,2,3,4", "--reason", "final group", "--yes"),
    ],
    ids=["rollback", "unpair", "stage"],
)
def test_round_commands_are_all_or_nothing(location: str, argv: tuple[str, ...]) -> None:
    swiss(location, rounds_paired=1 if argv[0] == "stage" else 2).close()

    done = kill_at_every_save(location, *argv, "--ledger", location)

    assert done.returncode == exit_codes.OK, done.stderr


def test_import_roster_is_all_or_nothing(tmp_path: Path, location: str) -> None:
    swiss(location).close()
    roster = tmp_path / "late.csv"
    roster.write_text("name,rating\nLate One,1500\nLate Two,1400\n")

    done = kill_at_every_save(location, "import-roster", str(roster), "--ledger", location)

    assert done.returncode == exit_codes.OK, done.stderr
    names = [e.details["name"] for _, e in stored(location) if hasattr(e, "details")]
    assert names[-2:] == ["Late One", "Late Two"]
