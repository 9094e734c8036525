"""Game results as the desk enters them, per game, and what each side scores.

- Chess: `1-0`, `0-1`, `1/2` (also `½-½`, `1/2-1/2`, `=`), forfeits `+-`, `-+`, `--` (FIDE C.04.1:
  forfeited games are not played games); the unusual results of a game played, whose points do not add up
  to one game's, `1/2-0`, `0-1/2` and `0-0` (also with `½`); and any of these games marked `unrated`
  (`1-0 unrated`): a game that "lasted less than one move", played for pairing and standings, written
  `W`, `D`, `L` in the TRF (docs/research/fide/04-TRF-format.md, "Result codes").
- Backgammon: the final score of a match to N game-wins where a gammon counts 2 (rules guide 5.13),
  or of a match to N points (the doubling cube allowed), entered as `3-1`; a score that cannot end
  such a match is refused.
- Scrabble: both scores, `412-380`; the spread follows. A tie is a half win (tsh).

Every game also takes the forfeit codes `+-`, `-+` and `--`.

"Rules guide N" is the Backgammon Tournament Rules and Standards Guide,
docs/rules/backgammon-tournament-rules-guide.txt.
"""

from __future__ import annotations

import enum
import re

from attrs import frozen

from ledger.errors import InvalidResult
from pairing.model import Outcome, Scoring


class Game(enum.StrEnum):
    CHESS = "chess"
    BACKGAMMON = "backgammon"
    SCRABBLE = "scrabble"


class MatchFormat(enum.StrEnum):
    """How a backgammon match is won."""

    GAME_WINS = "game-wins"
    """First to N game-wins, a gammon counting 2 (rules guide 5.13)."""
    POINTS = "points"
    """First to N points with the doubling cube."""


FORFEITS = {
    "+-": (Outcome.WIN, Outcome.LOSS),
    "-+": (Outcome.LOSS, Outcome.WIN),
    "--": (Outcome.LOSS, Outcome.LOSS),
}
CHESS_RESULTS = {
    "1-0": (Outcome.WIN, Outcome.LOSS),
    "0-1": (Outcome.LOSS, Outcome.WIN),
    "1/2": (Outcome.DRAW, Outcome.DRAW),
    "1/2-0": (Outcome.DRAW, Outcome.LOSS),
    "0-1/2": (Outcome.LOSS, Outcome.DRAW),
    "0-0": (Outcome.LOSS, Outcome.LOSS),
}
"""A chess game's canonical codes and what each side made of it; the last three are the unusual results,
a game played whose points do not add up to one game's (an arbiter's penalty), which the TRF writes as each
side's own code, `=` against `0` (docs/research/fide/04-TRF-format.md, "Result codes"; docs/fide-mode.md,
Q180-186)."""
_CHESS_CODES = {sides: code for code, sides in CHESS_RESULTS.items()}
"""What each side made of a chess game -> its canonical code."""
_CHESS_SPELLINGS = {"1/2-1/2": "1/2", "=": "1/2", "½": "1/2", "0.5": "1/2"}
"""Other spellings of a side's half point, or of a draw, and what they are."""
UNRATED = " unrated"
"""The mark of a game that "lasted less than one move" (`1-0 unrated`; TRF `W`, `D`, `L`)."""
_UNRATED_MARKS = ("unrated", "u")
"""`unrated` (or just `u`), in any case, after a chess result."""
SHOWN_LENGTH = 24
"""The characters of a refused result that its refusal repeats: a result is short, and the desk's status line
is one line."""
_SCORE = re.compile(r"^\s*(\d{1,4})\s*[-:]\s*(\d{1,4})\s*$")
GAMMON_VALUE = 2
"""Rules guide 5.13: "A Gammon counts as 2 wins"; no game is worth more in a game-wins match."""


@frozen
class Result:
    """A board's result: canonical text plus what each side made of it."""

    code: str
    """Canonical text: `1-0`, `1/2`, `+-`, `3-1`, `412-380`."""
    first: Outcome
    second: Outcome
    forfeit: bool = False
    rated: bool = True
    """False for a game that "lasted less than one move" (TRF `W`, `D`, `L`): played, not rated."""
    score_first: int | None = None
    score_second: int | None = None

    @property
    def played(self) -> bool:
        return not self.forfeit

    def points(self, scoring: Scoring) -> tuple[float, float]:
        """Tournament points for (first, second) under `scoring`."""
        return _points(self.first, self.forfeit, scoring), _points(self.second, self.forfeit, scoring)

    @property
    def spread(self) -> int:
        """First side's score minus the second's (0 when there are no game scores)."""
        if self.score_first is None or self.score_second is None:
            return 0
        return self.score_first - self.score_second


