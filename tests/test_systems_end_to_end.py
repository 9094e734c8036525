"""Every registered system runs a tournament through the ledger: engine, service, projections and
read models together (ARCHITECTURE.md, "Pairing engines": one contract for every system)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ledger.application import PlayerDetails
from ledger.errors import RoundNotReady, RuleViolation
from ledger.results import Game
from ledger.settings import ROUNDS_FROM_ENTRIES, TournamentSettings
from pairing.registry import bracket_systems, systems
from pairing.tsh import ENGINES as TSH_ENGINES
from projections.standings import standings
from tui.wiring import open_ledger

GAMES = {
    "chess": (Game.CHESS, ("1-0", "0-1", "1/2")),
    "backgammon": (Game.BACKGAMMON, ("3-1", "1-3", "4-2", "0-3")),
    "scrabble": (Game.SCRABBLE, ("412-380", "350-401", "390-390", "455-300")),
}
TSH = set(TSH_ENGINES)
"""The Scrabble systems (their engine contract and names are checked in tests/pairing/tsh)."""
EVEN_FIELDS = {"guelph": 8, "team-round-robin": 8}
"""Systems for fixed field shapes: Guelph groups of six, eight or ten; an even number of teams."""
IBF = {
    "ibf-swiss",
    "blind-draw",
    "swiss-elimination",
    "subgroups",
    "storm",
    "single-elimination",
    "double-elimination",
    "re-entry",
}


def game_of(system: str) -> str:
    return "scrabble" if system in TSH else "backgammon" if system in IBF else "chess"


@pytest.mark.parametrize("system", [s for s in systems() if s not in {"manual"}])
def test_a_tournament_runs_through_the_ledger(system: str, tmp_path: Path) -> None:
    game, results = GAMES[game_of(system)]
    ledger, views = open_ledger(str(tmp_path / "t.ledger"), "tester", create=True)
    rounds = ROUNDS_FROM_ENTRIES if system in bracket_systems() else 5  # IBF 3.1.3: a bracket's size sets its rounds
    ledger.create_tournament("T", TournamentSettings.for_game(game, system, rounds, seed=11))
    field = EVEN_FIELDS.get(system, 9)
    teams = 2 if system in EVEN_FIELDS else 3
    ledger.register_players(
        [PlayerDetails(f"P{n}", rating=2000 - 37 * n, team=f"T{n % teams}") for n in range(1, field + 1)]
    )
    rng = random.Random(system)
    rounds_paired = 0
    for _ in range(5):
        try:
            pairing = ledger.pair_next_round()
        except (RuleViolation, RoundNotReady) as refusal:
            assert str(refusal)  # an engine may end (a bracket is decided): it says why
            break
        rounds_paired += 1
        seated = [n for b in pairing.boards for n in (b.first, b.second)] + [b.player for b in pairing.byes]
        assert len(seated) == len(set(seated)), "nobody twice in a round"
        for board in range(1, len(pairing.boards) + 1):
            ledger.record_result(pairing.round, board, rng.choice(results))
        views.catch_up()
    assert rounds_paired >= 1
    assert ledger.verify().ok
    state = views.state()
    assert len(standings(state)) == field
    live = views.rows("standings")
    views.rebuild()
    assert views.rows("standings") == live
