"""Wall and CPU time of entering a result and updating the read models, for comparing two checkouts on
a busy machine (where wall times vary more than any change between them).

    python benchmarks/update_cpu_bench.py                      # this checkout
    python benchmarks/update_cpu_bench.py --code /tmp/old      # another checkout (e.g. `git archive`)

A 1,000-player round robin with 9 rounds played and round 10 half without results is built once
(as `ledger_bench.py` builds it, into `--ledger-dir`), copied for each run, and 40 results are
entered one at a time, each followed by `catch_up`; the medians are printed. Run it alternately
for the two checkouts, several times.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path


def measure(path: Path, results: int) -> str:
    from tui.wiring import open_ledger

    ledger, views = open_ledger(str(path), "bench")
    views.catch_up()
    timings: dict[str, list[float]] = {"command wall": [], "command CPU": [], "update wall": [], "update CPU": []}
    for board in ledger.round(10).missing_results[:results]:
        wall, cpu = time.perf_counter(), time.process_time()
        ledger.record_result(10, board, "1-0")
        timings["command wall"].append(time.perf_counter() - wall)
        timings["command CPU"].append(time.process_time() - cpu)
        wall, cpu = time.perf_counter(), time.process_time()
        views.catch_up()
        timings["update wall"].append(time.perf_counter() - wall)
        timings["update CPU"].append(time.process_time() - cpu)
    return ", ".join(f"{name} {statistics.median(values) * 1000:.1f} ms" for name, values in timings.items())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--code", default=str(Path(__file__).resolve().parent.parent), help="the checkout to time")
    parser.add_argument("--ledger-dir", default=None, help="where the built ledger is kept between runs")
    parser.add_argument("--results", type=int, default=40)
    args = parser.parse_args()
    sys.path.insert(0, args.code)
    sys.path.insert(1, str(Path(args.code) / "benchmarks"))
    folder = Path(args.ledger_dir or tempfile.mkdtemp())
    built = folder / "update-1000.ledger"
    if not built.exists():
        from ledger_bench import build

        build(built, 1000, 10).close()
        for views in folder.glob("update-1000.ledger.views*"):
            views.unlink()
    run = folder / "run.ledger"
    for old in folder.glob("run.ledger*"):
        old.unlink()
    shutil.copy(built, run)
    print(f"{args.code}: {measure(run, args.results)}")


if __name__ == "__main__":
    main()
