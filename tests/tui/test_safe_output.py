"""Every text escaped for where it goes: names that look like Rich markup are shown literally by the CLI and
the desk (they crashed standings, log, pairings and the desk after pair committed), HTML reports escape
them, CSV cells that start like a formula are neutralised (OWASP, "CSV Injection"), and a PostgreSQL
password never appears in any output."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from ledger.application import PlayerDetails
from ledger.results import Game
from ledger.settings import TournamentSettings
from tests.conftest import POSTGRES_URL
from tests.tui.cli_support import run
from tests.tui.snapshot_apps import desk
from tests.tui.test_desk import SIZE, settle, status
from tui import exit_codes
from tui.desk.screens.dialogs import FormDialog
from tui.desk.widgets.tables import BoardTable
from tui.wiring import open_ledger

MARKUP_NAMES = ("[/oops]", "[bold]Bold Bob", "[link=https://x.invalid]Lee[/link]", "Ann \\")
FORMULA_NAMES = ('=HYPERLINK("https://x.invalid","x")', "+1+1", "-2+3", "@SUM(A1)")


def markup_tournament(location: str) -> None:
    ledger, views = open_ledger(location, "arbiter", create=True)
    ledger.create_tournament("[red]Open", TournamentSettings.for_game(Game.CHESS, "round-robin", 7, seed=3))
    names = (*MARKUP_NAMES, *FORMULA_NAMES)
    ledger.register_players([PlayerDetails(name, rating=2000 - number) for number, name in enumerate(names)])
    views.catch_up()
    views.close()
    ledger.close()


@pytest.fixture
def ledger_file(tmp_path: Path) -> str:
    location = str(tmp_path / "markup.ledger")
    markup_tournament(location)
    return location


def test_markup_names_are_shown_literally_by_pair_standings_log_and_pairings(
    capsys: pytest.CaptureFixture[str], ledger_file: str
) -> None:
    for argv in (("pair",), ("standings",), ("log",), ("pairings",), ("explain", "1")):
        code, out, err = run(capsys, *argv, "--ledger", ledger_file)
        assert code == exit_codes.OK, (argv, err)
        assert "[/oops]" in out, argv
        if argv[0] != "explain":
            assert "[bold]Bold Bob" in out, argv
    code, out, _ = run(capsys, "verify", "--ledger", ledger_file)
    assert code == exit_codes.OK


def test_csv_export_neutralises_formulas_and_keeps_numbers(
    capsys: pytest.CaptureFixture[str], ledger_file: str
) -> None:
    run(capsys, "pair", "--ledger", ledger_file)
    code, out, _ = run(capsys, "standings", "--format", "csv", "--ledger", ledger_file)
    assert code == exit_codes.OK
    names = [row["name"] for row in csv.DictReader(io.StringIO(out))]
    for name in FORMULA_NAMES:
        assert "'" + name in names
    assert not any(cell.startswith(("=", "+", "-", "@")) for cell in names)


def test_html_audit_report_escapes_names(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    location = str(tmp_path / "html.ledger")
    run(capsys, "new", "<b>Open</b>", "--game", "chess", "--system", "dutch", "--rounds", "3", "--ledger", location)
    run(capsys, "register", "<script>alert(1)</script>", "--ledger", location)
    code, out, _ = run(capsys, "audit-report", "-o", "-", "--ledger", location)
    assert code == exit_codes.OK
    assert "<script>" not in out and "&lt;script&gt;alert(1)&lt;/script&gt;" in out
    assert "<b>Open</b>" not in out


def test_the_postgres_password_never_appears(capsys: pytest.CaptureFixture[str], location: str) -> None:
    """Messages and the audit report show the URL with the password masked."""
    if not location.startswith("postgresql"):
        pytest.skip("a password is PostgreSQL's")
    secret = "s3cret-Hunter2"
    with_password = location.replace("://postgres@", f"://postgres:{secret}@", 1)
    assert secret in with_password and POSTGRES_URL.startswith("postgresql://postgres@")
    new = ("new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "3", "--ledger", with_password)
    code, out, err = run(capsys, *new)
    assert code == exit_codes.OK and "postgres:***@" in err
    code, out2, err2 = run(capsys, *new)  # already holds a tournament: the refusal names the ledger
    assert code == exit_codes.REFUSED and "postgres:***@" in err2
    code, out3, err3 = run(capsys, "audit-report", "-o", "-", "--ledger", with_password)
    assert code == exit_codes.OK and "postgres:***@" in out3
    assert secret not in out + err + out2 + err2 + out3 + err3


async def test_desk_pairs_and_shows_markup_names(ledger_file: str) -> None:
    """The desk crashed after the pair command committed when a name held markup; now it pairs and
    shows every name as entered."""
    app = desk(ledger_file)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("n")
            await settle(pilot)
            assert isinstance(app.screen, FormDialog)
            await pilot.click("#confirm")
            await settle(pilot)
            assert status(app).startswith("round 1 paired"), status(app)
            table = app.screen.query_one(BoardTable)
            rendered = "\n".join(table.render_line(y).text for y in range(table.row_count + 1))
            assert "[/oops]" in rendered and "[bold]Bold Bob" in rendered, rendered
            for key, screen in (("s", "StandingsScreen"), ("l", "LogScreen"), ("r", "RosterScreen")):
                await pilot.press(key)
                await settle(pilot)
                assert type(app.screen).__name__ == screen
    finally:
        app.session.close_ledger()
    ledger, views = open_ledger(ledger_file)
    assert ledger.verify().ok and views.state().rounds[1].paired
    views.close()
    ledger.close()
