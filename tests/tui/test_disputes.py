"""Disputed results, re-pairing, undo, reproduce and appeals through the CLI (issue 11; IBF Pairing
Rules 3.8 "For computer-aided pairing"; backgammon rules guide 6.5 Appeals)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from pairing import registry
from pairing.model import Board, Bye, ByeKind, PairingInput, PairingOutcome, PlayerStatus
from tests.tui.cli_support import run
from tui import exit_codes


class ScoreOrder:
    """A test engine whose pairing depends on the results: players by score, then number, paired
    1-2, 3-4, ...; an odd player out gets the pairing-allocated bye."""

    name = "score-order"
    version = "1"
    rules_edition = "test"

    def pair(self, request: PairingInput) -> PairingOutcome:
        active = sorted(
            (p for p in request.players if p.status is PlayerStatus.ACTIVE), key=lambda p: (-p.score, p.number)
        )
        boards = tuple(Board(a.number, b.number) for a, b in zip(active[::2], active[1::2], strict=False))
        byes = (Bye(active[-1].number, ByeKind.PAIRING_ALLOCATED, 1.0),) if len(active) % 2 else ()
        return PairingOutcome(boards=boards, byes=byes)


class ScoreOrderReversed(ScoreOrder):
    """The same system in a later version that pairs differently (for `reproduce`)."""

    version = "2"

    def pair(self, request: PairingInput) -> PairingOutcome:
        outcome = super().pair(request)
        return PairingOutcome(boards=tuple(Board(b.second, b.first) for b in outcome.boards), byes=outcome.byes)


@pytest.fixture(autouse=True)
def score_order_engine() -> Iterator[None]:
    registry.systems()
    registry.register("score-order", ScoreOrder)
    yield
    registry.unregister("score-order")


def log(ledger: str, capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    return json.loads(run(capsys, "log", "--format", "json", "--ledger", ledger)[1])


@pytest.fixture
def swiss(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """Six players, round 1 complete (1-0 on every board), round 2 paired from those results."""
    ledger = str(tmp_path / "swiss.ledger")
    run(capsys, "new", "Open", "--game", "chess", "--system", "score-order", "--rounds", "5", "--ledger", ledger)
    for name in ("Ann", "Ben", "Cid", "Dan", "Eve", "Fay"):
        run(capsys, "register", name, "--ledger", ledger)
    run(capsys, "pair", "--ledger", ledger)  # 1-2, 3-4, 5-6
    for board in (1, 2, 3):
        run(capsys, "result", "1", str(board), "1-0", "--ledger", ledger)
    run(capsys, "pair", "--ledger", ledger)  # winners 1, 3, 5 first: 1-3, 5-2, 4-6
    return ledger


def pairs(ledger: str, round_number: int, capsys: pytest.CaptureFixture[str]) -> list[tuple[int, int]]:
    document = json.loads(run(capsys, "pairings", str(round_number), "--format", "json", "--ledger", ledger)[1])
    return [(b["first"]["number"], b["second"]["number"]) for b in document["boards"]]


def test_correction_before_the_next_round_starts_offers_a_repeat_pairing(
    swiss: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """IBF 3.8: an incorrectly entered result is an exception to final pairings; the new pairing
    replaces the published one by compensating events, with the reason."""
    assert pairs(swiss, 2, capsys) == [(1, 3), (5, 2), (4, 6)]
    code, out, err = run(
        capsys, "correct", "1", "3", "0-1", "--reason", "scoresheet says 0-1", "--yes", "--ledger", swiss
    )
    assert code == exit_codes.OK
    assert "were paired before this correction" in err and "paired again" in err
    assert "Published" in out  # the difference was shown before confirming
    assert pairs(swiss, 2, capsys) == [(1, 3), (6, 2), (4, 5)]
    kinds = [line["kind"] for line in log(swiss, capsys)]
    assert kinds[-3:] == ["ResultCorrected", "PairingWithdrawn", "Paired"]
    reasons = [line["reason"] for line in log(swiss, capsys)[-2:]]
    assert all("scoresheet says 0-1" in reason for reason in reasons)


def test_correction_after_play_started_keeps_the_pairing_and_records_why(
    swiss: str, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "result", "2", "1", "1/2", "--ledger", swiss)
    before = len(log(swiss, capsys))
    code, out, err = run(capsys, "correct", "1", "3", "0-1", "--reason", "scoresheet", "--ledger", swiss)
    assert code == exit_codes.REFUSED and "--yes" in err  # shown first, nothing recorded unconfirmed
    assert "standings that change" in out and len(log(swiss, capsys)) == before
    code, _, err = run(capsys, "correct", "1", "3", "0-1", "--reason", "scoresheet", "--yes", "--ledger", swiss)
    assert code == exit_codes.OK and "stays (play has started)" in err
    last = log(swiss, capsys)[-1]
    assert last["kind"] == "ArbiterOverrode" and last["reason"] == "scoresheet"
    assert pairs(swiss, 2, capsys) == [(1, 3), (5, 2), (4, 6)]


def test_declining_the_repeat_pairing_is_recorded(swiss: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "correct", "1", "3", "0-1", "--reason", "r", "--no-repair", "--yes", "--ledger", swiss)
    assert code == exit_codes.OK and "stays" in err
    assert log(swiss, capsys)[-1]["summary"].endswith("kept: the arbiter declined a repeat pairing")


def test_what_if_previews_without_appending(swiss: str, capsys: pytest.CaptureFixture[str]) -> None:
    before = len(log(swiss, capsys))
    code, out, _ = run(capsys, "what-if", "1", "3", "0-1", "--ledger", swiss)
    assert code == exit_codes.OK
    assert "nothing is recorded" in out and "Published" in out
    assert len(log(swiss, capsys)) == before


def test_rollback_and_pair_again(swiss: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Undo by compensating events: the log shows both the undone and the new decisions."""
    code, _, err = run(capsys, "rollback", "--to-round", "0", "--reason", "wrong roster", "--ledger", swiss)
    assert code == exit_codes.REFUSED and "--yes" in err
    assert run(capsys, "rollback", "--to-round", "0", "--reason", "wrong roster", "--yes", "--ledger", swiss)[0] == 0
    code, out, _ = run(capsys, "standings", "--format", "json", "--ledger", swiss)
    assert {row["score"] for row in json.loads(out)["rows"]} == {0}
    assert run(capsys, "pair", "--reason", "roster fixed", "--ledger", swiss)[0] == 0
    summaries = [line["summary"] for line in log(swiss, capsys)]
    assert "round 2 pairing (revision 1) withdrawn" in summaries
    assert "round 1 pairing (revision 1) withdrawn" in summaries
    assert summaries[-1] == "round 1 paired by score-order (revision 2): 3 boards, 0 byes"


