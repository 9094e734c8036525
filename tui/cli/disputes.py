"""Disputed results, re-pairing, undo and appeals: the `correct`, `what-if`, `repair`,
`rollback`, `reproduce` and `appeal` verbs. Nothing here edits an event: every change is a
compensating event with its reason, and previews append nothing.

IBF Pairing Rules 3.8, "For computer-aided pairing": pairings "are generally final. Exceptions to
this rule may be made if an error is identified (for example, if the result of a played match was
incorrectly entered into the software). Additionally, opponent pairings may be changed (including by
conducting a repeat computer-aided pairing) based on a justified decision by the Chief Arbiter".
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

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
    yes_option,
)

if TYPE_CHECKING:
    from rich.table import Table

    from ledger.application import Ledger
    from projections.impact import PairingDifference
    from projections.state import TournamentState
    from projections.views import ReadModels

verbs = VerbGroup()


def difference_table(state: TournamentState, difference: PairingDifference, title: str) -> Table:
    from rich.table import Table

    def name(number: int) -> str:
        return f"{number} {state.players[number].name}" if number in state.players else str(number)

    table = Table(title=title, title_justify="left")
    for heading in ("Bd", "Published", "", "Proposed"):
        table.add_column(heading)
    for board in difference.changed_boards:
        old = difference.published[board - 1] if board <= len(difference.published) else None
        new = difference.proposed[board - 1] if board <= len(difference.proposed) else None
        table.add_row(
            str(board),
            f"{name(old.first)} - {name(old.second)}" if old else "",
            "->",
            f"{name(new.first)} - {name(new.second)}" if new else "",
        )
    return table


# --- correct, with what it affects ----------------------------------------------------------------------


def _correct_arguments(p: argparse.ArgumentParser) -> None:
    board_result_arguments(p)
    reason_options(p)
    yes_option(p, "confirm a repeat pairing without a prompt")
    p.add_argument("--no-repair", action="store_true", help="keep a later pairing as published (recorded)")
    p.add_argument("--appeal", type=positive, help="the upheld appeal that orders this correction (sealed rounds)")
    p.add_argument(
        "--rating-only",
        action="store_true",
        help="correct the result for the rating report only: pairings and standings keep the recorded one "
        "(FIDE mode, Q192); export-trf lists it as a ### line, export-trf --rating-report uses it",
    )
    p.add_argument(
        "--leave-fide-mode",
        action="store_true",
        help="leave FIDE mode in the same command to correct a round before the previous one (Q189; level 4: "
        "confirm twice, or --yes)",
    )


@verbs.verb(
    "correct",
    "correct a recorded result (with a reason); handles later pairings",
    _correct_arguments,
    '  arbiter correct 3 1 0-1 --reason "scoresheets signed 0-1" --reference "appeal 2"\n'
    '  arbiter correct 1 4 1/2 --rating-only --reason "rating officer: the game was a draw"\n'
    "  If round 4 was already paired from the old result and play has not started, the new\n"
    "  pairing is shown and, on confirmation (--yes), published in place of the old one.\n\n"
    "In FIDE mode (docs/fide-mode.md) a correction of the previous round is a Correction breach (a level 3\n"
    "warning, written to the TRF as a ### line) and one of an earlier round is refused: leave FIDE mode\n"
    "(--leave-fide-mode), or correct it for the rating report only (--rating-only).",
)
def cmd_correct(args: argparse.Namespace) -> int:
    """Correct a result. First show what it changes (standings, later pairings, bracket matches) and,
    when a later round was paired from the old result, ask before recording anything; then decide
    about that pairing."""
    if args.rating_only:
        return _correct_for_rating(args)
    with opened(args) as (ledger, views):
        before = views.state()
        later = [n for n in sorted(before.rounds) if n > args.round and before.rounds[n].paired]
        warned = ledger.warns_of_result_change(args.round, args.leave_fide_mode)
        if later and not _preview_correction(args, ledger, before, later, warned):
            return exit_codes.REFUSED
        code = ledger.correct_result(
            args.round, args.board, args.result, args.reason, args.reference, args.appeal, args.leave_fide_mode
        )
        say(f"round {args.round} board {args.board} corrected to {code}")
        if not later:
            return exit_codes.OK
        state = views.state()
        last = later[-1]
        say(
            f"round(s) {', '.join(map(str, later))} were paired before this correction; "
            "their pairings read the old result"
        )
        what = f"round {last} pairing after the correction of round {args.round} board {args.board}"
        if len(later) > 1 or state.rounds[last].results:
            why = "play has started" if state.rounds[last].results else f"rounds {later} are all paired"
            ledger.override(what, f"kept: {why}", args.reason, args.reference)
            say(f"the pairing of round {last} stays ({why}); the decision is recorded in the log")
            return exit_codes.OK
        return _offer_repairing(args, ledger, views, last, what)


def _correct_for_rating(args: argparse.Namespace) -> int:
    if args.appeal is not None or args.leave_fide_mode or args.no_repair:
        raise InvalidInput(
            "--rating-only changes no pairing or standing: it takes no --appeal, --leave-fide-mode or --no-repair"
        )
    with opened(args) as (ledger, _):
        code = ledger.correct_for_rating(args.round, args.board, args.result, args.reason, args.reference)
    say(
        f"round {args.round} board {args.board} is {code} for the rating report; pairings and standings keep the "
        "recorded result (`arbiter export-trf --rating-report` gives the report)"
    )
    return exit_codes.OK


def _preview_correction(
    args: argparse.Namespace, ledger: Ledger, before: TournamentState, later: list[int], warned: bool
) -> bool:
    """What the correction would change, shown before anything is recorded, and asked about; when the
    correction meets a checklist warning (`warned`) that warning is the question, asked right below the
    preview (level 3 once, level 4 twice: `tui.cli.main`), and the preview is not shown again when the
    command runs confirmed."""
    if getattr(args, "previewed", False):
        return True
    args.previewed = True
    from pairing.ibf.brackets import changed_matches
    from pairing.model import NoValidPairing
    from projections.bracket import ELIMINATION_SYSTEMS, bracket_of
    from projections.impact import standings_changes, what_if
    from tui import render

    code = ledger.result_rules().parse(args.result).code
    after = what_if(list(ledger.log_events()), args.round, args.board, code)
    out = render.console()
    out.print(f"round(s) {', '.join(map(str, later))} were paired from the result this corrects")
    changes = standings_changes(before, after)
    if changes:
        out.print(
            "standings that change: "
            + ", ".join(
                f"{c.number} {c.name} {c.score_before:g}->{c.score_after:g} (rank {c.rank_before}->{c.rank_after})"
                for c in changes
            )
        )
    if before.stage_of(before.last_paired_round + 1).system in ELIMINATION_SYSTEMS:
        try:
            moved = changed_matches(bracket_of(before), bracket_of(after))
            out.print("bracket matches that change: " + (", ".join(moved) or "none"))
        except NoValidPairing as clash:
            out.print(f"the corrected result changes who advanced; the published later pairing no longer fits: {clash}")
    return warned or confirm(args, f"record the correction of round {args.round} board {args.board} to {code}?")


def _offer_repairing(args: argparse.Namespace, ledger: Ledger, views: ReadModels, last: int, what: str) -> int:
    from projections.impact import pairing_difference, proposed_pairing
    from tui import render

    state = views.state()
    difference = pairing_difference(state, last, proposed_pairing(state, last))
    if difference.identical:
        say(f"the engine pairs round {last} the same way with the corrected result; its pairing stands")
        return exit_codes.OK
    render.console().print(difference_table(state, difference, f"Round {last}: published and re-paired"))
    question = (
        f"withdraw the published pairing of round {last} and publish the new one "
        f"(boards {difference.changed_boards} change)?"
    )
    if args.no_repair or not confirm(args, question):
        ledger.override(what, "kept: the arbiter declined a repeat pairing", args.reason, args.reference)
        say(f"the pairing of round {last} stays; the decision is recorded in the log")
        return exit_codes.OK
    ledger.repair_round(
        last, f"repeat pairing after correcting round {args.round} board {args.board}: {args.reason}", args.reference
    )
    say(f"round {last} paired again; the withdrawn pairing stays in the log")
    return exit_codes.OK


def _undo_breach_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("position", type=positive, help="the log position of the breach (`arbiter log` shows it)")
    reason_options(p)


@verbs.verb(
    "undo-breach",
    "restore the state before a pairing-integrity-breaching event (a correction, a change of rounds, an "
    "exchange or regeneration of pairing numbers, a new tie-break list, a hand pairing (MPA), an adjourned "
    "game's result)",
    _undo_breach_arguments,
    '  arbiter undo-breach 42 --reason "the correction was entered on the wrong board" --yes\n\n'
    "The compensating change is appended (the result, the rounds, the numbers or the tie-break list as\n"
    "they were; the hand pairing withdrawn; the adjourned game without its result again) and warned of as\n"
    "the change it undoes was; nothing is edited or deleted, and the TRF's ### lines are those of before\n"
    "(docs/fide-mode.md, Q114).",
)
def cmd_undo_breach(args: argparse.Namespace) -> int:
    with opened(args) as (ledger, _):
        done = ledger.undo_breach(args.position, args.reason, args.reference)
    say(f"breach at position {args.position} undone: {done}")
    return exit_codes.OK


# --- previews ---------------------------------------------------------------------------------------------


@verbs.verb(
    "what-if",
    "preview a changed result: standings and next pairing; records nothing",
    board_result_arguments,
    "  arbiter what-if 3 1 0-1",
)
def cmd_what_if(args: argparse.Namespace) -> int:
    """Standings and the next pairing with one result changed: a preview, nothing appended."""
    from rich.table import Table

    from projections.impact import pairing_difference, proposed_pairing, standings_changes, what_if
    from tui import render

    with opened(args) as (ledger, views):
        code = ledger.result_rules().parse(args.result).code
        before = views.state()
        after = what_if(list(ledger.log_events()), args.round, args.board, code)
        out = render.console()
        changes = standings_changes(before, after)
        for line in render.fide_mode_lines(before):
            out.print(line, markup=False, highlight=False)
        out.print(f"Preview only, nothing is recorded: what if round {args.round} board {args.board} were {code}")
        table = Table(title="Standings that would change", title_justify="left")
        for heading in ("No", "Name", "Rank", "", "Rank", "Score", "", "Score"):
            table.add_column(heading)
        for c in changes:
            table.add_row(
                str(c.number),
                c.name,
                str(c.rank_before),
                "->",
                str(c.rank_after),
                f"{c.score_before:g}",
                "->",
                f"{c.score_after:g}",
            )
        out.print(table if changes else "no rank or score would change")
        following = args.round + 1
        if following > before.total_rounds:
            return exit_codes.OK
        proposal = proposed_pairing(after, following)
        if following in before.rounds and before.rounds[following].paired:
            difference = pairing_difference(before, following, proposal)
            out.print(
                f"the published pairing of round {following} would not change"
                if difference.identical
                else difference_table(
                    before, difference, f"Round {following}: published and what the engine would pair"
                )
            )
        else:
            view = render.outcome_view(following, proposal)
            out.print(render.pairings_table(after, view))
        return exit_codes.OK


@verbs.verb(
    "repair",
    "pair the last round again on the chief arbiter's decision (IBF 3.8)",
    round_decision_arguments,
    '  arbiter repair 5 --reason "wrong withdrawal entered before pairing" --yes',
)
def cmd_repair(args: argparse.Namespace) -> int:
    """A repeat computer pairing of the last round, on the chief arbiter's decision (IBF 3.8)."""
    from projections.impact import pairing_difference, proposed_pairing
    from tui import render

    with opened(args) as (ledger, views):
        last = ledger.last_paired_round()
        if args.round != last:
            raise InvalidInput(f"only the last paired round ({last}) can be paired again")
        state = views.state()
        difference = pairing_difference(state, last, proposed_pairing(state, last))
        if difference.identical:
            say(f"the engine pairs round {last} exactly as published; nothing to change")
            return exit_codes.OK
        render.console().print(difference_table(state, difference, f"Round {last}: published and re-paired"))
        if not confirm(args, f"withdraw the pairing of round {last} and publish the new one?"):
            return exit_codes.REFUSED
        ledger.repair_round(last, args.reason, args.reference)
        say(f"round {last} paired again; the withdrawn pairing stays in the log")
        return exit_codes.OK


