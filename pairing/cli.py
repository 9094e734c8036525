"""``arbiter-pair``: a pairing program with the command line of bbpPairings and JaVaFo, so that
tournament managers that call such a program can call this one instead; and the FIDE checklist's
pairing and tie-break checker and random tournament generator (docs/fide-mode.md).

    arbiter-pair --dutch input.trf -p [output]        pair the next round
    arbiter-pair --dutch input.trf -c                 check every round's pairing and the final ranks
    arbiter-pair --dutch [model.trf] -g [config] -o out.trf [-s seed]   generate a random tournament

Pairing output: the number of pairs (the bye counts as one) on the first line, then ``white
black`` per board in board order, the bye as ``id 0`` last. Check output, as bbpPairings writes it:
``NAME: Round #r`` for every round re-paired, the two pairings side by side where they differ
followed by the absolute criteria the file's pairing breaks (or, where only colours differ, the
boards), a blank line at the end; then, when the
file has a ``202`` tie-break list and final ranks, ``NAME: Standings`` and every rank the list does
not give. Summary lines go to stderr. Exit codes: 0 ok, 1 no valid pairing, 3 invalid input, 5 file
error (bbpPairings' README). The tie-breaks are computed above this layer: the ``arbiter-pair``
command (`tui.pair`) hands `main` the function that computes them. `generated` makes in process the
tournament ``-g`` writes, and `pairing.checker.check_rounds` is ``-c``'s check of the rounds
(benchmarks/peer_cross_check.py calls both for thousands of tournaments).

With the environment variable ``ARBITER_PAIR_ENGINE_CPU`` naming a file, ``-p`` writes to it the CPU
seconds the engine took (loading its module included): benchmarks/issue_table.py times the whole
process, as it times bbpPairings, and reads the engine's share from it.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pairing.collector import long_lived
from pairing.model import NoValidPairing, PairingInput, PairingOutcome
from pairing.trf import TrfDocument, TrfSyntaxError, format, parse
from pairing.trf.convert import TrfConversionError, check_players, to_pairing_input
from pairing.values import evolve

if TYPE_CHECKING:
    from pairing.generator import GeneratorConfig
    from pairing.trf.document import PlayerRecord
    from pairing.trf.standings import StandingsOf

OK = 0
NO_VALID_PAIRING = 1
INVALID_INPUT = 3
FILE_ERROR = 5

ENGINE_CPU = "ARBITER_PAIR_ENGINE_CPU"
"""The environment variable naming the file where ``-p`` writes the engine's CPU seconds."""


def dutch_pair(request: PairingInput) -> PairingOutcome:
    """The FIDE (Dutch) system (C.04.3) on a TRF. Each engine is imported only when it is asked for."""
    from pairing.fide.dutch import pair

    return pair(request)


def dubov_pair(request: PairingInput) -> PairingOutcome:
    """The Dubov system (C.04.4.1) on a TRF: the file's start ranks are the arbiter's ranking list, so
    they stand as given (1.2.2's re-sorting is the ledger's job before round 4)."""
    from pairing.fide.dubov import DubovSystem

    options = dict(request.options) | {"initial_ranking": "as-given"}
    return DubovSystem().pair(evolve(request, system="dubov", options=tuple(sorted(options.items()))))


def burstein_pair(request: PairingInput) -> PairingOutcome:
    """The Burstein system (C.04.4.2) on a TRF; its seeding rounds are the Dutch engine's (1.5)."""
    from pairing.fide.burstein import BursteinSystem

    return BursteinSystem().pair(evolve(request, system="burstein"))


Engine = Callable[[PairingInput], PairingOutcome]
ENGINES: dict[str, Engine] = {"dutch": dutch_pair, "dubov": dubov_pair, "burstein": burstein_pair}


def pairing_text(outcome: PairingOutcome) -> str:
    """bbpPairings/JaVaFo output: count, boards, then the bye as ``id 0``."""
    lines = [str(len(outcome.boards) + len(outcome.byes))]
    lines += [f"{b.first} {b.second}" for b in outcome.boards]
    lines += [f"{b.player} 0" for b in outcome.byes]
    return "\n".join(lines) + "\n"


