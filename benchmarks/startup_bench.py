"""Start-up of the `arbiter` and `arbiter-pair` commands: wall time of each in a fresh process.

    python benchmarks/startup_bench.py [--runs 7] [--players 100] [--bin OTHER/.venv/bin] [--ledger-dir /tmp]

A 100-player Dutch Swiss is run once through the command service (rounds 1-5 played and sealed,
round 6 paired with half its results missing), and a 100-player TRF with 9 rounds played is
written. Then each command is run `--runs` times as a new process of the installed console script
(the `arbiter` beside this Python, else the one on PATH), and the median wall time is printed:
`arbiter --help`, `standings`, `pairings`, `log`, `result` (on a fresh copy of the ledger each run,
so every run records the same missing result) and `arbiter-pair --dutch FILE -p`; and the median CPU
time (user + system) of the process, which a loaded machine inflates less than the wall time.
Targets (docs/performance.md, "Start-up"): 150 ms for a read, 250 ms for a result.
"""

from __future__ import annotations

import argparse
import compileall
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

from pairing_bench import tournament  # noqa: E402

from ledger.application import PlayerDetails  # noqa: E402
from ledger.results import Game  # noqa: E402
from ledger.settings import TournamentSettings  # noqa: E402
from pairing.trf import format as trf_format  # noqa: E402
from tui.wiring import open_ledger  # noqa: E402

PACKAGES = ("ledger", "projections", "pairing", "tui")
RESULTS = ("1-0", "1/2", "0-1")
LEDGER_FILES = ("", "-wal", "-shm", ".views", ".views-wal", ".views-shm")
"""The ledger file and its companions (WAL, shared memory, read models), copied together."""


def build_ledger(path: Path, players: int, seed: int = 1) -> tuple[int, int]:
    """A Dutch Swiss of `players`: five rounds played and sealed, round 6 half played. Returns the
    round and a board of round 6 without a result."""
    ledger, views = open_ledger(str(path), "bench", create=True)
    ledger.create_tournament("Start-up bench", TournamentSettings.for_game(Game.CHESS, "dutch", 9))
    ledger.register_players([PlayerDetails(f"Player {n}", rating=2700 - 10 * n) for n in range(1, players + 1)])
    rng = random.Random(seed)
    for number in range(1, 7):
        pairing = ledger.pair_next_round()
        boards = len(pairing.boards)
        for board in range(1, boards + 1 if number < 6 else boards // 2 + 1):
            ledger.record_result(pairing.round, board, rng.choice(RESULTS))
        if number < 6:
            ledger.seal_round(pairing.round)
    views.catch_up()
    views.close()
    ledger.close()
    return 6, boards


def copy_ledger(source: Path, target: Path) -> None:
    for suffix in LEDGER_FILES:
        if Path(f"{source}{suffix}").exists():
            shutil.copyfile(f"{source}{suffix}", f"{target}{suffix}")


def console_script(name: str, folder: str | None) -> str:
    beside = Path(folder or Path(sys.executable).parent) / name
    found = str(beside) if beside.exists() else shutil.which(name)
    if found is None:
        raise SystemExit(f"startup_bench: no `{name}` installed (pip install -e . first)")
    return found


def nothing() -> None:
    """No preparation: a read changes nothing."""


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def median_times(command: list[str], runs: int, before: Callable[[], None]) -> tuple[float, float]:
    """The median wall time and CPU time (user + system) of `command` in a fresh process; `before` runs
    untimed before each run. On a shared machine the CPU time tells load from start-up cost."""
    walls, cpus = [], []
    for _ in range(runs):
        before()
        cpu, started = children_cpu(), time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        walls.append(time.perf_counter() - started)
        cpus.append(children_cpu() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each command (the median is printed)")
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--bin", help="folder of the console scripts to time, e.g. another checkout's .venv/bin")
    parser.add_argument("--ledger-dir", default=None, help="where to write the files (default: a temporary folder)")
    args = parser.parse_args()
    for package in PACKAGES:
        compileall.compile_dir(HERE.parent / package, quiet=1)
    arbiter, arbiter_pair = (console_script(name, args.bin) for name in ("arbiter", "arbiter-pair"))
    with tempfile.TemporaryDirectory(dir=args.ledger_dir) as folder:
        built, scratch, trf = (Path(folder) / name for name in ("built.ledger", "scratch.ledger", "bench.trf"))
        round_number, board = build_ledger(built, args.players)
        trf.write_text(trf_format(tournament(args.players, seed=1)), encoding="utf-8", newline="")
        ledger = ["--ledger", str(built)]

        def fresh_copy() -> None:
            copy_ledger(built, scratch)

        commands: list[tuple[str, list[str], Callable[[], None]]] = [
            ("arbiter --help", [arbiter, "--help"], nothing),
            ("arbiter standings", [arbiter, "standings", *ledger], nothing),
            ("arbiter pairings", [arbiter, "pairings", *ledger], nothing),
            ("arbiter log", [arbiter, "log", *ledger], nothing),
            (
                "arbiter result",
                [arbiter, "result", str(round_number), str(board), "1-0", "--ledger", str(scratch)],
                fresh_copy,
            ),
            ("arbiter-pair --dutch", [arbiter_pair, "--dutch", str(trf), "-p", str(Path(folder) / "out.txt")], nothing),
        ]
        print(f"{args.players} players, median of {args.runs} runs of a fresh process: wall time, CPU time")
        for label, command, before in commands:
            wall, cpu = median_times(command, args.runs, before)
            print(f"  {label:22s} {wall * 1000:7.0f} ms  {cpu * 1000:7.0f} ms CPU", flush=True)


if __name__ == "__main__":
    main()
