"""Real tournament reports from other programs (tests/data/README.md gives each file's origin and
licence): each imports with every player's points equal to the file's points column (TRF16 cols
81-84), exports to player lines with the same ratings, points and rounds, and that export is a fixed
point (import then export gives the same records); where bbpPairings' output for the next round is
stored, the imported ledger pairs it the same."""

from __future__ import annotations

import os
import re
from decimal import Decimal
from pathlib import Path

import pytest

from pairing.trf import format, parse
from pairing.trf.document import Colour, ResultCode
from tests.tui.cli_support import run
from tests.tui.test_trf_io import pairs
from tui import exit_codes
from tui.cli.trf_ledger import played_rounds

DATA = Path(__file__).resolve().parents[1] / "data"
SLOW = os.environ.get("ARBITER_SLOW_TESTS") == "1"
LARGE = pytest.mark.skipif(not SLOW, reason="about 1,000 games imported twice: set ARBITER_SLOW_TESTS=1")
CORPUS = [
    DATA / "trf" / "lichess-2020-06.trf",
    DATA / "trf" / "lichess-2021-03.trf",
    pytest.param(DATA / "trf" / "karl-mala-2005.trf", marks=LARGE),
    DATA / "bbp" / "dutch_2025_C5.input",
    DATA / "bbp" / "dutch_2025_C9.input",
    DATA / "bbp" / "issue_7.input",
    pytest.param(DATA / "bbp" / "issue_15.input", marks=LARGE),
    DATA / "competichess" / "gros-2010.trf",
    DATA / "competichess" / "lichess-2020-05.trf",
]


def meaning(path: Path) -> dict[int, tuple[int, str, tuple[tuple[int, str, str], ...]]]:
    """Start rank -> (rating, points, rounds) as TRF16 defines them: a blank colour is ``-``, a blank
    result against 0000 is ``Z`` (``+`` the PAB), a line that stops early was not paired in the later rounds. A
    forfeit's colour is left out: TRF16 asks for the scheduled colour, which older files do not write
    and the export always does."""
    players = parse(path.read_text(encoding="utf-8")).players
    meanings = {}
    for p in players:
        rounds = [_entry(e.opponent, e.colour, e.result) for e in p.rounds]
        while rounds and rounds[-1] == (0, "-", "-"):
            rounds.pop()
        meanings[p.start_rank] = (p.rating, f"{p.points}", tuple(rounds))
    return meanings


def _entry(opponent: int, colour: Colour, result: ResultCode) -> tuple[int, str, str]:
    if opponent == 0 and result is ResultCode.NO_RESULT:
        result = ResultCode.ZERO_POINT_BYE
    if opponent == 0 and result is ResultCode.FORFEIT_WIN:
        result = ResultCode.PAIRING_ALLOCATED_BYE  # the older spelling of the PAB
    if opponent != 0 and result in (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS):
        colour = Colour.NONE
    return opponent, colour.value, result.value


REAL_FILES = sorted(path for path in DATA.glob("*/*") if path.suffix in (".trf", ".input"))


