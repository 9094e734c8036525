"""Random tournaments checked both ways against a peer engine (docs/fide-mode.md, Q33-39).

    nice -n 19 python benchmarks/peer_cross_check.py --peer PATH/bbpPairings.exe
        [--first-seed 1] [--tournaments 200] [--jobs 2] [--keep DIR] [--until HH:MM] [--progress 60]
        [--baku]

Each seed S from `--first-seed` on makes two tournaments:

- ours: what ``arbiter-pair --dutch -g ours.cfg -s S`` writes (``ours.cfg`` says ``Baku=no``, or with
  `--baku` ``Baku=yes``; every other setting is drawn from the seed: players, rounds, byes, forfeits,
  unusual results, tie-breaks), made in this process (`pairing.cli.generated`) and checked by the
  peer's ``--dutch FILE -c``. bbpPairings v6 reads ``192 FIDE_DUTCH_BAKU`` but takes the first
  ceil(N/2) players as group A, not C.04.7's 2 x ceil(N/4) (docs/research/fide/07-baku-acceleration.md):
  a difference that the peer drops when given our virtual points as ``XXA`` lines is counted apart,
  as its group A. When our engine finds no
  valid pairing for a round (a few players, many rounds), the peer pairs the tournament up to it
  (``-p``): the generator could not make it if the peer finds none either, else it is a difference;
- the peer's: made by the peer's own generator (``-g``, players 10-80 and rounds 5-11 drawn from the
  seed) and checked in this process by the checker behind ``arbiter-pair --dutch FILE -c``
  (`pairing.checker.check_rounds`).

A tournament is a difference when the checker reports a round it pairs otherwise, pairs or colours (as
bbpPairings' checker compares them), or cannot read or check the file. The files of a difference go to
`--keep`, with a note of the commands that make and check them again and the checker's report.
Seeds are independent, so a range gives the same figures whatever `--jobs`, and a long run is resumed
(or split) by seed ranges; `--until` stops taking seeds at a UTC time and the figures then cover the
seeds done, from the first on without a gap. Progress goes to stderr; the figures, ending in one
``summary:`` line, to stdout. CPU seconds are those of each seed's work: this harness's worker and the
peer's processes it ran. Only the Dutch system is compared: bbpPairings' Burstein is the pre-2025 one.
"""

from __future__ import annotations

import argparse
import datetime
import random
import re
import shlex
import subprocess
import sys
import tempfile
import time
import traceback
from contextlib import closing
from dataclasses import dataclass, field
from decimal import Decimal
from functools import partial
from pathlib import Path

from attrs import evolve

from pairing.checker import check_rounds
from pairing.cli import dutch_pair, generated
from pairing.fide.acceleration import virtual_points as baku_points
from pairing.generator import GeneratorConfig, UnpairedRound
from pairing.trf import format, parse
from pairing.trf.convert import check_players, last_paired_round, to_pairing_input
from pairing.trf.document import JavafoAccelerationRecord, TournamentRecord, TrfDocument
from tui.pair import fide_standings

sys.path.insert(0, str(Path(__file__).resolve().parent))

from seed_runs import cpu_seconds, deadline, in_seed_order, load, stop_on_signals

ARBITER_PAIR = [sys.executable, "-m", "tui.pair", "--dutch"]
HEADING = re.compile(r"^\S+: (Round #\d+|Standings \(.*\))$")
"""A checker's heading of a round (bbpPairings, arbiter-pair) or of the standings (arbiter-pair)."""
AGREED, DIFFERS, NOT_MADE, GROUP_A = "agreed", "differs", "not made", "the peer's group A"
PEER_NO_VALID_PAIRING = 1
"""bbpPairings' exit code when no valid pairing exists (its README), as ``arbiter-pair``'s."""


@dataclass(frozen=True)
class Setting:
    """What a run compares: the peer, where differences are kept, our generator's configuration."""

    peer: str
    keep: Path | None
    baku: bool = False

    @property
    def ours_config(self) -> str:
        """Baku or no acceleration; everything else drawn from the seed."""
        return f"Baku={'yes' if self.baku else 'no'}\n"


@dataclass(frozen=True)
class Outcome:
    """One tournament of one way: whether its checker agreed with its generator, and the rounds checked."""

    status: str
    rounds: int = 0


@dataclass(frozen=True)
class SeedResult:
    """Both ways of one seed, and the CPU seconds they took."""

    seed: int
    ours: Outcome
    """Ours generated, the peer checked."""
    theirs: Outcome
    """The peer generated, ours checked."""
    cpu: float


