"""The performance table of docs/performance.md, row by row, each against its target.

    python benchmarks/issue_table.py --quick                 # the small rows and a 500-2,000 fit
    python benchmarks/issue_table.py --rows dutch-1000 import-trf
    BBP_BIN=/path/to/bbpPairings.exe python benchmarks/issue_table.py --rows dutch-1000 fit

Pairing rows: round 10 of 11 after nine rounds of `swiss_histories` (seed 1), written as a TRF16
file; the installed `arbiter-pair --SYSTEM file.trf -p out` pairs it, as a user runs it and as
bbpPairings is timed. Printed: the process's CPU seconds (start-up included), the engine's own CPU
seconds (which `arbiter-pair` writes where ARBITER_PAIR_ENGINE_CPU says), the peak resident memory.
With `BBP_BIN` the Dutch rows also run `$BBP_BIN --dutch file.trf -p out` on the same file, and print
its time, the ratio (peer CPU / ours) and whether the two pairings are the same (up to `--peer-up-to`
players: not at 5,000 and 9,999 by default). `fit` pairs 500 to
9,999 players and prints the least-squares slope of log(engine CPU) against log(players): the exponent of the growth.
Ledger rows reuse ledger_bench.py (a round robin written through the aggregates).
"""

from __future__ import annotations

import argparse
import compileall
import math
import os
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from processes import Run, arbiter_command, console_command, measure
from swiss_histories import swiss_history, trf_text

from pairing.cli import ENGINE_CPU

PLAYED, TOTAL = 9, 11
FIT_SIZES = (500, 1_000, 2_000, 3_000, 5_000, 9_999)
QUICK_FIT_SIZES = (500, 1_000, 2_000)


def write_history(folder: Path, players: int, played: int = PLAYED, total: int = TOTAL) -> Path:
    path = folder / f"swiss-{players}-{played}.trf"
    if not path.exists():
        path.write_text(trf_text(swiss_history(players, played, seed=1), total), encoding="utf-8")
    return path


def byte_compile(*packages: str) -> None:
    """The project's `packages` byte-compiled, as an install is: this machine sets PYTHONDONTWRITEBYTECODE,
    which otherwise makes every process compile the modules it imports (`startup_bench.py` does the same)."""
    root = Path(__file__).resolve().parent.parent
    for package in packages:
        compileall.compile_dir(root / package, quiet=1)


def ours(system: str, trf: Path) -> tuple[Run, float]:
    """`arbiter-pair --SYSTEM trf -p`: the process's measure and the engine's own CPU seconds, the project
    byte-compiled first (`byte_compile`)."""
    byte_compile("pairing", "tui")
    clock = trf.with_suffix(".engine-cpu")
    command = [*console_command("arbiter-pair"), f"--{system}", str(trf), "-p", str(trf.with_suffix(".ours"))]
    run = measure(command, environment={**os.environ, ENGINE_CPU: str(clock)})
    if run.returncode:
        raise SystemExit(f"pairing {trf} with {system} failed (exit {run.returncode})")
    return run, float(clock.read_text())


def peer(trf: Path) -> tuple[Run, bool] | None:
    """bbpPairings (`BBP_BIN`) on the same file, and whether its pairing is ours."""
    binary = os.environ.get("BBP_BIN")
    if not binary:
        return None
    output = trf.with_suffix(".bbp")
    run = measure([binary, "--dutch", str(trf), "-p", str(output)])
    same = run.returncode == 0 and output.read_text() == trf.with_suffix(".ours").read_text()
    return run, same


def pairing_row(folder: Path, system: str, players: int, target: str, peer_up_to: int = 2_000) -> None:
    """One pairing row; a Dutch row also runs bbpPairings (`peer`) up to `peer_up_to` players (its time
    grows as players^3: hours at 5,000)."""
    trf = write_history(folder, players)
    run, engine_cpu = ours(system, trf)
    line = (
        f"{system.capitalize()}, {players:,} players, round 10: {run.cpu:.2f} s CPU ({engine_cpu:.2f} s pairing), "
        f"{run.wall:.2f} s wall, {run.peak_mib:.0f} MiB peak   [target {target}]"
    )
    compared = peer(trf) if system == "dutch" and players <= peer_up_to else None
    if compared:
        bbp, same = compared
        line += (
            f"\n    bbpPairings: {bbp.cpu:.2f} s CPU, {bbp.peak_mib:.0f} MiB (exit {bbp.returncode}); "
            f"ratio peer/ours {bbp.cpu / max(run.cpu, 1e-9):.2f}; same pairing: {'yes' if same else 'NO'}"
        )
    print(line, flush=True)


