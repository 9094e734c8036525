"""Adjourned games (docs/fide-mode.md, "Q157-169 Adjourned games"; C.04.2 3.1, "adjourned games count as
draws for pairing purposes only", docs/research/fide/02-C0402-general-handling-rules.md): adjourned by the
arbiter or by pairing over missing results, a draw for the engines until the result comes, a warning and a
`### Adjournment` line for a result other than a draw, and no final standings nor TRF while one waits."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.application import Ledger, PlayerDetails
from ledger.domain import Round
from ledger.errors import ConfirmationNeeded, InvalidInput, RoundNotReady
from ledger.fide_mode import Breach, Level
from ledger.results import Game
from ledger.settings import TournamentSettings
from pairing.model import Outcome
from pairing.registry import engine_for
from projections.history import pairing_input
from projections.standings import standings
from tests.ledger.conftest import OpenDesk, arbiter, events_of, fold_of
from tui import exit_codes


def _swiss(open_desk: OpenDesk, location: str, system: str = "dutch", players: int = 8) -> Ledger:
    """Round 1 paired by `system`, every board decided but the last, which has no result yet."""
    ledger = open_desk(location)
    ledger.create_tournament("Open", TournamentSettings.for_game(Game.CHESS, system, 5, seed=7))
    ledger.register_players([PlayerDetails(f"Player {n}", rating=2400 - 10 * n) for n in range(1, players + 1)])
    ledger.pair_next_round()
    boards = len(ledger.round(1).boards)
    for board in range(1, boards):
        ledger.record_result(1, board, "1-0" if board % 2 else "0-1")
    return ledger


@pytest.mark.parametrize("system", ["dutch", "dubov", "burstein"])
def test_q157_an_adjourned_game_counts_as_a_draw_for_pairing(open_desk: OpenDesk, tmp_path: Path, system: str) -> None:
    """Q157 (C.04.2 3.1): the engines see an adjourned game as a draw: round 2 is the pairing that a
    draw entered on that board gives, from the same histories."""
    adjourned = _swiss(open_desk, str(tmp_path / "adjourned.ledger"), system)
    drawn = _swiss(open_desk, str(tmp_path / "drawn.ledger"), system)
    last = len(adjourned.round(1).boards)
    adjourned.adjourn(1, last, "adjourned at move 61")
    drawn.record_result(1, last, "1/2")
    request, with_draw = pairing_input(fold_of(adjourned), 2), pairing_input(fold_of(drawn), 2)
    assert request == with_draw
    first, second = adjourned.round(1).boards[last - 1]
    assert request.player(first).history[0].outcome is Outcome.DRAW
    assert request.player(first).score == request.player(second).score == 0.5
    assert adjourned.pair_next_round().boards == drawn.pair_next_round().boards
    assert engine_for(system).pair(request).boards == engine_for(system).pair(with_draw).boards


def test_q157_an_adjournment_is_recorded_and_refused_where_it_cannot_be(open_desk: OpenDesk, location: str) -> None:
    """Q157: `adjourn` records the game with its reason; a game with a result, one adjourned already, or a
    game that is not chess is refused with nothing appended."""
    ledger = _swiss(open_desk, location)
    last = len(ledger.round(1).boards)
    ledger.adjourn(1, last, "adjourned at move 61")
    ((_, event),) = events_of(ledger, Round.GameAdjourned)
    assert (event.board, event.reason) == (last, "adjourned at move 61")
    before = ledger.position()
    with pytest.raises(InvalidInput, match="adjourned already"):
        ledger.adjourn(1, last, "again")
    with pytest.raises(InvalidInput, match="only a game without a result"):
        ledger.adjourn(1, 1, "finished")
    assert ledger.position() == before


def test_q157_only_a_chess_game_is_adjourned(open_desk: OpenDesk, sqlite_location: str) -> None:
    """Q157: an adjourned game counts as a draw, which a backgammon match does not have."""
    ledger = open_desk(sqlite_location)
    ledger.create_tournament("Cup", TournamentSettings.for_game(Game.BACKGAMMON, "ibf-swiss", 3, seed=7))
    ledger.register_players([PlayerDetails(name) for name in ("Ann", "Ben")])
    ledger.pair_next_round()
    with pytest.raises(InvalidInput, match="only a chess game"):
        ledger.adjourn(1, 1, "tomorrow")


def test_q159_pairing_over_missing_results_adjourns_them(open_desk: OpenDesk, tmp_path: Path) -> None:
    """Q159: refused without --force (the message says the games will be adjourned); forced, the games
    without a result are adjourned in the pairing's transaction, before the engine reads its input: the
    round is paired as with a draw entered, and `reproduce` finds the same pairing from the recorded input."""
    from projections.views import ReadModels

    ledger = _swiss(open_desk, str(tmp_path / "forced.ledger"))
    drawn = _swiss(open_desk, str(tmp_path / "drawn.ledger"))
    last = len(ledger.round(1).boards)
    with pytest.raises(RoundNotReady, match="pairing anyway adjourns them"):
        ledger.pair_next_round()
    paired = ledger.pair_next_round(force_reason="board 4 adjourned at move 61")
    drawn.record_result(1, last, "1/2")
    assert paired.boards == drawn.pair_next_round().boards
    assert [event.board for _, event in events_of(ledger, Round.GameAdjourned)] == [last]
    assert ledger.round(1).adjourned_pending == [last]
    ((adjourned_at, _),) = events_of(ledger, Round.GameAdjourned)
    (published,) = [event for position, event in events_of(ledger, Round.Paired) if position > adjourned_at]
    assert published.input_position >= adjourned_at
    recorded = ReadModels.open(ledger).as_recorded(2)
    assert engine_for("dutch").pair(pairing_input(recorded, 2)).boards == paired.boards


def test_q160_the_adjournment_at_pairing_is_a_level_2_warning(open_desk: OpenDesk, location: str) -> None:
    """Q160: the adjourned boards are named in a level 2 warning: the pairing goes on, the arbiter is told."""
    ledger = _swiss(open_desk, location)
    ledger.pair_next_round(force_reason="board 4 adjourned")
    ((question, level, text),) = [(c.question, c.level, c.text) for c in ledger.notices]
    assert (question, level) == ("Q160", Level.ACKNOWLEDGE)
    assert text.startswith("round 1 board(s) 4 adjourned")


def test_q162_the_result_of_an_adjourned_game_is_entered_at_any_time(open_desk: OpenDesk, location: str) -> None:
    """Q162: two rounds later the adjourned game's draw is entered without a question."""
    ledger = _swiss(open_desk, location)
    ledger.pair_next_round(force_reason="board 4 adjourned")
    for board in range(1, 5):
        ledger.record_result(2, board, "1/2")
    ledger.pair_next_round()
    assert ledger.record_result(1, 4, "1/2") == "1/2"
    assert ledger.notices == []
    assert ledger.round(1).adjourned_pending == []


