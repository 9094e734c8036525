"""`arbiter standings`, `pairings` and `log` read the stored read-model tables when they are current
(docs/performance.md, "Start-up"; docs/design.md, "Read models": a reading command answers from the
tables, which are rebuilt or caught up when they lag). What they print must be what the fold computes:
each command's output is compared, byte for byte in every format, with the same command made to
compute from the fold (`stored_views` giving nothing, as for tables that lag)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from ledger.application import PlayerDetails
from ledger.results import Game
from ledger.settings import TournamentSettings
from pairing.model import ByeKind
from projections.stored import StoredViews
from tests.tui.cli_support import run
from tests.tui.web_support import chess_swiss, knockout, scrabble
from tui.cli import reads
from tui.wiring import open_ledger


def eventful_swiss(path: Path) -> str:
    """Seven players (a pairing-allocated bye each round), a withdrawal, a requested half-point bye, a
    corrected and a voided result: every kind of row the three commands print."""
    location = str(path / "eventful.ledger")
    ledger, views = open_ledger(location, "arbiter", create=True)
    ledger.create_tournament("Winter Open", TournamentSettings.for_game(Game.CHESS, "dutch", 5, seed=7))
    names = ("Ann Alder", "Jörg Müller", "Ωmega Жуков", "Dan Dale", "Eve Elm", "Fay Fir", "Gus Gale")
    ledger.register_players([PlayerDetails(name, rating=2300 - 40 * i) for i, name in enumerate(names)])
    ledger.pair_next_round()
    for board, result in ((1, "1-0"), (2, "1/2"), (3, "0-1")):
        ledger.record_result(1, board, result)
    ledger.correct_result(1, 2, "1-0", reason="scoresheets show White won", reference="C.04.1")
    ledger.seal_round(1)
    ledger.withdraw(7, None, reason="ill")
    ledger.request_bye(3, None, ByeKind.HALF_POINT, reason="exam")
    ledger.pair_next_round()
    ledger.record_result(2, 1, "1/2")
    ledger.record_result(2, 2, "1-0")
    ledger.void_result(2, 2, reason="wrong board")
    views.catch_up()
    views.close()
    ledger.close()
    return location


LEDGERS = {"chess": chess_swiss, "eventful": eventful_swiss, "backgammon": knockout, "scrabble": scrabble}

COMMANDS = (
    ("standings",),
    ("pairings",),
    ("pairings", "1"),
    ("log",),
    ("log", "--player", "3"),
    ("log", "--round", "2", "--tail", "3"),
    ("log", "--as-of", "12"),
)


@contextmanager
def nothing_stored(*_: object, **__: object) -> Iterator[None]:
    yield None


def from_the_fold(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reads, "stored_views", nothing_stored)


@pytest.mark.parametrize("kind", sorted(LEDGERS))
def test_the_stored_tables_print_what_the_fold_computes(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every command and format prints the same bytes from the stored tables as from the fold."""
    location = LEDGERS[kind](tmp_path)
    with StoredViews.current(location) as stored:
        assert stored is not None  # the tables are current: the first runs below read them
    printed = {
        (command, form): run(capsys, *command, "--format", form, "--ledger", location)
        for command in COMMANDS
        for form in ("text", "csv", "json")
    }
    from_the_fold(monkeypatch)
    for (command, form), stored_output in printed.items():
        assert stored_output == run(capsys, *command, "--format", form, "--ledger", location), (command, form)


def test_tables_behind_the_log_are_not_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A result appended without the read models catching up (another program's, or a desk killed before
    its catch-up): the standings and pairings show it, and the tables are brought up to date."""
    location = chess_swiss(tmp_path)
    ledger, views = open_ledger(location, "arbiter")
    ledger.record_result(2, 2, "0-1")
    views.close()
    ledger.close()
    with StoredViews.current(location) as stored:
        assert stored is None
    code, out, _ = run(capsys, "pairings", "2", "--format", "csv", "--ledger", location)
    assert code == 0 and out.splitlines()[2].endswith(",0-1")
    with StoredViews.current(location) as stored:
        assert stored is not None


def test_an_unpaired_round_is_refused_as_before(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`arbiter pairings 4` on a ledger whose round 4 is not paired: exit 3, the fold's message."""
    location = chess_swiss(tmp_path)
    code, out, err = run(capsys, "pairings", "4", "--ledger", location)
    assert (code, out) == (3, "")
    assert "round 4 has no published pairing" in err


def test_final_standings_and_adjourned_boards_are_left_to_the_fold(tmp_path: Path) -> None:
    """Q161 (docs/fide-mode.md): the final standings may be refused while a game has no result, which the
    fold decides; once every round is paired the stored tables are not printed as they are."""
    location = str(tmp_path / "final.ledger")
    ledger, views = open_ledger(location, "arbiter", create=True)
    ledger.create_tournament("Quad", TournamentSettings.for_game(Game.CHESS, "round-robin", 3, seed=1))
    ledger.register_players([PlayerDetails(name, rating=2000) for name in ("Ann", "Ben", "Cid", "Dot")])
    for number in (1, 2):
        ledger.pair_next_round()
        ledger.record_results(number, [(1, "1-0"), (2, "0-1")])
        ledger.seal_round(number)
    views.catch_up()
    with StoredViews.current(location) as stored:
        assert stored is not None  # round 3 not paired: the standings are not the final ones
    ledger.pair_next_round()
    views.catch_up()
    views.close()
    ledger.close()
    with StoredViews.current(location) as stored:
        assert stored is None
