"""`arbiter demo`: a short weekend Swiss (FIDE Dutch, five rounds) run through the same command service
as the real desk, with the everyday situations an arbiter meets: a late entry given a half-point bye for
the round already paired, a result found wrong after the next round was paired (corrected with its
reason, and that round paired again), seeded random results, every round sealed; then the standings, the
tail of the audit log, and `verify`."""

from __future__ import annotations

import random
from pathlib import Path

from tui import exit_codes

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


ROUNDS = 5
LATE_ENTRY = ("Kateryna Lagno", 2540, "FID")


def run_demo(given: str | None, seed: int, actor: str | None) -> int:
    from rich.text import Text

    from ledger.application import PlayerDetails
    from ledger.results import Game
    from ledger.settings import TournamentSettings
    from pairing.model import ByeKind
    from projections.audit import audit_lines
    from projections.standings import standings
    from tui import render
    from tui.wiring import open_ledger

    path = fresh_path(given)
    if path.exists():
        print(f"arbiter demo: {path} exists; the demo needs a fresh ledger (name another with --ledger)")
        return exit_codes.REFUSED
    out = render.console()
    ledger, views = open_ledger(str(path), actor or "demo-arbiter", create=True)
    settings = TournamentSettings.for_game(Game.CHESS, "dutch", ROUNDS, seed=seed)
    ledger.create_tournament("Demo Weekend Swiss", settings)
    ledger.register_players([PlayerDetails(name, rating=rating, federation=fed) for name, rating, fed in PLAYERS[:9]])
    rng = random.Random(seed)

    def say(text: str) -> None:
        out.print(Text(f"\n> {text}", style="bold"))

    def show(round_number: int) -> None:
        views.catch_up()
        state = views.state()
        out.print(render.pairings_table(state, state.rounds[round_number]))

    def play(round_number: int, boards: int) -> None:
        for board in range(1, boards + 1):
            ledger.record_result(round_number, board, rng.choices(RESULTS, weights=(4, 3, 3))[0])

    say("round 1 of a nine-player Dutch Swiss: the odd player out gets the pairing-allocated bye")
    first = ledger.pair_next_round()
    name, rating, fed = LATE_ENTRY
    (late,) = ledger.register_players([PlayerDetails(name, rating=rating, federation=fed)])
    ledger.request_bye(late, 1, ByeKind.HALF_POINT, "late entry: half a point for round 1 (regulations 4.2)")
    say(f"{name} arrives after round 1 was paired: registered as {late}, half a point for the missed round")
    play(1, len(first.boards))
    show(1)
    ledger.pair_next_round()
    views.catch_up()
    wrong = views.state().rounds[1].results[2].code
    right = "1/2" if wrong != "1/2" else "1-0"
    with ledger.command(confirmed=True):  # a Correction breach (docs/fide-mode.md, Q190): the arbiter confirms
        ledger.correct_result(1, 2, right, f"both scoresheets of board 2 are signed {right}", "demo")
    say(
        f"round 2 was paired, then board 2 of round 1 turns out {right}, not {wrong}: corrected with its reason, "
        "a confirmed Correction breach (a ### line in the TRF)"
    )
    ledger.repair_round(2, "round 1 board 2 corrected before play started", "demo")
    say("round 2 is paired again from the corrected scores (the first pairing stays in the log)")
    ledger.seal_round(1)
    for round_number in range(2, ROUNDS + 1):
        if round_number > 2:
            ledger.pair_next_round()
        play(round_number, len(views.state().rounds[round_number].boards))
        show(round_number)
        ledger.seal_round(round_number)
    views.catch_up()
    state = views.state()
    title = f"{state.name}: final standings (log position {state.position})"
    out.print(render.standings_table(state, standings(state), title))
    say("every decision that changed an earlier one, with who, when and why:")
    out.print(render.audit_table([line for line in audit_lines(ledger.log_events()) if line.reason]))
    report = ledger.verify()
    out.print(f"verify: {'ok' if report.ok else 'FAILED'}: {report.events} events, chain head {report.head}")
    out.print(
        f"\nThe ledger is {path}. Try:  arbiter standings --ledger {path}   arbiter log --ledger {path} --round 1"
    )
    return exit_codes.OK
