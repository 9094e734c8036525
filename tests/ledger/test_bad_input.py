"""Bad input (ARCHITECTURE.md, "The event log"): "a clear error that names the problem, ... and
nothing appended". Each refusal is checked for its class, a message naming the problem, its remedies
(the ways out, as data: docs/design.md, "Refusals and remedies"), and an unchanged log (position and
event count), on both backends."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from ledger.application import Ledger, PlayerDetails
from ledger.domain import Round
from ledger.errors import (
    DuplicatePlayer,
    InvalidInput,
    InvalidResult,
    LedgerError,
    NoResultToCorrect,
    ReasonRequired,
    Remedy,
    RemedyAction,
    ResultAlreadyRecorded,
    RoundNotReady,
    TournamentExists,
    UnknownBoard,
    UnknownPlayer,
    UnknownRound,
)
from ledger.results import Game
from ledger.settings import TournamentSettings


@pytest.fixture
def desk(location: str, new_tournament: Any) -> Ledger:
    """Six players (Player 1..6, federation NOR), round 1 paired on three boards, board 1 is 1-0."""
    ledger = new_tournament(location, players=6)
    ledger.pair_next_round()
    ledger.record_result(1, 1, "1-0")
    return ledger


@contextmanager
def refused(
    ledger: Ledger, error: type[LedgerError], *fragments: str, remedies: tuple[Remedy, ...] | None = None
) -> Iterator[None]:
    """The block raises `error` whose message has every fragment and, when given, exactly these
    `remedies` (in this order), and nothing is appended."""
    position, events = ledger.position(), ledger.verify().events
    with pytest.raises(error) as raised:
        yield
    message = str(raised.value)
    for fragment in fragments:
        assert fragment in message, message
    if remedies is not None:
        assert raised.value.remedies == remedies
    assert ledger.position() == position
    assert ledger.verify().events == events


def test_unknown_player(desk: Ledger) -> None:
    """A player number nobody has is refused, pointing at where the roster is shown."""
    with refused(desk, UnknownPlayer, "no player number 99", remedies=(Remedy(RemedyAction.SEE_ROSTER),)):
        desk.withdraw(99, None, reason="left the venue")


def test_unknown_board(desk: Ledger) -> None:
    """A board the round does not have is refused, naming the boards there are."""
    with refused(
        desk, UnknownBoard, "round 1 has boards 1..3, not 9", remedies=(Remedy(RemedyAction.SEE_PAIRINGS, round=1),)
    ):
        desk.record_result(1, 9, "1-0")


def test_result_for_a_round_not_yet_paired(desk: Ledger) -> None:
    """A result for a round that has no pairing is refused, saying how to pair it."""
    with refused(desk, UnknownRound, "round 2 has not been paired", remedies=(Remedy(RemedyAction.PAIR),)):
        desk.record_result(2, 1, "1-0")


def test_result_for_a_round_whose_pairing_was_withdrawn(desk: Ledger) -> None:
    """After `unpair` the round has no boards: a result is refused, saying how to pair it again."""
    desk.unpair(1, reason="wrong player list")
    with refused(desk, UnknownBoard, "round 1 is not paired", remedies=(Remedy(RemedyAction.PAIR),)):
        desk.record_result(1, 2, "1-0")


def test_second_result_for_a_board(desk: Ledger) -> None:
    """A board has one result; a second is refused, and its remedy is to correct that board's result."""
    correct = Remedy(RemedyAction.CORRECT_RESULT, round=1, board=1)
    with refused(desk, ResultAlreadyRecorded, "board 1 already has 1-0", remedies=(correct,)):
        desk.record_result(1, 1, "0-1")


@pytest.mark.parametrize("reason", ["", "   "])
def test_correction_without_a_reason(desk: Ledger, reason: str) -> None:
    """ARCHITECTURE.md: anything that changes an earlier decision records why (mandatory)."""
    with refused(desk, ReasonRequired, "changes an earlier decision", remedies=(Remedy(RemedyAction.GIVE_REASON),)):
        desk.correct_result(1, 1, "0-1", reason=reason)


def test_correction_of_a_board_without_a_result(desk: Ledger) -> None:
    """A correction needs a result to correct; its remedy is to enter that board's result."""
    enter = Remedy(RemedyAction.ENTER_RESULT, round=1, board=2)
    with refused(desk, NoResultToCorrect, "board 2 has no result", remedies=(enter,)):
        desk.correct_result(1, 2, "0-1", reason="scoresheet")


def test_unpair_without_a_reason(desk: Ledger) -> None:
    """Withdrawing a published pairing changes an earlier decision: it needs a reason."""
    with refused(desk, ReasonRequired, remedies=(Remedy(RemedyAction.GIVE_REASON),)):
        desk.unpair(1, reason="")


def test_repair_without_a_reason(desk: Ledger) -> None:
    """Publishing a second pairing of a round (after `unpair`) needs a reason too."""
    desk.unpair(1, reason="wrong player list")
    with refused(desk, ReasonRequired, "round 1", remedies=(Remedy(RemedyAction.GIVE_REASON),)):
        desk.pair_next_round()


