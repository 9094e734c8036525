"""Where a data verb's output goes and in which form: `--format` (text, json, csv, html: what the verb
offers) and `-o FILE` (standard output by default), the same two options for every verb that prints data."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from rich.console import Console, RenderableType

from tui import render
from tui.cli.common import say

STDOUT = "-"

Content = str | Sequence[RenderableType]
"""Text as it is written, or Rich tables and lines for the terminal."""


def output_options(parser: argparse.ArgumentParser, formats: Sequence[str] = (), default: str = STDOUT) -> None:
    """`--format` with `formats` (the first is the default; none: the verb has one form) and `-o FILE`."""
    if formats:
        parser.add_argument(
            "--format", choices=formats, default=formats[0], help=f"the form of the output (default {formats[0]})"
        )
    parser.add_argument(
        "-o",
        "--output",
        default=default,
        metavar="FILE",
        help=f"write to FILE, '-' for standard output (default {default})",
    )


def emit(args: argparse.Namespace, content: Content, note: str = "") -> None:
    """Write `content` (text as it is, or Rich tables and lines for the terminal) where `-o` says; a file
    written is named on stderr, with `note` after it."""
    if args.output == STDOUT:
        if isinstance(content, str):
            print(content, end="" if content.endswith("\n") else "\n")
        else:
            out = render.console()
            for part in content:
                out.print(part)
        return
    path = Path(args.output)
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        with path.open("w", encoding="utf-8") as handle:
            out = Console(file=handle, highlight=False, soft_wrap=False, width=132, no_color=True, markup=False)
            for part in content:
                out.print(part)
    say(f"wrote {args.output}{note}")


def emit_as(args: argparse.Namespace, forms: Mapping[str, Callable[[], Content]], note: str = "") -> None:
    """The form `--format` chose, made only when chosen, written by `emit`."""
    emit(args, forms[args.format](), note)