EXAMPLES = """\
examples:
  arbiter-pair --dutch open.trf -p pairing.txt      pair the next round of open.trf
  arbiter-pair --burstein open.trf -c               check every round and the final ranks
  arbiter-pair --dubov -g rtg.cfg -o random.trf -s 42   a random tournament, repeatable with -s 42
  arbiter-pair --dutch model.trf -g -o random.trf   the players (names, ratings) of model.trf

-g configuration, one key=value a line (# starts a comment); a key left out is drawn at random:
  PlayersNumber=40         RoundsNumber=9           Ratings=2400,2350,2210,...
  HighestRating=2700       LowestRating=1200        DrawPercentage=30
  FullPointByes=1          HalfPointByes=5%         ZeroPointByes=0,0,2,3
  ForfeitWins=2%           DoubleForfeits=0         UnusualResults=1
  Baku=yes                 TieBreaks=BH/C1,BH,SB
  byes count players, forfeits and unusual results (1/2-0, 0-1/2, 0-0) count boards: a number or a
  percentage for every round, or one per round separated by commas (rounds past the list: none).
  JaVaFo's keys ForfeitRate, RetiredRate, HalfPointByeRate and PointsFor* are read too.
"""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="arbiter-pair",
        description=__doc__.split("\n\n")[0],
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    system = parser.add_mutually_exclusive_group(required=True)
    system.add_argument(
        "--dutch", action="store_const", const="dutch", dest="system", help="FIDE (Dutch) system, 2025 rules"
    )
    system.add_argument(
        "--burstein", action="store_const", const="burstein", dest="system", help="FIDE Burstein system, July 2025"
    )
    system.add_argument(
        "--dubov", action="store_const", const="dubov", dest="system", help="FIDE Dubov system, July 2025 edition"
    )
    parser.add_argument("input", nargs="?", help="the TRF to pair or check; with -g, a model whose players to take")
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument(
        "-p", nargs="?", const="-", metavar="OUTPUT", help="pair the next round (to OUTPUT, default stdout)"
    )
    action.add_argument(
        "-c",
        action="store_true",
        help="check: re-pair every round and show where the file differs, and the ranks its tie-breaks do not give",
    )
    action.add_argument(
        "-g", nargs="?", const="", metavar="CONFIG", help="generate a random tournament (configuration below)"
    )
    parser.add_argument("-o", metavar="OUTPUT", help="where -g writes the tournament (TRF-2026)")
    parser.add_argument(
        "-s",
        type=int,
        default=None,
        metavar="SEED",
        help="random seed for -g (without it a new seed is drawn and printed, so every run differs)",
    )
    return parser


def _read(path: str) -> str:
    with open(path, encoding="utf-8", newline="") as handle:
        return handle.read()


def _write(path: str, text: str) -> None:
    if path == "-":
        sys.stdout.write(text)
        return
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)


def main(argv: Sequence[str] | None = None, *, tiebreaks: StandingsOf | None = None) -> int:
    """Run ``arbiter-pair``; `tiebreaks` ranks the standings (tie-breaks, the arbiter's orders of tied
    players) for the standings check and for a generated tournament's ranks (without it, files are checked
    for their pairings only)."""
    args = _parser().parse_args(argv)
    engine = ENGINES[args.system]
    try:
        if args.g is not None:
            return _generate(args, engine, tiebreaks)
        if not args.input:
            print("arbiter-pair: an input TRF is required", file=sys.stderr)
            return INVALID_INPUT
        with long_lived():  # the file's records live until the process ends
            document = parse(_read(args.input))
        if args.c:
            return _check(document, engine, Path(args.input).stem, tiebreaks)
        with long_lived():
            request = to_pairing_input(document)
        outcome = _clocked(engine, request)
        _write(args.p, pairing_text(outcome))
        return OK
    except OSError as error:
        print(f"arbiter-pair: {error}", file=sys.stderr)
        return FILE_ERROR
    except UnicodeDecodeError as error:
        print(
            f"arbiter-pair: {args.input}: byte {error.start} is not UTF-8 (TRF files are read as UTF-8)",
            file=sys.stderr,
        )
        return INVALID_INPUT
    except (TrfSyntaxError, TrfConversionError) as error:
        print(f"arbiter-pair: {args.input}: invalid input: {error}", file=sys.stderr)
        return INVALID_INPUT
    except ValueError as error:
        print(f"arbiter-pair: {args.g or args.input}: invalid input: {error}", file=sys.stderr)
        return INVALID_INPUT
    except NoValidPairing as error:
        print(f"arbiter-pair: no valid pairing: {error}", file=sys.stderr)
        return NO_VALID_PAIRING


def _clocked(engine: Engine, request: PairingInput) -> PairingOutcome:
    """`engine` on `request`; its CPU seconds written where `ENGINE_CPU` says, if it is set."""
    started = time.process_time()
    outcome = engine(request)
    clock = os.environ.get(ENGINE_CPU)
    if clock:
        _write(clock, f"{time.process_time() - started:.6f}\n")
    return outcome


def _check(document: TrfDocument, engine: Engine, name: str, tiebreaks: StandingsOf | None) -> int:
    """The pairing and tie-break checker: bbpPairings' report of the rounds, then the standings."""
    from pairing.checker import check_rounds

    check_players(document)
    differ: list[int] = []
    colours: list[int] = []
    for check in check_rounds(document, engine):
        print(f"{name}: Round #{check.round}")
        if check.engine is None:
            differ.append(check.round)
            print(f"No valid pairing exists for round {check.round}.")
        elif check.differs:
            differ.append(check.round)
            print(_side_by_side(check.engine, check.tournament), end="")
        if check.differs:
            print("\n".join(f"  {breach}" for breach in check.breaches or (QUALITY,)) + "\n")
        elif check.engine is not None and check.colours_differ:
            colours.append(check.round)
            print(_side_by_side(check.engine, check.tournament), end="")
            for white, black in check.colours_differ:
                print(f"  colours: the file has {white}-{black}, the checker {black}-{white} (Article 5)")
            print()
    print()
    print("rounds that differ: " + (", ".join(map(str, differ)) if differ else "none"), file=sys.stderr)
    if colours:
        print("rounds whose colours differ: " + ", ".join(map(str, colours)), file=sys.stderr)
    _check_standings(document, name, tiebreaks)
    return OK


