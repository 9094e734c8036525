"""What the public pages and printed sheets show, read from the read models: the event, a round's
pairings and results, the standings, the crosstable (wallchart), a player's card and the sealed chain
heads. Plain frozen values; the site and the printer only lay them out (tui/web/).

Standings rows come from the read-model table (kept current by `fresh`), so a page for a thousand
players is one query; everything else reads the fold the read models keep (`ReadModels.state`).
"""

from __future__ import annotations

import orjson
from attrs import frozen

from ledger.results import Game, MatchFormat, Result
from ledger.settings import tiebreak_description
from pairing.model import NoValidPairing, Outcome, RoundRecord
from pairing.tsh.field import Field
from pairing.tsh.gibson import Contention
from projections.bracket import ELIMINATION_SYSTEMS
from projections.history import histories, pairing_input
from projections.state import RoundView, TournamentState
from projections.stored import shown_place
from projections.views import ReadModels, table


class NotPublished(LookupError):
    """The page asked for does not exist (yet): a round not paired, a player not registered."""


@frozen
class Seat:
    number: int
    name: str
    rating: int


@frozen
class Event:
    name: str
    game: Game
    systems: tuple[str, ...]
    """The pairing system of each stage, in order (one for most tournaments)."""
    total_rounds: int
    paired_rounds: tuple[int, ...]
    sealed_rounds: tuple[int, ...]
    players: int
    position: int
    """The log position everything shown is as of."""
    tiebreaks: tuple[tuple[str, str], ...]
    """(code, description with its article), in the tournament's order."""
    match_length: int
    match_format: MatchFormat
    elimination: bool
    """Whether the event has a bracket to draw (`projections.bracket.ELIMINATION_SYSTEMS`)."""
    fide_mode_notice: str = ""
    """Q46 (docs/fide-mode.md): "NOT IN FIDE MODE (...)" on every page of a tournament not in FIDE mode."""


def log_position(views: ReadModels) -> int:
    """The ledger's position now (one indexed look-up, cheap enough to poll twice a second)."""
    return views.ledger.position()


def fresh(views: ReadModels) -> TournamentState:
    """The tournament now, with the read-model tables brought up to the log's position first (a desk
    command brings them up itself; this covers one whose catch-up was cut short)."""
    state = views.state()
    if views.position < state.position:
        views.catch_up()
    return state


def event_of(state: TournamentState) -> Event:
    settings = state.settings
    if settings is None:
        raise NotPublished("this ledger holds no tournament yet")
    return Event(
        name=state.name,
        game=settings.game,
        systems=tuple(stage.system for stage in state.stages),
        total_rounds=state.total_rounds,
        paired_rounds=tuple(sorted(n for n, view in state.rounds.items() if view.paired)),
        sealed_rounds=tuple(sorted(n for n, view in state.rounds.items() if view.sealed_at is not None)),
        players=len(state.players),
        position=state.position,
        tiebreaks=tuple((code, tiebreak_description(code) or code) for code in settings.tiebreaks),
        match_length=settings.match_length,
        match_format=settings.match_format,
        elimination=any(stage.system in ELIMINATION_SYSTEMS for stage in state.stages),
        fide_mode_notice=state.fide_mode_notice,
    )


# --- a round ---------------------------------------------------------------------------------------


@frozen
class BoardLine:
    board: int
    first: Seat
    second: Seat
    result: str
    """The result as entered (`1-0`, `5-3`, `412-380`, `+-`), "" while there is none."""
    spread: int | None
    """Scrabble: the first player's score minus the second's."""


@frozen
class ByeLine:
    player: Seat
    kind: str
    points: float


@frozen
class RoundSheet:
    round: int
    revision: int
    boards: tuple[BoardLine, ...]
    byes: tuple[ByeLine, ...]
    missing: int
    """Boards without a result."""
    sealed_at: int | None
    chain_head: str
    """The chain head the seal recorded ("" until sealed): printed, it can be compared with the ledger later."""


def seat(state: TournamentState, number: int) -> Seat:
    player = state.players.get(number)
    return Seat(number, player.name, player.rating) if player else Seat(number, "?", 0)


