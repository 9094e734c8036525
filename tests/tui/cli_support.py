"""Running the `arbiter` command in-process for tests: exit code, stdout, stderr."""

from __future__ import annotations

import argparse

import pytest

from tui.cli.main import build_parser, main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def verb_parsers() -> dict[str, argparse.ArgumentParser]:
    """Each verb of the `arbiter` command and its parser (its options in `_option_string_actions`)."""
    (verbs,) = (action for action in build_parser()._actions if isinstance(action, argparse._SubParsersAction))
    return dict(verbs.choices)
