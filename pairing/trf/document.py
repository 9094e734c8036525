"""The FIDE Tournament Report File as values: TRF16 (C.04 Annex 2) and TRF-2026 records, with the
JaVaFo (``XX*``) and bbpPairings (``BB*``) program extensions.

A `TrfDocument` keeps every line in file order, typed where the format defines the record and as
`OtherRecord` otherwise (team records, national rating lines, records this reader does not
interpret), so that writing a document back gives the same document. Column numbers in the
docstrings are the specifications' 1-based, inclusive ones.
"""

from __future__ import annotations

import enum
from decimal import Decimal

from pairing.values import field, value


class Newline(enum.StrEnum):
    """TRF16 Remark 1: "Each line shall have a "CR" (carriage return) as last character"; LF and CRLF
    files are common too."""

    CR = "\r"
    LF = "\n"
    CRLF = "\r\n"


class ResultCode(enum.StrEnum):
    """The result of one round on a ``001`` line (TRF16, cols 99 + 10 (r - 1))."""

    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    UNRATED_WIN = "W"
    """Win of a game that "lasted less than one move"."""
    UNRATED_DRAW = "D"
    UNRATED_LOSS = "L"
    WIN = "1"
    DRAW = "="
    LOSS = "0"
    HALF_POINT_BYE = "H"
    FULL_POINT_BYE = "F"
    PAIRING_ALLOCATED_BYE = "U"
    ZERO_POINT_BYE = "Z"
    """"known absence from round"."""
    UNKNOWN = "?"
    """TRF-2026: a game whose result is not known, an adjourned game (docs/trf.md, "Adjourned games"): the
    code FIDE's pairing commission recommends for it, scored as record ``162``'s ``X`` says (by default as
    ``D``, a draw)."""
    NO_RESULT = " "
    """A blank: against ``0000`` the same as ``Z`` (TRF16); against an opponent, a game whose result is
    not known yet (a pairing program's output for the round being played)."""


class Colour(enum.StrEnum):
    WHITE = "w"
    BLACK = "b"
    NONE = "-"
    """A bye, or not paired (a blank means the same)."""


@value(kw_only=True)
class RoundEntry:
    """One round on a ``001`` line: opponent at cols 92-95, colour at 97, result at 99 (+10 per round)."""

    opponent: int
    """The opponent's starting rank; 0 ("0000") for a bye or a round not paired."""
    colour: Colour
    result: ResultCode


@value(kw_only=True)
class PlayerRecord:
    """Record ``001``: a player, the same in TRF16 and TRF-2026."""

    start_rank: int
    """Cols 5-8: the starting rank number, the pairing number (TPN)."""
    sex: str = ""
    """Col 10: ``m`` or ``w``."""
    title: str = ""
    """Cols 11-13."""
    name: str = ""
    """Cols 15-47."""
    rating: int = 0
    """Cols 49-52; 0 when blank."""
    federation: str = ""
    """Cols 54-56."""
    fide_id: str = ""
    """Cols 58-68, as written."""
    birth_date: str = ""
    """Cols 70-79, ``YYYY/MM/DD``."""
    points: Decimal | None = None
    """Cols 81-84, "11.5" format: points in the tournament's scoring, PAB included."""
    rank: int | None = None
    """Cols 86-89."""
    rounds: tuple[RoundEntry, ...] = ()
    """Rounds 1, 2, ... from col 92 on."""

    @property
    def fide_number(self) -> str:
        """The FIDE number, or "" for a player without one: a blank field, or zeros, as Swiss-Manager
        writes it (docs/trf.md, "`arbiter import-trf`")."""
        return "" if not self.fide_id.strip("0") else self.fide_id


@value(kw_only=True)
class TournamentRecord:
    """A tournament record with free text from col 5: ``012`` name, ``022`` city, ``092`` type,
    ``132`` round dates, ``192`` encoded tournament type, ``202``/``212`` tie-breaks, ..."""

    code: str
    text: str


@value(kw_only=True)
class RoundsRecord:
    """``142`` (TRF-2026) or ``XXR`` (JaVaFo): the total number of rounds."""

    rounds: int
    javafo: bool = False
    """True for the ``XXR`` spelling."""


