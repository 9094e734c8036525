"""A weekend Swiss at the desk through the `arbiter` command: late entries, byes fixed after the
pairing, namesakes, the starting rank, checks before pairing, settings refused when invalid. Each
refusal exits non-zero and appends nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.tui.cli_support import run
from tui import exit_codes


@pytest.fixture
def swiss(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """Six players in a five-round Dutch Swiss, nothing paired."""
    ledger = str(tmp_path / "open.ledger")
    assert run(capsys, "new", "Weekend Open", "--game", "chess", "--system", "dutch", "--rounds", "5",
               "--seed", "3", "--ledger", ledger)[0] == 0  # fmt: skip
    for n in range(1, 7):
        assert run(capsys, "register", f"Player {n}", "--rating", str(2000 - 10 * n), "--ledger", ledger)[0] == 0
    return ledger


def _position(capsys: pytest.CaptureFixture[str], ledger: str) -> int:
    code, out, _ = run(capsys, "log", "--format", "json", "--ledger", ledger)
    assert code == 0
    return max(line["position"] for line in json.loads(out))


def _pairing(capsys: pytest.CaptureFixture[str], ledger: str, round_number: int) -> dict:
    code, out, _ = run(capsys, "pairings", str(round_number), "--format", "json", "--ledger", ledger)
    assert code == 0
    return json.loads(out)


def test_late_entry_gets_half_a_point_for_round_one(swiss: str, capsys: pytest.CaptureFixture[str]) -> None:
    """C.04.2 Art. 2.4: a late entry scores for the missed rounds what the regulations say (here ½)."""
    assert run(capsys, "pair", "--ledger", swiss)[0] == 0
    code, out, _ = run(capsys, "register", "Late Comer", "--rating", "1500", "--ledger", swiss)
    late = out.strip()
    before = _position(capsys, swiss)
    code, _, err = run(capsys, "bye", late, "--round", "1", "--kind", "half", "--ledger", swiss)
    assert code == exit_codes.REFUSED and "reason" in err
    assert _position(capsys, swiss) == before
    code, _, err = run(capsys, "bye", late, "--round", "1", "--reason", "late entry", "--ledger", swiss)
    assert code == 0 and "round 1" in err
    byes = {bye["number"]: bye for bye in _pairing(capsys, swiss, 1)["byes"]}
    assert byes[int(late)]["kind"] == "half-point" and byes[int(late)]["points"] == 0.5


def test_forgotten_request_fixed_by_unpairing(swiss: str, capsys: pytest.CaptureFixture[str]) -> None:
    """C.04.2 Art. 3.3: a player known to be absent is not paired; after `unpair` the request counts."""
    assert run(capsys, "pair", "--ledger", swiss)[0] == 0
    code, _, err = run(capsys, "bye", "3", "--round", "1", "--reason", "asked yesterday", "--ledger", swiss)
    assert code == exit_codes.REFUSED and "plays on board" in err
    assert run(capsys, "unpair", "1", "--reason", "request of 3 forgotten", "--yes", "--ledger", swiss)[0] == 0
    assert run(capsys, "bye", "3", "--round", "1", "--kind", "half", "--ledger", swiss)[0] == 0
    assert run(capsys, "pair", "--reason", "request of 3 honoured", "--ledger", swiss)[0] == 0
    pairing = _pairing(capsys, swiss, 1)
    seated = {side["number"] for board in pairing["boards"] for side in (board["first"], board["second"])}
    assert 3 not in seated
    assert {bye["number"]: bye["kind"] for bye in pairing["byes"]}[3] == "half-point"


def test_bye_request_cancelled(swiss: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "bye", "4", "--round", "1", "--kind", "zero", "--ledger", swiss)[0] == 0
    code, _, err = run(capsys, "bye", "4", "--round", "1", "--cancel", "--reason", "can play", "--ledger", swiss)
    assert code == 0 and "cancelled" in err
    assert run(capsys, "pair", "--ledger", swiss)[0] == 0
    pairing = _pairing(capsys, swiss, 1)
    assert 4 in {side["number"] for board in pairing["boards"] for side in (board["first"], board["second"])}


def test_namesakes_need_allow_duplicate(swiss: str, capsys: pytest.CaptureFixture[str]) -> None:
    before = _position(capsys, swiss)
    code, _, err = run(capsys, "register", "Player 2", "--rating", "1980", "--ledger", swiss)
    assert code == exit_codes.REFUSED and "number 2" in err and "--allow-duplicate" in err
    assert _position(capsys, swiss) == before
    code, out, _ = run(capsys, "register", "Player 2", "--rating", "1980", "--allow-duplicate", "--ledger", swiss)
    assert code == 0 and out.strip() == "7"


def test_roster_shows_pairing_numbers_and_their_rule(swiss: str, capsys: pytest.CaptureFixture[str]) -> None:
    """C.04.2 Art. 2.2: the FIDE Swiss numbers by rating, title, name; the roster says so."""
    assert run(capsys, "register", "Top Seed", "--rating", "2500", "--title", "GM", "--ledger", swiss)[0] == 0
    code, out, _ = run(capsys, "roster", "--format", "json", "--ledger", swiss)
    roster = json.loads(out)
    assert code == 0 and "C.04.2 2.2" in roster["rule"]
    assert [p["number"] for p in roster["players"]][:2] == [7, 1]
    assert [p["pairing_number"] for p in roster["players"]] == list(range(1, 8))


def test_renumber_a_round_robin_before_round_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ledger = str(tmp_path / "rr.ledger")
    run(capsys, "new", "Club", "--game", "chess", "--system", "round-robin", "--rounds", "3", "--ledger", ledger)
    for name, rating in (("Cy", "1800"), ("Al", "1900"), ("Bo", "2000"), ("Di", "1700")):
        run(capsys, "register", name, "--rating", rating, "--ledger", ledger)
    code, _, err = run(capsys, "renumber", "--rule", "alphabetical", "--reason", "club rule 3", "--ledger", ledger)
    assert code == 0, err
    roster = json.loads(run(capsys, "roster", "--format", "json", "--ledger", ledger)[1])
    assert [p["name"] for p in roster["players"]] == ["Al", "Bo", "Cy", "Di"]
    assert run(capsys, "pair", "--ledger", ledger)[0] == 0
    code, _, err = run(capsys, "renumber", "--reason", "again", "--ledger", ledger)
    assert code == exit_codes.REFUSED and "round 1 is paired" in err


def test_check_names_what_blocks_the_next_round(swiss: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "check", "--ledger", swiss)[0] == 0
    assert run(capsys, "pair", "--ledger", swiss)[0] == 0
    code, out, _ = run(capsys, "check", "--format", "json", "--ledger", swiss)
    assert code == exit_codes.REFUSED
    subjects = [f["subject"] for f in json.loads(out)["findings"] if f["severity"] == "blocks"]
    assert subjects == ["round 1 board 1", "round 1 board 2", "round 1 board 3"]


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--system", "dutch", "--rounds", "5", "--tiebreaks", "BH,XX"], "valid codes: BH"),
        (["--system", "dutch"], "needs --rounds"),
        (["--system", "dutch", "--rounds", "5", "--tiebreaks", "SB,SB"], "named twice"),
    ],
)
def test_invalid_settings_are_refused_at_new(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    ledger = tmp_path / "bad.ledger"
    code, _, err = run(capsys, "new", "Bad", "--game", "chess", *argv, "--ledger", str(ledger))
    assert code == exit_codes.BAD_INPUT and expected in err
    assert "Traceback" not in err
    assert not ledger.exists()


def test_a_bracket_takes_its_rounds_from_the_entries(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """IBF 3.1.3: a single elimination of 8 entrants takes 3 rounds."""
    ledger = str(tmp_path / "ko.ledger")
    code, _, err = run(capsys, "new", "KO", "--game", "backgammon", "--system", "single-elimination",
                       "--ledger", ledger)  # fmt: skip
    assert code == 0, err
    for n in range(1, 9):
        run(capsys, "register", f"Player {n}", "--rating", str(1800 - n), "--ledger", ledger)
    assert run(capsys, "pair", "--ledger", ledger)[0] == 0
    code, out, _ = run(capsys, "log", "--format", "json", "--ledger", ledger)
    assert "the tournament now has 3 rounds" in [line["summary"] for line in json.loads(out)]
