"""The `arbiter` command as a user meets it: exit codes, messages, formats, and nothing appended on refusal."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from pairing.registry import GAMES, systems, systems_for
from tests.tui.cli_support import run
from tui import exit_codes
from tui.cli.main import build_parser

ROOT = Path(__file__).resolve().parents[2]


def events(ledger: str, capsys: pytest.CaptureFixture[str]) -> int:
    code, out, _ = run(capsys, "verify", "--ledger", ledger)
    assert code == exit_codes.OK, out
    return int(out.split()[1])


@pytest.fixture
def club(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """A 6-player chess round robin with round 1 paired and two of three results in."""
    ledger = str(tmp_path / "club.ledger")
    new = ("new", "Club", "--game", "chess", "--system", "round-robin", "--rounds", "5", "--ledger", ledger)
    assert run(capsys, *new)[0] == 0
    for name, rating in (("Ann", 2100), ("Ben", 2000), ("Cid", 1900), ("Dan", 1800), ("Eve", 1700), ("Fay", 1600)):
        assert run(capsys, "register", name, "--rating", str(rating), "--ledger", ledger)[0] == 0
    assert run(capsys, "pair", "--ledger", ledger)[0] == 0
    assert run(capsys, "result", "1", "1", "1-0", "--ledger", ledger)[0] == 0
    assert run(capsys, "result", "1", "2", "½-½", "--ledger", ledger)[0] == 0
    return ledger


def test_demo_runs_a_swiss_with_a_late_entry_a_correction_and_a_repairing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`arbiter demo`: a five-round Dutch Swiss with a late entry's half-point bye (C.04.2 Art. 2.4), a
    result corrected after the next round was paired and that round paired again (IBF 3.8's repeat
    pairing), every round sealed, then `verify`."""
    ledger = str(tmp_path / "demo.ledger")
    code, out, _ = run(capsys, "demo", "--ledger", ledger, "--seed", "7")
    assert code == exit_codes.OK
    for round_number in range(1, 6):
        assert f"round {round_number}" in out
    assert "final standings" in out and "verify: ok" in out
    code, out, _ = run(capsys, "log", "--format", "json", "--ledger", ledger)
    summaries = [line["summary"] for line in json.loads(out)]
    assert any("given a half-point bye" in s for s in summaries)
    assert any("corrected" in s for s in summaries)
    assert any("round 2 paired by dutch (revision 2)" in s for s in summaries)
    code, out, _ = run(capsys, "standings", "--format", "json", "--ledger", ledger)
    rows = json.loads(out)["rows"]
    assert len(rows) == 10
    # 4 boards and a pairing-allocated bye in round 1, the late entry's half point, then 5 boards a round.
    assert sum(row["score"] for row in rows) == 4 + 1 + 0.5 + 4 * 5


