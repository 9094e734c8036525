"""The verbs that publish: `arbiter serve` (the read-only public site, `tui.web.site`) and `arbiter print`
(sheets as PDF or HTML, `tui.web.printing`). Starlette, Jinja2 and WeasyPrint are loaded only when one
of them runs."""

from __future__ import annotations

import argparse
from pathlib import Path

from tui import exit_codes
from tui.cli.common import VerbGroup, opened, positive, say
from tui.web import Sheet

verbs = VerbGroup()


def port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (1-65535)")
    return int(text)


def _serve_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this computer only)")
    p.add_argument("--port", type=port, default=8000, help="port (default 8000)")


@verbs.verb(
    "serve",
    "publish the tournament: a read-only web site whose pages update themselves",
    _serve_arguments,
    "  arbiter serve                            http://127.0.0.1:8000/ on this computer\n"
    "  arbiter serve --host 0.0.0.0 --port 8080 for the phones on the venue network\n\n"
    "pages: / (the event), /pairings/R, /standings, /crosstable, /players/N, /bracket, /audit;\n"
    "the same as JSON under /api/ (docs/web.md); /events streams a message on every change.",
)
def cmd_serve(args: argparse.Namespace) -> int:
    from tui.web.site import serve

    with opened(args) as (ledger, views):
        say(f"serving {ledger.location} read-only at http://{args.host}:{args.port}/ (Ctrl-C stops)")
        serve(views, args.host, args.port)
    return exit_codes.OK


def _print_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("kind", type=Sheet, choices=list(Sheet), help="which sheet")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="the file to write: NAME.pdf or NAME.html")
    p.add_argument("--round", type=positive, help="round of a pairings, results or drawsheet (default: the last)")


@verbs.verb(
    "print",
    "write a sheet to post or file, as PDF or HTML by the file's extension",
    _print_arguments,
    "  arbiter print pairings -o round3.pdf        the last paired round, result column empty\n"
    "  arbiter print results --round 3 -o r3.pdf   with the results and the round's sealed chain head\n"
    "  arbiter print standings -o standings.html\n"
    "  arbiter print drawsheet -o table.pdf        backgammon: match length, light checkers, results\n"
    "  arbiter print bracket -o bracket.pdf        the elimination tree with every match's score",
)
def cmd_print(args: argparse.Namespace) -> int:
    from tui.web.pages import Pages
    from tui.web.printing import write_sheet

    with opened(args) as (_, views):
        if args.kind == "standings" and (state := views.state()).is_final:
            state.refuse_while_unfinished("the final standings")
        write_sheet(Pages(views), args.kind, Path(args.output), args.round)
    say(f"wrote {args.output}")
    return exit_codes.OK