def test_pairing_next_round_with_results_missing(desk: Ledger) -> None:
    """The next round is not paired while the previous one has boards without a result, unless
    the arbiter forces it with a reason, which the pairing then records."""
    ways = (Remedy(RemedyAction.ENTER_RESULT, round=1), Remedy(RemedyAction.PAIR_ANYWAY))
    with refused(desk, RoundNotReady, "round 1 still has no result on board(s) 2, 3", remedies=ways):
        desk.pair_next_round()

    position = desk.position()
    pairing = desk.pair_next_round(force_reason="boards 2 and 3 adjourned")

    assert pairing.round == 2
    assert desk.position() > position
    (paired,) = [e for _, e in desk.log_events(start=position + 1) if isinstance(e, Round.Paired)]
    assert paired.reason == "boards 2 and 3 adjourned"


@pytest.mark.parametrize(
    "details",
    [
        PlayerDetails("Player 3", federation="NOR", rating=2370),
        PlayerDetails("PLAYER 3", federation="NOR", rating=2370),
    ],
    ids=["same-name-rating-and-federation", "name-in-other-case"],
)
def test_duplicate_registration(desk: Ledger, details: PlayerDetails) -> None:
    """A player already on the roster (same name, rating and federation) is not registered twice."""
    ways = (Remedy(RemedyAction.CORRECT_PLAYER, player=3), Remedy(RemedyAction.REGISTER_NAMESAKE, player=3))
    with refused(desk, DuplicatePlayer, "already registered as number 3", remedies=ways):
        desk.register_players([details])


def test_namesake_with_another_rating_is_another_person(desk: Ledger) -> None:
    """Namesakes are common in open events: the same name with another rating is not a duplicate."""
    assert desk.register_players([PlayerDetails("Player 3", federation="NOR", rating=1500)]) == [7]


def test_duplicate_allowed_is_recorded_with_the_look_alike(desk: Ledger) -> None:
    """`--allow-duplicate` registers a namesake and records which player the arbiter told it from."""
    (number,) = desk.register_players([PlayerDetails("Player 3", federation="NOR", rating=2370, allow_duplicate=True)])
    registered = [event for _, event in desk.log_events() if type(event).__name__ == "PlayerRegistered"]
    assert (registered[-1].number, registered[-1].duplicate_of) == (number, 3)
    assert registered[0].duplicate_of is None


def test_duplicate_external_id(desk: Ledger) -> None:
    """The same external id (e.g. a FIDE id) under another name is the same player."""
    desk.register_players([PlayerDetails("Magnus Example", federation="NOR", external_id="1503014")])
    ways = (Remedy(RemedyAction.CORRECT_PLAYER, player=7), Remedy(RemedyAction.REGISTER_NAMESAKE, player=7))
    with refused(desk, DuplicatePlayer, "already registered as number 7", remedies=ways):
        desk.register_players([PlayerDetails("M. Example", federation="NOR", external_id="1503014")])


def test_second_tournament_in_one_ledger(desk: Ledger) -> None:
    """A ledger holds one tournament; `new` on it is refused, pointing at another ledger."""
    settings = TournamentSettings.for_game(Game.CHESS, "round-robin", 5)
    another = (Remedy(RemedyAction.USE_ANOTHER_LEDGER),)
    with refused(desk, TournamentExists, "already holds a tournament", remedies=another):
        desk.create_tournament("Second Open", settings)


@pytest.mark.parametrize("text", ["2-0", "1 0", "draw?"])
def test_bad_result_text(desk: Ledger, text: str) -> None:
    """A result the game cannot have is refused with the expected format, before anything is saved."""
    with refused(desk, InvalidResult, "use 1-0, 0-1, 1/2"):
        desk.record_result(1, 2, text)


BAD_ROWS: dict[str, Callable[[], PlayerDetails]] = {
    "no-name": lambda: PlayerDetails("  "),
    "negative-rating": lambda: PlayerDetails("Negative Rating", rating=-5),
    "already-registered": lambda: PlayerDetails("Player 2", federation="NOR", rating=2380),
    "twice-in-the-file": lambda: PlayerDetails("New Player A", federation="SWE"),
    "number-taken": lambda: PlayerDetails("Numbered Player", number=4),
}


@pytest.mark.parametrize("bad", sorted(BAD_ROWS))
def test_register_players_is_all_or_nothing(desk: Ledger, location: str, open_desk: Any, bad: str) -> None:
    """A roster with one bad row registers nobody (one transaction); fixed, it registers everyone."""
    good = [PlayerDetails("New Player A", federation="SWE"), PlayerDetails("New Player B", federation="DEN")]
    with refused(desk, LedgerError):
        desk.register_players([*good, BAD_ROWS[bad]()])

    again = open_desk(location)
    assert sorted(again.tournament().players) == ["1", "2", "3", "4", "5", "6"]
    assert again.register_players(good) == [7, 8]


def test_refusals_are_ledger_errors() -> None:
    """The CLI turns every `LedgerError` into a message and a non-zero exit code; bad values are
    `InvalidInput`, bad results a kind of it."""
    assert issubclass(InvalidResult, InvalidInput)
    assert issubclass(InvalidInput, LedgerError)
