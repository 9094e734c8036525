"""Printable sheets: `arbiter drawsheet` (the round's pairings to post, backgammon rules guide 2.2.4:
match length, and the top line plays the light checkers, 5.1) and `arbiter bracket` (IBF 3.1-3.3),
as text for the terminal or HTML for printing."""

from __future__ import annotations

import argparse
from html import escape

from rich.table import Table

from ledger.errors import RuleViolation, UnknownRound
from pairing.ibf.brackets import BracketView, MatchState, Slot, SlotKind
from pairing.model import NoValidPairing
from projections.bracket import bracket_of
from projections.state import RoundView, TournamentState
from tui import exit_codes, render
from tui.cli.common import VerbGroup, opened, positive
from tui.cli.output import emit_as, output_options

verbs = VerbGroup()

PAGE = (
    "<!doctype html><html><head><meta charset='utf-8'><title>{title}</title><style>"
    "body{{font-family:system-ui,sans-serif;margin:2em}} table{{border-collapse:collapse;margin:.5em 0 1.5em}}"
    "th,td{{border:1px solid #999;padding:.3em .7em;text-align:left}} th{{background:#eee}}"
    ".round{{display:inline-block;vertical-align:top;margin-right:1.5em}}"
    "</style></head><body><h1>{title}</h1>{body}</body></html>"
)


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


def drawsheet_html(state: TournamentState, view: RoundView) -> str:
    first, second = render.SIDE_HEADINGS[state.settings.game.value]  # type: ignore[union-attr]
    rows = "".join(
        f"<tr><td>{i}</td><td>{b.first} {escape(state.players[b.first].name)}</td>"
        f"<td>{b.second} {escape(state.players[b.second].name)}</td><td></td></tr>"
        for i, b in enumerate(view.boards, start=1)
    )
    byes = "".join(
        f"<p>Bye: {bye.player} {escape(state.players[bye.player].name)} ({bye.kind.value})</p>" for bye in view.byes
    )
    table = f"<table><tr><th>Table</th><th>{first}</th><th>{second}</th><th>Result</th></tr>{rows}</table>"
    title = f"{escape(state.name)}: round {view.number}"
    return PAGE.format(title=title, body=f"<p>{escape(_match_length(state))}</p>{table}{byes}")


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
        {"text": lambda: [*heading, render.pairings_table(state, view)], "html": lambda: drawsheet_html(state, view)},
    )
    return exit_codes.OK


def _slot(state: TournamentState, slot: Slot) -> str:
    if slot.kind is SlotKind.PLAYER and slot.player is not None:
        return f"{slot.player} {state.players[slot.player].name}"
    return "(virtual)" if slot.kind is SlotKind.VIRTUAL else "..."


def _outcome(state: TournamentState, match: MatchState) -> str:
    if match.winner.kind is SlotKind.PLAYER:
        return f"{_slot(state, match.winner)} ({match.result.value})"
    return match.result.value


def bracket_tables(state: TournamentState, bracket: BracketView) -> list[Table]:
    tables = []
    for stage_round in bracket.rounds:
        table = Table(title=f"{stage_round.name} (round {stage_round.session})", title_justify="left")
        for heading in ("Match", "Top (light checkers)", "Bottom", "Advances"):
            table.add_column(heading)
        for match in stage_round.matches:
            table.add_row(match.spec.label, _slot(state, match.top), _slot(state, match.bottom), _outcome(state, match))
        tables.append(table)
    return tables


def bracket_html(state: TournamentState, bracket: BracketView) -> str:
    columns = []
    for stage_round in bracket.rounds:
        rows = "".join(
            f"<tr><td>{escape(m.spec.label)}</td><td>{escape(_slot(state, m.top))}<br>{escape(_slot(state, m.bottom))}"
            f"</td><td>{escape(_outcome(state, m))}</td></tr>"
            for m in stage_round.matches
        )
        columns.append(
            f"<div class='round'><h3>{escape(stage_round.name)}</h3><table><tr><th>Match</th>"
            f"<th>Top / bottom</th><th>Advances</th></tr>{rows}</table></div>"
        )
    places = "".join(
        f"<li>{escape(p.text)}: {escape(_slot(state, Slot(SlotKind.PLAYER, p.player)))}</li>" for p in bracket.places
    )
    body = "".join(columns) + (f"<h2>Places</h2><ul>{places}</ul>" if places else "")
    return PAGE.format(title=f"{escape(state.name)}: {bracket.system} bracket", body=body)


def _bracket_arguments(p: argparse.ArgumentParser) -> None:
    output_options(p, ("text", "html"))


@verbs.verb(
    "bracket",
    "draw the elimination bracket (IBF 3.1-3.3) as it stands",
    _bracket_arguments,
    "  arbiter bracket\n  arbiter bracket --format html -o bracket.html",
)
def cmd_bracket(args: argparse.Namespace) -> int:
    with opened(args) as (_, views):
        state = views.state()
    try:
        bracket = bracket_of(state)
    except NoValidPairing as refusal:
        raise RuleViolation(str(refusal)) from refusal
    places = (
        ["Places: " + ", ".join(f"{p.text} {state.players[p.player].name}" for p in bracket.places)]
        if bracket.places
        else []
    )
    emit_as(
        args,
        {"text": lambda: [*bracket_tables(state, bracket), *places], "html": lambda: bracket_html(state, bracket)},
    )
    return exit_codes.OK