def test_q163_a_result_other_than_a_draw_is_level_3_and_an_adjournment_line(open_desk: OpenDesk, location: str) -> None:
    """Q163: a decisive result for an adjourned game is a level 3 warning (unconfirmed, nothing appended);
    confirmed, it is recorded and the TRF has `### Adjournment @ Round 1: ...`."""
    from pairing.trf.writer import format as trf_format
    from tui.cli.trf_ledger import to_document

    ledger = _swiss(open_desk, location)
    ledger.pair_next_round(force_reason="board 4 adjourned")
    before = ledger.position()
    with pytest.raises(ConfirmationNeeded) as refused:
        ledger.record_result(1, 4, "0-1")
    assert (refused.value.caution.level, refused.value.caution.breach) == (Level.CONFIRM, Breach.ADJOURNMENT)
    assert ledger.position() == before
    with ledger.command(confirmed=True):
        ledger.record_result(1, 4, "0-1")
    lines = trf_format(to_document(fold_of(ledger), 1, [])).splitlines()
    assert (
        "### Adjournment @ Round 1: board 4 was adjourned and counted as a draw for pairing; its result is 0-1" in lines
    )


def test_q167_the_provisional_score_is_a_draw(open_desk: OpenDesk, location: str) -> None:
    """Q167: until its result is in, an adjourned game scores a draw for both players, and nothing else."""
    ledger = _swiss(open_desk, location)
    ledger.adjourn(1, 4, "adjourned")
    first, second = ledger.round(1).boards[3]
    points = {row.number: row.score for row in standings(fold_of(ledger))}
    assert points[first] == points[second] == 0.5


