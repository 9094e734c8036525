"""Pairing a round by hand in FIDE mode (docs/fide-mode.md, "Q64-69 Manual pairing"): an explicit start and
end kept in the log, the Basic Rules' warnings at each board (Q66-67), and at the end the comparison with
the engine's pairing of the same round, a level 4 warning recorded as an MPA (Q68-69). Run through the
command service on SQLite and PostgreSQL, and through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ledger.application import Ledger, PlayerDetails
from ledger.domain import Round, Tournament
from ledger.errors import ConfirmationNeeded, InvalidInput, RoundNotReady
from ledger.fide_mode import Breach, Caution, Level
from ledger.hand_pairing import board_cautions, bye_cautions
from ledger.results import Game
from ledger.settings import TournamentSettings
from pairing.model import Board, ByeKind, Entrant, Outcome, PairingInput, RoundRecord, Side
from pairing.registry import engine_for
from projections.checks import Severity, pre_pairing_checks
from tests.ledger.conftest import OpenDesk, arbiter, events_of, fold_of
from tui import exit_codes


def _swiss(open_desk: OpenDesk, location: str, players: int = 6, *, fide_mode: bool = True) -> Ledger:
    ledger = open_desk(location)
    settings = TournamentSettings.for_game(Game.CHESS, "dutch", 5, seed=7, fide_mode=fide_mode)
    ledger.create_tournament("Open", settings)
    ledger.register_players([PlayerDetails(f"Player {n}", rating=2400 - 10 * n) for n in range(1, players + 1)])
    return ledger


def _engine_boards(ledger: Ledger) -> list[tuple[int, int]]:
    """The engine's pairing of the next round from the ledger's input (what the end compares with)."""
    request, _ = ledger._pairing_input(ledger.next_round())
    return [(b.first, b.second) for b in engine_for("dutch").pair(request).boards]


def _unlike_engine(ledger: Ledger) -> list[tuple[int, int]]:
    """A complete hand pairing of 6 players that is not the engine's: its boards with White and Black swapped."""
    return [(second, first) for first, second in _engine_boards(ledger)]


def _mpa_lines(ledger: Ledger) -> list[str]:
    from pairing.trf.writer import format as trf_format
    from tui.cli.trf_ledger import to_document

    return [line for line in trf_format(to_document(fold_of(ledger), 0, [])).splitlines() if "### MPA" in line]


def _hand_pair(ledger: Ledger, boards: list[tuple[int, int]]) -> None:
    ledger.start_hand_pairing()
    for first, second in boards:
        with ledger.command(confirmed=True):
            ledger.hand_pair(first, second)


def test_q064_a_round_is_paired_by_hand_board_by_board(open_desk: OpenDesk, location: str) -> None:
    """Q64: a pairing is made by hand; published as the arbiter's, with White as given."""
    ledger = _swiss(open_desk, location)
    boards = _engine_boards(ledger)
    _hand_pair(ledger, boards)
    pairing = ledger.end_hand_pairing()
    assert [(b.first, b.second) for b in pairing.boards] == boards
    (paired,) = [event for _, event in events_of(ledger, Round.Paired)]
    assert paired.engine == "manual"


def test_q064_a_published_pairing_is_changed_by_hand(open_desk: OpenDesk, location: str) -> None:
    """Q64: a pairing is modified by hand: the published round, without results, is the draft."""
    ledger = _swiss(open_desk, location)
    ledger.pair_next_round()
    published = [list(board) for board in ledger.round(1).boards]
    ledger.start_hand_pairing(1, "boards 1 and 2 to be swapped")
    assert ledger.round(1).hand == {"boards": published, "byes": []}
    assert not ledger.round(1).is_paired
    first, second = published[0]
    ledger.hand_unseat(first)
    with ledger.command(confirmed=True):
        ledger.hand_pair(second, first)
        pairing = ledger.end_hand_pairing()
    assert pairing.revision == 2
    assert (pairing.boards[-1].first, pairing.boards[-1].second) == (second, first)


