"""Printable sheets: `arbiter drawsheet` (the round's pairings to post, backgammon rules guide 2.2.4:
match length, and the top line plays the light checkers, 5.1) and `arbiter bracket` (IBF 3.1-3.3, a
tree with every played match's score), as text for the terminal or HTML for printing (the sheets of
`arbiter print`, `tui.web.printing`)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ledger.errors import RuleViolation, UnknownRound
from tui import exit_codes
from tui.cli.common import VerbGroup, opened, positive
from tui.cli.output import emit_as, output_options
from tui.web import Sheet

if TYPE_CHECKING:
    from projections.state import RoundView, TournamentState
    from projections.views import ReadModels

verbs = VerbGroup()


def _match_length(state: TournamentState) -> str:
    settings = state.require_settings()
    if settings.game.value != "backgammon":
        return ""
    unit = "game-wins, a gammon counts 2" if settings.match_format.value == "game-wins" else "points"
    return f"matches to {settings.match_length} ({unit})"


def _round(state: TournamentState, number: int | None) -> RoundView:
    number = number or state.last_paired_round
    view = state.rounds.get(number)
    if view is None or not view.paired:
        raise UnknownRound(f"round {number} has no published pairing")
    return view


def _drawsheet_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("round", nargs="?", type=positive)
    output_options(p, ("text", "html"))


@verbs.verb(
    "drawsheet",
    "the round's pairings ready to post (match length, light checkers)",
    _drawsheet_arguments,
    "  arbiter drawsheet\n  arbiter drawsheet 3 --format html -o round3.html",
)
def cmd_drawsheet(args: argparse.Namespace) -> int:
    from tui import render

    with opened(args) as (_, views):
        state = views.state()
    view = _round(state, args.round)
    heading = (
        [f"{state.name}, round {view.number}: {_match_length(state)}; the top line plays the light checkers"]
        if _match_length(state)
        else []
    )
    emit_as(
        args,
        {
            "text": lambda: [*render.fide_mode_lines(state), *heading, render.pairings_table(state, view)],
            "html": lambda: _sheet_html(views, Sheet.DRAWSHEET, view.number),
        },
    )
    return exit_codes.OK


def _bracket_arguments(p: argparse.ArgumentParser) -> None:
    output_options(p, ("text", "html"))


@verbs.verb(
    "bracket",
    "draw the elimination bracket (IBF 3.1-3.3) as a tree, with every played match's score",
    _bracket_arguments,
    "  arbiter bracket\n  arbiter bracket --format html -o bracket.html",
)
def cmd_bracket(args: argparse.Namespace) -> int:
    from pairing.model import NoValidPairing
    from projections.bracket_tree import bracket_tree  # the engines' bracket views, loaded only here
    from tui.web.tree import tree_text

    with opened(args) as (_, views):
        state = views.state()
    try:
        tree = bracket_tree(state)
    except NoValidPairing as refusal:
        raise RuleViolation(str(refusal)) from refusal
    emit_as(args, {"text": lambda: tree_text(tree), "html": lambda: _sheet_html(views, Sheet.BRACKET)})
    return exit_codes.OK


def _sheet_html(views: ReadModels, sheet: Sheet, round_number: int | None = None) -> str:
    from tui.web.pages import Pages  # the template engine, loaded only for HTML
    from tui.web.printing import sheet_html

    return sheet_html(Pages(views), sheet, round_number)
