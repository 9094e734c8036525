"""Q114 (docs/fide-mode.md, "Q112-115 Pairing-integrity-breaching events"): every kind of breach has an undo
that restores the state before it, by compensating events. The state compared is what a pairing and a report
are made from: the standings, every round's pairing, the pairing numbers, and the TRF export with its `###`
lines. Through the command service on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from ledger.application import Ledger
from ledger.domain import Tournament
from ledger.errors import ConfirmationNeeded, RoundNotReady, RuleViolation
from ledger.fide_mode import Breach, Level
from ledger.ranking import RankingRule
from pairing.trf.writer import format as trf_format
from projections.standings import standings
from projections.state import TournamentState
from tests.ledger.conftest import OpenDesk, events_of
from tests.ledger.test_pibe import _other, _state, _swiss
from tests.tui.cli_support import run
from tui import exit_codes
from tui.cli.trf_ledger import to_document


def _fingerprint(state: TournamentState) -> tuple[object, ...]:
    """Standings, pairings, pairing numbers and the TRF export (its `###` lines included)."""
    rows = [(row.number, row.score, row.rank, tuple(row.tiebreaks)) for row in standings(state)]
    pairings = {
        number: ([(b.first, b.second) for b in view.boards], [(b.player, b.kind) for b in view.byes])
        for number, view in sorted(state.rounds.items())
        if view.paired
    }
    trf = trf_format(to_document(state, state.reported_rounds, []))
    return rows, pairings, state.ranking(), trf


def _breach_positions(ledger: Ledger, kind: Breach) -> list[int]:
    return [
        position
        for position, event in events_of(ledger, Tournament.CautionConfirmed)
        if event.caution["breach"] == kind.value
    ]


def _undo_last(ledger: Ledger, kind: Breach) -> str:
    position = _breach_positions(ledger, kind)[-1]
    with pytest.raises(ConfirmationNeeded):
        ledger.undo_breach(position, "entered by mistake")
    with ledger.command(confirmed=True):
        return ledger.undo_breach(position, "entered by mistake")


def _played_through(open_desk: OpenDesk, location: str, rounds: int) -> Ledger:
    """`_swiss` with the round in play finished too: rounds 1..`rounds` played, the next one not paired."""
    ledger = _swiss(open_desk, location, rounds - 1)
    for board in range(1, 4):
        ledger.record_result(rounds, board, ("1-0", "1/2", "0-1")[(board + rounds) % 3])
    return ledger


def _hand_pairing_unlike_the_engines(ledger: Ledger) -> None:
    """Pair the next round by hand in one step: the engine's boards with board 1's colours reversed."""
    engine = ledger.pair_next_round()
    ledger.unpair(engine.round, "to pair it by hand")
    first, *others = engine.boards
    with ledger.command(confirmed=True):
        ledger.pair_next_round(
            manual=[(first.second, first.first), *((b.first, b.second) for b in others)], reason="by hand"
        )


def _hand_repairing_of_the_round_in_play(ledger: Ledger) -> None:
    """Pair the round in play again by hand (`start ROUND`): its board 1 with the colours reversed."""
    number = ledger.last_paired_round()
    white, black = ledger.round(number).boards[0]
    ledger.start_hand_pairing(number, "board 1's colours were given the wrong way round")
    ledger.hand_unseat(white)
    with ledger.command(confirmed=True):
        ledger.hand_pair(black, white)
        ledger.end_hand_pairing()


def _non_draw_for_an_adjourned_game(ledger: Ledger) -> None:
    """Round 3 paired over round 2's missing result on board 1 (adjourned, a draw for pairing); then that
    game's result is entered as a win."""
    with ledger.command(confirmed=True):
        ledger.record_result(2, 1, "1-0")


def _renumbering_that_undoes_the_exchanges(ledger: Ledger) -> None:
    with ledger.command(confirmed=True):
        ledger.renumber(RankingRule.FIDE, "back to the rating order")


def _reordering_rating_correction(ledger: Ledger) -> None:
    with ledger.command(confirmed=True):
        ledger.correct_player(6, {"rating": 2500}, "rating list of November")


BREACHES: dict[str, tuple[Breach, Callable[[Ledger], None]]] = {
    "mpa": (Breach.MANUAL_PAIRING, _hand_pairing_unlike_the_engines),
    "mpa-of-a-published-round": (Breach.MANUAL_PAIRING, _hand_repairing_of_the_round_in_play),
    "adjournment": (Breach.ADJOURNMENT, _non_draw_for_an_adjourned_game),
    "renumbering": (Breach.RENUMBERING, _renumbering_that_undoes_the_exchanges),
    "rating-correction": (Breach.RENUMBERING, _reordering_rating_correction),
}