def test_q065_the_phase_has_a_start_and_an_end_that_every_desk_sees(open_desk: OpenDesk, location: str) -> None:
    """Q65: the start and end are events: another desk sees the open hand pairing, and the engine's pairing
    is refused until it ends or is cancelled."""
    ledger = _swiss(open_desk, location)
    assert ledger.start_hand_pairing() == 1
    ledger.hand_pair(*_engine_boards(ledger)[0])
    other = open_desk(location, "second desk")
    assert other.round(1).hand is not None
    with pytest.raises(RoundNotReady, match="being paired by hand"):
        other.pair_next_round()
    with pytest.raises(RoundNotReady, match="being paired by hand already"):
        other.start_hand_pairing()
    (blocking,) = [f for f in pre_pairing_checks(fold_of(other)) if f.subject == "round 1"]
    assert blocking.severity is Severity.BLOCKS and "paired by hand" in blocking.message
    other.cancel_hand_pairing("the engine's pairing after all")
    assert [f for f in pre_pairing_checks(fold_of(other)) if f.subject == "round 1"] == []
    assert open_desk(location).round(1).hand is None
    assert other.pair_next_round().round == 1
    kinds = [type(event) for _, event in events_of(ledger, Round.Event)]
    assert kinds.index(Round.HandPairingStarted) < kinds.index(Round.HandPairingCancelled) < kinds.index(Round.Paired)


def test_q065_the_previous_round_stays_while_the_next_is_paired_by_hand(open_desk: OpenDesk, location: str) -> None:
    """Q65: unpairing round 1 while round 2 is being paired by hand is refused until the hand pairing
    ends or is cancelled (the draft was made from round 1's results)."""
    ledger = _swiss(open_desk, location)
    ledger.pair_next_round()
    for board in range(1, 4):
        ledger.record_result(1, board, "1/2")
    ledger.start_hand_pairing()
    with pytest.raises(RoundNotReady, match="round 2 is being paired by hand"):
        ledger.unpair(1, "wrong data")
    ledger.cancel_hand_pairing("round 1 to be checked first")
    ledger.unpair(1, "wrong data")
    assert ledger.next_round() == 1


def test_q065_an_end_outside_the_phase_is_refused(open_desk: OpenDesk, location: str) -> None:
    """Q65: a step of the hand pairing without its start is refused, nothing appended."""
    ledger = _swiss(open_desk, location)
    before = ledger.position()
    with pytest.raises(RoundNotReady, match="no round is being paired by hand"):
        ledger.end_hand_pairing()
    with pytest.raises(RoundNotReady, match="no round is being paired by hand"):
        ledger.hand_pair(1, 2)
    assert ledger.position() == before


def test_q065_pairing_again_by_hand_or_unpairing_clears_the_rounds_mpa(open_desk: OpenDesk, location: str) -> None:
    """Q65 note: re-entering the phase, or unpairing the round, clears that round's MPA (the log keeps the
    warning); a new end records a new one only if it still differs."""
    ledger = _swiss(open_desk, location)
    with ledger.command(confirmed=True):
        ledger.pair_next_round(manual=_unlike_engine(ledger))
    assert len(_mpa_lines(ledger)) == 1
    ledger.start_hand_pairing(1, "pair as the engine does")
    assert _mpa_lines(ledger) == []
    for first, second in ledger.round(1).hand["boards"]:  # type: ignore[index]
        ledger.hand_unseat(first)
        ledger.hand_pair(second, first)
    ledger.end_hand_pairing()
    assert _mpa_lines(ledger) == []
    ledger.unpair(1, "again")
    with ledger.command(confirmed=True):
        ledger.pair_next_round(manual=_unlike_engine(ledger), reason="by hand")
    assert len(_mpa_lines(ledger)) == 1
    ledger.unpair(1, "wrong")
    assert _mpa_lines(ledger) == []
    recorded = [event.caution["question"] for _, event in events_of(ledger, Tournament.CautionConfirmed)]
    assert recorded == ["Q69", "Q69"]


