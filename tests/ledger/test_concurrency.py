"""Several desks on one ledger (ARCHITECTURE.md, "The event log"): "Two writers on the same version
conflict: reload, re-validate, retry a bounded number of times, or report the conflict; never lose
either write silently."

Every desk here is its own `Ledger` (its own connections), in threads or in spawned processes, on
the same SQLite file or PostgreSQL schema. Outcomes are checked by reading the stored log, not by
trusting what the commands returned.
"""

from __future__ import annotations

import multiprocessing
import sys
import threading
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from ledger.application import Ledger
from ledger.domain import Round, Tournament
from ledger.errors import ConcurrentChange, Remedy, RemedyAction, ResultAlreadyRecorded, RoundNotReady

ROOT = str(Path(__file__).resolve().parents[2])
"""The repository root, put on a spawned desk's path so it imports this checkout's packages."""


def recorded(ledger: Ledger, round_number: int = 1) -> list[Round.ResultRecorded]:
    """The ResultRecorded events of a round, as stored."""
    round_stream = ledger.round(round_number).id
    return [
        event
        for _, event in ledger.log_events()
        if isinstance(event, Round.ResultRecorded) and event.originator_id == round_stream
    ]


def run_at_once(*commands: Any) -> list[BaseException | str]:
    """Run the commands in threads released together by a barrier; each one's return value or error."""
    barrier = threading.Barrier(len(commands))
    outcomes: list[BaseException | str] = [""] * len(commands)

    def run(index: int) -> None:
        barrier.wait()
        try:
            outcomes[index] = commands[index]()
        except BaseException as error:
            outcomes[index] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(commands))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return outcomes


@pytest.fixture
def round_one(location: str, new_tournament: Any) -> Ledger:
    """Eight players, round 1 paired (four boards), no results."""
    ledger = new_tournament(location, players=8)
    ledger.pair_next_round()
    return ledger


def test_two_desks_record_different_boards_at_once(round_one: Ledger, location: str, open_desk: Any) -> None:
    """Two desks writing the same round stream at the same moment: the loser of the version race
    reloads and records again, so both results are in the log, each exactly once."""
    east, west = open_desk(location, "east"), open_desk(location, "west")

    outcomes = run_at_once(lambda: east.record_result(1, 1, "1-0"), lambda: west.record_result(1, 2, "0-1"))

    assert outcomes == ["1-0", "0-1"]
    stored = recorded(open_desk(location))
    assert sorted((e.board, e.result, e.actor) for e in stored) == [(1, "1-0", "east"), (2, "0-1", "west")]
    assert open_desk(location).round(1).results == {"1": "1-0", "2": "0-1"}
    assert open_desk(location).verify().ok


def test_two_desks_on_the_same_board_one_wins(round_one: Ledger, location: str, open_desk: Any) -> None:
    """Two desks entering the same board at once: exactly one result is recorded, the other desk
    is refused with a message saying how to change it, never both saved."""
    east, west = open_desk(location, "east"), open_desk(location, "west")

    outcomes = run_at_once(lambda: east.record_result(1, 3, "1-0"), lambda: west.record_result(1, 3, "0-1"))

    accepted = [o for o in outcomes if isinstance(o, str)]
    refused = [o for o in outcomes if not isinstance(o, str)]
    assert len(accepted) == 1, outcomes
    assert len(refused) == 1, outcomes
    assert isinstance(refused[0], ResultAlreadyRecorded | ConcurrentChange), refused
    if isinstance(refused[0], ResultAlreadyRecorded):
        assert refused[0].remedies == (Remedy(RemedyAction.CORRECT_RESULT, round=1, board=3),)
    (stored,) = recorded(open_desk(location))
    assert (stored.board, stored.result) == (3, accepted[0])
    assert open_desk(location).verify().ok


# --- separate processes -----------------------------------------------------------------------


def enter_results(
    root: str, location: str, actor: str, jobs: list[tuple[int, str]], barrier: Any, outcomes: Any
) -> None:
    """A desk in its own process: open the ledger and enter `jobs` (board, result) in round 1, each
    step together with the other desks; report (board, result, "accepted" or the refusal's class),
    or the crash."""
    report: list[tuple[int, str, str]] = []
    try:
        if root not in sys.path:
            sys.path.insert(0, root)
        from ledger.errors import LedgerError
        from tui.wiring import open_ledger

        barrier.wait(timeout=30)  # the desks open the ledger at the same moment too
        ledger, _reader = open_ledger(location, actor)
        try:
            barrier.wait(timeout=30)
            for board, result in jobs:
                try:
                    ledger.record_result(1, board, result)
                    report.append((board, result, "accepted"))
                except LedgerError as error:
                    report.append((board, result, type(error).__name__))
        finally:
            ledger.close()
    except BaseException:
        barrier.abort()
        outcomes.put((actor, traceback.format_exc()))
    else:
        outcomes.put((actor, report))


