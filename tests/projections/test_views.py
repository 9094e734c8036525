"""Read models: a rebuild equals catch-up, "as of" any position, async reads that never block the writer,
versioned tables (issue 3; ARCHITECTURE.md, "Read models")."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import pickle
import re
import shutil
import sqlite3
import threading
from collections.abc import Iterable
from pathlib import Path

import pytest
from attrs import evolve, fields
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.application import PlayerDetails
from ledger.domain import Round
from ledger.errors import LedgerError
from ledger.persistence import _RECORDED_RESULT, RecordedResults
from ledger.results import Game
from ledger.settings import TournamentSettings
from pairing.model import ByeKind
from projections.async_views import AsyncViews
from projections.history import pairing_input
from projections.snapshot import DIGEST_SIZE, from_json, opened, to_json
from projections.standings import StandingRow, standings
from projections.state import fold
from projections.views import STATE_SNAPSHOT_EVERY, TABLES, ReadModels, table
from tui.cli.main import main
from tui.wiring import open_ledger

CHESS = ("1-0", "0-1", "1/2", "+-", "-+", "--")


def new_tournament(path: Path, players: int = 6, rounds: int = 5, system: str = "round-robin"):
    ledger, views = open_ledger(str(path), "tester", create=True)
    ledger.create_tournament("T", TournamentSettings.for_game(Game.CHESS, system, rounds))
    ledger.register_players([PlayerDetails(f"P{n}", rating=2000 - 10 * n) for n in range(1, players + 1)])
    return ledger, views


def table_contents(views: ReadModels) -> dict[str, list[tuple[object, ...]]]:
    contents = {name: views.rows(name) for name in TABLES if name != "meta"}
    contents["position"] = [(views.position,)]
    return contents


def apply_command(ledger, step: tuple[int, int, int]) -> None:
    """One arbiter command chosen by `step`; refusals are part of the game (nothing is appended)."""
    kind, a, b = step
    last = ledger.tournament().last_round
    try:
        match kind:
            case 0 | 1 | 2:
                if last:
                    ledger.record_result(last, 1 + a % 3, CHESS[b % len(CHESS)])
            case 3:
                if last:
                    ledger.correct_result(1 + a % last, 1 + b % 3, CHESS[(a + b) % len(CHESS)], "scoresheet")
            case 4:
                if last:
                    ledger.void_result(1 + a % last, 1 + b % 3, "illegal position")
            case 5:
                ledger.pair_next_round(force_reason="test" if b % 2 else "")
            case 6:
                ledger.withdraw(1 + a % 6, None, "ill")
            case 7:
                ledger.reenter(1 + a % 6, None, "recovered")
            case 8:
                if last:
                    ledger.unpair(last, "wrong data", "")
            case _:
                ledger.register_players([PlayerDetails(f"Late {a}-{b}")])
    except LedgerError:
        pass


@pytest.mark.parametrize(("system", "players"), [("round-robin", 6), ("dutch", 7)])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, 9), st.integers(0, 20), st.integers(0, 20)), min_size=5, max_size=30))
def test_rebuild_equals_catch_up(
    tmp_path_factory: pytest.TempPathFactory, system: str, players: int, steps: list[tuple[int, int, int]]
) -> None:
    """Tables kept current command by command equal the tables rebuilt from the whole log (a round
    robin; a Swiss with byes and its Buchholz tie-breaks)."""
    ledger, views = new_tournament(tmp_path_factory.mktemp("t") / "t.ledger", players=players, system=system)
    ledger.pair_next_round()
    for step in steps:
        apply_command(ledger, step)
        views.catch_up()
    live = table_contents(views)
    views.rebuild()
    assert table_contents(views) == live
    fresh = ReadModels(ledger, views.path.with_suffix(".fresh"))
    assert table_contents(fresh) == live


def test_the_log_reads_as_the_eventsourcing_mapper_decodes_it(tmp_path: Path) -> None:
    """`LogReader` (orjson, rows read straight from the table) gives the events the eventsourcing
    mapper decodes from the stored notifications (a 19-digit seed, the largest the ledger takes, a name
    with a quote and non-ASCII letters), and each timestamp's `isoformat()` text."""
    ledger, views = open_ledger(str(tmp_path / "t.ledger"), "tester", create=True)
    settings = TournamentSettings.for_game(Game.CHESS, "dutch", 3, seed=2**62)
    ledger.create_tournament('The "Open" Zürich', settings)
    ledger.register_players([PlayerDetails(f"Émile {n}", rating=1900 + n) for n in range(1, 6)])
    ledger.pair_next_round()
    ledger.record_result(1, 1, "1-0")
    ledger.correct_result(1, 1, "1/2", "scoresheet")
    stored = ledger.recorder.select_notifications(start=1, limit=1000)
    expected = [(n.id, type(e), vars(e)) for n in stored for e in [ledger.mapper.to_domain_event(n)]]
    assert [(position, type(event), vars(event)) for position, event in views.log.events()] == expected
    assert [(position, type(event), vars(event)) for position, event, _ in views.log.timed_events()] == expected
    assert all(time == event.timestamp.isoformat() for _, event, time in views.log.timed_events(start=3, stop=9))
    assert vars(next(views.log.events())[1])["settings"]["seed"] == 2**62


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, 9), st.integers(0, 20), st.integers(0, 20)), min_size=5, max_size=30))
def test_a_replay_folds_as_the_logs_events_do(tmp_path_factory: pytest.TempPathFactory, steps: list) -> None:
    """`Ledger.replay` (recorded results read by `_RECORDED_RESULT` into `RecordedResults`, a run of one
    round's results one after the other) folds to the state the log's decoded events fold to, up to every
    position, a stop inside a run included; a result recorded by an actor whose name is not plain ASCII is
    decoded as an event, and folds the same. The runs hold the results in log order, each run at its last
    result's position."""
    ledger, _ = new_tournament(tmp_path_factory.mktemp("replay") / "t.ledger", players=7, system="dutch")
    ledger.pair_next_round()
    for step in steps:
        apply_command(ledger, step)
    actor_ledger, _ = open_ledger(ledger.location, 'Zoë "Z" Ünal')
    with contextlib.suppress(LedgerError):
        actor_ledger.record_result(actor_ledger.tournament().last_round, 2, "1-0")
    for stop in range(1, ledger.position() + 1, 7):
        assert fold(ledger.replay(stop=stop)) == fold(ledger.log_events(stop=stop))
    assert fold(ledger.replay()) == fold(ledger.log_events())
    assert runs_of(ledger.log_events()) == runs_of(ledger.replay())


