"""The public site's budget: the 1,000-player standings page in under 300 ms (ARCHITECTURE.md,
"Performance budget").

    python benchmarks/web_bench.py
    python benchmarks/web_bench.py --players 1000 --rounds 9 --repeats 30

A round robin of `--players` with `--rounds` played, the last half without results (built as
ledger_bench.py builds it), its read models brought up to date as a desk command leaves them. Then the
site runs in this process as `arbiter serve` runs it (uvicorn on 127.0.0.1, a free port) and each page is
fetched `--repeats` times over HTTP, timed from the request to the last byte (after the first, a page
comes from the site's store of pages made at the current position). Last, `--repeats` results are
entered at the desk one by one (a second `Ledger`, its read models caught up as the CLI does), each
followed by a standings request: that one folds the new event, reads the table and renders afresh, and
is the figure the budget is about.
"""

from __future__ import annotations

import argparse
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
import uvicorn

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ledger_bench import build, percentiles

from tui.web.site import create_app
from tui.wiring import open_ledger

BUDGET_SECONDS = 0.300


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def timed_get(client: httpx.Client, path: str) -> tuple[float, int]:
    started = time.perf_counter()
    response = client.get(path)
    elapsed = time.perf_counter() - started
    response.raise_for_status()
    return elapsed, len(response.content)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=1_000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeats", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "web.ledger"
        started = time.perf_counter()
        build(path, args.players, args.rounds).close()
        _, views = open_ledger(str(path), "public")
        views.catch_up()
        print(f"built {args.players:,} players, {args.rounds} rounds in {time.perf_counter() - started:.1f} s")
        port = free_port()
        server = uvicorn.Server(uvicorn.Config(create_app(views), host="127.0.0.1", port=port, log_level="warning"))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        while not server.started:
            time.sleep(0.05)
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
            client.get("/standings")  # the first read loads the fold's snapshot
            for page in ("/standings", "/api/standings", f"/pairings/{args.rounds}", "/", "/players/1"):
                samples = [timed_get(client, page) for _ in range(args.repeats)]
                size = samples[0][1]
                print(f"  GET {page:<18} {percentiles([s for s, _ in samples])}   {size / 1024:6.0f} KiB")
            desk, desk_views = open_ledger(str(path), "desk")
            missing = desk_views.state().rounds[args.rounds].missing_results[: args.repeats]
            fresh = []
            for board in missing:
                desk.record_result(args.rounds, board, "1-0")
                desk_views.catch_up()
                fresh.append(timed_get(client, "/standings")[0])
            print(
                f"  GET /standings, first after each of {len(fresh)} results at the desk: {percentiles(fresh)}"
                f"   max {max(fresh) * 1000:7.2f} ms"
            )
        server.should_exit = True
        thread.join(timeout=10)
        over = sum(1 for seconds in fresh if seconds >= BUDGET_SECONDS)
        print(
            f"budget {BUDGET_SECONDS * 1000:.0f} ms for the {args.players:,}-player standings page: "
            f"{len(fresh) - over} of {len(fresh)} fresh requests within it"
        )


if __name__ == "__main__":
    main()
