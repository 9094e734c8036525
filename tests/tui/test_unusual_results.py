"""Q180-186: the unusual results of a chess game played, whose points do not add up to one game's (½-0, 0-½,
0-0: an arbiter's penalty; docs/fide-mode.md, Q180-186), and games that "lasted less than one move", played but not
rated (TRF16 ``W``, ``D``, ``L``; docs/research/fide/04-TRF-format.md, "Result codes"). Each side scores
its own outcome, the game is played for pairing (colours, no rematch) and standings, and the TRF writes and
reads each side's own code."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from ledger.errors import InvalidResult
from ledger.results import Game, ResultRules
from pairing.model import Outcome, Scoring, Side
from pairing.trf import parse
from pairing.trf.document import ResultCode as R
from projections.history import histories
from tests.tui.cli_support import run
from tests.tui.test_trf_import import _file_lines, imported, state_of
from tui import exit_codes
from tui.pair import main as checker

CHESS = ResultRules(Game.CHESS)


@pytest.mark.parametrize(
    ("typed", "code", "sides", "rated"),
    [
        ("1/2-0", "1/2-0", (Outcome.DRAW, Outcome.LOSS), True),
        ("½-0", "1/2-0", (Outcome.DRAW, Outcome.LOSS), True),
        ("0-½", "0-1/2", (Outcome.LOSS, Outcome.DRAW), True),
        ("0-0.5", "0-1/2", (Outcome.LOSS, Outcome.DRAW), True),
        ("0-0", "0-0", (Outcome.LOSS, Outcome.LOSS), True),
        ("1-0 unrated", "1-0 unrated", (Outcome.WIN, Outcome.LOSS), False),
        ("0-1u", "0-1 unrated", (Outcome.LOSS, Outcome.WIN), False),
        ("½-½ Unrated", "1/2 unrated", (Outcome.DRAW, Outcome.DRAW), False),
        ("0-0 unrated", "0-0 unrated", (Outcome.LOSS, Outcome.LOSS), False),
        ("1-0", "1-0", (Outcome.WIN, Outcome.LOSS), True),
    ],
)
def test_q180_q186_each_unusual_result_is_read_and_each_side_scores_its_own(
    typed: str, code: str, sides: tuple[Outcome, Outcome], rated: bool
) -> None:
    """Q180-186: an unusual result is a game played (not a forfeit) in which each side scores its own
    outcome's points, whatever the points table (here 3/1/0 and 1/½/0); `unrated` marks a game that lasted
    less than one move."""
    result = CHESS.parse(typed)
    assert (result.code, (result.first, result.second), result.rated) == (code, sides, rated)
    assert result.played
    football = Scoring(win=3.0, draw=1.0, loss=0.0)
    points = {Outcome.WIN: 3.0, Outcome.DRAW: 1.0, Outcome.LOSS: 0.0}
    assert result.points(football) == (points[sides[0]], points[sides[1]])
    assert CHESS.parse(result.code) == result  # the canonical code reads back as itself


@pytest.mark.parametrize("typed", ["1-1", "1-1/2", "1/2-1", "2-0", "u", "unrated", "1-0 unrated unrated", "+- unrated"])
def test_q180_q186_a_result_no_game_ends_with_is_refused_naming_the_choices(typed: str) -> None:
    """Q180-186: points above one game's (both win, a win against a half), a word alone, or a forfeit marked
    unrated (a forfeit is no game) are refused, and the refusal lists what a chess result can be."""
    choices = "use 1-0, 0-1, 1/2, +-, -+, --, 1/2-0, 0-1/2, 0-0 or 1-0 unrated"
    with pytest.raises(InvalidResult, match=re.escape(choices)):
        CHESS.parse(typed)


def _swiss(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[str, Path]:
    """A Dutch Swiss of eight in FIDE mode; round 1: ½-0 on board 1, 0-0 on board 2, an unrated win of White
    on board 3, a played draw on board 4. The ledger and its TRF."""
    at = ("--ledger", str(tmp_path / "source.ledger"))
    assert run(capsys, "new", "Open", "--system", "dutch", "--rounds", "5", *at)[0] == exit_codes.OK
    for index in range(8):
        rating = str(2400 - 50 * index)
        assert run(capsys, "register", f"Player {'ABCDEFGH'[index]}", "--rating", rating, *at)[0] == exit_codes.OK
    assert run(capsys, "pair", *at)[0] == exit_codes.OK
    for board, result in (("1", "½-0"), ("2", "0-0"), ("3", "1-0 unrated"), ("4", "1/2")):
        code, _, err = run(capsys, "result", "1", board, result, *at)
        assert code == exit_codes.OK, err
    out = tmp_path / "source.trf"
    assert run(capsys, "export-trf", "-o", str(out), *at)[0] == exit_codes.OK
    return at[1], out


def _round_codes(trf: Path, number: int) -> dict[int, R]:
    """Start rank -> the result code of round `number` on its 001 line."""
    return {player.start_rank: player.rounds[number - 1].result for player in parse(trf.read_text()).players}


def test_q180_q186_unusual_and_unrated_results_are_scored_played_and_written_side_by_side(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q180-186: round 1 of eight (boards 1-4: 1 v 5, 6 v 2, 3 v 7, 8 v 4 by the Dutch colours): ½-0 gives
    White a half and Black nothing, 0-0 nothing to either, the unrated win White's point; each is a game
    played (a side, a colour) in the players' histories; the TRF writes each side's code (``=`` ``0``, ``0``
    ``0``, ``W`` ``L``) and the points column adds them up."""
    ledger, trf = _swiss(tmp_path, capsys)
    state = state_of(ledger)
    view = state.rounds[1]
    boards = [(board.first, board.second) for board in view.boards]
    assert [view.results[b].code for b in (1, 2, 3, 4)] == ["1/2-0", "0-0", "1-0 unrated", "1/2"]
    table = histories(state, 1)
    (w1, b1), (w2, b2), (w3, b3), (w4, b4) = boards
    assert [table[n][0].points for n in (w1, b1, w2, b2, w3, b3, w4, b4)] == [0.5, 0.0, 0.0, 0.0, 1.0, 0.0, 0.5, 0.5]
    assert all(table[n][0].played for n in (w1, b1, w2, b2, w3, b3))
    assert [table[n][0].side for n in (w2, b2)] == [Side.FIRST, Side.SECOND]
    codes = _round_codes(trf, 1)
    expected = {w1: R.DRAW, b1: R.LOSS, w2: R.LOSS, b2: R.LOSS, w3: R.UNRATED_WIN, b3: R.UNRATED_LOSS}
    assert {n: codes[n] for n in expected} == expected  # start ranks are the numbers: registered by rating
    points = {player.start_rank: float(player.points or 0) for player in parse(trf.read_text()).players}
    assert {n: points[n] for n in (w1, b1, w2, b2, w3, b3)} == {w1: 0.5, b1: 0.0, w2: 0.0, b2: 0.0, w3: 1.0, b3: 0.0}
    code, out, err = run(capsys, "standings", "--format", "json", "--ledger", ledger)
    assert code == exit_codes.OK, err
    scores = {row["number"]: row["score"] for row in json.loads(out)["rows"]}
    assert scores[w1] == 0.5 and scores[b1] == 0.0 and scores[w2] == scores[b2] == 0.0 and scores[w3] == 1.0


