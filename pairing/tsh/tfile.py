"""tsh's `.t` player file: read and write (docs/research/tsh-backgammon-brackets.md §2.9), and conversion to `Entrant`s.

"One line per player; the player ID is the line number (1-based, counting only non-comment,
non-blank lines). Lines starting with `#` are comments." A player line is

    name  rating  opponent opponent ...; score score ...; key word word ...; key word ...

- name: "Surname, Given" by convention; "A name that would end in a digit gets a trailing comma";
  it cannot contain `;`.
- rating: `1800`, `1800.5` or `1800+1750` (several ratings), kept as written.
- opponents: one per round, "0 = bye", "`00` = undefined (a gap)".
- scores: one per round, may be negative; "For a bye, the 'score' is the spread awarded (e.g. `50` =
  bye win, `-50` = forfeit loss)"; `00` = undefined.
- extra fields `; key word word ...`, written in key order; in values `\\;` and `\\\\` escape `;`
  and `\\`. Known keys include `p12` (per round: 0 bye, 1 first, 2 second, 3 must draw, 4 unknown),
  `team`, `off` (inactive), `class`, `board`, `seat`, `rtime`, `newr`, `pname`.

The writer lays a line out as tsh does: the name left-justified in 22 columns, the rating
right-justified in 5, then opponents, `;`, scores, then the extra fields. Opening and saving files
is the caller's job; this module turns text into values and back.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from attrs import field, frozen

from pairing.model import ByeKind, Entrant, Outcome, PlayerStatus, RoundRecord, Scoring, Side

UNDEFINED = "00"
RATING = re.compile(r"\d{1,5}(?:\.\d{1,5})?(?:\+\d{1,5}(?:\.\d{1,5})?){0,8}")
"""``1800``, ``1800.5`` or ``1800+1750``: ratings of bounded digits joined by ``+``, matched whole."""
OPPONENT = re.compile(r"\d{1,5}")
NUMBER = re.compile(r"-?\d{1,6}")
"""A score or spread: at most six digits (tsh scores are a few hundred points)."""
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
"""Control characters other than the tab, refused in a player line."""
MAX_LINE = 20_000
"""Characters on one player line: several hundred rounds of opponents, scores and extra fields."""
LINE_BREAK = re.compile(r"\r\n|\r|\n")
BYE_SPREAD = 50
"""tsh's default `bye_spread`: the score written for a won bye that has none entered."""
P12 = {Side.FIRST: "1", Side.SECOND: "2"}
DEFAULT_SCORING = Scoring()


class TFileError(ValueError):
    """A malformed `.t` line; the message names the line."""


@frozen
class TFilePlayer:
    """One player line."""

    name: str
    rating: str = "0"
    opponents: tuple[int | None, ...] = field(default=(), converter=tuple)
    """Opponent per round: a player's line number, 0 for a bye, None for undefined (`00`)."""
    scores: tuple[int | None, ...] = field(default=(), converter=tuple)
    """Score per round (for a bye, the spread awarded); None for undefined (`00`)."""
    extras: tuple[tuple[str, tuple[str, ...]], ...] = field(default=(), converter=tuple)
    """(key, words) pairs in key order."""

    def extra(self, key: str) -> tuple[str, ...] | None:
        return dict(self.extras).get(key)


@frozen
class TFile:
    """A division's player file."""

    players: tuple[TFilePlayer, ...] = field(default=(), converter=tuple)
    comments: tuple[tuple[int, str], ...] = field(default=(), converter=tuple)
    """Comment and blank lines as (players before them, text), kept so a file can be written back."""

    def line_of(self, number: int) -> int:
        """The file line of player `number` (1-based): comment and blank lines count as lines."""
        return number + sum(1 for before, _ in self.comments if before < number)


def _split_unescaped(text: str) -> list[str]:
    """Split on `;` not preceded by a backslash escape."""
    parts, current, i = [], [], 0
    while i < len(text):
        char = text[i]
        if char == "\\" and i + 1 < len(text):
            current.append(text[i : i + 2])
            i += 2
            continue
        if char == ";":
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
        i += 1
    parts.append("".join(current))
    return parts


def _unescape(word: str) -> str:
    return re.sub(r"\\(.)", r"\1", word)


def _escape(word: str) -> str:
    return word.replace("\\", "\\\\").replace(";", "\\;")