def slope(points: Sequence[tuple[float, float]]) -> float:
    """Least-squares slope of log(y) against log(x): the exponent k of y ~ x^k."""
    xs = [math.log(x) for x, _ in points]
    ys = [math.log(max(y, 1e-6)) for _, y in points]
    mean_x, mean_y = sum(xs) / len(xs), sum(ys) / len(ys)
    spread = sum((x - mean_x) ** 2 for x in xs)
    return sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / spread


def text_plot(series: dict[str, list[tuple[float, float]]], width: int = 60, height: int = 16) -> str:
    """A log-log plot of seconds against players, one letter per series (its name's first letter)."""
    points = [p for values in series.values() for p in values]
    low_x, high_x = (math.log(f(p[0] for p in points)) for f in (min, max))
    low_y, high_y = (math.log(max(f(p[1] for p in points), 1e-3)) for f in (min, max))
    grid = [[" "] * width for _ in range(height)]
    for name, values in series.items():
        for x, y in values:
            column = round((math.log(x) - low_x) / max(high_x - low_x, 1e-9) * (width - 1))
            row = round((math.log(max(y, 1e-3)) - low_y) / max(high_y - low_y, 1e-9) * (height - 1))
            grid[height - 1 - row][column] = name[0]
    top, bottom = math.exp(high_y), math.exp(low_y)
    lines = [f"{top:8.2f} s |" + "".join(grid[0])]
    lines += ["           |" + "".join(row) for row in grid[1:-1]]
    lines += [f"{bottom:8.2f} s |" + "".join(grid[-1]), "           +" + "-" * width]
    left, right = f"{math.exp(low_x):,.0f}", f"{math.exp(high_x):,.0f} players (log-log)"
    lines.append("            " + left + " " * max(1, width - len(left) - len(right)) + right)
    return "\n".join(lines)


def svg_plot(series: dict[str, list[tuple[float, float]]], width: int = 720, height: int = 440) -> str:
    """The same log-log plot as an SVG image (written by hand: no plotting library is a dependency):
    one polyline with labelled points per series, the players measured on the x axis and the powers of
    ten of seconds on the y axis."""
    left, right, top, bottom = 80, 40, 30, 60
    points = [p for values in series.values() for p in values]
    low_x, high_x = (math.log(f(p[0] for p in points)) for f in (min, max))
    low_y, high_y = (math.log(max(f(p[1] for p in points), 1e-3)) for f in (min, max))
    low_y, high_y = math.floor(low_y / math.log(10)) * math.log(10), math.ceil(high_y / math.log(10)) * math.log(10)

    def place(x: float, y: float) -> tuple[float, float]:
        across = (math.log(x) - low_x) / max(high_x - low_x, 1e-9)
        up = (math.log(max(y, 1e-3)) - low_y) / max(high_y - low_y, 1e-9)
        return left + across * (width - left - right), height - bottom - up * (height - top - bottom)

    shapes = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" '
        'font-size="12"><rect width="100%" height="100%" fill="white"/>',
        f'<path d="M{left},{top} V{height - bottom} H{width - right}" stroke="black" fill="none"/>',
        f'<text x="{width / 2}" y="{height - 15}" text-anchor="middle">players (log scale)</text>',
        f'<text x="18" y="{height / 2}" transform="rotate(-90 18 {height / 2})" text-anchor="middle">'
        "CPU seconds (log scale)</text>",
    ]
    for decade in range(round(low_y / math.log(10)), round(high_y / math.log(10)) + 1):
        _, y = place(math.exp(low_x), 10.0**decade)
        shapes.append(f'<path d="M{left - 5},{y:.1f} H{width - right}" stroke="#ddd"/>')
        shapes.append(f'<text x="{left - 8}" y="{y + 4:.1f}" text-anchor="end">{10.0**decade:g} s</text>')
    for players in sorted({x for x, _ in points}):
        x, _ = place(players, math.exp(low_y))
        shapes.append(f'<text x="{x:.1f}" y="{height - bottom + 18}" text-anchor="middle">{players:,.0f}</text>')
    colours = ("#1f5fa8", "#b8431f", "#2e7d32")
    for number, (name, values) in enumerate(series.items()):
        colour, placed = colours[number % len(colours)], [place(x, y) for x, y in values]
        trace = " ".join(f"{x:.1f},{y:.1f}" for x, y in placed)
        shapes.append(f'<polyline points="{trace}" stroke="{colour}" fill="none" stroke-width="2"/>')
        for (x, y), (_, seconds) in zip(placed, values, strict=True):
            anchor = "end" if x > width * 0.8 else "start"
            shift = -8 if anchor == "end" else 8
            shapes.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{colour}"/>')
            label = f'x="{x + shift:.1f}" y="{y - 8:.1f}" fill="{colour}" text-anchor="{anchor}"'
            shapes.append(f"<text {label}>{seconds:.2f} s</text>")
        shapes.append(f'<text x="{left + 12}" y="{top + 16 * number}" fill="{colour}">{escape(name)}</text>')
    return "\n".join([*shapes, "</svg>\n"])