def _entrant(number: int, sides: str, *, score: float = 0.0, opponents: tuple[int, ...] = ()) -> Entrant:
    """A player whose played games had these colours ("W", "B") against `opponents` (else 90, 91, ...)."""
    history = tuple(
        RoundRecord(
            round=i + 1,
            opponent=opponents[i] if i < len(opponents) else 90 + i,
            side=Side.FIRST if colour == "W" else Side.SECOND,
            outcome=Outcome.DRAW,
            points=0.5,
            played=True,
        )
        for i, colour in enumerate(sides)
    )
    return Entrant(number=number, pairing_number=number, name=f"P{number}", score=score, history=history)


def _input(
    *players: Entrant, round_number: int = 6, total: int = 9, forbidden: tuple[tuple[int, int], ...] = ()
) -> PairingInput:
    return PairingInput(
        system="dutch", round=round_number, total_rounds=total, players=players, forbidden_pairs=forbidden
    )


def _questions(cautions: list[Caution]) -> list[tuple[str, Level]]:
    return [(c.question, c.level) for c in cautions]


def test_q066_a_rematch_and_a_prohibited_pair_are_level_3() -> None:
    """Q66: a board that repeats a game played (C.04.1 Art. 2) or is a prohibited pair is a level 3 warning."""
    rematch = _input(_entrant(1, "WB", opponents=(2,)), _entrant(2, "BW", opponents=(1,)))
    assert _questions(board_cautions(rematch, Board(1, 2))) == [("Q66", Level.CONFIRM)]
    assert "rematch" in board_cautions(rematch, Board(1, 2))[0].text
    forbidden = _input(_entrant(1, "WB"), _entrant(2, "BW"), forbidden=((1, 2),))
    assert "prohibited" in board_cautions(forbidden, Board(1, 2))[0].text
    assert board_cautions(_input(_entrant(1, "WB"), _entrant(2, "BW")), Board(1, 2)) == []


def test_q066_a_third_colour_in_a_row_or_a_difference_above_two_before_the_last_round() -> None:
    """Q66 (C.04.1 Art. 5): White a third time in a row, or a colour difference reaching 3, is a level 3
    warning before the last round, and none in it."""
    third = _input(_entrant(1, "BWW"), _entrant(2, "WBW"))
    assert [c.text for c in board_cautions(third, Board(1, 2))] == ["1-2: 1 gets White a third time in a row"]
    difference = _input(_entrant(1, "WWBW"), _entrant(2, "WBW"))
    assert [c.text for c in board_cautions(difference, Board(1, 2))] == ["1-2: 1's colour difference becomes 3"]
    last_round = _input(_entrant(1, "BWW"), _entrant(2, "WBW"), round_number=9)
    assert board_cautions(last_round, Board(1, 2)) == []


def test_q066_the_pab_to_a_player_who_may_not_have_it_is_level_3() -> None:
    """Q66: the pairing-allocated bye to a player who had it (C.04.1 Art. 4), or to one above the lowest
    score of those who may have it, is a level 3 warning."""
    had_it = Entrant(
        number=3,
        pairing_number=3,
        name="P3",
        score=1.0,
        history=(
            RoundRecord(
                round=1,
                opponent=None,
                side=None,
                outcome=Outcome.WIN,
                points=1.0,
                played=False,
                bye=ByeKind.PAIRING_ALLOCATED,
            ),
        ),
    )
    request = _input(_entrant(1, "W", score=1.0), _entrant(2, "B", score=0.0), had_it)
    assert "may not have it" in bye_cautions(request, 3)[0].text
    assert "above the lowest score" in bye_cautions(request, 1)[0].text
    assert bye_cautions(request, 2) == []


def test_q066_the_warning_stops_the_step_until_confirmed(open_desk: OpenDesk, location: str) -> None:
    """Q66 through the ledger: a rematch in the hand pairing is refused unconfirmed (nothing appended), and
    confirmed it is recorded in the log."""
    ledger = _swiss(open_desk, location)
    ledger.pair_next_round()
    for board in range(1, 4):
        ledger.record_result(1, board, "1/2")
    first, second = ledger.round(1).boards[0]
    ledger.start_hand_pairing()
    before = ledger.position()
    with pytest.raises(ConfirmationNeeded) as refused:
        ledger.hand_pair(second, first)
    assert refused.value.caution.question == "Q66"
    assert ledger.position() == before
    with ledger.command(confirmed=True):
        ledger.hand_pair(second, first)
    assert [c.question for _, c in fold_of(ledger).cautions] == ["Q66"]


