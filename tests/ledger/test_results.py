"""Results as the desk types them, per game (`ledger.results`): what is accepted, its canonical
form, what each side scores, and what is refused with a message naming the expected format."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.errors import InvalidInput, InvalidResult
from ledger.results import Game, MatchFormat, ResultRules
from ledger.settings import TournamentSettings
from pairing.model import Outcome, Scoring

CHESS = ResultRules(Game.CHESS)
SCRABBLE = ResultRules(Game.SCRABBLE)
BACKGAMMON_TO_3 = ResultRules(Game.BACKGAMMON, 3, MatchFormat.GAME_WINS)
BACKGAMMON_TO_7_POINTS = ResultRules(Game.BACKGAMMON, 7, MatchFormat.POINTS)

ONE_HALF_ZERO = Scoring()
THREE_ONE_ZERO = Scoring(win=3.0, draw=1.0, loss=0.0, forfeit_win=3.0, forfeit_loss=0.0)

WIN, DRAW, LOSS = Outcome.WIN, Outcome.DRAW, Outcome.LOSS


# --- chess ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code", "outcomes", "classic", "three_one_zero"),
    [
        ("1-0", "1-0", (WIN, LOSS), (1.0, 0.0), (3.0, 0.0)),
        ("0-1", "0-1", (LOSS, WIN), (0.0, 1.0), (0.0, 3.0)),
        (" 1 - 0 ", "1-0", (WIN, LOSS), (1.0, 0.0), (3.0, 0.0)),
        ("1/2", "1/2", (DRAW, DRAW), (0.5, 0.5), (1.0, 1.0)),
        ("½", "1/2", (DRAW, DRAW), (0.5, 0.5), (1.0, 1.0)),
        ("½-½", "1/2", (DRAW, DRAW), (0.5, 0.5), (1.0, 1.0)),
        ("1/2-1/2", "1/2", (DRAW, DRAW), (0.5, 0.5), (1.0, 1.0)),
        ("=", "1/2", (DRAW, DRAW), (0.5, 0.5), (1.0, 1.0)),
        ("0.5-0.5", "1/2", (DRAW, DRAW), (0.5, 0.5), (1.0, 1.0)),
    ],
)
def test_chess_results_and_their_points(
    text: str,
    code: str,
    outcomes: tuple[Outcome, Outcome],
    classic: tuple[float, float],
    three_one_zero: tuple[float, float],
) -> None:
    """FIDE C.02 / C.04.2: a win, draw and loss score 1, ½ and 0, or 3, 1 and 0 where the
    regulations say so; every spelling of a result is stored in one canonical form."""
    result = CHESS.parse(text)
    assert result.code == code
    assert (result.first, result.second) == outcomes
    assert result.played
    assert result.points(ONE_HALF_ZERO) == classic
    assert result.points(THREE_ONE_ZERO) == three_one_zero


@pytest.mark.parametrize(
    ("text", "outcomes", "classic", "three_one_zero"),
    [
        ("+-", (WIN, LOSS), (1.0, 0.0), (3.0, 0.0)),
        ("-+", (LOSS, WIN), (0.0, 1.0), (0.0, 3.0)),
        ("--", (LOSS, LOSS), (0.0, 0.0), (0.0, 0.0)),
    ],
)
@pytest.mark.parametrize("rules", [CHESS, BACKGAMMON_TO_3, SCRABBLE], ids=["chess", "backgammon", "scrabble"])
def test_forfeits_are_not_played_games(
    rules: ResultRules,
    text: str,
    outcomes: tuple[Outcome, Outcome],
    classic: tuple[float, float],
    three_one_zero: tuple[float, float],
) -> None:
    """FIDE C.04.1: forfeited games are not played games (no colour, no game score); every game
    takes the forfeit codes +-, -+ and -- (a double forfeit scores nothing for either side)."""
    result = rules.parse(text)
    assert result.code == text
    assert (result.first, result.second) == outcomes
    assert result.forfeit
    assert not result.played
    assert result.spread == 0
    assert result.points(ONE_HALF_ZERO) == classic
    assert result.points(THREE_ONE_ZERO) == three_one_zero


# --- backgammon -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "outcomes"),
    [
        ("3-0", (WIN, LOSS)),
        ("3-1", (WIN, LOSS)),
        ("3-2", (WIN, LOSS)),
        ("4-0", (WIN, LOSS)),
        ("4-1", (WIN, LOSS)),
        ("4-2", (WIN, LOSS)),
        ("0-3", (LOSS, WIN)),
        ("2-4", (LOSS, WIN)),
        ("3:1", (WIN, LOSS)),
    ],
)
def test_rules_guide_5_13_game_wins_match_scores(text: str, outcomes: tuple[Outcome, Outcome]) -> None:
    """Rules guide 5.13: "A match ends as soon as one player wins 3 games. A Gammon counts as 2
    wins": the winner ends on 3, or on 4 after a gammon from 2, with the loser below 3."""
    result = BACKGAMMON_TO_3.parse(text)
    a, b = (int(n) for n in text.replace(":", "-").split("-"))
    assert result.code == f"{a}-{b}"
    assert (result.first, result.second) == outcomes
    assert (result.score_first, result.score_second) == (a, b)
    assert result.played
    assert result.spread == a - b


@pytest.mark.parametrize("text", ["2-1", "5-0", "3-3", "4-3", "0-0", "1-5"])
def test_rules_guide_5_13_refuses_scores_no_match_ends_on(text: str) -> None:
    """Rules guide 5.13: a score the match cannot end on (nobody reached 3, the match went on after
    someone did, or a game worth more than a gammon) is refused, and the message says why."""
    with pytest.raises(InvalidResult) as refused:
        BACKGAMMON_TO_3.parse(text)
    message = str(refused.value)
    assert text in message
    assert "match to 3 game-wins" in message
    assert "gammon counts 2" in message
    assert "5.13" in message