def test_reproduce_bit_for_bit_and_after_an_engine_change(swiss: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "reproduce", "2", "--ledger", swiss)
    assert code == exit_codes.OK and "bit for bit" in out and "input digest matches" in out
    registry.register("score-order", ScoreOrderReversed)
    code, out, _ = run(capsys, "reproduce", "2", "--ledger", swiss)
    assert code == exit_codes.VERIFY_FAILED
    assert "NOT reproduced" in out and "1 recorded, 2 now" in out


def test_appeal_upheld_leads_to_a_linked_correction(swiss: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Rules guide 6.5: with two members, both must rule differently from the Director."""
    for board in (1, 2, 3):
        run(capsys, "result", "2", str(board), "1-0", "--ledger", swiss)
    run(capsys, "seal", "2", "--ledger", swiss)
    code, _, err = run(capsys, "correct", "2", "1", "0-1", "--reason", "r", "--ledger", swiss)
    assert code == exit_codes.REFUSED and "upheld appeal" in err
    run(
        capsys,
        "appeal-lodge",
        "--by",
        "3",
        "--against",
        "ruling on board 1",
        "--reason",
        "flag fell first",
        "--ledger",
        swiss,
    )
    vote = ("--vote", "Ann=overturn", "--vote", "Bob=uphold-ruling")
    assert run(capsys, "appeal-rule", "1", *vote, "--reason", "split", "--ledger", swiss)[0] == 0
    assert "rejected" in log(swiss, capsys)[-1]["summary"]
    code, _, err = run(capsys, "correct", "2", "1", "0-1", "--reason", "r", "--appeal", "1", "--ledger", swiss)
    assert code == exit_codes.REFUSED and "appeal 1 is rejected" in err
    run(
        capsys,
        "appeal-lodge",
        "--by",
        "3",
        "--against",
        "ruling on board 1",
        "--reason",
        "new evidence",
        "--ledger",
        swiss,
    )
    vote = ("--vote", "Ann=overturn", "--vote", "Bob=overturn")
    run(capsys, "appeal-rule", "2", *vote, "--reason", "video", "--ledger", swiss)
    assert "upheld" in log(swiss, capsys)[-1]["summary"]
    code, _, _ = run(capsys, "correct", "2", "1", "0-1", "--reason", "committee", "--appeal", "2", "--ledger", swiss)
    assert code == exit_codes.OK
    corrected = [line for line in log(swiss, capsys) if line["kind"] == "ResultCorrected"][-1]
    assert corrected["reference"] == "appeal 2"


def test_audit_report_names_every_decision(swiss: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "correct", "1", "3", "0-1", "--reason", "scoresheet says 0-1", "--yes", "--ledger", swiss)
    for board in (1, 2, 3):
        run(capsys, "result", "2", str(board), "1-0", "--ledger", swiss)
    head = run(capsys, "seal", "2", "--ledger", swiss)[1].strip()
    report = tmp_path / "audit.html"
    assert run(capsys, "audit-report", "-o", str(report), "--ledger", swiss)[0] == 0
    html = report.read_text(encoding="utf-8")
    assert "scoresheet says 0-1" in html and "corrected 1-0 -&gt; 0-1" in html
    assert "pairing (revision 1) withdrawn" in html
    assert head in html and "verified" in html