def run(command: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)


def peer_config(seed: int) -> str:
    """The peer generator's configuration of seed `seed`: players, then rounds, drawn from it."""
    drawn = random.Random(seed)
    return f"PlayersNumber={drawn.randint(10, 80)}\nRoundsNumber={drawn.randint(5, 11)}\n"


def ours_generated_peer_checked(setting: Setting, seed: int, folder: Path) -> Outcome:
    """Our tournament of `seed`, made in process as ``arbiter-pair -g`` makes it, checked by the peer."""
    try:
        document, _ = generated("dutch", GeneratorConfig.from_text(setting.ours_config), seed, tiebreaks=fide_standings)
    except UnpairedRound as unpaired:
        return _peer_pairs(setting, seed, unpaired, folder)
    except ValueError as error:
        return _kept(setting, f"ours-{seed}", NOT_MADE, 0, f"arbiter-pair -g could not make it: {error}", seed)
    trf = folder / f"ours-{seed}.trf"
    trf.write_text(format(document), encoding="utf-8", newline="")
    rounds = last_paired_round(document)
    checked = run([setting.peer, "--dutch", str(trf), "-c"])
    if _peer_agrees(checked):
        return Outcome(AGREED, rounds)
    report = f"the peer's report (exit {checked.returncode}):\n{checked.stdout}{checked.stderr}"
    if setting.baku:
        explicit = folder / f"ours-{seed}-xxa.trf"
        explicit.write_text(format(with_baku_written_out(document)), encoding="utf-8", newline="")
        if _peer_agrees(run([setting.peer, "--dutch", str(explicit), "-c"])):
            report += (
                f"\nexplained: {len(document.players)} players; C.04.7's group A is 2 x ceil(N/4) of them, "
                f"bbpPairings' ceil(N/2); given our virtual points as XXA lines ({explicit.name}, "
                "192 without _BAKU), the peer finds no difference\n"
            )
            return _kept(setting, f"ours-{seed}", GROUP_A, rounds, report, seed, trf, explicit)
    return _kept(setting, f"ours-{seed}", DIFFERS, rounds, report, seed, trf)


def _peer_agrees(checked: subprocess.CompletedProcess[str]) -> bool:
    """The peer's ``-c`` ran and found nothing to report: only its headings."""
    lines = [line for line in checked.stdout.splitlines() if line.strip()]
    return checked.returncode == 0 and all(HEADING.match(line) for line in lines)


def with_baku_written_out(document: TrfDocument) -> TrfDocument:
    """`document` with the virtual points our engine gives its Baku group A (`pairing.fide.acceleration`)
    written as JaVaFo's ``XXA`` lines, which a peer applies as given, and ``192`` without ``_BAKU``."""
    table = baku_points(to_pairing_input(document, 1))
    rounds = max((round_number for _, round_number in table), default=0)
    written = tuple(
        JavafoAccelerationRecord(
            player=player, points=tuple(Decimal(str(table.get((player, r), 0))) for r in range(1, rounds + 1))
        )
        for player in sorted({player for player, _ in table})
    )
    records = tuple(
        TournamentRecord(code="192", text=record.text.removesuffix("_BAKU"))
        if isinstance(record, TournamentRecord) and record.code == "192"
        else record
        for record in document.records
    )
    return evolve(document, records=(*records, *written))


def _peer_pairs(setting: Setting, seed: int, unpaired: UnpairedRound, folder: Path) -> Outcome:
    """Our generator found no valid pairing for a round: the peer pairs the tournament up to it. If the
    peer finds none either (its exit code 1), the tournament is one the generator could not make;
    if it pairs the round, or fails otherwise, that is a difference."""
    trf = folder / f"ours-{seed}.trf"
    trf.write_text(format(unpaired.document), encoding="utf-8", newline="")
    paired = run([setting.peer, "--dutch", str(trf), "-p"])
    if paired.returncode == PEER_NO_VALID_PAIRING:
        return Outcome(NOT_MADE)
    report = (
        f"arbiter-pair -g found no valid pairing for round {unpaired.round} ({unpaired}); the file is the "
        f"tournament up to it, which the peer pairs (--dutch ours-{seed}.trf -p, exit {paired.returncode}):\n"
        f"{paired.stdout}{paired.stderr}"
    )
    return _kept(setting, f"ours-{seed}", DIFFERS, 1, report, seed, trf)


