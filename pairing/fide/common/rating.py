"""The FIDE Rating Regulations' tables (B.02 8.1): the one copy of them in the project.

8.1.1 converts a fractional score p into a rating difference dp (read by the performance tie-breaks,
`projections.tiebreaks`); 8.1.2 converts a rating difference D into a scoring probability PD (read by
the random tournament generator, `pairing.generator`, and the perfect-performance tie-breaks). 8.1.2 is
kept as printed (`PD_UPPER_BOUNDS`), not derived from 8.1.1: the two agree in that each p's dp lies in
p's row of 8.1.2, but the printed row boundaries are not all half-way between dps (329-344 is .88,
392-411 is .92). For the generator a difference of more than 400 points counts as 400
(docs/fide-mode.md, "Checker and generator").
"""

from __future__ import annotations

from bisect import bisect_left
from fractions import Fraction

DP_BY_PERCENTAGE: tuple[int, ...] = (
    -800,
    *(-677, -589, -538, -501, -470, -444, -422, -401, -383, -366),
    *(-351, -336, -322, -309, -296, -284, -273, -262, -251, -240),
    *(-230, -220, -211, -202, -193, -184, -175, -166, -158, -149),
    *(-141, -133, -125, -117, -110, -102, -95, -87, -80, -72),
    *(-65, -57, -50, -43, -36, -29, -21, -14, -7, 0),
    *(7, 14, 21, 29, 36, 43, 50, 57, 65, 72),
    *(80, 87, 95, 102, 110, 117, 125, 133, 141, 149),
    *(158, 166, 175, 184, 193, 202, 211, 220, 230, 240),
    *(251, 262, 273, 284, 296, 309, 322, 336, 351, 366),
    *(383, 401, 422, 444, 470, 501, 538, 589, 677, 800),
)
"""FIDE Handbook B.02 8.1.1, the conversion of a fractional score p into rating differences dp,
indexed by p as a whole percentage (p = .00 -> -800, p = 1.0 -> +800)."""

RATING_DIFFERENCE_CAP = 400
"""A difference in rating of more than 400 points counts as 400 (docs/fide-mode.md)."""


def scoring_probability(difference: int) -> Fraction:
    """B.02 8.1.2 for the generator: the expected score of a player rated `difference` points above the
    opponent, a difference of more than 400 counting as 400 (so at most .92); 1 - PD for the lower-rated."""
    capped = max(-RATING_DIFFERENCE_CAP, min(difference, RATING_DIFFERENCE_CAP))
    return full_scale_scoring_probability(capped)


PD_UPPER_BOUNDS: tuple[int, ...] = (
    *(3, 10, 17, 25, 32, 39, 46, 53, 61, 68),
    *(76, 83, 91, 98, 106, 113, 121, 129, 137, 145),
    *(153, 162, 170, 179, 188, 197, 206, 215, 225, 235),
    *(245, 256, 267, 278, 290, 302, 315, 328, 344, 357),
    *(374, 391, 411, 432, 456, 484, 517, 559, 619, 735),
)
"""FIDE Handbook B.02 8.1.2 at full scale, as printed: the largest difference D of each row, the row of
index i giving the higher-rated player PD = .50 + i/100 (0-3 -> .50, 4-10 -> .51, ..., 620-735 -> .99);
a larger D gives 1.00. The performance tie-breaks read it without the 400 cap (C.07 10.3, as the digest
docs/research/fide/05-C07-tie-breaks.md says)."""


def full_scale_scoring_probability(difference: int) -> Fraction:
    """B.02 8.1.2 read at full scale (`PD_UPPER_BOUNDS`): PD of the higher-rated player for |D|, and
    1 - PD for the lower-rated one."""
    return Fraction(full_scale_scoring_percentage(difference), 100)


def full_scale_scoring_percentage(difference: int) -> int:
    """`full_scale_scoring_probability` in hundredths, a whole number (the table's PDs have two
    decimals), for sums over many games."""
    higher = 50 + bisect_left(PD_UPPER_BOUNDS, abs(difference))
    return higher if difference >= 0 else 100 - higher