@pytest.mark.parametrize("source", REAL_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_real_file_is_read_as_written_and_written_back_to_the_same_records(source: Path) -> None:
    """C.04 Annex 2 (TRF16) fixed columns: each real file reads to records that its written text
    reads back to unchanged (docs/trf.md lists what the text may lose: trailing blanks, a rating
    written `0`, a field not at its columns)."""
    document = parse(source.read_text(encoding="utf-8"))
    assert parse(format(document)) == document


@pytest.mark.parametrize("source", CORPUS, ids=lambda p: Path(p).name)
def test_real_file_imports_with_its_points_and_exports_the_same_rounds(
    source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ledger = str(tmp_path / "in.ledger")
    code, _, err = run(capsys, "import-trf", str(source), "--ledger", ledger)
    assert code == exit_codes.OK, err
    assert "points column" not in err, err
    first = tmp_path / "first.trf"
    assert run(capsys, "export-trf", "-o", str(first), "--ledger", ledger)[0] == exit_codes.OK
    assert meaning(first) == meaning(source)
    again = str(tmp_path / "again.ledger")
    assert run(capsys, "import-trf", str(first), "--ledger", again)[0] == exit_codes.OK
    second = tmp_path / "second.trf"
    assert run(capsys, "export-trf", "-o", str(second), "--ledger", again)[0] == exit_codes.OK
    assert records(first) == records(second)


@pytest.mark.parametrize("name", ["dutch_2025_C5", "dutch_2025_C9", "issue_7"])
def test_imported_bbp_file_pairs_the_next_round_as_bbp(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """C.04.3 (Dutch 2025): the next `arbiter pair` of the imported file gives bbpPairings' stored
    output (boards White first, in bbp's order; the bye as `id 0`)."""
    ledger = str(tmp_path / "in.ledger")
    assert run(capsys, "import-trf", str(DATA / "bbp" / f"{name}.input"), "--ledger", ledger)[0] == exit_codes.OK
    code, _, err = run(capsys, "pair", "--ledger", ledger)
    assert code == exit_codes.OK, err
    expected = (DATA / "bbp" / f"{name}.output.expected").read_text().split()
    boards = [(int(expected[i]), int(expected[i + 1])) for i in range(1, len(expected), 2) if expected[i + 1] != "0"]
    played = parse((DATA / "bbp" / f"{name}.input").read_text()).rounds_played
    next_round = played + 1 if name != "dutch_2025_C5" else played
    assert pairs(ledger, next_round, capsys) == boards


@pytest.mark.parametrize(
    ("name", "same_board_order"),
    [pytest.param("gros-2010", False, id="gros-2010"), pytest.param("lichess-2020-05", True, id="lichess-2020-05")],
)
def test_imported_real_file_pairs_the_next_round_as_bbp(
    name: str, same_board_order: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """C.04.3 (Dutch 2025): the next `arbiter pair` of a real file another program wrote gives the pairs
    bbpPairings gives from the same file (its output stored beside the file, tests/data/README.md), each
    board with the same colours. The boards' order follows C.04.2 Art. 3.6 (docs/fide-mode.md, Q187-188):
    with acceleration the scores that order them include the virtual points (gros-2010's `XXA` lines),
    which bbp leaves out, so there only the set of boards is compared."""
    source = DATA / "competichess" / f"{name}.trf"
    ledger = str(tmp_path / "in.ledger")
    code, _, err = run(capsys, "import-trf", str(source), "--ledger", ledger, "--yes")
    assert code == exit_codes.OK, err
    code, _, err = run(capsys, "pair", "--ledger", ledger)
    assert code == exit_codes.OK, err
    expected = (DATA / "competichess" / f"{name}.bbp-next-round.txt").read_text().split()
    boards = [(int(expected[i]), int(expected[i + 1])) for i in range(1, len(expected), 2) if expected[i + 1] != "0"]
    ours = pairs(ledger, played_rounds(parse(source.read_text(encoding="utf-8"))) + 1, capsys)
    assert (ours if same_board_order else sorted(ours)) == (boards if same_board_order else sorted(boards))


TRF16_POINTS = {"1": "1.0", "+": "1.0", "W": "1.0", "F": "1.0", "U": "1.0", "=": "0.5", "D": "0.5", "H": "0.5"}
"""C.04 Annex 2 (TRF16), cols 92ff "Result": the points each result code scores (every other code scores 0)."""


def test_swiss_manager_team_file_imports_its_rounds_and_names_the_players_its_column_contradicts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """heltour/crete-team-2025.trf, a Swiss-Manager team tournament report, counts in the points
    column (TRF16 cols 81-84) a point that no round shows (a board left empty by the other team is
    written `0000 - -`, and Swiss-Manager scores it as won). The import keeps the rounds as written and
    warns for exactly the players whose column contradicts the sum of their rounds (summed here with
    TRF16's result codes); a FIDE number written `0` is no FIDE number (five players share it); the
    export writes each player's rounds and their sum, and is a fixed point."""
    source = DATA / "heltour" / "crete-team-2025.trf"
    expected = meaning(source)
    contradicted = set()
    for rank, (rating, points, rounds) in expected.items():
        total = sum((Decimal(TRF16_POINTS.get(result, "0")) for _, _, result in rounds), Decimal("0.0"))
        if Decimal(points) != total:
            contradicted.add(rank)
            expected[rank] = (rating, f"{total}", rounds)
    assert contradicted
    ledger = str(tmp_path / "in.ledger")
    code, _, err = run(capsys, "import-trf", str(source), "--ledger", ledger)
    assert code == exit_codes.OK, err
    warned = {int(n) for n in re.findall(r"warning: player (\d+) .*the file contradicts itself", err)}
    assert warned == contradicted, err
    first = tmp_path / "first.trf"
    assert run(capsys, "export-trf", "-o", str(first), "--ledger", ledger)[0] == exit_codes.OK
    assert meaning(first) == expected
    again = str(tmp_path / "again.ledger")
    code, _, err = run(capsys, "import-trf", str(first), "--ledger", again)
    assert code == exit_codes.OK and "points column" not in err, err
    second = tmp_path / "second.trf"
    assert run(capsys, "export-trf", "-o", str(second), "--ledger", again)[0] == exit_codes.OK
    assert records(first) == records(second)


def records(path: Path) -> list[str]:
    """The lines of an export without its `###` change lines (which name the file imported)."""
    return [line for line in path.read_text().splitlines() if not line.startswith("###")]
