"""TRF export a federation accepts (C.04 Annex 2, "Tournament Section", records 012-132): the
tournament's details from `arbiter new` and `arbiter details` (a recorded change with a reason), the
player counts, round dates, and names cut to their 33 columns with a warning."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui.cli_support import run
from tui import exit_codes

DETAILS = (
    "--city",
    "Tromsø",
    "--federation",
    "nor",
    "--start",
    "2026/05/01",
    "--end",
    "2026-05-03",
    "--chief-arbiter",
    "IA Jane Doe",
    "--deputy",
    "FA Ola Nordmann",
    "--deputy",
    "NA Kari Nordmann",
    "--time-control",
    "90 min + 30 s/move",
    "--type",
    "Individual: Swiss-System",
)


def tournament(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    ledger = str(tmp_path / "open.ledger")
    code, _, err = run(
        capsys, "new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "3", "--ledger", ledger, *DETAILS
    )
    assert code == exit_codes.OK, err
    for n, rating in ((1, "2100"), (2, "1900"), (3, "0"), (4, "1700")):
        name = "Kowalczykowska-Brzęczyszczykiewicz, Anna" if n == 1 else f"Player {n}"
        run(capsys, "register", name, "--rating", rating, "--ledger", ledger)
    run(capsys, "pair", "--ledger", ledger)
    for board in (1, 2):
        run(capsys, "result", "1", str(board), "1-0", "--ledger", ledger)
    return ledger


def exported(ledger: str, capsys: pytest.CaptureFixture[str]) -> tuple[list[str], str]:
    code, out, err = run(capsys, "export-trf", "--ledger", ledger)
    assert code == exit_codes.OK, err
    return out.splitlines(), err


def test_header_records_come_from_the_details(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """TRF16: 022 city, 032 federation, 042/052 dates (TRF-2026 YYYY/MM/DD), 062 players, 072 rated
    players, 092 type, 102 chief arbiter, one 112 line per deputy, 122 time control, 132 round dates
    (YY/MM/DD at cols 92-99, under round 1 of the 001 lines)."""
    lines, _ = exported(tournament(tmp_path, capsys), capsys)
    records = {line[:3]: line[4:] for line in lines if line[:3] not in ("001", "112", "###")}
    assert records["012"] == "Open"
    assert records["022"] == "Tromsø" and records["032"] == "NOR"
    assert records["042"] == "2026/05/01" and records["052"] == "2026/05/03"
    assert records["062"] == "4" and records["072"] == "3"
    assert records["092"] == "Individual: Swiss-System" and records["102"] == "IA Jane Doe"
    assert records["122"] == "90 min + 30 s/move"
    assert [line[4:] for line in lines if line.startswith("112")] == ["FA Ola Nordmann", "NA Kari Nordmann"]
    dates = next(line for line in lines if line.startswith("132"))
    assert len(dates) == 99 and dates[:91].strip() == "132" and dates[91:99].count("/") == 2


def test_details_change_with_a_reason_and_are_refused_without(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every change of an earlier decision carries a reason (ARCHITECTURE.md, "The event log"); bad
    values are refused before anything is appended (exit 4)."""
    ledger = tournament(tmp_path, capsys)
    before = run(capsys, "log", "--ledger", ledger)[1]
    assert run(capsys, "details", "--city", "Oslo", "--ledger", ledger)[0] == exit_codes.REFUSED
    code, _, err = run(capsys, "details", "--start", "1 May", "--reason", "typo", "--ledger", ledger)
    assert code == exit_codes.BAD_INPUT and "start must be a date like 2026/05/14" in err
    code, _, err = run(capsys, "details", "--federation", "NORW", "--reason", "typo", "--ledger", ledger)
    assert code == exit_codes.BAD_INPUT and "three-letter code" in err
    code, _, err = run(capsys, "details", "--city", "Os\x1blo", "--reason", "typo", "--ledger", ledger)
    assert code == exit_codes.BAD_INPUT and "control characters" in err
    assert run(capsys, "log", "--ledger", ledger)[1] == before
    assert run(capsys, "details", "--city", "Oslo", "--reason", "venue moved", "--ledger", ledger)[0] == 0
    assert "tournament details: city=Oslo" in run(capsys, "log", "--ledger", ledger)[1]
    lines, _ = exported(ledger, capsys)
    assert "022 Oslo" in lines
    assert "city: Oslo" in run(capsys, "details", "--ledger", ledger)[1]


def test_a_long_name_is_cut_to_its_columns_with_a_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """TRF16 cols 15-47: 33 characters for the name (it used to end the export in a traceback)."""
    lines, err = exported(tournament(tmp_path, capsys), capsys)
    assert "name 'Kowalczykowska-Brzęczyszczykiewicz, Anna' cut to 33 characters" in err
    assert any(line[14:47] == "Kowalczykowska-Brzęczyszczykiewicz, Anna"[:33] for line in lines)


def test_import_then_export_gives_the_same_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The details and round dates survive an import: exporting the imported ledger writes the same
    file (the change lines ``###`` aside)."""
    lines, _ = exported(tournament(tmp_path, capsys), capsys)
    source = tmp_path / "open.trf"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    again = str(tmp_path / "again.ledger")
    code, _, err = run(capsys, "import-trf", str(source), "--ledger", again)
    assert code == exit_codes.OK, err
    second, _ = exported(again, capsys)
    assert [line for line in second if not line.startswith("###")] == [
        line for line in lines if not line.startswith("###")
    ]