def test_demo_refuses_an_existing_ledger(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ledger = tmp_path / "old.ledger"
    ledger.write_bytes(b"")
    code, out, _ = run(capsys, "demo", "--ledger", str(ledger))
    assert code == exit_codes.REFUSED
    assert "fresh ledger" in out


def test_result_on_a_board_that_does_not_exist(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Bad input: a clear message naming the boards there are, exit 3, and nothing appended."""
    before = events(club, capsys)
    code, _, err = run(capsys, "result", "1", "9", "1-0", "--ledger", club)
    assert code == exit_codes.REFUSED
    assert "round 1 has boards 1..3, not 9" in err
    assert events(club, capsys) == before


def test_second_result_points_to_correct(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    before = events(club, capsys)
    code, _, err = run(capsys, "result", "1", "1", "0-1", "--ledger", club)
    assert code == exit_codes.REFUSED
    assert "arbiter correct 1 1" in err
    assert events(club, capsys) == before


def test_correct_needs_a_reason_and_records_it(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as usage:
        run(capsys, "correct", "1", "1", "0-1", "--ledger", club)
    assert usage.value.code == exit_codes.USAGE
    assert "required: --reason" in capsys.readouterr().err
    assert run(capsys, "correct", "1", "1", "0-1", "--reason", "scoresheet", "--ledger", club)[0] == 0
    _, out, _ = run(capsys, "log", "--round", "1", "--format", "json", "--ledger", club)
    corrected = [line for line in json.loads(out) if line["kind"] == "ResultCorrected"]
    assert corrected[0]["reason"] == "scoresheet"
    assert "1-0 -> 0-1" in corrected[0]["summary"]


def test_bad_result_text_is_refused_as_bad_input(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    before = events(club, capsys)
    code, _, err = run(capsys, "result", "1", "3", "2-0", "--ledger", club)
    assert code == exit_codes.BAD_INPUT
    assert "not a chess result" in err
    assert events(club, capsys) == before


def test_pair_refuses_while_results_are_missing(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    before = events(club, capsys)
    code, _, err = run(capsys, "pair", "--ledger", club)
    assert code == exit_codes.REFUSED
    assert "board(s) 3" in err and "--force" in err
    assert events(club, capsys) == before
    assert run(capsys, "pair", "--force", "--reason", "board 3 adjourned", "--ledger", club)[0] == 0


def test_pairings_json_format(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 2, item 7: the documented shape; first = White, IBF Appendix 1 round 1 for 6 players."""
    _, out, _ = run(capsys, "pairings", "--format", "json", "--ledger", club)
    document = json.loads(out)
    assert document["round"] == 1
    assert document["boards"][0] == {
        "board": 1,
        "first": {"number": 1, "name": "Ann"},
        "second": {"number": 6, "name": "Fay"},
        "result": "1-0",
    }
    assert [(b["first"]["number"], b["second"]["number"]) for b in document["boards"]] == [(1, 6), (2, 5), (3, 4)]
    assert document["boards"][1]["result"] == "1/2"
    assert document["boards"][2]["result"] is None
    assert document["byes"] == []


def test_standings_json_csv_and_as_of(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Standings now and as of an earlier position: before board 2's result, Ben had 0."""
    _, out, _ = run(capsys, "standings", "--format", "json", "--ledger", club)
    rows = {row["number"]: row for row in json.loads(out)["rows"]}
    assert rows[1]["score"] == 1 and rows[1]["rank"] == 1
    assert rows[2]["score"] == 0.5 and rows[5]["score"] == 0.5
    assert set(rows[1]["tiebreaks"]) == {"DE", "WIN", "SB", "KS"}
    last = json.loads(out)["as_of"]
    _, out, _ = run(capsys, "standings", "--format", "json", "--as-of", str(last - 1), "--ledger", club)
    earlier = {row["number"]: row for row in json.loads(out)["rows"]}
    assert earlier[2]["score"] == 0 and earlier[1]["score"] == 1
    _, out, _ = run(capsys, "standings", "--format", "csv", "--ledger", club)
    assert out.splitlines()[0] == "rank,number,name,rating,score,DE,WIN,SB,KS"


def test_roster_import_is_all_or_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ledger = str(tmp_path / "r.ledger")
    run(capsys, "new", "Open", "--game", "scrabble", "--system", "round-robin", "--rounds", "3", "--ledger", ledger)
    bad = tmp_path / "bad.csv"
    bad.write_text("name,rating\nAnn,2000\nBen,lots\n", encoding="utf-8")
    before = events(ledger, capsys)
    code, _, err = run(capsys, "import-roster", str(bad), "--ledger", ledger)
    assert code == exit_codes.BAD_INPUT
    assert "line 3, column rating" in err
    assert events(ledger, capsys) == before
    good = tmp_path / "good.csv"
    good.write_text("name,rating,fed\nAnn,2000,ENG\nBen,1900,SCO\n", encoding="utf-8")
    assert run(capsys, "import-roster", str(good), "--ledger", ledger)[0] == 0
    code, _, err = run(capsys, "import-roster", str(good), "--ledger", ledger)
    assert code == exit_codes.REFUSED and "already registered" in err


def test_unknown_player_and_missing_ledger(club: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = events(club, capsys)
    code, _, err = run(capsys, "withdraw", "99", "--reason", "ill", "--ledger", club)
    assert code == exit_codes.REFUSED and "no player number 99" in err
    assert events(club, capsys) == before
    code, _, err = run(capsys, "standings", "--ledger", str(tmp_path / "nowhere.ledger"))
    assert code == exit_codes.NO_LEDGER and "arbiter new" in err
    assert not (tmp_path / "nowhere.ledger").exists()


def test_unpair_asks_for_confirmation(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Withdrawing a pairing is a recorded decision: a reason and a confirmation (stdin is no terminal here)."""
    before = events(club, capsys)
    code, _, err = run(capsys, "unpair", "1", "--reason", "wrong roster", "--ledger", club)
    assert code == exit_codes.REFUSED and "--yes" in err
    assert events(club, capsys) == before
    assert run(capsys, "unpair", "1", "--reason", "wrong roster", "--yes", "--ledger", club)[0] == 0
    code, out, _ = run(capsys, "pair", "--reason", "roster fixed", "--ledger", club)
    assert code == 0 and "revision 2" in out


def test_verify_names_the_edited_and_the_deleted_row(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Tamper evidence: an edited row fails at its position, a deleted one at the next."""
    total = events(club, capsys)
    with sqlite3.connect(club) as db:
        # Whoever holds the file can drop the append-only triggers first; the chain still tells.
        db.execute("DROP TRIGGER stored_events_append_only_update")
        db.execute("DROP TRIGGER stored_events_append_only_delete")
        db.execute(
            "UPDATE stored_events SET state = CAST(REPLACE(CAST(state AS TEXT), 'Eve', 'Bob') AS BLOB) WHERE rowid = 6"
        )
    code, out, _ = run(capsys, "verify", "--ledger", club)
    assert code == exit_codes.VERIFY_FAILED
    assert "FAILED at position 6" in out
    with sqlite3.connect(club) as db:
        db.execute("DROP TRIGGER stored_events_append_only_delete")  # opening the ledger made it again
        db.execute("DELETE FROM stored_events WHERE rowid = 6")
    code, out, _ = run(capsys, "verify", "--ledger", club)
    assert code == exit_codes.VERIFY_FAILED and "FAILED at position 7" in out
    assert total > 7


def test_every_verb_has_help_with_examples() -> None:
    parser = build_parser()
    assert "examples:" in parser.format_help()
    verbs = parser._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    for name, sub in verbs.items():
        text = sub.format_help()
        assert "exit codes:" in text, name
        assert "--ledger" in text, name


def test_console_script_entry_point(tmp_path: Path) -> None:
    """`python -m tui.cli.main` (what the `arbiter` script runs) exits with the documented code."""
    done = subprocess.run(
        [sys.executable, "-m", "tui.cli.main", "verify", "--ledger", str(tmp_path / "none.ledger")],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == exit_codes.NO_LEDGER
    assert "there is no ledger" in done.stderr


def test_explain_shows_the_engines_input_as_recorded(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 3, item 3: the input rebuilt from the recorded position has the recorded digest."""
    run(capsys, "result", "1", "3", "0-1", "--ledger", club)
    run(capsys, "correct", "1", "1", "1/2", "--reason", "scoresheet", "--ledger", club)
    assert run(capsys, "pair", "--ledger", club)[0] == 0
    code, out, _ = run(capsys, "explain", "2", "--ledger", club)
    assert code == exit_codes.OK
    assert "paired by round-robin" in out and ": matches." in out
    assert "Appendix 1" in out and "round 2 of the table for 6 players" in out
    code, _, err = run(capsys, "explain", "4", "--ledger", club)
    assert code == exit_codes.REFUSED and "no published pairing" in err


def test_exclude_records_the_chief_arbiters_decision(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    """IBF 4.3: excluded "from the pairing in subsequent rounds" by decision of the Chief Arbiter."""
    assert run(capsys, "exclude", "4", "--reason", "no-show round 1", "--ledger", club)[0] == exit_codes.OK
    last = json.loads(run(capsys, "log", "--format", "json", "--tail", "1", "--ledger", club)[1])[0]
    assert last["kind"] == "PlayerWithdrew" and last["reference"] == "IBF 4.3"
    assert last["reason"] == "excluded by the chief arbiter: no-show round 1"


def _board_result(ledger: str, board: int, capsys: pytest.CaptureFixture[str]) -> str | None:
    _, out, _ = run(capsys, "pairings", "1", "--format", "json", "--ledger", ledger)
    return json.loads(out)["boards"][board - 1]["result"]


@pytest.mark.parametrize("code", ["+-", "-+", "--"])
@pytest.mark.parametrize("ledger_first", [False, True])
def test_forfeit_codes_as_written_fide_c04_1_art6(
    club: str, code: str, ledger_first: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    """FIDE C.04.1 Art. 6 forfeits, typed as the README writes them: `arbiter result 1 3 -+` is the
    result, not an option (argparse would take `-+` and `--` for options), wherever --ledger stands."""
    argv = ("--ledger", club, "1", "3", code) if ledger_first else ("1", "3", code, "--ledger", club)
    code_, _, err = run(capsys, "result", *argv)
    assert code_ == exit_codes.OK, err
    assert err.strip() == f"round 1 board 3: {code}"
    assert _board_result(club, 3, capsys) == code


def test_forfeit_after_the_end_of_options_marker(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`--` followed by a value keeps its usual meaning (end of options): `result 1 3 -- -+` records -+."""
    assert run(capsys, "result", "--ledger", club, "1", "3", "--", "-+")[0] == exit_codes.OK
    assert _board_result(club, 3, capsys) == "-+"


def test_correct_to_a_double_forfeit_with_options_after(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    """FIDE C.04.1 Art. 6: a result corrected to `--` (both forfeit), the reason given after it."""
    code, _, err = run(capsys, "correct", "1", "1", "--", "--reason", "neither player came", "--ledger", club)
    assert code == exit_codes.OK, err
    assert _board_result(club, 1, capsys) == "--"


def test_a_dashed_result_elsewhere_is_still_a_usage_error(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Only a result after a round and a board is read as a forfeit: `-+` in another place stays wrong."""
    with pytest.raises(SystemExit) as usage:
        run(capsys, "pairings", "-+", "--ledger", club)
    assert usage.value.code == exit_codes.USAGE


def test_new_help_lists_every_registered_system_by_game(capsys: pytest.CaptureFixture[str]) -> None:
    """`new --help` names the systems from the registry (burstein included) under each game, not from a
    hand list."""
    with pytest.raises(SystemExit):
        run(capsys, "new", "--help")
    text = capsys.readouterr().out.split("systems by game", 1)[1].split("\n\n", 1)[0]
    lines = text.split(":\n", 1)[1].replace("\n  ", " ").splitlines()
    listed = {line.split(": ", 1)[0]: line.split(": ", 1)[1].split(", ") for line in lines}
    assert listed == {game: list(systems_for(game)) for game in GAMES}
    assert set().union(*listed.values()) == set(systems())
    assert "burstein" in listed["chess"]


@pytest.mark.parametrize(("system", "game"), [("dutch", "chess"), ("ibf-swiss", "backgammon"), ("koth", "scrabble")])
def test_new_takes_the_game_of_a_system_that_is_one_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str, game: str
) -> None:
    """`new` without --game: a system of one game's rules (the FIDE Dutch, the IBF Swiss, tsh's KOTH) is that
    game's; a round robin, which serves every game, is refused (exit 4), naming the choices, and no ledger
    is left behind."""
    ledger = str(tmp_path / "t.ledger")
    code, out, err = run(capsys, "new", "Open", "--system", system, "--rounds", "5", "--ledger", ledger)
    assert code == exit_codes.OK, err
    assert f"({game}, {system}, 5 rounds" in out + err
    other = tmp_path / "rr.ledger"
    code, _, err = run(capsys, "new", "Club", "--system", "round-robin", "--rounds", "5", "--ledger", str(other))
    assert code == exit_codes.BAD_INPUT
    assert "round-robin serves more than one game: say which with --game {chess,backgammon,scrabble}" in err
    assert not other.exists()
