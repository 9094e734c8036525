"""Arbiters' keys and roles (ledger.roles, docs/security.md), on SQLite and PostgreSQL: every event of a
signed ledger carries a signature `verify` checks, the creating key is the chief's, a key without a role
records nothing (exit 3 at the CLI), and the roles split the work as the rules guide 6.5 splits rulings
and appeals."""

from __future__ import annotations

import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from psycopg import sql

from ledger.application import Ledger, PlayerDetails
from ledger.errors import InvalidInput, Remedy, RemedyAction
from ledger.results import Game
from ledger.roles import NotAuthorised
from ledger.settings import TournamentSettings
from ledger.signing import ArbiterKey
from tests.conftest import POSTGRES_URL
from tests.tui.cli_support import run
from tui import exit_codes
from tui.wiring import open_ledger


@pytest.fixture
def keys(tmp_path: Path) -> dict[str, ArbiterKey]:
    return {name: ArbiterKey.create(tmp_path / f"{name}.key") for name in ("chief", "deputy", "appeals", "stranger")}


@pytest.fixture
def desks(location: str, keys: dict[str, ArbiterKey]) -> Iterator[dict[str, Ledger]]:
    """A signed six-player round robin made by the chief, round 1 paired; a desk per key."""
    opened = {name: open_ledger(location, name, create=True, key=key)[0] for name, key in keys.items()}
    chief = opened["chief"]
    chief.create_tournament("Signed Open", TournamentSettings.for_game(Game.CHESS, "round-robin", 5, seed=7))
    chief.register_players([PlayerDetails(f"Player {n}", rating=2000 - n) for n in range(1, 7)])
    chief.grant_key(keys["deputy"].fingerprint, keys["deputy"].public_hex, "deputy", "deputy arbiter, hall B")
    chief.grant_key(keys["appeals"].fingerprint, keys["appeals"].public_hex, "appeals", "appeals committee chair")
    opened["deputy"].pair_next_round()
    yield opened
    for ledger in opened.values():
        ledger.close()


def refused_without_trace(
    ledger: Ledger, command: object, *fragments: str, remedy: RemedyAction = RemedyAction.GRANT_ROLE
) -> None:
    """The command is refused (`NotAuthorised`, with `remedy` the way out: by default a role the chief
    arbiter grants), its message has every fragment, and nothing is appended."""
    position = ledger.position()
    with pytest.raises(NotAuthorised) as raised:
        command()  # type: ignore[operator]
    for fragment in fragments:
        assert fragment in str(raised.value)
    assert raised.value.remedies == (Remedy(remedy),)
    assert ledger.position() == position


def test_every_event_is_signed_and_verify_names_each_key_with_its_role(
    desks: dict[str, Ledger], keys: dict[str, ArbiterKey]
) -> None:
    deputy = desks["deputy"]
    deputy.record_result(1, 1, "1-0")
    report = deputy.verify_signatures()
    assert report.signed and report.ok, report
    roles = {key: (role, count) for key, role, count in report.keys}
    assert roles[keys["chief"].fingerprint] == ("chief", 9)  # created, 6 players, 2 grants
    assert roles[keys["deputy"].fingerprint] == ("deputy", 4)  # round opened, round stream, paired, result
    assert roles[keys["appeals"].fingerprint] == ("appeals", 0)


def test_a_key_without_a_role_cannot_write(desks: dict[str, Ledger], keys: dict[str, ArbiterKey]) -> None:
    stranger = desks["stranger"]
    refused_without_trace(
        stranger, lambda: stranger.record_result(1, 1, "1-0"), keys["stranger"].fingerprint, "has no role"
    )


def test_no_key_and_an_unsigned_key_are_refused_in_a_signed_ledger(desks: dict[str, Ledger], location: str) -> None:
    anonymous, _ = open_ledger(location, "anonymous")
    try:
        refused_without_trace(
            anonymous,
            lambda: anonymous.record_result(1, 1, "1-0"),
            "this ledger is signed",
            remedy=RemedyAction.GIVE_KEY,
        )
    finally:
        anonymous.close()


def test_deputies_do_the_desk_work_but_not_the_chiefs(desks: dict[str, Ledger], keys: dict[str, ArbiterKey]) -> None:
    """Withdrawing a published pairing (unpair, re-pair, rollback), sealing and granting are the chief's."""
    deputy = desks["deputy"]
    deputy.record_result(1, 1, "1-0")
    deputy.correct_result(1, 1, "0-1", reason="scoresheets show Black won")
    refused_without_trace(deputy, lambda: deputy.unpair(1, reason="wrong pairing"), "deputy key", "needs chief")
    refused_without_trace(deputy, lambda: deputy.rollback(0, reason="start again"), "needs chief")
    stranger = keys["stranger"]
    refused_without_trace(
        deputy,
        lambda: deputy.grant_key(stranger.fingerprint, stranger.public_hex, "deputy", "help"),
        "needs chief",
    )


