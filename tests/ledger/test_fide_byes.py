"""Byes, withdrawals and board order as the checklist asks them (docs/fide-mode.md, Q170-188): withdrawn
players marked in the standings, the half-point bye limit and the players who may not take one, full-point
byes for individuals (deprecated, recorded), and the recommended board order of C.04.2 3.6 with the
acceleration's virtual points (docs/research/fide/02-C0402-general-handling-rules.md)."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from ledger.application import Ledger, PlayerDetails
from ledger.errors import ConfirmationNeeded, InvalidInput, RuleViolation
from ledger.fide_mode import Breach, Level
from ledger.results import Game
from ledger.settings import TournamentSettings
from pairing.model import ByeKind
from pairing.trf.writer import format as trf_format
from projections.history import entrants
from projections.state import TournamentState, fold
from tests.ledger.conftest import OpenDesk
from tests.tui.cli_support import run
from tests.tui.test_trf_import import line, write
from tui import exit_codes
from tui.cli.trf_ledger import to_document
from tui.web.site import create_app
from tui.wiring import open_ledger


def _state(ledger: Ledger) -> TournamentState:
    return fold(ledger.log_events())


def _swiss(
    open_desk: OpenDesk, location: str, players: int = 8, rounds: int = 7, system: str = "dutch", **more: object
) -> Ledger:
    """A Swiss (Dutch by default) in FIDE mode (unless `fide_mode=False`), player n rated 2400 - 10 n."""
    ledger = open_desk(location)
    ledger.create_tournament("Open", TournamentSettings.for_game(Game.CHESS, system, rounds, seed=5, **more))
    ledger.register_players([PlayerDetails(f"P{n}", rating=2400 - 10 * n) for n in range(1, players + 1)])
    return ledger


def _play(ledger: Ledger, rounds: int, results: random.Random | None = None) -> None:
    """Pair `rounds` rounds; results drawn from `results` (the first-named player wins without it)."""
    for _ in range(rounds):
        pairing = ledger.pair_next_round()
        for board in range(1, len(pairing.boards) + 1):
            result = results.choice(("1-0", "0-1", "1/2")) if results else "1-0"
            ledger.record_result(pairing.round, board, result)


# --- Q170 withdrawn players in the standings ------------------------------------------------------------


def test_q170_withdrawn_players_are_marked_in_the_standings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Q170: a withdrawn player stays in the standings, marked so in the CLI's table and JSON and on the
    public site."""
    location = str(tmp_path / "t.ledger")
    ledger, views = open_ledger(location, "arbiter", create=True)
    ledger.create_tournament("Open", TournamentSettings.for_game(Game.CHESS, "dutch", 5, seed=5))
    ledger.register_players([PlayerDetails(f"P{n}", rating=2400 - 10 * n) for n in range(1, 5)])
    _play(ledger, 1)
    ledger.withdraw(4, None, "illness")
    views.catch_up()
    views.close()
    ledger.close()
    code, out, _ = run(capsys, "standings", "--ledger", location)
    assert code == exit_codes.OK and "P4 (withdrawn)" in out and "P3 (withdrawn)" not in out
    code, out, _ = run(capsys, "standings", "--format", "json", "--ledger", location)
    assert '"withdrawn": true' in out.replace('"withdrawn":true', '"withdrawn": true')
    reader_ledger, reader = open_ledger(location, "public")
    with TestClient(create_app(reader)) as site:
        page = site.get("/standings").text
    reader.close()
    reader_ledger.close()
    assert page.count("(withdrawn)") == 1 and page.index("P4") < page.index("(withdrawn)")


# --- Q174-176 half-point byes ----------------------------------------------------------------------------


def test_q174_a_second_half_point_bye_is_a_level_3_warning(open_desk: OpenDesk, location: str) -> None:
    """Q174: in FIDE mode a player's second half-point bye asks for confirmation (level 3) instead of being
    refused silently; unconfirmed, nothing is appended; confirmed, the warning is in the log."""
    ledger = _swiss(open_desk, location)
    ledger.request_bye(8, 2, ByeKind.HALF_POINT)
    assert ledger.notices == []
    before = ledger.position()
    with pytest.raises(ConfirmationNeeded) as asked:
        ledger.request_bye(8, 3, ByeKind.HALF_POINT)
    assert asked.value.caution.level is Level.CONFIRM and asked.value.caution.question == "Q174"
    assert "number 2, over the tournament's limit of 1" in str(asked.value)
    assert ledger.position() == before
    with ledger.command(confirmed=True):
        ledger.request_bye(8, 3, ByeKind.HALF_POINT)
    state = _state(ledger)
    assert state.requested_byes[3] == {8: ByeKind.HALF_POINT}
    assert [(c.level, c.question) for _, c in state.cautions] == [(Level.CONFIRM, "Q174")]


