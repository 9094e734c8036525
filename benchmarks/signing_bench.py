"""The cost of arbiters' keys: command latency with every event signed, against the same commands on an
unsigned ledger of the same size, timed in turn (one unsigned, one signed) so a busy machine weighs on both
alike; and the time `verify` takes to check every signature.

    python benchmarks/signing_bench.py                        # 100,000 events
    python benchmarks/signing_bench.py --events 20000 --repeats 40
    python benchmarks/signing_bench.py --ledger-dir /tmp/sig  # keep the two ledgers and reuse them

The ledgers are the round robins of `ledger_bench.py` (its `build`), one made with a chief arbiter's key.
ARCHITECTURE.md's budget: a command at 100,000 events with signatures on stays under 50 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ledger_bench import build, percentiles, shape  # noqa: E402

from ledger.application import Ledger, PlayerDetails  # noqa: E402
from ledger.signing import ArbiterKey  # noqa: E402
from tui.wiring import open_ledger  # noqa: E402

BUDGET_MS = 50.0


def ledgers(folder: Path, events: int) -> tuple[Path, Path, ArbiterKey]:
    """The unsigned and the signed ledger of about `events` events in `folder` (built unless there)."""
    key_file = folder / "chief.key"
    key = ArbiterKey.load(key_file) if key_file.exists() else ArbiterKey.create(key_file)
    plain, signed = folder / f"unsigned-{events}.ledger", folder / f"signed-{events}.ledger"
    for path, signer in ((plain, None), (signed, key)):
        if not path.exists():
            started = time.perf_counter()
            built = build(path, *shape(events), key=signer)
            print(f"built {path.name}: {built.position():,} events in {time.perf_counter() - started:.0f} s")
            built.close()
    return plain, signed, key


def timed(command: object) -> float:
    started = time.perf_counter()
    command()  # type: ignore[operator]
    return time.perf_counter() - started


def commands(ledger: Ledger, board: int, last: int, entry: int) -> dict[str, object]:
    return {
        "result": lambda: ledger.record_result(last, board, "1-0"),
        "correct": lambda: ledger.correct_result(last, board, "0-1", "bench: scoresheet"),
        "register": lambda: ledger.register_players([PlayerDetails(f"Late entry {entry}")]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=30, help="commands of each kind to time on each ledger")
    parser.add_argument("--ledger-dir", default=None, help="keep the ledgers here and reuse them (default: temporary)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(args.ledger_dir or scratch)
        folder.mkdir(parents=True, exist_ok=True)
        plain_path, signed_path, key = ledgers(folder, args.events)
        plain, signed = open_ledger(str(plain_path), "bench")[0], open_ledger(str(signed_path), "bench", key=key)[0]
        last = plain.tournament().last_round
        boards = sorted(set(plain.round(last).missing_results) & set(signed.round(last).missing_results))
        entries = len(plain.tournament().players)
        samples: dict[tuple[str, str], list[float]] = {}
        for i, board in enumerate(boards[: args.repeats]):
            for label, ledger in (("unsigned", plain), ("signed", signed)):
                for name, command in commands(ledger, board, last, entries + i).items():
                    samples.setdefault((name, label), []).append(timed(command))
        print(f"\n{signed.position():,} events; commands timed in turn on the unsigned and the signed ledger")
        for (name, label), times in samples.items():
            print(f"  {name:9s} {label:9s} {percentiles(times)}   (n={len(times)})")
        worst = max(statistics.median(times) for (_, label), times in samples.items() if label == "signed") * 1000
        verdict = "within" if worst < BUDGET_MS else "OVER"
        print(f"  slowest signed p50 {worst:.2f} ms: {verdict} the {BUDGET_MS:.0f} ms budget")
        started, cpu = time.perf_counter(), time.process_time()
        report = signed.verify_signatures()
        wall, cpu = time.perf_counter() - started, time.process_time() - cpu
        verdict = "ok" if report.ok else report.problem
        print(f"  verify's signature check of {signed.position():,} events: {wall:.2f} s ({cpu:.2f} s CPU), {verdict}")


if __name__ == "__main__":
    main()