@value(kw_only=True)
class InitialColourRecord:
    """``152 W``/``152 B`` (TRF-2026): the colour the top-ranked player gets in round 1."""

    colour: Colour


@value(kw_only=True)
class ScoringRecord:
    """``162`` (TRF-2026): point values, symbol at col 6 and value at cols 7-10, every 9 columns.
    Symbols ``W D L A P X`` (``Z`` accepted for ``A``, as bbpPairings reads it)."""

    values: tuple[tuple[str, Decimal], ...]


@value(kw_only=True)
class ByeRecord:
    """``240`` (TRF-2026): requested byes of one round; kind at col 5, round at 7-9, ids from col 11."""

    kind: str
    """``F``, ``H`` or ``Z``."""
    round: int
    players: tuple[int, ...]


@value(kw_only=True)
class AccelerationRecord:
    """``250`` (TRF-2026): virtual points for a range of rounds and players."""

    match_points: Decimal | None
    """Cols 5-8 (team events; blank for individuals)."""
    game_points: Decimal
    """Cols 10-13."""
    first_round: int
    last_round: int
    first_player: int
    last_player: int


@value(kw_only=True)
class ForbiddenPairsRecord:
    """``260`` (TRF-2026): players who shall not meet in rounds first_round..last_round."""

    first_round: int
    last_round: int
    players: tuple[int, ...]


@value(kw_only=True)
class JavafoConfigRecord:
    """``XXC``: ``rank`` and/or ``white1``/``black1`` tokens."""

    tokens: tuple[str, ...]


@value(kw_only=True)
class JavafoPlayersRecord:
    """``XXP`` (players who shall never meet each other) or ``XXZ`` (not to be paired next round)."""

    code: str
    players: tuple[int, ...]


@value(kw_only=True)
class JavafoAccelerationRecord:
    """``XXA NNNN pp.p pp.p ...``: a player's virtual points, round by round (cols 10 + 5 (r - 1))."""

    player: int
    points: tuple[Decimal, ...]


@value(kw_only=True)
class JavafoScoringRecord:
    """``XXS CODE=VALUE ...``: JaVaFo's point system."""

    values: tuple[tuple[str, Decimal], ...]


@value(kw_only=True)
class BbpPointsRecord:
    """``BBW``, ``BBD``, ``BBL``, ``BBZ``, ``BBF``, ``BBU`` (bbpPairings): one point value."""

    code: str
    value: Decimal


@value(kw_only=True)
class CommentRecord:
    """``###`` (TRF-2026): a comment line."""

    text: str


@value(kw_only=True)
class OtherRecord:
    """Any other line, kept verbatim (team records, national rating lines, blank lines, ...)."""

    line: str


Record = (
    PlayerRecord
    | TournamentRecord
    | RoundsRecord
    | InitialColourRecord
    | ScoringRecord
    | ByeRecord
    | AccelerationRecord
    | ForbiddenPairsRecord
    | JavafoConfigRecord
    | JavafoPlayersRecord
    | JavafoAccelerationRecord
    | JavafoScoringRecord
    | BbpPointsRecord
    | CommentRecord
    | OtherRecord
)


@value(kw_only=True)
class TrfDocument:
    """A whole report file: its records in file order and its line end."""

    records: tuple[Record, ...] = field(converter=tuple)
    newline: Newline = Newline.LF

    @property
    def players(self) -> tuple[PlayerRecord, ...]:
        return tuple(r for r in self.records if isinstance(r, PlayerRecord))

    def tournament_text(self, code: str) -> str | None:
        """The text of the first tournament record `code` ("012", "092", "192"...), if any."""
        return next((r.text for r in self.records if isinstance(r, TournamentRecord) and r.code == code), None)

    @property
    def total_rounds(self) -> int | None:
        """``142`` or ``XXR``, whichever comes first."""
        return next((r.rounds for r in self.records if isinstance(r, RoundsRecord)), None)

    @property
    def rounds_played(self) -> int:
        """The number of round columns on the longest ``001`` line."""
        return max((len(p.rounds) for p in self.players), default=0)
