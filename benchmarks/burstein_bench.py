"""Burstein engine figures: the time to pair round 10 of 11 after nine random rounds.

    python benchmarks/burstein_bench.py
    python benchmarks/burstein_bench.py --players 100 500 1000 --rounds 11 --played 9 --seeds 3

The histories come from `pairing.generator.greedy_paired` (greedy pairings down the score
order, Elo-expected results, 2% forfeits, 2% byes): pairing the seeding rounds with the Dutch engine would
take far longer than the round measured. Reported per size: the median and worst time over the seeds and
the methods the brackets needed (docs/burstein.md, "Method").
"""

from __future__ import annotations

import argparse
import statistics
import time

from pairing.fide.burstein import pair_with_trace
from pairing.generator import greedy_paired


def measure(players: int, rounds: int, played: int, seed: int) -> tuple[float, str]:
    request = greedy_paired(players, played, rounds, seed)
    started = time.perf_counter()
    _, trace = pair_with_trace(request)
    elapsed = time.perf_counter() - started
    methods = ",".join(sorted({b.method for b in trace.brackets})) if trace else "dutch"
    return elapsed, methods


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, nargs="+", default=[100, 500, 1000])
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--played", type=int, default=9, help="rounds played before the timed one")
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    print(f"Burstein, round {args.played + 1} of {args.rounds}, {args.seeds} seed(s) per size")
    print(f"{'players':>8} {'median s':>9} {'worst s':>8}  methods")
    for players in args.players:
        results = [measure(players, args.rounds, args.played, seed) for seed in range(1, args.seeds + 1)]
        times = [r[0] for r in results]
        methods = ",".join(sorted({m for r in results for m in r[1].split(",")}))
        print(f"{players:>8} {statistics.median(times):>9.2f} {max(times):>8.2f}  {methods}")


if __name__ == "__main__":
    main()
