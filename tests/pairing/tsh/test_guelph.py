"""Guelph pairings: tsh `GUELPH` (rules text, "Andy Saunders' tournaments in Guelph")."""

from __future__ import annotations

from collections import Counter

import pytest

from pairing.model import NoValidPairing
from pairing.tsh.guelph import Guelph
from tests.pairing.tsh.builders import pairs, player, request, simulate


def test_guelph_eight_quads_1458_and_2367_then_cross_pairings():
    """Rules text: "In rounds 1-3, 1458 (A) and 2367 (B) each play a round robin. In round 4: A1-B2
    B1-A2 A3-B4 A4-B3. In round 5: A1-B1 A2-B2 A3-B3 A4-B4. In round 6: KOTH with infinite repeats"."""
    after, outcomes = simulate(Guelph(), [player(n) for n in range(1, 9)], 5, total_rounds=6)
    first_three = Counter(p for o in outcomes[:3] for p in pairs(o))
    assert set(first_three) == {frozenset(p) for q in ((1, 4, 5, 8), (2, 3, 6, 7)) for p in _pairs_of(q)}
    quad_a = {1, 4, 5, 8}
    for outcome in outcomes[3:5]:
        assert all(len(p & quad_a) == 1 for p in pairs(outcome))
    last = Guelph().pair(request(after, 6, 6))
    assert len(last.boards) == 4 and last.explanation[0].text.endswith("with Gibsonization")


def test_guelph_six_round_robin_then_koth():
    """Rules text: "Six-player groups play a round robin followed by KOTH with repeats"."""
    after, outcomes = simulate(Guelph(), [player(n) for n in range(1, 7)], 5, total_rounds=6)
    met = Counter(p for o in outcomes for p in pairs(o))
    assert len(met) == 15 and set(met.values()) == {1}
    last = Guelph().pair(request(after, 6, 6))
    assert all(d.article == "KOTH" for d in last.explanation if d.text.startswith("board"))


def test_guelph_needs_six_eight_or_ten():
    with pytest.raises(NoValidPairing, match="six, eight or ten"):
        Guelph().pair(request([player(n) for n in range(1, 8)], 1, 6))


def _pairs_of(quad):
    return [(a, b) for i, a in enumerate(quad) for b in quad[i + 1 :]]
