"""`arbiter-pair --dubov` and `--burstein`: the same output format
and exit codes as `--dutch`."""

from __future__ import annotations

from pathlib import Path

import pytest

from pairing.cli import main
from pairing.trf import parse
from tests.conftest import DUTCH_REFERENCE as REFERENCE
from tests.conftest import require_shared


@pytest.mark.parametrize("system", ["--dubov", "--burstein"])
def test_the_system_pairs_a_trf_validly(system: str, tmp_path: Path) -> None:
    """C1 (no rematch) and every player once, on a played-out reference history with 2 rounds to go."""
    require_shared(REFERENCE)
    source = tmp_path / "t.trf"
    source.write_text((REFERENCE / "clean-p012-r07-s123.trf").read_text() + "XXR 9\n")
    out = tmp_path / "pairs.txt"
    assert main([system, str(source), "-p", str(out)]) == 0
    lines = out.read_text().split("\n")
    count, boards = int(lines[0]), [tuple(map(int, line.split())) for line in lines[1:] if line]
    assert count == len(boards) == 6
    seated = [n for board in boards for n in board]
    assert sorted(seated) == list(range(1, 13))
    met = {
        frozenset((p.start_rank, r.opponent)) for p in parse(source.read_text()).players for r in p.rounds if r.opponent
    }
    assert not [b for b in boards if frozenset(b) in met]


def test_dubov_refuses_a_file_without_rounds_with_exit_3(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text("012 x\n001    1      A                                 2000                             0.0    1\n")
    assert main(["--dubov", str(bad), "-p"]) == 3
