"""Rating-list figures: importing a synthetic FIDE combined text list, and the consistency check.

    python benchmarks/rating_list_bench.py
    python benchmarks/rating_list_bench.py --players 100000 300000 --roster 500

The list is written in the layout of tests/data/rating_lists/players_list_foa_2026-11.txt (every player
rated in all three kinds, so each player is three rows of the store). Reported per size: the CPU seconds
of the import (reading, checking and storing) and of a check of a roster of `--roster` players against it.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from datetime import date
from pathlib import Path

from ledger.rating_sequence import consistency_check
from ledger.rating_store import RatingListStore

SAMPLE = Path(__file__).parent.parent / "tests" / "data" / "rating_lists" / "players_list_foa_2026-11.txt"


def write_list(path: Path, players: int) -> None:
    heading, row = SAMPLE.read_text(encoding="utf-8").splitlines()[:2]
    with path.open("w", encoding="utf-8") as out:
        out.write(heading + "\n")
        for n in range(players):
            out.write(f"{2_000_000 + n:<15}{f'Player{n:07d}, Xx':<61}{row[76:]}\n")


def measure(players: int, roster: int) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "players_list_foa.txt"
        write_list(path, players)
        store = RatingListStore(str(Path(folder) / "lists.sqlite"))
        started = time.process_time()
        store.import_file(path, date(2026, 11, 1), "bench")
        imported = time.process_time() - started
        entrants = {
            str(n + 1): {"name": f"Player{n:07d}, Xx", "external_id": str(2_000_000 + n)} for n in range(roster)
        }
        started = time.process_time()
        consistency_check(entrants, {"rating_method": "fide"}, store, date(2026, 11, 20))
        checked = time.process_time() - started
        store.close()
    return imported, checked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, nargs="+", default=[100_000])
    parser.add_argument("--roster", type=int, default=500)
    args = parser.parse_args()
    print(f"{'players':>9} {'import CPU s':>13} {f'check of {args.roster} CPU s':>20}")
    for players in args.players:
        imported, checked = measure(players, args.roster)
        print(f"{players:>9} {imported:>13.2f} {checked:>20.3f}")


if __name__ == "__main__":
    main()
