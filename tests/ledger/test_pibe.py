"""Pairing-integrity-breaching events (docs/fide-mode.md, checklist Q112-115 and Q189-193): a correction
of the previous round once the round in play is paired, and a change of the rounds after round 1, are
level 3 warnings recorded as breaches and written to the TRF as `###` lines; an earlier round is refused
in FIDE mode; a breach is undone by compensating events that restore the state before it; corrections
for the rating report only leave pairings and standings alone. Through the command service on SQLite and
PostgreSQL, and through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.application import Ledger, PlayerDetails
from ledger.digest import input_digest
from ledger.domain import Tournament
from ledger.errors import ConfirmationNeeded, RuleViolation
from ledger.fide_mode import Breach, Caution, Level
from ledger.results import Game
from ledger.settings import TournamentSettings
from pairing.trf.writer import format as trf_format
from projections.history import pairing_input
from projections.standings import standings
from projections.state import TournamentState, fold, rated
from tests.ledger.conftest import OpenDesk, events_of
from tests.tui.cli_support import run
from tui import exit_codes
from tui.cli.trf_ledger import to_document

RESULTS = ("1-0", "0-1", "1/2")


def _state(ledger: Ledger) -> TournamentState:
    return fold(ledger.log_events())


def _swiss(open_desk: OpenDesk, location: str, rounds_played: int, *, fide_mode: bool | None = None) -> Ledger:
    """A Dutch Swiss of 6 players: rounds 1..`rounds_played` paired and played (board results cycling
    through 1-0, 1/2, 0-1), and the next round paired: the round in play."""
    ledger = open_desk(location)
    ledger.create_tournament("Open", TournamentSettings.for_game(Game.CHESS, "dutch", 5, seed=11, fide_mode=fide_mode))
    ledger.register_players([PlayerDetails(f"Player {n}", rating=2400 - 25 * n) for n in range(1, 7)])
    for number in range(1, rounds_played + 2):
        ledger.pair_next_round()
        if number <= rounds_played:
            for board in range(1, 4):
                ledger.record_result(number, board, ("1-0", "1/2", "0-1")[(board + number) % 3])
    return ledger


def _other(result: str) -> str:
    return "0-1" if result == "1-0" else "1-0"


def _fingerprint(state: TournamentState) -> tuple[object, str]:
    """What pairs and ranks: the standings and the digest of the next round's pairing input."""
    rows = [(row.number, row.score, row.rank, tuple(row.tiebreaks)) for row in standings(state)]
    return rows, input_digest(pairing_input(state, state.last_paired_round + 1))


def test_q115_a_result_of_the_round_in_play_is_no_breach(open_desk: OpenDesk, location: str) -> None:
    """Q112, Q115: entering or correcting a result of the round in play (the last paired round) changes
    no published pairing: no warning, nothing recorded as a breach."""
    ledger = _swiss(open_desk, location, 2)
    ledger.record_result(3, 1, "1-0")
    ledger.correct_result(3, 1, "0-1", "scoresheet misread")
    assert _state(ledger).cautions == []
    assert ledger.notices == []


def test_q190_correcting_the_previous_round_is_a_level_3_correction(open_desk: OpenDesk, location: str) -> None:
    """Q190, Q112, Q115: once round 3 is paired, a correction of round 2 asks (level 3) and nothing is
    appended until it is confirmed; confirmed, it is recorded as a Correction breach of round 2."""
    ledger = _swiss(open_desk, location, 2)
    before = ledger.position()
    new = _other(ledger.round(2).results["1"])
    with pytest.raises(ConfirmationNeeded) as refused:
        ledger.correct_result(2, 1, new, "scoresheets signed the other way")
    assert (refused.value.caution.level, refused.value.caution.question) == (Level.CONFIRM, "Q190")
    assert ledger.position() == before
    with ledger.command(confirmed=True):
        ledger.correct_result(2, 1, new, "scoresheets signed the other way")
    [(position, caution)] = _state(ledger).cautions
    assert (caution.level, caution.breach, caution.round) == (Level.CONFIRM, Breach.CORRECTION, 2)
    assert ledger.round(2).results["1"] == new
    assert position == before + 1


