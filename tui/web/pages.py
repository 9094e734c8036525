"""The public pages as HTML and JSON, shared by the site (`tui.web.site`) and the printer
(`tui.web.printing`): each page gathers its data through `projections.publish` and lays it out with a
Jinja2 template (autoescaped: every name is escaped for HTML, whatever it holds).

Each game keeps its own words (`Vocabulary`): a chess board has White and Black and points; a backgammon
table has the top line (light checkers, rules guide 5.1), a match score and match wins; a Scrabble board
has first and second players, game scores with their spread, wins, and Gibsonized players.
"""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Any

import attrs
from attrs import field, frozen
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape

from ledger.results import Game, MatchFormat
from pairing.model import NoValidPairing
from projections.bracket_tree import bracket_tree
from projections.publish import (
    Event,
    NotPublished,
    RoundLine,
    Standings,
    crosstable,
    event_of,
    fresh,
    player_card,
    round_sheet,
    sealed_heads,
    standings_of,
)
from projections.state import TournamentState
from projections.views import ReadModels
from tui.web.tree import trees

TEMPLATES = Path(__file__).parent / "templates"
STATIC = Path(__file__).parent / "static"


@frozen
class Vocabulary:
    board: str
    first: str
    second: str
    result: str
    score: str
    """The heading of the standings' score column."""


VOCABULARY = {
    Game.CHESS: Vocabulary("Board", "White", "Black", "Result", "Points"),
    Game.BACKGAMMON: Vocabulary("Table", "Top (light checkers)", "Bottom", "Match score", "Match wins"),
    Game.SCRABBLE: Vocabulary("Board", "First", "Second", "Score", "Wins"),
}
TIEBREAK_HEADINGS = {"SPREAD": "Spread", "WINS-REAL": "Wins", "IBF-C": "Coeff."}


def match_rules(event: Event) -> str:
    """Backgammon: how a match is won, posted with every sheet (rules guide 2.2.4 and 5.13,
    docs/rules/backgammon-tournament-rules-guide.txt); the Crawford rule where the doubling cube is used
    (docs/research/tsh-backgammon-brackets.md 4.2)."""
    if event.game is not Game.BACKGAMMON:
        return ""
    n = event.match_length
    if event.match_format is MatchFormat.GAME_WINS:
        return (
            f"Matches to {n} game-wins; a gammon counts 2 (rules guide 5.13). No doubling cube, so the Crawford "
            "rule does not arise. The top line plays the light checkers (rules guide 5.1)."
        )
    return (
        f"Matches to {n} points with the doubling cube; Crawford rule: in the one game after a player first "
        f"reaches {n - 1} points the cube is not used. The top line plays the light checkers (rules guide 5.1)."
    )


def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["points"] = lambda value: f"{value:g}" if value is not None else ""
    env.filters["signed"] = lambda value: f"{value:+g}" if value is not None else ""
    return env


ENV = environment()


@frozen
class Page:
    """A page's template and what it shows; `data` is also the page's JSON."""

    template: str
    title: str
    data: dict[str, Any]
    laid_out: dict[str, Any] = field(factory=dict)
    """What only the HTML needs (text already laid out for it)."""


