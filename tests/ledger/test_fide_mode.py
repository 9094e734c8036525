"""FIDE mode and its warning levels (docs/fide-mode.md, checklist Q40-46): on by default for the FIDE Swiss
systems, left only through a level 4 warning, recorded with its round in the log and the TRF, and never
entered again. Run on SQLite and PostgreSQL through the command service, and through the CLI."""

from __future__ import annotations

import os
import pty
import sys
from pathlib import Path

import pytest

from ledger.application import Ledger
from ledger.errors import ConfirmationNeeded, InvalidInput, RuleViolation
from ledger.fide_mode import Breach, Level
from ledger.results import Game
from ledger.settings import TournamentSettings
from tests.ledger.conftest import OpenDesk
from tests.ledger.conftest import arbiter as _arbiter
from tests.ledger.conftest import fold_of as _state
from tui import exit_codes

ROOT = Path(__file__).resolve().parents[2]


def _swiss(open_desk: OpenDesk, location: str) -> Ledger:
    ledger = open_desk(location)
    ledger.create_tournament("Open", TournamentSettings.for_game(Game.CHESS, "dutch", 5, seed=7))
    return ledger


@pytest.mark.parametrize("system", ["dutch", "dubov", "burstein"])
def test_q040_fide_mode_is_on_by_default_for_the_fide_swiss_systems(system: str) -> None:
    """Q40: a per-tournament flag, on by default for the FIDE Swiss systems; a round robin opts in; other
    games have none."""
    assert TournamentSettings.for_game(Game.CHESS, system, 9).fide_mode
    assert not TournamentSettings.for_game(Game.CHESS, system, 9, fide_mode=False).fide_mode
    assert not TournamentSettings.for_game(Game.CHESS, "round-robin", 9).fide_mode
    assert TournamentSettings.for_game(Game.CHESS, "round-robin", 9, fide_mode=True).fide_mode
    with pytest.raises(InvalidInput, match="FIDE mode is for chess"):
        TournamentSettings.for_game(Game.BACKGAMMON, "round-robin", 5, fide_mode=True)


def test_q040_the_flag_is_kept_in_the_log(open_desk: OpenDesk, location: str) -> None:
    """Q40: the flag is stored with the tournament (a ledger reopened elsewhere reads it back)."""
    ledger = _swiss(open_desk, location)
    assert _state(open_desk(location)).in_fide_mode
    assert ledger.tournament().in_fide_mode


def test_q043_leaving_fide_mode_is_a_level_4_warning(open_desk: OpenDesk, location: str) -> None:
    """Q43: leaving FIDE mode asks twice (level 4) with the consequence stated; unconfirmed, nothing is
    appended."""
    ledger = _swiss(open_desk, location)
    before = ledger.position()
    with pytest.raises(ConfirmationNeeded) as refused:
        ledger.leave_fide_mode("the organiser's regulations differ")
    assert refused.value.caution.level is Level.CONFIRM_TWICE
    assert "can never be entered again" in str(refused.value)
    assert ledger.position() == before
    with ledger.command(confirmed=True):
        ledger.leave_fide_mode("the organiser's regulations differ")
    state = _state(ledger)
    assert not state.in_fide_mode
    assert [(c.level, c.breach) for _, c in state.cautions] == [(Level.CONFIRM_TWICE, Breach.FIDE_MODE_LEFT)]


def test_q044_leaving_fide_mode_is_a_trf_line_with_the_round(open_desk: OpenDesk, sqlite_location: str) -> None:
    """Q44: the TRF export records leaving FIDE mode with the round it was left after, as a `###` line."""
    from pairing.trf.writer import format as trf_format
    from tui.cli.trf_ledger import to_document

    ledger = _swiss(open_desk, sqlite_location)
    with ledger.command(confirmed=True):
        ledger.leave_fide_mode("regulations")
    lines = trf_format(to_document(_state(ledger), 0, [])).splitlines()
    assert "### FIDE mode left @ Round 0: leave FIDE mode after round 0" in lines


def test_q045_fide_mode_cannot_be_entered_again(open_desk: OpenDesk, location: str) -> None:
    """Q45: once left, FIDE mode is not re-entered: leaving again is refused, and a created-outside
    tournament has no way in."""
    ledger = _swiss(open_desk, location)
    with ledger.command(confirmed=True):
        ledger.leave_fide_mode("regulations")
    with pytest.raises(RuleViolation, match="cannot be re-entered"), ledger.command(confirmed=True):
        ledger.leave_fide_mode("again")
    assert not _state(ledger).in_fide_mode


