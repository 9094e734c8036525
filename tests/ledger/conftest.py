"""Fixtures for the ledger tests: desks (a `Ledger` with its reader) opened on a location and
closed after the test, and a tournament built through the command service."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Protocol

import pytest

from ledger.application import Ledger, PlayerDetails
from ledger.results import Game
from ledger.settings import TournamentSettings
from projections.state import TournamentState
from tui.wiring import open_ledger

ROOT = Path(__file__).resolve().parents[2]

SEED = 20260101
"""Every tournament here is built with this seed, so pairings are the same on every run."""


class OpenDesk(Protocol):
    def __call__(self, location: str, actor: str = "arbiter") -> Ledger: ...


class NewTournament(Protocol):
    def __call__(
        self, location: str, players: int = 6, *, game: Game = Game.CHESS, rounds: int | None = None, **more: Any
    ) -> Ledger: ...


@pytest.fixture
def open_desk() -> Iterator[OpenDesk]:
    """Open a fresh `Ledger` (no caches shared with any other) on a location; closed at teardown."""
    opened: list[Ledger] = []

    def open_(location: str, actor: str = "arbiter") -> Ledger:
        ledger, _reader = open_ledger(location, actor, create=True)
        opened.append(ledger)
        return ledger

    yield open_
    for ledger in reversed(opened):
        ledger.close()


@pytest.fixture
def new_tournament(open_desk: OpenDesk) -> NewTournament:
    """A round-robin tournament with `players` registered (P1 rated highest), nothing paired yet."""

    def build(
        location: str, players: int = 6, *, game: Game = Game.CHESS, rounds: int | None = None, **more: Any
    ) -> Ledger:
        ledger = open_desk(location)
        settings = TournamentSettings.for_game(
            game, "round-robin", rounds or players - 1 + players % 2, seed=SEED, **more
        )
        ledger.create_tournament("Club Championship", settings)
        ledger.register_players(
            [PlayerDetails(f"Player {n}", rating=2400 - 10 * n, federation="NOR") for n in range(1, players + 1)]
        )
        return ledger

    return build


def events_of(ledger: Ledger, *kinds: type) -> list[tuple[int, Any]]:
    """(position, event) of the given classes, in log order, read from the stored log."""
    return [(position, event) for position, event in ledger.log_events() if isinstance(event, kinds)]


@pytest.fixture
def log_of() -> Callable[..., list[tuple[int, Any]]]:
    """`events_of` as a fixture, for test modules (conftest modules are not imported directly)."""
    return events_of


def fold_of(ledger: Ledger) -> TournamentState:
    """The tournament as a fold of the ledger's whole log, read afresh (no read model)."""
    state = TournamentState()
    for position, event in ledger.log_events():
        state.apply(position, event)
    return state


def arbiter(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`arbiter ARGV` as a separate process in `cwd`, without a terminal."""
    return subprocess.run(
        [sys.executable, "-m", "tui.cli.main", *argv],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
