"""Read-model figures: the full rebuild from the log, and the update after one result.

    python benchmarks/projection_bench.py
    python benchmarks/projection_bench.py --events 100000 --players 1000 --repeats 30

1. A log of about `--events` events (a round robin written as in ledger_bench.py); every read-model
   table is rebuilt from it (`ReadModels.rebuild`).
2. A 1,000-player tournament with 9 rounds played and round 10 half without results: a result is
   entered (`Ledger.record_result`), then the read models are brought up to date (`catch_up`:
   fold, history, colours and standings with tie-breaks rewritten). Both are timed per result.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ledger_bench import build, percentiles, shape

from tui.wiring import open_ledger


def rebuild(folder: Path, events: int) -> None:
    path = folder / "rebuild.ledger"
    build(path, *shape(events))
    ledger, views = open_ledger(str(path), "bench")
    started = time.perf_counter()
    views.rebuild()
    print(
        f"full rebuild of every read-model table from {ledger.position():,} events: "
        f"{time.perf_counter() - started:.2f} s"
    )


def update_after_result(folder: Path, players: int, repeats: int) -> None:
    path = folder / "update.ledger"
    build(path, players, 10)
    ledger, views = open_ledger(str(path), "bench")
    views.catch_up()
    missing = ledger.round(10).missing_results
    commands, updates = [], []
    for board in missing[:repeats]:
        started = time.perf_counter()
        ledger.record_result(10, board, "1-0")
        commands.append(time.perf_counter() - started)
        started = time.perf_counter()
        views.catch_up()
        updates.append(time.perf_counter() - started)
    print(f"{players:,} players, round 10, one result at a time (n={len(updates)}):")
    print(f"  command (append the result)            {percentiles(commands)}")
    print(f"  read models brought up to date         {percentiles(updates)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=1_000)
    parser.add_argument("--repeats", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        update_after_result(Path(folder), args.players, args.repeats)
        rebuild(Path(folder), args.events)


if __name__ == "__main__":
    main()