def _points(outcome: Outcome, forfeit: bool, scoring: Scoring) -> float:
    if forfeit:
        return scoring.forfeit_win if outcome is Outcome.WIN else scoring.forfeit_loss
    return {Outcome.WIN: scoring.win, Outcome.DRAW: scoring.draw, Outcome.LOSS: scoring.loss}[outcome]


@frozen
class ResultRules:
    """What results a tournament accepts (from its settings)."""

    game: Game
    match_length: int = 3
    match_format: MatchFormat = MatchFormat.GAME_WINS

    def parse(self, text: str) -> Result:
        """Read a result as typed at the desk; `InvalidResult` says what is wrong and what is expected."""
        text = text.strip()
        if text in FORFEITS:
            first, second = FORFEITS[text]
            return Result(text, first, second, forfeit=True)
        match self.game:
            case Game.CHESS:
                return _parse_chess(text)
            case Game.BACKGAMMON:
                return self._parse_backgammon(text)
            case Game.SCRABBLE:
                return _parse_scrabble(text)

    def _parse_backgammon(self, text: str) -> Result:
        a, b = _two_scores(text, f"a final match score such as {self.match_length}-1")
        winner, loser = max(a, b), min(a, b)
        n = self.match_length
        if self.match_format is MatchFormat.GAME_WINS:
            highest = n + GAMMON_VALUE - 1
            if not (n <= winner <= highest and loser < n):
                raise InvalidResult(
                    f"{text!r} cannot end a match to {n} game-wins where a gammon counts 2 "
                    f"(rules guide 5.13): the winner ends on {n}"
                    + (f" or {highest}" if highest > n else "")
                    + f" and the loser below {n}"
                )
        elif not (winner >= n > loser):
            raise InvalidResult(f"{text!r} cannot end a match to {n} points: one side reaches {n}, the other not")
        first, second = (Outcome.WIN, Outcome.LOSS) if a > b else (Outcome.LOSS, Outcome.WIN)
        return Result(f"{a}-{b}", first, second, score_first=a, score_second=b)


def _parse_chess(text: str) -> Result:
    played = _without_unrated_mark(text)
    rated = played == text
    code = _chess_code(played.replace(" ", ""))
    if code is None:
        raise InvalidResult(
            f"{_shown(text)} is not a chess result: use 1-0, 0-1, 1/2, +-, -+, --, 1/2-0, 0-1/2, 0-0 or 1-0 unrated"
        )
    first, second = CHESS_RESULTS[code]
    return Result(code if rated else code + UNRATED, first, second, rated=rated)


def _without_unrated_mark(text: str) -> str:
    """`text` without the `unrated` mark at its end and the blanks before it (`text` itself when it has none).
    Read from the end, not with a pattern: a pattern with blanks on both sides of the word took a time growing
    with the square of the blanks typed (a line of 40,000 blanks took five seconds)."""
    ended = text.rstrip()
    for mark in _UNRATED_MARKS:
        if ended[-len(mark) :].lower() == mark:
            return ended[: -len(mark)].rstrip()
    return text


def _chess_code(compact: str) -> str | None:
    """The canonical code of a chess result typed without spaces (`½-0` -> `1/2-0`), None if it is none."""
    code = "-".join(_CHESS_SPELLINGS.get(side, side) for side in compact.split("-"))
    code = _CHESS_SPELLINGS.get(code, code)
    return code if code in CHESS_RESULTS else None


def chess_code(first: Outcome, second: Outcome, rated: bool = True) -> str | None:
    """The canonical code of a chess game whose sides made `first` and `second`, None where no game ends so
    (both win, or a win against a draw)."""
    code = _CHESS_CODES.get((first, second))
    return code if code is None or rated else code + UNRATED


def _parse_scrabble(text: str) -> Result:
    a, b = _two_scores(text, "both scores such as 412-380")
    if a > b:
        first, second = Outcome.WIN, Outcome.LOSS
    elif a < b:
        first, second = Outcome.LOSS, Outcome.WIN
    else:
        first = second = Outcome.DRAW
    return Result(f"{a}-{b}", first, second, score_first=a, score_second=b)


def _two_scores(text: str, expected: str) -> tuple[int, int]:
    found = _SCORE.match(text)
    if found is None:
        raise InvalidResult(f"{_shown(text)} is not a score: expected {expected}, or a forfeit +-, -+, --")
    return int(found[1]), int(found[2])


def _shown(text: str) -> str:
    """`text` as a refusal repeats it: quoted with its control characters escaped, cut after `SHOWN_LENGTH`
    characters (a pasted page is not echoed back whole)."""
    return repr(text) if len(text) <= SHOWN_LENGTH else repr(text[:SHOWN_LENGTH]) + f"... ({len(text)} characters)"