def runs_of(events: Iterable[tuple[int, object]]) -> list[tuple[int, object, list[tuple[int, str]]]]:
    """The (last position, round stream, [(board, code), ...]) of each run of results one after the other
    and of one round: the results `Ledger.replay` reads into a `RecordedResults` (of a plain ASCII actor), from
    the decoded events or from the replay's runs."""
    runs: list[tuple[int, object, list[tuple[int, str]]]] = []
    following = False
    for position, event in events:
        if isinstance(event, RecordedResults):
            pairs = list(zip(event.boards, event.results, strict=True))
        elif isinstance(event, Round.ResultRecorded) and event.actor.isascii() and '"' not in event.actor:
            pairs = [(event.board, event.result)]
        else:
            following = False
            continue
        if following and runs[-1][1] == event.originator_id:
            runs[-1] = (position, event.originator_id, runs[-1][2] + pairs)
        else:
            runs.append((position, event.originator_id, pairs))
        following = True
    return runs


def test_a_replay_reads_the_recorded_results_on_each_backend(location: str) -> None:
    """SQLite and PostgreSQL: the three results recorded one after the other come as one `RecordedResults`
    at the third's position (the rest as events, the correction among them), and the replay folds to the
    state and standings of the decoded events, up to the last position, before it, and inside the run."""
    ledger, _ = open_ledger(location, "tester", create=True)
    ledger.create_tournament("T", TournamentSettings.for_game(Game.CHESS, "round-robin", 5))
    ledger.register_players([PlayerDetails(f"P{n}", rating=2000 - 10 * n) for n in range(1, 7)])
    ledger.pair_next_round()
    for board, code in ((1, "1-0"), (2, "1/2"), (3, "0-1")):
        ledger.record_result(1, board, code)
    ledger.correct_result(1, 2, "1-0", "scoresheet")
    replayed = list(ledger.replay())
    positions = [position for position, _ in ledger.log_events()]
    assert [position for position, _ in replayed] == positions[:-4] + positions[-2:]
    run = replayed[-2][1]
    assert isinstance(run, RecordedResults)
    assert (run.boards, run.results) == ([1, 2, 3], ["1-0", "1/2", "0-1"])
    assert isinstance(replayed[-1][1], Round.ResultCorrected)
    for stop in (ledger.position(), ledger.position() - 2, ledger.position() - 3):
        state = fold(ledger.replay(stop=stop))
        assert state == fold(ledger.log_events(stop=stop))
        assert standings(state) == standings(fold(ledger.log_events(stop=stop)))


