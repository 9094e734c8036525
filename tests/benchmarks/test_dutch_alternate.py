"""The alternating harness (benchmarks/dutch_alternate.py): both checkouts pair the same file and the
outputs are compared byte for byte."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HARNESS = Path(__file__).resolve().parents[2] / "benchmarks" / "dutch_alternate.py"


def test_the_same_checkout_twice_gives_the_same_file(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(HARNESS), "--code", str(HARNESS.parents[1]), "--sizes", "30", "--runs", "1"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "30 players: other" in done.stdout
    assert "same file: yes" in done.stdout
