"""Text, CSV and JSON renderings of the read models for the CLI (data to stdout)."""

from __future__ import annotations

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
from projections.stored import StoredLogLine
from tui import listings
from tui.listings import (  # noqa: F401 (the standings' forms, as the desk and the CLI call them here)
    SIDE_HEADINGS,
    FideMode,
    Pairings,
    csv_text,
    pairings_title,
    points,
    standings_csv,
    standings_rows,
    text_cell,
)
from tui.text_table import TextTable


def _name(state: TournamentState, number: int) -> str:
    player = state.players.get(number)
    return player.name if player else "?"


def fide_mode(state: TournamentState) -> FideMode:
    """Q46: whether the tournament is in FIDE mode, and the notice its views begin with when it could be
    and is not (`TournamentState.fide_mode_notice`)."""
    return FideMode(state.in_fide_mode, state.fide_mode_notice)


def fide_mode_lines(state: TournamentState) -> list[str]:
    """Q46: the line every text view of a tournament not in FIDE mode begins with (none in FIDE mode, or
    where FIDE mode does not apply)."""
    return fide_mode(state).lines()


def fide_mode_fields(state: TournamentState) -> dict[str, Any]:
    """Q46: the same, as the fields of a JSON document's header."""
    return fide_mode(state).fields()


def outcome_view(number: int, outcome: PairingOutcome) -> RoundView:
    """An engine's proposal shaped like a published round, for display only."""
    return RoundView(number=number, boards=list(outcome.boards), byes=list(outcome.byes), paired=True)


def pairings(state: TournamentState, view: RoundView) -> Pairings:
    """The round as `tui.listings` prints it."""
    results = view.results
    return Pairings(
        pairings_title(state.name, view.number, view.revision),
        SIDE_HEADINGS[state.require_settings().game.value],
        view.number,
        [
            (
                index,
                b.first,
                _name(state, b.first),
                results[index].code if index in results else None,
                b.second,
                _name(state, b.second),
            )
            for index, b in enumerate(view.boards, start=1)
        ],
        [(bye.player, _name(state, bye.player), bye.kind.value, bye.points) for bye in view.byes],
        fide_mode(state),
        frozenset(view.adjourned),
    )


def pairings_table(state: TournamentState, view: RoundView) -> TextTable:
    return listings.pairings_table(pairings(state, view))


def pairings_json(state: TournamentState, view: RoundView) -> str:
    return listings.pairings_json(pairings(state, view))


def pairings_csv(state: TournamentState, view: RoundView) -> str:
    return listings.pairings_csv(pairings(state, view))


def standings_json(state: TournamentState, rows: Sequence[StandingRow]) -> str:
    return listings.standings_json(rows, state.position, fide_mode(state))


def standings_table(state: TournamentState, rows: Sequence[StandingRow], title: str) -> TextTable:
    return listings.standings_table(title, state.settings.tiebreaks if state.settings else (), rows)


def log_lines(lines: Sequence[AuditLine]) -> list[StoredLogLine]:
    """Audit lines as the audit table stores them (the time in ISO format), for `tui.listings`."""
    return [
        StoredLogLine(
            line.position,
            line.time.isoformat(),
            line.actor,
            line.kind,
            line.summary,
            line.round,
            line.players,
            line.reason,
            line.reference,
        )
        for line in lines
    ]


def audit_table(lines: Sequence[AuditLine]) -> TextTable:
    return listings.audit_table(log_lines(lines))


def audit_json(lines: Sequence[AuditLine]) -> str:
    return listings.audit_json(log_lines(lines))


def audit_csv(lines: Sequence[AuditLine]) -> str:
    return listings.audit_csv(log_lines(lines))


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
            str(player.number), player.name, str(player.rating or ""), points(player.score), status, sides, floats
        )
    decisions = Table(title="Decisions", title_justify="left")
    for heading in ("Article", "", "Decision"):
        decisions.add_column(heading)
    for decision in explained.decisions:
        decisions.add_row(decision.article, "ok" if decision.satisfied else "NOT MET", decision.text)
    return [head, seen, decisions]


ROSTER_HEADINGS = (
    *("pairing_number", "number", "name", "rating", "title", "federation", "status"),
    *("rating_source", "fide_rating", "national_rating", "source_lists"),
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
                *(r.pairing_number, r.number, *map(text_cell, (r.name, str(r.rating), r.title, r.federation))),
                *(r.status, r.rating_source, r.fide_rating, r.national_rating),
                text_cell("; ".join(f"{detail}={source}" for detail, source in r.source_lists.items())),
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
