"""Tie-breaks checked against FIDE's reference tie-break program, Gacrux (docs/fide-mode.md, Q33-39
and Q199).

    nice -n 19 python benchmarks/tiebreak_cross_check.py --gacrux PATH/TieBreakServer [--seeds 1-200]
        [--jobs 2] [--until HH:MM] [--progress 60] [--bbp PATH/bbpPairings.exe | --gacrux-generated]
        [--peer-generated 50]
        [--files FILE_OR_FOLDER ...] [--keep DIR]

Gacrux (OttoMilvang/TieBreakServer, MIT licence, (c) FIDE) is run only as an external program: its
``tiebreakchecker.py`` is given each TRF file and the tie-break list, and prints every player's values
and rank (JSON); one process of `gacrux_worker.py` per worker runs it file after file, as its command
line would (Python's start and Gacrux's imports were four fifths of a run). Ours are the checker's
(`arbiter-pair -c`): `pairing.trf.standings.places` with the standings the ``arbiter-pair`` command
wires in (`tui.pair.fide_standings`, i.e. `projections.standings` and `projections.tiebreaks`), so the
one place that computes each rule is the one compared.

Five sources of tournaments:

- each seed of `--seeds` (``A-B``): a tournament made by our generator (`arbiter-pair -g`, in process),
  Dutch, Dubov and Burstein in turn, its other settings (players, rounds, byes, forfeits, unusual
  results, Baku) drawn from the seed, with a ``TieBreaks=`` list of three to six descriptors drawn here
  from `COMMON` (so the generator's own random list plays no part);
- with `--bbp`, each seed of `--seeds` is instead a tournament made by bbpPairings' generator (``--dutch
  -g CONFIG -s SEED``, the players and rounds of `peer_cross_check.peer_config`, its byes, forfeits,
  withdrawals and ratings drawn by bbpPairings from the seed), ranked by the same drawn list: another
  program's tournaments, ranked by ours and by Gacrux;
- with `--gacrux-generated`, each seed of `--seeds` is made by Gacrux's own generator
  (`peer_generated`: ``tournamentgenerator.py``, Dutch, its players, rounds, ratings and bye rates drawn
  from the seed), ranked by the seed's drawn list, in `--jobs` workers as the others;
- `--peer-generated N`: N tournaments made by Gacrux's own generator, its numbers 0 to N-1 (as with
  `--gacrux-generated`), with the whole of `COMMON` as the list, one after another;
- `--files`: TRF files (a folder: its ``*.trf``), with their ``202`` list or else the whole of `COMMON`.

In every tournament the values of every descriptor of `COMMON` (and of the list) are compared, per
player, as exact decimals after the readings `comparable` applies (each a difference of presentation,
docs/fide-mode.md); the ranks compared are those the list gives (a tied group shares its best rank in
both programs). Each difference is classified by `explained`: a documented reading gives Gacrux's value
exactly, or it is unexplained. Seeds are independent, so a range gives the same figures whatever
`--jobs`; `--until` stops taking seeds at a UTC time (or SIGTERM stops the run) and the figures then
cover the seeds done, from the first on without a gap. Figures printed: tournaments (by system, with
Baku), rounds, players, values compared and codes, differences by code and those unexplained, ending in
one ``summary:`` line with the seed range, the UTC times, CPU seconds (Gacrux's processes included) and
the load. Progress goes to stderr. A file that differs is copied into `--keep` with a ``.diff.txt``
report beside it.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import io
import json
import os
import random
import selectors
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from functools import partial
from pathlib import Path
from typing import ClassVar

from ledger.settings import KoyaLimit, koya_limit
from pairing.model import Entrant
from pairing.trf import TrfDocument, parse
from pairing.trf.convert import entrants, last_paired_round, scoring
from pairing.trf.standings import Place, places, tiebreak_list
from tui import pair

sys.path.insert(0, str(Path(__file__).resolve().parent))

from peer_cross_check import peer_config
from seed_runs import cpu_seconds, deadline, in_seed_order, load, stop_on_signals

COMMON = (
    "BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2", "FB", "FB/C1", "AOB", "AOB/F",
    "SB", "SB/C1", "DE", "WIN", "WON", "BPG", "BWG", "PS", "PS/C1", "REP", "STD", "TPN", "KS",
    "ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO", "RTNG", "DE/P", "KS/L60", "KS/L+1", "KS/L-1",
)  # fmt: skip
"""The MTB26 descriptors of C.07 (2026) individual tie-breaks that both programs compute, with every
modifier both take (Art. 14: cuts, medians, FB for AOB, forfeits played for DE, KS's Limit)."""

SYSTEMS = ("dutch", "dubov", "burstein")
POINTS = "PTS"
"""Gacrux's name for the score, the first key of both rankings."""
RANK = "rank"
"""The key of a rank difference in the counts."""


@dataclass(frozen=True)
class Row:
    """One player as a program ranks them: the score, the tie-break values (list order), the rank."""

    values: tuple[Decimal | None, ...]
    rank: int


@dataclass(frozen=True)
class Difference:
    player: int
    code: str
    """A descriptor of the list, `POINTS`, or `RANK`."""
    ours: object
    theirs: object

    def line(self) -> str:
        return f"player {self.player}: {self.code}: ours {self.ours}, Gacrux {self.theirs}"


def comparable(descriptor: str, value: Decimal | None) -> Decimal | None:
    """One of our values as Gacrux writes it: TPN is ours negated (we sort every value descending,
    docs/fide-mode.md), AOB Gacrux rounds to two decimals (0.5 up). DE is a rank, not a value, in both
    programs (ours: the tied players it places below; Gacrux: its own counter), so it is compared through
    the ranks only (None here). (A value we give as 0 for want of a game, ARO-C1 after one rated game say,
    Gacrux leaves empty: `compare` skips it.)"""
    code = descriptor.upper().split("/")[0]
    if value is None or code == "DE":
        return None
    if code == "TPN":
        return -value
    if code == "AOB":
        return value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    return value


def ours(document: TrfDocument, descriptors: Sequence[str]) -> dict[int, Row]:
    """Player -> our row, as `arbiter-pair -c` computes it (`places` with `tui.pair.fide_standings`)."""
    rows = {}
    for place in places(document, descriptors, pair.fide_standings):
        values = [_decimal(place.points)] + [
            comparable(descriptor, _decimal(value)) for descriptor, value in zip(descriptors, place.values, strict=True)
        ]
        rows[place.player] = Row(tuple(values), place.first)
    return rows


def _decimal(value: float) -> Decimal:
    return Decimal(repr(value))


FORE = ("FB", "FB/C1", "AOB/F")
"""The descriptors Gacrux computes with Fore Buchholz, which leaves its players' state changed for the
Buchholz-type tie-breaks it computes after them in the same run (docs/fide-mode.md, Q33-39)."""


@dataclass(frozen=True)
class Peer:
    """Gacrux's rows for a list, whether its ranks come from a run whose values depend on the list's
    order, and the values of every code `theirs` read (`codes`, the `FORE` descriptors last)."""

    rows: dict[int, Row]
    order_dependent: bool = False
    codes: tuple[str, ...] = ()
    values: dict[int, Row] = field(default_factory=dict)
    """Player -> the row of the run in `codes`' order (score, then each of `codes`)."""


def fore_last(descriptors: Iterable[str]) -> tuple[str, ...]:
    """`descriptors` once each, the `FORE` ones last, where no Gacrux value depends on the order."""
    unique = tuple(dict.fromkeys(descriptors))
    return tuple(d for d in unique if d not in FORE) + tuple(d for d in unique if d in FORE)


def theirs(gacrux: Path, trf: Path, descriptors: Sequence[str], rounds: int, every: Sequence[str] = ()) -> Peer:
    """Gacrux's rows for `descriptors` (`gacrux_rows`). Its values are read from a run of `descriptors`
    and `every` with the `FORE` descriptors last (`fore_last`), where no value depends on the order; its
    ranks from the run in the list's order (the one a tournament would publish), marked
    `Peer.order_dependent` if its values differ."""
    ranked = gacrux_rows(gacrux, trf, descriptors, rounds)
    codes = fore_last((*descriptors, *every))
    if codes == tuple(descriptors):
        return Peer(ranked, codes=codes, values=ranked)
    valued = gacrux_rows(gacrux, trf, codes, rounds)
    where = [1 + codes.index(descriptor) for descriptor in descriptors]
    rows = {
        player: Row((row.values[0], *(valued[player].values[index] for index in where)), row.rank)
        for player, row in ranked.items()
    }
    dependent = any(rows[player].values != ranked[player].values for player in rows)
    return Peer(rows, dependent, codes, valued)


def gacrux_rows(gacrux: Path, trf: Path, descriptors: Sequence[str], rounds: int) -> dict[int, Row]:
    """Player -> Gacrux's row: ``tiebreakchecker.py -s`` (a Swiss) on `trf` with `descriptors`, each read by
    the 2026 rules (modifier ``/V2026``; Gacrux otherwise picks the rules of the file's start date), as
    the standings after `rounds` rounds, the last of them read as the final one (``-n`` and ``-N``: a file
    may hold a round to pair, or stop before the rounds it announces; docs/fide-mode.md, Q33-39), run by
    this process's `Gacrux` worker."""
    listed = [POINTS, *(f"{descriptor}/V2026" for descriptor in descriptors)]
    arguments = ["-s", "-i", str(trf), "-n", str(rounds), "-N", str(rounds), "-t", *listed]
    done = Gacrux.of(gacrux).run(arguments)
    if done["code"] != 0:
        raise ValueError(f"Gacrux failed on {trf.name}: {str(done['stderr']).strip()[-500:]}")
    result = json.loads(str(done["stdout"]))["tiebreakResult"]
    return {
        competitor["cid"]: Row(
            tuple(None if value is None else Decimal(str(value)) for value in competitor["tiebreakScore"]),
            competitor["rank"],
        )
        for competitor in result["competitors"]
    }


class Gacrux:
    """Gacrux's checker in a process of its own (`gacrux_worker.py`), kept for every file this process
    compares: one per Gacrux folder and process (a worker of the pool starts its own), so that Python's
    start and Gacrux's imports are paid once, not twice a file. `cpu` adds up the CPU seconds its runs
    took, which the process's own clock does not see."""

    WORKER = Path(__file__).resolve().parent / "gacrux_worker.py"
    TIMEOUT = 600.0
    _running: ClassVar[dict[tuple[Path, int], Gacrux]] = {}
    cpu: ClassVar[float] = 0.0

    def __init__(self, folder: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(self.WORKER), str(folder)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    @classmethod
    def of(cls, folder: Path) -> Gacrux:
        key = (folder, os.getpid())
        if key not in cls._running:
            cls._running[key] = cls(folder)
        return cls._running[key]

    def run(self, arguments: Sequence[str]) -> dict[str, object]:
        """What ``tiebreakchecker.py ARGUMENTS`` would give: ``code``, ``stdout``, ``stderr``."""
        stdin, stdout = self.process.stdin, self.process.stdout
        if stdin is None or stdout is None:
            raise ValueError("the Gacrux worker has no pipes")
        stdin.write(json.dumps(list(arguments)) + "\n")
        stdin.flush()
        with selectors.DefaultSelector() as waiting:  # not `select.select`: a long test run holds fds over 1,024
            waiting.register(stdout, selectors.EVENT_READ)
            ready = waiting.select(self.TIMEOUT)
        answer = stdout.readline() if ready else ""
        if not answer:
            self.process.kill()
            self._running.pop(next(k for k, v in self._running.items() if v is self))
            raise ValueError(f"the Gacrux worker stopped or took over {self.TIMEOUT:.0f} s")
        done = json.loads(answer)
        Gacrux.cpu += float(done["cpu"])
        return done


def compare(descriptors: Sequence[str], mine: Mapping[int, Row], peer: Mapping[int, Row]) -> list[Difference]:
    """Every value (score, then each descriptor) and every rank on which the two programs differ. A
    value compares only where both give one (`comparable` leaves DE to the ranks); a player only one
    program knows is a rank difference."""
    codes = (POINTS, *descriptors)
    found = []
    for player in sorted(mine.keys() | peer.keys()):
        if player not in mine or player not in peer:
            found.append(Difference(player, RANK, mine.get(player), peer.get(player)))
            continue
        for code, a, b in zip(codes, mine[player].values, peer[player].values, strict=True):
            if a is not None and b is not None and a != b:
                found.append(Difference(player, code, a, b))
        if mine[player].rank != peer[player].rank:
            found.append(Difference(player, RANK, mine[player].rank, peer[player].rank))
    return found


def values_compared(descriptors: Sequence[str], mine: Mapping[int, Row], peer: Mapping[int, Row]) -> int:
    """How many (player, value) pairs `compare` compares: both programs give a value."""
    return sum(
        a is not None and b is not None
        for player in mine.keys() & peer.keys()
        for a, b in zip(mine[player].values, peer[player].values, strict=True)
    )


@dataclass
class Tally:
    """The figures of a run, or of one seed's part of it (`add` sums them)."""

    tournaments: int = 0
    rounds: int = 0
    players: int = 0
    values: int = 0
    differing: int = 0
    failed: int = 0
    not_made: int = 0
    """Tournaments the generator could not make (no valid pairing for a round, say)."""
    baku: int = 0
    """Tournaments with Baku acceleration (``192 ..._BAKU``)."""
    cpu: float = 0.0
    """CPU seconds: this process's (or a worker's) and those of the Gacrux processes it ran."""
    systems: Counter[str] = field(default_factory=Counter)
    codes: set[str] = field(default_factory=set)
    """Every descriptor whose values were compared."""
    differences: Counter[str] = field(default_factory=Counter)
    unexplained: Counter[str] = field(default_factory=Counter)
    """The differences `explained` does not put down to a documented reading."""

    def add(self, other: Tally) -> None:
        for name in ("tournaments", "rounds", "players", "values", "differing", "failed", "not_made", "baku", "cpu"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.systems.update(other.systems)
        self.codes |= other.codes
        self.differences.update(other.differences)
        self.unexplained.update(other.unexplained)

    def lines(self, name: str) -> list[str]:
        systems = f" ({_counts(self.systems)}; Baku {self.baku})" if self.systems else ""
        return [
            f"{name}: {self.tournaments} tournaments{systems}, {self.rounds} rounds, {self.players} players, "
            f"{self.values} values compared over {len(self.codes)} codes",
            f"  tournaments with a difference: {self.differing} (could not be read or run: {self.failed}; "
            f"the generator could not make: {self.not_made})",
            f"  differences by code: {_counts(self.differences)}",
            f"  of which no documented reading explains: {_counts(self.unexplained)}",
        ]


def _counts(counter: Counter[str]) -> str:
    return ", ".join(f"{code} {count}" for code, count in sorted(counter.items())) or "none"


def _exact(value: float) -> Decimal:
    return Decimal(repr(value))


def std_against_a_draw(player: Entrant, draw: float) -> Decimal:
    """C.07 7.7 (2026) STD as Gacrux reads it: every round's points compared with a draw's, with or
    without an opponent (ours compares a round with an opponent with the opponent's points)."""
    return sum(
        (Decimal(1) if r.points > draw else Decimal("0.5") if r.points == draw else Decimal(0) for r in player.history),
        Decimal(0),
    )


HALF_POINT = 0.5
"""Gacrux's step of the 14.5 Limit (``KS/L+1``): half a point whatever the points table."""


@dataclass(frozen=True)
class KoyaReading:
    """How a program reads KS (9.2) with the 14.5 Limit in a Swiss: whether a forfeited round counts
    against the scheduled opponent, and how many points one step of the Limit moves it."""

    forfeits: bool
    step: float

    def value(
        self, descriptor: str, player: Entrant, players: Mapping[int, Entrant], rounds: int, win: float
    ) -> Decimal:
        """The player's KS: the points of each round against an opponent (played, or forfeited if
        `forfeits`) who finished at the limit or above (`ledger.settings.koya_limit`: `percent` % of every
        round's win, `rounds` of them, moved by `steps` x `step`)."""
        limit = koya_limit(descriptor.replace("/", "-")) or KoyaLimit()
        threshold = Decimal(limit.percent) / 100 * _exact(win) * rounds + _exact(self.step) * limit.steps
        return sum(
            (
                _exact(r.points)
                for r in player.history
                if r.opponent is not None
                and (r.played or self.forfeits)
                and _exact(players[r.opponent].score) >= threshold
            ),
            Decimal(0),
        )


def explained(
    found: Sequence[Difference], document: TrfDocument, order_dependent: bool = False, listed: Sequence[str] = ()
) -> list[bool]:
    """For each difference, whether a reading docs/fide-mode.md sets down ("Tie-breaks against Gacrux")
    gives Gacrux's value exactly: STD with every round's points compared with a draw's
    (`std_against_a_draw`); KS (any Limit) read as Gacrux reads it, forfeits counted against the
    scheduled opponent and a Limit's step half a point, differing from ours read as we read it (games
    played, a step a draw's points) by exactly the difference found (`KoyaReading`); TPN the start rank
    where the pairing number is not (JaVaFo's ``XXC rank``, which Gacrux does not read); and a rank
    when every value difference of the ranking list (`listed`; empty: every code) is so explained and
    there is one, or Gacrux's ranks depend on the list's order (`Peer.order_dependent`)."""
    rounds = last_paired_round(document)
    points = scoring(document)
    players = {player.number: player for player in entrants(document, rounds, points)}

    def reading(difference: Difference) -> bool:
        player = players[difference.player]
        code = difference.code.split("/")[0]
        if code == "STD":
            return difference.theirs == std_against_a_draw(player, points.draw)
        if code == "KS":
            theirs = KoyaReading(forfeits=True, step=HALF_POINT)
            mine = KoyaReading(forfeits=False, step=points.draw)
            arguments = (difference.code, player, players, rounds, points.win)
            added = theirs.value(*arguments) - mine.value(*arguments)
            return added != 0 and difference.theirs == difference.ours + added
        if code == "TPN":
            return player.pairing_number != player.number and difference.theirs == player.number
        return False

    values = [reading(d) if d.code != RANK else None for d in found]
    ranking = {POINTS, *listed}
    behind = [
        value for d, value in zip(found, values, strict=True) if value is not None and (not listed or d.code in ranking)
    ]
    ranks = all(behind) and (
        order_dependent
        or any(behind)
        or aob_rounded_alike(found, document, listed)
        or de_with_repeated_meetings(found, document, listed)
    )
    return [ranks if value is None else value for value in values]


def aob_rounded_alike(found: Sequence[Difference], document: TrfDocument, listed: Sequence[str]) -> bool:
    """Whether AOB's rounding (8.2, docs/fide-mode.md: Gacrux ranks by AOB rounded to two decimals, ours
    is not rounded) accounts for every rank difference of `found`: each player ranked otherwise is in a
    group of such players equal in ours on points, on every code of `listed` before an AOB (AOB
    or AOB/F) and on that AOB rounded, whose AOB values differ in ours (`_ranked_otherwise_in_groups`)."""
    return _ranked_otherwise_in_groups(
        found, document, listed, ("AOB",), lambda rows, group, at: len({rows[n].values[at] for n in group}) > 1
    )


def de_with_repeated_meetings(found: Sequence[Difference], document: TrfDocument, listed: Sequence[str]) -> bool:
    """Whether DE's average for players who met more than once (6.1.2, docs/fide-mode.md) accounts for every
    rank difference of `found`: each player ranked otherwise is in a group of players equal in ours on
    points and on every code of `listed` before a DE (``DE`` or ``DE/P``), two of whom met more
    than once in the games that DE counts (played games; with ``/P`` forfeits too, 6.1.1, a double forfeit
    a game both lost). Ours counts the average of their games; Gacrux then leaves the whole group tied on
    DE (`_ranked_otherwise_in_groups`)."""
    rounds = last_paired_round(document)
    players = {player.number: player for player in entrants(document, rounds, scoring(document))}

    def met_more_than_once(rows: Mapping[int, Place], group: Sequence[int], at: int) -> bool:
        forfeits = listed[at].upper().endswith("/P")
        meetings = Counter(
            (number, record.opponent)
            for number in group
            for record in players[number].history
            if record.opponent in group and (record.played or forfeits)
        )
        return any(count > 1 for count in meetings.values())

    return _ranked_otherwise_in_groups(found, document, listed, ("DE",), met_more_than_once, rounded=False)


def _ranked_otherwise_in_groups(
    found: Sequence[Difference],
    document: TrfDocument,
    listed: Sequence[str],
    codes: Sequence[str],
    reading: Callable[[Mapping[int, Place], Sequence[int], int], bool],
    rounded: bool = True,
) -> bool:
    """Whether every player of `found`'s rank differences is in a group of players equal in ours on points
    and on the codes of `listed` before one of `codes` (the same one for all; AOB's value rounded as
    Gacrux rounds it with `rounded`), whose ranks the two programs only deal out otherwise among them, or
    which Gacrux leaves tied on the group's best rank where ours orders it (a player of the group may then
    keep its rank), and for which `reading(rows, group, position of that code)` holds."""
    moved = {d.player: d for d in found if d.code == RANK}
    positions = [at for at, code in enumerate(listed) if code.upper() in codes or code.upper().split("/")[0] in codes]
    if not moved or not positions:
        return False
    rows = {place.player: place for place in places(document, listed, pair.fide_standings)}

    def dealt_at(at: int) -> bool:
        def key(number: int) -> tuple[object, ...]:
            row = rows[number]
            own = (comparable(listed[at], _decimal(row.values[at])),) if rounded else ()
            return (row.points, *row.values[:at], *own)

        for number in moved:
            group = [other for other in rows if key(other) == key(number)]
            mine = sorted(moved[other].ours if other in moved else rows[other].first for other in group)
            theirs = sorted(moved[other].theirs if other in moved else rows[other].first for other in group)
            tied = set(theirs) == {mine[0]}
            if not (mine == theirs or tied) or not reading(rows, group, at):
                return False
        return True

    return any(dealt_at(at) for at in positions)


def cross_check(
    gacrux: Path, trf: Path, descriptors: Sequence[str], tally: Tally, keep: Path | None, every: Sequence[str] = COMMON
) -> None:
    """Compare one file: the values of `descriptors` and `every`, the ranks `descriptors` give; count it
    in `tally`; keep it with its report if it differs."""
    try:
        document = parse(trf.read_text(encoding="utf-8"))
        rounds = last_paired_round(document)
        peer = theirs(gacrux, trf, descriptors, rounds, every)
        mine = ours(document, descriptors)
        valued = mine if peer.codes == tuple(descriptors) else ours(document, peer.codes)
    except (ValueError, OSError, KeyError) as error:
        tally.failed += 1
        _keep(keep, trf, [f"not compared: {error}"])
        return
    tally.tournaments += 1
    tally.rounds += rounds
    tally.players += len(mine)
    tally.baku += (document.tournament_text("192") or "").strip().endswith("_BAKU")
    tally.values += values_compared(peer.codes, valued, peer.values)
    tally.codes.update(peer.codes)
    found = [d for d in compare(peer.codes, valued, peer.values) if d.code != RANK]
    found += [d for d in compare(descriptors, mine, peer.rows) if d.code == RANK]
    if not found:
        return
    tally.differing += 1
    tally.differences.update(difference.code for difference in found)
    reading = explained(found, document, peer.order_dependent, descriptors)
    tally.unexplained.update(d.code for d, known in zip(found, reading, strict=True) if not known)
    report = [d.line() + ("" if known else "  (unexplained)") for d, known in zip(found, reading, strict=True)]
    _keep(keep, trf, [f"tie-breaks: {', '.join(descriptors)}", *report])


def _keep(keep: Path | None, trf: Path, report: list[str]) -> None:
    if keep is None:
        return
    shutil.copy(trf, keep / trf.name)
    (keep / f"{trf.stem}.diff.txt").write_text("\n".join(report) + "\n", encoding="utf-8")


def drawn_list(seed: int) -> tuple[str, ...]:
    """Three to six descriptors of `COMMON`, drawn from the seed."""
    drawn = random.Random(f"tie-breaks {seed}")
    return tuple(drawn.sample(COMMON, drawn.randint(3, 6)))


def generated(seed: int, folder: Path) -> Path:
    """Our generator's tournament of `seed` (`arbiter-pair --SYSTEM -g -s SEED`, in process)."""
    config = folder / "ours.cfg"
    config.write_text(f"TieBreaks={','.join(drawn_list(seed))}\n", encoding="utf-8")
    trf = folder / f"ours-{SYSTEMS[seed % len(SYSTEMS)]}-{seed}.trf"
    command = [f"--{SYSTEMS[seed % len(SYSTEMS)]}", "-g", str(config), "-o", str(trf), "-s", str(seed)]
    with contextlib.redirect_stderr(io.StringIO()) as said:
        if pair.main(command) != 0:
            raise ValueError(said.getvalue().strip())
    return trf


def bbp_generated(bbp: Path, seed: int, folder: Path) -> Path:
    """bbpPairings' tournament of `seed` (``--dutch -g CONFIG -o FILE -s SEED``, `peer_config`'s players
    and rounds): ValueError when it makes none (more rounds than its players can play, say)."""
    config = folder / f"bbp-{seed}.cfg"
    config.write_text(peer_config(seed), encoding="utf-8")
    trf = folder / f"bbp-dutch-{seed}.trf"
    command = [str(bbp), "--dutch", "-g", str(config), "-o", str(trf), "-s", str(seed)]
    made = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    if made.returncode != 0 or not trf.exists():
        raise ValueError(f"bbpPairings' generator made nothing for seed {seed}: {made.stderr.strip()}")
    return trf


def peer_generated(gacrux: Path, number: int, folder: Path) -> Path:
    """A tournament of Gacrux's generator (Dutch pairing), its size and byes drawn from `number`."""
    drawn = random.Random(f"peer {number}")
    players = drawn.randint(10, 60)
    rounds = drawn.randint(5, min(11, players - 1))
    rates = [f"{drawn.choice((0, 0.02, 0.05)):g}" for _ in range(3)]
    pattern = folder / f"peer-{number}-%d.trf"
    command = [sys.executable, str(gacrux / "tournamentgenerator.py"), "-N", str(rounds), "-p", str(players)]
    command += ["-R", str(drawn.randint(1800, 2700)), "20", "100", "-S", *rates, "-o", str(pattern), "-g", "1"]
    subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    made = sorted(folder.glob(f"peer-{number}-*.trf"))
    if not made:
        raise ValueError(f"Gacrux's generator made nothing for {' '.join(command[2:])}")
    return made[0]


def _made(make: Callable[[], Path], tally: Tally) -> Path | None:
    """`make()`'s file, or None (counted in `tally`) when the generator could not make one."""
    try:
        return make()
    except ValueError:
        tally.not_made += 1
        return None


def _listed(trf: Path) -> Sequence[str]:
    """The file's ``202`` list, else the whole of `COMMON`; a file that cannot be read: `COMMON` (the
    comparison then counts it as not read)."""
    try:
        return tiebreak_list(parse(trf.read_text(encoding="utf-8"))) or COMMON
    except (ValueError, OSError):
        return COMMON


def trf_files(paths: Iterable[Path]) -> Iterator[Path]:
    for path in paths:
        yield from sorted(path.glob("*.trf")) if path.is_dir() else [path]


def seed_range(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


@dataclass(frozen=True)
class Setting:
    """What each seed's worker needs: Gacrux's folder, where differences are kept, and bbpPairings
    when its generator makes the seeds' tournaments, or whether Gacrux's does (else ours does)."""

    gacrux: Path
    keep: Path | None
    bbp: Path | None = None
    by_gacrux: bool = False

    @property
    def generator(self) -> str:
        """The name of the program whose generator makes the seeds' tournaments."""
        return "Gacrux" if self.by_gacrux else "ours" if self.bbp is None else "bbpPairings"

    def system_of(self, seed: int) -> str:
        """The pairing system of the tournament of `seed`: ours Dutch, Dubov and Burstein in turn;
        bbpPairings' and Gacrux's generators pair Dutch."""
        return SYSTEMS[seed % len(SYSTEMS)] if self.generator == "ours" else "dutch"

    def made(self, seed: int, folder: Path) -> Path:
        """The tournament of `seed`, made by the setting's generator."""
        if self.by_gacrux:
            return peer_generated(self.gacrux, seed, folder)
        return generated(seed, folder) if self.bbp is None else bbp_generated(self.bbp, seed, folder)


def seed_tally(setting: Setting, seed: int) -> Tally:
    """The tournament of `seed` compared (`cross_check`), with the CPU seconds it took (bbpPairings' and
    Gacrux's processes included)."""
    started = cpu_seconds() + Gacrux.cpu
    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="tiebreak-cross-check-") as scratch:
        made = _made(lambda: setting.made(seed, Path(scratch)), tally)
        if made is not None:
            cross_check(setting.gacrux, made, drawn_list(seed), tally, setting.keep)
            tally.systems[setting.system_of(seed)] += tally.tournaments
    tally.cpu = cpu_seconds() + Gacrux.cpu - started
    return tally


def _utc() -> str:
    return f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC"


def run_seeds(args: argparse.Namespace, tally: Tally) -> range:
    """The seeds of `args.seeds` (made by our generator, bbpPairings' with `args.bbp`, or Gacrux's with
    `args.gacrux_generated`), in `args.jobs` workers, into `tally`, until `args.until` (or a signal): the
    seeds done, the first on without a gap."""
    setting = Setting(args.gacrux, args.keep, args.bbp, args.gacrux_generated)
    started = shown = time.perf_counter()
    done = 0
    with contextlib.closing(in_seed_order(partial(seed_tally, setting), args.seeds, args.jobs)) as stream:
        try:
            for result in stream:
                tally.add(result)
                done += 1
                if time.perf_counter() - shown >= args.progress:
                    shown = time.perf_counter()
                    print(
                        f"{done} of {len(args.seeds)} seeds, {tally.differing} differ, unexplained "
                        f"{_counts(tally.unexplained)}, {shown - started:.0f} s, load {load()}",
                        file=sys.stderr,
                        flush=True,
                    )
                if args.until is not None and time.time() >= args.until:
                    print("stopped: the --until time has come", file=sys.stderr)
                    break
        except KeyboardInterrupt:
            print("interrupted", file=sys.stderr)
    return range(args.seeds.start, args.seeds.start + done)


def summary(seeds: range, tally: Tally, wall: float, jobs: int, began: str, generator: str = "ours") -> str:
    """The one line of a run's figures over the seeds, made by `generator`."""
    return (
        f"summary: seeds {seeds.start}-{seeds.stop - 1} ({len(seeds)} seeds, {generator} generated), "
        f"{began} to {_utc()}: "
        f"{tally.tournaments} tournaments ({_counts(tally.systems)}; Baku {tally.baku}; "
        f"{tally.not_made} not made, {tally.failed} not run), {tally.rounds} rounds, {tally.players} players, "
        f"{tally.values} values over {len(tally.codes)} codes; {tally.differing} with a difference; "
        f"differences {sum(tally.differences.values())}, unexplained {sum(tally.unexplained.values())} "
        f"({_counts(tally.unexplained)}); {wall:.0f} s, {tally.cpu:.0f} CPU-s, {jobs} jobs, load {load()}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gacrux", type=Path, required=True, help="the TieBreakServer folder (tiebreakchecker.py)")
    parser.add_argument("--seeds", type=seed_range, default=range(0), help="A-B: our generator's seeds")
    parser.add_argument("--bbp", type=Path, help="bbpPairings' binary: its generator makes the seeds' tournaments")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for the seeds (default 1)")
    parser.add_argument("--until", type=deadline, metavar="HH:MM", help="stop taking seeds at this UTC time")
    parser.add_argument("--progress", type=float, default=60.0, help="seconds between progress lines (stderr)")
    parser.add_argument(
        "--gacrux-generated", action="store_true", help="Gacrux's generator makes the seeds' tournaments (Dutch)"
    )
    parser.add_argument("--peer-generated", type=int, default=0, help="tournaments made by Gacrux's generator")
    parser.add_argument("--files", type=Path, nargs="*", default=[], help="TRF files or folders of them")
    parser.add_argument("--keep", type=Path, help="a folder for the files that differ and their reports")
    args = parser.parse_args()
    if args.keep is not None:
        args.keep.mkdir(parents=True, exist_ok=True)
    stop_on_signals()
    began = _utc()
    print(f"load at start: {load()}", file=sys.stderr)
    started = time.perf_counter()
    if args.bbp is not None and args.gacrux_generated:
        parser.error("--bbp and --gacrux-generated name two generators for the seeds: give one")
    generator = Setting(args.gacrux, None, args.bbp, args.gacrux_generated).generator
    tallies = {f"{generator} generated": Tally(), "Gacrux generated": Tally(), "files": Tally()}
    seeds = run_seeds(args, tallies[f"{generator} generated"])
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        for number in range(args.peer_generated):
            made = _made(lambda number=number: peer_generated(args.gacrux, number, folder), tallies["Gacrux generated"])
            if made is not None:
                cross_check(args.gacrux, made, COMMON, tallies["Gacrux generated"], args.keep)
                made.unlink()
    for trf in trf_files(args.files):
        cross_check(args.gacrux, trf, _listed(trf), tallies["files"], args.keep)
    for name, tally in tallies.items():
        if tally.tournaments or tally.failed or tally.not_made:
            print("\n".join(tally.lines(name)))
    print(f"time: {time.perf_counter() - started:.0f} s")
    if args.seeds:
        tally = tallies[f"{generator} generated"]
        print(summary(seeds, tally, time.perf_counter() - started, args.jobs, began, generator), flush=True)


if __name__ == "__main__":
    main()
