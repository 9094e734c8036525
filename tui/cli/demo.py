"""`arbiter demo`: a 10-player chess round robin with seeded random results, run through the
same command service as the real desk, then shown: pairings, standings, audit log, verification."""

from __future__ import annotations

import random
from pathlib import Path

from ledger.application import PlayerDetails
from ledger.results import Game
from ledger.settings import TournamentSettings
from projections.audit import audit_lines
from projections.standings import standings
from tui import exit_codes, render
from tui.wiring import open_ledger

PLAYERS = (
    ("Alexandra Kosteniuk", 2480, "SUI"),
    ("Boris Gelfand", 2650, "ISR"),
    ("Carmen Kass", 2100, "EST"),
    ("Dmitri Jakovenko", 2630, "RUS"),
    ("Elisabeth Pähtz", 2460, "GER"),
    ("Fabiano Caruana", 2800, "USA"),
    ("Gukesh Dommaraju", 2780, "IND"),
    ("Hou Yifan", 2650, "CHN"),
    ("Ivan Sokolov", 2550, "NED"),
    ("Judit Polgar", 2700, "HUN"),
)
RESULTS = ("1-0", "1/2", "0-1")


def fresh_path(given: str | None) -> Path:
    """The given path, or the first of demo.ledger, demo-2.ledger, ... that does not exist yet."""
    if given:
        return Path(given)
    path, n = Path("demo.ledger"), 1
    while path.exists():
        n += 1
        path = Path(f"demo-{n}.ledger")
    return path


def run_demo(given: str | None, seed: int, actor: str | None) -> int:
    path = fresh_path(given)
    if path.exists():
        print(f"arbiter demo: {path} exists; the demo needs a fresh ledger (name another with --ledger)")
        return exit_codes.REFUSED
    out = render.console()
    ledger, views = open_ledger(str(path), actor or "demo-arbiter", create=True)
    ledger.create_tournament("Demo Round Robin", TournamentSettings.for_game(Game.CHESS, "round-robin", 9, seed=seed))
    ledger.register_players([PlayerDetails(name, rating=rating, federation=fed) for name, rating, fed in PLAYERS])
    rng = random.Random(seed)
    for _ in range(9):
        pairing = ledger.pair_next_round()
        for board in range(1, len(pairing.boards) + 1):
            ledger.record_result(pairing.round, board, rng.choices(RESULTS, weights=(4, 3, 3))[0])
        if pairing.round == 4:
            recorded = views.state().rounds[4].results[1].code
            corrected = "1/2" if recorded != "1/2" else "1-0"
            ledger.correct_result(4, 1, corrected, "both scoresheets are signed " + corrected, "demo")
        ledger.seal_round(pairing.round)
        views.catch_up()
        state = views.state()
        out.print(render.pairings_table(state, state.rounds[pairing.round]))
    state = views.state()
    title = f"{state.name}: final standings (log position {state.position})"
    out.print(render.standings_table(state, standings(state), title))
    out.print(render.audit_table(audit_lines(ledger.log_events())[-8:]))
    report = ledger.verify()
    out.print(f"verify: {'ok' if report.ok else 'FAILED'}: {report.events} events, chain head {report.head}")
    out.print(
        f"\nThe ledger is {path}. Try:  arbiter standings --ledger {path}   arbiter log --ledger {path} --round 4"
    )
    return exit_codes.OK
