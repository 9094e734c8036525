"""Nothing invalid gets into a tournament's settings: every value `arbiter new` takes is checked when
given and refused with the valid choices listed (a wrong tie-break code used to be accepted and then
broke every `standings` and `pair`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.application import Ledger, PlayerDetails
from ledger.errors import InvalidInput, RuleViolation
from ledger.results import Game
from ledger.settings import MAX_MATCH_LENGTH, MAX_ROUNDS, ROUNDS_FROM_ENTRIES, TIEBREAK_CODES, TournamentSettings
from pairing.ibf.brackets import rounds_for
from pairing.registry import systems_for
from projections.tiebreaks import _FUNCTIONS
from projections.views import ReadModels
from tui.wiring import open_ledger


def test_every_tiebreak_code_the_settings_accept_is_computed() -> None:
    """C.07: each code a tournament may name has its computation in `projections.tiebreaks`."""
    assert set(_FUNCTIONS) == set(TIEBREAK_CODES)


@pytest.mark.parametrize("codes", [("BH", "XYZ"), ("bh",), ("",)])
def test_unknown_tiebreak_code_is_refused_listing_the_valid_ones(codes: tuple[str, ...]) -> None:
    with pytest.raises(InvalidInput, match="unknown tie-break code") as refused:
        TournamentSettings.for_game(Game.CHESS, "dutch", 9, tiebreaks=codes)
    assert all(code in str(refused.value) for code in TIEBREAK_CODES)


def test_a_tiebreak_named_twice_is_refused() -> None:
    """C.07 Art. 4.1: the tie-breaks are an ordered list; the same one twice can never decide anything."""
    with pytest.raises(InvalidInput, match="BH named twice"):
        TournamentSettings.for_game(Game.CHESS, "dutch", 9, tiebreaks=("BH", "SB", "BH"))


@pytest.mark.parametrize("length", [0, MAX_MATCH_LENGTH + 1, 2**63])
def test_match_length_out_of_range_is_refused(length: int) -> None:
    with pytest.raises(InvalidInput, match="match is played to"):
        TournamentSettings.for_game(Game.BACKGAMMON, "ibf-swiss", 5, match_length=length)


def test_valid_settings_keep_their_tiebreaks_in_order() -> None:
    settings = TournamentSettings.for_game(Game.CHESS, "dutch", 9, tiebreaks=("BH-C1", "BH", "SB"))
    assert settings.tiebreaks == ("BH-C1", "BH", "SB")


def _bracket(tmp_path: Path, rounds: int) -> tuple[Ledger, ReadModels]:
    ledger, views = open_ledger(str(tmp_path / "bracket.ledger"), "arbiter", create=True)
    settings = TournamentSettings.for_game(Game.BACKGAMMON, "double-elimination", rounds, seed=5)
    ledger.create_tournament("Knockout", settings)
    ledger.register_players([PlayerDetails(f"Player {n}", rating=1800 - n) for n in range(1, 17)])
    return ledger, views


def test_a_bracket_with_the_wrong_round_count_is_refused_at_its_first_pairing(tmp_path: Path) -> None:
    """IBF 3.2 (docs/rules/ibf-pairing-rules.txt): a double elimination of 16 runs to its final; created
    with 5 rounds it used to report "complete" with matches pending. The first pairing names the count
    it needs, and after the arbiter sets it the pairing goes ahead."""
    ledger, views = _bracket(tmp_path, 5)
    needed = rounds_for("double-elimination", 16, {})
    before = ledger.position()
    with pytest.raises(RuleViolation, match=f"takes {needed} rounds, not the 5"):
        ledger.pair_next_round()
    assert ledger.position() == before
    ledger.change_rounds(needed, reason="16 entrants")
    ledger.pair_next_round()
    assert views.state().total_rounds == needed
    ledger.close()


def test_a_bracket_created_without_a_round_count_takes_it_from_the_entries(tmp_path: Path) -> None:
    """IBF 3.1.3: the rounds follow from the bracket's size; recorded with the first pairing."""
    ledger, views = _bracket(tmp_path, ROUNDS_FROM_ENTRIES)
    ledger.pair_next_round()
    assert views.state().total_rounds == rounds_for("double-elimination", 16, {})
    changed = [e for _, e in ledger.log_events() if type(e).__name__ == "RoundsChanged"]
    assert len(changed) == 1 and "16 entrants" in changed[0].reason
    ledger.close()


def test_only_a_bracket_may_leave_its_round_count_to_the_entries() -> None:
    with pytest.raises(InvalidInput, match="needs a number of rounds"):
        TournamentSettings.for_game(Game.CHESS, "dutch", ROUNDS_FROM_ENTRIES)


@pytest.mark.parametrize("rounds", [-1, MAX_ROUNDS + 1, 2**63])
def test_round_counts_out_of_range_are_refused(rounds: int) -> None:
    with pytest.raises(InvalidInput, match="rounds"):
        TournamentSettings.for_game(Game.CHESS, "dutch", rounds)


def test_rounds_cannot_drop_below_a_round_already_paired(tmp_path: Path) -> None:
    ledger, views = open_ledger(str(tmp_path / "swiss.ledger"), "arbiter", create=True)
    ledger.create_tournament("Open", TournamentSettings.for_game(Game.CHESS, "dutch", 5, seed=5))
    ledger.register_players([PlayerDetails(f"Player {n}", rating=1800 - n) for n in range(1, 7)])
    ledger.pair_next_round()
    with pytest.raises(InvalidInput, match="from 1"):
        ledger.change_rounds(0, reason="typo")
    with ledger.command(confirmed=True):  # after round 1, a Configuration breach (docs/fide-mode.md, Q115)
        ledger.change_rounds(7, reason="extended by the organiser")
    assert views.state().total_rounds == 7
    ledger.close()


@pytest.mark.parametrize(
    ("game", "system"),
    [(Game.CHESS, "storm"), (Game.CHESS, "chew"), (Game.SCRABBLE, "dutch"), (Game.BACKGAMMON, "burstein")],
)
def test_a_system_of_another_game_is_refused_with_this_games_systems(game: Game, system: str) -> None:
    """The FIDE systems pair chess (C.04), the IBF systems backgammon, tsh's Scrabble: a system of
    another game is refused, listing the ones this game may use."""
    with pytest.raises(InvalidInput, match=f"not a system for {game.value}") as refused:
        TournamentSettings.for_game(game, system, 5)
    assert all(name in str(refused.value) for name in systems_for(game.value))


@pytest.mark.parametrize("game", list(Game))
def test_the_round_robin_serves_every_game(game: Game) -> None:
    """The Berger tables (C.05 Annex 1) and IBF Appendix 1 pair a round robin of any game."""
    assert TournamentSettings.for_game(game, "round-robin", 5).system == "round-robin"


def test_an_unknown_system_is_refused() -> None:
    with pytest.raises(InvalidInput, match="choose one of"):
        TournamentSettings.for_game(Game.CHESS, "swiss-manager", 5)
