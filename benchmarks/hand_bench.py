"""The Pair by hand screen (`m`) on a large field: its refresh with the engine's pairing made once per round
state (`ledger.hand_pairing.EnginePairings`) against the same refresh making it every time, as before.

    python benchmarks/hand_bench.py                       # 300 and 1,000 players
    python benchmarks/hand_bench.py --players 500 --steps 6

A Dutch Swiss in FIDE mode with round 1 paired and played; round 2 is started by hand and `--steps` of the
engine's own boards are paired by hand at the desk (headless, Pilot), each step an event. After each step
the screen's refresh (`HandPairingScreen.load`: the draft, the players to pair, the engine's pairing beside
it) is timed twice, alternating: once with the pairing kept ("kept"), once with it forgotten first, which
is what every refresh cost before ("made again"). Printed: p50 and max of each, and how many times the
engine ran for the kept refreshes (once for the round, whatever the number of steps).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ledger.application import PlayerDetails
from ledger.hand_pairing import EnginePairings
from ledger.results import Game
from ledger.settings import TournamentSettings
from tui.desk.app import DeskApp
from tui.desk.screens.hand import HandPairingScreen
from tui.desk.screens.session import DeskSession
from tui.wiring import open_ledger


def build(location: str, players: int) -> None:
    """Round 1 of a Dutch Swiss of `players`, paired and played (white wins on odd boards, draws on even)."""
    ledger, views = open_ledger(location, "bench", create=True)
    ledger.create_tournament("Big Open", TournamentSettings.for_game(Game.CHESS, "dutch", 9, seed=7))
    ledger.register_players([PlayerDetails(f"Player {i:04d}", rating=2800 - i) for i in range(players)])
    pairing = ledger.pair_next_round()
    for board in range(1, len(pairing.boards) + 1):
        ledger.record_result(1, board, "1-0" if board % 2 else "1/2")
    ledger.start_hand_pairing()
    views.catch_up()
    views.close()
    ledger.close()


def summary(samples: list[float]) -> str:
    return f"p50 {statistics.median(samples) * 1000:8.1f} ms, max {max(samples) * 1000:8.1f} ms (n={len(samples)})"


async def refreshes(location: str, steps: int) -> tuple[list[float], list[float], int]:
    """(kept, made again, engine runs for the kept refreshes) over `steps` hand-pairing steps."""
    ledger, views = open_ledger(location, "bench")
    app = DeskApp(DeskSession(ledger, views), poll_interval=3600)
    kept: list[float] = []
    again: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        await app.workers.wait_for_complete()
        screen = app.screen
        assert isinstance(screen, HandPairingScreen) and screen.shown is not None
        engine = screen.shown.comparison.engine
        assert engine is not None
        reader = await app.session.reader()
        runs = 0
        for board in engine.boards[:steps]:
            await asyncio.to_thread(app.session.run, lambda ledger, b=board: ledger.hand_pair(b.first, b.second))
            await asyncio.to_thread(app.session.catch_up)
            before = ledger.engine_pairings.computed
            started = time.perf_counter()
            await screen.load(reader)
            await pilot.pause(0)
            kept.append(time.perf_counter() - started)
            runs += ledger.engine_pairings.computed - before
            remembered = ledger.engine_pairings
            ledger.engine_pairings = EnginePairings()  # as before: every refresh made the engine's pairing
            started = time.perf_counter()
            await screen.load(reader)
            await pilot.pause(0)
            again.append(time.perf_counter() - started)
            ledger.engine_pairings = remembered
    app.session.close_ledger()
    return kept, again, runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, nargs="+", default=[300, 1000])
    parser.add_argument("--steps", type=int, default=5)
    args = parser.parse_args()
    for players in args.players:
        with tempfile.TemporaryDirectory() as folder:
            location = str(Path(folder) / "hand.ledger")
            build(location, players)
            kept, again, runs = asyncio.run(refreshes(location, args.steps))
        print(f"{players} players, round 2 paired by hand, {args.steps} steps (load {os.getloadavg()[0]:.2f})")
        print(f"  refresh, the engine's pairing kept        {summary(kept)}; engine runs {runs}")
        print(f"  refresh, the engine's pairing made again  {summary(again)}")


if __name__ == "__main__":
    main()
