"""The engine contract (ARCHITECTURE.md, "Pairing engines"; `pairing.model.Engine`), once for every system
the registry knows: `engine.pair(PairingInput) -> PairingOutcome`, a name, a version and a rules edition,
and a pure function of its input."""

from __future__ import annotations

import pytest

from pairing.model import Decision, PairingOutcome
from pairing.registry import engine_for, systems
from tests.builders import entrant, request

ARCHITECTURE_SYSTEMS = (
    "round-robin",
    "dutch",
    "dubov",
    "burstein",
    "ibf-swiss",
    "blind-draw",
    "swiss-elimination",
    "single-elimination",
    "double-elimination",
    "re-entry",
    "storm",
    "random",
    "koth",
    "quartile",
    "factored",
    "swiss",
    "fontes",
    "chew",
    "lower-round-robin",
    "team-round-robin",
    "bracket",
)
"""The system names ARCHITECTURE.md ("Pairing engines") gives `arbiter new --system`."""


def field(size: int) -> list:
    """`size` rated players in two teams of equal size (team round robins need teams)."""
    return [entrant(n, rating=2400 - 10 * n, team=f"T{n % 2 + 1}") for n in range(1, size + 1)]


def test_every_system_of_the_architecture_is_registered() -> None:
    assert set(ARCHITECTURE_SYSTEMS) <= set(systems())


@pytest.mark.parametrize("name", systems())
def test_the_engine_is_named_as_registered_and_says_its_version_and_rules(name: str) -> None:
    engine = engine_for(name)
    assert engine.name == name
    assert engine.version.strip() and engine.rules_edition.strip()


@pytest.mark.parametrize("name", systems())
def test_the_same_input_gives_the_same_outcome_bit_for_bit(name: str) -> None:
    """ARCHITECTURE.md: "An engine is a pure function of its input: same input, same output, bit for bit"
    (a fresh engine included)."""
    asked = request(name, field(8), options={"draw_seed": "3"})
    outcome = engine_for(name).pair(asked)
    assert isinstance(outcome, PairingOutcome)
    assert outcome == engine_for(name).pair(asked) == engine_for(name).pair(asked)


@pytest.mark.parametrize("name", systems())
def test_boards_and_byes_seat_each_entrant_at_most_once_with_an_explanation(name: str) -> None:
    """ARCHITECTURE.md: boards in order, byes with their kind and points, and an explanation in the rules'
    own article numbers. (Who is seated besides is each system's rule: a round robin keeps a withdrawn
    player's fixtures, a Swiss does not.)"""
    outcome = engine_for(name).pair(request(name, field(8), options={"draw_seed": "3"}))
    seats = [p for b in outcome.boards for p in (b.first, b.second)] + [b.player for b in outcome.byes]
    assert len(seats) == len(set(seats))
    assert set(seats) <= set(range(1, 9))
    assert all(b.first != b.second for b in outcome.boards)
    assert outcome.explanation and all(isinstance(d, Decision) and d.article for d in outcome.explanation)
