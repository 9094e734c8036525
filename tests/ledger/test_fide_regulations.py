"""The checklist's rules for what is fixed before round 1 and what may change after it, with their warning
levels (docs/fide-mode.md): prohibited pairs (Q194-196), the tie-break list (Q201-202), the acceleration
(Q106-111) and pairing numbers (Q147-154, C.04.2 Art. 2.3). Run through the command service on SQLite and
PostgreSQL, and through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ledger.application import Ledger, PlayerDetails
from ledger.errors import ConfirmationNeeded, InvalidInput, RoundNotReady, RuleViolation
from ledger.fide_mode import Breach, Level
from ledger.ranking import RankingRule
from ledger.results import Game
from ledger.settings import TournamentSettings
from pairing.fide.acceleration import METHODS
from pairing.trf.writer import format as trf_format
from projections.history import pairing_input
from projections.standings import standings
from projections.state import TournamentState, fold
from tests.ledger.conftest import OpenDesk
from tests.tui.cli_support import run
from tui import exit_codes
from tui.cli.trf_ledger import to_document


def _state(ledger: Ledger) -> TournamentState:
    return fold(ledger.log_events())


def _swiss(open_desk: OpenDesk, location: str, players: int = 8, **more: object) -> Ledger:
    """A Dutch Swiss of 7 rounds in FIDE mode, player n rated 2400 - 10 n (so pairing number n)."""
    ledger = open_desk(location)
    ledger.create_tournament("Open", TournamentSettings.for_game(Game.CHESS, "dutch", 7, seed=11, **more))
    ledger.register_players([PlayerDetails(f"P{n}", rating=2400 - 10 * n) for n in range(1, players + 1)])
    return ledger


def _play(ledger: Ledger, rounds: int) -> None:
    """Pair `rounds` rounds, the first-named player winning every board."""
    for _ in range(rounds):
        pairing = ledger.pair_next_round()
        for board in range(1, len(pairing.boards) + 1):
            ledger.record_result(pairing.round, board, "1-0")


def _trf(ledger: Ledger) -> list[str]:
    state = _state(ledger)
    return trf_format(to_document(state, state.last_paired_round, [])).splitlines()


def _breaches(ledger: Ledger) -> list[tuple[Level, Breach | None, int]]:
    return [(c.level, c.breach, c.round) for _, c in _state(ledger).cautions]


# --- Q194-196 prohibited pairs ---------------------------------------------------------------------


def test_q194_q195_prohibited_pairs_entered_before_round_1_are_kept_apart(open_desk: OpenDesk, location: str) -> None:
    """Q194-195: a prohibited pair is entered before round 1 without a warning, and the engine keeps the
    two apart (round 1 of eight pairs 1-5 by C.04.3 when nothing forbids it)."""
    ledger = _swiss(open_desk, location)
    assert {frozenset((b.first, b.second)) for b in ledger.pair_next_round().boards} >= {frozenset((1, 5))}
    ledger.unpair(1, "to forbid 1-5 first")
    ledger.forbid(1, 5, "same family")
    assert ledger.notices == []
    paired = ledger.pair_next_round(reason="1 and 5 kept apart")
    assert frozenset((1, 5)) not in {frozenset((b.first, b.second)) for b in paired.boards}
    assert _breaches(ledger) == []


def test_q196_a_prohibited_pair_after_round_1_leaves_fide_mode_first(open_desk: OpenDesk, location: str) -> None:
    """Q196: once round 1 is paired a prohibited pair is refused in FIDE mode (level 5), nothing appended;
    after leaving FIDE mode it is a level 4 warning, recorded as a configuration change."""
    ledger = _swiss(open_desk, location)
    _play(ledger, 1)
    before = ledger.position()
    with pytest.raises(RuleViolation, match=r"not possible in FIDE mode \(Q196\)"):
        ledger.forbid(1, 2, "same family")
    assert ledger.position() == before
    with ledger.command(confirmed=True):
        ledger.leave_fide_mode("the organiser keeps families apart")
    with pytest.raises(ConfirmationNeeded) as asked:
        ledger.forbid(1, 2, "same family")
    assert asked.value.caution.level is Level.CONFIRM_TWICE
    with ledger.command(confirmed=True):
        ledger.forbid(1, 2, "same family")
    assert _state(ledger).forbidden == [(1, 2)]
    assert _breaches(ledger)[-1] == (Level.CONFIRM_TWICE, Breach.CONFIGURATION, 1)


def test_q196_outside_the_fide_systems_a_pair_is_kept_apart_at_any_time(
    open_desk: OpenDesk, sqlite_location: str
) -> None:
    """Q196 concerns tournaments in FIDE mode: one created outside it (club chess, backgammon, Scrabble)
    keeps two players apart after round 1 without a warning."""
    ledger = _swiss(open_desk, sqlite_location, fide_mode=False)
    _play(ledger, 1)
    ledger.forbid(1, 2, "same family")
    assert ledger.notices == [] and _state(ledger).forbidden == [(1, 2)]


# --- Q201-202 the tie-break list ---------------------------------------------------------------------


def test_q201_changing_the_tiebreaks_after_the_start_is_a_level_4_warning(open_desk: OpenDesk, location: str) -> None:
    """Q201: before round 1 the list changes freely; after it the change asks twice with the consequence
    stated, and unconfirmed appends nothing. The standings then rank by the new list."""
    ledger = _swiss(open_desk, location)
    ledger.change_tiebreaks(["SB", "BH"], "as announced")
    assert ledger.notices == [] and _breaches(ledger) == []
    _play(ledger, 1)
    before = ledger.position()
    with pytest.raises(ConfirmationNeeded) as asked:
        ledger.change_tiebreaks(["WIN", "BH-C1"], "the regulations were misread")
    assert asked.value.caution.level is Level.CONFIRM_TWICE
    assert "previous list SB,BH" in str(asked.value) and "Q202" in asked.value.caution.consequence
    assert ledger.position() == before
    with ledger.command(confirmed=True):
        ledger.change_tiebreaks(["WIN", "BH-C1"], "the regulations were misread")
    state = _state(ledger)
    assert state.require_settings().tiebreaks == ("WIN", "BH-C1")
    assert [code for code, _ in standings(state)[0].tiebreaks] == ["WIN", "BH-C1"]
    with pytest.raises(InvalidInput, match="unknown tie-break"):
        ledger.change_tiebreaks(["NOPE"], "typo")


def test_q202_the_change_is_a_trf_line_with_the_round_and_the_previous_list(
    open_desk: OpenDesk, sqlite_location: str
) -> None:
    """Q202: the TRF export writes the change as a `###` line with the round and the previous list."""
    ledger = _swiss(open_desk, sqlite_location)
    _play(ledger, 2)
    with ledger.command(confirmed=True):
        ledger.change_tiebreaks(["SB"], "regulations")
    assert (
        "### Tie-breaks changed @ Round 2: tie-breaks changed to SB after round 2; previous list BH-C1,BH,SB,DE,WIN"
        in _trf(ledger)
    )


def test_q201_the_cli_refuses_without_yes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Q201 through the CLI: `arbiter tiebreaks` shows the list; a change after round 1 without --yes is
    refused (exit 3) with the consequence, and with --yes is done."""
    at = ("--ledger", str(tmp_path / "t.ledger"))
    assert run(capsys, "new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "5", *at)[0] == 0
    for n in range(1, 5):
        assert run(capsys, "register", f"P{n}", "--rating", str(2000 - n), *at)[0] == 0
    assert run(capsys, "pair", *at)[0] == 0
    code, out, _ = run(capsys, "tiebreaks", *at)
    assert code == exit_codes.OK and out.splitlines()[0].startswith("BH-C1\tBuchholz Cut-1")
    code, _, err = run(capsys, "tiebreaks", "SB,BH", "--reason", "regulations", *at)
    assert code == exit_codes.REFUSED and "warning (level 4, Q201)" in err and "add --yes" in err
    assert run(capsys, "tiebreaks", "SB,BH", "--reason", "regulations", "--yes", *at)[0] == exit_codes.OK
    assert run(capsys, "tiebreaks", *at)[1].splitlines()[0].startswith("SB\t")


# --- Q106-111 acceleration ----------------------------------------------------------------------------


def test_q106_baku_acceleration_set_before_round_1_pairs_group_a_apart(open_desk: OpenDesk, location: str) -> None:
    """Q106 (C.04.5): with Baku, group A is the first 2 ceil(N/4) = 6 of 12 players, each with a virtual
    point in round 1, so round 1 pairs inside the groups: 1-4, 2-5, 3-6 and 7-10, 8-11, 9-12."""
    ledger = _swiss(open_desk, location, players=12)
    ledger.change_acceleration("baku", reason="regulations 3.2")
    boards = {frozenset((b.first, b.second)) for b in ledger.pair_next_round().boards}
    assert boards == {frozenset(p) for p in ((1, 4), (2, 5), (3, 6), (7, 10), (8, 11), (9, 12))}


def test_q108_every_methods_rules_can_be_printed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Q108: the rules of every acceleration method are printed by `arbiter acceleration --help`, and the
    tournament's own method with the virtual points it gives by `arbiter acceleration`."""
    with pytest.raises(SystemExit):
        run(capsys, "acceleration", "--help")
    text = " ".join(capsys.readouterr().out.split())
    for name, rules in METHODS.items():
        assert f"{name}: {rules}" in text
    at = ("--ledger", str(tmp_path / "t.ledger"))
    new = ("new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "9", "--option", "acceleration=baku")
    assert run(capsys, *new, *at)[0] == 0
    for n in range(1, 5):
        assert run(capsys, "register", f"P{n}", "--rating", str(2000 - n), *at)[0] == 0
    code, out, _ = run(capsys, "acceleration", *at)
    assert code == exit_codes.OK and " ".join(out.split()).startswith(f"baku: {METHODS['baku']}")
    # 9 rounds: 5 accelerated, +1 in rounds 1-3, +0.5 in 4-5, for group A = the first 2 ceil(4/4) = 2
    assert "1: 1 1, 2 1, 3 1, 4 0.5, 5 0.5" in out and "2: 1 1, 2 1, 3 1, 4 0.5, 5 0.5" in out
    assert "\n  3:" not in out


def test_q109_q110_the_acceleration_does_not_change_after_round_1(open_desk: OpenDesk, location: str) -> None:
    """Q109-110: once round 1 is paired the method can be neither removed nor changed, by the setting or by a
    round's own options (level 5: refused in FIDE mode, nothing appended)."""
    ledger = _swiss(open_desk, location, options={"acceleration": "baku"})
    _play(ledger, 1)
    before = ledger.position()
    with pytest.raises(RuleViolation, match=r"from baku to none after round 1.*\(Q109\)"):
        ledger.change_acceleration("none", reason="too many draws")
    with pytest.raises(RuleViolation, match=r"\(Q109\)"):
        ledger.pair_next_round(options={"acceleration": "none"})
    assert ledger.position() == before
    assert pairing_input(_state(ledger), 2).option("acceleration") == "baku"


def test_an_unknown_or_unapplied_acceleration_is_refused(open_desk: OpenDesk, sqlite_location: str) -> None:
    """Only the methods the engines apply are taken (docs/fide-mode.md, "Q106-111 Acceleration"): an
    unknown name, or a method for a system whose engine applies none (Dubov), is refused before anything
    is recorded."""
    with pytest.raises(InvalidInput, match="unknown acceleration 'rapid'"):
        TournamentSettings.for_game(Game.CHESS, "dutch", 9, options={"acceleration": "rapid"})
    with pytest.raises(InvalidInput, match="'3:1' is not player:round:points"):
        TournamentSettings.for_game(
            Game.CHESS, "dutch", 9, options={"acceleration": "explicit", "virtual_points": "3:1"}
        )
    ledger = open_desk(sqlite_location)
    ledger.create_tournament("Open", TournamentSettings.for_game(Game.CHESS, "dubov", 9))
    with pytest.raises(InvalidInput, match="dubov engine applies no acceleration"):
        ledger.change_acceleration("baku", reason="regulations")


def test_the_explicit_acceleration_takes_checked_virtual_points(open_desk: OpenDesk, location: str) -> None:
    """The explicit method (TRF-2026 250, XXA) takes its virtual points from the arbiter, checked before
    anything is recorded; the engine then adds them to the pairing score."""
    ledger = _swiss(open_desk, location)
    before = ledger.position()
    with pytest.raises(InvalidInput, match="needs its virtual points"):
        ledger.change_acceleration("explicit", reason="regulations")
    with pytest.raises(InvalidInput, match="'x' is not a number of points"):
        ledger.change_acceleration("explicit", "8:1:x", reason="regulations")
    assert ledger.position() == before
    ledger.change_acceleration("explicit", "8:1:1,7:1:1", reason="regulations")
    boards = {frozenset((b.first, b.second)) for b in ledger.pair_next_round().boards}
    assert frozenset((7, 8)) in boards  # alone in the top scoregroup with a virtual point each


# --- Q147-154 pairing numbers --------------------------------------------------------------------------


def test_q148_an_exchange_before_round_1_needs_no_warning(open_desk: OpenDesk, location: str) -> None:
    """Q148-154: before round 1 two pairing numbers are exchanged with a reason and nothing else."""
    ledger = _swiss(open_desk, location)
    ledger.exchange_numbers(1, 2, "ratings entered the wrong way round")
    state = _state(ledger)
    assert (state.ranking()[1], state.ranking()[2]) == (2, 1)
    assert state.ranking_rule().endswith("numbers exchanged: 1 and 2")
    assert ledger.notices == [] and _breaches(ledger) == []


def test_q148_an_exchange_after_round_1_is_a_level_3_warning_and_a_trf_line(open_desk: OpenDesk, location: str) -> None:
    """Q148-154: after round 1 an exchange asks once (level 3); confirmed, it is recorded as a TPN exchange
    and written to the TRF."""
    ledger = _swiss(open_desk, location)
    _play(ledger, 1)
    with pytest.raises(ConfirmationNeeded) as asked:
        ledger.exchange_numbers(3, 4, "ratings entered the wrong way round")
    assert asked.value.caution.level is Level.CONFIRM
    with ledger.command(confirmed=True):
        ledger.exchange_numbers(3, 4, "ratings entered the wrong way round")
    ranking = _state(ledger).ranking()
    assert (ranking[3], ranking[4]) == (4, 3)
    assert _breaches(ledger) == [(Level.CONFIRM, Breach.NUMBER_EXCHANGE, 1)]
    if location.endswith(".ledger"):
        assert "### TPN Exchange @ Round 1: pairing numbers of players 3 and 4 exchanged after round 1" in _trf(ledger)


def test_q148_a_regeneration_after_round_1_is_a_level_4_warning(open_desk: OpenDesk, location: str) -> None:
    """Q148-154: after round 1 a correction that reorders the initial ranking (C.04.2 2.2) regenerates the
    pairing numbers: a level 4 warning; `renumber --rule fide` regenerates them too, undoing exchanges."""
    ledger = _swiss(open_desk, location)
    _play(ledger, 2)
    with pytest.raises(ConfirmationNeeded) as asked:
        ledger.correct_player(8, {"rating": 2500}, "rating list of November")
    assert asked.value.caution.level is Level.CONFIRM_TWICE
    with ledger.command(confirmed=True):
        ledger.correct_player(8, {"rating": 2500}, "rating list of November")
    assert _state(ledger).ranking()[8] == 1
    ledger.correct_player(8, {"federation": "NOR"}, "federation missing")  # no reordering: no warning
    with ledger.command(confirmed=True):
        ledger.exchange_numbers(1, 2, "wrong data")
        ledger.renumber(RankingRule.FIDE, "undo the exchange")
    ranking = _state(ledger).ranking()
    assert (ranking[1], ranking[2]) == (2, 3)
    assert [breach for _, breach, _ in _breaches(ledger)] == [
        Breach.RENUMBERING,
        Breach.NUMBER_EXCHANGE,
        Breach.RENUMBERING,
    ]


def test_q148_pairing_numbers_never_change_after_round_4(open_desk: OpenDesk, sqlite_location: str) -> None:
    """Q148-154 (C.04.2 Art. 2.3): "no modification of a TPN ... after the fourth round has been paired":
    exchange and renumbering are refused, and a rating correction no longer moves anyone."""
    ledger = _swiss(open_desk, sqlite_location)
    _play(ledger, 4)
    before = _state(ledger).ranking()
    with pytest.raises(RuleViolation, match="after round 4"), ledger.command(confirmed=True):
        ledger.exchange_numbers(1, 2, "too late")
    with pytest.raises(RuleViolation, match="after round 4"), ledger.command(confirmed=True):
        ledger.renumber(RankingRule.FIDE, "too late")
    ledger.correct_player(8, {"rating": 2500}, "rating list of November")
    assert _state(ledger).ranking() == before
    assert ledger.notices == []


def test_q147_a_round_robin_keeps_its_table_numbers(open_desk: OpenDesk, sqlite_location: str) -> None:
    """Q147: pairing numbers change after round 1 in a Swiss only; a round robin's are its table places."""
    ledger = open_desk(sqlite_location)
    ledger.create_tournament("RR", TournamentSettings.for_game(Game.CHESS, "round-robin", 3, fide_mode=True))
    ledger.register_players([PlayerDetails(f"P{n}", rating=2000 - n) for n in range(1, 5)])
    ledger.pair_next_round()
    with pytest.raises(RoundNotReady, match="round-robin keeps the pairing numbers"), ledger.command(confirmed=True):
        ledger.exchange_numbers(1, 2, "wrong data")


def test_q106_the_trf_carries_the_acceleration(
    open_desk: OpenDesk, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q106: the TRF export writes the acceleration's virtual points as TRF-2026 ``250`` records (7 rounds,
    4 accelerated: group A, pairing numbers 1-6 of 12, +1 in rounds 1-2 and +0.5 in rounds 3-4), and a
    ledger imported from it pairs the next round as the original does."""
    ledger = _swiss(open_desk, str(tmp_path / "a.ledger"), players=12)
    ledger.change_acceleration("baku", reason="regulations")
    _play(ledger, 2)
    lines = _trf(ledger)
    assert [line for line in lines if line.startswith("250")] == [
        line
        for player in range(1, 7)
        for line in (
            f"250       1.0   1   2 {player:>4} {player:>4}",
            f"250       0.5   3   4 {player:>4} {player:>4}",
        )
    ]
    source = tmp_path / "a.trf"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert run(capsys, "import-trf", str(source), "--ledger", str(tmp_path / "b.ledger"))[0] == exit_codes.OK
    copy = open_desk(str(tmp_path / "b.ledger"))
    original, again = ledger.pair_next_round(), copy.pair_next_round()
    assert [(b.first, b.second) for b in again.boards] == [(b.first, b.second) for b in original.boards]


def test_q199_the_cli_takes_de_p_and_ks_limit_codes_and_refuses_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q199 at the command line: `--tiebreaks` takes DE-P (C.07 6.1.1) and KS with a Limit (14.5), `arbiter
    tiebreaks` says what each means, and an ill-formed Limit is refused (exit 4, nothing appended) naming
    the valid codes; the standings show each code's values and the TRF export writes them as record 202."""
    at = ("--ledger", str(tmp_path / "t.ledger"))
    new = ("new", "Club", "--game", "chess", "--system", "round-robin", "--rounds", "3")
    code, _, err = run(capsys, *new, "--tiebreaks", "DE-P,KS-L101", *at)
    assert code == exit_codes.BAD_INPUT and "unknown tie-break code(s) KS-L101; valid codes: " in err
    assert "KS-L<p>, KS-L+<n>, KS-L-<n>" in err
    assert run(capsys, *new, "--tiebreaks", "DE-P,KS-L60,KS-L-1", *at)[0] == exit_codes.OK
    code, out, _ = run(capsys, "tiebreaks", *at)
    assert code == exit_codes.OK
    assert out.splitlines() == [
        "NOT IN FIDE MODE",  # Q46: a chess round robin is not in FIDE mode unless it opts in
        "DE-P\tDirect Encounter with forfeits counted as played (C.07 6.1.1, MTB26 /P)",
        "KS-L60\tKoya System for Round Robin, limit 60 % of the maximum (C.07 9.2, 14.5)",
        "KS-L-1\tKoya System for Round Robin, limit 50 % of the maximum, moved by -1 x a draw's points "
        "(C.07 9.2, 14.5)",
    ]
    position = run(capsys, "log", *at)[1].count("\n")
    assert run(capsys, "tiebreaks", "KS-L+", "--reason", "typo", *at)[0] == exit_codes.BAD_INPUT
    assert run(capsys, "log", *at)[1].count("\n") == position
    for name in ("A", "B", "C", "D"):
        assert run(capsys, "register", name, *at)[0] == exit_codes.OK
    assert run(capsys, "pair", *at)[0] == exit_codes.OK
    code, out, _ = run(capsys, "standings", "--format", "json", *at)
    assert code == exit_codes.OK and all(
        {"DE-P", "KS-L60", "KS-L-1"} <= set(row["tiebreaks"]) for row in json.loads(out)["rows"]
    )
    code, out, _ = run(capsys, "export-trf", *at)
    assert code == exit_codes.OK and "202 DE/P,KS/L60,KS/L-1" in out.splitlines()