def _before(open_desk: OpenDesk, location: str, case: str) -> Ledger:
    """The tournament as it stands just before the breach of `case`."""
    if case == "mpa":
        return _played_through(open_desk, location, 2)
    if case == "adjournment":
        ledger = _swiss(open_desk, location, 1)
        for board in (2, 3):
            ledger.record_result(2, board, "1/2")
        ledger.pair_next_round(force_reason="board 1 adjourned at move 60")
        return ledger
    if case == "renumbering":
        ledger = _swiss(open_desk, location, 1)
        with ledger.command(confirmed=True):
            ledger.exchange_numbers(2, 3, "numbers swapped at the desk")
            ledger.exchange_numbers(1, 6, "numbers swapped at the desk")
        return ledger
    return _swiss(open_desk, location, 1)


@pytest.mark.parametrize("case", sorted(BREACHES))
def test_q114_undo_of_an_mpa_an_adjournment_or_a_regeneration_restores_the_state_before(
    open_desk: OpenDesk, location: str, case: str
) -> None:
    """Q114 (with Q69, Q163, Q148-154): after the undo, the standings, the pairings, the pairing numbers and
    the TRF export (its `###` lines included) are those of before the breach; the undo asks as the breach did
    and is recorded in the log beside it, nothing removed."""
    kind, breach = BREACHES[case]
    ledger = _before(open_desk, location, case)
    before = _fingerprint(_state(ledger))
    breach(ledger)
    assert _fingerprint(_state(ledger)) != before
    breach_at = _breach_positions(ledger, kind)[-1]
    length = ledger.position()
    _undo_last(ledger, kind)
    assert _fingerprint(_state(ledger)) == before
    assert ledger.position() > length + 1
    undo = [e.caution for p, e in events_of(ledger, Tournament.CautionConfirmed) if p > length]
    assert [(c["breach"], c.get("undoes")) for c in undo if c["breach"]] == [(kind.value, breach_at)]


def test_q114_the_undo_of_an_mpa_is_refused_once_play_started_or_the_round_changed(
    open_desk: OpenDesk, location: str
) -> None:
    """Q114, Q69: a hand pairing is undone while it is the round in play without results; once a result is
    recorded its pairing stays; a second undo finds the round changed."""
    ledger = _played_through(open_desk, location, 2)
    _hand_pairing_unlike_the_engines(ledger)
    position = _breach_positions(ledger, Breach.MANUAL_PAIRING)[-1]
    ledger.record_result(3, 2, "1/2")
    with pytest.raises(RoundNotReady, match="play has started"), ledger.command(confirmed=True):
        ledger.undo_breach(position, "too late")
    with ledger.command(confirmed=True):
        ledger.void_result(3, 2, "entered on the wrong round")
        ledger.undo_breach(position, "the engine's pairing was right")
    assert not ledger.round(3).is_paired
    with pytest.raises(RuleViolation, match="paired again or unpaired"), ledger.command(confirmed=True):
        ledger.undo_breach(position, "again")


def test_q114_an_adjournments_undo_is_level_3_and_refused_twice(open_desk: OpenDesk, location: str) -> None:
    """Q114, Q163: the undo of an adjourned game's non-draw result asks (level 3) and leaves the game
    adjourned without a result, a draw for pairing; a second undo finds the board changed."""
    ledger = _before(open_desk, location, "adjournment")
    _non_draw_for_an_adjourned_game(ledger)
    position = _breach_positions(ledger, Breach.ADJOURNMENT)[-1]
    with pytest.raises(ConfirmationNeeded) as asked:
        ledger.undo_breach(position, "the scoresheet was a draw offer, not a resignation")
    assert asked.value.caution.level is Level.CONFIRM
    with ledger.command(confirmed=True):
        ledger.undo_breach(position, "the scoresheet was a draw offer, not a resignation")
    assert ledger.round(2).adjourned_pending == [1]
    with pytest.raises(RuleViolation, match="changed after the breach"), ledger.command(confirmed=True):
        ledger.undo_breach(position, "again")


