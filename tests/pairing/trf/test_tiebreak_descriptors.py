"""The MTB26 descriptors of a TRF's ``202`` list read as the project's tie-break codes
(pairing/trf/standings.py; docs/research/fide/05-C07-tie-breaks.md, "TRF/MTB26 descriptor syntax")."""

from __future__ import annotations

from pairing.trf.standings import tiebreak_codes
from projections.tiebreaks import TIEBREAKS


def test_q199_every_cut_median_and_fore_modifier_reads_as_a_code_we_compute() -> None:
    """C.07 Art. 14 (Cut-1, Cut-2, Median-1, Median-2) and 8.2's AOB with FB (MTB26 `/F`): a ``202`` list
    with BH/M2 or AOB/F was refused as an unknown code (found by benchmarks/tiebreak_cross_check.py)."""
    descriptors = ["BH/C1", "bh/c2", "BH/M1", "BH/M2", "FB/C1", "SB/C1", "PS/C1", "ARO/C1", "AOB/F", "AOB", "TPN"]
    codes = tiebreak_codes(descriptors)
    assert codes == ("BH-C1", "BH-C2", "BH-M1", "BH-M2", "FB-C1", "SB-C1", "PS-C1", "ARO-C1", "AOB-F", "AOB", "TPN")
    assert set(codes) <= set(TIEBREAKS)