def _number(token: str, line: int, what: str) -> int | None:
    if token == UNDEFINED:
        return None
    if not NUMBER.fullmatch(token):
        raise TFileError(f"line {line}: {what} {token[:20]!r} is not a whole number of at most 6 digits")
    return int(token)


def _head(head: str, line: int, text: str) -> tuple[str, str, list[str]]:
    """(name, rating, opponent tokens) of the part before the first `;`: the opponents are the run of
    whole numbers at the end, the rating the token just before them when it is a rating like
    ``1800.5`` or ``1800+1750``, else the run's first number; the name is everything before the rating
    (it never ends in a number: tsh writes a trailing comma after a final digit). Linear in the line."""
    tokens = head.split()
    run = len(tokens)
    while run > 0 and OPPONENT.fullmatch(tokens[run - 1]):
        run -= 1
    if run > 0 and RATING.fullmatch(tokens[run - 1]) and not OPPONENT.fullmatch(tokens[run - 1]):
        rating_at = run - 1
    elif run < len(tokens):
        rating_at = run
    else:
        rating_at = 0
    if rating_at < 1:
        raise TFileError(f"line {line}: expected 'name rating opponents; scores', got {text[:80]!r}")
    name_end = 0
    for token in tokens[:rating_at]:
        name_end = head.index(token, name_end) + len(token)
    return head[:name_end].strip(), tokens[rating_at], tokens[rating_at + 1 :]


def parse_line(text: str, line: int = 1) -> TFilePlayer:
    """One player line."""
    if len(text) > MAX_LINE:
        raise TFileError(f"line {line}: longer than {MAX_LINE} characters")
    control = CONTROL.search(text)
    if control is not None:
        raise TFileError(f"line {line}, character {control.start() + 1}: control character {control.group()!r}")
    head, *rest = _split_unescaped(text)
    name, rating, opponent_tokens = _head(head, line, text)
    if name.startswith("#"):
        raise TFileError(f"line {line}: cannot write the name {name!r}: a line starting with '#' is a comment")
    if name.endswith(",") and len(name) > 1 and name[-2].isdigit():
        name = name[:-1]
    opponents = tuple(_number(t, line, "opponent") for t in opponent_tokens)
    scores = tuple(_number(t, line, "score") for t in (rest[0].split() if rest else []))
    extras = []
    for part in rest[1:]:
        words = part.split()
        if not words:
            continue
        extras.append((_unescape(words[0]), tuple(_unescape(w) for w in words[1:])))
    return TFilePlayer(name, rating, opponents, scores, tuple(sorted(extras)))


def parse_tfile(text: str) -> TFile:
    """A whole `.t` file (any line endings)."""
    players: list[TFilePlayer] = []
    comments: list[tuple[int, str]] = []
    lines = LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            comments.append((len(players), line))
        else:
            players.append(parse_line(line, number))
    return TFile(tuple(players), tuple(comments))


def _check_name(name: str) -> None:
    if not name or name != name.strip() or ";" in name or any(not (c == " " or c.isprintable()) for c in name):
        raise TFileError(f"cannot write the name {name!r}: it must be non-empty, trimmed, printable, without ';'")
    if name.endswith(",") and len(name) > 1 and name[-2].isdigit():
        raise TFileError(
            f"cannot write the name {name!r}: a digit and a comma at the end would be read back without it"
        )


def format_line(player: TFilePlayer) -> str:
    """One player line, laid out as tsh writes it."""
    _check_name(player.name)
    name = f"{player.name}," if player.name[-1].isdigit() else player.name
    if not RATING.fullmatch(player.rating):
        raise TFileError(f"cannot write the rating {player.rating!r} of {player.name!r}")
    opponents = " ".join(UNDEFINED if o is None else str(o) for o in player.opponents)
    scores = " ".join(UNDEFINED if s is None else str(s) for s in player.scores)
    text = f"{name:<22} {player.rating:>5} {opponents}; {scores}"
    for key, words in player.extras:
        if not key or any(c.isspace() for c in key) or any(not w or any(c.isspace() for c in w) for w in words):
            raise TFileError(f"cannot write the field {key!r} {words!r} of {player.name!r}: words without spaces")
        text += "; " + " ".join(_escape(w) for w in (key, *words))
    text = text.rstrip()
    if parse_line(text).name != player.name:
        raise TFileError(f"cannot write the name {player.name!r}: it would not be read back as written")
    return text


