"""The audit report's page (`arbiter audit-report`, `tui.cli.report`): everything that happened, round by
round, as one printable HTML page. Loaded by the verb that writes it, so that no other command loads
`html` (docs/performance.md, "Start-up, session 6")."""

from __future__ import annotations

from collections import defaultdict
from html import escape
from typing import TYPE_CHECKING

from projections.stored import shown_place

if TYPE_CHECKING:
    from ledger.persistence import ChainReport
    from projections.audit import AuditLine
    from projections.state import TournamentState

DECISIONS = {
    "PlayerDetailsCorrected",
    "PlayerWithdrew",
    "PlayerReentered",
    "PairForbidden",
    "PairingWithdrawn",
    "ResultCorrected",
    "ResultVoided",
    "ArbiterOverrode",
    "AppealLodged",
    "AppealRuled",
}
"""Events that change an earlier decision or record a ruling: highlighted in the report."""

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #111; }
h1 { margin-bottom: 0; } .meta { color: #444; margin-top: .3em; }
table { border-collapse: collapse; width: 100%; margin: .5em 0 1.5em; font-size: 90%; }
th, td { border: 1px solid #bbb; padding: .25em .5em; text-align: left; vertical-align: top; }
th { background: #eee; } tr.decision td { background: #fff4d6; }
.ok { color: #075; font-weight: bold; } .bad { color: #b00; font-weight: bold; }
code { font-size: 85%; word-break: break-all; }
pre.tree { font-size: 80%; line-height: 1.2; }
@media print { body { margin: 0; } h2 { page-break-before: auto; } }
"""


def _rows(state: TournamentState, lines: list[AuditLine]) -> str:
    body = []
    for line in lines:
        css = ' class="decision"' if line.kind in DECISIONS else ""
        why = escape(line.reason) + (f" <em>[{escape(line.reference)}]</em>" if line.reference else "")
        who = escape(", ".join(f"{n} {state.players[n].name}" for n in line.players if n in state.players))
        body.append(
            f"<tr{css}><td>{line.position}</td><td>{line.time:%Y-%m-%d %H:%M:%S}</td><td>{escape(line.actor)}</td>"
            f"<td>{escape(line.summary)}</td><td>{who}</td><td>{why}</td></tr>"
        )
    head = (
        "<tr><th>Pos</th><th>Time (UTC)</th><th>Actor</th><th>What</th><th>Players</th><th>Reason [reference]</th></tr>"
    )
    return f"<table>{head}{''.join(body)}</table>"


def _standings(state: TournamentState) -> str:
    from projections.standings import standings

    rows = standings(state)
    codes = [code for code, _ in rows[0].tiebreaks] if rows else []
    head = "".join(f"<th>{escape(h)}</th>" for h in ("Rank", "No", "Name", "Rating", "Score", *codes))
    body = "".join(
        f"<tr><td>{escape(shown_place(row.rank, row.place))}</td><td>{row.number}</td><td>{escape(row.name)}"
        f"{' (withdrawn)' if row.withdrawn else ''}</td><td>{row.rating or ''}</td><td>{row.score:g}</td>"
        + "".join(f"<td>{value:g}</td>" for _, value in row.tiebreaks)
        + "</tr>"
        for row in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def _bracket(state: TournamentState) -> str:
    """The elimination bracket as a tree, or "" for a tournament without one."""
    from pairing.model import NoValidPairing
    from projections.bracket_tree import bracket_tree  # the engines' bracket views, loaded only here
    from tui.web.tree import tree_text

    try:
        tree = bracket_tree(state)
    except NoValidPairing:
        return ""
    return f"<h2>Bracket</h2><pre class='tree'>{escape(tree_text(tree))}</pre>"


def _sealed_heads(state: TournamentState, report: ChainReport) -> str:
    """Every head a seal recorded, as `verify` checked it: publishing this list is what makes a
    truncated or rewritten log detectable (`arbiter verify --anchor HEAD`)."""
    rounds = {view.sealed_at: number for number, view in state.rounds.items() if view.sealed_at is not None}
    if not report.sealed:
        return "<p>No round is sealed yet.</p>"
    rows = "".join(
        f"<tr><td>{rounds.get(position, '')}</td><td>{position}</td><td><code>{escape(head)}</code></td></tr>"
        for position, head in report.sealed
    )
    return f"<table><tr><th>Round</th><th>Position</th><th>Chain head</th></tr>{rows}</table>"


def render_report(state: TournamentState, lines: list[AuditLine], report: ChainReport, location: str) -> str:
    """The whole report as HTML text."""
    state.require_settings()
    by_round: dict[int | None, list[AuditLine]] = defaultdict(list)
    for line in lines:
        by_round[line.round].append(line)
    verdict = (
        f'<span class="ok">verified</span>: {report.events} events, chain head <code>{report.head}</code>'
        if report.ok
        else f'<span class="bad">FAILED</span> at position {report.first_bad_position}: {escape(report.problem)}'
    )
    parts = [
        f"<!doctype html><html><head><meta charset='utf-8'><title>Audit report: {escape(state.name)}</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>Audit report: {escape(state.name)}</h1>",
        f"<p class='fide-mode'><strong>{escape(state.fide_mode_notice)}</strong></p>" if state.fide_mode_notice else "",
        f"<p class='meta'>{state.settings.game.value}, "
        f"{escape(', then '.join(stage.system for stage in state.stages))}, {state.total_rounds} rounds; "
        f"ledger {escape(location)}, as of log position {state.position}.<br>Ledger {verdict}</p>",
        "<h2>Sealed chain heads</h2>",
        _sealed_heads(state, report),
        "<h2>Decisions that changed earlier decisions</h2>",
        _rows(state, [line for line in lines if line.kind in DECISIONS])
        if any(line.kind in DECISIONS for line in lines)
        else "<p>None.</p>",
        f"<h2>Standings after round {state.last_paired_round}</h2>",
        _standings(state),
        _bracket(state),
        "<h2>Tournament and roster</h2>",
        _rows(state, by_round.get(None, [])),
    ]
    for number in sorted(n for n in by_round if n is not None):
        view = state.rounds.get(number)
        seal = (
            f"<p>Sealed at position {view.sealed_at}; chain head <code>{escape(view.chain_head)}</code></p>"
            if view is not None and view.sealed_at is not None
            else "<p>Not sealed.</p>"
        )
        parts += [f"<h2>Round {number}</h2>", seal, _rows(state, by_round[number])]
    parts.append("</body></html>")
    return "\n".join(parts)
