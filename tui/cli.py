"""The `arbiter` command: one verb per ledger command, data to stdout, messages to stderr.

Never imports Textual: `arbiter tui` loads the desk lazily.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path

from eventsourcing.persistence import PersistenceError

from ledger.application import PlayerDetails
from ledger.errors import ConcurrentChange, InvalidInput, LedgerError, NoTournament
from ledger.persistence import DEFAULT_LEDGER
from ledger.redaction import redacted, without_secrets
from ledger.results import Game, MatchFormat
from ledger.settings import TournamentSettings
from ledger.validation import parse_whole_number
from pairing.ibf.storm import READING as STORM_READING
from pairing.model import ByeKind, Scoring
from pairing.registry import systems
from projections.audit import audit_lines
from projections.explain import explain_round
from projections.standings import standings
from tui import exit_codes, render
from tui.common import (
    Formatter,
    confirm,
    key_value,
    location,
    open_for,
    points_table,
    positive,
    reason_options,
    say,
    signing_key,
    system_options,
    verb,
    yes_option,
)
from tui.disputes import add_dispute_verbs
from tui.interchange import add_interchange_verbs
from tui.keys import add_key_verbs, chief_matches, signature_summary
from tui.report import add_report_verbs
from tui.roster import read_roster
from tui.sheets import add_sheet_verbs
from tui.stages import add_stage_verbs
from tui.trf_io import add_trf_verbs

DESCRIPTION = f"""\
arbiter: an event-sourced tournament ledger for chess, backgammon and Scrabble.

Every command appends immutable, hash-chained events to a ledger; standings, pairings and the
audit log are read from it. The ledger is --ledger PATH, else $ARBITER_LEDGER, else
./{DEFAULT_LEDGER}; a postgresql://user@host/db?schema=NAME URL selects PostgreSQL.

examples:
  arbiter demo                                   watch a 10-player round robin being run
  arbiter new "Club Championship" --game chess --system round-robin --rounds 7
  arbiter register "Magnus Carlsen" --rating 2830 --federation NOR
  arbiter import-roster players.csv
  arbiter pair                                   pair the next round
  arbiter result 1 3 1-0                         round 1, board 3: first player won
  arbiter correct 1 3 0-1 --reason "scoresheets show Black won"
  arbiter standings --format json
  arbiter log --player 5
  arbiter verify