class Pages:
    """The pages of one ledger's tournament, read through its read models."""

    def __init__(self, views: ReadModels) -> None:
        self.views = views

    def _context(self) -> tuple[TournamentState, Event]:
        state = fresh(self.views)
        return state, event_of(state)

    def event(self) -> Page:
        _, event = self._context()
        return Page("event.html", event.name, {"event": event, "rules": match_rules(event)})

    def pairings(self, number: int) -> Page:
        state, event = self._context()
        sheet = round_sheet(state, number)
        return Page(
            "pairings.html",
            f"{event.name}: round {number}",
            {"event": event, "round": sheet, "rules": match_rules(event)},
        )

    def standings(self) -> Page:
        state, event = self._context()
        table = standings_of(self.views, state)
        return Page(
            "standings.html",
            f"{event.name}: standings",
            {"event": event, "standings": table},
            {"rows": standings_rows(table)},
        )

    def crosstable(self) -> Page:
        state, event = self._context()
        table = standings_of(self.views, state)
        lines = crosstable(state, table)
        chess = event.game is Game.CHESS
        cells = [
            [_cross_cell(game, place, chess) for game, place in zip(line.games, line.opponents_place, strict=True)]
            for line in lines
        ]
        return Page("crosstable.html", f"{event.name}: crosstable", {"event": event, "lines": lines}, {"cells": cells})

    def player(self, number: int) -> Page:
        state, event = self._context()
        card = player_card(state, number)
        return Page("player.html", f"{event.name}: {card.seat.name}", {"event": event, "card": card})

    def bracket(self) -> Page:
        state, event = self._context()
        try:
            tree = bracket_tree(state)
        except NoValidPairing as refusal:
            raise NotPublished(str(refusal)) from refusal
        return Page(
            "bracket.html",
            f"{event.name}: bracket",
            {"event": event, "bracket": tree, "rules": match_rules(event)},
            {"text": "\n".join(trees(tree)).rstrip() + "\n"},
        )

    def audit(self) -> Page:
        state, event = self._context()
        return Page("audit.html", f"{event.name}: sealed rounds", {"event": event, "sealed": sealed_heads(state)})


def _cross_cell(game: RoundLine, opponent_place: str, chess: bool) -> str:
    """A wallchart cell: the opponent's place, the colour (chess: w or b) and the result from the row
    player's side; a bye's points; a dash for a round without a game."""
    if game.opponent is not None:
        colour = {"first": "w", "second": "b"}.get(game.side, "") if chess else ""
        return f"{opponent_place}{colour}\N{NO-BREAK SPACE}{game.result}"
    if game.bye:
        return f"{game.points:g}\N{NO-BREAK SPACE}bye"
    return "\N{EN DASH}"


GIBSON_MARK = ' <span class="gibson" title="Gibsonized: has clinched this place">G</span>'
WITHDRAWN_MARK = ' <span class="note">(withdrawn)</span>'


def standings_rows(table: Standings) -> Markup:
    """The standings table's rows. The page's hot spot (a thousand rows after every result), so they are
    made here rather than by a loop in the template, which takes several times as long; the one text
    from the ledger, the name, is escaped like everything the templates print."""
    signed = tuple(code == "SPREAD" for code in table.codes)
    rows = []
    for line in table.lines:
        values = "".join(
            f'<td class="num">{value:+g}</td>' if spread else f'<td class="num">{value:g}</td>'
            for spread, value in zip(signed, line.tiebreaks, strict=True)
        )
        marks = (GIBSON_MARK if line.gibsonized else "") + (WITHDRAWN_MARK if line.withdrawn else "")
        css = ' class="withdrawn"' if line.withdrawn else ""
        name = f'<a href="/players/{line.number}">{escape(line.name)}</a>{marks}'
        rows.append(
            f'<tr{css}><td class="num">{escape(line.place)}</td><td class="num">{line.number}</td><td>{name}</td>'
            f'<td class="num">{line.rating or ""}</td><td class="num score">{line.score:g}</td>{values}</tr>'
        )
    return Markup("\n".join(rows))


def html(page: Page, *, printed: bool = False, extra: dict[str, Any] | None = None) -> str:
    """The page as an HTML document; `printed` leaves out the navigation and the live-update script."""
    event = page.data["event"]
    return ENV.get_template(page.template).render(
        title=page.title,
        words=VOCABULARY[event.game],
        headings=TIEBREAK_HEADINGS,
        printed=printed,
        **page.data,
        **page.laid_out,
        **(extra or {}),
    )


def json_data(page: Page) -> dict[str, Any]:
    """The page's data as JSON-ready values (enums as their values; the bracket's engine view left out)."""
    return {key: _plain(value) for key, value in page.data.items()}


def _plain(value: Any) -> Any:
    if attrs.has(type(value)):
        return attrs.asdict(value, value_serializer=_serialize, filter=lambda field, _: field.name != "view")
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return _serialize(None, None, value)


def _serialize(_instance: Any, _field: Any, value: Any) -> Any:
    return value.value if isinstance(value, enum.Enum) else value
