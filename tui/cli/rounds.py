"""A round's life: `pair`, `manual-pairing`, `unpair`, `result`, `adjourn`, `void`, `seal`."""

from __future__ import annotations

import argparse
from typing import Any

from ledger.errors import InvalidInput
from tui import exit_codes
from tui.cli.common import (
    VerbGroup,
    board_result_arguments,
    confirm,
    opened,
    positive,
    reason_options,
    round_argument,
    round_decision_arguments,
    say,
    system_options,
    yes_option,
)

verbs = VerbGroup()


def parse_manual(text: str) -> list[tuple[int, int]]:
    """ "1-2,3-4" -> [(1, 2), (3, 4)]: first-named player on the first side."""
    pairs = []
    for item in text.split(","):
        parts = item.strip().split("-")
        if len(parts) != 2 or not all(p.strip().isascii() and p.strip().isdigit() for p in parts):
            raise InvalidInput(f'{item.strip()!r} is not a pair: write pairs like "1-2,3-4" (first player first)')
        pairs.append((int(parts[0]), int(parts[1])))
    return pairs


def _pair_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--manual", help='hand pairing "1-2,3-4": first-named player on the first side')
    p.add_argument(
        "--force",
        action="store_true",
        help="pair although the previous round has missing results (chess: they are adjourned, draws for pairing)",
    )
    p.add_argument("--reason", default="", help="why (required with --force, and when re-pairing)")
    system_options(p, "system option for this round only, recorded with it (tsh: based_on=3, repeats=1)")


@verbs.verb(
    "pair",
    "pair the next round with the tournament's system (or by hand)",
    _pair_arguments,
    '  arbiter pair\n  arbiter pair --manual "1-4,2-3"\n'
    '  arbiter pair --force --reason "board 7 adjourned, result due tomorrow"',
)
def cmd_pair(args: argparse.Namespace) -> int:
    from tui import render

    if args.force and not args.reason:
        raise InvalidInput('--force needs --reason "...": pairing over missing results is a recorded decision')
    manual = parse_manual(args.manual) if args.manual else None
    with opened(args) as (ledger, reader):
        pairing = ledger.pair_next_round(
            manual=manual, force_reason=args.reason if args.force else "", reason=args.reason, options=dict(args.option)
        )
        state = reader.state()
        render.console().print(render.pairings_table(state, state.rounds[pairing.round]))
    return exit_codes.OK


HAND_STEPS = ("start", "pair", "bye", "unpair", "show", "end", "cancel")
"""The steps of pairing a round by hand (docs/fide-mode.md, "Q64-69 Manual pairing")."""


def _manual_pairing_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("step", choices=HAND_STEPS, help="start, pair WHITE BLACK, bye N, unpair N, show, end, cancel")
    p.add_argument(
        "numbers",
        nargs="*",
        type=positive,
        help="start: the round (default the next; the last paired round to pair it again); pair: White's and "
        "Black's numbers; bye: the player given the pairing-allocated bye; unpair: a player whose board or bye goes",
    )
    p.add_argument("--reason", default="", help="why (needed to pair a published round again, and to cancel)")
    yes_option(p, "confirm the warnings (a rematch, a colour rule broken, a pairing unlike the engine's)")


@verbs.verb(
    "manual-pairing",
    "pair a round by hand, board by board, with an explicit start and end (Q65)",
    _manual_pairing_arguments,
    "  arbiter manual-pairing start\n  arbiter manual-pairing pair 1 4\n  arbiter manual-pairing bye 5\n"
    "  arbiter manual-pairing unpair 4\n  arbiter manual-pairing show\n  arbiter manual-pairing end --yes\n"
    '  arbiter manual-pairing start 3 --reason "boards 2 and 5 swapped by mistake"',
)
def cmd_manual_pairing(args: argparse.Namespace) -> int:
    from tui import render

    wanted = {"pair": 2, "bye": 1, "unpair": 1}.get(args.step, 0)
    if len(args.numbers) != wanted and not (args.step == "start" and len(args.numbers) <= 1):
        raise InvalidInput(f"manual-pairing {args.step} takes {wanted or 'no'} number(s), not {len(args.numbers)}")
    with opened(args) as (ledger, reader):
        if args.step == "show":
            number, draft = ledger.hand_draft()
            say(_draft_text(number, draft))
            return exit_codes.OK
        number = _hand_step(ledger, args)
        if args.step == "end":
            state = reader.state()
            render.console().print(render.pairings_table(state, state.rounds[number]))
            return exit_codes.OK
        draft = ledger.round(number).hand
    say(_draft_text(number, draft))
    return exit_codes.OK


