"""`Ledger.record_results`: the many results of one round that an import records (`arbiter import-trf`,
`import-tsh`) as one change of the round, recording exactly what `record_result` board by board would
(docs/performance.md, "Imports"; FIDE C.04.1 Art. 6 for the forfeit `+-`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.domain import Round
from ledger.errors import InvalidResult
from tests.ledger.conftest import NewTournament, events_of

RESULTS = [(1, "1-0"), (2, "½"), (3, "+-")]
"""Round 1 of six players: a win, a draw as the desk may type it, a forfeit."""


def recorded(ledger_events: list[tuple[int, object]]) -> list[tuple[int, int, int, str, str]]:
    return [(e.board, e.first, e.second, e.result, e.actor) for _, e in ledger_events]  # type: ignore[attr-defined]


def test_results_of_a_round_at_once_are_those_board_by_board(tmp_path: Path, new_tournament: NewTournament) -> None:
    """The same events, in board order, with the canonical codes (`1/2` for `½`); one change of the round."""
    one_by_one = new_tournament(str(tmp_path / "one.ledger"))
    one_by_one.pair_next_round()
    codes = [one_by_one.record_result(1, board, text) for board, text in RESULTS]
    at_once = new_tournament(str(tmp_path / "batch.ledger"))
    at_once.pair_next_round()
    assert at_once.record_results(1, RESULTS) == codes == ["1-0", "1/2", "+-"]
    assert recorded(events_of(at_once, Round.ResultRecorded)) == recorded(events_of(one_by_one, Round.ResultRecorded))
    assert at_once.round(1).version == one_by_one.round(1).version


def test_a_bad_result_among_them_appends_nothing(sqlite_location: str, new_tournament: NewTournament) -> None:
    """A refused result refuses the whole change: nothing of the round's other results is appended, and the
    message is the one `record_result` gives for it."""
    ledger = new_tournament(sqlite_location)
    ledger.pair_next_round()
    before = ledger.position()
    with pytest.raises(InvalidResult) as refused:
        ledger.record_results(1, [(1, "1-0"), (2, "2-0")])
    with pytest.raises(InvalidResult) as alone:
        ledger.record_result(1, 2, "2-0")
    assert str(refused.value) == str(alone.value)
    assert ledger.position() == before
