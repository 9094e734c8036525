"""The Dutch `arbiter-pair` process of two checkouts, run alternately on the same files, for comparing
code before and after a change on a busy machine (where one run's figures vary more than the change).

    git archive main | tar -x -C /tmp/old && cp pairing/_native/_blossom*.so /tmp/old/pairing/_native/
    python benchmarks/dutch_alternate.py --code /tmp/old --sizes 100 1000 3000 --runs 4

Each size's file is round 10 of 11 of `swiss_histories` (seed 1), as `issue_table.py` writes it.
Each run pairs it with `python -m tui.pair --dutch file -p out` (the `arbiter-pair` command) under
the other checkout (`--code`, on PYTHONPATH; the process runs in the file's folder), then under this
one, both byte-compiled first (as an install is); it prints the process's CPU seconds and the engine's own
(`ARBITER_PAIR_ENGINE_CPU`), and whether the two output files are byte for byte the same.
"""

from __future__ import annotations

import argparse
import compileall
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from issue_table import write_history
from processes import measure

from pairing.cli import ENGINE_CPU

HERE = Path(__file__).resolve().parent.parent


def pair_with(code: Path, trf: Path, output: Path) -> tuple[float, float]:
    """The process's CPU seconds and the engine's, pairing `trf` with the checkout at `code`."""
    clock = output.with_suffix(".engine-cpu")
    environment = {**os.environ, "PYTHONPATH": str(code), ENGINE_CPU: str(clock)}
    command = [sys.executable, "-m", "tui.pair", "--dutch", str(trf), "-p", str(output)]
    run = measure(command, cwd=trf.parent, environment=environment)  # not here: `-m` puts the cwd first
    if run.returncode:
        raise SystemExit(f"{code}: pairing {trf} failed (exit {run.returncode})")
    return run.cpu, float(clock.read_text())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", type=Path, required=True, help="the other checkout (e.g. from `git archive`)")
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1_000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--folder", type=Path, help="where the histories are written (default: a temporary folder)")
    args = parser.parse_args()
    checkouts = {"other": args.code.resolve(), "this": HERE}
    for code in checkouts.values():
        for package in ("pairing", "tui"):
            compileall.compile_dir(code / package, quiet=1)
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.folder or Path(scratch)
        for players in args.sizes:
            trf = write_history(folder, players)
            for _ in range(args.runs):
                figures = []
                for name, code in checkouts.items():
                    process, engine = pair_with(code, trf, trf.with_suffix(f".{name}"))
                    figures.append(f"{name} {process:.2f} s process ({engine:.3f} s pairing)")
                same = trf.with_suffix(".other").read_bytes() == trf.with_suffix(".this").read_bytes()
                verdict = "yes" if same else "NO"
                print(f"{players:>5,} players: " + ", ".join(figures) + f"; same file: {verdict}", flush=True)


if __name__ == "__main__":
    main()
