"""`arbiter import-trf` reads a TRF as pairing programs write it (TRF16, C.04 Annex 2; TRF-2026; the
JaVaFo and bbpPairings extensions): played rounds are the rounds with results, a later column holds
the byes asked for and absences of the round to pair, every bye kind and forfeit keeps its points,
withdrawn players stay withdrawn, and the points column is checked."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ledger.domain import Tournament
from ledger.errors import Remedy, RemedyAction, RuleViolation
from ledger.fide_mode import Breach
from pairing.cli import main as arbiter_pair
from pairing.model import ByeKind
from tests.tui.cli_support import run, without_import_notice
from tests.tui.test_trf_io import arbiter_pair_output, pairs
from tui import exit_codes
from tui.pair import main as checker
from tui.wiring import open_ledger

BBP = Path(__file__).resolve().parents[1] / "data" / "bbp"


def line(rank: int, points: str, rounds: str, name: str = "") -> str:
    """A 001 line (TRF16 "Player Section"): rank at cols 5-8, name 15-47, points 81-84, rounds from 92."""
    name = name or f"Player {rank}"
    return f"001 {rank:4d}      {name:<33} {2000 - rank:>4} {'':<26} {points:>4} {rank:>4}  {rounds}".rstrip()


def write(tmp_path: Path, *lines: str) -> Path:
    source = tmp_path / "in.trf"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return source


def imported(tmp_path: Path, capsys: pytest.CaptureFixture[str], source: Path, *more: str) -> tuple[str, str]:
    """Import `source`; the messages less the import's notice (`without_import_notice`)."""
    ledger = str(tmp_path / "in.ledger")
    code, _, err = run(capsys, "import-trf", str(source), "--ledger", ledger, *more)
    assert code == exit_codes.OK, err
    return ledger, without_import_notice(err, source.name)


def state_of(ledger: str):  # type: ignore[no-untyped-def]
    _, views = open_ledger(ledger, "test")
    return views.state()