NEW_SWISS = ("new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "5")


def test_q043_the_cli_refuses_without_yes_and_states_the_consequence(tmp_path: Path) -> None:
    """Q43 through the CLI: without a terminal and without --yes the warning refuses (exit 3, nothing
    appended); with --yes it is recorded and the log says so."""
    assert (
        _arbiter("new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "5", cwd=tmp_path).returncode == 0
    )
    refused = _arbiter("leave-fide-mode", "--reason", "regulations", cwd=tmp_path)
    assert refused.returncode == exit_codes.REFUSED
    assert "warning (level 4, Q43)" in refused.stderr
    assert "can never be entered again" in refused.stderr
    assert "add --yes" in refused.stderr
    assert "FIDE mode left" not in _arbiter("log", cwd=tmp_path).stdout
    done = _arbiter("leave-fide-mode", "--reason", "regulations", "--yes", cwd=tmp_path)
    assert done.returncode == exit_codes.OK, done.stderr
    assert "FIDE mode left after round 0" in _arbiter("log", cwd=tmp_path).stdout


def _answered(answers: list[str], *argv: str, cwd: Path) -> tuple[int, str]:
    """Run `arbiter` on a terminal (a pseudo-terminal), answering its questions in turn."""
    pid, terminal = pty.fork()
    if pid == 0:
        os.chdir(cwd)
        os.environ["PYTHONPATH"] = str(ROOT)
        os.execv(sys.executable, [sys.executable, "-m", "tui.cli.main", *argv])
    seen = b""
    pending = list(answers)
    while True:
        try:
            chunk = os.read(terminal, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
        if pending and seen.rstrip().endswith(b"[y/N]"):
            os.write(terminal, pending.pop(0).encode() + b"\n")
            seen += b"\n"
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), seen.decode(errors="replace")


@pytest.mark.parametrize(("answers", "left"), [(["y", "y"], True), (["y", "n"], False), (["n"], False)])
def test_q043_at_a_terminal_level_4_asks_twice(tmp_path: Path, answers: list[str], left: bool) -> None:
    """Q43 at a terminal: the arbiter is asked, then asked again with the consequence shown; a "no" at
    either question leaves the tournament in FIDE mode with nothing appended."""
    assert (
        _arbiter("new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "5", cwd=tmp_path).returncode == 0
    )
    code, seen = _answered(answers, "leave-fide-mode", "--reason", "regulations", cwd=tmp_path)
    assert seen.count("[y/N]") == len(answers)
    if len(answers) == 2:
        assert "can never be entered again" in seen
    assert code == (exit_codes.OK if left else exit_codes.REFUSED)
    assert ("FIDE mode left" in _arbiter("log", cwd=tmp_path).stdout) is left


END_OF_INPUT = "\x04"
"""Ctrl-D typed at a question: the terminal ends the input (`input` raises EOFError)."""


@pytest.mark.parametrize(
    ("answers", "argv"),
    [
        ([END_OF_INPUT], ("leave-fide-mode", "--reason", "regulations")),
        (["y", END_OF_INPUT], ("leave-fide-mode", "--reason", "regulations")),
        ([END_OF_INPUT], ("unpair", "1", "--reason", "wrong roster")),
    ],
    ids=["the first question", "the second question", "a command's own question"],
)
def test_q043_the_end_of_input_at_a_question_is_a_no_without_a_traceback(
    tmp_path: Path, answers: list[str], argv: tuple[str, ...]
) -> None:
    """Q43 at a terminal: Ctrl-D at a warning's question (the first or the second of level 4) or at a
    command's own question (`unpair`'s) is a "no": the command stops with exit 3 and nothing appended, no
    traceback (exit 1 would say the chain is broken)."""
    assert _arbiter(*NEW_SWISS, cwd=tmp_path).returncode == 0
    for name in ("Ann", "Bob"):
        assert _arbiter("register", name, cwd=tmp_path).returncode == 0
    assert _arbiter("pair", cwd=tmp_path).returncode == 0
    before = _arbiter("log", "--format", "json", cwd=tmp_path).stdout
    code, seen = _answered(answers, *argv, cwd=tmp_path)
    assert "Traceback" not in seen
    assert seen.count("[y/N]") == len(answers)
    assert code == exit_codes.REFUSED, seen
    assert _arbiter("log", "--format", "json", cwd=tmp_path).stdout == before