"""


# --- commands -----------------------------------------------------------------------------------


def _scoring(args: argparse.Namespace, game: Game, system: str) -> Scoring | None:
    if args.points is None:
        return None
    base = TournamentSettings.for_game(game, system, 1).scoring
    win, draw, loss = args.points
    return Scoring(
        win=win,
        draw=draw,
        loss=loss,
        pairing_allocated_bye=win if base.pairing_allocated_bye else 0.0,
        full_point_bye=win,
        half_point_bye=draw,
        zero_point_bye=0.0,
        forfeit_win=win,
        forfeit_loss=loss,
    )


def cmd_new(args: argparse.Namespace) -> int:
    game = Game(args.game)
    settings = TournamentSettings.for_game(
        game,
        args.system,
        args.rounds,
        scoring=_scoring(args, game, args.system),
        tiebreaks=tuple(args.tiebreaks.split(",")) if args.tiebreaks else (),
        match_length=args.match_length,
        match_format=MatchFormat(args.match_format),
        options=dict(args.option),
        **({"seed": args.seed} if args.seed is not None else {}),
    )
    ledger, _ = open_for(args, create=True)
    ledger.create_tournament(args.name, settings)
    say(
        f"created {args.name!r} ({game}, {args.system}, {args.rounds} rounds, "
        f"tie-breaks {', '.join(settings.tiebreaks)}) in {redacted(ledger.location)}"
    )
    return exit_codes.OK


def _details(args: argparse.Namespace) -> PlayerDetails:
    return PlayerDetails(
        name=args.name,
        rating=args.rating,
        federation=args.federation,
        club=args.club,
        team=args.team,
        title=args.title,
        external_id=args.id,
        number=args.number,
    )


def cmd_register(args: argparse.Namespace) -> int:
    ledger, _ = open_for(args)
    (number,) = ledger.register_players([_details(args)])
    print(number)
    say(f"registered {args.name} as number {number}")
    return exit_codes.OK


def cmd_import_roster(args: argparse.Namespace) -> int:
    players = read_roster(Path(args.file))
    ledger, _ = open_for(args)
    numbers = ledger.register_players(players)
    say(f"registered {len(numbers)} players, numbers {numbers[0]}..{numbers[-1]}")
    return exit_codes.OK


def cmd_correct_player(args: argparse.Namespace) -> int:
    changes = dict(args.set)
    if "rating" in changes:
        changes["rating"] = _whole_number(changes["rating"], "rating")
    ledger, _ = open_for(args)
    ledger.correct_player(args.player, changes, args.reason, args.reference)
    say(f"corrected player {args.player}: {', '.join(f'{k}={v}' for k, v in changes.items())}")
    return exit_codes.OK


def _whole_number(text: str, what: str) -> int:
    return parse_whole_number(text, what, 0)


def cmd_withdraw(args: argparse.Namespace) -> int:
    ledger, _ = open_for(args)
    ledger.withdraw(args.player, args.from_round, args.reason, args.reference)
    say(f"player {args.player} withdrawn")
    return exit_codes.OK


def cmd_exclude(args: argparse.Namespace) -> int:
    """IBF 4.3: "A player who fails to appear for a round without a valid reason ... shall, by decision of
    the Chief Arbiter, be excluded from the pairing in subsequent rounds": recorded as a withdrawal whose
    reason and reference say so."""
    ledger, _ = open_for(args)
    ledger.withdraw(
        args.player, args.from_round, f"excluded by the chief arbiter: {args.reason}", args.reference or "IBF 4.3"
    )
    say(f"player {args.player} excluded (IBF 4.3); the decision and its reason are in the log")
    return exit_codes.OK


def cmd_reenter(args: argparse.Namespace) -> int:
    ledger, _ = open_for(args)
    ledger.reenter(args.player, args.from_round, args.reason, args.reference)
    say(f"player {args.player} re-entered")
    return exit_codes.OK


def cmd_bye(args: argparse.Namespace) -> int:
    ledger, _ = open_for(args)
    ledger.request_bye(args.player, args.round, ByeKind(f"{args.kind}-point"), args.reason)
    say(f"player {args.player}: {args.kind}-point bye requested")
    return exit_codes.OK


def cmd_forbid(args: argparse.Namespace) -> int:
    ledger, _ = open_for(args)
    ledger.forbid(args.first, args.second, args.reason)
    say(f"players {args.first} and {args.second} will not be paired together")
    return exit_codes.OK


def parse_manual(text: str) -> list[tuple[int, int]]:
    """ "1-2,3-4" -> [(1, 2), (3, 4)]: first-named player on the first side."""
    pairs = []
    for item in text.split(","):
        parts = item.strip().split("-")
        if len(parts) != 2 or not all(p.strip().isascii() and p.strip().isdigit() for p in parts):
            raise InvalidInput(f'{item.strip()!r} is not a pair: write pairs like "1-2,3-4" (first player first)')
        pairs.append((int(parts[0]), int(parts[1])))
    return pairs


def cmd_pair(args: argparse.Namespace) -> int:
    if args.force and not args.reason:
        raise InvalidInput('--force needs --reason "...": pairing over missing results is a recorded decision')
    manual = parse_manual(args.manual) if args.manual else None
    ledger, reader = open_for(args)
    pairing = ledger.pair_next_round(
        manual=manual, force_reason=args.reason if args.force else "", reason=args.reason, options=dict(args.option)
    )
    state = reader.state()
    render.console().print(render.pairings_table(state, state.rounds[pairing.round]))
    return exit_codes.OK


def cmd_unpair(args: argparse.Namespace) -> int:
    ledger, reader = open_for(args)
    view = reader.state().rounds.get(args.round)
    boards = len(view.boards) if view else 0
    results = len(view.results) if view else 0
    question = (
        f"withdraw the pairing of round {args.round} ({boards} boards, {results} results recorded)? "
        "It stays in the log; the round can then be paired again."
    )
    if not confirm(args, question):
        return exit_codes.REFUSED
    ledger.unpair(args.round, args.reason, args.reference)
    say(f"round {args.round} pairing withdrawn; `arbiter pair` pairs it again")
    return exit_codes.OK


def cmd_result(args: argparse.Namespace) -> int:
    ledger, _ = open_for(args)
    code = ledger.record_result(args.round, args.board, args.result)
    say(f"round {args.round} board {args.board}: {code}")
    return exit_codes.OK


def cmd_void(args: argparse.Namespace) -> int:
    ledger, _ = open_for(args)
    ledger.void_result(args.round, args.board, args.reason, args.reference)
    say(f"round {args.round} board {args.board}: result voided")
    return exit_codes.OK


def cmd_seal(args: argparse.Namespace) -> int:
    ledger, _ = open_for(args)
    head = ledger.seal_round(args.round)
    print(head)
    say(f"round {args.round} sealed; chain head {head} (print it on the results sheet)")
    return exit_codes.OK


def cmd_pairings(args: argparse.Namespace) -> int:
    _, reader = open_for(args)
    state = reader.state(args.as_of)
    number = args.round or state.last_paired_round
    view = state.rounds.get(number)
    if view is None or not view.paired:
        raise LedgerError(
            f"round {number} has no published pairing" + (f" as of position {args.as_of}" if args.as_of else "")
        )
    if args.format == "json":
        print(render.pairings_json(state, view))
    else:
        render.console().print(render.pairings_table(state, view))
    return exit_codes.OK


def cmd_standings(args: argparse.Namespace) -> int:
    _, reader = open_for(args)
    state = reader.state(args.as_of)
    rows = standings(state)
    if args.format == "json":
        print(render.standings_json(rows, state.position))
    elif args.format == "csv":
        print(render.standings_csv(rows), end="")
    else:
        title = f"{state.name}: standings after round {state.last_paired_round} (log position {state.position})"
        render.console().print(render.standings_table(state, rows, title))
    return exit_codes.OK


def cmd_log(args: argparse.Namespace) -> int:
    ledger, _ = open_for(args)
    lines = audit_lines(ledger.log_events(stop=args.as_of))
    if args.player is not None:
        lines = [line for line in lines if args.player in line.players]
    if args.round is not None:
        lines = [line for line in lines if line.round == args.round]
    if args.tail:
        lines = lines[-args.tail :]
    if args.json:
        print(render.audit_json(lines))
    else:
        render.console().print(render.audit_table(lines))
    return exit_codes.OK


def cmd_explain(args: argparse.Namespace) -> int:
    _, views = open_for(args)
    out = render.console()
    for part in render.explanation_text(explain_round(views.state(), views.as_recorded(args.round), args.round)):
        out.print(part)
    return exit_codes.OK


def cmd_verify(args: argparse.Namespace) -> int:
    ledger, _ = open_for(args)
    report = ledger.verify()
    if not report.ok:
        print(
            f"FAILED at position {report.first_bad_position}: {report.problem} "
            f"({report.events} events verified before it)"
        )
        return exit_codes.VERIFY_FAILED
    print(f"ok: {report.events} events, chain head {report.head}")
    signatures = ledger.verify_signatures()
    print(signature_summary(signatures, args.chief))
    return exit_codes.OK if signatures.ok and chief_matches(signatures, args.chief) else exit_codes.VERIFY_FAILED


def cmd_demo(args: argparse.Namespace) -> int:
    from tui.demo import run_demo

    return run_demo(args.ledger, args.seed, args.actor)


def cmd_tui(args: argparse.Namespace) -> int:
    from tui.app import run_desk  # Textual is loaded only here

    return run_desk(location(args), args.actor, signing_key(args))


# --- the parser ---------------------------------------------------------------------------------


def _add_tournament_verbs(verbs: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = verb(
        verbs,
        "new",
        cmd_new,
        "create a tournament in a new ledger",
        '  arbiter new "Club Championship" --game chess --system round-robin --rounds 9\n'
        '  arbiter new "Spring Open" --game backgammon --system round-robin --rounds 5 --match-length 5\n'
        '  arbiter new "Open" --game chess --system dutch --rounds 9 --option initial_colour=white\n\n'
        "systems: chess dutch, dubov, round-robin; backgammon ibf-swiss, blind-draw, swiss-elimination,\n"
        "subgroups, storm, single-elimination, double-elimination, re-entry; Scrabble random, koth, quartile,\n"
        "factored, swiss, fontes, init-fontes, chew, tsh-round-robin, lower-round-robin, team-round-robin,\n"
        "bracket, tsh-double-elimination, guelph (docs/ has a page per game).\n\n" + textwrap.fill(STORM_READING, 100),
    )
    p.add_argument("name", help="the tournament's name")
    p.add_argument("--game", required=True, choices=[g.value for g in Game])
    p.add_argument("--system", required=True, choices=systems(), help="pairing system")
    p.add_argument("--rounds", required=True, type=positive, help="number of rounds")
    p.add_argument("--points", type=points_table, help="points for win/draw/loss, e.g. 3/1/0 (default 1/0.5/0)")
    p.add_argument("--tiebreaks", help="ordered tie-break codes, comma-separated, e.g. BH-C1,BH,SB (see docs)")
    p.add_argument(
        "--match-length",
        type=positive,
        default=3,
        help="backgammon: match to N (default 3, rules guide 5.13)",
    )
    p.add_argument(
        "--match-format",
        choices=[f.value for f in MatchFormat],
        default=MatchFormat.GAME_WINS.value,
        help="backgammon: game-wins (a gammon counts 2) or points (doubling cube)",
    )
    p.add_argument("--seed", type=int, help="random seed for systems that draw lots (default: chosen and recorded)")
    system_options(p, "system option, e.g. cycles=2 for a double round robin")

    p = verb(
        verbs,
        "register",
        cmd_register,
        "register a player (numbers follow registration order)",
        '  arbiter register "Judit Polgar" --rating 2735 --federation HUN --title GM',
    )
    p.add_argument("name")
    p.add_argument("--rating", type=int, default=0)
    p.add_argument("--federation", default="")
    p.add_argument("--club", default="")
    p.add_argument("--team", default="")
    p.add_argument("--title", default="")
    p.add_argument("--id", default="", help="external id (FIDE id, federation id)")
    p.add_argument("--number", type=positive, help="pairing number (default: the next free one)")

    p = verb(
        verbs,
        "import-roster",
        cmd_import_roster,
        "register every player of a CSV file (all or none)",
        "  arbiter import-roster players.csv   # headings: name,rating,federation,club,team,title,id,number",
    )
    p.add_argument("file")

    p = verb(
        verbs,
        "correct-player",
        cmd_correct_player,
        "correct a player's details (with a reason)",
        '  arbiter correct-player 4 --set rating=2105 --reason "rating list of November"',
    )
    p.add_argument("player", type=positive)
    p.add_argument("--set", type=key_value, action="append", required=True, metavar="DETAIL=VALUE")
    reason_options(p)

    for name, handler, summary in (
        ("withdraw", cmd_withdraw, "withdraw a player from a round onwards"),
        ("exclude", cmd_exclude, "exclude a player from later pairings after an unexcused no-show (IBF 4.3)"),
        ("reenter", cmd_reenter, "let a withdrawn player back in from a round onwards"),
    ):
        p = verb(verbs, name, handler, summary, f'  arbiter {name} 7 --reason "illness"')
        p.add_argument("player", type=positive)
        p.add_argument("--from-round", type=positive, help="first round concerned (default: the next round)")
        reason_options(p)

    p = verb(
        verbs,
        "bye",
        cmd_bye,
        "record a player's bye request for a coming round",
        "  arbiter bye 12 --round 4 --kind half",
    )
    p.add_argument("player", type=positive)
    p.add_argument("--round", type=positive, help="the round (default: the next round)")
    p.add_argument("--kind", choices=["half", "zero", "full"], default="half")
    p.add_argument("--reason", default="")

    p = verb(
        verbs,
        "forbid",
        cmd_forbid,
        "keep two players from being paired together",
        '  arbiter forbid 3 8 --reason "same family"',
    )
    p.add_argument("first", type=positive)
    p.add_argument("second", type=positive)
    p.add_argument("--reason", required=True)


def _add_round_verbs(verbs: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = verb(
        verbs,
        "pair",
        cmd_pair,
        "pair the next round with the tournament's system (or by hand)",
        '  arbiter pair\n  arbiter pair --manual "1-4,2-3"\n'
        '  arbiter pair --force --reason "board 7 adjourned, result due tomorrow"',
    )
    p.add_argument("--manual", help='hand pairing "1-2,3-4": first-named player on the first side')
    p.add_argument("--force", action="store_true", help="pair although the previous round has missing results")
    p.add_argument("--reason", default="", help="why (required with --force, and when re-pairing)")
    system_options(p, "system option for this round only, recorded with it (tsh: based_on=3, repeats=1)")

    p = verb(
        verbs,
        "unpair",
        cmd_unpair,
        "withdraw the last round's pairing (it stays in the log)",
        '  arbiter unpair 5 --reason "wrong result in round 4 was used" --yes',
    )
    p.add_argument("round", type=positive)
    reason_options(p)
    yes_option(p)

    p = verb(
        verbs,
        "result",
        cmd_result,
        "enter a board's result",
        "  arbiter result 3 1 1-0      chess: 1-0 0-1 1/2, forfeits +- -+ --\n"
        "  arbiter result 3 2 3-1      backgammon: the final match score\n"
        "  arbiter result 3 4 412-380  Scrabble: both scores",
    )
    p.add_argument("round", type=positive)
    p.add_argument("board", type=positive)
    p.add_argument("result")

    p = verb(verbs, "void", cmd_void, "void a recorded result (with a reason)")
    p.add_argument("round", type=positive)
    p.add_argument("board", type=positive)
    reason_options(p)

    p = verb(verbs, "seal", cmd_seal, "seal a complete round with the chain head (prints the head)")
    p.add_argument("round", type=positive)


def _add_read_verbs(verbs: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = verb(
        verbs,
        "pairings",
        cmd_pairings,
        "show a round's pairings (default: the last paired round)",
        "  arbiter pairings 2 --format json\n  arbiter pairings 2 --as-of 40",
    )
    p.add_argument("round", nargs="?", type=positive)
    p.add_argument("--format", choices=["table", "json"], default="table")
    p.add_argument("--as-of", type=positive, help="as the ledger was at this log position")

    p = verb(
        verbs,
        "standings",
        cmd_standings,
        "show the standings with the tournament's tie-breaks",
        "  arbiter standings --format csv > standings.csv\n  arbiter standings --as-of 120",
    )
    p.add_argument("--format", choices=["table", "csv", "json"], default="table")
    p.add_argument("--as-of", type=positive, help="as the ledger was at this log position")

    p = verb(
        verbs,
        "log",
        cmd_log,
        "show the audit log: position, time, actor, what, why",
        "  arbiter log --player 5\n  arbiter log --round 3 --json\n  arbiter log --tail 10",
    )
    p.add_argument("--player", type=positive)
    p.add_argument("--round", type=positive)
    p.add_argument("--as-of", type=positive, help="only events up to this position")
    p.add_argument("--tail", type=positive, help="only the last N lines")
    p.add_argument("--json", action="store_true")

    p = verb(
        verbs, "explain", cmd_explain, "show what the engine saw when it paired a round, and why", "  arbiter explain 3"
    )
    p.add_argument("round", type=positive)

    p = verb(
        verbs,
        "verify",
        cmd_verify,
        "check the ledger's hash chain and every signature; exit 1 naming the first bad position",
        "  arbiter verify\n  arbiter verify --chief 3f9c0d...   # the chief arbiter's fingerprint, as published",
    )
    p.add_argument("--chief", help="the chief arbiter's key fingerprint: exit 1 unless the ledger was made with it")

    p = verb(
        verbs,
        "demo",
        cmd_demo,
        "run a demo 10-player round robin in a fresh ledger and show it",
        "  arbiter demo\n  arbiter demo --ledger /tmp/demo.ledger --seed 7",
    )
    p.add_argument("--seed", type=int, default=2026, help="seed of the demo's random results")

    verb(verbs, "tui", cmd_tui, "open the arbiter's desk (a terminal interface) on the ledger")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="arbiter", description=DESCRIPTION, formatter_class=Formatter, epilog=exit_codes.EPILOG
    )
    verbs = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    _add_tournament_verbs(verbs)
    _add_round_verbs(verbs)
    add_dispute_verbs(verbs)
    _add_read_verbs(verbs)
    add_report_verbs(verbs)
    add_sheet_verbs(verbs)
    add_interchange_verbs(verbs)
    add_stage_verbs(verbs)
    add_trf_verbs(verbs)
    add_key_verbs(verbs)
    return parser


ERROR_CODES: tuple[tuple[type[Exception], int], ...] = (
    (InvalidInput, exit_codes.BAD_INPUT),
    (NoTournament, exit_codes.NO_LEDGER),
    (ConcurrentChange, exit_codes.CONFLICT),
    (LedgerError, exit_codes.REFUSED),
)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code = args.handler(args)
        if getattr(args, "views", None) is not None:
            args.views.catch_up()
        return code
    except LedgerError as error:
        say(f"arbiter {args.verb}: {error}")
        return next(code for kind, code in ERROR_CODES if isinstance(error, kind))
    except PersistenceError as error:
        where = location(args)
        say(without_secrets(f"arbiter: cannot use the ledger at {where}: {error}", where))
        return exit_codes.NO_LEDGER


if __name__ == "__main__":
    sys.exit(main())
