"""The aggregates' promises (ARCHITECTURE.md, "The event log"): nothing is edited or deleted, undo
is a compensating event that keeps what it undoes, appeals follow rules guide 6.5, and any earlier
version of a stream can be read back."""

from __future__ import annotations

from typing import Any

import pytest

from ledger.application import Ledger
from ledger.domain import Round, Tournament, round_id
from ledger.errors import InvalidInput, ReasonRequired, Remedy, RemedyAction, RoundNotReady

BOARD_RESULTS = ["1-0", "1/2", "0-1"]


def events(ledger: Ledger, kind: type) -> list[Any]:
    return [event for _, event in ledger.log_events() if isinstance(event, kind)]


@pytest.fixture
def played(location: str, new_tournament: Any) -> Ledger:
    """Six players, round 1 paired (round robin, three boards) with every result in."""
    ledger = new_tournament(location, players=6)
    ledger.pair_next_round()
    for board, result in enumerate(BOARD_RESULTS, start=1):
        ledger.record_result(1, board, result)
    return ledger


# --- undo: withdrawing a pairing -----------------------------------------------------------


def test_unpair_records_a_withdrawal_and_the_round_is_paired_again(
    played: Ledger, location: str, open_desk: Any
) -> None:
    """ARCHITECTURE.md: undo is a compensating event, `PairingWithdrawn` then a new `RoundPaired`.
    The round is paired again as revision 2 (a round robin gives the same boards); the old results
    are gone from the round but stay in the log."""
    boards = played.round(1).boards

    played.unpair(1, reason="wrong roster used", reference="C.05 Annex 1")

    ledger = open_desk(location)
    (withdrawn,) = events(ledger, Round.PairingWithdrawn)
    assert (withdrawn.revision, withdrawn.reason, withdrawn.reference) == (1, "wrong roster used", "C.05 Annex 1")
    assert withdrawn.actor == "arbiter"
    assert not ledger.round(1).is_paired
    assert ledger.next_round() == 1

    again = ledger.pair_next_round(reason="roster fixed")

    assert (again.round, again.revision) == (1, 2)
    round_ = open_desk(location).round(1)
    assert round_.revision == 2
    assert round_.boards == boards
    assert round_.results == {}
    assert round_.missing_results == [1, 2, 3]
    assert [e.result for e in events(ledger, Round.ResultRecorded)] == BOARD_RESULTS
    paired = events(ledger, Round.Paired)
    assert [(p.revision, p.reason) for p in paired] == [(1, ""), (2, "roster fixed")]
    assert ledger.tournament().last_round == 1
    assert len(events(ledger, Tournament.RoundOpened)) == 1


def test_only_the_last_paired_round_can_be_unpaired(played: Ledger) -> None:
    """Rounds are withdrawn from the end: the message says which round to unpair first, and the remedy is
    to roll back to the end of the round before; a round not paired yet has no pairing to withdraw."""
    played.pair_next_round()
    with pytest.raises(RoundNotReady, match="only the last paired round") as refused:
        played.unpair(1, reason="mistake")
    assert refused.value.remedies == (Remedy(RemedyAction.ROLL_BACK, round=0),)
    with pytest.raises(RoundNotReady, match="round 3 is not paired; the last paired round is 2") as refused:
        played.unpair(3, reason="mistake")
    assert refused.value.remedies == ()


def test_a_sealed_round_cannot_be_unpaired_or_changed(played: Ledger) -> None:
    """A sealed round's pairing and results stand; a result changes only after an upheld appeal."""
    played.seal_round(1)
    with pytest.raises(RoundNotReady, match="sealed"):
        played.unpair(1, reason="mistake")
    with pytest.raises(RoundNotReady, match="only after an upheld appeal") as refused:
        played.correct_result(1, 1, "0-1", reason="scoresheet")
    assert refused.value.remedies == (Remedy(RemedyAction.CORRECT_ON_APPEAL, round=1),)


# --- undo: correcting and voiding results ------------------------------------------------------


def test_correction_and_void_keep_the_previous_values(played: Ledger, location: str, open_desk: Any) -> None:
    """ARCHITECTURE.md: nothing is edited or deleted; `ResultCorrected` and `ResultVoided` record
    the value they replace, who, and why."""
    white, black = played.round(1).boards[0]

    played.correct_result(1, 1, "0-1", reason="scoresheet signed 0-1", reference="appeal 1")
    played.void_result(1, 1, reason="game played by the wrong players")
    played.record_result(1, 1, "1/2")

    ledger = open_desk(location)
    (corrected,) = events(ledger, Round.ResultCorrected)
    assert (corrected.board, corrected.first, corrected.second) == (1, white, black)
    assert (corrected.previous, corrected.result) == ("1-0", "0-1")
    assert (corrected.reason, corrected.reference) == ("scoresheet signed 0-1", "appeal 1")
    (voided,) = events(ledger, Round.ResultVoided)
    assert (voided.board, voided.previous, voided.reason) == (1, "0-1", "game played by the wrong players")
    assert [e.result for e in events(ledger, Round.ResultRecorded) if e.board == 1] == ["1-0", "1/2"]
    assert ledger.round(1).results == {"1": "1/2", "2": "1/2", "3": "0-1"}


