"""The readings by which the tie-break cross-check (benchmarks/tiebreak_cross_check.py, docs/fide-mode.md
"Tie-breaks against Gacrux", Q33-39) explains a difference from Gacrux, checked on our own values alone:
these tests need no Gacrux."""

from __future__ import annotations

from pathlib import Path

from benchmarks.tiebreak_cross_check import RANK, Difference, aob_rounded_alike, de_with_repeated_meetings, explained
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


TIED_BY_ROUNDING = DATA / "aob_rounded_tie_dutch_65904.trf"
"""The generator's seed 65904, list REP, AOB/F, BH/C1: players 49 and 47 equal on points, REP (9) and
BH/C1 (32), their AOB/F 35.5625 and 35.5556, both 35.56 rounded."""


def test_q033_players_gacrux_ties_by_their_rounded_aob_and_ours_orders_are_explained_c07_8_2() -> None:
    """C.07 8.2 AOB with the fore modifier: ours ranks 49 then 47 by the unrounded AOB/F, Gacrux ties both
    on rank 47 (the rounded values are equal, and so is BH/C1): only 47's rank differs, and that is the
    rounding reading; Gacrux giving 47 another rank, or the same tie without AOB in the list, is not."""
    document = parse(TIED_BY_ROUNDING.read_text(encoding="utf-8"))
    listed = ("REP", "AOB/F", "BH/C1")
    tied = [Difference(47, RANK, 48, 47)]
    assert aob_rounded_alike(tied, document, listed)
    assert explained(tied, document, listed=listed) == [True]
    assert not aob_rounded_alike([Difference(47, RANK, 48, 46)], document, listed)
    assert not aob_rounded_alike(tied, document, ("REP", "BH/C1"))


DOUBLE_FORFEITS = DATA / "de_double_forfeits_dutch_25278.trf"
"""Players 1, 3 and 5 on 5 points: 1 beat 5 (round 8) and lost two double forfeits to 5 (rounds 1 and 7),
drew with 3; 5 beat 3."""
DEALT = [Difference(1, RANK, 2, 1), Difference(3, RANK, 3, 2), Difference(5, RANK, 1, 3)]
"""Ours with DE/P ranks them 5, 1, 3 (the next test says why); Gacrux 1, 3, 5."""


def _without_double_forfeits(text: str) -> str:
    """The file with rounds 1 and 7 of players 1 and 5 (their double forfeits) made unpaired rounds
    (``0000 - Z``, zero points as before)."""
    lines = []
    for line in text.splitlines():
        if line.startswith(("001    1 ", "001    5 ")):
            for column in (91, 151):  # rounds 1 and 7: columns 92-99 and 152-159
                line = f"{line[:column]}0000 - Z{line[column + 8 :]}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def test_q033_a_tie_de_p_breaks_through_a_double_forfeit_is_explained_c07_6_1_1() -> None:
    """C.07 6.1.1 with forfeits counted as played (DE/P): ours counts a double forfeit between two tied
    players as a game both lost, averaged with their other game (6.1.2): 1 scores 1/3 against 5 and 1/2
    against 3, 5 scores 0 + 1, 3 scores 1/2 + 0, so 5, 1, 3; Gacrux leaves the group tied on DE (then
    RTNG: 1, 3, 5), as it does wherever two tied players met more than once. That dealing of ranks is the
    documented reading."""
    document = parse(DOUBLE_FORFEITS.read_text(encoding="utf-8"))
    assert de_with_repeated_meetings(DEALT, document, ("DE/P", "RTNG", "APPO"))
    assert explained(DEALT, document, listed=("DE/P", "RTNG", "APPO")) == [True, True, True]


def test_q033_without_the_double_forfeit_or_de_p_the_reading_does_not_apply_c07_6_1_1() -> None:
    """The same ranks dealt otherwise, with the double forfeits made unpaired rounds, or with DE (forfeits
    left out) instead of DE/P, are not this reading: 1 and 5 then met once."""
    text = DOUBLE_FORFEITS.read_text(encoding="utf-8")
    assert not de_with_repeated_meetings(DEALT, parse(_without_double_forfeits(text)), ("DE/P", "RTNG", "APPO"))
    assert not de_with_repeated_meetings(DEALT, parse(text), ("DE", "RTNG", "APPO"))


MET_TWICE = DATA / "de_met_twice_bbp_14097.trf"
"""Made by bbpPairings' generator (seed 14097, `tiebreak_cross_check.py --bbp`): players 27, 28 and 31 on
3.5 points; 27 and 28 drew, 28 beat 31, 27 won by forfeit against 31 (round 9) and lost to 31 (round 11)."""


def test_q033_a_de_group_with_players_who_met_twice_is_explained_c07_6_1_2() -> None:
    """C.07 6.1.2, "players who met more than once contribute the average": with DE/P, 27 scores 1/2
    against 28 and the average of 1 and 0 against 31, 28 scores 1/2 + 1, so ours ranks 28 before 27;
    Gacrux leaves the group tied on DE wherever two of it met more than once, and ranks 27 first by RTNG.
    With DE (forfeits left out) 27 and 31 met once, and the same swap is not the reading."""
    document = parse(MET_TWICE.read_text(encoding="utf-8"))
    swapped = [Difference(27, RANK, 36, 35), Difference(28, RANK, 35, 36)]
    listed = ("DE/P", "RTNG", "DE", "WIN", "ARO/C1", "BH/C2")
    assert de_with_repeated_meetings(swapped, document, listed)
    assert explained(swapped, document, listed=listed) == [True, True]
    assert not de_with_repeated_meetings(swapped, document, ("DE", "RTNG"))
    assert not de_with_repeated_meetings(swapped, document, ("RTNG", "DE/P"))


FORFEITS_BOTH_WAYS = DATA / "de_p_met_twice_bbp_36450.trf"
"""Made by bbpPairings' generator (seed 36450): players 27, 28 and 29 on 3.5 points; 27 beat 29, 29 beat
28 (played), 27 and 28 met twice by forfeit (rounds 8 and 10, one each way)."""


def test_q033_a_later_de_p_whose_players_met_twice_is_explained_c07_6_1_2() -> None:
    """List STD, DE, DE/P: DE (played games) leaves 27, 28 and 29 equal in both programs (27 and 28 never
    played, 6.3); DE/P counts the two forfeits between 27 and 28 as their average (6.1.2), so ours ranks
    27, 29, 28, and Gacrux, for whom 27 and 28 met more than once, leaves all three tied on rank 27. The
    reading is found at the list's DE/P, not its first DE; without DE/P it is not the reading."""
    document = parse(FORFEITS_BOTH_WAYS.read_text(encoding="utf-8"))
    tied = [Difference(28, RANK, 29, 27), Difference(29, RANK, 28, 27)]
    assert de_with_repeated_meetings(tied, document, ("STD", "DE", "DE/P"))
    assert explained(tied, document, listed=("STD", "DE", "DE/P")) == [True, True]
    assert not de_with_repeated_meetings(tied, document, ("STD", "DE"))