def test_appeal_rulings_need_the_appeals_role_or_the_chief_and_sealed_rounds_the_chief(
    desks: dict[str, Ledger],
) -> None:
    """Rules guide 6.5: the committee rules on an appeal; after the seal only the chief changes a result."""
    deputy, appeals, chief = desks["deputy"], desks["appeals"], desks["chief"]
    for board in (1, 2, 3):
        deputy.record_result(1, board, "1-0")
    chief.seal_round(1)
    appeal = deputy.lodge_appeal(2, "round 1 board 1", reason="clock malfunction")
    refused_without_trace(
        deputy, lambda: deputy.rule_appeal(appeal, {"a": True, "b": True}, reason="upheld"), "needs appeals or chief"
    )
    refused_without_trace(appeals, lambda: appeals.lodge_appeal(3, "board 2", reason="noise"), "appeals key")
    assert appeals.rule_appeal(appeal, {"a": True, "b": True}, reason="the clock was faulty") == "upheld"
    refused_without_trace(
        deputy,
        lambda: deputy.correct_result(1, 1, "1/2", reason="appeal upheld", appeal=appeal),
        "in a sealed round needs chief",
    )
    chief.correct_result(1, 1, "1/2", reason="appeal upheld", appeal=appeal)
    report = chief.verify_signatures()
    assert report.ok, report


def change_signatures(location: str, statement: str, values: tuple[object, ...]) -> None:
    """Run `statement` ("... {table} ... %s") on the signatures table, as someone holding the file or
    the database's owner could: first out of the way of the append-only triggers."""
    if not location.startswith("postgresql"):
        with sqlite3.connect(location) as db:
            for change in ("update", "delete"):
                db.execute(f"DROP TRIGGER event_signatures_append_only_{change}")
            db.execute(statement.format(table="event_signatures").replace("%s", "?"), values)
        return
    schema = location.rpartition("schema=")[2]
    with psycopg.connect(POSTGRES_URL, autocommit=True) as conn:
        (table,) = conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = %s "
            "AND table_name LIKE '%%event_signatures'",
            (schema,),
        ).fetchone()  # type: ignore[misc]
        target = sql.SQL("{}.{}").format(sql.Identifier(schema), sql.Identifier(table)).as_string(conn)
        conn.execute("SET session_replication_role = replica")  # triggers off, as the owner may
        conn.execute(statement.format(table=target), values)  # type: ignore[arg-type]


def test_a_tampered_signature_fails_verify(desks: dict[str, Ledger], location: str) -> None:
    chief = desks["chief"]
    position = chief.position()
    change_signatures(location, "UPDATE {table} SET signature = %s WHERE position = %s", (bytes(64), position))
    report = chief.verify_signatures()
    assert not report.ok and report.first_bad_position == position
    assert "does not match" in report.problem


def test_an_unsigned_event_in_a_signed_ledger_fails_verify(desks: dict[str, Ledger], location: str) -> None:
    change_signatures(location, "DELETE FROM {table} WHERE position = %s", (3,))
    report = desks["chief"].verify_signatures()
    assert (report.ok, report.first_bad_position, report.problem) == (
        False,
        3,
        "the event is not signed, in a signed ledger",
    )


def test_signatures_are_append_only_at_the_database(desks: dict[str, Ledger], location: str) -> None:
    """As the events table (ARCHITECTURE.md, "The event log"), the signatures refuse UPDATE and DELETE."""
    if location.startswith("postgresql"):
        schema = location.rpartition("schema=")[2]
        with psycopg.connect(POSTGRES_URL, autocommit=True) as conn:
            for statement in ("UPDATE {}.{} SET signature = NULL", "DELETE FROM {}.{}"):
                (table,) = conn.execute(
                    "SELECT table_name FROM information_schema.tables WHERE table_schema = %s "
                    "AND table_name LIKE '%%event_signatures'",
                    (schema,),
                ).fetchone()  # type: ignore[misc]
                with pytest.raises(psycopg.errors.RaiseException, match="append-only"):
                    conn.execute(sql.SQL(statement).format(sql.Identifier(schema), sql.Identifier(table)))
    else:
        with sqlite3.connect(location) as db:
            for statement in ("UPDATE event_signatures SET signature = NULL", "DELETE FROM event_signatures"):
                with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                    db.execute(statement)
    assert desks["chief"].verify_signatures().ok