def fit(folder: Path, sizes: Sequence[int], peer_up_to: int, svg: Path | None) -> None:
    """Dutch engine CPU against players; the exponent, and bbpPairings' with BBP_BIN at the sizes up to
    `peer_up_to` (its time grows as players^3: hours at 5,000)."""
    series: dict[str, list[tuple[float, float]]] = {"ours": []}
    for players in sizes:
        trf = write_history(folder, players)
        run, engine_cpu = ours("dutch", trf)
        series["ours"].append((players, engine_cpu))
        compared = peer(trf) if players <= peer_up_to else None
        if compared:
            series.setdefault("bbpPairings", []).append((players, compared[0].cpu))
        print(f"    fit: {players:>5,} players  {engine_cpu:8.2f} s pairing  {run.peak_mib:6.0f} MiB", flush=True)
    for name, values in series.items():
        if len(values) > 1:
            print(f"Dutch scaling, {name}: time ~ players^{slope(values):.2f} ({values[0][0]:,}-{values[-1][0]:,})")
    print(text_plot(series))
    if svg:
        svg.write_text(svg_plot(series), encoding="utf-8")
        print(f"plot written to {svg}")


def import_trf(folder: Path, players: int = 1_000) -> None:
    trf = write_history(folder, players, played=9, total=9)
    ledger = folder / f"import-{time.monotonic_ns()}.ledger"
    run = measure([*arbiter_command(), "import-trf", str(trf), "--ledger", str(ledger), "--system", "dutch"])
    print(
        f"`arbiter import-trf`, {players:,} players, 9 rounds: {run.cpu:.2f} s CPU, {run.wall:.2f} s wall, "
        f"{run.peak_mib:.0f} MiB (exit {run.returncode})   [target <= 3 s, one transaction]",
        flush=True,
    )


def startup(folder: Path) -> None:
    """`arbiter --help`, `standings`, `result` as processes on the 100-player Swiss of startup_bench.py
    (five rounds sealed, round 6 half played, its read models current as a desk leaves them), the project
    byte-compiled first (`byte_compile`): `result` loads the ledger and the read models too, which
    compiled at every run took 70 ms of its CPU (docs/performance.md, "Start-up, session 8")."""
    from startup_bench import PACKAGES, build_ledger

    byte_compile(*PACKAGES)

    path = folder / "startup.ledger"
    round_number, board = build_ledger(path, 100)
    arbiter = arbiter_command()
    commands = {
        "--help": [*arbiter, "--help"],
        "standings": [*arbiter, "standings", "--ledger", str(path)],
        "result": [*arbiter, "result", str(round_number), str(board), "1-0", "--ledger", str(path)],
    }
    for name, command in commands.items():
        run = measure(command)
        target = "<= 250 ms" if name == "result" else "<= 150 ms"
        print(
            f"`arbiter {name}`, 100-player ledger: {run.wall * 1000:.0f} ms wall, {run.cpu * 1000:.0f} ms CPU "
            f"(exit {run.returncode})   [target {target}]",
            flush=True,
        )