@pytest.mark.parametrize("verb", ["correct", "void"])
def test_q189_an_earlier_round_is_refused_in_fide_mode(open_desk: OpenDesk, location: str, verb: str) -> None:
    """Q189-191: in FIDE mode only the previous round may be changed: a correction or a void of round 1
    once round 3 is paired is refused (level 5), confirmed or not, and nothing is appended."""
    ledger = _swiss(open_desk, location, 2)
    before = ledger.position()
    with pytest.raises(RuleViolation, match="only the previous round"), ledger.command(confirmed=True):
        if verb == "correct":
            ledger.correct_result(1, 1, _other(ledger.round(1).results["1"]), "late complaint")
        else:
            ledger.void_result(1, 1, "late complaint")
    assert ledger.position() == before


def test_q189_leaving_fide_mode_in_the_same_command_allows_it(open_desk: OpenDesk, location: str) -> None:
    """Q189, Q43: `correct_result(leave_fide_mode=True)` leaves FIDE mode (level 4) and then corrects
    round 1 (level 4 outside FIDE mode), in one transaction; both are recorded, the correction as a
    breach written to the TRF."""
    ledger = _swiss(open_desk, location, 2)
    new = _other(ledger.round(1).results["1"])
    with pytest.raises(ConfirmationNeeded) as refused:
        ledger.correct_result(1, 1, new, "appeal upheld late", leave_fide_mode=True)
    assert refused.value.caution.question == "Q43"
    assert ledger.tournament().in_fide_mode
    with ledger.command(confirmed=True):
        ledger.correct_result(1, 1, new, "appeal upheld late", leave_fide_mode=True)
    state = _state(ledger)
    assert state.fide_mode_left_after == 3
    assert [(c.level, c.breach) for _, c in state.cautions] == [
        (Level.CONFIRM_TWICE, Breach.FIDE_MODE_LEFT),
        (Level.CONFIRM_TWICE, Breach.CORRECTION),
    ]
    assert ledger.round(1).results["1"] == new


def test_q190_no_checklist_warning_outside_a_fide_mode_tournament(open_desk: OpenDesk, location: str) -> None:
    """Q40: a tournament created outside FIDE mode is not asked the checklist's warnings."""
    ledger = _swiss(open_desk, location, 2, fide_mode=False)
    ledger.correct_result(1, 1, _other(ledger.round(1).results["1"]), "scoresheet")
    assert _state(ledger).cautions == []


def test_q113_a_correction_is_a_trf_line_in_the_tec_manual_format(open_desk: OpenDesk, sqlite_location: str) -> None:
    """Q113, Q190: the confirmed correction is written as `### Correction @ Round 2: ...`."""
    ledger = _swiss(open_desk, sqlite_location, 2)
    new = _other(ledger.round(2).results["2"])
    with ledger.command(confirmed=True):
        ledger.correct_result(2, 2, new, "arbiter's error")
    lines = trf_format(to_document(_state(ledger), 2, [])).splitlines()
    assert f"### Correction @ Round 2: correct round 2 board 2 to {new} (round 3 was paired from it)" in lines


def test_q112_changing_the_rounds_after_round_1_is_a_configuration_breach(open_desk: OpenDesk, location: str) -> None:
    """Q112, Q115: the number of rounds is what the last rounds are paired by; changing it after round 1
    is paired is a level 3 Configuration breach; before round 1 it is the set-up, without a warning."""
    ledger = _swiss(open_desk, location, -1)
    ledger.change_rounds(7, "a longer event")
    assert _state(ledger).cautions == []
    ledger.pair_next_round()
    with pytest.raises(ConfirmationNeeded) as refused:
        ledger.change_rounds(9, "longer still")
    assert refused.value.caution.breach is Breach.CONFIGURATION
    with ledger.command(confirmed=True):
        ledger.change_rounds(9, "longer still")
    [(_, caution)] = _state(ledger).cautions
    assert (caution.level, caution.breach, caution.round) == (Level.CONFIRM, Breach.CONFIGURATION, 1)
    assert ledger.tournament().rounds == 9


def _undone(ledger: Ledger) -> None:
    """Undo the last recorded breach, confirmed."""
    position = _state(ledger).cautions[-1][0]
    with ledger.command(confirmed=True):
        ledger.undo_breach(position, "entered by mistake")


UNDONE_BY_THEIR_OWN_COMMAND = ("rounds", "exchange", "tiebreaks")
"""Breaches whose undo is the command that made them, run again with the values of before (and its warning)."""