def test_q180_q186_the_trf_round_trip_keeps_each_unusual_and_unrated_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q180-186: `import-trf` reads ``=`` against ``0``, ``0`` against ``0`` and ``W`` against ``L`` as the
    results they are, so the imported ledger holds the source's results, ranks as it does, exports the same
    file (but for the lines of its own log), the checker finds no pairing breaking the rules, and round 2
    pairs as the source pairs it (the unusual games are games played: no rematch, colours alternate)."""
    source, trf = _swiss(tmp_path, capsys)
    ledger, err = imported(tmp_path, capsys, trf)
    assert "warning" not in err
    assert _games(ledger, 1) == _games(source, 1)
    again = tmp_path / "again.trf"
    assert run(capsys, "export-trf", "-o", str(again), "--ledger", ledger)[0] == exit_codes.OK
    assert _file_lines(again.read_text().splitlines()) == _file_lines(trf.read_text().splitlines())
    capsys.readouterr()
    assert checker(["--dutch", str(again), "-c"]) == 0
    checked = capsys.readouterr().err.splitlines()
    assert checked[:2] == ["rounds that differ: none", "standings positions that do not follow the tie-breaks: none"]
    for paired in (source, ledger):
        assert run(capsys, "pair", "--ledger", paired)[0] == exit_codes.OK
    assert _games(ledger, 2) == _games(source, 2)


def _games(ledger: str, number: int) -> dict[tuple[int, int], str | None]:
    """(White, Black) -> the result's code, of each board of round `number` (None: no result yet)."""
    view = state_of(ledger).rounds[number]
    return {
        (board.first, board.second): None if index not in view.results else view.results[index].code
        for index, board in enumerate(view.boards, start=1)
    }