QUALITY = "no absolute criterion is broken: the checker's pairing is better by the system's quality criteria"


def _check_standings(document: TrfDocument, name: str, tiebreaks: StandingsOf | None) -> None:
    """``NAME: Standings`` and every player whose rank (cols 86-89) the ``202`` list does not give."""
    from pairing.trf.standings import misplaced, tiebreak_list

    descriptors = tiebreak_list(document)
    if not descriptors or all(p.rank is None for p in document.players):
        print("standings not checked: the file has no 202 tie-break list and final ranks", file=sys.stderr)
        return
    if tiebreaks is None:
        print("standings not checked: no standings computation was given", file=sys.stderr)
        return
    try:
        wrong = misplaced(document, descriptors, tiebreaks)
    except ValueError as error:
        print(f"standings not checked: {error}", file=sys.stderr)
        return
    print(f"{name}: Standings ({', '.join(descriptors)})")
    for item in wrong:
        place = item.place
        given = "no rank" if item.rank is None else f"rank {item.rank}"
        allowed = str(place.first) if place.first == place.last else f"{place.first}-{place.last}"
        values = ", ".join(f"{d} {v:g}" for d, v in zip(descriptors, place.values, strict=False))  # none from LOT on
        print(f"  {item.player}: {given}, the tie-breaks give {allowed} ({place.points:g} points; {values})")
    print()
    print(f"standings positions that do not follow the tie-breaks: {len(wrong) or 'none'}", file=sys.stderr)


def _side_by_side(checker: PairingOutcome, tournament: PairingOutcome) -> str:
    """bbpPairings' table: the checker's pairing and the file's, one board a line."""

    def rows(outcome: PairingOutcome) -> list[str]:
        boards = [f"{b.first:>3} - {b.second:>3}" for b in outcome.boards]
        return boards + [f"{b.player:>3} - {0:>3}" for b in outcome.byes]

    mine, theirs = rows(checker), rows(tournament)
    lines = ["  Checker pairings        Tournament pairings "]
    for index, right in enumerate(theirs):
        left = mine[index] if index < len(mine) else " " * 9
        lines.append(f"    {left}{'':16}{right}")
    return "\n".join(lines) + "\n"


def _generate(args: argparse.Namespace, engine: Engine, tiebreaks: StandingsOf | None) -> int:
    """The random tournament generator: a configuration (its unset keys drawn from the seed), the
    model's players if a model TRF is given, the seed printed so the run can be repeated."""
    import secrets

    from pairing.generator import GeneratorConfig

    if not args.o:
        print("arbiter-pair: -g needs -o OUTPUT", file=sys.stderr)
        return INVALID_INPUT
    config = GeneratorConfig.from_text(_read(args.g) if args.g else "")
    roster = parse(_read(args.input)).players if args.input else ()
    seed = args.s if args.s is not None else secrets.randbelow(2**31)
    document, config = generated(args.system, config, seed, tiebreaks=tiebreaks, roster=roster)
    _write(args.o, format(document))
    print(
        f"arbiter-pair: seed {seed}: {len(document.players)} players, {config.rounds} rounds"
        + (", Baku" if config.baku else "")
        + (f", tie-breaks {','.join(config.tiebreaks)}" if config.tiebreaks else ""),
        file=sys.stderr,
    )
    return OK


def generated(
    system: str,
    config: GeneratorConfig,
    seed: int,
    *,
    tiebreaks: StandingsOf | None = None,
    roster: Sequence[PlayerRecord] = (),
) -> tuple[TrfDocument, GeneratorConfig]:
    """The tournament ``arbiter-pair --SYSTEM [MODEL] -g CONFIG -s SEED`` writes, in process, and the
    configuration it played (what `config` leaves unset drawn from the seed): the model's players
    (`roster`) take their ratings into the configuration. ValueError for what cannot be played,
    NoValidPairing for a round no pairing exists for."""
    from attrs import evolve as evolve_config

    from pairing.generator import generate

    if roster:
        config = evolve_config(config, ratings=tuple(p.rating for p in roster)).checked()
    if config.baku and system not in BAKU_SYSTEMS:
        raise ValueError(f"Baku acceleration is not available with --{system}; leave Baku out or say Baku=no")
    config = config.with_unset_drawn(
        seed,
        baku_available=system in BAKU_SYSTEMS,
        tiebreaks_available=tiebreaks is not None,
    )
    return generate(config, seed, ENGINES[system], system, tiebreaks=tiebreaks, roster=roster), config


BAKU_SYSTEMS = ("dutch", "burstein")
"""The systems whose engine applies Baku acceleration (C.04.5; the Dubov engine has none)."""


if __name__ == "__main__":
    sys.exit(main())