def ledger_rows(folder: Path, events: int, repeats: int) -> None:
    """Rebuild / verify / standings from scratch, then command latency, on a log of `events` events."""
    from ledger_bench import build, percentiles, shape, time_commands, time_replay

    path = folder / f"ledger-{events}.ledger"
    build(path, *shape(events))
    replay = time_replay(path)
    verify = measure([*arbiter_command(), "verify", "--ledger", str(path)])
    shown = measure([*arbiter_command(), "standings", "--ledger", str(path)])
    scratch, scratch_cpu = replay.folded + replay.ranked, replay.folded_cpu + replay.ranked_cpu
    print(
        f"{replay.position:,} events: read-model rebuild {replay.rebuilt:.2f} s wall ({replay.rebuilt_cpu:.2f} s CPU) "
        f"/ `arbiter verify` {verify.wall:.2f} s wall ({verify.cpu:.2f} s CPU) / standings from scratch "
        f"(fold + rank) {scratch:.2f} s wall ({scratch_cpu:.2f} s CPU), "
        f"`arbiter standings` (stored tables) {shown.wall:.2f} s wall ({shown.cpu:.2f} s CPU)   "
        "[target <= 2 s / <= 1 s / <= 0.5 s]",
        flush=True,
    )
    samples = time_commands(path, repeats)["result"]
    print(
        f"command latency at {replay.position:,} events, `result`: {percentiles(samples)}   "
        "[target p50 <= 15, p95 <= 40 ms]"
    )


def rows(args: argparse.Namespace) -> dict[str, Callable[[Path], None]]:
    fit_sizes = args.fit_sizes or (QUICK_FIT_SIZES if args.quick else FIT_SIZES)
    return {
        "dutch-100": lambda f: pairing_row(f, "dutch", 100, "<= 0.1 s", args.peer_up_to),
        "dutch-1000": lambda f: pairing_row(f, "dutch", 1_000, "<= 0.5 s, identical to bbpPairings", args.peer_up_to),
        "dutch-5000": lambda f: pairing_row(f, "dutch", 5_000, "<= 5 s, < 500 MiB", args.peer_up_to),
        "dutch-9999": lambda f: pairing_row(f, "dutch", 9_999, "<= 30 s, < 1 GiB", args.peer_up_to),
        "burstein-1000": lambda f: pairing_row(f, "burstein", 1_000, "-"),
        "burstein-3000": lambda f: pairing_row(f, "burstein", 3_000, "<= 5 s"),
        "startup": startup,
        "import-trf": import_trf,
        "ledger": lambda f: ledger_rows(f, args.events, args.repeats),
        "fit": lambda f: fit(f, fit_sizes, args.peer_up_to, args.svg),
    }


QUICK = ("dutch-100", "dutch-1000", "burstein-1000", "startup", "fit")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help=f"only {', '.join(QUICK)} (fit at 500-2,000)")
    parser.add_argument("--rows", nargs="+", metavar="ROW", help="rows to run (default: all); see --list")
    parser.add_argument("--list", action="store_true", help="list the rows and stop")
    parser.add_argument("--fit-sizes", type=int, nargs="+", help="players for the scaling fit")
    parser.add_argument(
        "--peer-up-to",
        type=int,
        default=2_000,
        help="the Dutch rows and the fit run BBP_BIN only up to these players (default 2,000)",
    )
    parser.add_argument("--svg", type=Path, help="write the fit's plot to this SVG file as well")
    parser.add_argument("--events", type=int, default=100_000, help="events of the ledger rows (default 100,000)")
    parser.add_argument("--repeats", type=int, default=40, help="results timed for the latency row")
    args = parser.parse_args()
    table = rows(args)
    if args.list:
        print("\n".join(table))
        return
    chosen = args.rows or (QUICK if args.quick else tuple(table))
    unknown = [name for name in chosen if name not in table]
    if unknown:
        parser.error(f"unknown rows {', '.join(unknown)}; the rows are {', '.join(table)}")
    with tempfile.TemporaryDirectory() as folder:
        for name in chosen:
            table[name](Path(folder))


if __name__ == "__main__":
    main()