def test_q180_q186_the_generators_unusual_results_are_imported_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q24, Q180-186: a tournament `arbiter-pair -g` writes with two unusual results a round (``=`` against
    ``0``, ``0`` against ``=``, ``0`` against ``0``) is imported, and exported again with every round column
    as the generator wrote it."""
    config = tmp_path / "unusual.cfg"
    config.write_text("PlayersNumber=20\nRoundsNumber=5\nUnusualResults=2\nForfeitWins=0\nDoubleForfeits=0\n")
    config.write_text(config.read_text() + "FullPointByes=0\nHalfPointByes=0\nZeroPointByes=0\n")
    generated = tmp_path / "generated.trf"
    assert checker(["--dutch", "-g", str(config), "-o", str(generated), "-s", "11"]) == 0
    document = parse(generated.read_text())
    unusual = {(R.DRAW, R.LOSS), (R.LOSS, R.DRAW), (R.LOSS, R.LOSS)}
    ranks = {player.start_rank: player for player in document.players}
    found = {
        (player.rounds[r].result, ranks[player.rounds[r].opponent].rounds[r].result)
        for player in document.players
        for r in range(5)
        if player.rounds[r].opponent
    }
    assert found & unusual  # the file does hold unusual results
    ledger, _ = imported(tmp_path, capsys, generated, "--yes")
    again = tmp_path / "again.trf"
    assert run(capsys, "export-trf", "-o", str(again), "--ledger", ledger)[0] == exit_codes.OK
    exported = {player.start_rank: player.rounds for player in parse(again.read_text()).players}
    assert exported == {player.start_rank: player.rounds for player in document.players}


@pytest.mark.parametrize(
    ("white", "black"),
    [("1", "1"), ("1", "="), ("W", "0"), ("=", "L")],
    ids=["both win", "a win and a half", "unrated against rated", "rated against unrated"],
)
def test_q180_q186_two_codes_that_end_no_game_are_refused_naming_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], white: str, black: str
) -> None:
    """Q180-186: the two sides' codes of a game must end one chess game, both rated or both unrated; a pair
    that does not is refused (exit 4) naming the line and column, and nothing is imported."""
    trf = _swiss(tmp_path, capsys)[1]
    lines = trf.read_text().splitlines()
    players = [index for index, row in enumerate(lines) if row.startswith("001")]
    first = next(i for i in players if lines[i][96] == "w")
    opponent = int(lines[first][91:95])
    second = next(i for i in players if int(lines[i][4:8]) == opponent)
    lines[first] = lines[first][:98] + white + lines[first][99:]
    lines[second] = lines[second][:98] + black + lines[second][99:]
    bad = tmp_path / "bad.trf"
    bad.write_text("\n".join(lines) + "\n")
    target = str(tmp_path / "bad.ledger")
    code, _, err = run(capsys, "import-trf", str(bad), "--ledger", target)
    assert code == exit_codes.BAD_INPUT, err
    assert f"line {first + 1}, column 99 (round 1)" in err and "do not fit together" in err
    assert "Traceback" not in err
    assert not Path(target).exists()


def test_q180_q186_a_result_no_game_ends_with_appends_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q180-186: `arbiter result` with a result no chess game ends with is refused (exit 4) with the choices,
    and the ledger is as it was."""
    ledger = _swiss(tmp_path, capsys)[0]
    before = state_of(ledger).position
    code, _, err = run(capsys, "result", "2", "1", "1-1", "--ledger", ledger)
    assert code == exit_codes.BAD_INPUT
    assert "1/2-0, 0-1/2, 0-0 or 1-0 unrated" in err and "Traceback" not in err
    assert state_of(ledger).position == before


@pytest.mark.parametrize(
    "typed",
    ["1-0" + " " * 40_000 + "x", "1" * 100_000, "1-0\x1b[31m unrated", "½-0\x00"],
    ids=["blanks after a result", "a pasted page", "an escape sequence", "a NUL"],
)
def test_q180_q186_a_hostile_result_is_refused_at_once_and_in_a_line(typed: str) -> None:
    """Q180-186: a result the arbiter could not have meant (a page pasted, control characters) is refused
    within a second, however many blanks come before its last word (reading the `unrated` mark took a time
    growing with their square), and the refusal repeats only its beginning, control characters escaped, so
    that it fits the desk's status line."""
    started = time.perf_counter()
    with pytest.raises(InvalidResult) as refused:
        CHESS.parse(typed)
    assert time.perf_counter() - started < 1.0
    message = str(refused.value)
    assert len(message) < 200 and "\n" not in message and "\x1b" not in message and "\x00" not in message
    assert message.endswith("is not a chess result: use 1-0, 0-1, 1/2, +-, -+, --, 1/2-0, 0-1/2, 0-0 or 1-0 unrated")


def test_q180_q186_a_pasted_page_as_a_result_appends_nothing_and_is_not_echoed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q180-186: `arbiter result` given a page of text is refused (exit 4), nothing appended, with a message
    of one short line."""
    ledger = _swiss(tmp_path, capsys)[0]
    before = state_of(ledger).position
    code, _, err = run(capsys, "result", "2", "1", "1/2-0 " * 20_000, "--ledger", ledger)
    assert code == exit_codes.BAD_INPUT
    assert len(err) < 300 and "Traceback" not in err
    assert state_of(ledger).position == before
