"""Withdrawals through `arbiter export-trf` and `arbiter import-trf` (issue #23; docs/fide-mode.md, Q170): TRF
has no withdrawal record, and a withdrawn player's ``0000 - -`` in the round to pair reads as an absence from
that round alone, so the ledger's export states its withdrawn and expelled players in ``###`` lines (players
by start rank) that its import restores exactly; the ``001`` lines stay as other programs read them."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing.model import ByeKind
from tests.tui.cli_support import run, without_import_notice
from tests.tui.test_trf_import import _file_lines, _refused, _standings_checked, imported, state_of
from tests.tui.test_trf_io import pairs
from tui import exit_codes

NAMES = ("A", "B", "C", "D", "E", "F", "G", "H")
"""Eight players registered highest-rated first: each player's number is its start rank."""


def _source(tmp_path: Path, capsys: pytest.CaptureFixture[str], rounds: int = 5) -> str:
    """A Dutch Swiss of `NAMES` over `rounds` rounds, nothing paired yet; the ledger."""
    ledger = str(tmp_path / "source.ledger")
    new = ("new", "Open", "--game", "chess", "--system", "dutch", "--rounds", str(rounds), "--seed", "5")
    assert run(capsys, *new, "--ledger", ledger)[0] == exit_codes.OK
    for at, name in enumerate(NAMES):
        assert run(capsys, "register", name, "--rating", str(2200 - 10 * at), "--ledger", ledger)[0] == exit_codes.OK
    return ledger


def _play(capsys: pytest.CaptureFixture[str], ledger: str, round_number: int) -> None:
    """Pair the next round, `round_number`, and enter its results: White wins on odd boards, draws on even."""
    code, _, err = run(capsys, "pair", "--ledger", ledger)
    assert code == exit_codes.OK, err
    for board in range(1, len(pairs(ledger, round_number, capsys)) + 1):
        result = "1-0" if board % 2 else "1/2"
        assert run(capsys, "result", str(round_number), str(board), result, "--ledger", ledger)[0] == exit_codes.OK


def _do(capsys: pytest.CaptureFixture[str], ledger: str, *command: str) -> None:
    code, _, err = run(capsys, *command, "--ledger", ledger)
    assert code == exit_codes.OK, (command, err)


def _exported(capsys: pytest.CaptureFixture[str], ledger: str, path: Path) -> list[str]:
    assert run(capsys, "export-trf", "-o", str(path), "--ledger", ledger)[0] == exit_codes.OK
    return path.read_text(encoding="utf-8").splitlines()


def _withdrawals(ledger: str) -> dict[int, tuple[int | None, bool]]:
    """Player -> (first round out, expelled) in the ledger, every player."""
    return {number: (player.withdrawn_from, player.expelled) for number, player in state_of(ledger).players.items()}


def _round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str], source: str) -> tuple[str, list[str]]:
    """`source` exported, imported into a new ledger and exported again: the new ledger and the export, after
    checking that the ledger has the same withdrawals and exports the same file but for its own log's lines."""
    exported = _exported(capsys, source, tmp_path / "source.trf")
    second = str(tmp_path / "imported.ledger")
    code, _, err = run(capsys, "import-trf", str(tmp_path / "source.trf"), "--ledger", second)
    assert code == exit_codes.OK and "warning" not in without_import_notice(err, "source.trf"), err
    assert _withdrawals(second) == _withdrawals(source)
    assert _file_lines(_exported(capsys, second, tmp_path / "again.trf")) == _file_lines(exported)
    return second, exported