def test_q067_both_players_against_their_expected_colour_is_level_2() -> None:
    """Q67: when both players get the colour opposite to the one they expect it is a level 2 warning; one
    of them alone is not."""
    expects_black, expects_white = _entrant(1, "BW"), _entrant(2, "WB")
    assert _questions(board_cautions(_input(expects_black, expects_white), Board(1, 2))) == [("Q67", Level.ACKNOWLEDGE)]
    assert board_cautions(_input(expects_black, expects_white), Board(2, 1)) == []
    assert board_cautions(_input(expects_black, _entrant(2, "BW")), Board(1, 2)) == []


def test_q068_a_hand_pairing_like_the_engines_ends_without_a_warning(open_desk: OpenDesk, location: str) -> None:
    """Q68: at the end the hand pairing is compared with the engine's; the same pairing records nothing."""
    ledger = _swiss(open_desk, location, players=7)
    _hand_pair(ledger, _engine_boards(ledger))
    ledger.end_hand_pairing()
    assert ledger.notices == []
    assert fold_of(ledger).cautions == []


def test_q069_a_different_pairing_is_level_4_with_the_engines_pairing_and_an_mpa(
    open_desk: OpenDesk, location: str
) -> None:
    """Q69: a difference is a level 4 warning stating the consequence and showing the engine's pairing; once
    confirmed it is recorded and written to the TRF as `### MPA @ Round 1: ...`."""
    ledger = _swiss(open_desk, location)
    engine = _engine_boards(ledger)
    _hand_pair(ledger, _unlike_engine(ledger))
    before = ledger.position()
    with pytest.raises(ConfirmationNeeded) as refused:
        ledger.end_hand_pairing()
    caution = refused.value.caution
    assert (caution.level, caution.breach) == (Level.CONFIRM_TWICE, Breach.MANUAL_PAIRING)
    assert caution.consequence
    assert f"dutch pairs {', '.join(f'{a}-{b}' for a, b in engine)}" in caution.text
    assert ledger.position() == before
    with ledger.command(confirmed=True):
        ledger.end_hand_pairing()
    assert _mpa_lines(ledger) == [f"### {caution.trf_comment()}"]
    assert _mpa_lines(ledger)[0].startswith("### MPA @ Round 1: ")


def test_q069_the_one_step_form_warns_and_compares_as_the_phase_does(open_desk: OpenDesk, location: str) -> None:
    """Q69 for `arbiter pair --manual`: start, pairs and end in one transaction, with the same warnings."""
    ledger = _swiss(open_desk, location)
    before = ledger.position()
    with pytest.raises(ConfirmationNeeded, match="Q69"):
        ledger.pair_next_round(manual=_unlike_engine(ledger))
    assert ledger.position() == before
    with pytest.raises(InvalidInput, match="seated twice"):
        ledger.pair_next_round(manual=[(1, 2), (2, 3)])


def test_q064_outside_fide_mode_a_hand_pairing_asks_nothing(open_desk: OpenDesk, location: str) -> None:
    """Q64 outside FIDE mode: a hand pairing is published as given, without the checklist's warnings."""
    ledger = _swiss(open_desk, location, fide_mode=False)
    ledger.pair_next_round(manual=_unlike_engine(ledger))
    assert ledger.notices == []
    assert fold_of(ledger).cautions == []