def test_a_grant_must_carry_the_public_key_of_its_fingerprint(
    desks: dict[str, Ledger], keys: dict[str, ArbiterKey]
) -> None:
    chief = desks["chief"]
    refused_without_trace(
        chief,
        lambda: chief.grant_key(keys["stranger"].fingerprint, keys["deputy"].public_hex, "deputy", "typo"),
        "fingerprint is",
        remedy=RemedyAction.SHOW_KEY,
    )


def test_a_role_taken_away_records_nothing_more(desks: dict[str, Ledger], keys: dict[str, ArbiterKey]) -> None:
    desks["chief"].grant_key(keys["deputy"].fingerprint, keys["deputy"].public_hex, "none", "key lost")
    deputy = desks["deputy"]
    refused_without_trace(deputy, lambda: deputy.record_result(1, 1, "1-0"), "has no role")
    assert desks["chief"].verify_signatures().ok


def test_a_ledger_without_keys_keeps_working_and_verify_says_it_is_unsigned(
    location: str, new_tournament: Any, keys: dict[str, ArbiterKey]
) -> None:
    ledger = new_tournament(location, players=4)
    ledger.pair_next_round()
    report = ledger.verify_signatures()
    assert not report.signed and report.ok
    signing, _ = open_ledger(location, "late", key=keys["chief"])
    try:
        refused_without_trace(
            signing,
            lambda: signing.record_result(1, 1, "1-0"),
            "made without arbiter keys",
            remedy=RemedyAction.SIGN_NOTHING,
        )
    finally:
        signing.close()


def test_postgres_records_the_session_user_with_every_event(desks: dict[str, Ledger], location: str) -> None:
    if not location.startswith("postgresql"):
        pytest.skip("session_user is PostgreSQL's")
    report = desks["chief"].verify_signatures()
    with psycopg.connect(POSTGRES_URL) as conn:
        (user,) = conn.execute("SELECT session_user").fetchone()  # type: ignore[misc]
    assert report.session_users == ((user, desks["chief"].position()),)


def test_key_files_are_private_and_never_overwritten(tmp_path: Path) -> None:
    key = ArbiterKey.create(tmp_path / "config" / "arbiter.key")
    assert stat.S_IMODE(key.path.stat().st_mode) == 0o600
    assert ArbiterKey.load(key.path).fingerprint == key.fingerprint
    with pytest.raises(InvalidInput, match="never overwritten"):
        ArbiterKey.create(key.path)
    key.path.chmod(0o644)
    with pytest.raises(InvalidInput, match="chmod 600"):
        ArbiterKey.load(key.path)


def test_cli_key_new_grant_and_a_refused_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The commands an arbiter types: the private key is never printed; a key without a role exits 3."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    code, out, err = run(capsys, "key", "new")
    chief_file = tmp_path / "config" / "arbiter-ledger" / "arbiter.key"
    secret = chief_file.read_text().splitlines()[1]
    assert code == exit_codes.OK and out.strip() == ArbiterKey.load(chief_file).fingerprint
    assert secret not in out + err
    deputy_file = str(tmp_path / "deputy.key")
    run(capsys, "key", "new", "--file", deputy_file)
    code, out, err = run(capsys, "key", "show", "--key", deputy_file)
    assert code == exit_codes.OK and Path(deputy_file).read_text().splitlines()[1] not in out + err
    deputy = ArbiterKey.load(Path(deputy_file))
    ledger = str(tmp_path / "t.ledger")
    base = ("--ledger", ledger)
    run(capsys, "new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "3", *base, "--key", str(chief_file))
    code, _, err = run(capsys, "register", "Ann", *base, "--key", deputy_file)
    assert code == exit_codes.REFUSED and "has no role" in err
    monkeypatch.setenv("ARBITER_KEY", str(chief_file))
    grant = ("grant", deputy.fingerprint, "--public-key", deputy.public_hex, "--role", "deputy", "--reason", "desk")
    assert run(capsys, *grant, *base)[0] == exit_codes.OK
    code, _, _ = run(capsys, "register", "Ann", *base, "--key", deputy_file)
    assert code == exit_codes.OK
    code, out, _ = run(capsys, "verify", *base)
    assert code == exit_codes.OK
    assert f"key {deputy.fingerprint} deputy: 1 events signed" in out
    chief = ArbiterKey.load(chief_file).fingerprint
    assert run(capsys, "verify", "--chief", chief, *base)[0] == exit_codes.OK
    code, out, _ = run(capsys, "verify", "--chief", deputy.fingerprint, *base)
    assert code == exit_codes.VERIFY_FAILED and f"made by the key {chief}, not by" in out
    change_signatures(ledger, "UPDATE {table} SET signature = zeroblob(64) WHERE position = %s", (1,))
    code, out, _ = run(capsys, "verify", *base)
    assert code == exit_codes.VERIFY_FAILED and "signatures FAILED at position 1" in out