def test_q170_a_player_withdrawn_from_the_round_to_pair_is_withdrawn_after_the_round_trip(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q170: C withdraws after round 1, before round 2 is paired. The export writes ``0000 - -`` in the
    column of round 2 (so bbpPairings and JaVaFo leave C out) and the line ``### Withdrawn players, from
    round: 3=2``; the import gives C's withdrawal from round 2 back, and the imported ledger pairs rounds 2
    and 3 as the source does. Without the line (another program's file) the column reads as C's absence
    from round 2 alone, as before."""
    source = _source(tmp_path, capsys)
    _play(capsys, source, 1)
    _do(capsys, source, "withdraw", "3", "--reason", "ill")
    second, exported = _round_trip(tmp_path, capsys, source)
    assert "### Withdrawn players, from round: 3=2" in exported
    assert next(row for row in exported if row.startswith("001    3"))[101:] == "0000 - -"
    assert state_of(second).players[3].withdrawn_from == 2
    for round_number in (2, 3):
        for ledger in (source, second):
            _play(capsys, ledger, round_number)
        assert pairs(second, round_number, capsys) == pairs(source, round_number, capsys)
        assert 3 not in {player for board in pairs(second, round_number, capsys) for player in board}
    other = tmp_path / "other"
    other.mkdir()
    without = other / "without.trf"
    without.write_text("\n".join(row for row in exported if not row.startswith("### Withdrawn")) + "\n")
    absent, _ = imported(other, capsys, without)
    assert state_of(absent).players[3].withdrawn_from is None
    assert state_of(absent).requested_byes == {2: {3: ByeKind.ZERO_POINT}}


WITHDRAW = ("withdraw", "3", "--reason", "ill")
PLAY = ("play",)
SCENARIOS = {
    "withdrawn from a played round": ([WITHDRAW, PLAY], "### Withdrawn players, from round: 3=2"),
    "withdrawn from a later round": ([("withdraw", "3", "--from-round", "3", "--reason", "leaves")], "3=3"),
    "expelled": ([("expel", "5", "--reason", "fair play"), PLAY], "### Expelled players, from round: 5=2"),
    "re-entered": (
        [WITHDRAW, PLAY, ("reenter", "3", "--reason", "better"), ("bye", "6", "--kind", "half")],
        "### Withdrawn players, from round: none",
    ),
    "late entry": ([("register", "Late", "--rating", "1000"), ("bye", "6", "--kind", "half")], "none"),
    "withdrawn in the last round": ([PLAY, ("withdraw", "2", "--reason", "train"), PLAY], "2=3"),
}
"""What the arbiter does after round 1 of `_source` (3 rounds; `PLAY`: the next round paired and played), and
a line the export has. A re-entered player and a late entry are not paired in a played round and their lines
stop there while another player asks for a bye in the round to pair: read alone, the ``001`` lines would say
they withdrew."""


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_q170_withdrawals_expulsions_and_reentries_survive_the_round_trip(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], scenario: str
) -> None:
    """Q170, Q197: withdrawals from a played round, from a later round, expulsions, a re-entered player, a late
    entry and a withdrawal in a finished tournament come back as they were (every player's first round out and
    expulsion); the re-export is the export, and the imported ledger pairs the next round as the source."""
    commands, says = SCENARIOS[scenario]
    source = _source(tmp_path, capsys, rounds=3)
    _play(capsys, source, 1)
    played = 1
    for command in commands:
        if command == PLAY:
            played += 1
            _play(capsys, source, played)
        else:
            _do(capsys, source, *command)
    second, exported = _round_trip(tmp_path, capsys, source)
    assert any(row.startswith("### ") and row.endswith(says) for row in exported), exported
    if played < 3:
        for ledger in (source, second):
            _do(capsys, ledger, "pair")
        assert pairs(second, played + 1, capsys) == pairs(source, played + 1, capsys)


ACTIONS = st.lists(
    st.tuples(st.sampled_from(["withdraw", "expel", "reenter"]), st.integers(1, 6), st.integers(0, 2)),
    max_size=4,
)
"""Between rounds: (what, the player, how many rounds after the next the withdrawal starts)."""
Action = tuple[str, int, int]


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(st.lists(ACTIONS, min_size=1, max_size=3))
def test_q170_any_sequence_of_withdrawals_and_reentries_survives_the_round_trip(
    tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str], rounds: list[list[Action]]
) -> None:
    """Q170, Q197: withdrawals (from the next round or a later one), expulsions and re-entries made between
    the rounds of a Swiss of eight, in any order the ledger takes (one it refuses is left out): exported after
    the last, imported and exported again, the ledger has the same withdrawals and the file is the same, and
    the next round pairs as in the source (or is refused in both)."""
    folder = tmp_path_factory.mktemp("sequence")
    source = _source(folder, capsys, rounds=len(rounds) + 2)
    for round_number, actions in enumerate(rounds, start=1):
        _play(capsys, source, round_number)
        for what, player, later in actions:
            start = ("--from-round", str(round_number + 1 + later)) if what != "reenter" else ()
            run(capsys, what, str(player), *start, "--reason", "sequence", "--ledger", source)
    second, _ = _round_trip(folder, capsys, source)
    paired = [run(capsys, "pair", "--ledger", ledger)[0] for ledger in (source, second)]
    assert paired[0] == paired[1]
    if paired[0] == exit_codes.OK:
        assert pairs(second, len(rounds) + 1, capsys) == pairs(source, len(rounds) + 1, capsys)


def _two_rounds_and_a_withdrawal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """`_source` after two rounds, C withdrawn from round 3 (the round to pair); its TRF."""
    source = _source(tmp_path, capsys)
    _play(capsys, source, 1)
    _play(capsys, source, 2)
    _do(capsys, source, "withdraw", "3", "--reason", "ill")
    out = tmp_path / "source.trf"
    _exported(capsys, source, out)
    return out


WITHDRAWAL_LINE = "### Withdrawn players, from round: 3=3"


@pytest.mark.parametrize(
    ("entry", "says"),
    [
        ("Withdrawn players, from round: 3=x", "cannot read '### Withdrawn players, from round: 3=x'"),
        ("Expelled players, from round: 3", "players withdrawn or expelled '### Withdrawn players, from round: 7=3"),
        ("Withdrawn players, from round: 9=3", "start rank 9 has no 001 line"),
        ("Withdrawn players, from round: 3=3 3=4", "start rank 3 is withdrawn twice"),
        ("Withdrawn players, from round: 3=6", "round 6 is outside the tournament's rounds 1..5"),
        ("Withdrawn players, from round: 3=0", "round 0 is outside the tournament's rounds 1..5"),
        ("Withdrawn players, from round: 3=1", "from round 1 but paired in round 2 (line 12, columns 102-109)"),
    ],
)
def test_q170_a_bad_withdrawal_line_is_refused_naming_it_and_nothing_is_imported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], entry: str, says: str
) -> None:
    """Q170: a withdrawal line that cannot be read, names a start rank without a 001 line or a player twice,
    a round outside the tournament, or a player its 001 line shows paired after the first round out, refuses
    the import (exit 4) naming the line; no ledger is left."""
    trf = _two_rounds_and_a_withdrawal(tmp_path, capsys)
    _refused(tmp_path, capsys, trf, WITHDRAWAL_LINE, entry, exit_codes.BAD_INPUT, says)


def test_q198_the_checker_reads_the_withdrawal_lines_and_leaves_the_expelled_out_of_the_standings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q198: `arbiter-pair -c` reads a file with withdrawal lines: its rounds are as the checker pairs them,
    and the expelled player, whom the ledger's standings (and the file's rank column) leave out, is left out
    of the standings it checks, the player's games counting for the opponents."""
    source = _source(tmp_path, capsys, rounds=3)
    _play(capsys, source, 1)
    _do(capsys, source, "expel", "1", "--reason", "fair play")
    _play(capsys, source, 2)
    _do(capsys, source, "withdraw", "4", "--reason", "ill")
    trf = tmp_path / "source.trf"
    exported = _exported(capsys, source, trf)
    assert "### Withdrawn players, from round: 4=3" in exported and "### Expelled players, from round: 1=2" in exported
    checked = _standings_checked(capsys, trf)
    assert "rounds that differ: none" in checked and "do not follow the tie-breaks: none" in checked
