"""Nothing invalid gets into a tournament's settings: every value `arbiter new` takes is checked when
given and refused with the valid choices listed (a wrong tie-break code used to be accepted and then
broke every `standings` and `pair`)."""

from __future__ import annotations

import pytest

from ledger.errors import InvalidInput
from ledger.results import Game
from ledger.settings import MAX_MATCH_LENGTH, TIEBREAK_CODES, TournamentSettings
from projections.tiebreaks import _FUNCTIONS


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