@pytest.mark.parametrize("kind", ["correction", "void", "rounds", "exchange", "tiebreaks"])
def test_q114_undo_restores_the_state_before_the_breach(open_desk: OpenDesk, location: str, kind: str) -> None:
    """Q114: for each kind `undo_breach` undoes, the standings and the next round's pairing input after
    the undo are those before the breach; the breach and its undo both stay in the log, the undo naming the
    breach it takes back, and neither is a `###` line of the TRF any more."""
    ledger = _swiss(open_desk, location, 2)
    before = _fingerprint(_state(ledger))
    length = ledger.position()
    with ledger.command(confirmed=True):
        if kind == "correction":
            ledger.correct_result(2, 3, _other(ledger.round(2).results["3"]), "misread")
        elif kind == "void":
            ledger.void_result(2, 3, "misread")
        elif kind == "exchange":
            ledger.exchange_numbers(1, 6, "numbers swapped at the desk")
        elif kind == "tiebreaks":
            ledger.change_tiebreaks(["SB", "BH"], "regulations misread")
        else:
            ledger.change_rounds(7, "longer")
    assert _fingerprint(_state(ledger)) != before or kind == "rounds"
    _undone(ledger)
    assert _fingerprint(_state(ledger)) == before
    assert ledger.tournament().rounds == 5
    assert ledger.position() > length + 2  # compensating events were appended; nothing was removed
    (breach_at, breach), (_, undo) = [
        (position, Caution.from_event(event.caution))
        for position, event in events_of(ledger, Tournament.CautionConfirmed)
    ]
    assert (undo.breach, undo.undoes) == (breach.breach, breach_at)
    assert kind in UNDONE_BY_THEIR_OWN_COMMAND or undo.text.startswith(f"undo the breach at position {breach_at}: ")
    assert _state(ledger).cautions == []  # the TRF's `###` lines are those of before the breach


def test_q114_an_undo_is_refused_once_the_board_changed_again(open_desk: OpenDesk, location: str) -> None:
    """Q114: a second undo of the same breach (the board is no longer as the breach left it) is refused."""
    ledger = _swiss(open_desk, location, 2)
    with ledger.command(confirmed=True):
        ledger.correct_result(2, 1, _other(ledger.round(2).results["1"]), "misread")
    position = _state(ledger).cautions[-1][0]
    _undone(ledger)
    with pytest.raises(RuleViolation, match="changed after the breach"), ledger.command(confirmed=True):
        ledger.undo_breach(position, "again")


def test_q114_undo_is_refused_for_what_is_not_a_breach(open_desk: OpenDesk, sqlite_location: str) -> None:
    """Q114, Q45: a position that is no breach, and leaving FIDE mode (never undone), are refused."""
    ledger = _swiss(open_desk, sqlite_location, 1)
    with pytest.raises(Exception, match="not a pairing-integrity-breaching event"):
        ledger.undo_breach(1, "no")
    with ledger.command(confirmed=True):
        ledger.leave_fide_mode("regulations")
    position = _state(ledger).cautions[-1][0]
    with pytest.raises(RuleViolation, match="is not undone here"), ledger.command(confirmed=True):
        ledger.undo_breach(position, "back in")