@settings(max_examples=300, deadline=1000)
@given(
    board=st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.booleans() | st.text(max_size=3),
    result=st.text(max_size=8),
    actor=st.text(max_size=8),
    stamp=st.text(alphabet="0123456789-T:.+Z ", max_size=34),
    extra=st.dictionaries(st.sampled_from(["board", "result", "reason", "timestamp"]), st.integers(), max_size=2),
    ascii_only=st.booleans(),
)
def test_a_state_the_recorded_result_layout_matches_decodes_to_what_it_captures(
    board: object, result: str, actor: str, stamp: str, extra: dict, ascii_only: bool
) -> None:
    """Fuzzing the reader's shortcut (`ledger.persistence._RECORDED_RESULT`): whatever stored state it
    matches, JSON decodes to exactly one timestamp, board, players, result and actor, no other key, and
    the captured board and code are the decoded ones; a timestamp of every shape the ledger may find."""
    fields = {
        "timestamp": {"_type_": "datetime_iso", "_data_": stamp or "2026-11-26T10:00:00.123456+00:00"},
        "board": board,
        "first": 1,
        "second": 2,
        "result": result,
        "actor": actor,
        **extra,
    }
    state = json.dumps(fields, ensure_ascii=ascii_only, separators=(",", ":")).encode()
    for candidate in (state, state.replace(b'"reason"', b'"board"', 1)):
        match = _RECORDED_RESULT.fullmatch(candidate)
        if match is None:
            continue
        decoded = json.loads(candidate)
        assert list(decoded) == ["timestamp", "board", "first", "second", "result", "actor"]
        assert decoded["timestamp"]["_data_"].startswith(match[1].decode())
        assert (decoded["board"], decoded["result"]) == (int(match[2]), match[3].decode())
        assert type(decoded["board"]) is int


WRITTEN = b'{"timestamp":{"_type_":"datetime_iso","_data_":"2026-11-26T10:00:00.123456+00:00"},"board":7,'
WRITTEN += b'"first":3,"second":12,"result":"1-0","actor":"desk"}'


@pytest.mark.parametrize(
    ("written", "edited"),
    [
        (b'"actor":"desk"', b'"actor":"de\\"sk"'),  # an escaped quote
        (b'"result":"1-0"', b'"result":"\\u0031-0"'),  # an escape that decodes to another text
        (b'"board":7', b'"board":07'),
        (b'"board":7', b'"board":-7'),
        (b'"board":7', b'"board":7.0'),
        (b'"board":7', b'"board":1' + b"0" * 19),  # beyond 64 bits
        (b'"actor":"desk"}', b'"actor":"desk","board":8}'),  # a second board
        (b'"actor":"desk"', '"actor":"désk"'.encode()),  # not ASCII
        (b"T10:00:00", b"T24:00:00"),  # no time of day
        (b"+00:00", b"+01:00"),
    ],
)
def test_the_recorded_result_layout_matches_only_what_the_ledger_writes(written: bytes, edited: bytes) -> None:
    """The shortcut reads the state the ledger writes and nothing that decodes otherwise: each edit is
    left to the JSON decoder."""
    assert _RECORDED_RESULT.fullmatch(WRITTEN) is not None
    assert _RECORDED_RESULT.fullmatch(WRITTEN.replace(written, edited)) is None


