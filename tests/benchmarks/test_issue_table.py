"""The table harness (benchmarks/issue_table.py): the peer's code path with a stand-in for
bbpPairings, and the scaling fit."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

from benchmarks.issue_table import ours, slope, write_history

HARNESS = Path(__file__).resolve().parents[2] / "benchmarks" / "issue_table.py"


def harness_with_a_stand_in_peer(tmp_path: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """The harness run with BBP_BIN a script running `arbiter-pair` (bbpPairings' command line)."""
    fake = tmp_path / "bbpPairings.exe"
    fake.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m pairing.cli "$@"\n', encoding="utf-8")
    fake.chmod(0o755)
    return subprocess.run(
        [sys.executable, str(HARNESS), *arguments],
        env=os.environ | {"BBP_BIN": str(fake)},
        capture_output=True,
        text=True,
        timeout=180,
        check=True,
    )


@pytest.mark.parametrize("exponent", [1.0, 2.6, 3.0])
def test_the_fit_recovers_the_exponent_of_a_power_law(exponent: float) -> None:
    points = [(n, 0.002 * n**exponent) for n in (500, 1_000, 2_000, 5_000, 9_999)]
    assert slope(points) == pytest.approx(exponent)


def test_a_dutch_row_runs_the_peer_on_the_same_file_and_prints_the_ratio(tmp_path: Path) -> None:
    """BBP_BIN here is a script running `arbiter-pair` (bbpPairings' command line): it must pair the
    file the harness wrote, and give the pairing `arbiter-pair` gave."""
    done = harness_with_a_stand_in_peer(tmp_path, "--rows", "dutch-100")
    assert "Dutch, 100 players, round 10" in done.stdout
    assert "bbpPairings:" in done.stdout
    assert "ratio peer/ours" in done.stdout
    assert "same pairing: yes" in done.stdout


def test_a_dutch_row_above_the_peers_limit_does_not_run_it(tmp_path: Path) -> None:
    """Issue #22, item 2: bbpPairings' time grows as players^3 (hours at 5,000), so a Dutch row above
    `--peer-up-to` players is measured without it, as the fit is."""
    done = harness_with_a_stand_in_peer(tmp_path, "--rows", "dutch-100", "--peer-up-to", "99")
    assert "Dutch, 100 players, round 10" in done.stdout
    assert "bbpPairings:" not in done.stdout


def test_a_pairing_row_times_the_arbiter_pair_process_and_reads_the_engines_share(tmp_path: Path) -> None:
    """docs/performance.md: the row is the cost of the process a user runs (`arbiter-pair --dutch FILE
    -p OUT`), start-up included; the engine's CPU seconds, written by that process, are a part of it."""
    trf = write_history(tmp_path, 30)
    run, engine_cpu = ours("dutch", trf)
    assert 0 < engine_cpu < run.cpu
    lines = trf.with_suffix(".ours").read_text(encoding="utf-8").splitlines()
    assert int(lines[0]) == 15 == len(lines) - 1  # 30 players: 15 boards, no bye


def test_the_fit_plots_ours_and_the_peer_up_to_its_limit_as_an_svg(tmp_path: Path) -> None:
    """Issue #22, item 2: a plot of time against players for ours and bbpPairings. The peer (a
    stand-in running `arbiter-pair`) is run only up to `--peer-up-to` players, and the SVG is a
    well-formed image with one line per series and one point per measured size."""
    svg = tmp_path / "plot.svg"
    sizes = ["--fit-sizes", "20", "30", "40", "--peer-up-to", "30"]
    done = harness_with_a_stand_in_peer(tmp_path, "--rows", "fit", *sizes, "--svg", str(svg))
    assert "Dutch scaling, ours: time ~ players^" in done.stdout
    assert "Dutch scaling, bbpPairings: time ~ players^" in done.stdout
    image = ElementTree.parse(svg).getroot()
    namespace = "{http://www.w3.org/2000/svg}"
    lines = [line.get("points", "").split() for line in image.findall(f"{namespace}polyline")]
    assert [len(points) for points in lines] == [3, 2]  # ours at 20, 30, 40; the peer at 20 and 30 only
    assert len(image.findall(f"{namespace}circle")) == 3 + 2
    labels = [text.text or "" for text in image.findall(f"{namespace}text")]
    assert {"ours", "bbpPairings", "20", "30", "40"} <= set(labels)