DESKS = {
    # (board, result) per desk; boards 1, 2, 3, 6, 9 and 10 are entered by two desks, differently
    "desk-1": [(1, "1-0"), (2, "0-1"), (3, "1/2"), (10, "1-0")],
    "desk-2": [(4, "1-0"), (5, "1/2"), (3, "1-0"), (6, "0-1")],
    "desk-3": [(7, "0-1"), (8, "1-0"), (6, "1-0"), (9, "1/2")],
    "desk-4": [(9, "0-1"), (10, "0-1"), (2, "1-0"), (1, "1/2")],
}


def test_desks_in_separate_processes(location: str, new_tournament: Any, open_desk: Any) -> None:
    """Four processes enter a 20-player round-robin round at once, some boards twice: every
    accepted command is in the log exactly once, no refused one is, and the chain verifies."""
    ledger = new_tournament(location, players=20)
    assert len(ledger.pair_next_round().boards) == 10
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(len(DESKS))
    queue = context.Queue()
    processes = [
        context.Process(target=enter_results, args=(ROOT, location, actor, jobs, barrier, queue))
        for actor, jobs in DESKS.items()
    ]
    for process in processes:
        process.start()
    reports = dict(queue.get(timeout=45) for _ in processes)
    for process in processes:
        process.join(timeout=30)
        assert process.exitcode == 0

    assert set(reports) == set(DESKS)
    crashed = {actor: report for actor, report in reports.items() if isinstance(report, str)}
    assert not crashed, "\n".join(crashed.values())
    stored = Counter((e.board, e.result, e.actor) for e in recorded(open_desk(location)))
    entered = [(board, result, actor, how) for actor, report in reports.items() for board, result, how in report]
    assert len(entered) == sum(map(len, DESKS.values()))
    for board, result, actor, how in entered:
        if how == "accepted":
            assert stored[board, result, actor] == 1, (board, result, actor)
        else:
            assert how in {"ResultAlreadyRecorded", "ConcurrentChange"}, how
            assert stored[board, result, actor] == 0, (board, result, actor)
    assert sum(stored.values()) == sum(how == "accepted" for *_, how in entered)
    assert all(n == 1 for n in Counter(board for board, _, _ in stored).values()), stored
    for board, _, _, how in entered:
        if how == "ResultAlreadyRecorded":  # refused because another desk's result for it is in
            assert any(b == board for b, _, _ in stored), board
    assert open_desk(location).verify().ok


def pair_as_displayed(desk: Ledger, displayed: int, force_reason: str) -> Any:
    """What a desk's "pair" key does: pair the next round, expecting the log as it displayed it."""
    with desk.command(expect_position=displayed):
        return desk.pair_next_round(force_reason=force_reason)


@pytest.mark.parametrize("force_reason", ["", "adjourned games"], ids=["plain", "forced"])
def test_two_desks_pairing_at_once_publish_one_round(
    location: str, new_tournament: Any, open_desk: Any, force_reason: str
) -> None:
    """ARCHITECTURE.md, "The event log": a writing command takes the position the desk displayed and is
    refused if an event after it touched the same records. Two desks that both displayed the log with
    round 1 complete and both press "pair": one publishes round 2, the other is refused with
    ConcurrentChange (it must not pair round 3, even when told to force past missing results)."""
    ledger = new_tournament(location, players=8)
    ledger.pair_next_round()
    for board in range(1, 5):
        ledger.record_result(1, board, "1-0")
    displayed = ledger.position()
    east, west = open_desk(location, "east"), open_desk(location, "west")

    outcomes = run_at_once(
        lambda: pair_as_displayed(east, displayed, force_reason),
        lambda: pair_as_displayed(west, displayed, force_reason),
    )

    published = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, BaseException)]
    assert [p.round for p in published] == [2], outcomes
    assert len(refused) == 1, outcomes
    # Forced, the loser would pair round 3: its expected position refuses it. Plain, it already finds
    # round 2 without results and refuses as the rules say.
    assert isinstance(refused[0], ConcurrentChange if force_reason else RoundNotReady), refused
    ledger = open_desk(location)
    assert [e.round for _, e in ledger.log_events() if isinstance(e, Tournament.RoundOpened)] == [1, 2]
    assert len([e for _, e in ledger.log_events() if isinstance(e, Round.Paired)]) == 2
    assert ledger.verify().ok