def test_q174_the_limit_counts_byes_given_in_paired_rounds_and_is_a_setting(
    open_desk: OpenDesk, sqlite_location: str
) -> None:
    """Q174: the limit is the tournament's `max_half_byes` (else one in FIDE mode, none outside it), and a
    half-point bye given in a paired round (a late entry's) counts."""
    ledger = _swiss(open_desk, sqlite_location, players=7, options={"max_half_byes": "2"})
    _play(ledger, 1)
    ledger.register_players([PlayerDetails("Late", rating=1500)])
    ledger.request_bye(8, 1, ByeKind.HALF_POINT, reason="late entry")  # round 1 is paired: given at once
    ledger.request_bye(8, 2, ByeKind.HALF_POINT)
    with pytest.raises(ConfirmationNeeded, match="number 3, over the tournament's limit of 2"):
        ledger.request_bye(8, 3, ByeKind.HALF_POINT)
    with pytest.raises(InvalidInput, match="max_half_byes must be a whole number"):
        TournamentSettings.for_game(Game.CHESS, "dutch", 7, options={"max_half_byes": "two"})


def test_q174_an_imported_files_second_half_point_bye_asks_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q174 at import: a TRF whose player took a half-point bye in round 1 and requests another for the next
    round asks for confirmation (exit 3, no ledger left behind); `import-trf --yes` imports it, warning
    recorded."""
    source = write(
        tmp_path,
        "012 Requests",
        "XXR 5",
        line(1, "1.5", "   2 w 1  0000 - H  0000 - H"),
        line(2, "0.0", "   1 b 0     3 w 0"),
        line(3, "1.0", "0000 - H     2 b 1"),
    )
    ledger = tmp_path / "t.ledger"
    code, _, err = run(capsys, "import-trf", str(source), "--ledger", str(ledger))
    assert code == exit_codes.REFUSED and "warning (level 3, Q174)" in err and not ledger.exists()
    assert run(capsys, "import-trf", str(source), "--ledger", str(ledger), "--yes")[0] == exit_codes.OK
    assert "confirmed warning (level 3, Q174)" in run(capsys, "log", "--ledger", str(ledger))[1]


def test_q174_outside_fide_mode_there_is_no_default_limit(open_desk: OpenDesk, sqlite_location: str) -> None:
    ledger = _swiss(open_desk, sqlite_location, fide_mode=False)
    for round_number in (1, 2, 3):
        ledger.request_bye(8, round_number, ByeKind.HALF_POINT)
    assert _state(ledger).cautions == []


def test_q175_q176_a_player_flagged_no_half_bye_is_refused_one(open_desk: OpenDesk, location: str) -> None:
    """Q175-176: a player may be flagged as not eligible for a half-point bye (a player detail, with its
    ground); their half-point bye is refused, requested or given, while a zero-point bye is not."""
    ledger = _swiss(open_desk, location, players=7)
    ledger.register_players([PlayerDetails("Free entry", rating=2500, no_half_bye="free entry")])
    before = ledger.position()
    with pytest.raises(RuleViolation, match=r"may not take a half-point bye \(free entry; Q175\)"):
        ledger.request_bye(8, 2, ByeKind.HALF_POINT)
    assert ledger.position() == before
    ledger.request_bye(8, 2, ByeKind.ZERO_POINT)
    ledger.correct_player(7, {"no_half_bye": "conditions"}, "invited player")
    _play(ledger, 1)
    with pytest.raises(RuleViolation, match=r"\(conditions; Q175\)"):
        ledger.request_bye(7, 3, ByeKind.HALF_POINT)
    assert _state(ledger).players[7].no_half_bye == "conditions"


# --- Q177-179 full-point byes ----------------------------------------------------------------------------


def test_q177_a_full_point_bye_is_a_deprecated_warning_and_a_trf_line(
    open_desk: OpenDesk, sqlite_location: str
) -> None:
    """Q177-179: a full-point bye for an individual is allowed with a level 2 ("deprecated") warning, no
    confirmation asked, recorded as a breach and written to the TRF as a `###` line with its round."""
    ledger = _swiss(open_desk, sqlite_location)
    ledger.request_bye(3, 2, ByeKind.FULL_POINT)
    [warning] = ledger.notices
    assert (warning.level, warning.question, warning.breach) == (Level.ACKNOWLEDGE, "Q177", Breach.FULL_POINT_BYE)
    assert "deprecated" in warning.text
    state = _state(ledger)
    assert state.requested_byes[2] == {3: ByeKind.FULL_POINT}
    lines = trf_format(to_document(state, 0, [])).splitlines()
    assert (
        "### Full-point bye @ Round 2: full-point bye for player 3 in round 2 (deprecated for individual players)"
        in lines
    )


def test_q177_a_full_point_bye_given_in_a_paired_round_is_recorded_too(open_desk: OpenDesk, location: str) -> None:
    """Q177-179: the full-point bye of a player on no board of a paired round (a late entry) warns and is recorded
    the same way, in the same transaction as the bye."""
    ledger = _swiss(open_desk, location, players=7)
    _play(ledger, 1)
    ledger.register_players([PlayerDetails("Late", rating=1500)])
    ledger.request_bye(8, 1, ByeKind.FULL_POINT, reason="late entry, regulations 4.2")
    state = _state(ledger)
    assert any(bye.player == 8 and bye.kind is ByeKind.FULL_POINT for bye in state.rounds[1].byes)
    assert [(c.breach, c.round) for _, c in state.cautions] == [(Breach.FULL_POINT_BYE, 1)]


# --- Q187-188 board order ---------------------------------------------------------------------------------


def _virtual(tpn: int, round_number: int, players: int, rounds: int) -> float:
    """C.04.5 Baku (docs/research/fide/07-baku-acceleration.md, "Formulas"): group A is pairing numbers 1 to
    2 ceil(N/4); +1 in the first ceil(ceil(R/2)/2) rounds, +0.5 in the rest of the ceil(R/2)."""
    accelerated = math.ceil(rounds / 2)
    if tpn > 2 * math.ceil(players / 4) or round_number > accelerated:
        return 0.0
    return 1.0 if round_number <= math.ceil(accelerated / 2) else 0.5


def _board_keys(state: TournamentState, round_number: int, accelerated: bool) -> list[tuple[float, float, int]]:
    """Each board's C.04.2 3.6 key: the score of the higher-ranked player (the higher pairing score, then the
    lower pairing number), the sum of both scores, the pairing number of the higher-ranked player; scores
    before the round from the standings' data, plus Baku's virtual points."""
    settings = state.require_settings()
    ranking = state.ranking()
    score = {e.number: e.score for e in entrants(state, round_number - 1, round_number)}
    if accelerated:
        for number in score:
            score[number] += _virtual(ranking[number], round_number, len(ranking), settings.rounds)
    keys = []
    for board in state.rounds[round_number].boards:
        top = min((board.first, board.second), key=lambda n: (-score[n], ranking[n]))
        keys.append((-score[top], -(score[board.first] + score[board.second]), ranking[top]))
    return keys


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("system", ["dutch", "dubov", "burstein"])
def test_q187_boards_are_ordered_by_higher_score_then_sum_then_lower_number(
    open_desk: OpenDesk, sqlite_location: str, system: str, seed: int
) -> None:
    """Q187 (C.04.2 3.6): in every round, board order is the higher score of the pair, then the sum of both
    scores, then the pairing number of the higher-ranked player (the lower of the two where scores are
    equal)."""
    ledger = _swiss(open_desk, sqlite_location, players=12, rounds=5, system=system)
    _play(ledger, 5, random.Random(seed))
    state = _state(ledger)
    for round_number in range(1, 6):
        keys = _board_keys(state, round_number, accelerated=False)
        assert keys == sorted(keys), f"round {round_number}"


@pytest.mark.parametrize("system", ["dutch", "burstein"])
def test_q188_under_acceleration_the_board_order_counts_the_virtual_points(
    open_desk: OpenDesk, tmp_path: Path, system: str
) -> None:
    """Q188: with Baku the board order uses real plus virtual points; by real points alone it would differ
    (so the order does count them)."""
    differs = False
    for seed in (1, 2, 3):
        location = str(tmp_path / f"{seed}.ledger")
        ledger = _swiss(open_desk, location, players=12, rounds=5, system=system, options={"acceleration": "baku"})
        _play(ledger, 5, random.Random(seed))
        state = _state(ledger)
        for round_number in range(1, 6):
            keys = _board_keys(state, round_number, accelerated=True)
            assert keys == sorted(keys), f"seed {seed}, round {round_number}"
            real = _board_keys(state, round_number, accelerated=False)
            differs = differs or real != sorted(real)
    assert differs


def test_q177_q174_through_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Q177 and Q174 through the CLI: a full-point bye is recorded with its level 2 warning printed; a second
    half-point bye is refused without --yes (exit 3, nothing appended) and recorded with it; a player
    registered with --no-half-bye is refused one."""
    at = ("--ledger", str(tmp_path / "t.ledger"))
    assert run(capsys, "new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "5", *at)[0] == 0
    for n in range(1, 4):
        assert run(capsys, "register", f"P{n}", "--rating", str(2000 - n), *at)[0] == 0
    assert run(capsys, "register", "Guest", "--no-half-bye", "free entry", *at)[0] == 0
    code, _, err = run(capsys, "bye", "1", "--round", "2", "--kind", "full", *at)
    assert code == exit_codes.OK and "warning (level 2, Q177)" in err and "deprecated" in err
    assert run(capsys, "bye", "2", "--round", "2", "--kind", "half", *at)[0] == exit_codes.OK
    code, _, err = run(capsys, "bye", "2", "--round", "3", "--kind", "half", *at)
    assert code == exit_codes.REFUSED and "warning (level 3, Q174)" in err and "add --yes" in err
    assert "half-point bye in round 3" not in run(capsys, "log", *at)[1]
    assert run(capsys, "bye", "2", "--round", "3", "--kind", "half", "--yes", *at)[0] == exit_codes.OK
    assert "half-point bye in round 3" in run(capsys, "log", *at)[1]
    code, _, err = run(capsys, "bye", "4", "--round", "2", "--kind", "half", *at)
    assert code == exit_codes.REFUSED and "free entry" in err


def test_q170_a_withdrawal_cannot_take_effect_before_a_round_the_player_is_paired_in(
    open_desk: OpenDesk, location: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """C.04.2 3.2 ("withdrawn players are no longer paired"): after round 2 is paired, a withdrawal of a
    player on a board of round 2 from round 1 is refused, naming the round and the ways out, and nothing is
    appended; from round 2 (the round in play) or 3 it is taken; the CLI says the same with exit 4."""
    ledger = _swiss(open_desk, location, players=6, rounds=4)
    _play(ledger, 1)
    ledger.pair_next_round()
    position = ledger.position()
    with pytest.raises(InvalidInput, match="player 3 is paired in round 2: a withdrawal from round 1") as refused:
        ledger.withdraw(3, 1, "left the venue")
    assert [remedy.round for remedy in refused.value.remedies] == [2, 2]
    assert ledger.position() == position
    ledger.withdraw(3, 2, "left the venue")
    assert _state(ledger).players[3].withdrawn_from == 2
    ledger.reenter(3, None, "came back")
    ledger.withdraw(3, 3, "left again")
    assert _state(ledger).players[3].withdrawn_from == 3
    path = tmp_path / "cli.ledger"
    cli = _swiss(open_desk, str(path), players=6, rounds=4)
    _play(cli, 1)
    cli.pair_next_round()
    code, _, err = run(capsys, "withdraw", "4", "--from-round", "1", "--reason", "ill", "--ledger", str(path))
    assert code == exit_codes.BAD_INPUT
    assert "player 4 is paired in round 2" in err
    assert "Traceback" not in err


def test_q170_a_reentry_from_a_later_round_than_the_next_to_pair_is_refused(open_desk: OpenDesk, location: str) -> None:
    """C.04.2 3.2: a re-entered player is paired again from the next round (the state keeps no later start),
    so a re-entry from a later round is refused, naming the round it would take effect from, and nothing is
    appended: the player stays withdrawn and is not paired in round 2; from the next round it is taken."""
    ledger = _swiss(open_desk, location, players=6, rounds=5)
    _play(ledger, 1)
    ledger.withdraw(3, None, "ill")
    position = ledger.position()
    with pytest.raises(InvalidInput, match="paired again from round 2, the next to pair") as refused:
        ledger.reenter(3, 4, "back for round 4")
    assert "recorded when round 4 is the next to pair" in str(refused.value)
    assert ledger.position() == position
    assert all(3 not in (board.first, board.second) for board in ledger.pair_next_round().boards)
    ledger.unpair(2, "the re-entry comes first", "")
    with pytest.raises(InvalidInput, match="paired again from round 2, the next to pair"):
        ledger.reenter(3, 4, "back for round 4")
    ledger.reenter(3, 2, "back")
    assert any(3 in (b.first, b.second) for b in ledger.pair_next_round(force_reason="re-entry").boards)