def _hand_step(ledger: Any, args: argparse.Namespace) -> int:
    """Run one step of the hand pairing; the round it concerns."""
    numbers = args.numbers
    match args.step:
        case "start":
            return int(ledger.start_hand_pairing(numbers[0] if numbers else None, args.reason))
        case "pair":
            return int(ledger.hand_pair(numbers[0], numbers[1]))
        case "bye":
            return int(ledger.hand_bye(numbers[0]))
        case "unpair":
            return int(ledger.hand_unseat(numbers[0]))
        case "cancel":
            return int(ledger.cancel_hand_pairing(args.reason))
        case _:
            return int(ledger.end_hand_pairing(args.reason).round)


def _draft_text(number: int, draft: dict[str, Any] | None) -> str:
    if draft is None:
        return f"round {number} is not being paired by hand"
    boards = [f"{board}. {first}-{second}" for board, (first, second) in enumerate(draft["boards"], start=1)]
    byes = [f"bye {n}" for n in draft["byes"]]
    return f"round {number}, paired by hand so far: " + ("; ".join(boards + byes) or "nothing")


@verbs.verb(
    "unpair",
    "withdraw the last round's pairing (it stays in the log)",
    round_decision_arguments,
    '  arbiter unpair 5 --reason "wrong result in round 4 was used" --yes',
)
def cmd_unpair(args: argparse.Namespace) -> int:
    with opened(args) as (ledger, reader):
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


@verbs.verb(
    "result",
    "enter a board's result",
    board_result_arguments,
    "  arbiter result 3 1 1-0      chess: 1-0 0-1 1/2, forfeits +- -+ --\n"
    "  arbiter result 3 5 1/2-0    chess, unusual: 1/2-0 0-1/2 0-0 (each side scores its own)\n"
    '  arbiter result 3 6 "1-0 unrated"   chess: a game that lasted less than one move (TRF W D L)\n'
    "  arbiter result 3 2 3-1      backgammon: the final match score\n"
    "  arbiter result 3 4 412-380  Scrabble: both scores",
)
def cmd_result(args: argparse.Namespace) -> int:
    with opened(args) as (ledger, _):
        code = ledger.record_result(args.round, args.board, args.result)
    say(f"round {args.round} board {args.board}: {code}")
    return exit_codes.OK


def _board_decision_arguments(p: argparse.ArgumentParser) -> None:
    """A round, a board, and the decision's reason and reference."""
    p.add_argument("round", type=positive)
    p.add_argument("board", type=positive)
    reason_options(p)


@verbs.verb(
    "adjourn",
    "adjourn a chess game: a draw for pairing until its result is entered (Q157)",
    _board_decision_arguments,
    '  arbiter adjourn 3 4 --reason "adjourned at move 60, resumes tomorrow 10:00"',
)
def cmd_adjourn(args: argparse.Namespace) -> int:
    with opened(args) as (ledger, _):
        ledger.adjourn(args.round, args.board, args.reason)
    say(f"round {args.round} board {args.board}: adjourned, counted as a draw for pairing until its result is in")
    return exit_codes.OK


@verbs.verb("void", "void a recorded result (with a reason)", _board_decision_arguments)
def cmd_void(args: argparse.Namespace) -> int:
    with opened(args) as (ledger, _):
        ledger.void_result(args.round, args.board, args.reason, args.reference)
    say(f"round {args.round} board {args.board}: result voided")
    return exit_codes.OK


@verbs.verb("seal", "seal a complete round with the chain head (prints the head and its position)", round_argument)
def cmd_seal(args: argparse.Namespace) -> int:
    with opened(args) as (ledger, _):
        head = ledger.seal_round(args.round)
        position = ledger.round(args.round).sealed_at
    print(head)  # alone on stdout, so `HEAD=$(arbiter seal 3)` keeps working
    say(
        f"round {args.round} sealed; chain head {head} at log position {position}: publish both (results "
        f"sheet, notice board); `arbiter verify --anchor {head}` then shows the log still passes through it"
    )
    return exit_codes.OK
