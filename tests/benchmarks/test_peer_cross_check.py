"""The cross-check harness of docs/fide-mode.md's Q33-39 (benchmarks/peer_cross_check.py): with a peer
that pairs as our Dutch engine does (a stand-in running `arbiter-pair`, which takes bbpPairings'
command line), every generated tournament passes both checkers and the rounds are counted; with a peer
that pairs otherwise, each tournament it checks or generates is a difference, kept for study."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HARNESS = Path(__file__).resolve().parents[2] / "benchmarks" / "peer_cross_check.py"
ROOT = HARNESS.parents[1]


def _peer(tmp_path: Path, body: str) -> Path:
    peer = tmp_path / "bbpPairings.exe"
    peer.write_text(f"#!/bin/sh\n{body}\n", encoding="utf-8")
    peer.chmod(0o755)
    return peer


def _cross_check(peer: Path, keep: Path) -> str:
    done = subprocess.run(
        [sys.executable, str(HARNESS), "--peer", str(peer), "--tournaments", "2", "--keep", str(keep)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return done.stdout


def test_q033_a_peer_that_pairs_the_same_finds_no_difference_either_way(tmp_path: Path) -> None:
    out = _cross_check(_peer(tmp_path, f'exec "{sys.executable}" -m tui.pair "$@"'), tmp_path / "kept")
    assert "ours generated, the peer checked: 2 tournaments" in out
    assert "the peer generated, ours checked: 2 tournaments" in out
    assert out.count(" 0 tournaments with a difference") == 2
    assert " 0 rounds" not in out, out
    assert list((tmp_path / "kept").iterdir()) == []


def test_q033_a_peer_whose_checker_reports_a_round_is_a_difference(tmp_path: Path) -> None:
    """A peer whose `-c` reports something besides its round headings, and whose generator writes
    nothing: every tournament ours generates is a difference, kept, and the peer made none to check."""
    reporting = 'case " $* " in *" -c "*) echo "x: Round #1"; echo "  1 -  2    1 -  3";; esac; exit 0'
    out = _cross_check(_peer(tmp_path, reporting), tmp_path / "kept")
    assert "ours generated, the peer checked: 2 tournaments" in out and "2 tournaments with a difference" in out
    assert "the peer generated, ours checked: 0 tournaments" in out and "(2 the generator could not make)" in out
    assert sorted(path.name for path in (tmp_path / "kept").iterdir()) == ["ours-1.trf", "ours-2.trf"]