def test_a_replay_reads_a_result_whose_date_is_not_one_as_the_mapper_does(tmp_path: Path) -> None:
    """A result row edited to a timestamp that is no date (30 February) is not read by the shortcut: the
    replay fails as the log's decoded events do, with the decoder's error."""
    ledger, _ = new_tournament(tmp_path / "t.ledger", players=4)
    ledger.pair_next_round()
    ledger.record_result(1, 1, "1-0")
    position = ledger.position()
    assert [type(event) for _, event in ledger.replay()][-1] is RecordedResults
    db = sqlite3.connect(tmp_path / "t.ledger")
    (state,) = db.execute("SELECT state FROM stored_events WHERE rowid = ?", (position,)).fetchone()
    edited = re.sub(rb'"_data_":"[0-9-]{10}', b'"_data_":"2026-02-30', state)
    db.execute("DROP TRIGGER stored_events_append_only_update")  # as a forger with the file would
    db.execute("UPDATE stored_events SET state = ? WHERE rowid = ?", (edited, position))
    db.commit()
    assert _RECORDED_RESULT.fullmatch(edited) is not None
    with pytest.raises(ValueError, match="day is out of range") as decoded:
        fold(ledger.log_events())
    with pytest.raises(ValueError, match="day is out of range") as replayed:
        fold(ledger.replay())
    assert str(replayed.value) == str(decoded.value)


def test_two_desks_writing_the_same_tables_in_turn_keep_them_right(tmp_path: Path) -> None:
    """Read models of two processes catch up the same tables in turn: what one skips as already
    written, the other may have rewritten in between (a result entered, corrected, corrected back)."""
    ledger, views = new_tournament(tmp_path / "t.ledger")
    other = ReadModels(ledger)
    ledger.pair_next_round()
    ledger.record_result(1, 1, "1-0")
    views.catch_up()
    ledger.correct_result(1, 1, "0-1", "scoresheet")
    other.catch_up()
    ledger.correct_result(1, 1, "1-0", "scoresheet")
    ledger.record_result(1, 2, "1/2")
    views.catch_up()
    live = table_contents(views)
    views.rebuild()
    assert table_contents(views) == live


def test_a_row_at_another_rank_is_the_row_evolved() -> None:
    row = StandingRow(
        rank=3,
        number=7,
        name="P7",
        rating=1800,
        score=2.5,
        tiebreaks=(("BH", 7.0),),
        games=3,
        withdrawn=False,
        place="3-4",
        values=(7.0,),
        order=(-2.5, -7.0, 7),
    )
    moved, evolved = row.at_rank(5), evolve(row, rank=5)
    assert [getattr(moved, f.name) for f in fields(StandingRow)] == [
        getattr(evolved, f.name) for f in fields(StandingRow)
    ]


def test_standings_as_of_several_positions(tmp_path: Path) -> None:
    """A correction and a withdrawal: the standings at each position, by hand."""
    ledger, views = new_tournament(tmp_path / "t.ledger", players=4, rounds=3)
    ledger.pair_next_round()  # IBF Appendix 1, 4 players, round 1: 1-4, 2-3
    ledger.record_result(1, 1, "1-0")
    after_first = ledger.position()
    ledger.record_result(1, 2, "1/2")
    ledger.correct_result(1, 1, "0-1", "scoresheet signed 0-1")
    corrected = ledger.position()
    ledger.withdraw(2, None, "ill")
    ledger.pair_next_round()  # round 2: 4-3, 1-2; 2 has withdrawn but the table is fixed
    ledger.record_result(2, 2, "+-")

    def scores(as_of: int | None) -> dict[int, float]:
        return {row.number: row.score for row in standings(views.state(as_of))}

    assert scores(after_first) == {1: 1.0, 2: 0.0, 3: 0.0, 4: 0.0}
    assert scores(corrected) == {1: 0.0, 2: 0.5, 3: 0.5, 4: 1.0}
    assert scores(None) == {1: 1.0, 2: 0.5, 3: 0.5, 4: 1.0}
    now = {row.number: row for row in standings(views.state())}
    assert now[2].withdrawn and not now[1].withdrawn


