"""A rebuild of the read models from the log equals the tables kept current command by command, on
every backend (ARCHITECTURE.md, "Read models": "a full rebuild gives exactly the same result as
incremental catch-up"; issue 22, "Ledger at scale"), and the audit row a rebuild writes for each event
is the audit line the audit view shows (`projections.audit`)."""

from __future__ import annotations

import gc
import json
import random
from collections.abc import Iterator
from datetime import UTC, datetime
from uuid import uuid4

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.application import Ledger, PlayerDetails
from ledger.domain import Round
from ledger.errors import LedgerError, NoTournament
from ledger.results import Game
from ledger.settings import TournamentSettings
from pairing.model import ByeKind
from projections.audit import audit_lines, audit_row
from projections.history import histories
from projections.standings import standings
from projections.state import fold
from projections.views import TABLES, ReadModels
from tui.wiring import open_ledger

CHESS = ("1-0", "0-1", "1/2", "+-", "-+", "--")
REQUESTED = (ByeKind.HALF_POINT, ByeKind.ZERO_POINT, ByeKind.FULL_POINT)


def _command(ledger: Ledger, rng: random.Random) -> None:
    """One arbiter command drawn by `rng`: results (most of a log) on boards still without one, their
    corrections and voids (undone by compensating events), the next pairing once a round is complete and
    its withdrawal, withdrawals and re-entries, requested and cancelled byes, adjournments (C.04.2 3.1),
    late entries. Refusals are part of the game: they append nothing."""
    last = ledger.tournament().last_round
    missing = ledger.round(last).missing_results if last else []
    kind = rng.choices(range(11), weights=(12, 3, 1, 4, 1, 1, 1, 1, 1, 1, 1))[0]
    player = 1 + rng.randrange(8)
    played = 1 + rng.randrange(last) if last else 0
    try:
        if kind == 0 and missing:
            ledger.record_result(last, rng.choice(missing), rng.choice(CHESS))
        elif kind == 1 and last:
            ledger.correct_result(played, 1 + rng.randrange(4), rng.choice(CHESS), "scoresheet")
        elif kind == 2 and last:
            ledger.void_result(played, 1 + rng.randrange(4), "illegal position")
        elif kind == 3 and not missing:
            ledger.pair_next_round(force_reason="test")
        elif kind == 4:
            ledger.withdraw(player, None, "ill")
        elif kind == 5:
            ledger.reenter(player, None, "recovered")
        elif kind == 6 and last:
            ledger.unpair(last, "wrong data")
        elif kind == 7:
            ledger.request_bye(player, None, rng.choice(REQUESTED), "asked")
        elif kind == 8:
            ledger.cancel_bye(player, None, "changed mind")
        elif kind == 9 and missing:
            ledger.adjourn(last, rng.choice(missing), "time control")
        elif kind == 10:
            ledger.register_players([PlayerDetails(f"Late {rng.randrange(1000)}")])
    except LedgerError:
        pass


def _tables(views: ReadModels) -> dict[str, list[tuple[object, ...]]]:
    contents = {name: views.rows(name) for name in TABLES if name != "meta"}
    contents["position"] = [(views.position,)]
    return contents


@pytest.mark.parametrize(
    ("system", "seed"),
    [("round-robin", 1), ("dutch", 2), ("dutch", 3), ("dubov", 4), ("burstein", 5), ("round-robin", 6)],
)
def test_rebuild_equals_catch_up_on_every_backend(location: str, system: str, seed: int) -> None:
    """A generated tournament (8 players, 80 commands drawn with a fixed seed) on SQLite and PostgreSQL:
    the tables caught up after each command, rebuilt from the log, and built by a new process's read
    models are the same rows; the standings of the fold from the log are those of the kept fold."""
    ledger, views = open_ledger(location, "tester", create=True)
    ledger.create_tournament("T", TournamentSettings.for_game(Game.CHESS, system, 7))
    ledger.register_players([PlayerDetails(f"P{n}", rating=2000 - 10 * n) for n in range(1, 9)])
    rng = random.Random(seed)
    ledger.pair_next_round()
    for _ in range(80):
        _command(ledger, rng)
        views.catch_up()
    live = _tables(views)
    assert len(live["audit"]) == ledger.position()
    assert standings(fold(ledger.log_events())) == standings(views.state())
    views.rebuild()
    assert _tables(views) == live
    fresh = ReadModels(ledger, views.path.with_name(views.path.name + ".fresh"))
    assert _tables(fresh) == live


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), commands=st.integers(5, 50))
def test_a_rebuilds_audit_rows_are_the_audit_lines(
    tmp_path_factory: pytest.TempPathFactory, seed: int, commands: int
) -> None:
    """Every event's audit row (a recorded result's made from its fields at once) is its `AuditLine`
    with the time in ISO format and the players as a JSON list."""
    path = tmp_path_factory.mktemp("audit") / "t.ledger"
    ledger, views = open_ledger(str(path), "tester", create=True)
    ledger.create_tournament("T", TournamentSettings.for_game(Game.CHESS, "dutch", 5))
    ledger.register_players([PlayerDetails(f"P{n}") for n in range(1, 7)])
    rng = random.Random(seed)
    for _ in range(commands):
        _command(ledger, rng)
    timed = list(views.log.timed_events())
    rounds = {event.originator_id: event.round for _, event, _ in timed if isinstance(event, Round.Created)}
    lines = audit_lines((position, event) for position, event, _ in timed)
    assert len(lines) == ledger.position()
    for line, (position, event, time) in zip(lines, timed, strict=True):
        players = json.dumps(list(line.players))
        expected = (position, line.time.isoformat(), line.actor, line.kind, line.summary, line.round, players)
        assert audit_row(position, event, rounds, time) == (*expected, line.reason, line.reference)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), commands=st.integers(5, 60))