def peer_generated_ours_checked(setting: Setting, seed: int, folder: Path) -> Outcome:
    """The peer's tournament of `seed`, checked in process by ``arbiter-pair -c``'s checker. A peer
    generator that fails (e.g. more rounds than its players can play without a rematch) makes nothing
    to check."""
    config = folder / f"peer-{seed}.cfg"
    config.write_text(peer_config(seed), encoding="utf-8")
    trf = folder / f"peer-{seed}.trf"
    if (
        run([setting.peer, "--dutch", "-g", str(config), "-o", str(trf), "-s", str(seed)]).returncode != 0
        or not trf.exists()
    ):
        return Outcome(NOT_MADE)
    try:
        document = parse(trf.read_text(encoding="utf-8"))
        check_players(document)
        rounds = last_paired_round(document)
        checks = list(check_rounds(document, dutch_pair))
    except Exception:  # any failure to read or check the peer's file is a difference, kept
        return _kept(setting, f"peer-{seed}", DIFFERS, 0, traceback.format_exc(), seed, trf)
    differ = [c.round for c in checks if c.differs]
    colours = [c.round for c in checks if c.colours_differ]
    if not differ and not colours:
        return Outcome(AGREED, rounds)
    checked = run([*ARBITER_PAIR, str(trf), "-c"])
    report = f"rounds that differ: {differ}; rounds whose colours differ: {colours}\n"
    report += f"arbiter-pair's report (exit {checked.returncode}):\n{checked.stdout}{checked.stderr}"
    return _kept(setting, f"peer-{seed}", DIFFERS, rounds, report, seed, trf)


def reproduce(setting: Setting, name: str, seed: int) -> str:
    """The shell commands that make and check tournament `name` of `seed` again."""
    trf = f"{name}.trf"
    if name.startswith("ours-"):
        return "\n".join(
            [
                f"printf {_printf(setting.ours_config)} > ours.cfg",
                f"arbiter-pair --dutch -g ours.cfg -o {trf} -s {seed}",
                f"{shlex.quote(setting.peer)} --dutch {trf} -c",
            ]
        )
    return "\n".join(
        [
            f"printf {_printf(peer_config(seed))} > {name}.cfg",
            f"{shlex.quote(setting.peer)} --dutch -g {name}.cfg -o {trf} -s {seed}",
            f"arbiter-pair --dutch {trf} -c",
        ]
    )


def _printf(text: str) -> str:
    """`text` as printf's quoted format, its line ends written ``\\n``."""
    return shlex.quote(text.replace("\n", "\\n"))


def _kept(setting: Setting, name: str, status: str, rounds: int, report: str, seed: int, *files: Path) -> Outcome:
    """An outcome worth study: its files and a note (how to make it again, the report) in `keep`."""
    keep = setting.keep
    if keep is not None:
        for kept in files:
            (keep / kept.name).write_bytes(kept.read_bytes())
        note = f"seed {seed}, {name}: {status}\nto make and check it again:\n{reproduce(setting, name, seed)}\n\n"
        (keep / f"{name}.txt").write_text(note + report, encoding="utf-8")
    return Outcome(status, rounds)


def cross_check(setting: Setting, seed: int) -> SeedResult:
    """Both ways of one seed, with the CPU seconds they took (this process's and the peer's)."""
    started = cpu_seconds()
    with tempfile.TemporaryDirectory(prefix="cross-check-") as scratch:
        ours = ours_generated_peer_checked(setting, seed, Path(scratch))
        theirs = peer_generated_ours_checked(setting, seed, Path(scratch))
    return SeedResult(seed, ours, theirs, cpu_seconds() - started)


@dataclass
class Way:
    """The figures of one way of the comparison."""

    name: str
    tournaments: int = 0
    rounds: int = 0
    differences: list[int] = field(default_factory=list)
    group_a: list[int] = field(default_factory=list)
    """Differences explained by the peer's Baku group A (`--baku`)."""
    not_made: list[int] = field(default_factory=list)

    def add(self, seed: int, outcome: Outcome) -> None:
        if outcome.status == NOT_MADE:
            self.not_made.append(seed)
            return
        self.tournaments += 1
        self.rounds += outcome.rounds
        if outcome.status == DIFFERS:
            self.differences.append(seed)
        if outcome.status == GROUP_A:
            self.group_a.append(seed)

    def line(self) -> str:
        seeds = f" (seeds {', '.join(map(str, self.differences[:20]))})" if self.differences else ""
        return (
            f"{self.name}: {self.tournaments} tournaments, {self.rounds} rounds checked, "
            f"{len(self.differences)} tournaments with a difference{seeds} "
            f"({len(self.not_made)} the generator could not make)"
            + (f", {len(self.group_a)} explained by the peer's Baku group A" if self.group_a else "")
        )


