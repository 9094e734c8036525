"""tsh `.t` files in and out of a ledger (issue 9, item 6): a director can move an event in or out."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui.cli_support import run
from tui import exit_codes


def test_export_import_export_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ledger = str(tmp_path / "open.ledger")
    run(capsys, "new", "Open", "--game", "scrabble", "--system", "koth", "--rounds", "4", "--ledger", ledger)
    for name, rating in (("Ann", 1800), ("Ben", 1750), ("Cid", 1700), ("Dan", 1650), ("Eve", 1600)):
        run(capsys, "register", name, "--rating", str(rating), "--ledger", ledger)
    scores = iter(("412-380", "350-401", "390-390", "455-300", "380-420"))
    for round_number in (1, 2):
        run(capsys, "pair", "--ledger", ledger)
        for board in (1, 2):
            assert run(capsys, "result", str(round_number), str(board), next(scores), "--ledger", ledger)[0] == 0
    first = tmp_path / "first.t"
    assert run(capsys, "export-tsh", "-o", str(first), "--ledger", ledger)[0] == exit_codes.OK
    moved = str(tmp_path / "moved.ledger")
    code, _, err = run(capsys, "import-tsh", str(first), "--rounds", "4", "--system", "koth", "--ledger", moved)
    assert code == exit_codes.OK, err
    second = tmp_path / "second.t"
    run(capsys, "export-tsh", "-o", str(second), "--ledger", moved)
    assert second.read_text() == first.read_text()
    _, out, _ = run(capsys, "standings", "--format", "csv", "--ledger", moved)
    _, original, _ = run(capsys, "standings", "--format", "csv", "--ledger", ledger)
    assert out == original
    assert run(capsys, "pair", "--ledger", moved)[0] == exit_codes.OK  # the event goes on in the new ledger


def test_inconsistent_t_file_is_refused_and_nothing_is_created(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.t"
    """A game one line shows and the other does not: refused naming the file and the line (a comment
    line counts), exit 4, no ledger."""
    bad.write_text("# division A\nAnn 1800 2; 400\nBen 1700 3; 380\nCid 1600 1; 300\n", encoding="utf-8")
    ledger = tmp_path / "x.ledger"
    code, _, err = run(capsys, "import-tsh", str(bad), "--ledger", str(ledger))
    assert code == exit_codes.BAD_INPUT
    assert f"{bad}: line 2, opponent 1: player 1 (Ann) lists 2 as opponent in round 1, who does not" in err
    assert not ledger.exists()


def test_withdrawn_player_forfeit_spread_and_unicode_name_round_trip(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """tsh `.t` files as tsh writes them: a withdrawn player (`off`, fewer rounds than the others), a
    bye with its spread ("For a bye, the 'score' is the spread awarded (e.g. 50 = bye win, -50 =
    forfeit loss)"), Unicode names: import then export gives the same file."""
    text = (
        "Ann                     1800 2 3 4; 400 380 410; p12 1 1 1\n"
        "Ben                     1700 1 4; 350 390; off 0; p12 2 1\n"
        "Cid                     1600 4 1 0; 300 400 50; p12 1 2 0\n"
        "Dan                     1500 3 2 1; 330 300 390; p12 2 2 2\n"
        "Émile Ñúñez             1400 0 0 0; -50 50 0\n"
    )
    ledger = str(tmp_path / "a.ledger")
    assert exported_again(tmp_path, capsys, text, ledger) == text
    standings = run(capsys, "standings", "--format", "csv", "--ledger", ledger)[1]
    assert "Émile Ñúñez" in standings and "Ben" in standings


def test_extra_fields_and_a_written_rating_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """tsh `.t` extra fields the ledger does not read (rating changes `newr`, `class`, an escaped `;`)
    and a rating written `1800+1750` are kept beside the player and written back by the export."""
    rows = (
        ("Ann, 2nd", "1800+1750", "2 3; 400 380; class A; newr 1812 1820; note a\\;b; p12 1 2"),
        ("Ben", "1700", "1 4; 350 390; class B; p12 2 1"),
        ("Cid", "1600", "4 1; 300 400; p12 1 1"),
        ("Dan", "1500.5", "3 2; 330 300; p12 2 2"),
    )
    text = "".join(f"{name:<22} {rating:>5} {rest}\n" for name, rating, rest in rows)  # tsh's layout
    assert exported_again(tmp_path, capsys, text, str(tmp_path / "b.ledger")) == text


def exported_again(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, ledger: str) -> str:
    """`text` imported with `import-tsh` into `ledger` (5 rounds), then exported with `export-tsh`."""
    source = tmp_path / "in.t"
    source.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "import-tsh", str(source), "--rounds", "5", "--ledger", ledger)
    assert code == exit_codes.OK, err
    code, out, _ = run(capsys, "export-tsh", "--ledger", ledger)
    assert code == exit_codes.OK
    return out


def test_real_tsh_file_imports_and_exports_the_same_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """tests/data/tsh/soy1-2020-a.t, a division file tsh wrote for an 18-round event
    (tests/data/README.md): import then export gives the same file, byte for byte. It holds byes with
    `bye_spread` 1, a forfeit of -1, players `off` whose later rounds are byes of spread 0, `p12` 3
    ("must draw") in a game and `p12` 1 on a bye (docs/research/tsh-backgammon-brackets.md §2.9), and
    the fields tsh keeps (`board`, `newr`, `rcrank`, `rtime`, ...)."""
    source = Path(__file__).resolve().parents[1] / "data" / "tsh" / "soy1-2020-a.t"
    ledger = str(tmp_path / "soy.ledger")
    code, _, err = run(capsys, "import-tsh", str(source), "--rounds", "18", "--ledger", ledger)
    assert code == exit_codes.OK, err
    code, out, _ = run(capsys, "export-tsh", "--ledger", ledger)
    assert code == exit_codes.OK
    assert out == source.read_text(encoding="utf-8")


@pytest.mark.parametrize(("game", "system"), [("chess", "dutch"), ("backgammon", "ibf-swiss")])
def test_export_tsh_refuses_a_game_whose_results_a_t_file_cannot_hold(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, system: str
) -> None:
    """A tsh `.t` file holds Scrabble scores (tsh, docs/research/tsh-backgammon-brackets.md): a chess or
    backgammon tournament is refused (exit 4) naming the export that holds it, and no file is written, rather
    than a file of players without a single result."""
    ledger = str(tmp_path / "open.ledger")
    assert run(capsys, "new", "Open", "--game", game, "--system", system, "--rounds", "3", "--ledger", ledger)[0] == 0
    for name in ("Ann", "Ben"):
        run(capsys, "register", name, "--ledger", ledger)
    out = tmp_path / "open.t"
    code, _, err = run(capsys, "export-tsh", "-o", str(out), "--ledger", ledger)
    assert code == exit_codes.BAD_INPUT
    assert f"this tournament is {game}" in err and "export-trf" in err and "Traceback" not in err
    assert not out.exists()