def test_views_are_kept_beside_a_sqlite_ledger_and_versioned(tmp_path: Path) -> None:
    ledger, views = new_tournament(tmp_path / "club.ledger")
    assert views.path == tmp_path / "club.ledger.views"
    views.db.execute("CREATE TABLE standings_v0 (x)")
    views.close()
    views.path.unlink()
    Path(str(views.path) + "-wal").unlink(missing_ok=True)
    with sqlite3.connect(views.path) as db:
        db.execute("CREATE TABLE standings_v0 (x)")
    rebuilt = ReadModels(ledger)
    names = {row[0] for row in rebuilt.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert table("standings") in names and "standings_v0" not in names
    assert rebuilt.position == ledger.position()


async def test_async_reads_are_not_blocked_by_a_writer(tmp_path: Path) -> None:
    """WAL: while another connection holds the write lock, the desk's reads still answer."""
    ledger, views = new_tournament(tmp_path / "t.ledger")
    ledger.pair_next_round()
    ledger.record_result(1, 1, "1-0")
    views.catch_up()
    writer = sqlite3.connect(views.path, isolation_level=None, check_same_thread=False)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute(f"UPDATE {table('players')} SET name = 'renamed' WHERE number = 1")
    try:
        async with AsyncViews(views.path) as reader:
            rows = await asyncio.wait_for(reader.standings(), timeout=2)
            boards = await asyncio.wait_for(reader.boards(1), timeout=2)
            log = await reader.log(player=1)
    finally:
        writer.execute("ROLLBACK")
    assert rows[0].number == 1 and rows[0].score == 1.0
    assert boards[0].first_name == "P1" and boards[0].result == "1-0"
    assert [line.kind for line in log][-1] == "ResultRecorded"


async def test_a_reader_does_not_block_the_writer(tmp_path: Path) -> None:
    """A read transaction stays open while the ledger's views are caught up in a thread."""
    ledger, views = new_tournament(tmp_path / "t.ledger")
    ledger.pair_next_round()
    async with AsyncViews(views.path) as reader:
        assert reader._db is not None
        await reader._db.execute("BEGIN")
        assert await reader.position() == views.position  # the snapshot the reader holds
        ledger.record_result(1, 2, "1/2")
        done = threading.Event()
        thread = threading.Thread(target=lambda: (views.catch_up(), done.set()))
        thread.start()
        thread.join(timeout=5)
        assert done.is_set(), "the writer waited for the reader"
        assert await reader.position() < views.position  # still the old snapshot
        await reader._db.execute("COMMIT")
        assert await reader.position() == views.position


def test_meetings_byes_and_statuses(tmp_path: Path) -> None:
    """The meetings matrix, byes received and roster status (issue 3, item 1), for a 5-player round robin
    (IBF Appendix 1: the highest number, 6, is the bye; round 1 pairs 1-6 so player 1 rests)."""
    ledger, views = new_tournament(tmp_path / "t.ledger", players=5, rounds=5)
    ledger.pair_next_round()
    for board in (1, 2):
        ledger.record_result(1, board, "1/2")
    ledger.request_bye(3, 2, ByeKind.HALF_POINT)
    ledger.withdraw(5, 2, "ill")
    views.catch_up()
    assert views.query("byes_received") == [(1, 1, "pairing-allocated", 0.0)]
    assert (2, 5, 1, 1) in views.query("meetings") and (5, 2, 1, 1) in views.query("meetings")
    statuses = {row[0]: row[8] for row in views.rows("players")}
    assert statuses == {1: "active", 2: "active", 3: "absent", 4: "active", 5: "withdrawn"}
    colours = {row[0]: row[1:] for row in views.rows("colours")}
    assert colours[2] == (1, 0, 1, "second", "strong")  # C.04.3 A.1.7.2: CD = +1 prefers Black
    assert colours[1] == (0, 0, 0, "", "none")  # 1.7.4: no game played yet


# --- read models that cannot run code (ARCHITECTURE.md, "Read models": "never pickle or any format that
# runs code on load; a mismatch is rebuilt from the log") ------------------------------------------------


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.tuples(st.integers(0, 7), st.integers(0, 50), st.integers(0, 50)), max_size=25))
def test_the_snapshot_json_gives_the_same_fold(tmp_path_factory: pytest.TempPathFactory, steps: list) -> None:
    ledger, views = new_tournament(tmp_path_factory.mktemp("s") / "t.ledger", players=7, system="dutch")
    ledger.request_bye(7, 1, ByeKind.HALF_POINT)
    ledger.forbid(1, 2, "same club")
    for step in steps:
        apply_command(ledger, step)
    state = views.state()
    again = from_json(to_json(state))
    assert again == state
    for number in range(1, state.last_paired_round + 2):
        assert pairing_input(again, number) == pairing_input(state, number)