def test_q114_a_regenerations_undo_is_refused_once_the_numbers_changed_again(
    open_desk: OpenDesk, location: str
) -> None:
    """Q114, Q148-154: the undo of a renumbering is refused once the numbers were exchanged after it, and the
    undo of a reordering correction once the player's details were corrected again."""
    ledger = _before(open_desk, location, "renumbering")
    _renumbering_that_undoes_the_exchanges(ledger)
    renumbered = _breach_positions(ledger, Breach.RENUMBERING)[-1]
    _reordering_rating_correction(ledger)
    corrected = _breach_positions(ledger, Breach.RENUMBERING)[-1]
    with ledger.command(confirmed=True):
        ledger.exchange_numbers(4, 5, "numbers swapped at the desk")
        ledger.correct_player(6, {"rating": 2450}, "rating list of December")
    with pytest.raises(RuleViolation, match="changed again"), ledger.command(confirmed=True):
        ledger.undo_breach(renumbered, "late")
    with pytest.raises(RuleViolation, match="corrected again"), ledger.command(confirmed=True):
        ledger.undo_breach(corrected, "late")


def test_q114_an_undo_is_not_undone_itself(open_desk: OpenDesk, location: str) -> None:
    """Q114: the undo's own record is not a breach to undo: the breach is made again by its own command."""
    ledger = _swiss(open_desk, location, 2)
    with ledger.command(confirmed=True):
        ledger.correct_result(2, 1, _other(ledger.round(2).results["1"]), "misread")
    _undo_last(ledger, Breach.CORRECTION)
    undo = _breach_positions(ledger, Breach.CORRECTION)[-1]
    with pytest.raises(RuleViolation, match="is the undo of the breach"), ledger.command(confirmed=True):
        ledger.undo_breach(undo, "back")


def test_q114_the_cli_undoes_an_adjournment_breach(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Q114, Q163 through the CLI: `arbiter undo-breach POSITION --yes` on an Adjournment line of the log
    leaves the game adjourned without a result, written `?` in the TRF again, with no breach's `###` line
    left (the file's log of decisions, `### POSITION TIME ACTOR: ...`, lists the void as every decision)."""
    where = ("--ledger", str(tmp_path / "open.ledger"))
    assert run(capsys, "new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "3", *where)[0] == 0
    for name in ("Ann", "Ben", "Cid", "Dan"):
        assert run(capsys, "register", name, *where)[0] == 0
    assert run(capsys, "pair", *where)[0] == 0
    assert run(capsys, "result", "1", "1", "1-0", *where)[0] == 0
    assert run(capsys, "pair", "--force", "--reason", "board 2 adjourned at move 41", *where)[0] == 0
    before = run(capsys, "export-trf", *where)[1]
    assert run(capsys, "result", "1", "2", "0-1", "--yes", *where)[0] == 0
    [position] = [
        line["position"]
        for line in json.loads(run(capsys, "log", "--format", "json", *where)[1])
        if "Adjournment:" in line["summary"]
    ]
    assert run(capsys, "undo-breach", str(position), "--reason", "misread", *where)[0] == exit_codes.REFUSED
    code, _, err = run(capsys, "undo-breach", str(position), "--reason", "misread", "--yes", *where)
    assert code == exit_codes.OK, err
    assert "adjourned without a result again" in err
    assert _without_decisions(run(capsys, "export-trf", *where)[1]) == _without_decisions(before)


def _without_decisions(trf: str) -> list[str]:
    """The TRF's lines but the log of decisions (`### 17 2026-11-25 22:54 arbiter: ...`)."""
    return [line for line in trf.splitlines() if not line.startswith("### ") or not line[4].isdigit()]


def test_q114_an_undo_takes_back_only_the_change_its_breach_warned_of(open_desk: OpenDesk, location: str) -> None:
    """Q114: the change undone is the one of the breach's kind recorded with it. A prohibited pair added after
    leaving FIDE mode (a Configuration breach, recorded after its change) is not undone here, and the
    correction of the round in play entered right after it is left alone."""
    ledger = _swiss(open_desk, location, 2)
    ledger.record_result(3, 1, "1-0")
    with ledger.command(confirmed=True):
        ledger.leave_fide_mode("the organiser's rules")
    with ledger.command(confirmed=True):
        ledger.forbid(1, 2, "brothers")
    position = _breach_positions(ledger, Breach.CONFIGURATION)[-1]
    ledger.correct_result(3, 1, "0-1", "misread")  # the round in play: no breach, the next event in the log
    with pytest.raises(RuleViolation, match="is not undone here"), ledger.command(confirmed=True):
        ledger.undo_breach(position, "no")
    assert ledger.round(3).results["1"] == "0-1"