def test_q065_the_cli_starts_pairs_and_ends_a_hand_pairing(tmp_path: Path) -> None:
    """Q65 and Q69 through the CLI: `manual-pairing start`, `pair`, `end`; the end that differs from the
    engine is refused without --yes (exit 3), and `arbiter log` shows the phase and the MPA."""
    assert arbiter("new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "3", cwd=tmp_path).returncode == 0
    for name in ("Ann", "Ben", "Cid", "Dan"):
        assert arbiter("register", name, cwd=tmp_path).returncode == 0
    started = arbiter("manual-pairing", "start", cwd=tmp_path)
    assert started.returncode == exit_codes.OK, started.stderr
    assert "round 1, paired by hand so far: nothing" in started.stderr
    assert arbiter("manual-pairing", "pair", "1", "2", cwd=tmp_path).returncode == 0
    shown = arbiter("manual-pairing", "pair", "3", "4", cwd=tmp_path)
    assert "1. 1-2; 2. 3-4" in shown.stderr
    refused = arbiter("manual-pairing", "end", cwd=tmp_path)
    assert refused.returncode == exit_codes.REFUSED
    assert "warning (level 4, Q69)" in refused.stderr and "add --yes" in refused.stderr
    done = arbiter("manual-pairing", "end", "--yes", cwd=tmp_path)
    assert done.returncode == exit_codes.OK, done.stderr
    log = [line["summary"] for line in json.loads(arbiter("log", "--format", "json", cwd=tmp_path).stdout)]
    assert "round 1: hand pairing started" in log and "round 1 paired by manual: 2 boards, 0 byes" in log
    assert any(s.startswith("confirmed warning (level 4, Q69): MPA: the hand pairing differs") for s in log)
    wrong = arbiter("manual-pairing", "pair", "1", cwd=tmp_path)
    assert wrong.returncode == exit_codes.BAD_INPUT


def test_q064_an_elimination_paired_by_hand_gets_its_rounds(open_desk: OpenDesk, sqlite_location: str) -> None:
    """Q64 beyond chess: a bracket created without a round count, paired by hand board by board, gets the
    rounds its entrants need with its first pairing (IBF 3.1.3), as an engine's first pairing does."""
    from ledger.settings import ROUNDS_FROM_ENTRIES

    ledger = open_desk(sqlite_location)
    settings = TournamentSettings.for_game(Game.BACKGAMMON, "single-elimination", ROUNDS_FROM_ENTRIES, seed=7)
    ledger.create_tournament("Cup", settings)
    ledger.register_players([PlayerDetails(f"Player {n}") for n in range(1, 9)])
    ledger.start_hand_pairing()
    for first, second in ((1, 8), (4, 5), (2, 7), (3, 6)):
        ledger.hand_pair(first, second)
    assert len(ledger.end_hand_pairing().boards) == 4
    assert ledger.tournament().rounds == 3


def test_q069_at_a_terminal_the_end_asks_twice_with_the_consequence(tmp_path: Path) -> None:
    """Q69 at a terminal (level 4): the end of a hand pairing unlike the engine's asks, then asks again with
    the consequence; a "no" leaves the round unpaired with the draft kept."""
    from tests.ledger.test_fide_mode import _answered

    assert arbiter("new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "3", cwd=tmp_path).returncode == 0
    for name in ("Ann", "Ben", "Cid", "Dan"):
        assert arbiter("register", name, cwd=tmp_path).returncode == 0
    for step in (("start",), ("pair", "1", "2"), ("pair", "3", "4")):
        assert arbiter("manual-pairing", *step, cwd=tmp_path).returncode == 0
    code, seen = _answered(["y", "n"], "manual-pairing", "end", cwd=tmp_path)
    assert code == exit_codes.REFUSED and seen.count("[y/N]") == 2
    assert "published as paired by hand" in seen
    assert "1. 1-2; 2. 3-4" in arbiter("manual-pairing", "show", cwd=tmp_path).stderr
    code, seen = _answered(["y", "y"], "manual-pairing", "end", cwd=tmp_path)
    assert code == exit_codes.OK, seen
    assert "round 2 is not being paired by hand" in arbiter("manual-pairing", "show", cwd=tmp_path).stderr


def _forbidden_first_board(tmp_path: Path) -> None:
    """A Dutch Swiss of four in FIDE mode, players 1 and 2 kept apart: `pair --manual 1-2,3-4` is then a
    prohibited pair (Q66, level 3) unlike the engine's pairing (Q69, level 4)."""
    assert arbiter("new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "3", cwd=tmp_path).returncode == 0
    for name in ("Ann", "Ben", "Cid", "Dan"):
        assert arbiter("register", name, cwd=tmp_path).returncode == 0
    assert arbiter("forbid", "1", "2", "--reason", "same club", cwd=tmp_path).returncode == 0


@pytest.mark.parametrize(("answers", "paired"), [(["y", "y"], True), (["y", "n"], False), (["n"], False)])
def test_q066_q069_at_a_terminal_every_warning_is_shown_before_the_first_question(
    tmp_path: Path, answers: list[str], paired: bool
) -> None:
    """Warning levels, Q66 then Q69 at a terminal: a hand pairing with a prohibited pair (level 3) unlike the
    engine's (level 4) shows both warnings, then asks once, then again with the level 4's consequence; the
    level 3 is not confirmed unseen, nor the level 4 by the level 3's answer; a "no" appends nothing."""
    from tests.ledger.test_fide_mode import _answered

    _forbidden_first_board(tmp_path)
    code, seen = _answered(answers, "pair", "--manual", "1-2,3-4", cwd=tmp_path)
    first_question = seen.index("[y/N]")
    assert "(level 3, Q66): 1-2 is a prohibited pairing" in seen[:first_question], seen
    assert "(level 4, Q69): the hand pairing differs from dutch's" in seen[:first_question], seen
    assert seen.count("[y/N]") == len(answers), seen
    if len(answers) == 2:
        assert "published as paired by hand" in seen[first_question:], seen
    assert (code == exit_codes.OK) is paired, seen
    log = arbiter("log", "--format", "json", cwd=tmp_path).stdout
    assert ("round 1 paired" in log) is paired
    assert ("confirmed warning (level 3, Q66)" in log, "confirmed warning (level 4, Q69)" in log) == (paired, paired)


def test_q066_q069_without_a_terminal_the_refusal_names_every_warning_to_confirm(tmp_path: Path) -> None:
    """Warning levels: without a terminal, `pair --manual` that meets a level 3 and a level 4 warning is refused
    (exit 3) naming both, with the level 4's consequence, so that `--yes` never confirms a warning unseen;
    nothing is appended; with `--yes` it is recorded with both warnings confirmed."""
    _forbidden_first_board(tmp_path)
    before = arbiter("log", "--format", "json", cwd=tmp_path).stdout
    refused = arbiter("pair", "--manual", "1-2,3-4", cwd=tmp_path)
    assert refused.returncode == exit_codes.REFUSED, refused.stderr
    assert "(level 3, Q66)" in refused.stderr and "(level 4, Q69)" in refused.stderr
    assert "published as paired by hand" in refused.stderr and "add --yes to confirm" in refused.stderr
    assert arbiter("log", "--format", "json", cwd=tmp_path).stdout == before
    assert arbiter("pair", "--manual", "1-2,3-4", "--yes", cwd=tmp_path).returncode == exit_codes.OK
    log = arbiter("log", "--format", "json", cwd=tmp_path).stdout
    assert "confirmed warning (level 3, Q66)" in log and "confirmed warning (level 4, Q69)" in log


def test_q066_a_confirmation_covers_only_the_warnings_it_names(open_desk: OpenDesk, location: str) -> None:
    """Q66, warning levels: 1 given White a third time in a row (a colour difference of three too) is two
    level 3 warnings of one step. Confirmed for the first alone, it is refused with the second, nothing
    appended; confirmed for both (as the desk asks them in turn), both are recorded. `confirmed=True` (the
    CLI's --yes) covers all, as the rounds by hand before it show."""
    ledger = _swiss(open_desk, location)
    for number, boards in ((1, [(1, 2), (3, 4), (5, 6)]), (2, [(1, 4), (3, 6), (5, 2)])):
        with ledger.command(confirmed=True):
            ledger.pair_next_round(manual=boards)
        for board in range(1, 4):
            ledger.record_result(number, board, "1/2")
    ledger.start_hand_pairing()
    before = ledger.position()
    with pytest.raises(ConfirmationNeeded) as first:
        ledger.hand_pair(1, 3)
    with pytest.raises(ConfirmationNeeded) as second, ledger.command(confirmed=frozenset({first.value.caution})):
        ledger.hand_pair(1, 3)
    assert [first.value.caution.text, second.value.caution.text] == [
        "1-3: 1 gets White a third time in a row",
        "1-3: 1's colour difference becomes 3",
    ]
    assert ledger.position() == before
    with ledger.command(confirmed=frozenset({first.value.caution, second.value.caution})):
        ledger.hand_pair(1, 3)
    recorded = [c for _, c in fold_of(ledger).cautions if c.round == 3]
    assert recorded == [first.value.caution, second.value.caution]


def test_q066_q069_a_refusal_after_a_store_leaves_no_gap_in_the_positions(open_desk: OpenDesk, location: str) -> None:
    """Warning levels: `pair --manual --force` stores the adjourned games first (the engine's input reads
    them), then meets a rematch (level 3) and the difference from the engine (level 4); refused, nothing is
    appended and the next event takes the next position, on PostgreSQL too, whose sequence the refused
    command gives back (a gap after every such refusal before)."""
    ledger = _swiss(open_desk, location)
    with ledger.command(confirmed=True):
        ledger.pair_next_round(manual=[(1, 2), (3, 4), (5, 6)])
    ledger.record_result(1, 1, "1-0")
    ledger.record_result(1, 2, "0-1")
    before = ledger.position()
    with pytest.raises(ConfirmationNeeded) as refused, ledger.command():
        ledger.pair_next_round(manual=[(1, 2), (3, 5), (4, 6)], force_reason="board 3 adjourned")
    assert [(c.level, c.question) for c in refused.value.cautions][:1] == [(Level.CONFIRM, "Q66")]
    assert refused.value.cautions[-1].level is Level.CONFIRM_TWICE
    assert ledger.position() == before
    ledger.record_result(1, 3, "1/2")
    assert [position for position, _ in events_of(ledger, Round.ResultRecorded)][-1] == before + 1


def test_q174_an_import_names_the_warnings_of_every_step_before_any_is_confirmed(tmp_path: Path) -> None:
    """Warning levels, Q174: an import whose requested byes put two players over the half-point bye limit
    (level 3 each, each request a step that stores its events) is refused without a terminal naming both, so
    that `--yes` confirms no warning unseen (the refusal named the first alone); nothing is left; with
    `--yes` both are recorded."""
    assert arbiter("new", "Open", "--system", "dutch", "--rounds", "7", cwd=tmp_path).returncode == 0
    for name in ("Ann", "Bob", "Cid", "Dan"):
        assert arbiter("register", name, cwd=tmp_path).returncode == 0
    for number in ("1", "2"):
        for round_number in ("2", "3"):
            bye = arbiter("bye", number, "--round", round_number, "--kind", "half", "--yes", cwd=tmp_path)
            assert bye.returncode == exit_codes.OK, bye.stderr
    assert arbiter("export-trf", "-o", "byes.trf", cwd=tmp_path).returncode == exit_codes.OK
    refused = arbiter("import-trf", "byes.trf", "--ledger", "again.ledger", cwd=tmp_path)
    assert refused.returncode == exit_codes.REFUSED, refused.stderr
    named = [line for line in refused.stderr.splitlines() if "(level 3, Q174)" in line]
    assert len(named) == 2 and "player 1 " in named[0] and "player 2 " in named[1]
    assert "imported" not in refused.stderr.replace("imported from", "")
    assert not (tmp_path / "again.ledger").exists()
    confirmed = arbiter("import-trf", "byes.trf", "--ledger", "again.ledger", "--yes", cwd=tmp_path)
    assert confirmed.returncode == exit_codes.OK, confirmed.stderr
    log = arbiter("log", "--format", "json", "--ledger", "again.ledger", cwd=tmp_path).stdout
    assert log.count("confirmed warning (level 3, Q174)") == 2