def test_the_snapshot_keeps_a_scrabble_byes_spread(tmp_path: Path) -> None:
    """tsh §2.9 (docs/research/tsh-backgammon-brackets.md): a bye carries its spread (tests/data/tsh's real
    division file has byes of spread 1 and 0). The snapshot once dropped it, so a process starting from the
    snapshot exported 50 (tsh's default) where the file said 1."""
    source = Path(__file__).resolve().parents[1] / "data" / "tsh" / "soy1-2020-a.t"
    location = str(tmp_path / "soy.ledger")
    assert main(["import-tsh", str(source), "--rounds", "18", "--ledger", location]) == 0
    ledger, _ = open_ledger(location, "arbiter", create=False)
    try:
        state = fold(ledger.log_events())
    finally:
        ledger.close()
    spreads = {bye.spread for view in state.rounds.values() for bye in view.byes}
    assert {0, 1} <= spreads
    assert from_json(to_json(state)) == state


def snapshotted(tmp_path: Path) -> tuple[Path, ReadModels]:
    """A Dutch Swiss with round 1 played, its views rebuilt (which writes the fold's snapshot)."""
    path = tmp_path / "t.ledger"
    ledger, views = new_tournament(path, players=8, system="dutch")
    ledger.pair_next_round()
    for board in range(1, 5):
        ledger.record_result(1, board, "1-0")
    views.rebuild()
    return path, views


class Undone(Exception):
    """Raised to roll a command back."""


def next_pairing(path: Path) -> list[tuple[int, int]]:
    """The next round as a fresh desk pairs it, in a command then rolled back (the ledger is left as it was)."""
    ledger, views = open_ledger(str(path), "desk")
    try:
        with pytest.raises(Undone), ledger.command():
            boards = [(board.first, board.second) for board in ledger.pair_next_round().boards]
            raise Undone
        return boards
    finally:
        views.close()
        ledger.close()


def edit_meta(views_file: Path, key: str, value: object) -> None:
    with sqlite3.connect(views_file) as db:
        db.execute(f"UPDATE {table('meta')} SET value = ? WHERE key = ?", (value, key))


def test_a_pickle_in_the_views_store_is_never_loaded(tmp_path: Path) -> None:
    """A crafted views file used to run code on any command, `verify` included."""
    path, views = snapshotted(tmp_path)
    marker = tmp_path / "ran"
    expected = next_pairing(path)
    edit_meta(views.path, "state", pickle.dumps(_Payload(str(marker))))

    assert next_pairing(path) == expected
    assert main(["verify", "--ledger", str(path)]) == 0
    assert main(["standings", "--ledger", str(path)]) == 0
    assert not marker.exists()


class _Payload:
    def __init__(self, folder: str) -> None:
        self.folder = folder

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.mkdir, (self.folder,))