def test_bbp_file_with_an_absence_in_the_round_to_pair_pairs_as_bbp(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """TRF16: "0000 - Z" in the round being paired is a known absence, not a played round; the next
    `arbiter pair` pairs round 3 as bbpPairings' own expected output (dutch_2025_C5)."""
    ledger, err = imported(tmp_path, capsys, BBP / "dutch_2025_C5.input")
    assert "warning" not in err
    state = state_of(ledger)
    assert state.last_paired_round == 2
    assert state.requested_byes == {3: {4: ByeKind.ZERO_POINT}}
    assert run(capsys, "pair", "--ledger", ledger)[0] == exit_codes.OK
    expected = (BBP / "dutch_2025_C5.output.expected").read_text().split()
    boards = [(int(expected[i]), int(expected[i + 1])) for i in range(1, len(expected), 2) if expected[i + 1] != "0"]
    assert pairs(ledger, 3, capsys) == boards


def test_next_round_column_holds_requests_and_absences(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """TRF16 result codes in the round not yet paired: H half-point, F full-point, Z and U zero-point,
    ``-`` not paired; a player whose ``-`` run starts in a played round and reaches it has withdrawn."""
    source = write(
        tmp_path,
        "012 Requests",
        "XXR 5",
        line(1, "2.0", "   2 w 1     3 b 1  0000 - H"),
        line(2, "1.0", "   1 b 0     4 w 1  0000 - F"),
        line(3, "1.0", "   4 w 1     1 w 0  0000 - U"),
        line(4, "0.0", "   3 b 0     2 b 0  0000 - -"),
        line(5, "1.0", "   6 w 1  0000 - -  0000 - -"),
        line(6, "1.0", "   5 b 0  0000 - F"),
    )
    ledger, err = imported(tmp_path, capsys, source)
    # the two F requests are full-point byes, deprecated for individuals (docs/fide-mode.md, Q177): the
    # only warnings
    assert [line for line in err.splitlines() if "warning" in line and "(level 2, Q177)" not in line] == []
    state = state_of(ledger)
    assert state.last_paired_round == 2
    assert state.requested_byes[3] == {
        1: ByeKind.HALF_POINT,
        2: ByeKind.FULL_POINT,
        3: ByeKind.ZERO_POINT,
        4: ByeKind.ZERO_POINT,
    }
    assert state.players[5].withdrawn_from == 2
    assert state.players[4].withdrawn_from is None


def test_every_bye_kind_and_forfeit_keeps_its_points(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """TRF16: F full-point, H half-point, U pairing-allocated, Z zero-point byes; ``+``/``-`` forfeits
    (and the older ``0000 - +``, the PAB) score their points: the points column matches with no warning."""
    source = write(
        tmp_path,
        "012 Byes",
        "XXR 3",
        line(1, "2.0", "   2 w +  0000 - F"),
        line(2, "0.5", "   1 b -  0000 - H"),
        line(3, "1.0", "0000 - U  0000 - Z"),
        line(4, "1.0", "0000 - +     5 b 0"),
        line(5, "1.0", "0000 - Z     4 w 1"),
    )
    ledger, err = imported(tmp_path, capsys, source)
    assert "warning" not in err, err
    assert {row.number: row.score for row in _standings(ledger)} == {1: 2.0, 2: 0.5, 3: 1.0, 4: 1.0, 5: 1.0}


def _standings(ledger: str):  # type: ignore[no-untyped-def]
    from projections.standings import standings

    return standings(state_of(ledger))


def test_a_column_of_games_without_results_is_a_round_paired_not_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A pairing program's output for the round being played (opponents, no results) is imported as
    that round's published pairing awaiting results, not as a played round."""
    source = write(
        tmp_path,
        "012 Paired",
        "XXR 3",
        line(1, "1.0", "   2 w 1     3 b"),
        line(2, "0.0", "   1 b 0     4 w"),
        line(3, "1.0", "   4 w 1     1 w"),
        line(4, "0.0", "   3 b 0     2 b"),
    )
    ledger, _ = imported(tmp_path, capsys, source)
    state = state_of(ledger)
    assert state.last_paired_round == 2 and state.completed_rounds == 1
    assert pairs(ledger, 2, capsys) == [(2, 4), (3, 1)]
    assert run(capsys, "result", "2", "1", "1-0", "--ledger", ledger)[0] == exit_codes.OK


def test_a_points_column_that_disagrees_is_named_with_player_and_round(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """TRF16 cols 81-84 are the player's points: a file whose column says otherwise is imported with a
    warning naming the player and the round."""
    source = write(
        tmp_path,
        "012 Points",
        "XXR 3",
        line(1, "2.0", "   2 w 1     3 b ="),
        line(2, "0.0", "   1 b 0     4 w 0"),
        line(3, "1.5", "   4 w 1     1 w ="),
        line(4, "1.0", "   3 b 0     2 b 1"),
    )
    _, err = imported(tmp_path, capsys, source)
    assert "player 1 (Player 1): the file's points column says 2.0, the ledger 1.5" in err
    assert "rounds 1..2 add up to 1.5" in err
    assert "player 3" not in err


def test_forbidden_pairs_acceleration_and_initial_colour_are_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """JaVaFo ``XXP`` (never to meet), ``XXA`` (virtual points), ``XXC black1`` (initial colour) become
    the ledger's forbidden pairs and options; TRF-2026 ``192 ..._BAKU`` the Baku acceleration."""
    rows = [line(n, "0.0", "") for n in range(1, 5)]
    source = write(tmp_path, "012 Options", "XXR 5", "XXC black1", "XXP 1 2 3", "XXA    1  1.0  1.0", *rows)
    ledger, _ = imported(tmp_path, capsys, source)
    state = state_of(ledger)
    assert sorted(state.forbidden) == [(1, 2), (1, 3), (2, 3)]
    assert state.settings.options["initial_colour"] == "black"
    assert state.settings.options["acceleration"] == "explicit"
    assert state.settings.options["virtual_points"] == "1:1:1,1:2:1"
    baku = write(tmp_path, "012 Baku", "XXR 5", "192 FIDE_DUTCH_2025_BAKU", *rows)
    ledger = str(tmp_path / "baku.ledger")
    assert run(capsys, "import-trf", str(baku), "--ledger", ledger)[0] == exit_codes.OK
    assert state_of(ledger).settings.options["acceleration"] == "baku"


def test_an_empty_file_and_unreadable_bytes_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Nothing to import, or bytes that are not UTF-8: exit 4 naming the file (and the line), no ledger."""
    empty = tmp_path / "empty.trf"
    empty.write_bytes(b"")
    latin = tmp_path / "latin.trf"
    latin.write_bytes(b"012 Test\n001    1      M\xfcller\n")
    for source, message in ((empty, "no 001 player lines"), (latin, "line 2: byte 24 is not UTF-8")):
        ledger = tmp_path / "x.ledger"
        code, _, err = run(capsys, "import-trf", str(source), "--ledger", str(ledger))
        assert code == exit_codes.BAD_INPUT and str(source) in err and message in err, err
        assert not ledger.exists()


def test_import_then_export_then_import_gives_the_same_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """TRF16 round entries survive the ledger: byes of every kind, forfeits with their scheduled
    colour, the byes asked for in the round to pair (in the column and as TRF-2026 ``240``) and a
    withdrawal (``0000 - -`` from the round it starts, and in the round to pair)."""
    source = write(
        tmp_path,
        "012 Round trip",
        "XXR 5",
        line(1, "2.0", "0000 - F     3 b 1  0000 - H"),
        line(2, "1.0", "   4 w +     4 w 0  0000 - F"),
        line(3, "1.0", "0000 - U     1 w 0  0000 - Z"),
        line(4, "1.0", "   2 b -     2 b 1"),
        line(5, "1.0", "   6 w 1  0000 - -  0000 - -"),
        line(6, "0.0", "   5 b 0  0000 - Z"),
    )
    first, _ = imported(tmp_path, capsys, source)
    exported = tmp_path / "out.trf"
    assert run(capsys, "export-trf", "-o", str(exported), "--ledger", first)[0] == exit_codes.OK
    lines = exported.read_text().splitlines()
    rounds = {int(row[4:8]): row[91:] for row in lines if row.startswith("001")}
    assert rounds == {
        1: "0000 - F     3 b 1  0000 - H",
        2: "   4 w +     4 w 0  0000 - F",
        3: "0000 - U     1 w 0  0000 - Z",
        4: "   2 b -     2 b 1",
        5: "   6 w 1  0000 - -  0000 - -",
        6: "   5 b 0  0000 - Z",
    }
    assert {"240 F   3    2", "240 H   3    1", "240 Z   3    3"} <= set(lines)
    second = str(tmp_path / "again.ledger")
    assert run(capsys, "import-trf", str(exported), "--ledger", second)[0] == exit_codes.OK
    again = tmp_path / "again.trf"
    assert run(capsys, "export-trf", "-o", str(again), "--ledger", second)[0] == exit_codes.OK
    assert [r for r in again.read_text().splitlines() if not r.startswith("###")] == [
        r for r in lines if not r.startswith("###")
    ]


def test_points_column_may_count_the_bye_asked_for_and_dates_are_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """JaVaFo AUM: with ``0000 - H`` in the round to pair "also the field Points ... must be updated":
    a column counting that half point is not a contradiction. Records 042/052 written ``DD/MM/YYYY``
    (as the AUM's sample does) are kept as ``YYYY/MM/DD``."""
    source = write(
        tmp_path,
        "012 Counted",
        "042 24/09/2010",
        "052 02/10/2010",
        "XXR 3",
        line(1, "1.5", "   2 w 1  0000 - H"),
        line(2, "0.0", "   1 b 0"),
    )
    ledger, err = imported(tmp_path, capsys, source)
    assert "warning" not in err, err
    assert state_of(ledger).details == {"start": "2010/09/24", "end": "2010/10/02"}


def test_xxc_rank_pairs_by_position_in_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """JaVaFo AUM, "Ranking id": with ``XXC rank`` the pairing number is the line's position, not its
    001 id. Ids 1, 2, 4, 3 in that order: round 1 (C.04.3: S1 against S2 by position) pairs 1-4 and
    2-3 where the ids alone would give 1-3 and 2-4, in `arbiter-pair` and in the imported ledger, and
    the export keeps the ids and the order."""
    rows = [line(1, "0.0", ""), line(2, "0.0", ""), line(4, "0.0", ""), line(3, "0.0", "")]
    source = write(tmp_path, "012 Ranked", "XXR 3", "XXC rank white1", *rows)
    out = tmp_path / "pairs.txt"
    assert arbiter_pair(["--dutch", str(source), "-p", str(out)]) == 0
    assert out.read_text().split() == ["2", "1", "4", "3", "2"]
    plain = tmp_path / "plain.trf"
    plain.write_text("\n".join(["012 Plain", "XXR 3", "XXC white1", *rows]) + "\n", encoding="utf-8")
    assert arbiter_pair(["--dutch", str(plain), "-p", str(out)]) == 0
    assert out.read_text().split() == ["2", "1", "3", "4", "2"]
    ledger, _ = imported(tmp_path, capsys, source)
    assert run(capsys, "pair", "--ledger", ledger)[0] == exit_codes.OK
    assert pairs(ledger, 1, capsys) == [(1, 4), (3, 2)]
    exported = run(capsys, "export-trf", "--ledger", ledger)[1].splitlines()
    assert "XXC rank" in exported
    assert [int(row[4:8]) for row in exported if row.startswith("001")] == [1, 2, 4, 3]


def test_xxc_rank_is_kept_where_the_lines_are_in_the_order_of_their_ids(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """JaVaFo AUM, "Ranking id": a file with ``XXC rank`` whose 001 lines happen to be in the order of their
    ids is paired in the order of its lines all the same, so the import keeps that order as the pairing
    order and the export writes ``XXC rank`` again: import, export, import, export gives the same file."""
    rows = [line(number, "0.0", "") for number in (1, 2, 3, 4)]
    source = write(tmp_path, "012 Ranked", "142 3", "XXC rank", *rows)
    ledger, _ = imported(tmp_path, capsys, source)
    assert state_of(ledger).ranking_rule() == "the order of the imported TRF's 001 lines (XXC rank)"
    exported = run(capsys, "export-trf", "--ledger", ledger)[1]
    assert "XXC rank" in exported.splitlines()
    (tmp_path / "second").mkdir()
    again = tmp_path / "second" / "again.trf"
    again.write_text(exported, encoding="utf-8")
    second, _ = imported(again.parent, capsys, again)
    assert _file_lines(run(capsys, "export-trf", "--ledger", second)[1].splitlines()) == _file_lines(
        exported.splitlines()
    )


def test_q021_the_import_keeps_the_files_tiebreak_list_from_record_202(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Record ``202`` (MTB26 descriptors, `GE` read as `REP`) becomes the tournament's tie-break list, so an
    exported file imported again ranks as before; a list naming a code the ledger does not take is left
    out with a warning, and the system's default applies."""
    rounds = ("   2 w 1", "   1 b 0")
    source = write(
        tmp_path,
        "012 Club",
        "202 DE/P,KS/L60,ge,BH/C1",
        line(1, "1.0", rounds[0]),
        line(2, "0.0", rounds[1]),
    )
    ledger, err = imported(tmp_path, capsys, source)
    assert "warning" not in err
    assert state_of(ledger).require_settings().tiebreaks == ("DE-P", "KS-L60", "REP", "BH-C1")
    other = tmp_path / "other"
    other.mkdir()
    unknown = write(other, "012 Club", "202 BH/C1,XYZ/Q", line(1, "1.0", rounds[0]), line(2, "0.0", rounds[1]))
    ledger, err = imported(other, capsys, unknown)
    assert "warning: record 202 not kept, the system's default tie-breaks apply: unknown tie-break code(s) XYZ-Q" in err
    assert state_of(ledger).require_settings().tiebreaks == ("BH-C1", "BH", "SB", "DE", "WIN")


def _entries_ledger(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[str, Path]:
    """A Dutch Swiss of four after round 1, both games drawn, list WIN,EXT: player 3's EXT value entered
    (Q207) and players 4 and 2, still tied, ranked by the arbiter (Q205); the ledger and its TRF."""
    at = ("--ledger", str(tmp_path / "first.ledger"))
    new = ("new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "3", "--tiebreaks", "WIN,EXT")
    assert run(capsys, *new, *at)[0] == exit_codes.OK
    for name in ("A", "B", "C", "D"):
        assert run(capsys, "register", name, "--rating", "2000", *at)[0] == exit_codes.OK
    assert run(capsys, "pair", *at)[0] == exit_codes.OK
    for board in ("1", "2"):
        assert run(capsys, "result", "1", board, "1/2", *at)[0] == exit_codes.OK
    assert run(capsys, "tiebreak-value", "3", "12345.25", "--reason", "play-off", *at)[0] == exit_codes.OK
    assert run(capsys, "rank-tied", "4", "2", "--reason", "chief arbiter", *at)[0] == exit_codes.OK
    out = tmp_path / "first.trf"
    assert run(capsys, "export-trf", "-o", str(out), *at)[0] == exit_codes.OK
    return at[1], out


def _entry_lines(text: str) -> list[str]:
    return [row for row in text.splitlines() if row.startswith(("### Tied players", "### Tie-break value"))]


def _places(capsys: pytest.CaptureFixture[str], ledger: str) -> list[tuple[str, int, float]]:
    code, out, _ = run(capsys, "standings", "--format", "json", "--ledger", ledger)
    assert code == exit_codes.OK
    return [(row.get("place") or str(row["rank"]), row["number"], row["score"]) for row in json.loads(out)["rows"]]


def test_q205_q207_the_import_records_the_arbiters_entries_and_round_trips(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q205, Q207: the `###` lines of an order of tied players and an EXT value become the events `rank-tied`
    and `tiebreak-value` append, in the import's transaction: exported, imported into a fresh ledger and
    exported again, the file has the same lines (the value in full) and the ledger the same standings."""
    first, trf = _entries_ledger(tmp_path, capsys)
    lines = _entry_lines(trf.read_text(encoding="utf-8"))
    assert lines == ["### Tie-break value EXT: player 3 12345.25", "### Tied players ranked by the arbiter: 4 2"]
    second = str(tmp_path / "second.ledger")
    code, _, err = run(capsys, "import-trf", str(trf), "--ledger", second)
    assert code == exit_codes.OK, err
    log = run(capsys, "log", "--ledger", second)[1]
    assert "3's external tie-break value (EXT) 12345.25 (was none)" in log
    assert "tied players ranked by the arbiter: 4, 2" in log
    again = tmp_path / "second.trf"
    assert run(capsys, "export-trf", "-o", str(again), "--ledger", second)[0] == exit_codes.OK
    assert _entry_lines(again.read_text(encoding="utf-8")) == lines
    assert _places(capsys, second) == _places(capsys, first) == [
        ("1", 3, 0.5), ("2*", 4, 0.5), ("3*", 2, 0.5), ("4", 1, 0.5)
    ]  # fmt: skip


def _refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], trf: Path, line: str, entry: str, code: int, says: str
) -> None:
    """The TRF `trf` with its line `line` replaced by ``### entry``: the import is refused with `code`, the
    line's number and text and `says`; no traceback, no ledger left."""
    text = trf.read_text(encoding="utf-8").replace(line, f"### {entry}")
    bad = tmp_path / "bad.trf"
    bad.write_text(text, encoding="utf-8")
    number = text.splitlines().index(f"### {entry}") + 1
    ledger = str(tmp_path / "bad.ledger")
    refused, _, err = run(capsys, "import-trf", str(bad), "--ledger", ledger)
    assert refused == code, err
    assert f"bad.trf: line {number}" in err and f"'### {entry}'" in err and says in err and "Traceback" not in err
    assert not Path(ledger).exists()
    assert run(capsys, "log", "--ledger", ledger)[0] == exit_codes.NO_LEDGER


ORDER_LINE = "### Tied players ranked by the arbiter: 4 2"
"""The order line of `_entries_ledger`'s TRF, which the bad lines replace."""


BAD_ORDER_LINES = [
    ("Tied players ranked by the arbiter: 4 x", exit_codes.BAD_INPUT, "cannot read '### Tied players"),
    ("Tied players ranked by the arbiter: 4 9", exit_codes.REFUSED, "no player number 9"),
    ("Tied players ranked by the arbiter: 4 3", exit_codes.REFUSED, "players 4, 3 are not tied"),
    ("Tied players ranked by the arbiter: 4 4", exit_codes.BAD_INPUT, "a player is named twice"),
]
"""Order lines `_refused` refuses: (the line after ``###``, the exit code, what the message says)."""
BAD_VALUE_LINES = [
    ("Tie-break value EXT: player 3", exit_codes.BAD_INPUT, "an EXT value '### Tie-break value EXT: player 7"),
    ("Tie-break value EXT: player 3 1e5", exit_codes.BAD_INPUT, "cannot read '### Tie-break value"),
    ("Tie-break value EXT: player 9 1", exit_codes.REFUSED, "no player number 9"),
    ("Tie-break value EXT: player 3 999999", exit_codes.BAD_INPUT, "999999 is out of range"),
]


@pytest.mark.parametrize(("entry", "code", "says"), BAD_ORDER_LINES)
def test_q205_a_bad_order_line_is_refused_naming_it_and_nothing_is_imported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], entry: str, code: int, says: str
) -> None:
    """Q205: an order of tied players that cannot be read, or that `rank-tied` refuses (an unknown start
    rank, players not tied, a player named twice), refuses the whole import naming the line."""
    _refused(tmp_path, capsys, _entries_ledger(tmp_path, capsys)[1], ORDER_LINE, entry, code, says)


@pytest.mark.parametrize(("entry", "code", "says"), BAD_VALUE_LINES)
def test_q207_a_bad_value_line_is_refused_naming_it_and_nothing_is_imported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], entry: str, code: int, says: str
) -> None:
    """Q207: an EXT value that cannot be read, or that `tiebreak-value` refuses (an unknown start rank, a
    value out of range), refuses the whole import naming the line."""
    _refused(tmp_path, capsys, _entries_ledger(tmp_path, capsys)[1], ORDER_LINE, entry, code, says)


def _lots_ledger(tmp_path: Path, capsys: pytest.CaptureFixture[str], ratings: tuple[str, ...]) -> Path:
    """A Dutch Swiss of six registered with `ratings`, list WIN,LOT, round 1 all drawn; its TRF."""
    at = ("--ledger", str(tmp_path / "lots.ledger"))
    new = ("new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "3", "--tiebreaks", "WIN,LOT")
    assert run(capsys, *new, "--seed", "77", *at)[0] == exit_codes.OK
    for name, rating in zip("ABCDEF", ratings, strict=True):
        assert run(capsys, "register", name, "--rating", rating, *at)[0] == exit_codes.OK
    assert run(capsys, "pair", *at)[0] == exit_codes.OK
    for board in ("1", "2", "3"):
        assert run(capsys, "result", "1", board, "1/2", *at)[0] == exit_codes.OK
    out = tmp_path / "lots.trf"
    assert run(capsys, "export-trf", "-o", str(out), *at)[0] == exit_codes.OK
    return out


def test_q206_the_import_draws_the_files_lots_with_its_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Q206, C.07 4.2: the seed of the file's drawing of lots becomes the imported tournament's, so players
    tied before LOT are ranked as the file ranks them (players registered highest-rated first: their entry
    numbers are their start ranks); a file that draws some lots by other numbers than the start ranks is
    imported without a warning, its entry numbers becoming the players' numbers."""
    trf = _lots_ledger(tmp_path, capsys, ("2050", "2040", "2030", "2020", "2010", "2000"))
    text = trf.read_text(encoding="utf-8")
    assert "### Drawing of lots (C.07 4.2): seed 77" in text and "entry numbers" not in text
    ledger = str(tmp_path / "imported.ledger")
    code, _, err = run(capsys, "import-trf", str(trf), "--ledger", ledger)
    assert code == exit_codes.OK and "warning: the file draws lots" not in err
    assert state_of(ledger).require_settings().seed == 77
    again = tmp_path / "again.trf"
    assert run(capsys, "export-trf", "-o", str(again), "--ledger", ledger)[0] == exit_codes.OK
    ranks = [row[:8] + row[84:89] for row in text.splitlines() if row.startswith("001")]
    assert [
        row[:8] + row[84:89] for row in again.read_text(encoding="utf-8").splitlines() if row.startswith("001")
    ] == ranks
    other = tmp_path / "other"
    other.mkdir()
    reversed_entries = _lots_ledger(other, capsys, ("2000", "2010", "2020", "2030", "2040", "2050"))
    code, _, err = run(capsys, "import-trf", str(reversed_entries), "--ledger", str(other / "imported.ledger"))
    assert code == exit_codes.OK and "warning" not in without_import_notice(err, reversed_entries.name)


@pytest.mark.parametrize(
    ("entry", "says"),
    [
        ("Drawing of lots (C.07 4.2): seed x", "cannot read '### Drawing of lots (C.07 4.2): seed x'"),
        ("Drawing of lots, entry numbers: 1=x", "cannot read '### Drawing of lots, entry numbers: 1=x'"),
    ],
)
def test_q206_a_bad_lots_line_is_refused_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], entry: str, says: str
) -> None:
    """Q206: a drawing of lots' line that cannot be read refuses the import (exit 4) naming the line."""
    trf = _lots_ledger(tmp_path, capsys, ("2050", "2040", "2030", "2020", "2010", "2000"))
    seed = "### Drawing of lots (C.07 4.2): seed 77"
    _refused(tmp_path, capsys, trf, seed, entry, exit_codes.BAD_INPUT, says)


ENTRIES_LINE = "### Drawing of lots, entry numbers: 1=2 2=4 3=1 4=9 6=3"
"""The entry numbers' line of `_numbered_lots_ledger`'s TRF: the Dutch numbers its players by rating (C.04.2
Art. 2.2), B 2050 (registered 2nd), D 2040 (4th), A 2030 (1st), F 2020 (number 9), E 2010 (5th), C 2000
(3rd); E's lot alone is drawn by its start rank."""


def _numbered_lots_ledger(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[str, Path]:
    """A Dutch Swiss of six, list WIN,LOT, registered with their ratings out of order and the last as number 9
    (so no player's number but E's is its start rank), F accelerated (TRF ``250``) and kept from meeting A
    (``260``); round 1: the top board won, the two others drawn, so the four drawn players are tied before
    LOT; A asks for a half-point bye in round 2 (``0000 - H``). The ledger and its TRF."""
    at = ("--ledger", str(tmp_path / "source.ledger"))
    new = ("new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "3", "--tiebreaks", "WIN,LOT")
    assert run(capsys, *new, "--seed", "77", *at)[0] == exit_codes.OK
    for name, rating, *number in (("A", "2030"), ("B", "2050"), ("C", "2000"), ("D", "2040"), ("E", "2010"),
                                  ("F", "2020", "--number", "9")):  # fmt: skip
        assert run(capsys, "register", name, "--rating", rating, *number, *at)[0] == exit_codes.OK
    accelerated = ("acceleration", "explicit", "--points", "9:1:1,9:2:1", "--reason", "regulations 3.2")
    assert run(capsys, *accelerated, *at)[0] == exit_codes.OK
    assert run(capsys, "forbid", "9", "1", "--reason", "same family", *at)[0] == exit_codes.OK
    assert run(capsys, "pair", *at)[0] == exit_codes.OK
    for board, result in (("1", "1-0"), ("2", "1/2"), ("3", "1/2")):
        assert run(capsys, "result", "1", board, result, *at)[0] == exit_codes.OK
    assert run(capsys, "bye", "1", "--round", "2", "--kind", "half", *at)[0] == exit_codes.OK
    out = tmp_path / "source.trf"
    assert run(capsys, "export-trf", "-o", str(out), *at)[0] == exit_codes.OK
    return at[1], out


def _standing_rows(capsys: pytest.CaptureFixture[str], ledger: str) -> list[dict[str, object]]:
    code, out, err = run(capsys, "standings", "--format", "json", "--ledger", ledger)
    assert code == exit_codes.OK, err
    rows: list[dict[str, object]] = json.loads(out)["rows"]
    return rows


def _file_lines(lines: list[str]) -> list[str]:
    """A TRF's lines less those a ledger writes of its own log: its decisions' change lines (``### 9
    2026-11-26 12:34 root: ...; reason: ...``, the import's own reasons and times) and the import's breach
    line (``### Import @ Round 1: ...``, Q56)."""
    return [row for row in lines if not re.match(r"### ([0-9]+ [0-9]{4}-|Import @)", row)]


def _standings_checked(capsys: pytest.CaptureFixture[str], trf: Path) -> str:
    """`arbiter-pair --dutch TRF -c`'s summaries (stderr)."""
    capsys.readouterr()
    assert checker(["--dutch", str(trf), "-c"]) == 0
    return capsys.readouterr().err


def test_q206_the_import_draws_every_lot_by_the_files_entry_number_and_ranks_as_the_source(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q206, C.07 4.2: a file that draws lots by entry numbers other than its start ranks is imported with
    those entry numbers as the players' numbers and its start ranks as their pairing numbers, so every lot
    is drawn by the number the source ledger drew it by: the imported ledger's standings (places, order,
    values) are the source's, its export is the source's (the lots' lines included; the bye, the forbidden
    pair and the acceleration on the same start ranks) but for the lines of its own log, it pairs the next
    round as the source does, and the checker finds the ranks of the re-exported file as the lots give them
    (which it would not if the lots were drawn by start rank)."""
    source, trf = _numbered_lots_ledger(tmp_path, capsys)
    text = trf.read_text(encoding="utf-8")
    assert "### Drawing of lots (C.07 4.2): seed 77" in text and ENTRIES_LINE in text.splitlines()
    ledger, err = imported(tmp_path, capsys, trf)
    assert "warning" not in err
    rows = _standing_rows(capsys, source)
    assert [row["score"] for row in rows] == [1.0, 0.5, 0.5, 0.5, 0.5, 0.0]  # four tied before LOT
    assert _standing_rows(capsys, ledger) == rows
    again = tmp_path / "again.trf"
    assert run(capsys, "export-trf", "-o", str(again), "--ledger", ledger)[0] == exit_codes.OK
    exported = again.read_text(encoding="utf-8").splitlines()
    assert _file_lines(exported) == _file_lines(text.splitlines())
    assert "240 H   2    3" in exported and "260   1   3    3    4" in exported  # A's bye, A and F apart
    assert "standings positions that do not follow the tie-breaks: none" in _standings_checked(capsys, again)
    by_start_rank = tmp_path / "by_start_rank.trf"
    by_start_rank.write_text("\n".join(row for row in exported if row != ENTRIES_LINE) + "\n", encoding="utf-8")
    assert "standings positions that do not follow the tie-breaks: none" not in _standings_checked(
        capsys, by_start_rank
    )
    for paired in (source, ledger):
        assert run(capsys, "pair", "--ledger", paired)[0] == exit_codes.OK
    assert pairs(ledger, 2, capsys) == pairs(source, 2, capsys)


@pytest.mark.parametrize(
    ("entry", "says"),
    [
        ("Drawing of lots, entry numbers: 7=8", "start rank 7 has no 001 line"),
        ("Drawing of lots, entry numbers: 1=2 1=4", "start rank 1's entry number is given twice"),
        ("Drawing of lots, entry numbers: 1=0", "start rank 1's entry number 0: a player's number is 1 or more"),
        ("Drawing of lots, entry numbers: 1=5", "start rank 1's entry number 5 is start rank 5's number too"),
        ("Drawing of lots, entry numbers: 3=9 4=9", "start rank 4's entry number 9 is start rank 3's number too"),
    ],
)
@pytest.mark.parametrize("listed", [False, True], ids=["start ranks", "xxc rank"])
def test_q206_an_entry_number_that_is_not_one_players_own_is_refused_naming_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], entry: str, says: str, listed: bool
) -> None:
    """Q206: the entry numbers become the players' numbers, so a line that gives one to a start rank without
    a 001 line, gives a player two, gives 0, or gives a number another player has refuses the import (exit
    4) naming the line; in a file with ``XXC rank`` too, whose start ranks are ids (`_listed`)."""
    trf = _numbered_lots_ledger(tmp_path, capsys)[1]
    _refused(tmp_path, capsys, _listed(trf) if listed else trf, ENTRIES_LINE, entry, exit_codes.BAD_INPUT, says)


def test_q206_a_start_rank_without_a_001_line_is_not_taken_for_the_entry_number_of_another(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q206, Q205: the file draws start rank 4's lot by entry number 9, which the import makes that player's
    number; an order of tied players naming start rank 9, which has no 001 line, is refused naming its line
    (exit 3) rather than read as about start rank 4; nothing is imported."""
    trf = _numbered_lots_ledger(tmp_path, capsys)[1]
    order = "### Tied players ranked by the arbiter: 9 5"
    text = trf.read_text(encoding="utf-8").replace(ENTRIES_LINE, f"{ENTRIES_LINE}\n{order}")
    bad = tmp_path / "bad.trf"
    bad.write_text(text, encoding="utf-8")
    number = text.splitlines().index(order) + 1
    ledger = str(tmp_path / "bad.ledger")
    code, _, err = run(capsys, "import-trf", str(bad), "--ledger", ledger)
    assert code == exit_codes.REFUSED, err
    assert f"bad.trf: line {number}" in err and "no player number 9: no 001 line has the start rank 9" in err
    assert not Path(ledger).exists()


def _listed(trf: Path) -> Path:
    """`trf` paired in the order of its 001 lines (JaVaFo's ``XXC rank``, where `export-trf` writes it, after
    ``142``), its first two 001 lines swapped: start ranks (ids) 2, 1, 3, ..., its ``###`` lines unchanged."""
    lines = trf.read_text(encoding="utf-8").splitlines()
    first = next(index for index, row in enumerate(lines) if row.startswith("001"))
    lines[first : first + 2] = [lines[first + 1], lines[first]]
    lines.insert(lines.index("142 3") + 1, "XXC rank")
    listed = trf.with_name("listed.trf")
    listed.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return listed


def _paired_by_name(trf: Path, tmp_path: Path) -> list[tuple[str, str]]:
    """`arbiter-pair --dutch TRF -p`'s boards (White first), players by name."""
    rows = trf.read_text(encoding="utf-8").splitlines()
    names = {int(row[4:8]): row[14:47].strip() for row in rows if row.startswith("001")}
    tokens = [int(token) for token in arbiter_pair_output(trf, tmp_path)[1:]]
    return [(names[white], names.get(black, "bye")) for white, black in zip(tokens[::2], tokens[1::2], strict=True)]


def _ledger_paired_by_name(capsys: pytest.CaptureFixture[str], ledger: str) -> list[tuple[str, str]]:
    """The ledger's boards of its last paired round (White first) and its pairing-allocated bye, by name."""
    document = json.loads(run(capsys, "pairings", "--format", "json", "--ledger", ledger)[1])
    boards = [(board["first"]["name"], board["second"]["name"]) for board in document["boards"]]
    return boards + [(bye["name"], "bye") for bye in document["byes"] if bye["kind"] == "pairing-allocated"]


def test_q206_a_file_with_xxc_rank_and_entry_numbers_is_exported_as_it_came(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q206 with JaVaFo's ``XXC rank``: the 001 numbers are ids ("Ranking id": the lines' order gives the
    pairing numbers) and every reference in the file names a player by them, the entry numbers' line too, so
    ``1=2`` draws id 1's lot by entry number 2. The import gives each player its entry number (the source's
    standings: places, order, values) and pairs in the lines' order; the re-export names the players by the
    file's ids again, with its entry numbers' line, bye, forbidden pair and acceleration: the source file but
    for the lines of the ledger's own log. The checker finds the ranks the lots give in both files, and the
    imported ledger pairs round 2 as `arbiter-pair` pairs both files."""
    source, trf = _numbered_lots_ledger(tmp_path, capsys)
    listed = _listed(trf)
    assert ENTRIES_LINE in listed.read_text(encoding="utf-8").splitlines()
    ledger, err = imported(tmp_path, capsys, listed)
    assert "warning" not in err
    assert _standing_rows(capsys, ledger) == _standing_rows(capsys, source)
    state = state_of(ledger)
    assert sorted(state.players, key=state.ranking().__getitem__) == [4, 2, 1, 9, 5, 3]  # D, B, A, F, E, C
    again = tmp_path / "again.trf"
    assert run(capsys, "export-trf", "-o", str(again), "--ledger", ledger)[0] == exit_codes.OK
    source_lines = listed.read_text(encoding="utf-8").splitlines()
    assert _file_lines(again.read_text(encoding="utf-8").splitlines()) == _file_lines(source_lines)
    for checked in (listed, again):
        assert "standings positions that do not follow the tie-breaks: none" in _standings_checked(capsys, checked)
    assert run(capsys, "pair", "--ledger", ledger)[0] == exit_codes.OK
    boards = _ledger_paired_by_name(capsys, ledger)
    assert len(boards) == 3 and all("A" not in board for board in boards)  # A asked for a half-point bye
    assert _paired_by_name(listed, tmp_path) == _paired_by_name(again, tmp_path) == boards


LISTED_IDS = (3, 1, 6, 2, 5, 4, 7)
"""The 001 numbers (ids) of `_listed_file`, in the order of its lines (the pairing order, ``XXC rank``)."""

LISTED_ENTRIES = {1: 8, 3: 9, 6: 1}
"""The entry numbers `_listed_file` gives ids 1, 3 and 6 when asked to: their numbers in the imported ledger."""

ROUND = ("pair",)
PLAYED = (("result", "1", "1", "1-0"), ("result", "1", "2", "0-1"), ("result", "1", "3", "1/2"))
"""Round 1 paired and played: seven players, three boards and a pairing-allocated bye."""

XXC_SCENARIOS = {
    "forfeits": [ROUND, ("result", "1", "1", "+-"), ("result", "1", "2", "--"), ("result", "1", "3", "1/2")],
    "withdrawn in a played round": [
        ROUND, *PLAYED, ("withdraw", "id 6", "--from-round", "2", "--reason", "ill"), ROUND,
        *(("result", "2", board, "1/2") for board in ("1", "2", "3")),
    ],
    "withdrawn from the round to pair": [ROUND, *PLAYED, ("withdraw", "id 6", "--reason", "ill")],
    "expelled": [ROUND, *PLAYED, ("expel", "id 3", "--reason", "fair play")],
    "byes asked for": [
        ROUND, *PLAYED, ("bye", "id 1", "--round", "2", "--kind", "half"),
        ("bye", "id 4", "--round", "2", "--kind", "zero"),
    ],
    "half-point bye played": [
        ROUND, *PLAYED, ("bye", "id 3", "--round", "2", "--kind", "half"), ROUND,
        *(("result", "2", board, "1-0") for board in ("1", "2", "3")),
    ],
    "late entry on an id": [
        ("register", "Late", "--fide-rating", "1990", "--number", "late"), ROUND, *PLAYED, ("result", "1", "4", "0-1"),
    ],
}  # fmt: skip
"""What the arbiter does in the ledger imported from `_listed_file` before exporting it, each the source of a
round trip; ``id N`` is the number of the player whose id is N (`LISTED_ENTRIES`), ``late`` the late entry's
number: with entry numbers 3, no player's number but the id of the player numbered 9; else 8."""


def _listed_file(tmp_path: Path, entries: bool) -> Path:
    """A Dutch Swiss of seven before round 1, list WIN,LOT, paired in the order of its 001 lines (``XXC
    rank``, ids `LISTED_IDS`), with the lots' seed and, if `entries`, the entry numbers `LISTED_ENTRIES`."""
    lots = ["### Drawing of lots (C.07 4.2): seed 77"]
    if entries:
        lots.append("### Drawing of lots, entry numbers: " + " ".join(f"{i}={n}" for i, n in LISTED_ENTRIES.items()))
    rows = [line(number, "0.0", "") for number in LISTED_IDS]
    return write(tmp_path, "012 Listed", "142 3", "XXC rank", "202 WIN,LOT", *lots, *rows)


def _exported(capsys: pytest.CaptureFixture[str], ledger: str, name: Path) -> list[str]:
    assert run(capsys, "export-trf", "-o", str(name), "--ledger", ledger)[0] == exit_codes.OK
    return name.read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("entries", [True, False], ids=["entry numbers", "ids alone"])
@pytest.mark.parametrize("scenario", list(XXC_SCENARIOS))
def test_q206_a_ledger_imported_with_xxc_rank_exports_what_it_imports_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], scenario: str, entries: bool
) -> None:
    """Q206 with ``XXC rank`` (docs/trf.md): a ledger imported from a file paired in the order of its 001
    lines, with or without entry numbers for the lots, in which forfeits, a withdrawal from a played round or
    from the round to pair, an expulsion, byes asked for or played, or a late entry are recorded, exports a
    file naming the players by the imported file's ids (a late entry whose number is one of them by a number
    above them all, drawing its lot by its own; the withdrawn and expelled in the withdrawal lines); that file
    imports into a ledger with the same standings, which exports the same file but for the lines of its own log
    and pairs the next round as the first ledger and as `arbiter-pair` pairs the file; the checker finds the
    file's rounds and ranks as it pairs and ranks them."""
    first, _ = imported(tmp_path, capsys, _listed_file(tmp_path, entries))
    numbers = LISTED_ENTRIES if entries else {}
    for command in XXC_SCENARIOS[scenario]:
        words = [str(numbers.get(int(word[3:]), word[3:])) if word.startswith("id ") else word for word in command]
        words = [("3" if entries else "8") if word == "late" else word for word in words]
        reason = ("--reason", "late") if command[0] == "bye" else ()
        code, _, err = run(capsys, *words, *reason, "--ledger", first)
        assert code == exit_codes.OK, (command, err)
    exported = _exported(capsys, first, tmp_path / "first.trf")
    late = [10 if entries else 8] if scenario == "late entry on an id" else []  # 10: above every id and number
    assert [int(row[4:8]) for row in exported if row.startswith("001")] == [*LISTED_IDS, *late]
    second = str(tmp_path / "second.ledger")
    code, _, err = run(capsys, "import-trf", str(tmp_path / "first.trf"), "--ledger", second)
    assert code == exit_codes.OK and "warning" not in without_import_notice(err, "first.trf"), err
    assert _standing_rows(capsys, second) == _standing_rows(capsys, first)
    assert _file_lines(_exported(capsys, second, tmp_path / "second.trf")) == _file_lines(exported)
    checked = _standings_checked(capsys, tmp_path / "first.trf")
    assert "rounds that differ: none" in checked and "do not follow the tie-breaks: none" in checked
    expected = _paired_by_name(tmp_path / "first.trf", tmp_path)
    for ledger in (first, second):
        assert run(capsys, "pair", "--ledger", ledger)[0] == exit_codes.OK
        assert _ledger_paired_by_name(capsys, ledger) == expected


def _renumbering_breaches(ledger: str) -> list[int]:
    desk, _ = open_ledger(ledger, "test")
    return [
        position
        for position, event in desk.log_events(start=1)
        if isinstance(event, Tournament.CautionConfirmed) and event.caution["breach"] == Breach.RENUMBERING.value
    ]


def test_q148_an_imported_files_order_is_renumbered_as_asked_and_its_undo_names_the_way_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q148-154 (C.04.2 Art. 2.3): a ledger imported with ``XXC rank`` keeps the file's order of its 001
    lines as its pairing numbers until `arbiter renumber` sets others, which then hold (a renumbering
    recorded but not applied would make the TRF's ### line say what the pairings do not do); the undo of
    a later renumbering gives back the earlier one. The undo of the first renumbering after round 1 cannot
    give the file's order back by a rule: it is refused, naming the exchanges that can."""
    names = {1: "Delta", 2: "Alpha", 4: "Charlie", 3: "Bravo"}
    rows = [line(number, "0.0", "", names[number]) for number in (1, 2, 4, 3)]
    source = write(tmp_path, "012 Ranked", "XXR 3", "XXC rank white1", *rows)
    first = tmp_path / "first"
    first.mkdir()
    ledger, _ = imported(first, capsys, source)
    assert state_of(ledger).ranking() == {1: 1, 2: 2, 4: 3, 3: 4}
    code, _, err = run(capsys, "renumber", "--rule", "alphabetical", "--reason", "club rule 3", "--ledger", ledger)
    assert code == exit_codes.OK, err
    state = state_of(ledger)
    assert state.ranking() == {2: 1, 3: 2, 4: 3, 1: 4}
    assert state.ranking_rule().startswith("renumbered by name, alphabetically")
    assert run(capsys, "pair", "--ledger", ledger)[0] == exit_codes.OK
    # C.04.3 round 1: TPN 1-3 and 2-4, players 2-4 and 3-1 (the file's order would give 1-4 and 2-3)
    assert sorted(map(sorted, pairs(ledger, 1, capsys))) == [[1, 3], [2, 4]]
    code, _, err = run(capsys, "renumber", "--rule", "fide", "--reason", "ratings", "--yes", "--ledger", ledger)
    assert code == exit_codes.OK, err
    assert state_of(ledger).ranking() == {1: 1, 2: 2, 3: 3, 4: 4}  # ratings 1999, 1998, 1997, 1996
    desk, _ = open_ledger(ledger, "test")
    with desk.command(confirmed=True):
        undone = desk.undo_breach(_renumbering_breaches(ledger)[-1], "entered by mistake")
    assert "pairing numbers of before" in undone
    assert state_of(ledger).ranking() == {2: 1, 3: 2, 4: 3, 1: 4}

    second = tmp_path / "second"
    second.mkdir()
    ledger, _ = imported(second, capsys, source)
    assert run(capsys, "pair", "--ledger", ledger)[0] == exit_codes.OK
    code, _, err = run(capsys, "renumber", "--rule", "fide", "--reason", "ratings", "--yes", "--ledger", ledger)
    assert code == exit_codes.OK, err
    assert state_of(ledger).ranking() == {1: 1, 2: 2, 3: 3, 4: 4}
    desk, _ = open_ledger(ledger, "test")
    length = desk.position()
    with (
        desk.command(confirmed=True),
        pytest.raises(RuleViolation, match=r"imported file's pairing numbers .* exchange pairing numbers") as refused,
    ):
        desk.undo_breach(_renumbering_breaches(ledger)[-1], "entered by mistake")
    assert refused.value.remedies == (Remedy(RemedyAction.SEE_ROSTER),)
    assert desk.position() == length