def format_tfile(tfile: TFile) -> str:
    """The file's text, comments where they were, one line per player, LF line ends."""
    lines: list[str] = []
    comments = sorted(tfile.comments, key=lambda c: c[0])
    pending = list(comments)
    for index, player in enumerate(tfile.players):
        while pending and pending[0][0] <= index:
            lines.append(pending.pop(0)[1])
        lines.append(format_line(player))
    lines.extend(text for _, text in pending)
    return "".join(f"{line}\n" for line in lines)


# --- conversion to and from the engines' model -----------------------------------------------------


def _side(code: str | None) -> Side | None:
    return {"1": Side.FIRST, "2": Side.SECOND}.get(code or "")


def to_entrants(tfile: TFile, scoring: Scoring = DEFAULT_SCORING) -> tuple[Entrant, ...]:
    """Players as `Entrant`s: number and pairing number = line number; a game's outcome from the two
    scores (tsh: "result = ½·(1 + sign(myscore - oppscore))"); a bye's score is its spread (positive
    a win, negative a loss, 0 neither); sides from `p12`; `team`; `off` = withdrawn."""
    entrants = []
    for number, player in enumerate(tfile.players, 1):
        p12 = player.extra("p12") or ()
        history = []
        for index, opponent in enumerate(player.opponents):
            round_number = index + 1
            mine = player.scores[index] if index < len(player.scores) else None
            side = _side(p12[index] if index < len(p12) else None)
            try:
                history.append(_record(tfile, round_number, opponent, mine, side, scoring))
            except TFileError as error:
                raise TFileError(f"line {tfile.line_of(number)} ({player.name}), {error}") from None
        rating = player.rating.split("+")[0]
        team = " ".join(player.extra("team") or ())
        entrants.append(
            Entrant(
                number=number,
                pairing_number=number,
                name=player.name,
                rating=int(float(rating)),
                score=float(sum(r.points for r in history)),
                status=PlayerStatus.WITHDRAWN if player.extra("off") is not None else PlayerStatus.ACTIVE,
                history=tuple(history),
                team=team,
            )
        )
    return tuple(entrants)


def _record(
    tfile: TFile, round_number: int, opponent: int | None, mine: int | None, side: Side | None, scoring: Scoring
) -> RoundRecord:
    if opponent is None:
        return RoundRecord(round=round_number, opponent=None, side=None, outcome=None, points=0.0, played=False)
    if opponent == 0:
        if mine is None:
            kind, outcome, points = ByeKind.PAIRING_ALLOCATED, None, 0.0
        elif mine > 0:
            kind, outcome, points = ByeKind.FULL_POINT, Outcome.WIN, scoring.full_point_bye
        else:
            kind, outcome, points = ByeKind.ZERO_POINT, (Outcome.LOSS if mine < 0 else None), 0.0
        return RoundRecord(
            round=round_number,
            opponent=None,
            side=None,
            outcome=outcome,
            points=points,
            played=False,
            bye=kind,
            score_for=mine,
            score_against=None if mine is None else 0,
        )
    if opponent > len(tfile.players):
        raise TFileError(f"opponent {round_number}: {opponent} is not a player of the file")
    theirs_player = tfile.players[opponent - 1]
    theirs = theirs_player.scores[round_number - 1] if round_number <= len(theirs_player.scores) else None
    if mine is None or theirs is None:
        return RoundRecord(round=round_number, opponent=opponent, side=side, outcome=None, points=0.0, played=True)
    outcome = Outcome.WIN if mine > theirs else Outcome.LOSS if mine < theirs else Outcome.DRAW
    points = {Outcome.WIN: scoring.win, Outcome.DRAW: scoring.draw, Outcome.LOSS: scoring.loss}[outcome]
    return RoundRecord(
        round=round_number,
        opponent=opponent,
        side=side,
        outcome=outcome,
        points=points,
        played=True,
        score_for=mine,
        score_against=theirs,
    )


LEDGER_FIELDS = ("team",)
"""Extra fields the ledger reads itself; `p12` gives the sides and is also kept as written (see
`_p12`), `off` marks a withdrawal and is kept as written."""
UNDECIDED = ("3", "4")
"""`p12` codes of a game whose first player is not decided: 3 must draw, 4 unknown."""