@dataclass
class Tally:
    """The figures of a run: seeds `first` to `first + done - 1`, both ways."""

    first: int
    ways: tuple[Way, Way] = field(
        default_factory=lambda: (Way("ours generated, the peer checked"), Way("the peer generated, ours checked"))
    )
    done: int = 0
    cpu: float = 0.0

    def add(self, result: SeedResult) -> None:
        self.ways[0].add(result.seed, result.ours)
        self.ways[1].add(result.seed, result.theirs)
        self.done += 1
        self.cpu += result.cpu

    @property
    def seeds(self) -> str:
        return f"seeds {self.first}-{self.first + self.done - 1}"

    @property
    def tournaments(self) -> int:
        return sum(way.tournaments for way in self.ways)

    def progress(self, wall: float, planned: int) -> str:
        left = (planned - self.done) * wall / self.done if self.done else 0.0
        return (
            f"{self.seeds}: {self.done} of {planned}, differences "
            f"{len(self.ways[0].differences)} and {len(self.ways[1].differences)}, {wall:.0f} s, "
            f"about {left / 60:.0f} min left, load {load()}"
        )

    def summary(self, peer: str, wall: float, jobs: int) -> str:
        ours, theirs = self.ways
        rate = self.tournaments / self.cpu if self.cpu else 0.0
        return (
            f"summary: Dutch, peer {Path(peer).name}, {self.seeds} ({self.done} seeds), "
            f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d}: ours generated {ours.tournaments} tournaments "
            f"({ours.rounds} rounds; {len(ours.not_made)} it could not make, nor the peer pair), the peer found "
            f"{len(ours.differences)} with a difference"
            + (f" and {len(ours.group_a)} explained by its Baku group A" if self.ways[0].group_a else "")
            + "; the peer generated "
            f"{theirs.tournaments} ({theirs.rounds} rounds; {len(theirs.not_made)} it could not make), ours found "
            f"{len(theirs.differences)} with a difference; {wall:.0f} s, {self.cpu:.0f} CPU-s, "
            f"{rate:.2f} tournaments per CPU-second, {jobs} jobs, load {load()}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--peer", required=True, help="the peer's executable (bbpPairings)")
    parser.add_argument("--first-seed", type=int, default=1, help="the first seed; the others follow it")
    parser.add_argument("--tournaments", type=int, default=200, help="how many seeds (a tournament each way)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--keep", type=Path, help="a folder for the tournaments that differ, with notes")
    parser.add_argument(
        "--baku", action="store_true", help="our tournaments with Baku acceleration (192 FIDE_DUTCH_BAKU)"
    )
    parser.add_argument("--until", type=deadline, metavar="HH:MM", help="stop taking seeds at this UTC time")
    parser.add_argument("--progress", type=float, default=60.0, help="seconds between progress lines (stderr)")
    args = parser.parse_args()
    if args.keep is not None:
        args.keep.mkdir(parents=True, exist_ok=True)
    stop_on_signals()
    print(f"load at start: {load()}", file=sys.stderr)
    started = shown = time.perf_counter()
    tally = Tally(args.first_seed)
    seeds = range(args.first_seed, args.first_seed + args.tournaments)
    setting = Setting(args.peer, args.keep, args.baku)
    with closing(in_seed_order(partial(cross_check, setting), seeds, args.jobs)) as stream:
        try:
            for result in stream:
                tally.add(result)
                if time.perf_counter() - shown >= args.progress:
                    shown = time.perf_counter()
                    print(tally.progress(shown - started, len(seeds)), file=sys.stderr, flush=True)
                if args.until is not None and time.time() >= args.until:
                    print("stopped: the --until time has come", file=sys.stderr)
                    break
        except KeyboardInterrupt:
            print("interrupted", file=sys.stderr)
    wall = time.perf_counter() - started
    for way in tally.ways:
        print(way.line())
    print(tally.summary(args.peer, wall, args.jobs), flush=True)


if __name__ == "__main__":
    main()
