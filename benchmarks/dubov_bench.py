"""Dubov engine figures: the time to pair one round of a random Swiss, 100, 500 and 1,000 players.

    python benchmarks/dubov_bench.py
    python benchmarks/dubov_bench.py --players 100 500 1000 5000 --rounds 11 --played 9 --seeds 3

For each size and seed, `pairing.generator.engine_paired` plays `--played` rounds
(each paired by the engine; Elo-expected results, 2% forfeits, 2% half-point byes), then round
`--played + 1` of `--rounds` is paired and timed. Reported: the median and worst time of that round
over the seeds, the slowest of the history rounds, and how many sets of upfloaters had to be checked
at most in one bracket (1 means the first set in the rules' order was legal).
"""

from __future__ import annotations

import argparse
import statistics
import time

from pairing.fide.dubov import pair, pair_with_trace
from pairing.generator import engine_paired
from pairing.model import PairingInput, PairingOutcome


def measure(players: int, rounds: int, played: int, seed: int) -> tuple[float, float, int, str]:
    history: list[float] = []

    def timed(request: PairingInput) -> PairingOutcome:
        started = time.perf_counter()
        outcome = pair(request)
        history.append(time.perf_counter() - started)
        return outcome

    request = engine_paired(players, played, rounds, seed, timed)
    started = time.perf_counter()
    _, trace = pair_with_trace(request)
    elapsed = time.perf_counter() - started
    checked = max((b.sets_checked for b in trace.brackets), default=0)
    methods = ",".join(sorted({b.method for b in trace.brackets}))
    return elapsed, max(history, default=0.0), checked, methods


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, nargs="+", default=[100, 500, 1000])
    parser.add_argument("--rounds", type=int, default=11, help="rounds in the tournament (MaxT, last round)")
    parser.add_argument("--played", type=int, default=9, help="rounds played before the timed one")
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    print(f"Dubov, round {args.played + 1} of {args.rounds}, {args.seeds} seed(s) per size")
    print(f"{'players':>8} {'median s':>9} {'worst s':>8} {'history max s':>14} {'sets checked':>13}  method")
    for players in args.players:
        results = [measure(players, args.rounds, args.played, seed) for seed in range(1, args.seeds + 1)]
        times = [r[0] for r in results]
        print(
            f"{players:>8} {statistics.median(times):>9.3f} {max(times):>8.3f} "
            f"{max(r[1] for r in results):>14.3f} {max(r[2] for r in results):>13}  "
            f"{','.join(sorted({r[3] for r in results}))}"
        )


if __name__ == "__main__":
    main()
