"""Without the C extension the engines pair exactly as with it (docs/performance.md, "Why a home-made
matching"): `$ARBITER_MATCHING=networkx` solves each matching once with its whole weight in Python
integers, where the native backend solves big brackets by tiers and digit chunks
(`pairing.matching.DigitGraph`). Rounds big enough for the tiers to be taken."""

from __future__ import annotations

import pytest

from pairing.fide import dutch
from pairing.fide.burstein import pair_with_trace
from pairing.fide.burstein.bracket import Weights
from pairing.fide.burstein.definitions import contenders
from pairing.fide.dutch.shortcuts import Shortcuts
from pairing.generator import greedy_paired
from pairing.matching import TIERED_BITS, available_backends
from pairing.model import PairingInput, PairingOutcome
from pairing.registry import engine_for

pytestmark = pytest.mark.skipif(
    not {"native", "networkx"} <= set(available_backends()), reason="needs both the native extension and networkx"
)


def paired_by(backend: str, system: str, request: PairingInput, monkeypatch: pytest.MonkeyPatch) -> PairingOutcome:
    monkeypatch.setenv("ARBITER_MATCHING", backend)
    return engine_for(system).pair(request)


@pytest.mark.parametrize("seed", [7, 8])
def test_burstein_2_2_2_the_same_pairing_in_pure_python(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """C.04.4.2 2.2.2 and 4.3 (the first best pairing) chosen identically by both backends; the biggest
    bracket's 4.3 field is wide enough for the native backend to solve it by tiers."""
    request = greedy_paired(120, 3, 5, seed)
    native = paired_by("native", "burstein", request, monkeypatch)
    _, trace = pair_with_trace(request)
    players = {c.number: c for c in contenders(request)}
    widest = max(Weights([players[n] for n in b.bracket], set(b.incoming), []).shift["C8"] for b in trace.brackets)
    assert widest >= TIERED_BITS
    assert paired_by("networkx", "burstein", request, monkeypatch) == native


@pytest.mark.parametrize("seed", [7, 8])
def test_dutch_3_8_the_same_pairing_in_pure_python(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """C.04.3 3.8 (the best candidate, then the first generated) chosen identically by both backends; the
    native backend solves some brackets by tiers, their first tiers and the first passes of heterogeneous
    brackets sparse first (`pairing.fide.dutch.shortcuts._sparse_first`)."""
    request = greedy_paired(120, 3, 5, seed, system="dutch")
    monkeypatch.setenv("ARBITER_MATCHING", "native")
    taken = Shortcuts()
    native = dutch.pair(request, taken)
    assert taken.tiered
    assert paired_by("networkx", "dutch", request, monkeypatch) == native
