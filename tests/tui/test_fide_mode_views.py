"""FIDE mode in every view (docs/fide-mode.md, checklist Q46) and the imported TRF (Q56): a tournament not
in FIDE mode says so at the head of every text view of the CLI, in the header fields of its JSON, and on
every public page; CSV stays a plain table. An imported TRF is in FIDE mode and its import is a breach."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from ledger.fide_mode import Breach, Level
from projections.state import fold
from tests.tui.cli_support import run
from tests.tui.test_web import client_for
from tests.tui.web_support import chess_swiss
from tui.wiring import open_ledger

NOTICE = "NOT IN FIDE MODE (left after round 2)"
TEXT_VIEWS = (
    ("standings",),
    ("pairings", "1"),
    ("roster",),
    ("details",),
    ("log",),
    ("check",),
    ("drawsheet", "2"),
    ("explain", "1"),
    ("tiebreaks",),
    ("acceleration",),
    ("what-if", "1", "1", "0-1"),
)
JSON_VIEWS = (("standings",), ("pairings", "2"), ("roster",), ("check",))
WEB_PAGES = ("/", "/pairings/1", "/standings", "/crosstable", "/players/1", "/audit")


@pytest.fixture
def left(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """The web tests' Swiss (Dutch, round 2 paired), taken out of FIDE mode after round 2."""
    location = chess_swiss(tmp_path)
    code, _, err = run(capsys, "leave-fide-mode", "--reason", "organiser's rules", "--yes", "--ledger", location)
    assert code == 0, err
    return location


@pytest.mark.parametrize("view", TEXT_VIEWS)
def test_q046_every_text_view_begins_with_the_notice(
    left: str, capsys: pytest.CaptureFixture[str], view: tuple[str, ...]
) -> None:
    """Q46: the text of standings, pairings, roster, details, check, log, the drawsheet, explain, the
    tie-break list, the acceleration's rules and a what-if preview begins with the notice."""
    _, out, _ = run(capsys, *view, "--ledger", left)
    assert out.splitlines()[0] == NOTICE


@pytest.mark.parametrize("view", TEXT_VIEWS)
def test_q046_a_tournament_in_fide_mode_shows_no_notice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], view: tuple[str, ...]
) -> None:
    """Q46: the notice marks the tournaments not in FIDE mode, and only them."""
    _, out, _ = run(capsys, *view, "--ledger", chess_swiss(tmp_path))
    assert "FIDE MODE" not in out


@pytest.mark.parametrize("view", JSON_VIEWS)
def test_q046_json_documents_carry_the_notice_in_their_header(
    left: str, capsys: pytest.CaptureFixture[str], view: tuple[str, ...]
) -> None:
    """Q46: standings, pairings and roster JSON carry `in_fide_mode` and `fide_mode_notice`; CSV stays a
    table whose first line is its headings."""
    _, out, _ = run(capsys, *view, "--format", "json", "--ledger", left)
    document = json.loads(out)
    assert (document["in_fide_mode"], document["fide_mode_notice"]) == (False, NOTICE)
    if view[0] != "check":  # check has no CSV
        _, out, _ = run(capsys, *view, "--format", "csv", "--ledger", left)
        headings = next(csv.reader(io.StringIO(out)))
        assert "FIDE" not in "".join(headings)


def test_q046_the_audit_report_shows_the_notice(left: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Q46: the printable audit report says the tournament is not in FIDE mode, under its title."""
    target = tmp_path / "audit.html"
    assert run(capsys, "audit-report", "-o", str(target), "--ledger", left)[0] == 0
    assert f"<p class='fide-mode'><strong>{NOTICE}</strong></p>" in target.read_text(encoding="utf-8")


@pytest.fixture
def site(left: str) -> Iterator[TestClient]:
    yield from client_for(left)


@pytest.mark.parametrize("path", WEB_PAGES)
def test_q046_every_public_page_shows_the_notice(site: TestClient, path: str) -> None:
    """Q46: every page of the site shows the notice in its main part, and the page's JSON carries it."""
    response = site.get(path)
    assert response.status_code == 200
    main = response.text[response.text.index("<main") : response.text.index("</main>")]
    assert f'<p class="fide-mode">{NOTICE}</p>' in main
    data = site.get("/api/event" if path == "/" else "/api" + path).json()
    assert data["event"]["fide_mode_notice"] == NOTICE


def test_q046_the_site_of_a_fide_mode_tournament_has_no_notice(tmp_path: Path) -> None:
    """Q46: a tournament in FIDE mode has no notice on its pages."""
    for client in client_for(chess_swiss(tmp_path)):
        assert "fide-mode" not in client.get("/standings").text


def test_q056_an_imported_trf_is_in_fide_mode_and_the_import_a_recorded_breach(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q56, Q112-113: a Dutch tournament imported from a TRF is in FIDE mode; the import is recorded as
    an Import breach (level 2, acknowledged) with the rounds it brought, and the TRF export lists it."""
    source = chess_swiss(tmp_path)
    trf = tmp_path / "open.trf"
    code, _, err = run(capsys, "export-trf", "--rounds", "1", "-o", str(trf), "--ledger", source)
    assert code == 0, err
    imported = str(tmp_path / "imported.ledger")
    code, _, err = run(capsys, "import-trf", str(trf), "--ledger", imported)
    assert code == 0, err
    assert "warning (level 2, Q56): imported from open.trf" in err
    ledger, views = open_ledger(imported)
    try:
        state = fold(ledger.log_events())
    finally:
        views.close()
        ledger.close()
    assert state.in_fide_mode
    [(_, caution)] = state.cautions
    assert (caution.level, caution.breach, caution.round) == (Level.ACKNOWLEDGE, Breach.IMPORT, 1)
    code, out, _ = run(capsys, "export-trf", "--ledger", imported)
    assert "### Import @ Round 1: imported from open.trf" in out.splitlines()