def test_correction_to_the_same_result_is_refused(played: Ledger) -> None:
    """A correction that changes nothing is refused rather than logged."""
    with pytest.raises(InvalidInput, match="nothing to correct"):
        played.correct_result(1, 2, "½-½", reason="check")


# --- appeals (backgammon rules guide 6.5) ----------------------------------------------------


@pytest.mark.parametrize(
    ("votes", "outcome"),
    [
        ({"Ann": True, "Bob": True}, "upheld"),
        ({"Ann": True, "Bob": False}, "rejected"),
        ({"Ann": False, "Bob": False}, "rejected"),
        ({"Ann": True, "Bob": True, "Cid": True, "Dee": False}, "upheld"),
        ({"Ann": True, "Bob": True, "Cid": False, "Dee": False}, "rejected"),
        ({"Ann": True, "Bob": True, "Cid": True, "Dee": True}, "upheld"),
    ],
    ids=["2-of-2", "1-of-2", "0-of-2", "3-of-4", "2-of-4", "4-of-4"],
)
def test_rules_guide_6_5_majority_overrules_the_director(played: Ledger, votes: dict[str, bool], outcome: str) -> None:
    """Rules guide 6.5: "If the committee is two people, they must both rule differently from the
    Director; if it is four people, three must rule differently ... to overturn the Director's
    ruling." A vote of True rules differently from the Director."""
    appeal = played.lodge_appeal(2, against="ruling on board 1", reason="clock was not started")

    assert played.rule_appeal(appeal, votes, reason="committee heard both players", reference="6.5") == outcome

    (ruled,) = events(played, Tournament.AppealRuled)
    assert (ruled.appeal, ruled.outcome, ruled.votes, ruled.committee) == (appeal, outcome, votes, sorted(votes))
    assert played.tournament().appeals[str(appeal)]["outcome"] == outcome


@pytest.mark.parametrize("members", [1, 3, 5, 0])
def test_rules_guide_6_5_committee_is_even(played: Ledger, members: int) -> None:
    """Rules guide 6.5: "A committee of an even number of neutral, experienced persons"; an odd
    (or empty) committee is refused and nothing is recorded."""
    appeal = played.lodge_appeal(2, against="ruling on board 1", reason="clock was not started")
    position = played.position()
    votes = {f"member {n}": True for n in range(members)}

    with pytest.raises(InvalidInput, match="even number of members"):
        played.rule_appeal(appeal, votes, reason="heard")

    assert played.position() == position


def test_rules_guide_6_5_ruling_is_final(played: Ledger) -> None:
    """Rules guide 6.5: "their ruling will be final": a second ruling on one appeal is refused."""
    appeal = played.lodge_appeal(2, against="ruling on board 1", reason="clock was not started")
    played.rule_appeal(appeal, {"Ann": True, "Bob": True}, reason="heard")
    with pytest.raises(InvalidInput, match="already ruled: upheld"):
        played.rule_appeal(appeal, {"Ann": False, "Bob": False}, reason="heard again")


def test_appeal_needs_a_reason(played: Ledger) -> None:
    """An appeal and its ruling change an earlier decision: both record why."""
    with pytest.raises(ReasonRequired):
        played.lodge_appeal(2, against="ruling on board 1", reason=" ")


# --- "as of": earlier versions of a stream ----------------------------------------------------


def test_round_as_of_an_earlier_version(played: Ledger, location: str, open_desk: Any) -> None:
    """ARCHITECTURE.md: the tournament can be seen as it was at any point: a round stream read at
    an earlier version shows the result as it stood then, before the correction and the void."""
    before = played.round(1).version
    played.correct_result(1, 1, "0-1", reason="scoresheet")
    corrected = played.round(1).version
    played.void_result(1, 1, reason="wrong players")

    ledger = open_desk(location)
    stream = round_id(ledger.tournament_id, 1)
    assert ledger.repository.get(stream, version=before).results["1"] == "1-0"
    assert ledger.repository.get(stream, version=corrected).results["1"] == "0-1"
    assert "1" not in ledger.repository.get(stream).results
    assert ledger.repository.get(stream, version=2).results == {}
    assert ledger.repository.get(stream, version=2).is_paired
