"""Where a data verb's output goes and in which form: `--format` (text, json, csv, html: what the verb
offers) and `-o FILE` (standard output by default), the same two options for every verb that prints data."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING

from tui.cli.common import say

if TYPE_CHECKING:
    from rich.console import RenderableType

STDOUT = "-"

Content = str | Sequence["RenderableType"]
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


PLAIN_WIDTH = 132
"""The width of the text written to a pipe or a file (`tui.render.console`)."""


def emit(args: argparse.Namespace, content: Content, note: str = "") -> None:
    """Write `content` (text as it is, or Rich tables and lines for the terminal) where `-o` says; a file
    written is named on stderr, with `note` after it. Text tables that need no Rich for a pipe or a file
    are written without it (`tui.text_table`)."""
    if args.output == STDOUT:
        if isinstance(content, str):
            print(content, end="" if content.endswith("\n") else "\n")
        elif not _written_plain(content, sys.stdout):
            from tui import render

            out = render.console()
            for part in content:
                out.print(part)
        return
    path = Path(args.output)
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        with path.open("w", encoding="utf-8") as handle:
            if not _written_plain(content, handle):
                from rich.console import Console

                out = Console(file=handle, markup=False, highlight=False, soft_wrap=False, width=132, no_color=True)
                for part in content:
                    out.print(part)
    say(f"wrote {args.output}{note}")


def _written_plain(content: Sequence[RenderableType], file: IO[str]) -> bool:
    """Write `content` to `file` as Rich would, without Rich, when it is text tables Rich would only line
    up and lines it would only print (`TextTable.plain`, `plain_line`); False when Rich must draw it."""
    from tui.text_table import TextTable, plain_line, plain_output

    if not plain_output(file) or not all(isinstance(part, TextTable | str) for part in content):
        return False
    texts = [
        part.plain(PLAIN_WIDTH) if isinstance(part, TextTable) else plain_line(part, PLAIN_WIDTH) for part in content
    ]  # type: ignore[arg-type]
    if any(text is None for text in texts):
        return False
    file.write("".join(texts))  # type: ignore[arg-type]
    file.flush()
    return True


def emit_as(args: argparse.Namespace, forms: Mapping[str, Callable[[], Content]], note: str = "") -> None:
    """The form `--format` chose, made only when chosen, written by `emit`."""
    emit(args, forms[args.format](), note)