def round_sheet(state: TournamentState, number: int) -> RoundSheet:
    view = state.rounds.get(number)
    if view is None or not view.paired:
        raise NotPublished(f"round {number} has no published pairing")
    return RoundSheet(
        round=number,
        revision=view.revision,
        boards=tuple(_board_line(state, view, index) for index in range(1, len(view.boards) + 1)),
        byes=tuple(ByeLine(seat(state, bye.player), bye.kind.value, bye.points) for bye in view.byes),
        missing=len(view.missing_results),
        sealed_at=view.sealed_at,
        chain_head=view.chain_head,
    )


def _board_line(state: TournamentState, view: RoundView, index: int) -> BoardLine:
    board = view.boards[index - 1]
    result = view.results.get(index)
    scrabble = state.settings is not None and state.settings.game is Game.SCRABBLE
    return BoardLine(
        board=index,
        first=seat(state, board.first),
        second=seat(state, board.second),
        result=result.code if result else "",
        spread=result.spread if result is not None and scrabble and not result.forfeit else None,
    )


def sealed_heads(state: TournamentState) -> tuple[RoundSheet, ...]:
    """Every sealed round, in order, with the chain head its seal recorded."""
    return tuple(round_sheet(state, n) for n in sorted(state.rounds) if state.rounds[n].sealed_at is not None)


# --- standings --------------------------------------------------------------------------------------


@frozen
class StandingLine:
    place: str
    """The rank, or a shared place as a range ("3-5") where the system decides places (IBF 4.10)."""
    number: int
    name: str
    rating: int
    score: float
    tiebreaks: tuple[float, ...]
    games: int
    withdrawn: bool
    gibsonized: bool = False


@frozen
class Standings:
    after_round: int
    position: int
    codes: tuple[str, ...]
    lines: tuple[StandingLine, ...]


def standings_of(views: ReadModels, state: TournamentState) -> Standings:
    """The standings table as the read models hold it, best first (call `fresh` first)."""
    if state.settings is None:
        raise NotPublished("this ledger holds no tournament yet")
    codes = tuple(state.settings.tiebreaks)
    rows = views.db.execute(
        f"SELECT place, rank, number, name, rating, score, tiebreaks, games, withdrawn FROM {table('standings')} "
        "ORDER BY rank, score DESC, number"
    ).fetchall()
    gibsons = gibsonized(state) if state.settings.game is Game.SCRABBLE else frozenset()
    lines = tuple(
        StandingLine(
            place=shown_place(rank, place),
            number=number,
            name=name,
            rating=rating,
            score=score,
            tiebreaks=_in_order(orjson.loads(text), codes),
            games=games,
            withdrawn=bool(withdrawn),
            gibsonized=number in gibsons,
        )
        for place, rank, number, name, rating, score, text, games, withdrawn in rows
    )
    return Standings(state.last_paired_round, state.position, codes, lines)


def _in_order(values: dict[str, float], codes: tuple[str, ...]) -> tuple[float, ...]:
    return tuple(values.get(code, 0.0) for code in codes)


def gibsonized(state: TournamentState) -> frozenset[int]:
    """Scrabble: the players who have clinched their place within the prize places (tsh "Pairing theory":
    "players are said to be 'Gibsonized' when after clinching, they are paired with lower-ranked players";
    docs/rules/tsh-pairing-systems.txt), as `pairing.tsh.gibson` decides it for the next pairing."""
    last = state.last_paired_round
    if not last or not state.rounds[last].complete:
        return frozenset()
    try:
        request = pairing_input(state, min(last + 1, state.total_rounds + 1))
        return frozenset(Contention(Field(request, request.round - 1)).gibsons())
    except NoValidPairing:
        return frozenset()


# --- crosstable and player cards -------------------------------------------------------------------------


