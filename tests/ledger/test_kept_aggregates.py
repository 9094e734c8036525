"""The aggregates a `Ledger` keeps between commands (`ledger.persistence.AGGREGATE_CACHE_SIZE`): a command
reads only what was appended since, and a rolled-back command leaves nothing in them."""

from __future__ import annotations

import pytest

from tests.ledger.conftest import NewTournament, OpenDesk


def test_a_rolled_back_command_leaves_nothing_in_the_kept_aggregates(
    sqlite_location: str, new_tournament: NewTournament
) -> None:
    """One command, one transaction (ARCHITECTURE.md, "The event log"): the aggregates a desk keeps between
    commands (`ledger.persistence.AGGREGATE_CACHE_SIZE`) may have read a command's own events; when the
    command is rolled back they are forgotten, so the board is still free and the next result is taken."""
    ledger = new_tournament(sqlite_location)
    ledger.pair_next_round()
    assert ledger.round(1).results == {}  # kept from now on
    with pytest.raises(RuntimeError), ledger.command():
        ledger.record_result(1, 1, "1-0")
        assert ledger.round(1).results == {"1": "1-0"}  # the command sees its own result
        raise RuntimeError("the desk lost power before the commit")
    assert ledger.round(1).results == {}
    assert ledger.record_result(1, 1, "0-1") == "0-1"


def test_settings_read_from_the_kept_tournament_are_the_logs(
    sqlite_location: str, new_tournament: NewTournament, open_desk: OpenDesk
) -> None:
    """`Ledger.settings` reads the kept tournament without copying it (a `result` reads the result rules
    from it): another desk's change of the tie-breaks is seen, a rolled-back one is not, and changing the
    settings it gives changes nothing kept."""
    ledger = new_tournament(sqlite_location)
    other = open_desk(sqlite_location, "second desk")
    assert ledger.settings().tiebreaks == other.settings().tiebreaks  # both desks keep the tournament now
    other.change_tiebreaks(["BH", "SB"], "the regulations name Buchholz first")
    assert ledger.settings().tiebreaks == ("BH", "SB")
    with pytest.raises(RuntimeError), ledger.command():
        ledger.change_tiebreaks(["WIN"], "tried, then the desk lost power")
        assert ledger.settings().tiebreaks == ("WIN",)  # the command sees its own change
        raise RuntimeError("the desk lost power before the commit")
    assert ledger.settings().tiebreaks == ("BH", "SB")
    ledger.settings().options["initial_colour"] = "black"
    assert "initial_colour" not in ledger.settings().options
    assert ledger.tournament().settings["tiebreaks"] == ["BH", "SB"]
