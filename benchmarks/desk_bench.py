"""The desk's budget: result entry to refreshed standings on screen, 1,000 players (a round robin's
round 1: 500 boards), run headless with Textual's Pilot.

    python benchmarks/desk_bench.py            # 1,000 players
    python benchmarks/desk_bench.py --players 2000 --results 30

Two figures per result: (1) on the round screen, from Enter to the result shown with the cursor on the
next board; (2) on the standings screen, the command and the read-model catch-up in a worker thread,
then the standings re-read through aiosqlite and repainted.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ledger.application import PlayerDetails
from ledger.results import Game
from ledger.settings import TournamentSettings
from tui.desk.app import DeskApp
from tui.desk.screens.session import DeskSession
from tui.desk.screens.standings import StandingsScreen
from tui.desk.widgets.tables import BoardTable
from tui.wiring import open_ledger


def build(location: str, players: int, entered: int) -> None:
    ledger, views = open_ledger(location, "bench", create=True)
    ledger.create_tournament("Big", TournamentSettings.for_game(Game.CHESS, "round-robin", 9, seed=1))
    ledger.register_players([PlayerDetails(f"Player {i:04d}", rating=2800 - i) for i in range(players)])
    ledger.pair_next_round()
    for board in range(1, entered + 1):
        ledger.record_result(1, board, "1-0")
    views.catch_up()
    views.close()
    ledger.close()


def desk(location: str) -> DeskApp:
    ledger, views = open_ledger(location, "bench")
    return DeskApp(DeskSession(ledger, views), poll_interval=3600)


def summary(samples: list[float]) -> str:
    return f"p50 {statistics.median(samples) * 1000:6.1f} ms, max {max(samples) * 1000:6.1f} ms (n={len(samples)})"


async def round_screen_entry(location: str, results: int) -> list[float]:
    app = desk(location)
    times = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = app.screen.query_one(BoardTable)
        entry = app.screen.query_one("#entry")
        first = next(b for b in range(1, 10_000) if table.result_of(b) in (None, ""))
        for board in range(first, first + results):
            entry.value = f"{board} 1-0"  # type: ignore[attr-defined]
            started = time.perf_counter()
            await entry.action_submit()  # type: ignore[attr-defined]
            while table.result_of(board) != "1-0" or table.current_board != board + 1:
                await asyncio.sleep(0.001)
            times.append(time.perf_counter() - started)
            await app.workers.wait_for_complete()
            await pilot.pause()
    app.session.close_ledger()
    return times


async def standings_refresh(location: str, boards: range) -> tuple[list[float], list[float]]:
    app = desk(location)
    commands, paints = [], []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.press("s")
        await pilot.pause()
        await app.workers.wait_for_complete()
        screen = app.screen
        assert isinstance(screen, StandingsScreen)
        reader = await app.session.reader()
        for board in boards:
            started = time.perf_counter()
            await asyncio.to_thread(app.session.run, lambda ledger, b=board: ledger.record_result(1, b, "0-1"))
            await asyncio.to_thread(app.session.catch_up)
            middle = time.perf_counter()
            await screen.load(reader)
            await pilot.pause(0)
            commands.append(middle - started)
            paints.append(time.perf_counter() - middle)
    app.session.close_ledger()
    return commands, paints


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--results", type=int, default=20)
    args = parser.parse_args()
    boards = args.players // 2
    with tempfile.TemporaryDirectory() as folder:
        entry_ledger = str(Path(folder) / "entry.ledger")
        build(entry_ledger, args.players, 0)
        shown = asyncio.run(round_screen_entry(entry_ledger, args.results))
        refresh_ledger = str(Path(folder) / "refresh.ledger")
        build(refresh_ledger, args.players, boards - args.results)
        commands, paints = asyncio.run(standings_refresh(refresh_ledger, range(boards - args.results + 1, boards + 1)))
    total = [c + p for c, p in zip(commands, paints, strict=True)]
    print(f"{args.players} players, {boards} boards")
    print(f"  Enter to result shown, cursor on the next board   {summary(shown)}")
    print(f"  command + read-model catch-up (worker thread)     {summary(commands)}")
    print(f"  standings re-read (aiosqlite) and repainted       {summary(paints)}")
    print(f"  result entry to refreshed standings               {summary(total)}")


if __name__ == "__main__":
    main()
