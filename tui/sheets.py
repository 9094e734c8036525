"""Printable sheets: `arbiter drawsheet` (the round's pairings to post, backgammon rules guide 2.2.4:
match length, and the top line plays the light checkers, 5.1) and `arbiter bracket` (IBF 3.1-3.3, a
tree with every played match's score), as text for the terminal or HTML for printing (the sheets of
`arbiter print`, `tui.web.printing`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ledger.errors import RuleViolation, UnknownRound
from pairing.model import NoValidPairing
from projections.state import RoundView, TournamentState
from projections.views import ReadModels
from tui import exit_codes, render
from tui.common import Verbs, open_for, positive, say, verb
from tui.web import Sheet


def _match_length(state: TournamentState) -> str:
    assert state.settings is not None
    if state.settings.game.value != "backgammon":
        return ""
    unit = "game-wins, a gammon counts 2" if state.settings.match_format.value == "game-wins" else "points"
    return f"matches to {state.settings.match_length} ({unit})"


def _round(state: TournamentState, number: int | None) -> RoundView:
    number = number or state.last_paired_round
    view = state.rounds.get(number)
    if view is None or not view.paired:
        raise UnknownRound(f"round {number} has no published pairing")
    return view


def cmd_drawsheet(args: argparse.Namespace) -> int:
    _, views = open_for(args)
    state = views.state()
    view = _round(state, args.round)
    if args.format == "html":
        return _write(args, _sheet_html(views, Sheet.DRAWSHEET, view.number))
    out = render.console()
    if _match_length(state):
        out.print(f"{state.name}, round {view.number}: {_match_length(state)}; the top line plays the light checkers")
    out.print(render.pairings_table(state, view))
    return exit_codes.OK


def cmd_bracket(args: argparse.Namespace) -> int:
    from projections.bracket_tree import bracket_tree  # the engines' bracket views, loaded only here
    from tui.web.tree import tree_text

    _, views = open_for(args)
    try:
        tree = bracket_tree(views.state())
    except NoValidPairing as refusal:
        raise RuleViolation(str(refusal)) from refusal
    if args.format == "html":
        return _write(args, _sheet_html(views, Sheet.BRACKET))
    print(tree_text(tree), end="")
    return exit_codes.OK


def _sheet_html(views: ReadModels, sheet: Sheet, round_number: int | None = None) -> str:
    from tui.web.pages import Pages  # the template engine, loaded only for HTML
    from tui.web.printing import sheet_html

    return sheet_html(Pages(views), sheet, round_number)


def _write(args: argparse.Namespace, html: str) -> int:
    if args.output == "-":
        print(html)
    else:
        Path(args.output).write_text(html, encoding="utf-8")
        say(f"wrote {args.output}")
    return exit_codes.OK


def add_sheet_verbs(verbs: Verbs) -> None:
    p = verb(
        verbs,
        "drawsheet",
        cmd_drawsheet,
        "the round's pairings ready to post (match length, light checkers)",
        "  arbiter drawsheet\n  arbiter drawsheet 3 --format html -o round3.html",
    )
    p.add_argument("round", nargs="?", type=positive)
    p.add_argument("--format", choices=["text", "html"], default="text")
    p.add_argument("-o", "--output", default="-", help="HTML file ('-' for stdout)")

    p = verb(
        verbs,
        "bracket",
        cmd_bracket,
        "draw the elimination bracket (IBF 3.1-3.3) as it stands",
        "  arbiter bracket\n  arbiter bracket --format html -o bracket.html",
    )
    p.add_argument("--format", choices=["text", "html"], default="text")
    p.add_argument("-o", "--output", default="-", help="HTML file ('-' for stdout)")