@frozen
class RoundLine:
    """One round of one player, as a crosstable cell or a line of the player's card."""

    round: int
    board: int | None
    opponent: Seat | None
    side: str
    """"first" or "second" (the game's own words are the page's), "" when not played."""
    result: str
    """From the player's side: 1, ½, 0, + or - (forfeit), a match or game score such as 5-3, "" pending."""
    points: float
    bye: str
    """The bye's kind, "" when the player was paired."""
    running: float
    """The player's score after this round."""


@frozen
class PlayerCard:
    seat: Seat
    title: str
    federation: str
    club: str
    withdrawn: bool
    games: tuple[RoundLine, ...]


def player_card(state: TournamentState, number: int) -> PlayerCard:
    player = state.players.get(number)
    if player is None:
        raise NotPublished(f"there is no player number {number}")
    records = histories(state, state.last_paired_round).get(number, ())
    return PlayerCard(
        seat=seat(state, number),
        title=player.title,
        federation=player.federation,
        club=player.club,
        withdrawn=player.withdrawn_from is not None,
        games=_games(state, number, records, _seats(state)),
    )


Seats = dict[int, dict[int, tuple[int, str]]]
"""Round -> player number -> (board, "first" or "second")."""


def _seats(state: TournamentState) -> Seats:
    seats: Seats = {}
    for number, view in state.rounds.items():
        where = seats[number] = {}
        for index, board in enumerate(view.boards, start=1):
            where[board.first], where[board.second] = (index, "first"), (index, "second")
    return seats


def _games(
    state: TournamentState, number: int, records: tuple[RoundRecord, ...], seats: Seats
) -> tuple[RoundLine, ...]:
    games, running = [], 0.0
    for record in records:
        running += record.points
        board, side = seats.get(record.round, {}).get(number, (None, ""))
        games.append(
            RoundLine(
                round=record.round,
                board=board,
                opponent=seat(state, record.opponent) if record.opponent is not None else None,
                side=side if record.played else "",
                result=_own_result(record),
                points=record.points,
                bye=record.bye.value if record.bye is not None else "",
                running=running,
            )
        )
    return tuple(games)


def _own_result(record: RoundRecord) -> str:
    if record.outcome is None:
        return ""
    if not record.played and record.opponent is not None:
        return "+" if record.outcome is Outcome.WIN else "-"
    if record.score_for is not None and record.score_against is not None and record.opponent is not None:
        return f"{record.score_for}-{record.score_against}"
    return {Outcome.WIN: "1", Outcome.DRAW: "½", Outcome.LOSS: "0"}[record.outcome]


@frozen
class CrossLine:
    place: str
    seat: Seat
    score: float
    games: tuple[RoundLine, ...]
    opponents_place: tuple[str, ...]
    """The place of each round's opponent in these standings ("" for a bye or no game)."""


def crosstable(state: TournamentState, order: Standings) -> tuple[CrossLine, ...]:
    """The wallchart: one line per player in standings order, one cell per round."""
    table_ = histories(state, state.last_paired_round)
    place = {line.number: line.place for line in order.lines}
    seats = _seats(state)
    lines = []
    for line in order.lines:
        games = _games(state, line.number, table_.get(line.number, ()), seats)
        lines.append(
            CrossLine(
                place=line.place,
                seat=Seat(line.number, line.name, line.rating),
                score=line.score,
                games=games,
                opponents_place=tuple(place.get(g.opponent.number, "") if g.opponent else "" for g in games),
            )
        )
    return tuple(lines)


def side_scores(result: Result | None, game: Game) -> tuple[str, str]:
    """What each side made of a result, for a bracket or a sheet: the match score (backgammon), the game
    score (Scrabble), 1/½/0 (chess), + and - for a forfeit; ("", "") without a result."""
    if result is None:
        return "", ""
    if result.forfeit:
        marks = {Outcome.WIN: "+", Outcome.LOSS: "-", Outcome.DRAW: "="}
        return marks[result.first], marks[result.second]
    if result.score_first is not None and result.score_second is not None and game is not Game.CHESS:
        return str(result.score_first), str(result.score_second)
    points = {Outcome.WIN: "1", Outcome.DRAW: "½", Outcome.LOSS: "0"}
    return points[result.first], points[result.second]
