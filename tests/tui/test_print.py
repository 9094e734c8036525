"""`arbiter print KIND -o FILE`: sheets as PDF (read back with pypdf) or HTML by the extension, and the
audit report's names, standings and bracket tree."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.tui.cli_support import run
from tests.tui.web_support import HOSTILE
from tui import exit_codes
from tui.wiring import open_ledger


def pdf_text(path: Path) -> str:
    assert path.read_bytes().startswith(b"%PDF-")
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def squeezed(text: str) -> str:
    """The text without white space: a long chain head may wrap across lines in a PDF."""
    return re.sub(r"\s+", "", text)


def test_results_sheet_carries_names_results_and_the_sealed_chain_head(
    swiss_ledger: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "round1.pdf"
    assert run(capsys, "print", "results", "--round", "1", "-o", str(out), "--ledger", swiss_ledger)[0] == exit_codes.OK
    text = pdf_text(out)
    ledger, views = open_ledger(swiss_ledger)
    head = views.state().rounds[1].chain_head
    assert "round 1 results" in text and "Ann Alder" in text and HOSTILE[0] in text and HOSTILE[1] in text
    assert "1-0" in text and "1/2" in text and "0-1" in text
    assert head in squeezed(text)  # the head `arbiter seal 1` printed
    ledger.close()


def test_results_sheet_of_an_open_round_says_it_is_not_sealed(
    swiss_ledger: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "round2.pdf"
    assert run(capsys, "print", "results", "-o", str(out), "--ledger", swiss_ledger)[0] == exit_codes.OK
    assert "Round 2 is not sealed yet" in pdf_text(out)


def test_pairings_sheet_leaves_the_result_column_to_fill_in(
    swiss_ledger: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "pairings.pdf"
    assert (
        run(capsys, "print", "pairings", "--round", "1", "-o", str(out), "--ledger", swiss_ledger)[0] == exit_codes.OK
    )
    text = pdf_text(out)
    assert "round 1 pairings" in text and "White" in text and "Black" in text and "Eve Elm" in text
    assert "1-0" not in text and "1/2" not in text


def test_standings_and_crosstable_by_extension(
    swiss_ledger: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    html = tmp_path / "standings.html"
    assert run(capsys, "print", "standings", "-o", str(html), "--ledger", swiss_ledger)[0] == exit_codes.OK
    page = html.read_text(encoding="utf-8")
    assert page.startswith("<!doctype html>") and "&lt;script&gt;" in page and "<script" not in page
    style = page[page.index("<style>") : page.index("</style>")]
    assert "@media print" in style and "&#34;" not in style  # its own print styles, as CSS (not escaped)
    pdf = tmp_path / "cross.pdf"
    assert run(capsys, "print", "crosstable", "-o", str(pdf), "--ledger", swiss_ledger)[0] == exit_codes.OK
    text = pdf_text(pdf)
    assert "crosstable" in text and "R1" in text and "R2" in text and "Fay Fir" in text
    standings = tmp_path / "standings.pdf"
    assert run(capsys, "print", "standings", "-o", str(standings), "--ledger", swiss_ledger)[0] == exit_codes.OK
    text = pdf_text(standings)
    assert all(code in text for code in ("BH-C1", "SB", "DE", "WIN"))
    assert "1 / 1" in text  # the page number the sheet's @page rule adds


def test_drawsheet_has_match_length_light_checkers_and_results(
    cup_ledger: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Backgammon rules guide 2.2.4 and 5.1: the drawsheet posts the match length and who plays light."""
    out = tmp_path / "draw.pdf"
    assert run(capsys, "print", "drawsheet", "--round", "1", "-o", str(out), "--ledger", cup_ledger)[0] == exit_codes.OK
    text = pdf_text(out)
    assert "drawsheet, round 1" in text and "Matches to 5 game-wins" in text and "light checkers" in text
    assert "2-5" in text and "5-3" in text and "6-4" in text  # the results entered, not a blank column


def test_bracket_sheet_is_the_tree_with_scores(
    cup_ledger: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "bracket.pdf"
    assert run(capsys, "print", "bracket", "-o", str(out), "--ledger", cup_ledger)[0] == exit_codes.OK
    text = pdf_text(out)
    assert "Final (R3.1, round 3)" in text and "├─" in text and "Quarter-finals" in text
    assert re.search(r"5 \[/oops\] +5 ─┘", text)  # beat Dan 5-2 in round 1, score beside the name


def test_drawsheet_of_a_chess_event_is_refused(
    swiss_ledger: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "draw.pdf"
    code, _, err = run(capsys, "print", "drawsheet", "-o", str(out), "--ledger", swiss_ledger)
    assert code == exit_codes.BAD_INPUT and "backgammon" in err and not out.exists()


def test_an_unknown_extension_or_round_is_refused_plainly(
    swiss_ledger: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "print", "standings", "-o", str(tmp_path / "s.docx"), "--ledger", swiss_ledger)
    assert code == exit_codes.BAD_INPUT and ".pdf" in err and ".html" in err
    code, _, err = run(
        capsys, "print", "pairings", "--round", "7", "-o", str(tmp_path / "p.pdf"), "--ledger", swiss_ledger
    )
    assert code == exit_codes.REFUSED and "round 7 has no published pairing" in err
    assert not (tmp_path / "p.pdf").exists()


def test_audit_report_names_players_and_adds_standings_and_the_bracket(
    cup_ledger: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "audit.html"
    assert run(capsys, "audit-report", "-o", str(out), "--ledger", cup_ledger)[0] == exit_codes.OK
    report = out.read_text(encoding="utf-8")
    assert "<h2>Standings after round 2</h2>" in report and "<h2>Bracket</h2>" in report
    assert "<td>4 Dan, 5 [/oops]</td>" in report  # the round 1 result's players, by name
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in report and "<script>" not in report
    assert "├─" in report