def test_the_history_view_gives_every_round_record_field_by_field(
    tmp_path_factory: pytest.TempPathFactory, seed: int, commands: int
) -> None:
    """The `history` view (the compact `records` with their `kind` read back) is every player's round record
    of every paired round, each field as the record has it: sides, outcomes, byes and floats as their names,
    `played` as 0 or 1, None as NULL; after the catch-ups and after a rebuild."""
    path = tmp_path_factory.mktemp("history") / "t.ledger"
    ledger, views = open_ledger(str(path), "tester", create=True)
    ledger.create_tournament("T", TournamentSettings.for_game(Game.CHESS, "dutch", 5))
    ledger.register_players([PlayerDetails(f"P{n}") for n in range(1, 8)])
    rng = random.Random(seed)
    ledger.pair_next_round()
    for _ in range(commands):
        _command(ledger, rng)
        views.catch_up()
    state = fold(ledger.log_events())
    expected = sorted(
        (
            number,
            record.round,
            record.opponent,
            None if record.side is None else str(record.side),
            None if record.outcome is None else str(record.outcome),
            record.points,
            1 if record.played else 0,
            None if record.bye is None else str(record.bye),
            str(record.float),
            record.score_for,
            record.score_against,
        )
        for number, records in histories(state, state.last_paired_round).items()
        for record in records
    )
    assert views.rows("history") == expected
    views.rebuild()
    assert views.rows("history") == expected


def test_a_fold_leaves_the_garbage_collector_as_it_found_it() -> None:
    """`fold` reads the log without cyclic garbage collection and turns it back on after, also when an event
    cannot be applied (a result in a log without a tournament); left off, it stays off."""
    seen = []

    def log() -> Iterator[tuple[int, object]]:
        seen.append(gc.isenabled())
        stamp = datetime.now(UTC)
        yield (
            1,
            Round.ResultRecorded(
                originator_id=uuid4(),
                originator_version=2,
                timestamp=stamp,
                board=1,
                first=1,
                second=2,
                result="1-0",
                actor="a",
            ),
        )

    assert gc.isenabled()
    with pytest.raises(NoTournament):
        fold(log())
    assert seen == [False] and gc.isenabled()
    gc.disable()
    try:
        fold([])
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_pairing_written_before_session_10_with_a_seated_players_bye_rebuilds_as_it_catches_up(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """A round robin's `Round.Paired` of an earlier version listed a requested bye of a player its fixed table
    seated (`ledger.application.pairing_payload` no longer does): the tables rebuilt from the seats equal the
    tables caught up from the records, and the player's record of the round keeps the board's opponent and
    the bye's points without the bye's kind, as the history has always given it."""
    path = tmp_path_factory.mktemp("legacy") / "t.ledger"
    ledger, views = open_ledger(str(path), "tester", create=True)
    ledger.create_tournament("T", TournamentSettings.for_game(Game.CHESS, "round-robin", 3))
    ledger.register_players([PlayerDetails(f"P{n}", rating=2000 - 10 * n) for n in range(1, 5)])
    tournament = ledger.tournament()
    tournament.open_round(1, "tester")
    round_ = Round(tournament_id=tournament.id, round=1, actor="tester")
    payload = {
        "boards": [[1, 4], [2, 3]],
        "byes": [{"number": 4, "kind": "half-point", "points": 0.5}],
        "engine": "round-robin",
        "engine_version": "1.0.0",
        "rules_edition": "",
        "options": {},
        "seed": 0,
        "input_digest": "",
        "input_position": ledger.position(),
        "explanation": [],
    }
    round_.publish(payload, "tester", "", "")
    ledger.save(tournament, round_)
    views.catch_up()  # the round's first rows: every row, from the seats
    ledger.record_result(1, 1, "1-0")
    views.catch_up()  # a result in the last round: its two players' rows, from their records
    live = _tables(views)
    (record,) = histories(views.state(), 1)[4]
    assert (record.opponent, record.points, record.bye) == (1, 0.5, None)
    views.rebuild()
    assert _tables(views) == live
