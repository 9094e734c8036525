"""Text, CSV and JSON renderings of the read models for the CLI (data to stdout)."""

from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Sequence
from typing import Any

from attrs import astuple
from rich.console import Console
from rich.table import Table
from rich.text import Text

from pairing.model import PairingOutcome
from projections.audit import AuditLine
from projections.checks import Finding
from projections.explain import RoundExplanation
from projections.roster import RosterRow
from projections.standings import StandingRow
from projections.state import RoundView, TournamentState

SIDE_HEADINGS = {
    "chess": ("White", "Black"),
    "backgammon": ("Top (light)", "Bottom"),
    "scrabble": ("First", "Second"),
}


def _name(state: TournamentState, number: int) -> str:
    player = state.players.get(number)
    return player.name if player else "?"


def _points(value: float) -> str:
    return f"{value:g}"


def fide_mode_lines(state: TournamentState) -> list[str]:
    """Q46: the line every text view of a tournament not in FIDE mode begins with (none in FIDE mode, or
    where FIDE mode does not apply)."""
    return [state.fide_mode_notice] if state.fide_mode_notice else []


def fide_mode_fields(state: TournamentState) -> dict[str, Any]:
    """Q46: the same, as the fields of a JSON document's header."""
    return {"in_fide_mode": state.in_fide_mode, "fide_mode_notice": state.fide_mode_notice}


def pairings_json(state: TournamentState, view: RoundView) -> str:
    def seat(number: int) -> dict[str, Any]:
        return {"number": number, "name": _name(state, number)}

    document = {
        **fide_mode_fields(state),
        "round": view.number,
        "boards": [
            {
                "board": index,
                "first": seat(board.first),
                "second": seat(board.second),
                "result": view.results[index].code if index in view.results else None,
            }
            for index, board in enumerate(view.boards, start=1)
        ],
        "byes": [{**seat(bye.player), "kind": bye.kind.value, "points": bye.points} for bye in view.byes],
    }
    return json.dumps(document, ensure_ascii=False, indent=2)


def outcome_view(number: int, outcome: PairingOutcome) -> RoundView:
    """An engine's proposal shaped like a published round, for display only."""
    return RoundView(number=number, boards=list(outcome.boards), byes=list(outcome.byes), paired=True)


def pairings_table(state: TournamentState, view: RoundView) -> Table:
    first, second = SIDE_HEADINGS[state.require_settings().game.value]
    revision = f", revision {view.revision}" if view.revision > 1 else ""
    table = Table(title=f"{state.name}: round {view.number}{revision}", title_justify="left")
    for heading, justify in (
        ("Bd", "right"),
        ("No", "right"),
        (first, "left"),
        ("Result", "center"),
        ("No", "right"),
        (second, "left"),
    ):
        table.add_column(heading, justify=justify)  # type: ignore[arg-type]
    for index, board in enumerate(view.boards, start=1):
        result = view.results[index].code if index in view.results else "adj." if index in view.adjourned else ""
        table.add_row(
            str(index),
            str(board.first),
            _name(state, board.first),
            result,
            str(board.second),
            _name(state, board.second),
        )
    for bye in view.byes:
        table.add_row(
            "",
            str(bye.player),
            _name(state, bye.player),
            f"{bye.kind.value} bye ({_points(bye.points)})",
            "",
            "",
        )
    return table


def standings_rows(rows: Sequence[StandingRow]) -> list[dict[str, Any]]:
    return [
        {
            "rank": row.rank,
            "number": row.number,
            "name": row.name,
            "rating": row.rating,
            "score": row.score,
            "tiebreaks": dict(row.tiebreaks),
            "games": row.games,
            "withdrawn": row.withdrawn,
            **({"place": row.place} if row.place else {}),
        }
        for row in rows
    ]


