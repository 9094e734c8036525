"""Command latency (p50/p95) and full replay time of the ledger at 1k, 20k and 100k events.

    python benchmarks/ledger_bench.py                 # all three sizes, SQLite
    python benchmarks/ledger_bench.py --sizes 1000 --ledger-dir /tmp

A round robin of P players is written round by round through the domain aggregates (the same
events the service appends, saved one round per transaction so the set-up is quick); the last
round is left with half its results missing. Then, on that ledger, each command is timed as the
desk runs it (a `Ledger` kept open, snapshots on): `result`, `correct`, `register`, and `desk` (a
correction with an expected position one event back and a command id, as `arbiter correct
--expect-position N --command-id ID` runs it); and the whole
log is replayed into the read model (the fold from nothing, then `standings`), and the
read-model tables are rebuilt (`ReadModels.rebuild`).
The `arbiter` process itself (start-up plus one command) is timed separately.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from itertools import pairwise
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from processes import arbiter_command  # noqa: E402

from ledger.application import Ledger, PlayerDetails  # noqa: E402
from ledger.domain import Round  # noqa: E402
from ledger.results import Game  # noqa: E402
from ledger.settings import TournamentSettings  # noqa: E402
from ledger.signing import ArbiterKey  # noqa: E402
from pairing.round_robin import berger_table  # noqa: E402
from projections.standings import standings  # noqa: E402
from projections.state import fold  # noqa: E402
from tui.wiring import open_ledger  # noqa: E402

RESULTS = ("1-0", "1/2", "0-1")


def shape(events: int) -> tuple[int, int]:
    """Players and rounds of a round robin whose log has about `events` events."""
    players = 50 if events <= 2_000 else 200 if events <= 30_000 else 500
    per_round = 2 + players // 2
    rounds = min(players - 1, max(1, (events - players - 1) // per_round))
    return players, rounds


def build(path: Path, players: int, rounds: int, seed: int = 1, key: ArbiterKey | None = None) -> Ledger:
    """A round robin of `players` with `rounds` played, the last one half without results (every event
    signed with `key` if one is given: benchmarks/signing_bench.py)."""
    ledger, _ = open_ledger(str(path), "bench", create=True, key=key)
    ledger.create_tournament("Bench", TournamentSettings.for_game(Game.CHESS, "round-robin", players - 1))
    ledger.register_players([PlayerDetails(f"Player {n}", rating=1000 + n) for n in range(1, players + 1)])
    table = berger_table(players)
    rng = random.Random(seed)
    for number in range(1, rounds + 1):
        tournament = ledger.tournament()
        tournament.open_round(number, "bench")
        round_ = Round(tournament_id=tournament.id, round=number, actor="bench")
        pairs = [list(pair) for pair in table[number - 1]]
        round_.publish(_payload(pairs, ledger.position()), "bench", "", "")
        last = number == rounds
        for board in range(1, len(pairs) + 1 - (len(pairs) // 2 if last else 0)):
            round_.record_result(board, rng.choice(RESULTS), "bench")
        ledger.save(tournament, round_)
    return ledger


def _payload(boards: list[list[int]], position: int) -> dict[str, object]:
    return {
        "boards": boards,
        "byes": [],
        "engine": "round-robin",
        "engine_version": "bench",
        "rules_edition": "",
        "options": {},
        "seed": 0,
        "input_digest": "",
        "input_position": position,
        "explanation": [],
    }


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"p50 {statistics.median(ordered) * 1000:7.2f} ms   p95 {p95 * 1000:7.2f} ms"


def time_commands(path: Path, repeats: int) -> dict[str, list[float]]:
    ledger, _ = open_ledger(str(path), "bench")
    last = ledger.tournament().last_round
    missing = ledger.round(last).missing_results
    timings: dict[str, list[float]] = {"result": [], "correct": [], "register": [], "desk": []}
    for i in range(min(repeats, len(missing))):
        board = missing[i]
        started = time.perf_counter()
        ledger.record_result(last, board, "1-0")
        timings["result"].append(time.perf_counter() - started)
        started = time.perf_counter()
        ledger.correct_result(last, board, "0-1", "bench: scoresheet")
        timings["correct"].append(time.perf_counter() - started)
        started = time.perf_counter()
        ledger.register_players([PlayerDetails(f"Late entry {i}")])
        timings["register"].append(time.perf_counter() - started)
        started = time.perf_counter()
        # `correct ... --expect-position N --command-id ID` from a desk one event (the late entry) behind
        with ledger.command(expect_position=ledger.position() - 1, command_id=f"bench-{i}"):
            ledger.correct_result(last, board, "1/2", "bench: appeal")
        timings["desk"].append(time.perf_counter() - started)
    return timings


class Replay(NamedTuple):
    """Seconds, wall and CPU, of the fold from nothing, the standings ranked from it, and the rebuild of
    every read-model table from the log."""

    position: int
    folded: float
    ranked: float
    rebuilt: float
    folded_cpu: float
    ranked_cpu: float
    rebuilt_cpu: float


def time_replay(path: Path) -> Replay:
    ledger, views = open_ledger(str(path), "bench")
    clocks = [(time.perf_counter(), time.process_time())]
    state = fold(ledger.replay())
    clocks.append((time.perf_counter(), time.process_time()))
    standings(state)
    clocks.append((time.perf_counter(), time.process_time()))
    views.rebuild()
    clocks.append((time.perf_counter(), time.process_time()))
    wall = [after[0] - before[0] for before, after in pairwise(clocks)]
    cpu = [after[1] - before[1] for before, after in pairwise(clocks)]
    return Replay(state.position, *wall, *cpu)


def time_cli(path: Path) -> float:
    started = time.perf_counter()
    subprocess.run([*arbiter_command(), "verify", "--ledger", str(path)], cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 20_000, 100_000])
    parser.add_argument("--repeats", type=int, default=40, help="commands of each kind to time")
    parser.add_argument("--ledger-dir", default=None, help="where to write the ledgers (default: a temporary folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.ledger_dir) as folder:
        for size in args.sizes:
            path = Path(folder) / f"bench-{size}.ledger"
            started = time.perf_counter()
            ledger = build(path, *shape(size))
            built = time.perf_counter() - started
            players, rounds = shape(size)
            print(f"\n{ledger.position():,} events ({players} players, {rounds} rounds), built in {built:.1f} s")
            for name, samples in time_commands(path, args.repeats).items():
                print(f"  command {name:9s} {percentiles(samples)}   (n={len(samples)})")
            replay = time_replay(path)
            print(
                f"  full replay of {replay.position:,} events into the fold: {replay.folded:.2f} s "
                f"({replay.folded_cpu:.2f} s CPU); standings {replay.ranked:.2f} s ({replay.ranked_cpu:.2f} s CPU)"
            )
            print(
                f"  rebuild of every read-model table from the log: {replay.rebuilt:.2f} s "
                f"({replay.rebuilt_cpu:.2f} s CPU)"
            )
            print(f"  `arbiter verify` process (start-up + chain check): {time_cli(path):.2f} s")


if __name__ == "__main__":
    main()
