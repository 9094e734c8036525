"""`arbiter audit-report`: everything that happened, round by round, as one printable HTML page:
every decision with its actor, time, reason and reference, and the players it concerned by name; the
chain head of each sealed round; the standings with the event's tie-breaks; an elimination bracket as
a tree with every match's score; and the ledger's verification. Generated from the log alone."""

from __future__ import annotations

import argparse

from ledger.redaction import redacted
from tui import exit_codes
from tui.cli.common import VerbGroup, opened
from tui.cli.output import emit, output_options

verbs = VerbGroup()


def _audit_report_arguments(p: argparse.ArgumentParser) -> None:
    output_options(p, default="audit-report.html")


@verbs.verb(
    "audit-report",
    "write a printable HTML report of every decision, reason and sealed chain head",
    _audit_report_arguments,
    "  arbiter audit-report -o audit.html",
)
def cmd_audit_report(args: argparse.Namespace) -> int:
    from projections.audit import audit_lines
    from tui.cli.audit_page import render_report

    with opened(args) as (ledger, views):
        html = render_report(
            views.state(), audit_lines(ledger.log_events()), ledger.verify(), redacted(ledger.location)
        )
    emit(args, html, "; open it in a browser and print it (PDF: the browser's print to file)")
    return exit_codes.OK