def standings_json(state: TournamentState, rows: Sequence[StandingRow]) -> str:
    document = {**fide_mode_fields(state), "as_of": state.position, "rows": standings_rows(rows)}
    return json.dumps(document, ensure_ascii=False, indent=2)


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a CSV cell as a formula (OWASP, "CSV Injection")."""


def _text_cell(text: str) -> str:
    """Free text (a name, a reason) for a CSV cell: one that starts like a formula gets a leading quote,
    so a spreadsheet shows it as text."""
    return "'" + text if text.startswith(FORMULA_START) else text


def csv_text(headings: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(headings)
    writer.writerows(rows)
    return out.getvalue()


def standings_csv(rows: Sequence[StandingRow]) -> str:
    codes = [code for code, _ in rows[0].tiebreaks] if rows else []
    return csv_text(
        ["rank", "number", "name", "rating", "score", *codes],
        [
            [
                row.rank,
                row.number,
                _text_cell(row.name),
                row.rating,
                _points(row.score),
                *(_points(v) for _, v in row.tiebreaks),
            ]
            for row in rows
        ],
    )


def pairings_csv(state: TournamentState, view: RoundView) -> str:
    """One line per board (first side first), then one per bye with its kind in the result column."""
    boards = [
        [
            index,
            board.first,
            _text_cell(_name(state, board.first)),
            board.second,
            _text_cell(_name(state, board.second)),
            view.results[index].code if index in view.results else "",
        ]
        for index, board in enumerate(view.boards, start=1)
    ]
    byes = [["bye", bye.player, _text_cell(_name(state, bye.player)), "", "", bye.kind.value] for bye in view.byes]
    return csv_text(["board", "first", "first_name", "second", "second_name", "result"], boards + byes)


def standings_table(state: TournamentState, rows: Sequence[StandingRow], title: str) -> Table:
    table = Table(title=title, title_justify="left")
    codes = (
        [code for code, _ in rows[0].tiebreaks] if rows else list(state.settings.tiebreaks if state.settings else ())
    )
    for heading in ("Rank", "No", "Name", "Rating", "Score", *codes):
        table.add_column(heading, justify="left" if heading == "Name" else "right")
    for row in rows:
        name = f"{row.name} (withdrawn)" if row.withdrawn else row.name
        table.add_row(
            row.place or str(row.rank),
            str(row.number),
            name,
            str(row.rating or ""),
            _points(row.score),
            *(_points(v) for _, v in row.tiebreaks),
        )
    return table


def audit_json(lines: Sequence[AuditLine]) -> str:
    return json.dumps(
        [
            {
                "position": line.position,
                "time": line.time.isoformat(),
                "actor": line.actor,
                "kind": line.kind,
                "summary": line.summary,
                "round": line.round,
                "players": list(line.players),
                "reason": line.reason,
                "reference": line.reference,
            }
            for line in lines
        ],
        ensure_ascii=False,
        indent=2,
    )


def audit_csv(lines: Sequence[AuditLine]) -> str:
    return csv_text(
        ["position", "time", "actor", "kind", "summary", "round", "players", "reason", "reference"],
        [
            [
                line.position,
                line.time.isoformat(),
                _text_cell(line.actor),
                line.kind,
                _text_cell(line.summary),
                "" if line.round is None else line.round,
                " ".join(map(str, line.players)),
                _text_cell(line.reason),
                _text_cell(line.reference),
            ]
            for line in lines
        ],
    )


def audit_table(lines: Sequence[AuditLine]) -> Table:
    table = Table(title="Audit log", title_justify="left")
    for heading in ("Pos", "Time (UTC)", "Actor", "What", "Reason"):
        table.add_column(heading, justify="right" if heading == "Pos" else "left")
    for line in lines:
        why = line.reason + (f" [{line.reference}]" if line.reference else "")
        table.add_row(str(line.position), line.time.strftime("%Y-%m-%d %H:%M:%S"), line.actor, line.summary, why)
    return table


class _Console(Console):
    def on_broken_pipe(self) -> None:
        """A closed pipe (`arbiter log | head -1`) is the reader's choice: `tui.cli.main` ends quietly with
        exit 0 (rich's own handler exits 1, which `arbiter` keeps for a broken chain)."""
        self.quiet = True
        raise BrokenPipeError


def console() -> Console:
    """stdout, plain when it is not a terminal (pipes and files get no colour codes). No markup is read:
    a name such as `[/oops]` is printed as written."""
    interactive = sys.stdout.isatty()
    return _Console(markup=False, highlight=False, soft_wrap=False, width=None if interactive else 132)


def explanation_text(explained: RoundExplanation) -> list[Table | str]:
    """The engine's input as it saw it, and its decisions, article by article."""
    request = explained.request
    check = "matches" if explained.digest_matches else "DIFFERS: the log before it was changed, or the input rules"
    head = (
        f"Round {explained.round} (revision {explained.revision}) was paired by {explained.engine} "
        f"{explained.engine_version} at log position {explained.paired_at}, reading the log up to position "
        f"{explained.input_position}.\nInput digest {explained.recorded_digest}: {check}."
    )
    seen = Table(title=f"What the engine saw ({len(request.players)} players)", title_justify="left")
    for heading in ("No", "Name", "Rating", "Score", "Status", "Sides", "Floats"):
        seen.add_column(heading, justify="left" if heading in ("Name", "Status", "Sides", "Floats") else "right")
    for player in request.players:
        sides = "".join({"first": "W", "second": "B"}.get(r.side.value if r.side else "", "-") for r in player.history)
        floats = "".join({"up": "^", "down": "v"}.get(r.float.value, ".") for r in player.history)
        status = player.status.value + (f" ({player.requested_bye.value} bye)" if player.requested_bye else "")
        seen.add_row(
            str(player.number), player.name, str(player.rating or ""), _points(player.score), status, sides, floats
        )
    decisions = Table(title="Decisions", title_justify="left")
    for heading in ("Article", "", "Decision"):
        decisions.add_column(heading)
    for decision in explained.decisions:
        decisions.add_row(decision.article, "ok" if decision.satisfied else "NOT MET", decision.text)
    return [head, seen, decisions]


ROSTER_HEADINGS = (
    *("pairing_number", "number", "name", "rating", "title", "federation", "status"),
    *("rating_source", "fide_rating", "national_rating"),
)


def roster_table(name: str, rule: str, rows: Sequence[RosterRow]) -> list[Text | Table]:
    """The roster in pairing-number order under a line naming the rule that ordered it (names shown
    literally)."""
    table = Table(title=f"{name}: roster", title_justify="left")
    for heading in ("PN", "No", "Name", "Rating", "Title", "Fed", "Status"):
        table.add_column(heading, justify="left" if heading in ("Name", "Title", "Fed", "Status") else "right")
    for row in rows:
        table.add_row(
            str(row.pairing_number),
            str(row.number),
            Text(row.name),
            str(row.rating or ""),
            Text(row.title),
            Text(row.federation),
            row.status,
        )
    return [Text(f"pairing numbers by {rule}"), table]


def roster_csv(rows: Sequence[RosterRow]) -> str:
    return csv_text(
        ROSTER_HEADINGS,
        [
            [
                *(r.pairing_number, r.number, *map(_text_cell, (r.name, str(r.rating), r.title, r.federation))),
                *(r.status, r.rating_source, r.fide_rating, r.national_rating),
            ]
            for r in rows
        ],
    )


def roster_json(state: TournamentState, rule: str, rows: Sequence[RosterRow]) -> str:
    players = [dict(zip(ROSTER_HEADINGS, astuple(row), strict=True)) for row in rows]
    document = {**fide_mode_fields(state), "rule": rule, "players": players}
    return json.dumps(document, ensure_ascii=False, indent=2)


def findings_table(findings: Sequence[Finding], round_number: int) -> Table:
    table = Table(title=f"before pairing round {round_number}", title_justify="left")
    for heading in ("", "Subject", "What the pairing will do"):
        table.add_column(heading, justify="left")
    for finding in findings:
        table.add_row(finding.severity.value, finding.subject, Text(finding.message))
    return table


def findings_json(state: TournamentState, findings: Sequence[Finding], round_number: int) -> str:
    document = {
        **fide_mode_fields(state),
        "round": round_number,
        "findings": [{"severity": f.severity.value, "subject": f.subject, "message": f.message} for f in findings],
    }
    return json.dumps(document, ensure_ascii=False, indent=2)