@settings(max_examples=12, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(board=st.integers(1, 3), result=st.sampled_from(RESULTS))
def test_q114_any_correction_of_the_previous_round_undoes_to_the_state_before(
    open_desk: OpenDesk, tmp_path_factory: pytest.TempPathFactory, board: int, result: str
) -> None:
    """Q114 as an invariant: whichever board of the previous round is corrected to whichever result, the
    undo gives back the standings and the pairing input of before."""
    ledger = _swiss(open_desk, str(tmp_path_factory.mktemp("undo") / "t.ledger"), 2)
    if ledger.round(2).results[str(board)] == result:
        return
    before = _fingerprint(_state(ledger))
    with ledger.command(confirmed=True):
        ledger.correct_result(2, board, result, "misread")
    _undone(ledger)
    assert _fingerprint(_state(ledger)) == before


def test_q192_a_rating_only_correction_leaves_pairing_and_standings(open_desk: OpenDesk, location: str) -> None:
    """Q192: a correction for the rating report only may concern any round, asks nothing, and changes
    neither the standings nor the pairing input; the rating report's state has it."""
    ledger = _swiss(open_desk, location, 2)
    before = _fingerprint(_state(ledger))
    new = _other(ledger.round(1).results["2"])
    assert ledger.correct_for_rating(1, 2, new, "rating officer's ruling") == new
    state = _state(ledger)
    assert _fingerprint(state) == before
    assert ledger.round(1).results["2"] != new
    assert rated(state).rounds[1].results[2].code == new
    assert _fingerprint(rated(state)) != before
    assert state.cautions == []


def test_q193_rating_only_corrections_survive_the_read_models_snapshot(
    open_desk: OpenDesk, sqlite_location: str
) -> None:
    """Q193: the read models' snapshot (taken every 500 events) keeps the corrections for the rating report,
    so a TRF written from it has their `###` lines."""
    from projections.snapshot import from_json, to_json

    ledger = _swiss(open_desk, sqlite_location, 2)
    ledger.correct_for_rating(1, 1, _other(ledger.round(1).results["1"]), "rating officer's ruling")
    state = _state(ledger)
    assert len(state.rating_corrections) == 1
    assert from_json(to_json(state)) == state


def test_q193_rating_only_corrections_are_trf_lines(open_desk: OpenDesk, sqlite_location: str) -> None:
    """Q193: each correction for the rating report is a `###` line; the rating report's 001 lines use it,
    the pairing file's do not."""
    ledger = _swiss(open_desk, sqlite_location, 2)
    recorded = ledger.round(1).results["1"]
    new = _other(recorded)
    ledger.correct_for_rating(1, 1, new, "rating officer's ruling")
    state = _state(ledger)
    pairing_file = trf_format(to_document(state, 2, []))
    report_file = trf_format(to_document(rated(state), 2, []))
    first, second = state.rounds[1].boards[0].first, state.rounds[1].boards[0].second
    line = (
        f"### Rating correction @ Round 1: board 1 {first}-{second} {new} for the rating report "
        f"(pairings and standings keep {recorded}): rating officer's ruling"
    )
    assert line in pairing_file.splitlines()
    assert line in report_file.splitlines()
    assert pairing_file != report_file


def test_q189_the_cli_correct_refuses_an_earlier_round_and_offers_the_ways_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q189, Q190, Q192 through the CLI: `arbiter correct` of the previous round needs --yes (exit 3
    without); of an earlier round it is refused (exit 3) until --leave-fide-mode --yes; --rating-only
    records the report's correction without asking."""
    where = ("--ledger", str(tmp_path / "open.ledger"))
    assert run(capsys, "new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "5", *where)[0] == 0
    for n in range(1, 7):
        assert run(capsys, "register", f"Player {n}", "--rating", str(2400 - 25 * n), *where)[0] == 0
    for number in (1, 2):
        assert run(capsys, "pair", *where)[0] == 0
        for board in (1, 2, 3):
            assert run(capsys, "result", str(number), str(board), "1/2", *where)[0] == 0
    assert run(capsys, "pair", *where)[0] == 0
    assert run(capsys, "correct", "2", "1", "1-0", "--reason", "misread", *where)[0] == exit_codes.REFUSED
    code, _, err = run(capsys, "correct", "2", "1", "1-0", "--reason", "misread", "--yes", *where)
    assert code == exit_codes.OK, err
    assert "warning (level 3, Q190)" in err
    code, _, err = run(capsys, "correct", "1", "1", "1-0", "--reason", "late", "--yes", *where)
    assert code == exit_codes.REFUSED
    assert "only the previous round (2) may be corrected" in err
    assert "A correction for the rating report alone changes neither pairings nor standings" in err
    assert '`arbiter leave-fide-mode --reason "..."`' in err
    code, _, err = run(capsys, "correct", "1", "1", "1-0", "--reason", "rating officer", "--rating-only", *where)
    assert code == exit_codes.OK, err
    code, _, err = run(capsys, "correct", "1", "1", "1-0", "--reason", "late", "--leave-fide-mode", "--yes", *where)
    assert code == exit_codes.OK, err
    summaries = [line["summary"] for line in json.loads(run(capsys, "log", "--format", "json", *where)[1])]
    assert any("Correction: correct round 1 board 1 to 1-0" in summary for summary in summaries)
    assert run(capsys, "log", *where)[1].startswith("NOT IN FIDE MODE (left after round 3)\n")


@pytest.mark.parametrize(("answers", "done"), [(["y"], True), (["n"], False)])
def test_q190_at_a_terminal_a_correction_of_the_previous_round_asks_once(
    open_desk: OpenDesk, tmp_path: Path, answers: list[str], done: bool
) -> None:
    """Q190, Q115 at a terminal: `arbiter correct` of the previous round shows its preview and the level 3
    warning together and asks once; "y" records the correction, "n" appends nothing."""
    from ledger.locations import DEFAULT_LEDGER
    from tests.ledger.test_fide_mode import _answered

    ledger = _swiss(open_desk, str(tmp_path / DEFAULT_LEDGER), 2)
    ledger.record_result(3, 1, "1/2")  # play has started in round 3: its pairing stays, nothing more is asked
    new = _other(ledger.round(2).results["1"])
    length = ledger.position()
    code, seen = _answered(answers, "correct", "2", "1", new, "--reason", "misread", cwd=tmp_path)
    assert seen.count("[y/N]") == 1, seen
    assert seen.count("were paired from the result this corrects") == 1
    assert "warning (level 3, Q190)" in seen
    assert code == (exit_codes.OK if done else exit_codes.REFUSED), seen
    assert (ledger.position() > length) is done


@pytest.mark.parametrize(("answers", "done"), [(["y", "y"], True), (["y", "n"], False)])
def test_q189_at_a_terminal_leaving_fide_mode_to_correct_still_asks_twice(
    open_desk: OpenDesk, tmp_path: Path, answers: list[str], done: bool
) -> None:
    """Q189, Q43 at a terminal: a correction of an earlier round with --leave-fide-mode is level 4: the
    preview and the warning, then the consequence asked again; the preview is shown once."""
    from ledger.locations import DEFAULT_LEDGER
    from tests.ledger.test_fide_mode import _answered

    ledger = _swiss(open_desk, str(tmp_path / DEFAULT_LEDGER), 2)
    ledger.record_result(3, 1, "1/2")
    new = _other(ledger.round(1).results["1"])
    code, seen = _answered(answers, "correct", "1", "1", new, "--reason", "late", "--leave-fide-mode", cwd=tmp_path)
    assert seen.count("[y/N]") == 2, seen
    assert seen.count("were paired from the result this corrects") == 1
    assert "warning (level 4, Q43)" in seen and "can never be entered again" in seen
    assert code == (exit_codes.OK if done else exit_codes.REFUSED), seen
    assert ledger.tournament().in_fide_mode is not done


def test_q113_players_in_the_recorded_lines_are_given_their_start_ranks(
    open_desk: OpenDesk, sqlite_location: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q113, Q193: the change, breach and rating-correction lines say what the log records, players by their
    numbers in the ledger; in a Swiss renumbered by rating at round 1 (registered lowest rating first, so
    number n has start rank 7 - n) one line after them gives each player's start rank, which the 001 lines
    number players by; the file imports again. Where the numbers are the start ranks, no such line."""
    ledger = open_desk(sqlite_location)
    ledger.create_tournament("Open", TournamentSettings.for_game(Game.CHESS, "dutch", 5, seed=11))
    ledger.register_players([PlayerDetails(f"Player {n}", rating=2000 + 25 * n) for n in range(1, 7)])
    for number in (1, 2):
        ledger.pair_next_round()
        for board in range(1, 4):
            ledger.record_result(number, board, RESULTS[board - 1])
    ledger.pair_next_round()
    with ledger.command(confirmed=True):
        ledger.correct_result(2, 2, _other(RESULTS[1]), "arbiter's error")
    ledger.correct_for_rating(1, 1, _other(RESULTS[0]), "rating officer's ruling")
    lines = trf_format(to_document(_state(ledger), 2, [])).splitlines()
    mapping = "### Players in the lines above are named by their numbers in the ledger; their start ranks: "
    assert lines.index(mapping + "1=6 2=5 3=4 4=3 5=2 6=1") > max(
        lines.index(line) for line in lines if line.startswith(("### Correction @", "### Rating correction @"))
    )
    written = tmp_path / "open.trf"
    written.write_text("\n".join(lines) + "\n")
    code, _, err = run(capsys, "import-trf", str(written), "--ledger", str(tmp_path / "copy.ledger"))
    assert code == exit_codes.OK, err
    swiss = _swiss(open_desk, str(tmp_path / "by-rating.ledger"), 2)
    swiss.correct_for_rating(1, 1, _other(swiss.round(1).results["1"]), "rating officer's ruling")
    assert not [line for line in trf_format(to_document(_state(swiss), 2, [])).splitlines() if mapping in line]