def _rollback_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--to-round", type=int, required=True, help="the last round to keep (0: before round 1)")
    reason_options(p)
    yes_option(p)


@verbs.verb(
    "rollback",
    "take the tournament back to the end of a round (compensating events)",
    _rollback_arguments,
    '  arbiter rollback --to-round 3 --reason "rounds 4-5 paired from a corrupted roster" --yes',
)
def cmd_rollback(args: argparse.Namespace) -> int:
    with opened(args) as (ledger, _):
        last = ledger.last_paired_round()
        question = (
            f"withdraw the pairings of rounds {args.to_round + 1}..{last} (their results leave the standings; "
            "everything stays in the log)?"
        )
        if not confirm(args, question):
            return exit_codes.REFUSED
        withdrawn = ledger.rollback(args.to_round, args.reason, args.reference)
        say(f"rolled back to the end of round {args.to_round}: withdrew rounds {', '.join(map(str, withdrawn))}")
        return exit_codes.OK


@verbs.verb(
    "reproduce",
    "re-run a round's recorded engine on its recorded input; exit 1 if it differs",
    round_argument,
    "  arbiter reproduce 4",
)
def cmd_reproduce(args: argparse.Namespace) -> int:
    from projections.impact import reproduce
    from tui import render

    with opened(args) as (_, views):
        outcome = reproduce(views.state(), views.as_recorded(args.round), args.round)
        versions = f"engine {outcome.engine} {outcome.recorded_version} recorded, {outcome.current_version} now"
        digest = "matches" if outcome.digest_matches else "DIFFERS"
        if outcome.difference.identical:
            print(f"reproduced: round {args.round} comes out bit for bit the same ({versions}; input digest {digest})")
            return exit_codes.OK
        print(f"NOT reproduced: round {args.round} differs ({versions}; input digest {digest})")
        title = f"Round {args.round}: published and re-run"
        render.console().print(difference_table(views.state(), outcome.difference, title))
        return exit_codes.VERIFY_FAILED


