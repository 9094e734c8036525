"""The readings by which the tie-break cross-check (benchmarks/tiebreak_cross_check.py, docs/fide-mode.md
"Tie-breaks against Gacrux", Q33-39) explains a difference from Gacrux, checked on our own values alone:
these tests need no Gacrux."""

from __future__ import annotations

from pathlib import Path

from benchmarks.tiebreak_cross_check import RANK, Difference, aob_rounded_alike, explained
from pairing.trf import TrfDocument, parse

DATA = Path(__file__).resolve().parents[1] / "data"
LIST = ("AOB", "PS", "DE", "ARO", "AOB/F")


def _document() -> TrfDocument:
    """The generator's seed 20997: players 44 and 50 equal on points, AOB 58.45 and 58.4545..."""
    return parse((DATA / "aob_rounding_dutch_20997.trf").read_text(encoding="utf-8"))


def test_q033_a_rank_swapped_between_players_whose_aob_rounds_alike_is_explained_c07_8_2() -> None:
    """C.07 8.2 AOB: Gacrux ranks by AOB rounded to two decimals, then by the next code (PS equal, DE, then
    ARO puts 44 first); ours by the unrounded AOB (50 first). That swap is the rounding reading."""
    swapped = [Difference(44, RANK, 44, 43), Difference(50, RANK, 43, 44)]
    assert aob_rounded_alike(swapped, _document(), LIST)
    assert explained(swapped, _document(), listed=LIST) == [True, True]


def test_q033_a_rank_swap_the_rounding_does_not_give_stays_unexplained_c07_8_2() -> None:
    """The same swap without AOB in the list, between players whose AOB differ after rounding, or with
    ranks that are not only dealt out otherwise between them, is not the rounding reading."""
    document = _document()
    swapped = [Difference(44, RANK, 44, 43), Difference(50, RANK, 43, 44)]
    assert not aob_rounded_alike(swapped, document, ("PS", "DE", "ARO"))
    assert not aob_rounded_alike([Difference(1, RANK, 1, 2), Difference(2, RANK, 2, 1)], document, LIST)
    assert not aob_rounded_alike([Difference(44, RANK, 44, 42), Difference(50, RANK, 43, 44)], document, LIST)
    assert explained([Difference(1, RANK, 1, 2), Difference(2, RANK, 2, 1)], document, listed=LIST) == [False, False]
