"""Ledgers shared by the public site's and the printed sheets' tests (`tests/tui/web_support.py`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui.web_support import chess_swiss, knockout


@pytest.fixture
def swiss_ledger(tmp_path: Path) -> str:
    return chess_swiss(tmp_path)


@pytest.fixture
def cup_ledger(tmp_path: Path) -> str:
    return knockout(tmp_path)
