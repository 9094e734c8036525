"""Running the `arbiter` command in-process for tests: exit code, stdout, stderr."""

from __future__ import annotations

import pytest

from tui.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err
