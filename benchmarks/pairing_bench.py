"""Time the Dutch engine on round 10 of an 11-round Swiss: 100, 500, 1,000 and 3,000 players.

    python benchmarks/pairing_bench.py [--sizes 100 500 1000 3000] [--seed 1] [--backend native]

Rounds 1-9 are generated with the random tournament generator's results model (Elo expectation,
30 % draws, some forfeits and half-point byes); to keep the set-up short at 3,000 players they are
paired by a quick score-group fold that avoids rematches, not by the engine, since only round 10
is timed. Prints the time and the peak memory (the process's maximum resident set) of pairing round
10, one line per size.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import time
from pathlib import Path

from attrs import evolve

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pairing.fide.dutch import pair
from pairing.generator import GeneratorConfig, played_entries
from pairing.model import Board, Bye, ByeKind, PairingInput, PairingOutcome
from pairing.trf.convert import to_pairing_input
from pairing.trf.document import (
    Colour,
    InitialColourRecord,
    PlayerRecord,
    ResultCode,
    RoundEntry,
    RoundsRecord,
    TournamentRecord,
    TrfDocument,
)


def quick_pairing(request: PairingInput) -> PairingOutcome:
    """A fold within score order that avoids rematches greedily: set-up only, not a Swiss system."""
    active = sorted(
        (p for p in request.players if p.status.value == "active"), key=lambda p: (-p.score, p.pairing_number)
    )
    byes = []
    if len(active) % 2:
        byes.append(Bye(active.pop().number, ByeKind.PAIRING_ALLOCATED, 1.0))
    boards = []
    waiting = list(active)
    while waiting:
        a = waiting.pop(0)
        met = set(a.opponents)
        index = next((i for i, b in enumerate(waiting) if b.number not in met), 0)
        b = waiting.pop(index)
        boards.append(Board(a.number, b.number) if len(boards) % 2 == 0 else Board(b.number, a.number))
    return PairingOutcome(boards=tuple(boards), byes=tuple(byes))


def tournament(players: int, seed: int, rounds_played: int = 9, total: int = 11) -> TrfDocument:
    rng = random.Random(seed)
    config = GeneratorConfig(players=players, rounds=total, forfeit_rate=0.01, half_point_bye_rate=0.01)
    ratings = sorted((rng.randint(1200, 2700) for _ in range(players)), reverse=True)
    records = [PlayerRecord(start_rank=i + 1, name=f"P{i + 1}", rating=r) for i, r in enumerate(ratings)]
    head = [
        TournamentRecord(code="012", text=f"Benchmark {players}"),
        RoundsRecord(rounds=total),
        InitialColourRecord(colour=Colour.WHITE),
    ]
    for round_number in range(1, rounds_played + 1):
        document = TrfDocument(records=(*head, *records))
        outcome = quick_pairing(to_pairing_input(document, round_number))
        entries = played_entries(outcome, {p.start_rank: p.rating for p in records}, config, rng)
        empty = RoundEntry(opponent=0, colour=Colour.NONE, result=ResultCode.ZERO_POINT_BYE)
        records = [evolve(p, rounds=(*p.rounds, entries.get(p.start_rank, empty))) for p in records]
    return TrfDocument(records=(*head, *records))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 500, 1000, 3000])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--backend", default=None, help="matching backend (native or networkx)")
    args = parser.parse_args()
    if args.backend:
        os.environ["ARBITER_MATCHING"] = args.backend
    print(f"{'players':>8} {'pairs':>6} {'seconds':>9} {'peak MiB':>9}")
    for size in args.sizes:
        request = to_pairing_input(tournament(size, args.seed), 10)
        start = time.perf_counter()
        outcome = pair(request)
        elapsed = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"{size:>8} {len(outcome.boards):>6} {elapsed:>9.2f} {peak:>9.0f}", flush=True)


if __name__ == "__main__":
    main()
