"""The desk on a signed ledger (ledger.roles, docs/security.md): a deputy's key records results from the
desk, a key without a role is refused there with the ledger's message and nothing appended."""

from __future__ import annotations

from pathlib import Path

from ledger.application import PlayerDetails
from ledger.results import Game
from ledger.settings import TournamentSettings
from ledger.signing import ArbiterKey
from tests.tui.test_desk import SIZE, results, settle, status, type_in
from tui.desk.app import DeskApp
from tui.desk.screens.session import DeskSession
from tui.wiring import open_ledger


def signed_club(directory: Path) -> tuple[str, dict[str, ArbiterKey]]:
    keys = {name: ArbiterKey.create(directory / f"{name}.key") for name in ("chief", "deputy", "stranger")}
    location = str(directory / "signed.ledger")
    ledger, views = open_ledger(location, "chief", create=True, key=keys["chief"])
    ledger.create_tournament("Signed Club", TournamentSettings.for_game(Game.CHESS, "round-robin", 5, seed=1))
    ledger.register_players([PlayerDetails(f"Player {n}", rating=2000 - n) for n in range(1, 7)])
    ledger.grant_key(keys["deputy"].fingerprint, keys["deputy"].public_hex, "deputy", "deputy arbiter")
    ledger.pair_next_round()
    views.catch_up()
    views.close()
    ledger.close()
    return location, keys


async def test_a_deputy_records_at_the_desk_and_a_stranger_is_refused(tmp_path: Path) -> None:
    location, keys = signed_club(tmp_path)
    for name, shown in (("stranger", ["", "", ""]), ("deputy", ["1-0", "", ""])):
        ledger, views = open_ledger(location, name, key=keys[name])
        app = DeskApp(DeskSession(ledger, views), poll_interval=3600.0)
        before = ledger.position()
        try:
            async with app.run_test(size=SIZE) as pilot:
                await settle(pilot)
                await type_in(pilot, "1 1-0")
                assert results(app) == shown, name
                if name == "stranger":
                    assert "has no role in this tournament" in status(app)
                    assert ledger.position() == before
        finally:
            app.session.close_ledger()
    ledger, views = open_ledger(location)
    assert ledger.verify_signatures().ok
    views.close()
    ledger.close()