@pytest.mark.parametrize("forged", ["kept checksum", "plain sha256"])
def test_an_edited_snapshot_cannot_change_a_pairing(tmp_path: Path, forged: str) -> None:
    """Round 1's results turned around in the cached fold: the checksum (keyed by the ledger's chain
    link) no longer matches, the log is replayed, and round 2 is paired from the real results."""
    path, views = snapshotted(tmp_path)
    expected = next_pairing(path)
    blob = bytes(views._meta("state"))
    text = blob[DIGEST_SIZE:].replace(b'"1-0"', b'"0-1"')
    digest = blob[:DIGEST_SIZE] if forged == "kept checksum" else hashlib.sha256(text).digest()
    edit_meta(views.path, "state", digest + text)

    assert next_pairing(path) == expected


def test_edited_or_foreign_tables_are_rebuilt(tmp_path: Path) -> None:
    """Tables whose recorded position or chain link are not the ledger's (edited, or copied from another
    ledger) are rebuilt from the log when opened."""
    path, views = snapshotted(tmp_path)
    clean = table_contents(views)
    with sqlite3.connect(views.path) as db:
        db.execute(f"UPDATE {table('standings')} SET score = 99 WHERE number = 1")
    edit_meta(views.path, "link", bytes(32))
    _, reopened = open_ledger(str(path), "desk")
    assert table_contents(reopened) == clean

    other = tmp_path / "other"
    other.mkdir()
    _, foreign_views = new_tournament(other / "t.ledger", players=8, system="dutch")
    foreign_views.close()
    shutil.copy(views.path, foreign_views.path)
    _, opened = open_ledger(str(other / "t.ledger"), "desk")
    assert opened.rows("boards") == [] and len(opened.rows("players")) == 8


def test_records_of_another_kinds_layout_are_rebuilt(tmp_path: Path) -> None:
    """Records whose `kind` was written under another layout of side, outcome, played, bye and float (a value
    added to one of them) are rebuilt when opened: the history view reads them with this layout."""
    path, views = snapshotted(tmp_path)
    clean = table_contents(views)
    history = views.rows("history")
    with sqlite3.connect(views.path) as db:
        db.execute(f"UPDATE {table('records')} SET kind = kind + 1")
    edit_meta(views.path, "kinds", "[]")
    _, reopened = open_ledger(str(path), "desk")
    assert table_contents(reopened) == clean
    assert reopened.rows("history") == history


def test_deleted_views_are_rebuilt_and_pair_the_same(tmp_path: Path) -> None:
    path, views = snapshotted(tmp_path)
    expected = next_pairing(path)
    views.close()
    Path(views.path).unlink()
    assert next_pairing(path) == expected


def test_nothing_is_loaded_with_pickle_or_marshal() -> None:
    """No module of the program imports pickle, marshal or shelve (formats that run code when read)."""
    root = Path(__file__).resolve().parents[2]
    sources = [p for package in ("ledger", "projections", "pairing", "tui") for p in (root / package).rglob("*.py")]
    offenders = [
        str(source.relative_to(root))
        for source in sources
        if re.search(r"^\s*(import|from)\s+(pickle|marshal|shelve|dill|cloudpickle)\b", source.read_text(), re.M)
    ]
    assert sources and offenders == []


def test_a_new_process_replays_at_most_one_snapshot_interval(tmp_path: Path) -> None:
    """docs/performance.md, "Start-up, session 5 (second pass)": a catch-up keeps the fold's snapshot no more than
    `STATE_SNAPSHOT_EVERY` events behind the log, so a command in a new process (`arbiter result`)
    replays only the events since; the snapshot's fold is the fold of the whole log."""
    path = tmp_path / "t.ledger"
    ledger, views = new_tournament(path, players=STATE_SNAPSHOT_EVERY + 20, system="dutch")
    views.catch_up()
    position = views.position
    assert position > STATE_SNAPSHOT_EVERY
    stored = int(views._meta("state_position"))
    assert position - STATE_SNAPSHOT_EVERY < stored <= position
    snapshot = opened(views._meta("state"), ledger.link_at(stored))
    assert snapshot is not None
    assert to_json(snapshot) == to_json(fold(ledger.log_reader.events(stop=stored)))
