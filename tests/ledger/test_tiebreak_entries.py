"""Ties the tie-break list leaves: places shared (Q203), an order of tied players decided by the arbiter
(Q205), an external tie-break value entered by the arbiter, EXT (Q207). FIDE C.07 Art. 3 (play-offs),
4.1 (tie-breaks the regulations define), 4.2 (lots when the list is exhausted); docs/fide-mode.md."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ledger.application import Ledger, PlayerDetails
from ledger.domain import Tournament
from ledger.errors import InvalidInput, ReasonRequired, Remedy, RemedyAction, RuleViolation, UnknownPlayer
from ledger.results import Game
from ledger.settings import TournamentSettings
from pairing.trf.writer import format as trf_format
from projections.snapshot import from_json, to_json
from projections.standings import StandingRow, standings
from projections.state import TournamentState, fold
from tests.ledger.conftest import OpenDesk
from tests.tui.cli_support import run
from tui import exit_codes
from tui.cli.trf_ledger import to_document


def _state(ledger: Ledger) -> TournamentState:
    return fold(ledger.log_events())


def _rows(ledger: Ledger) -> list[StandingRow]:
    return standings(_state(ledger))


def _drawn_round(open_desk: OpenDesk, location: str, tiebreaks: tuple[str, ...]) -> Ledger:
    """A round robin of four (1-4, 2-3 in round 1), both games drawn: all four equal on score and WIN."""
    ledger = open_desk(location)
    settings = TournamentSettings.for_game(Game.CHESS, "round-robin", 3, seed=5, tiebreaks=tiebreaks)
    ledger.create_tournament("Club", settings)
    ledger.register_players([PlayerDetails(name) for name in ("A", "B", "C", "D")])
    pairing = ledger.pair_next_round()
    for board in range(1, len(pairing.boards) + 1):
        ledger.record_result(pairing.round, board, "1/2")
    return ledger


def _cli_places(capsys: pytest.CaptureFixture[str], at: tuple[str, ...]) -> list[tuple[str, int]]:
    """(place as shown, player) of each row of `arbiter standings --format json`."""
    code, out, _ = run(capsys, "standings", "--format", "json", *at)
    assert code == exit_codes.OK
    return [(row.get("place") or str(row["rank"]), row["number"]) for row in json.loads(out)["rows"]]


def _cli_club(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, tiebreaks: str, names: tuple[str, ...]
) -> tuple[str, ...]:
    """A 3-round chess round robin made through the CLI with `tiebreaks` and `names` registered; its
    `--ledger` arguments."""
    at = ("--ledger", str(tmp_path / "t.ledger"))
    new = ("new", "Club", "--game", "chess", "--system", "round-robin", "--rounds", "3", "--tiebreaks", tiebreaks)
    assert run(capsys, *new, *at)[0] == 0
    for name in names:
        assert run(capsys, "register", name, *at)[0] == 0
    return at


def _places(ledger: Ledger) -> list[tuple[int, int, str]]:
    return [(row.number, row.rank, row.place) for row in _rows(ledger)]


# --- Q203: ties stand ---------------------------------------------------------------------------------


def test_q203_players_equal_on_everything_share_the_place_shown_as_a_range(
    open_desk: OpenDesk, sqlite_location: str
) -> None:
    """Q203: without LOT in the list, C.07 Arts. 1-4 leave the tie standing: players equal on score and
    every tie-break share the place, its rank and the range "1-4"."""
    ledger = _drawn_round(open_desk, sqlite_location, ("WIN",))
    assert _places(ledger) == [(1, 1, "1-4"), (2, 1, "1-4"), (3, 1, "1-4"), (4, 1, "1-4")]


def test_q203_with_lot_in_the_list_lots_break_the_tie(open_desk: OpenDesk, sqlite_location: str) -> None:
    """Q203's other choice, C.07 4.2: LOT at the end of the list draws lots, so no place is shared."""
    ledger = _drawn_round(open_desk, sqlite_location, ("WIN", "LOT"))
    rows = _rows(ledger)
    assert [row.rank for row in rows] == [1, 2, 3, 4] and all(row.place == "" for row in rows)


