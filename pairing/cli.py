"""``arbiter-pair``: a pairing program with the command line of bbpPairings and JaVaFo, so that
tournament managers that call such a program can call this one instead.

    arbiter-pair --dutch input.trf -p [output]        pair the next round
    arbiter-pair --dutch input.trf -c                 re-pair every round, show the pairings that differ
    arbiter-pair --dutch -g [config] -o out.trf [-s seed]   generate a random tournament

Pairing output: the number of pairs (the bye counts as one) on the first line, then ``white
black`` per board in board order, the bye as ``id 0`` last. Check output, as bbpPairings writes it:
``NAME: Round #r`` for every round re-paired, the two pairings side by side where they differ, a
blank line at the end; a summary line goes to stderr. Exit codes: 0 ok, 1 no valid pairing, 3
invalid input, 5 file error (bbpPairings' README).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from attrs import evolve

from pairing.fide.burstein import BursteinSystem
from pairing.fide.dubov import DubovSystem
from pairing.fide.dutch import pair as dutch_pair
from pairing.generator import GeneratorConfig, generate
from pairing.model import NoValidPairing, PairingInput, PairingOutcome
from pairing.trf import TrfDocument, TrfSyntaxError, format, parse
from pairing.trf.convert import (
    TrfConversionError,
    check_players,
    last_paired_round,
    outcome_from_round,
    to_pairing_input,
)

OK = 0
NO_VALID_PAIRING = 1
INVALID_INPUT = 3
FILE_ERROR = 5


def dubov_pair(request: PairingInput) -> PairingOutcome:
    """The Dubov system (C.04.4.1) on a TRF: the file's start ranks are the arbiter's ranking list, so
    they stand as given (1.2.2's re-sorting is the ledger's job before round 4)."""
    options = dict(request.options) | {"initial_ranking": "as-given"}
    return DubovSystem().pair(evolve(request, system="dubov", options=tuple(sorted(options.items()))))


def burstein_pair(request: PairingInput) -> PairingOutcome:
    """The Burstein system (C.04.4.2) on a TRF; its seeding rounds are the Dutch engine's (1.5)."""
    return BursteinSystem().pair(evolve(request, system="burstein"))


Engine = Callable[[PairingInput], PairingOutcome]
ENGINES: dict[str, Engine] = {"dutch": dutch_pair, "dubov": dubov_pair, "burstein": burstein_pair}


def pairing_text(outcome: PairingOutcome) -> str:
    """bbpPairings/JaVaFo output: count, boards, then the bye as ``id 0``."""
    lines = [str(len(outcome.boards) + len(outcome.byes))]
    lines += [f"{b.first} {b.second}" for b in outcome.boards]
    lines += [f"{b.player} 0" for b in outcome.byes]
    return "\n".join(lines) + "\n"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="arbiter-pair", description=__doc__.split("\n\n")[0])
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
    parser.add_argument("input", nargs="?", help="the TRF to pair or check")
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument(
        "-p", nargs="?", const="-", metavar="OUTPUT", help="pair the next round (to OUTPUT, default stdout)"
    )
    action.add_argument("-c", action="store_true", help="re-pair every round and list the rounds that differ")
    action.add_argument("-g", nargs="?", const="", metavar="CONFIG", help="generate a random tournament")
    parser.add_argument("-o", metavar="OUTPUT", help="where -g writes the tournament")
    parser.add_argument("-s", type=int, default=None, metavar="SEED", help="random seed for -g")
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


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    engine = ENGINES[args.system]
    try:
        if args.g is not None:
            return _generate(args, engine)
        if not args.input:
            print("arbiter-pair: an input TRF is required", file=sys.stderr)
            return INVALID_INPUT
        document = parse(_read(args.input))
        if args.c:
            return _check(document, engine, Path(args.input).stem)
        outcome = engine(to_pairing_input(document))
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
    except (TrfSyntaxError, TrfConversionError, ValueError) as error:
        print(f"arbiter-pair: {args.input}: invalid input: {error}", file=sys.stderr)
        return INVALID_INPUT
    except NoValidPairing as error:
        print(f"arbiter-pair: no valid pairing: {error}", file=sys.stderr)
        return NO_VALID_PAIRING


def _check(document: TrfDocument, engine: Engine, name: str) -> int:
    """The free pairings checker (C.04.A A.4): re-pair rounds 1..k from the file and compare. As in
    bbpPairings, a file without ``142``/``XXR`` is taken to have as many rounds as it has played."""
    check_players(document)
    played = last_paired_round(document)
    total = document.total_rounds or played
    differ = []
    for round_number in range(1, played + 1):
        print(f"{name}: Round #{round_number}")
        expected = outcome_from_round(document, round_number)
        try:
            got = engine(to_pairing_input(document, round_number, total_rounds=total))
        except NoValidPairing:
            differ.append(round_number)
            print(f"No valid pairing exists for round {round_number}.\n")
            continue
        if _pairs(got) != _pairs(expected):
            differ.append(round_number)
            print(_side_by_side(got, expected))
    print()
    print("rounds that differ: " + (", ".join(map(str, differ)) if differ else "none"), file=sys.stderr)
    return OK


def _pairs(outcome: PairingOutcome) -> list[tuple[int, int]]:
    """The pairs of a round, sides ignored, the bye as (player, 0)."""
    pairs = sorted(tuple(sorted((b.first, b.second))) for b in outcome.boards)
    return [*pairs, *sorted((b.player, 0) for b in outcome.byes)]


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


def _generate(args: argparse.Namespace, engine: Engine) -> int:
    if not args.o:
        print("arbiter-pair: -g needs -o OUTPUT", file=sys.stderr)
        return INVALID_INPUT
    config = GeneratorConfig.from_text(_read(args.g)) if args.g else GeneratorConfig()
    seed = args.s if args.s is not None else 0
    document = generate(config, seed, engine)
    _write(args.o, format(document))
    return OK


if __name__ == "__main__":
    sys.exit(main())