def kept_fields(player: TFilePlayer) -> str:
    """The player's fields the ledger does not read, as tsh writes them (``key words; key words``,
    escaped), with the rating as written when it is not a whole number (``rating 1800+1750``), so that
    an export gives them back."""
    fields = [(key, words) for key, words in player.extras if key not in LEDGER_FIELDS]
    if not player.rating.isdigit() or player.rating != str(int(player.rating)):
        fields.append(("rating", (player.rating,)))
    return "; ".join(" ".join(_escape(word) for word in (key, *words)) for key, words in sorted(fields))


def _fields(text: str) -> dict[str, tuple[str, ...]]:
    """`kept_fields`'s text read back."""
    fields = {}
    for part in _split_unescaped(text) if text else []:
        words = part.split()
        if words:
            fields[_unescape(words[0])] = tuple(_unescape(w) for w in words[1:])
    return fields


def from_entrants(
    players: Sequence[Entrant], bye_spread: int = BYE_SPREAD, kept: Mapping[int, str] | None = None
) -> TFile:
    """A `.t` file of `players`, in player-number order (line numbers replace player numbers).

    A bye or forfeit writes its entered spread; one entered without scores writes `bye_spread` for a
    win, minus it for a loss, 0 otherwise. Sides go to `p12`, teams to `team`, withdrawn players get
    `off` (as the file they came from wrote it, else `off 0`); `kept` (player number -> `kept_fields`)
    gives back the fields the ledger does not read."""
    ordered = sorted(players, key=lambda p: p.number)
    line = {p.number: i for i, p in enumerate(ordered, 1)}
    lines = []
    for entrant in ordered:
        rounds = max((r.round for r in entrant.history), default=0)
        by_round = {r.round: r for r in entrant.history}
        opponents: list[int | None] = []
        scores: list[int | None] = []
        p12: list[str] = []
        for number in range(1, rounds + 1):
            record = by_round.get(number)
            opponent, score, code = _write_round(record, line, bye_spread)
            opponents.append(opponent)
            scores.append(score)
            p12.append(code)
        while scores and scores[-1] is None:
            scores.pop()
        while opponents and opponents[-1] is None and len(opponents) > len(scores):
            opponents.pop()  # tsh: a withdrawn player's line stops at their last round
            p12.pop()
        fields = _fields((kept or {}).get(entrant.number, ""))
        rating = fields.pop("rating", (str(entrant.rating),))[0]
        if int(float(rating.split("+")[0])) != entrant.rating:
            rating = str(entrant.rating)  # corrected in the ledger since the import
        off = fields.pop("off", ("0",))
        written = fields.pop("p12", ())
        byes = [r is not None and r.opponent is None for r in map(by_round.get, range(1, len(p12) + 1))]
        p12 = _p12(p12, written, byes)
        extras = list(fields.items())
        if written or any(code in ("1", "2") for code in p12):
            extras.append(("p12", tuple(p12)))
        if entrant.team.strip():
            extras.append(("team", tuple(entrant.team.split())))
        if entrant.status is PlayerStatus.WITHDRAWN:
            extras.append(("off", off))
        lines.append(TFilePlayer(entrant.name, rating, opponents, scores, tuple(sorted(extras))))
    return TFile(tuple(lines))


def _p12(computed: list[str], written: tuple[str, ...], byes: list[bool]) -> list[str]:
    """The `p12` codes to write: the ledger's sides, except where the file's own code holds what the
    ledger cannot: an undecided first player (3, 4) in a game, or the code written for a bye
    (docs/research/tsh-backgammon-brackets.md §2.9)."""
    codes = list(computed)
    for index, code in enumerate(written[: len(codes)]):
        if byes[index] or (code in UNDECIDED and codes[index] in ("1", "2", "4")):
            codes[index] = code
    return codes


def _write_round(
    record: RoundRecord | None, line: dict[int, int], bye_spread: int
) -> tuple[int | None, int | None, str]:
    if record is None or (record.opponent is None and record.bye is None):
        return None, None, "4"
    if record.opponent is None:
        if record.score_for is not None:
            spread = record.score_for - (record.score_against or 0)
        elif record.outcome is Outcome.WIN:
            spread = bye_spread
        elif record.outcome is Outcome.LOSS:
            spread = -bye_spread
        else:
            spread = 0 if record.bye is not ByeKind.PAIRING_ALLOCATED or record.outcome is not None else None
        return 0, spread, "0"
    return line[record.opponent], record.score_for, P12.get(record.side, "4") if record.side else "4"