# --- appeals (backgammon rules guide 6.5) -------------------------------------------------------------------


def _vote(text: str) -> tuple[str, bool]:
    member, _, vote = text.partition("=")
    if not member or vote not in ("overturn", "uphold-ruling"):
        raise argparse.ArgumentTypeError(f"{text!r} is not MEMBER=overturn or MEMBER=uphold-ruling")
    return member.strip(), vote == "overturn"


def _appeal_lodge_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--by", type=positive, required=True, help="the appellant's number")
    p.add_argument("--against", required=True, help="the ruling appealed against")
    p.add_argument("--reason", required=True, help="the appellant's grounds")


@verbs.verb(
    "appeal-lodge",
    "lodge an appeal against a ruling (rules guide 6.5)",
    _appeal_lodge_arguments,
    '  arbiter appeal-lodge --by 7 --against "ruling on board 3: checker play" --reason "dice cocked"',
)
def cmd_appeal_lodge(args: argparse.Namespace) -> int:
    with opened(args) as (ledger, _):
        number = ledger.lodge_appeal(args.by, args.against, args.reason)
        print(number)
        say(f"appeal {number} lodged; rule on it with `arbiter appeal-rule {number} --vote NAME=overturn ...`")
        return exit_codes.OK


def _appeal_rule_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("appeal", type=positive)
    p.add_argument("--vote", type=_vote, action="append", required=True, metavar="MEMBER=overturn|uphold-ruling")
    reason_options(p)


@verbs.verb(
    "appeal-rule",
    "record an appeals committee's votes; a majority overturns (both of 2, 3 of 4: rules guide 6.5)",
    _appeal_rule_arguments,
    '  arbiter appeal-rule 1 --vote Ann=overturn --vote Bob=overturn --reason "..."',
)
def cmd_appeal_rule(args: argparse.Namespace) -> int:
    with opened(args) as (ledger, _):
        outcome = ledger.rule_appeal(args.appeal, dict(args.vote), args.reason, args.reference)
        follow = (
            f'; record the correcting events with --reference "appeal {args.appeal}"'
            if outcome == "upheld"
            else "; the Director's ruling stands"
        )
        say(f"appeal {args.appeal} {outcome}{follow}")
        return exit_codes.OK