def test_q168_an_adjourned_game_before_the_last_completed_round_is_level_2(open_desk: OpenDesk, location: str) -> None:
    """Q168: pairing round 3 while a round 1 game is still adjourned is a level 2 warning naming it."""
    ledger = _swiss(open_desk, location)
    ledger.pair_next_round(force_reason="board 4 adjourned")
    ledger.notices.clear()
    for board in range(1, 5):
        ledger.record_result(2, board, "1/2")
    ledger.pair_next_round()
    assert [(c.question, c.level, c.round) for c in ledger.notices] == [("Q168", Level.ACKNOWLEDGE, 1)]


def _finished_with_an_adjourned_game(cwd: Path) -> None:
    """A 2-round Swiss with every round paired and every result in but round 1 board 2's, adjourned."""
    assert arbiter("new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "2", cwd=cwd).returncode == 0
    for name in ("Ann", "Ben", "Cid", "Dan"):
        assert arbiter("register", name, cwd=cwd).returncode == 0
    assert arbiter("pair", cwd=cwd).returncode == 0
    assert arbiter("result", "1", "1", "1-0", cwd=cwd).returncode == 0
    adjourned = arbiter("adjourn", "1", "2", "--reason", "adjourned at move 41", cwd=cwd)
    assert adjourned.returncode == 0, adjourned.stderr
    assert arbiter("pair", cwd=cwd).returncode == 0


def test_q161_final_standings_wait_for_every_result(tmp_path: Path) -> None:
    """Q161 through the CLI: with every round paired, the standings are the final ones and are refused
    (exit 3) while a game has no result, naming it; once the results are in they are produced."""
    _finished_with_an_adjourned_game(tmp_path)
    for command in (("standings",), ("print", "standings", "-o", "standings.html")):
        missing = arbiter(*command, cwd=tmp_path)
        assert missing.returncode == exit_codes.REFUSED, command
        assert "round 2 board 1, round 2 board 2" in missing.stderr
    assert not (tmp_path / "standings.html").exists()
    for board in ("1", "2"):
        assert arbiter("result", "2", board, "1/2", cwd=tmp_path).returncode == 0
    assert "round 1 board 2 (adjourned)" in arbiter("standings", cwd=tmp_path).stderr
    assert arbiter("result", "1", "2", "1/2", cwd=tmp_path).returncode == 0
    rows = json.loads(arbiter("standings", "--format", "json", cwd=tmp_path).stdout)
    assert len(rows["rows"]) == 4


def test_q169_the_rating_report_waits_for_the_adjourned_result(tmp_path: Path) -> None:
    """Q169 through the CLI: the rating report's TRF is refused (exit 3) while an adjourned game has no result,
    naming it, and written once the result is in."""
    _finished_with_an_adjourned_game(tmp_path)
    refused = arbiter("export-trf", "--rating-report", cwd=tmp_path)
    assert refused.returncode == exit_codes.REFUSED
    assert "the rating report's TRF must wait for the result of round 1 board 2 (adjourned)" in refused.stderr
    assert arbiter("result", "1", "2", "1/2", cwd=tmp_path).returncode == 0
    written = arbiter("export-trf", "--rating-report", cwd=tmp_path)
    assert written.returncode == 0, written.stderr
    assert written.stdout.startswith("012 Open")


def _round_entries(trf: str, round_number: int) -> dict[int, str]:
    """Start rank -> the round's 001 entry (opponent, colour, result: cols 92-99 + 10 (r - 1))."""
    start = 91 + 10 * (round_number - 1)
    return {int(line[4:8]): line[start : start + 8] for line in trf.splitlines() if line.startswith("001")}


def test_q164_q165_an_adjourned_game_is_written_with_a_question_mark_and_162_x(tmp_path: Path) -> None:
    """Q164-165 through the CLI: the TRF-2026 export writes an adjourned game without its result as `?` for
    both players, opponent and colour as paired, with record 162 giving `X` a draw's points (docs/trf.md,
    "Adjourned games"); the round is reported, as the rounds played before it."""
    _finished_with_an_adjourned_game(tmp_path)
    written = arbiter("export-trf", cwd=tmp_path)
    assert written.returncode == 0, written.stderr
    round_1 = _round_entries(written.stdout, 1)
    question_marks = {rank: entry for rank, entry in round_1.items() if entry.endswith("?")}
    assert len(question_marks) == 2
    [white] = [rank for rank, entry in question_marks.items() if entry[5] == "w"]
    [black] = [rank for rank, entry in question_marks.items() if entry[5] == "b"]
    assert (int(question_marks[white][:4]), int(question_marks[black][:4])) == (black, white)
    [scoring] = [line for line in written.stdout.splitlines() if line.startswith("162")]
    assert scoring.split()[1:] == ["W", "1.0", "D", "0.5", "L", "0.0", "A", "0.0", "P", "1.0", "X", "0.5"]
    assert arbiter("result", "1", "2", "1-0", "--yes", cwd=tmp_path).returncode == 0
    after = arbiter("export-trf", cwd=tmp_path).stdout
    assert not any(entry.endswith("?") for entry in _round_entries(after, 1).values())
    assert not any(line.startswith("162") for line in after.splitlines())


def test_q166_an_imported_question_mark_is_an_adjourned_game_without_result(tmp_path: Path) -> None:
    """Q166: the importer reads `?` as an unknown result: the game is paired, adjourned, without a result, a
    draw for pairing; exported again it is `?` again."""
    _finished_with_an_adjourned_game(tmp_path)
    exported = tmp_path / "open.trf"
    assert arbiter("export-trf", "-o", str(exported), cwd=tmp_path).returncode == 0
    copy = ("--ledger", str(tmp_path / "copy.ledger"))
    imported = arbiter("import-trf", str(exported), *copy, cwd=tmp_path)
    assert imported.returncode == 0, imported.stderr
    [board] = [
        b
        for b in json.loads(arbiter("pairings", "1", "--format", "json", *copy, cwd=tmp_path).stdout)["boards"]
        if b["result"] is None
    ]
    log = [line["summary"] for line in json.loads(arbiter("log", "--format", "json", *copy, cwd=tmp_path).stdout)]
    assert any(f"board {board['board']}" in summary and "adjourned" in summary for summary in log), log
    again = arbiter("export-trf", *copy, cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert _round_entries(again.stdout, 1) == _round_entries(exported.read_text(), 1)


def test_q157_check_notes_an_adjourned_game_without_blocking(open_desk: OpenDesk, location: str) -> None:
    """Q157 in `arbiter check`: an adjourned game does not stand in the way of the next pairing (a note);
    a game without a result that is not adjourned does."""
    from projections.checks import Severity, pre_pairing_checks

    ledger = _swiss(open_desk, location)
    (blocking,) = [f for f in pre_pairing_checks(fold_of(ledger)) if f.subject == "round 1 board 4"]
    assert blocking.severity is Severity.BLOCKS
    ledger.adjourn(1, 4, "adjourned")
    (note,) = [f for f in pre_pairing_checks(fold_of(ledger)) if f.subject == "round 1 board 4"]
    assert note.severity is Severity.NOTE and "adjourned" in note.message


def test_q163_the_adjournment_line_survives_the_read_models_snapshot(open_desk: OpenDesk, sqlite_location: str) -> None:
    """Q163 (and every `###` line of Q113): the read models' snapshot of the fold keeps the recorded warnings,
    the adjourned boards, the round FIDE mode was left after and the report details, so a TRF written from
    a snapshot (taken every 500 events) has the same lines as one written from the whole log."""
    from projections.snapshot import from_json, to_json

    ledger = _swiss(open_desk, sqlite_location)
    ledger.change_details({"city": "Oslo"}, "from the regulations")
    ledger.pair_next_round(force_reason="board 4 adjourned")
    ledger.adjourn(2, 1, "adjourned")
    with ledger.command(confirmed=True):
        ledger.record_result(1, 4, "1-0")
        ledger.leave_fide_mode("regulations")
    state = fold_of(ledger)
    assert [c.question for _, c in state.cautions] == ["Q163", "Q43"] and state.rounds[2].adjourned == [1]
    assert from_json(to_json(state)) == state


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(results=st.lists(st.sampled_from(["1-0", "0-1", "1/2", "adjourned"]), min_size=4, max_size=4))
def test_q157_an_adjourned_game_is_a_draw_whatever_else_happened(
    tmp_path_factory: pytest.TempPathFactory, results: list[str]
) -> None:
    """Q157, Q167 as an invariant: whatever the other results of round 1, the engines' input for round 2
    with some games adjourned is the input with a draw entered for each of them."""
    from tui.wiring import open_ledger

    folder = tmp_path_factory.mktemp("adjourned")
    inputs = []
    for name, adjourned_as in (("adjourned", None), ("drawn", "1/2")):
        ledger, _ = open_ledger(str(folder / f"{name}.ledger"), "arbiter", create=True)
        ledger.create_tournament("Open", TournamentSettings.for_game(Game.CHESS, "dutch", 5, seed=7))
        ledger.register_players([PlayerDetails(f"Player {n}", rating=2400 - 10 * n) for n in range(1, 9)])
        ledger.pair_next_round()
        for board, result in enumerate(results, start=1):
            if result != "adjourned":
                ledger.record_result(1, board, result)
            elif adjourned_as is None:
                ledger.adjourn(1, board, "adjourned")
            else:
                ledger.record_result(1, board, adjourned_as)
        inputs.append(pairing_input(fold_of(ledger), 2))
        ledger.close()
    assert inputs[0] == inputs[1]


def test_q166_the_pairing_checker_reads_a_question_mark_as_a_draw_for_pairing() -> None:
    """Q166 in `arbiter-pair` (pairing.trf.convert): an unknown result `?` is a game played and counted as a
    draw for pairing (C.04.2 3.1), in the file's point system."""
    from pairing.model import Scoring
    from pairing.trf import format, parse
    from pairing.trf.convert import points_for, round_record
    from pairing.trf.document import Colour, ResultCode, RoundEntry

    entry = RoundEntry(opponent=2, colour=Colour.WHITE, result=ResultCode.UNKNOWN)
    record = round_record(1, entry, Scoring(draw=1.0))
    assert (record.played, record.outcome, record.points) == (True, Outcome.DRAW, 1.0)
    assert points_for(entry, Scoring()) == 0.5
    line = "001    1      Ann                                                                0.5          2 w ?"
    [player] = parse(f"012 Open\n{line}\n").players
    assert player.rounds[0].result is ResultCode.UNKNOWN
    assert format(parse(f"012 Open\n{line}\n")).splitlines()[1] == line