@pytest.mark.parametrize(("text", "outcomes"), [("7-0", (WIN, LOSS)), ("7-6", (WIN, LOSS)), ("5-9", (LOSS, WIN))])
def test_match_to_7_points(text: str, outcomes: tuple[Outcome, Outcome]) -> None:
    """A match to 7 points ends when one side reaches 7 (with the cube it may pass 7)."""
    result = BACKGAMMON_TO_7_POINTS.parse(text)
    assert result.code == text
    assert (result.first, result.second) == outcomes


@pytest.mark.parametrize("text", ["6-5", "7-7", "9-8", "0-0"])
def test_match_to_7_points_refuses_unfinished_or_tied_scores(text: str) -> None:
    """A points match is over when exactly one side has reached the length; nothing else ends it."""
    with pytest.raises(InvalidResult, match="match to 7 points"):
        BACKGAMMON_TO_7_POINTS.parse(text)


def test_backgammon_settings_default_to_a_match_to_3_game_wins() -> None:
    """`arbiter new --game backgammon` without a match format: rules guide 5.13's match to 3."""
    rules = TournamentSettings.for_game(Game.BACKGAMMON, "round-robin", 3).result_rules
    assert rules == BACKGAMMON_TO_3


@cache
def match_endings(length: int) -> frozenset[tuple[int, int]]:
    """Every final score of a match to `length` game-wins: games worth 1 or 2 (a gammon) are
    added one at a time, and the match stops as soon as either side reaches `length`."""
    endings: set[tuple[int, int]] = set()
    going, seen = [(0, 0)], {(0, 0)}
    while going:
        a, b = going.pop()
        for after in ((a + 1, b), (a + 2, b), (a, b + 1), (a, b + 2)):
            if max(after) >= length:
                endings.add(after)
            elif after not in seen:
                seen.add(after)
                going.append(after)
    return frozenset(endings)


@st.composite
def match_scores(draw: st.DrawFn) -> tuple[int, int, int]:
    """A match length 1..11 and a score: half the time one the match can end on."""
    length = draw(st.integers(1, 11))
    if draw(st.booleans()):
        a, b = draw(st.sampled_from(sorted(match_endings(length))))
    else:
        a, b = draw(st.integers(0, length + 4)), draw(st.integers(0, length + 4))
    return length, a, b


@given(match_scores())
def test_rules_guide_5_13_accepts_exactly_the_reachable_endings(case: tuple[int, int, int]) -> None:
    """Rules guide 5.13 for any match length N in 1..11: a score is accepted iff a sequence of
    games worth 1 or 2, stopping as soon as someone reaches N, ends on it."""
    length, a, b = case
    rules = ResultRules(Game.BACKGAMMON, length, MatchFormat.GAME_WINS)
    try:
        rules.parse(f"{a}-{b}")
    except InvalidResult:
        accepted = False
    else:
        accepted = True
    assert accepted == ((a, b) in match_endings(length))


# --- Scrabble ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code", "outcomes", "spread", "points"),
    [
        ("412-380", "412-380", (WIN, LOSS), 32, (1.0, 0.0)),
        ("380-412", "380-412", (LOSS, WIN), -32, (0.0, 1.0)),
        (" 412 : 380 ", "412-380", (WIN, LOSS), 32, (1.0, 0.0)),
        ("400-400", "400-400", (DRAW, DRAW), 0, (0.5, 0.5)),
        ("0-0", "0-0", (DRAW, DRAW), 0, (0.5, 0.5)),
    ],
)
def test_scrabble_scores_spread_and_ties(
    text: str, code: str, outcomes: tuple[Outcome, Outcome], spread: int, points: tuple[float, float]
) -> None:
    """tsh: both scores are entered; the higher wins, the spread is the difference, and a tie is
    half a win for each."""
    result = SCRABBLE.parse(text)
    assert result.code == code
    assert (result.first, result.second) == outcomes
    assert result.spread == spread
    assert result.played
    scoring = TournamentSettings.for_game(Game.SCRABBLE, "round-robin", 3).scoring
    assert result.points(scoring) == points


# --- garbage --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "text", "expected"),
    [
        (CHESS, "2-0", "use 1-0, 0-1, 1/2, +-, -+, --, 1/2-0, 0-1/2, 0-0 or 1-0 unrated"),
        (CHESS, "white won", "use 1-0, 0-1, 1/2"),
        (CHESS, "", "use 1-0, 0-1, 1/2"),
        (CHESS, "1:0", "use 1-0, 0-1, 1/2"),
        (BACKGAMMON_TO_3, "three-one", "expected a final match score such as 3-1"),
        (BACKGAMMON_TO_3, "3-1-0", "expected a final match score such as 3-1"),
        (BACKGAMMON_TO_7_POINTS, "7", "expected a final match score such as 7-1"),
        (SCRABBLE, "412", "expected both scores such as 412-380"),
        (SCRABBLE, "412-", "expected both scores such as 412-380"),
        (SCRABBLE, "12345-380", "expected both scores such as 412-380"),
        (SCRABBLE, "-5-3", "expected both scores such as 412-380"),
    ],
)
def test_garbage_is_refused_naming_the_expected_format(rules: ResultRules, text: str, expected: str) -> None:
    """ARCHITECTURE.md, "Bad input": a malformed result is refused with a message that names what
    was typed and what is expected."""
    with pytest.raises(InvalidResult) as refused:
        rules.parse(text)
    assert expected in str(refused.value)
    assert repr(text.strip()) in str(refused.value)
    assert isinstance(refused.value, InvalidInput)