def test_q203_the_cli_standings_print_the_shared_place(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    at = _cli_club(capsys, tmp_path, "WIN", ("A", "B", "C", "D"))
    assert run(capsys, "pair", *at)[0] == 0
    assert run(capsys, "result", "1", "1", "1-0", *at)[0] == 0
    assert run(capsys, "result", "1", "2", "1/2", *at)[0] == 0
    assert [place for place, _ in _cli_places(capsys, at)] == ["1", "2-3", "2-3", "4"]


# --- Q207: external tie-break values --------------------------------------------------------------------


def test_q207_an_entered_value_ranks_its_player_and_others_count_0(open_desk: OpenDesk, sqlite_location: str) -> None:
    """Q207: EXT reads the value the arbiter entered (C.07 Art. 3, a play-off's outcome); players without
    one count 0; a later entry replaces the value and records the one it replaced."""
    ledger = _drawn_round(open_desk, sqlite_location, ("WIN", "EXT"))
    ledger.enter_tiebreak_value(3, "1.5", "play-off for first place 1.5-0.5")
    rows = _rows(ledger)
    assert [(row.number, row.place, dict(row.tiebreaks)["EXT"]) for row in rows] == [
        (3, "", 1.5),
        (1, "2-4", 0.0),
        (2, "2-4", 0.0),
        (4, "2-4", 0.0),
    ]
    ledger.enter_tiebreak_value(3, "-0.5", "the play-off result was entered the wrong way round")
    assert [row.number for row in _rows(ledger)][-1] == 3
    entered = [e for _, e in ledger.log_events() if isinstance(e, Tournament.TiebreakValueEntered)]
    assert [(e.number, e.value, e.previous) for e in entered] == [(3, 1.5, None), (3, -0.5, 1.5)]
    assert entered[0].reason == "play-off for first place 1.5-0.5"


def test_q207_bad_values_are_refused_and_nothing_is_appended(open_desk: OpenDesk, sqlite_location: str) -> None:
    ledger = _drawn_round(open_desk, sqlite_location, ("EXT",))
    position = ledger.position()
    for value, message in (
        ("abc", "must be a number"),
        ("1e9", "must be a number"),
        ("100001", "out of range: it must be from -100000 to 100000"),
        ("nan", "must be a number"),
    ):
        with pytest.raises(InvalidInput, match=message):
            ledger.enter_tiebreak_value(1, value, "play-off")
    with pytest.raises(UnknownPlayer):
        ledger.enter_tiebreak_value(9, "1", "play-off")
    with pytest.raises(ReasonRequired):
        ledger.enter_tiebreak_value(1, "1", " ")
    with pytest.raises(InvalidInput, match="control character"):
        ledger.enter_tiebreak_value(1, "1", "play\x07off")
    ledger.enter_tiebreak_value(1, "2", "play-off")
    with pytest.raises(InvalidInput, match="already 2"):
        ledger.enter_tiebreak_value(1, "2.0", "again")
    assert ledger.position() == position + 1


def test_q207_the_cli_enters_a_value_and_refuses_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    at = _cli_club(capsys, tmp_path, "EXT", ("A", "B"))
    code, _, err = run(capsys, "tiebreak-value", "2", "x1", "--reason", "play-off", *at)
    assert code == exit_codes.BAD_INPUT and "must be a number" in err and "Traceback" not in err
    code, _, err = run(capsys, "tiebreak-value", "7", "1", "--reason", "play-off", *at)
    assert code == exit_codes.REFUSED and "no player number 7" in err
    with pytest.raises(SystemExit) as usage:  # --reason is required
        run(capsys, "tiebreak-value", "2", "1", *at)
    assert usage.value.code == exit_codes.USAGE
    code, out, err = run(capsys, "log", "--format", "csv", *at)
    assert "external tie-break" not in out
    code, _, err = run(capsys, "tiebreak-value", "2", "1", "--reason", "armageddon won", *at)
    assert code == exit_codes.OK and "EXT) is now 1" in err
    assert "2's external tie-break value (EXT) 1 (was none)" in run(capsys, "log", *at)[1]


# --- Q205: tied players ranked by hand --------------------------------------------------------------------


def test_q205_the_arbiters_order_ranks_tied_players_and_is_marked(open_desk: OpenDesk, sqlite_location: str) -> None:
    """Q205: players equal on score and every tie-break are ranked in the arbiter's order, marked "*"; a
    later order naming any of them replaces it; clearing lets the tie stand again."""
    ledger = _drawn_round(open_desk, sqlite_location, ("WIN", "EXT"))
    ledger.enter_tiebreak_value(3, "1", "play-off")
    ledger.rank_tied([4, 2, 1], "regulations 6.4: the chief arbiter decides")
    assert _places(ledger) == [(3, 1, ""), (4, 2, "2*"), (2, 3, "3*"), (1, 4, "4*")]
    ledger.rank_tied([1, 4], "appeal 1 upheld")
    assert _state(ledger).tied_rankings == ((1, 4),)
    assert _places(ledger) == [(3, 1, ""), (1, 2, "2*"), (4, 3, "3*"), (2, 4, "")]
    ledger.rank_tied([], "a play-off instead")
    assert _places(ledger)[1:] == [(1, 2, "2-4"), (2, 2, "2-4"), (4, 2, "2-4")]


def test_q205_the_order_comes_before_lots(open_desk: OpenDesk, sqlite_location: str) -> None:
    """Q205 with C.07 4.2: the arbiter's order ranks players equal on everything before LOT; lots break
    only the ties left."""
    ledger = _drawn_round(open_desk, sqlite_location, ("WIN", "LOT"))
    by_lot = [row.number for row in _rows(ledger)]
    wanted = list(reversed(by_lot))
    ledger.rank_tied(wanted[:2], "chief arbiter")
    rows = _rows(ledger)
    assert [row.number for row in rows[:2]] == wanted[:2]
    assert [row.number for row in rows[2:]] == [n for n in by_lot if n not in wanted[:2]]
    assert [row.place for row in rows] == ["1*", "2*", "", ""]


def test_q205_players_not_tied_are_refused_naming_why(open_desk: OpenDesk, sqlite_location: str) -> None:
    ledger = _drawn_round(open_desk, sqlite_location, ("WIN", "EXT"))
    ledger.enter_tiebreak_value(3, "1", "play-off")
    position = ledger.position()
    with pytest.raises(RuleViolation, match="players 1, 3 are not tied: 1 has EXT 0 and 3 has EXT 1") as refused:
        ledger.rank_tied([1, 3], "chief arbiter")
    assert refused.value.remedies == (Remedy(RemedyAction.SEE_STANDINGS),)
    with pytest.raises(InvalidInput, match="at least two players"):
        ledger.rank_tied([1], "chief arbiter")
    with pytest.raises(InvalidInput, match="named twice"):
        ledger.rank_tied([1, 2, 1], "chief arbiter")
    with pytest.raises(InvalidInput, match="nothing to clear"):
        ledger.rank_tied([], "chief arbiter")
    with pytest.raises(UnknownPlayer):
        ledger.rank_tied([1, 9], "chief arbiter")
    with pytest.raises(ReasonRequired):
        ledger.rank_tied([1, 2], "")
    assert ledger.position() == position


def test_q205_the_cli_ranks_refuses_and_clears(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    at = _cli_club(capsys, tmp_path, "WIN", ("A", "B", "C", "D"))
    assert run(capsys, "pair", *at)[0] == 0
    assert run(capsys, "result", "1", "1", "1-0", *at)[0] == 0
    assert run(capsys, "result", "1", "2", "1/2", *at)[0] == 0
    code, _, err = run(capsys, "rank-tied", "1", "2", "--reason", "chief arbiter", *at)
    assert code == exit_codes.REFUSED and "1 has 1 points and 2 has 0.5" in err
    assert run(capsys, "rank-tied", "--clear", "2", "--reason", "x", *at)[0] == exit_codes.USAGE
    code, _, err = run(capsys, "rank-tied", "3", "2", "--reason", "chief arbiter", *at)
    assert code == exit_codes.OK
    assert _cli_places(capsys, at) == [("1", 1), ("2*", 3), ("3*", 2), ("4", 4)]
    assert run(capsys, "rank-tied", "--clear", "--reason", "play-off held", *at)[0] == exit_codes.OK
    assert _cli_places(capsys, at) == [("1", 1), ("2-3", 2), ("2-3", 3), ("4", 4)]


def test_q205_the_refusal_of_players_not_tied_gives_the_remedy_that_shows_who_is_tied(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A refusal says what is wrong and what to do (docs/design.md, "Refusals and remedies"): for players
    not tied, the standings that show who is; the command line it prints runs and shows them."""
    at = _cli_club(capsys, tmp_path, "WIN", ("A", "B", "C", "D"))
    assert run(capsys, "pair", *at)[0] == 0
    assert run(capsys, "result", "1", "1", "1-0", *at)[0] == 0
    assert run(capsys, "result", "1", "2", "1/2", *at)[0] == 0
    code, _, err = run(capsys, "rank-tied", "1", "2", "--reason", "chief arbiter", *at)
    assert code == exit_codes.REFUSED
    assert "see the standings: who is equal on score and every tie-break: `arbiter standings`" in err
    code, out, _ = run(capsys, "standings", *at)
    assert code == exit_codes.OK and "2-3" in out


# --- the TRF ------------------------------------------------------------------------------------------------


def _trf_lines(ledger: Ledger) -> list[str]:
    state = _state(ledger)
    return trf_format(to_document(state, state.last_paired_round, [])).splitlines()


def test_q207_the_trf_carries_the_value_as_a_comment_line(open_desk: OpenDesk, sqlite_location: str) -> None:
    """TRF-2026 has no field for an entered tie-break value: it is a `###` line, players by start rank."""
    ledger = _drawn_round(open_desk, sqlite_location, ("WIN", "EXT"))
    ledger.enter_tiebreak_value(3, "1.5", "play-off")
    lines = _trf_lines(ledger)
    assert "### Tie-break value EXT: player 3 1.5" in lines
    assert {int(line[4:8]): int(line[85:89]) for line in lines if line.startswith("001")} == {3: 1, 1: 2, 2: 2, 4: 2}


def test_q205_the_trf_carries_the_order_as_a_comment_line_and_in_the_ranks(
    open_desk: OpenDesk, sqlite_location: str
) -> None:
    """TRF-2026 has no field for an order of tied players: it is a `###` line; the player lines' rank
    column gives the places it decided."""
    ledger = _drawn_round(open_desk, sqlite_location, ("WIN", "EXT"))
    ledger.enter_tiebreak_value(3, "1.5", "play-off")
    ledger.rank_tied([4, 2], "chief arbiter")
    lines = _trf_lines(ledger)
    assert "### Tied players ranked by the arbiter: 4 2" in lines
    assert {int(line[4:8]): int(line[85:89]) for line in lines if line.startswith("001")} == {3: 1, 4: 2, 2: 3, 1: 4}


def test_q205_entries_survive_the_read_models_snapshot(open_desk: OpenDesk, sqlite_location: str) -> None:
    """The fold's snapshot (`projections.snapshot`) keeps the entered values and orders, so a new process
    that starts from it ranks as the log does."""
    ledger = _drawn_round(open_desk, sqlite_location, ("WIN", "EXT"))
    ledger.enter_tiebreak_value(3, "1.5", "play-off")
    ledger.rank_tied([4, 2], "chief arbiter")
    state = _state(ledger)
    again = from_json(to_json(state))
    assert (again.external_tiebreaks, again.tied_rankings) == ({3: 1.5}, ((4, 2),))
    assert [(r.number, r.place) for r in standings(again)] == [(r.number, r.place) for r in standings(state)]
