"""The IBF engines meet the engine contract under the system names of ARCHITECTURE.md."""

from __future__ import annotations

import pytest

from pairing.ibf.blind_draw import BlindDraw
from pairing.ibf.double_elimination import DoubleElimination
from pairing.ibf.re_entry import ReEntry
from pairing.ibf.single_elimination import SingleElimination
from pairing.ibf.storm import Storm
from pairing.ibf.subgroups import Subgroups
from pairing.ibf.swiss_coefficients import SwissByCoefficients
from pairing.ibf.swiss_elimination import SwissElimination
from pairing.model import Engine
from pairing.registry import systems
from tests.pairing.ibf.support import entrant, request

ENGINES: dict[str, type] = {
    "ibf-swiss": SwissByCoefficients,
    "blind-draw": BlindDraw,
    "swiss-elimination": SwissElimination,
    "subgroups": Subgroups,
    "storm": Storm,
    "single-elimination": SingleElimination,
    "double-elimination": DoubleElimination,
    "re-entry": ReEntry,
}


@pytest.mark.parametrize(("name", "factory"), ENGINES.items())
def test_engine_contract(name: str, factory: type) -> None:
    """ARCHITECTURE.md: `engine.pair(PairingInput) -> PairingOutcome`; name, version, rules edition; pure."""
    engine: Engine = factory()
    assert engine.name == name and engine.version and engine.rules_edition.startswith("IBF")
    asked = request(name, [entrant(n, rating=1500 + n) for n in range(1, 8)], 1, options={"draw_seed": "3"})
    assert engine.pair(asked) == engine.pair(asked)
    assert engine.pair(asked).explanation


@pytest.mark.parametrize("name", ENGINES)
def test_registered(name: str) -> None:
    assert name in systems()
