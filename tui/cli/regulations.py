"""The tournament's announced methods: `tiebreaks` (docs/fide-mode.md, Q201-202), the arbiter's entries
that break ties the list leaves (`tiebreak-value`, Q207; `rank-tied`, Q205) and `acceleration`
(Q106-111). Each shows the current choice when given none, and changes it with a reason; after round 1
the change is a warning of the checklist's levels."""

from __future__ import annotations

import argparse

from tui import exit_codes
from tui.cli.common import VerbGroup, opened, positive, reason_options, say

verbs = VerbGroup()


def _tiebreaks_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "codes", nargs="?", help="the new list, comma-separated, e.g. BH-C1,BH,SB (omit it to show the list)"
    )
    reason_options(p, required=False)


def _tiebreaks_examples() -> str:
    from ledger.settings import KOYA_LIMIT_CODES, TIEBREAK_CODES

    return (
        "  arbiter tiebreaks                                       # the list and what each code means\n"
        '  arbiter tiebreaks BH-C1,BH,SB,DE --reason "as announced in the regulations"\n\n'
        "After round 1 is paired a change is a level 4 warning (confirm twice, or --yes), recorded and written\n"
        "to the TRF as a ### line with the round and the previous list (docs/fide-mode.md, Q201-202).\n\n"
        "codes:\n"
        + "\n".join(f"  {code:<10} {text}" for code, text in TIEBREAK_CODES.items())
        + f"\n  {KOYA_LIMIT_CODES}: Koya System with its Limit (C.07 9.2, 14.5): KS-L60 counts the opponents"
        "\n    on 60 % of the maximum possible score or more; KS-L+1, KS-L-1 move the 50 % limit by a draw's points"
    )


@verbs.verb("tiebreaks", "show or change the tie-break list", _tiebreaks_arguments, _tiebreaks_examples)
def cmd_tiebreaks(args: argparse.Namespace) -> int:
    from ledger.settings import tiebreak_description
    from tui.render import fide_mode_lines

    with opened(args) as (ledger, views):
        if args.codes is None:
            for line in fide_mode_lines(views.state()):
                print(line)
            for code in ledger.settings().tiebreaks:
                print(f"{code}\t{tiebreak_description(code)}")
            return exit_codes.OK
        codes = [code.strip() for code in args.codes.split(",")]
        ledger.change_tiebreaks(codes, args.reason, args.reference)
    say(f"tie-breaks now {','.join(codes)}")
    return exit_codes.OK


def _tiebreak_value_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("player", type=positive, help="the player's number")
    p.add_argument("value", help="the value, e.g. 1.5 (higher ranks first; a player without one counts 0)")
    reason_options(p)


def _tiebreak_value_examples() -> str:
    return (
        '  arbiter tiebreak-value 4 1.5 --reason "play-off for 1st place: 1.5-0.5"\n'
        '  arbiter tiebreaks EXT,BH-C1,BH,SB --reason "regulations 6: a play-off first"\n\n'
        "The value counts in the standings where the tie-break list names EXT (C.07 Art. 3 play-offs, 4.1);\n"
        "a player without an entered value counts 0. A later entry replaces the value (docs/fide-mode.md,\n"
        "Q207)."
    )


@verbs.verb(
    "tiebreak-value",
    "enter a player's external tie-break value (EXT): a play-off's or tie-break match's outcome",
    _tiebreak_value_arguments,
    _tiebreak_value_examples,
)
def cmd_tiebreak_value(args: argparse.Namespace) -> int:
    from pairing.trf.standings import written_value

    with opened(args) as (ledger, _):
        ledger.enter_tiebreak_value(args.player, args.value, args.reason, args.reference)
    say(f"player {args.player}'s external tie-break value (EXT) is now {written_value(float(args.value))}")
    return exit_codes.OK


def _rank_tied_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("players", nargs="*", type=positive, help="the tied players' numbers, best first")
    p.add_argument("--clear", action="store_true", help="clear every order of tied players recorded")
    reason_options(p)


def _rank_tied_examples() -> str:
    return (
        '  arbiter rank-tied 7 3 --reason "regulations 6.4: decision of the chief"\n'
        '  arbiter rank-tied --clear --reason "play-off held instead"\n\n'
        "Ranks players equal on score and on every tie-break before LOT (the drawing of lots), best first;\n"
        "players not tied are refused. Standings mark such a rank with * and apply the order before any lots.\n"
        "A later order naming any of the same players replaces it (docs/fide-mode.md, Q205)."
    )


@verbs.verb(
    "rank-tied", "rank players who remain tied on every tie-break, by hand", _rank_tied_arguments, _rank_tied_examples
)
def cmd_rank_tied(args: argparse.Namespace) -> int:
    if args.clear == bool(args.players):
        say("name the tied players best first, or give --clear (not both)")
        return exit_codes.USAGE
    with opened(args) as (ledger, _):
        ledger.rank_tied(args.players, args.reason, args.reference)
    say("orders of tied players cleared" if args.clear else f"tied players ranked {', '.join(map(str, args.players))}")
    return exit_codes.OK


def _acceleration_arguments(p: argparse.ArgumentParser) -> None:
    from pairing.fide.acceleration import METHODS

    p.add_argument("method", nargs="?", choices=list(METHODS), help="the method to set (omit it to show the rules)")
    p.add_argument("--points", default="", help='the explicit method\'s virtual points, "player:round:points,..."')
    reason_options(p, required=False)


def _acceleration_examples() -> str:
    import textwrap

    from pairing.fide.acceleration import METHODS

    rules = "\n\n".join(textwrap.fill(f"{name}: {text}", 100, subsequent_indent="  ") for name, text in METHODS.items())
    return (
        "  arbiter acceleration                                    # the method, its rules, the virtual points\n"
        '  arbiter acceleration baku --reason "accelerated pairings, regulations 3.2"\n\n'
        "The method is set before round 1; after it a change is refused in FIDE mode (level 5, Q109-110).\n\n"
        "the methods' rules (Q108):\n\n" + rules
    )


@verbs.verb(
    "acceleration", "show the acceleration's rules, or set the method", _acceleration_arguments, _acceleration_examples
)
def cmd_acceleration(args: argparse.Namespace) -> int:
    import textwrap

    from pairing.fide.acceleration import METHODS, virtual_points
    from projections.history import pairing_input
    from tui.render import fide_mode_lines

    with opened(args) as (ledger, reader):
        if args.method is not None:
            ledger.change_acceleration(args.method, args.points, args.reason, args.reference)
            say(f"acceleration now {args.method}")
            return exit_codes.OK
        state = reader.state()
    method = state.require_settings().options.get("acceleration") or "none"
    for line in fide_mode_lines(state):
        print(line)
    print(textwrap.fill(f"{method}: {METHODS[method]}", 100, subsequent_indent="  "))
    if state.players and method != "none":
        table = virtual_points(pairing_input(state, state.last_paired_round + 1))
        print("\nvirtual points (player: round points):")
        for number in sorted({player for player, _ in table}):
            rounds = sorted((r, points) for (player, r), points in table.items() if player == number)
            print(f"  {number}: " + ", ".join(f"{r} {points:g}" for r, points in rounds))
    return exit_codes.OK
