"""The two kinds of stream: one `Tournament` (settings, roster, requests, rulings) and one `Round`
per round (published pairing, results, corrections, seal). docs/design.md, "Streams".

Public methods check and refuse (`ledger.errors`); the private `@records` methods only mutate, so a
replay never runs a check again. Event payloads are JSON primitives; aggregate state keeps string
dict keys and no sets, so snapshots round-trip. Every event records its `actor`; every event that
changes an earlier decision records a `reason` and an optional `reference`. "Rules guide 6.5" (appeals) is
the Backgammon Tournament Rules and Standards Guide, docs/rules/backgammon-tournament-rules-guide.txt.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, CanMutateAggregate, event

from ledger.errors import (
    DuplicatePlayer,
    InvalidInput,
    NoResultToCorrect,
    ReasonRequired,
    Remedy,
    RemedyAction,
    ResultAlreadyRecorded,
    RoundNotReady,
    RuleViolation,
    UnknownBoard,
    UnknownPlayer,
)
from ledger.event_type import EventMethods, LedgerEventType
from ledger.fide_mode import Caution, default_fide_mode
from ledger.ranking import RankingRule, starting_order
from ledger.ratings import RATING_DETAILS, check_rating_details
from ledger.settings import MAX_ROUNDS, ROUNDS_FROM_ENTRIES

ROUND_NAMESPACE = uuid5(NAMESPACE_URL, "https://arbiter-ledger.invalid/round")

PLAYER_FIELDS = ("name", "rating", "federation", "club", "team", "title", "external_id", *RATING_DETAILS, "no_half_bye")
"""Details an arbiter may correct with `PlayerDetailsCorrected`."""

OPTIONAL_FIELDS = ("no_half_bye",)
"""Details recorded only when given. `no_half_bye`: why the player may not take a half-point bye (a free
entry, the event's conditions; docs/fide-mode.md, Q175-176); empty when they may."""


def round_id(tournament_id: UUID, round_number: int) -> UUID:
    """The deterministic stream id of a tournament's round: two desks pairing the same round
    write to the same stream, so the second one conflicts instead of forking the round."""
    return uuid5(ROUND_NAMESPACE, f"{tournament_id}/{round_number}")


Mutation = Callable[..., None]


def records(event_class: type[CanMutateAggregate[UUID]]) -> Callable[[Mutation], Mutation]:
    """`@records(EventClass)` on a private method: calling the method (keyword arguments, its defaults
    filled in) triggers an `EventClass` whose fields are the arguments, and applying that event, when it
    is triggered or replayed, runs the method with the event's fields. eventsourcing's `@event(EventClass)`
    does the same, but defines a second dataclass under each event class to call the method, and a frozen
    dataclass is costly to make: the event classes are made at import, which is most of what a command
    costs to start (docs/performance.md, "Start-up"). The stored event (its topic, class and fields) is
    the same either way: `EventClass` is the class stored and read. `__init__` keeps `@event(Created)`,
    which makes no second class."""

    def decorate(method: Mutation) -> Mutation:
        def apply(recorded: CanMutateAggregate[UUID], aggregate: Aggregate) -> None:
            method(aggregate, **{name: getattr(recorded, name) for name in _parameters(method)[0]})

        @functools.wraps(method)
        def trigger(self: Aggregate, **fields: Any) -> None:
            self.trigger_event(event_class, **(_parameters(method)[1] | fields))

        event_class.apply = apply  # type: ignore[method-assign]
        return trigger

    return decorate


@functools.cache
def _parameters(method: Mutation) -> tuple[tuple[str, ...], dict[str, Any]]:
    """The names of a `@records` method's parameters after `self`, and their defaults; read when the
    method is first called or its event first applied, not at import."""
    parameters = list(inspect.signature(method).parameters.values())[1:]
    return tuple(p.name for p in parameters), {p.name: p.default for p in parameters if p.default is not p.empty}


def require_reason(reason: str) -> str:
    reason = reason.strip()
    if not reason:
        raise ReasonRequired("this changes an earlier decision", Remedy(RemedyAction.GIVE_REASON))
    return reason


def replaced_rankings(rankings: tuple[tuple[int, ...], ...], players: list[int]) -> tuple[tuple[int, ...], ...]:
    """Q205: the orders of tied players in force after `TiedPlayersRanked(players)`: a new order replaces
    those naming any of its players; an empty one clears them all."""
    if not players:
        return ()
    named = set(players)
    return (*(order for order in rankings if named.isdisjoint(order)), tuple(players))


class Tournament(Aggregate):
    """Settings, roster, requests and rulings of one tournament."""

    TOPIC = "arbiter:Tournament"

    class Event(EventMethods, Aggregate.Event, metaclass=LedgerEventType):
        """The base of the tournament's events. Declared here, with every event below a subclass of it
        (and each "created" event of `Aggregate.Created` too), so that eventsourcing need not
        redefine each event class as a subclass of an `Event` of its own making (and `records`, not
        `@event`, links each to its method): each event class is made once at import, as one frozen
        dataclass."""

    class Created(Event, Aggregate.Created):
        TOPIC = "arbiter:Tournament.Created"
        class_version = 2
        name: str
        game: str
        system: str
        rounds: int
        settings: dict[str, Any]
        actor: str
        chief_key: str
        """The chief arbiter's public key (hex), or "" for a ledger made without keys (ledger.roles)."""

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["chief_key"] = ""

    class PlayerRegistered(Event):
        TOPIC = "arbiter:Tournament.PlayerRegistered"
        class_version = 2
        number: int
        details: dict[str, Any]
        actor: str
        duplicate_of: int | None
        """The registered player this one shares name, rating and federation (or id) with, when the
        arbiter confirmed they are different people (`--allow-duplicate`)."""

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["duplicate_of"] = None

    class PlayerDetailsCorrected(Event):
        TOPIC = "arbiter:Tournament.PlayerDetailsCorrected"
        number: int
        changes: dict[str, Any]
        actor: str
        reason: str
        reference: str

    class PlayerWithdrew(Event):
        TOPIC = "arbiter:Tournament.PlayerWithdrew"
        class_version = 2
        number: int
        from_round: int
        actor: str
        reason: str
        reference: str
        expelled: bool
        """The arbiter expelled the player (a Swiss's standings leave an expelled player out)."""

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["expelled"] = False

    class PlayerReentered(Event):
        TOPIC = "arbiter:Tournament.PlayerReentered"
        number: int
        from_round: int
        actor: str
        reason: str
        reference: str

    class ByeRequested(Event):
        TOPIC = "arbiter:Tournament.ByeRequested"
        number: int
        round: int
        kind: str
        actor: str
        reason: str

    class DetailsChanged(Event):
        """The tournament's details for the rating report (`ledger.details`): only the details changed."""

        TOPIC = "arbiter:Tournament.DetailsChanged"
        changes: dict[str, Any]
        actor: str
        reason: str
        reference: str

    class ByeCancelled(Event):
        TOPIC = "arbiter:Tournament.ByeCancelled"
        number: int
        round: int
        kind: str
        """The kind that was requested (for the log)."""
        actor: str
        reason: str

    class PlayersRenumbered(Event):
        """The starting rank set before round 1 (`ledger.ranking`): pairing number k is `order[k - 1]`."""

        TOPIC = "arbiter:Tournament.PlayersRenumbered"
        order: list[int]
        rule: str
        actor: str
        reason: str

    class PairingNumbersExchanged(Event):
        """Two players' pairing numbers exchanged (docs/fide-mode.md, Q148-150; C.04.2 Art. 2.3)."""

        TOPIC = "arbiter:Tournament.PairingNumbersExchanged"
        first: int
        second: int
        actor: str
        reason: str
        reference: str

    class TiebreaksChanged(Event):
        """The tie-break list replaced (docs/fide-mode.md, Q201-202); `previous` is the list it replaced."""

        TOPIC = "arbiter:Tournament.TiebreaksChanged"
        tiebreaks: list[str]
        previous: list[str]
        actor: str
        reason: str
        reference: str

    class OptionsChanged(Event):
        """Tournament options set again (the acceleration, the half-point bye limit); an empty value removes
        the option. `previous` holds the values they replaced."""

        TOPIC = "arbiter:Tournament.OptionsChanged"
        options: dict[str, str]
        previous: dict[str, str]
        actor: str
        reason: str
        reference: str

    class RoundsChanged(Event):
        """The number of rounds of the (last) stage set again: computed from the entries at an
        elimination's first pairing (IBF 3.1.3), or changed by the arbiter with a reason."""

        TOPIC = "arbiter:Tournament.RoundsChanged"
        rounds: int
        """The tournament's rounds in all, as `Created.rounds` counts them."""
        actor: str
        reason: str

    class PairForbidden(Event):
        TOPIC = "arbiter:Tournament.PairForbidden"
        first: int
        second: int
        actor: str
        reason: str

    class RoundOpened(Event):
        TOPIC = "arbiter:Tournament.RoundOpened"
        round: int
        actor: str

    class StageStarted(Event):
        """IBF 1.8 mixed systems: a new stage with its own system, for the qualifiers of the last."""

        TOPIC = "arbiter:Tournament.StageStarted"
        stage: int
        system: str
        rounds: int
        first_round: int
        qualifiers: list[int]
        options: dict[str, str]
        actor: str
        reason: str

    class ArbiterOverrode(Event):
        TOPIC = "arbiter:Tournament.ArbiterOverrode"
        subject: str
        decision: str
        actor: str
        reason: str
        reference: str

    class AppealLodged(Event):
        TOPIC = "arbiter:Tournament.AppealLodged"
        appeal: int
        appellant: int
        against: str
        actor: str
        reason: str

    class AppealRuled(Event):
        TOPIC = "arbiter:Tournament.AppealRuled"
        appeal: int
        committee: list[str]
        votes: dict[str, bool]
        """Member -> True where the member rules differently from the Director."""
        outcome: str
        actor: str
        reason: str
        reference: str

    class CautionConfirmed(Event):
        """A warning of the checklist's levels (`ledger.fide_mode.Caution.as_event`) that the arbiter
        confirmed before the step it warned of, or a pairing-integrity-breaching event it marks (Q112);
        recorded in the transaction of that step."""

        TOPIC = "arbiter:Tournament.CautionConfirmed"
        caution: dict[str, Any]
        actor: str

    class RatingCorrected(Event):
        """Q192: a result as the rating report is to give it, kept apart from the round's result that pairs
        and ranks (which stays as recorded); the TRF lists it as a `###` line (Q193)."""

        TOPIC = "arbiter:Tournament.RatingCorrected"
        round: int
        board: int
        first: int
        second: int
        previous: str
        result: str
        actor: str
        reason: str
        reference: str

    class FideModeLeft(Event):
        """The tournament left FIDE mode after `after_round` was paired (Q43-45): for good."""

        TOPIC = "arbiter:Tournament.FideModeLeft"
        after_round: int
        actor: str
        reason: str
        reference: str

    class TiebreakValueEntered(Event):
        """Q207: a value the arbiter enters for a player's `EXT` tie-break (C.07 Art. 3, a play-off's or
        an over-the-board tie-break match's outcome; 4.1, a tie-break the regulations define): higher is
        better; a player without one counts 0. A later entry replaces it; `previous` is the value it
        replaced (None: there was none)."""

        TOPIC = "arbiter:Tournament.TiebreakValueEntered"
        number: int
        value: float
        previous: float | None
        actor: str
        reason: str
        reference: str

    class TiedPlayersRanked(Event):
        """Q205: the arbiter's order, best first, for players equal on score and every tie-break before
        the drawing of lots (C.07 4.2); an order naming none of them (`players` empty) clears every
        earlier one. A later order naming any of the same players replaces the earlier order."""

        TOPIC = "arbiter:Tournament.TiedPlayersRanked"
        players: list[int]
        actor: str
        reason: str
        reference: str

    class KeyGranted(Event):
        """The chief arbiter gave a key a role (`ledger.roles.Role`; "none" takes it away)."""

        TOPIC = "arbiter:Tournament.KeyGranted"
        fingerprint: str
        public_key: str
        role: str
        actor: str
        reason: str

    chief_key = ""
    """The chief arbiter's public key (hex); "" in a ledger made without keys."""
    fide_mode_left = False
    """Q45: once left, FIDE mode is never re-entered."""
    keys = MappingProxyType[str, Mapping[str, str]]({})
    """Fingerprint -> {"role", "public_key"} of every key the chief arbiter granted a role."""
    rating_results = MappingProxyType[str, str]({})
    """"round:board" -> the result the rating report gives where it differs from the round's (Q192)."""
    external_tiebreaks = MappingProxyType[str, float]({})
    """Player number -> the arbiter's `EXT` tie-break value (Q207)."""
    tied_rankings: tuple[tuple[int, ...], ...] = ()
    """The arbiter's orders of tied players in force (Q205), each best first."""

    @event(Created)
    def __init__(
        self, name: str, game: str, system: str, rounds: int, settings: dict[str, Any], actor: str, chief_key: str = ""
    ) -> None:
        self.name = name
        self.game = game
        self.system = system
        self.rounds = rounds
        self.settings = settings
        self.players: dict[str, dict[str, Any]] = {}
        self.byes: dict[str, dict[str, str]] = {}
        """Round -> player number -> requested bye kind."""
        self.forbidden: list[list[int]] = []
        self.last_round = 0
        self.appeals: dict[str, dict[str, Any]] = {}
        self.stages = 1
        self.chief_key = chief_key

    # --- roster -------------------------------------------------------------------------------

    def player(self, number: int) -> dict[str, Any]:
        try:
            return self.players[str(number)]
        except KeyError:
            raise UnknownPlayer(f"no player number {number}", Remedy(RemedyAction.SEE_ROSTER)) from None

    @property
    def next_number(self) -> int:
        return max((int(n) for n in self.players), default=0) + 1

    def register(
        self, details: dict[str, Any], number: int | None, actor: str, *, allow_duplicate: bool = False
    ) -> int:
        """Enter a player; the pairing number is the next in registration order unless given. A player
        who looks like one already registered is refused unless the arbiter says it is another person
        (namesakes are common in open events); that statement is recorded with the registration."""
        number = self.next_number if number is None else number
        if number < 1:
            raise InvalidInput(f"player number {number} must be 1 or more")
        if str(number) in self.players:
            raise DuplicatePlayer(f"player number {number} is taken by {self.players[str(number)]['name']}")
        twin = self._same_person(details)
        if twin is not None and not allow_duplicate:
            same = "id" if self._same_id(details, self.players[str(twin)]) else "name, rating and federation"
            raise DuplicatePlayer(
                f"{details['name']} is already registered as number {twin} (same {same})",
                Remedy(RemedyAction.CORRECT_PLAYER, player=twin),
                Remedy(RemedyAction.REGISTER_NAMESAKE, player=twin),
            )
        self._register(number=number, details=details, actor=actor, duplicate_of=twin)
        return number

    @staticmethod
    def _same_id(details: dict[str, Any], known: dict[str, Any]) -> bool:
        return bool(details.get("external_id")) and details["external_id"] == known.get("external_id")

    def _same_person(self, details: dict[str, Any]) -> int | None:
        """The number of a registered player with the same id, or the same name, ratings (entered and
        official) and federation."""

        def identity(player: dict[str, Any]) -> tuple[str, tuple[int, ...], str]:
            ratings = tuple(player.get(rating, 0) for rating in ("rating", "fide_rating", "national_rating"))
            return player["name"].casefold(), ratings, player.get("federation", "")

        for number, known in self.players.items():
            if self._same_id(details, known) or identity(details) == identity(known):
                return int(number)
        return None

    @records(PlayerRegistered)
    def _register(self, number: int, details: dict[str, Any], actor: str, duplicate_of: int | None) -> None:
        self.players[str(number)] = {**details, "status": "active", "withdrawn_from": None}

    def correct_details(self, number: int, changes: dict[str, Any], actor: str, reason: str, reference: str) -> None:
        self.player(number)
        unknown = set(changes) - set(PLAYER_FIELDS)
        if unknown or not changes:
            raise InvalidInput(f"correctable details are {', '.join(PLAYER_FIELDS)}; got {sorted(unknown) or 'none'}")
        check_rating_details(changes, self.player(number)["name"])
        self._correct_details(
            number=number, changes=changes, actor=actor, reason=require_reason(reason), reference=reference
        )

    @records(PlayerDetailsCorrected)
    def _correct_details(self, number: int, changes: dict[str, Any], actor: str, reason: str, reference: str) -> None:
        self.players[str(number)].update(changes)

    def withdraw(
        self, number: int, from_round: int, actor: str, reason: str, reference: str, *, expelled: bool = False
    ) -> None:
        player = self.player(number)
        if player["status"] == "withdrawn":
            raise InvalidInput(f"{player['name']} already withdrew from round {player['withdrawn_from']}")
        self._check_round(from_round)
        self._withdraw(
            number=number,
            from_round=from_round,
            actor=actor,
            reason=require_reason(reason),
            reference=reference,
            expelled=expelled,
        )

    @records(PlayerWithdrew)
    def _withdraw(
        self, number: int, from_round: int, actor: str, reason: str, reference: str, expelled: bool = False
    ) -> None:
        self.players[str(number)].update(status="withdrawn", withdrawn_from=from_round, expelled=expelled)

    def reenter(self, number: int, from_round: int, actor: str, reason: str, reference: str) -> None:
        player = self.player(number)
        if player["status"] != "withdrawn":
            raise InvalidInput(f"{player['name']} has not withdrawn; nothing to re-enter")
        if player.get("expelled"):
            raise InvalidInput(f"{player['name']} was expelled; an expelled player does not re-enter")
        self._check_round(from_round)
        self._reenter(
            number=number,
            from_round=from_round,
            actor=actor,
            reason=require_reason(reason),
            reference=reference,
        )

    @records(PlayerReentered)
    def _reenter(self, number: int, from_round: int, actor: str, reason: str, reference: str) -> None:
        self.players[str(number)].update(status="active", withdrawn_from=None)

    def change_rounds(self, rounds: int, actor: str, reason: str) -> None:
        """Set the tournament's rounds in all; never below a round already opened."""
        self.check_rounds(rounds)
        self._change_rounds(rounds=rounds, actor=actor, reason=require_reason(reason))

    def check_rounds(self, rounds: int) -> None:
        """Refuse a number of rounds below a round already opened, out of range, or the present one."""
        if not self.last_round <= rounds <= MAX_ROUNDS or rounds < 1:
            raise InvalidInput(
                f"rounds must be from {max(self.last_round, 1)} (rounds already paired) to {MAX_ROUNDS}, not {rounds}"
            )
        if rounds == self.rounds:
            raise InvalidInput(f"the tournament already has {rounds} rounds")

    @records(RoundsChanged)
    def _change_rounds(self, rounds: int, actor: str, reason: str) -> None:
        self.rounds = rounds

    def _check_round(self, round_number: int) -> None:
        if self.rounds == ROUNDS_FROM_ENTRIES and round_number >= 1:
            return
        if not 1 <= round_number <= self.rounds:
            raise InvalidInput(f"round {round_number} is outside this tournament's rounds 1..{self.rounds}")

    def request_bye(self, number: int, round_number: int, kind: str, actor: str, reason: str) -> None:
        """A bye request for a round without a published pairing (a coming round, or one whose pairing
        was withdrawn: the next `pair` honours it). A round that is paired takes a bye through
        `Round.grant_bye` instead."""
        player = self.player(number)
        self._check_round(round_number)
        if player["status"] == "withdrawn":
            raise InvalidInput(f"{player['name']} withdrew from round {player['withdrawn_from']}; a bye needs a player")
        self._request_bye(number=number, round=round_number, kind=kind, actor=actor, reason=reason)

    def cancel_bye(self, number: int, round_number: int, actor: str, reason: str) -> None:
        """Withdraw a bye request for a round not yet paired (the application checks the round)."""
        self.player(number)
        kind = self.byes.get(str(round_number), {}).get(str(number))
        if kind is None:
            raise InvalidInput(f"player {number} has no bye request for round {round_number}; nothing to cancel")
        self._cancel_bye(number=number, round=round_number, kind=kind, actor=actor, reason=require_reason(reason))

    @records(ByeCancelled)
    def _cancel_bye(self, number: int, round: int, kind: str, actor: str, reason: str) -> None:
        del self.byes[str(round)][str(number)]

    @records(ByeRequested)
    def _request_bye(self, number: int, round: int, kind: str, actor: str, reason: str) -> None:
        self.byes.setdefault(str(round), {})[str(number)] = kind

    def change_details(self, changes: dict[str, Any], actor: str, reason: str, reference: str) -> None:
        """Set or change details (`ledger.details.checked` has checked them); a change after creation
        needs a reason."""
        self._change_details(changes=changes, actor=actor, reason=reason.strip(), reference=reference)

    @records(DetailsChanged)
    def _change_details(self, changes: dict[str, Any], actor: str, reason: str, reference: str) -> None:
        self.details = {**getattr(self, "details", {}), **changes}

    def renumber(self, rule: RankingRule, actor: str, reason: str) -> list[int]:
        """Give the players pairing numbers by `rule` (the application checks that no round is paired)."""
        if not self.players:
            raise InvalidInput("there are no players to number yet")
        players = {int(n): p for n, p in self.players.items()}
        order = starting_order(players, rule, self.settings["seed"], self.settings["options"])
        self._renumber(order=order, rule=rule.value, actor=actor, reason=require_reason(reason))
        return order

    @records(PlayersRenumbered)
    def _renumber(self, order: list[int], rule: str, actor: str, reason: str) -> None:
        pass

    def restore_numbering(self, order: list[int], rule: str, actor: str, reason: str) -> None:
        """Give the players again the numbering an earlier renumbering recorded (the undo of a regeneration
        of the pairing numbers, Q114): `order` and `rule` as that renumbering recorded them."""
        self._renumber(order=order, rule=RankingRule(rule).value, actor=actor, reason=require_reason(reason))

    def exchange_numbers(self, first: int, second: int, actor: str, reason: str, reference: str) -> None:
        """Exchange two players' pairing numbers (the application checks the rounds paired)."""
        self.player(first)
        self.player(second)
        if first == second:
            raise InvalidInput("an exchange of pairing numbers needs two different players")
        self._exchange_numbers(
            first=first, second=second, actor=actor, reason=require_reason(reason), reference=reference
        )

    @records(PairingNumbersExchanged)
    def _exchange_numbers(self, first: int, second: int, actor: str, reason: str, reference: str) -> None:
        pass

    def change_tiebreaks(self, tiebreaks: list[str], actor: str, reason: str, reference: str) -> None:
        """Replace the tie-break list (codes checked by `ledger.settings.check_tiebreaks`)."""
        previous = list(self.settings["tiebreaks"])
        if tiebreaks == previous:
            raise InvalidInput(f"the tie-breaks are already {','.join(previous)}")
        self._change_tiebreaks(
            tiebreaks=tiebreaks, previous=previous, actor=actor, reason=require_reason(reason), reference=reference
        )

    @records(TiebreaksChanged)
    def _change_tiebreaks(
        self, tiebreaks: list[str], previous: list[str], actor: str, reason: str, reference: str
    ) -> None:
        self.settings = {**self.settings, "tiebreaks": list(tiebreaks)}

    def change_options(self, options: dict[str, str], actor: str, reason: str, reference: str) -> None:
        """Set tournament options (`ledger.settings.TournamentSettings.options`; checked by the application).
        A tournament of several stages keeps its options per stage and refuses."""
        if self.stages > 1:
            raise InvalidInput("options are set per stage in a tournament of several stages")
        current: dict[str, str] = self.settings["options"]
        previous = {key: current.get(key, "") for key in options}
        if previous == options:
            raise InvalidInput(f"the options are already {', '.join(f'{k}={v}' for k, v in options.items())}")
        self._change_options(
            options=options, previous=previous, actor=actor, reason=require_reason(reason), reference=reference
        )

    @records(OptionsChanged)
    def _change_options(
        self, options: dict[str, str], previous: dict[str, str], actor: str, reason: str, reference: str
    ) -> None:
        kept = {key: value for key, value in self.settings["options"].items() if key not in options}
        self.settings = {**self.settings, "options": kept | {k: v for k, v in options.items() if v}}

    def forbid(self, first: int, second: int, actor: str, reason: str) -> None:
        self.player(first)
        self.player(second)
        if first == second:
            raise InvalidInput("a forbidden pair needs two different players")
        pair = sorted((first, second))
        if pair in self.forbidden:
            raise InvalidInput(f"{pair[0]} and {pair[1]} are already kept apart")
        self._forbid(first=pair[0], second=pair[1], actor=actor, reason=require_reason(reason))

    @records(PairForbidden)
    def _forbid(self, first: int, second: int, actor: str, reason: str) -> None:
        self.forbidden.append([first, second])

    # --- rounds and rulings ------------------------------------------------------------------

    def open_round(self, round_number: int, actor: str) -> None:
        if round_number != self.last_round + 1:
            raise RoundNotReady(f"the next round to open is {self.last_round + 1}, not {round_number}")
        self._check_round(round_number)
        self._open_round(round=round_number, actor=actor)

    @records(RoundOpened)
    def _open_round(self, round: int, actor: str) -> None:
        self.last_round = round

    def start_stage(
        self, system: str, rounds: int, qualifiers: list[int], options: dict[str, str], actor: str, reason: str
    ) -> int:
        """IBF 1.8: "mixed (combined) systems ... different stages of the competition are conducted
        using different systems". The next stage begins after the last round played so far."""
        if rounds < 1:
            raise InvalidInput(f"a stage needs at least one round, not {rounds}")
        for number in qualifiers:
            if self.player(number)["status"] == "withdrawn":
                raise InvalidInput(f"{self.player(number)['name']} has withdrawn and cannot qualify")
        if len(set(qualifiers)) != len(qualifiers) or len(qualifiers) < 2:
            raise InvalidInput("a stage needs at least two different qualifiers")
        self._start_stage(
            stage=self.stages + 1,
            system=system,
            rounds=rounds,
            first_round=self.last_round + 1,
            qualifiers=list(qualifiers),
            options=dict(options),
            actor=actor,
            reason=require_reason(reason),
        )
        return self.stages

    @records(StageStarted)
    def _start_stage(
        self,
        stage: int,
        system: str,
        rounds: int,
        first_round: int,
        qualifiers: list[int],
        options: dict[str, str],
        actor: str,
        reason: str,
    ) -> None:
        self.stages = stage
        self.system = system
        self.rounds = first_round - 1 + rounds

    def override(self, subject: str, decision: str, actor: str, reason: str, reference: str) -> None:
        self._override(
            subject=subject,
            decision=decision,
            actor=actor,
            reason=require_reason(reason),
            reference=reference,
        )

    @records(ArbiterOverrode)
    def _override(self, subject: str, decision: str, actor: str, reason: str, reference: str) -> None:
        pass

    @property
    def created_in_fide_mode(self) -> bool:
        """Q40: created in FIDE mode (`ledger.settings.TournamentSettings.fide_mode`): the checklist's warnings
        apply to it, asked more gently once it has left FIDE mode."""
        return bool(self.settings.get("fide_mode", default_fide_mode(self.game, self.system)))

    @property
    def in_fide_mode(self) -> bool:
        """Q40, Q45: created in FIDE mode and not left."""
        return self.created_in_fide_mode and not self.fide_mode_left

    def correct_for_rating(
        self,
        round_number: int,
        board: int,
        pair: list[int],
        previous: str,
        result: str,
        actor: str,
        reason: str,
        reference: str,
    ) -> None:
        """Q192: record the result the rating report gives for a board (`previous`: the round's result)."""
        previous = self.rating_results.get(f"{round_number}:{board}", previous)
        if previous == result:
            raise InvalidInput(f"round {round_number} board {board} is already {result} for the rating report")
        self._correct_for_rating(
            round=round_number,
            board=board,
            first=pair[0],
            second=pair[1],
            previous=previous,
            result=result,
            actor=actor,
            reason=require_reason(reason),
            reference=reference,
        )

    @records(RatingCorrected)
    def _correct_for_rating(
        self,
        round: int,
        board: int,
        first: int,
        second: int,
        previous: str,
        result: str,
        actor: str,
        reason: str,
        reference: str,
    ) -> None:
        self.rating_results = {**self.rating_results, f"{round}:{board}": result}

    def confirm_caution(self, caution: Caution, actor: str) -> None:
        self._confirm_caution(caution=caution.as_event(), actor=actor)

    @records(CautionConfirmed)
    def _confirm_caution(self, caution: dict[str, Any], actor: str) -> None:
        pass

    def leave_fide_mode(self, after_round: int, actor: str, reason: str, reference: str) -> None:
        if not self.in_fide_mode:
            raise RuleViolation("this tournament is not in FIDE mode (Q45: once left, it cannot be re-entered)")
        self._leave_fide_mode(after_round=after_round, actor=actor, reason=require_reason(reason), reference=reference)

    @records(FideModeLeft)
    def _leave_fide_mode(self, after_round: int, actor: str, reason: str, reference: str) -> None:
        self.fide_mode_left = True

    def enter_tiebreak_value(self, number: int, value: float, actor: str, reason: str, reference: str) -> None:
        """Q207: the player's `EXT` value (C.07 Art. 3, 4.1), with a reason; the same value again is refused."""
        self.player(number)
        previous = self.external_tiebreaks.get(str(number))
        if previous == value:
            raise InvalidInput(f"player {number}'s external tie-break value is already {value:g}")
        self._enter_tiebreak_value(
            number=number,
            value=value,
            previous=previous,
            actor=actor,
            reason=require_reason(reason),
            reference=reference,
        )

    @records(TiebreakValueEntered)
    def _enter_tiebreak_value(
        self, number: int, value: float, previous: float | None, actor: str, reason: str, reference: str
    ) -> None:
        self.external_tiebreaks = {**self.external_tiebreaks, str(number): value}

    def rank_tied(self, players: list[int], actor: str, reason: str, reference: str) -> None:
        """Q205: record the arbiter's order of tied players (the application checks that they are tied), or,
        with no players, clear every order recorded."""
        for number in players:
            self.player(number)
        if players and len(set(players)) != len(players):
            raise InvalidInput(f"a player is named twice in the order {' '.join(map(str, players))}")
        if len(players) == 1:
            raise InvalidInput("an order of tied players names at least two players")
        if not players and not self.tied_rankings:
            raise InvalidInput("no order of tied players is recorded: there is nothing to clear")
        self._rank_tied(players=players, actor=actor, reason=require_reason(reason), reference=reference)

    @records(TiedPlayersRanked)
    def _rank_tied(self, players: list[int], actor: str, reason: str, reference: str) -> None:
        self.tied_rankings = replaced_rankings(self.tied_rankings, players)

    def lodge_appeal(self, appellant: int, against: str, actor: str, reason: str) -> int:
        self.player(appellant)
        appeal = len(self.appeals) + 1
        self._lodge_appeal(
            appeal=appeal, appellant=appellant, against=against, actor=actor, reason=require_reason(reason)
        )
        return appeal

    @records(AppealLodged)
    def _lodge_appeal(self, appeal: int, appellant: int, against: str, actor: str, reason: str) -> None:
        self.appeals[str(appeal)] = {"appellant": appellant, "against": against, "outcome": None}

    def rule_appeal(self, appeal: int, votes: dict[str, bool], actor: str, reason: str, reference: str) -> str:
        """Rules guide 6.5: an even committee; a majority must rule differently from the Director to
        overturn the ruling ("if the committee is two people, they must both rule differently ...;
        if it is four people, three must")."""
        if str(appeal) not in self.appeals:
            raise InvalidInput(f"no appeal number {appeal}")
        if self.appeals[str(appeal)]["outcome"] is not None:
            raise InvalidInput(f"appeal {appeal} was already ruled: {self.appeals[str(appeal)]['outcome']}")
        if not votes or len(votes) % 2:
            raise InvalidInput(f"rules guide 6.5: the committee has an even number of members, not {len(votes)}")
        against = sum(votes.values())
        outcome = "upheld" if against > len(votes) // 2 else "rejected"
        self._rule_appeal(
            appeal=appeal,
            committee=sorted(votes),
            votes=votes,
            outcome=outcome,
            actor=actor,
            reason=require_reason(reason),
            reference=reference,
        )
        return outcome

    def grant_key(self, fingerprint: str, public_key: str, role: str, actor: str, reason: str) -> None:
        """Record the role the chief arbiter gives a key (the key itself is checked in `ledger.roles`)."""
        self._grant_key(
            fingerprint=fingerprint, public_key=public_key, role=role, actor=actor, reason=require_reason(reason)
        )

    @records(KeyGranted)
    def _grant_key(self, fingerprint: str, public_key: str, role: str, actor: str, reason: str) -> None:
        self.keys = {**self.keys, fingerprint: {"role": role, "public_key": public_key}}

    @records(AppealRuled)
    def _rule_appeal(
        self,
        appeal: int,
        committee: list[str],
        votes: dict[str, bool],
        outcome: str,
        actor: str,
        reason: str,
        reference: str,
    ) -> None:
        self.appeals[str(appeal)]["outcome"] = outcome


class Round(Aggregate):
    """One round: its published pairing (and any re-pairing), results, corrections and seal."""

    TOPIC = "arbiter:Round"

    class Event(EventMethods, Aggregate.Event, metaclass=LedgerEventType):
        """The base of a round's events (see `Tournament.Event`)."""

    class Created(Event, Aggregate.Created):
        TOPIC = "arbiter:Round.Created"
        tournament_id: UUID
        round: int
        actor: str

    class Paired(Event):
        TOPIC = "arbiter:Round.Paired"
        revision: int
        boards: list[list[int]]
        """[first, second] player numbers, board 1 first."""
        byes: list[dict[str, Any]]
        """{"number", "kind", "points"} for every player without an opponent."""
        engine: str
        engine_version: str
        rules_edition: str
        options: dict[str, Any]
        seed: int
        input_digest: str
        input_position: int
        explanation: list[list[Any]]
        """[article, text, satisfied] decisions of the engine."""
        actor: str
        reason: str
        reference: str

    class PairingWithdrawn(Event):
        TOPIC = "arbiter:Round.PairingWithdrawn"
        revision: int
        actor: str
        reason: str
        reference: str

    class ResultRecorded(Event):
        TOPIC = "arbiter:Round.ResultRecorded"
        board: int
        first: int
        second: int
        result: str
        actor: str

    class ResultCorrected(Event):
        TOPIC = "arbiter:Round.ResultCorrected"
        board: int
        first: int
        second: int
        previous: str
        result: str
        actor: str
        reason: str
        reference: str

    class ResultVoided(Event):
        TOPIC = "arbiter:Round.ResultVoided"
        board: int
        first: int
        second: int
        previous: str
        actor: str
        reason: str
        reference: str

    class ByeGranted(Event):
        """A bye given in a round already paired to a player on no board: a late entry's missed round
        (C.04.2 Art. 2.4: "zero points for the rounds missed" unless the tournament's rules say
        otherwise, docs/research/fide/02-C0402-general-handling-rules.md), or a requested bye that
        was forgotten before the pairing."""

        TOPIC = "arbiter:Round.ByeGranted"
        number: int
        kind: str
        points: float
        actor: str
        reason: str
        reference: str

    class GameAdjourned(Event):
        """A game of the round adjourned (C.04.2 3.1: it counts as a draw for pairing purposes only, until
        its result is entered); docs/fide-mode.md, "Q157-169 Adjourned games"."""

        TOPIC = "arbiter:Round.GameAdjourned"
        board: int
        first: int
        second: int
        actor: str
        reason: str

    class HandPairingStarted(Event):
        """The arbiter began pairing the round by hand (Q65, docs/fide-mode.md), from the draft `boards`
        ([White, Black]) and pairing-allocated `byes`: the pairing withdrawn to pair it by hand again, or none."""

        TOPIC = "arbiter:Round.HandPairingStarted"
        boards: list[list[int]]
        byes: list[int]
        actor: str
        reason: str

    class HandPaired(Event):
        """A board of the hand pairing: `first` has White."""

        TOPIC = "arbiter:Round.HandPaired"
        first: int
        second: int
        actor: str

    class HandByeGiven(Event):
        """The pairing-allocated bye of the hand pairing."""

        TOPIC = "arbiter:Round.HandByeGiven"
        number: int
        actor: str

    class HandUnseated(Event):
        """The board (both players) or the bye of player `number` taken out of the hand pairing."""

        TOPIC = "arbiter:Round.HandUnseated"
        number: int
        actor: str

    class HandPairingCancelled(Event):
        """The hand pairing given up before it was published; the round is not paired."""

        TOPIC = "arbiter:Round.HandPairingCancelled"
        actor: str
        reason: str

    class Sealed(Event):
        TOPIC = "arbiter:Round.Sealed"
        chain_head: str
        position: int
        actor: str

    @staticmethod
    def create_id(tournament_id: UUID, round: int) -> UUID:
        return round_id(tournament_id, round)

    @event(Created)
    def __init__(self, tournament_id: UUID, round: int, actor: str) -> None:
        self.tournament_id = tournament_id
        self.number = round
        self.revision = 0
        self.boards: list[list[int]] = []
        self.byes: list[dict[str, Any]] = []
        self.is_paired = False
        self.results: dict[str, str] = {}
        """Board -> canonical result code."""
        self.sealed_at: int | None = None

    hand: dict[str, Any] | None = None
    """While the round is being paired by hand (Q65): {"boards": [[White, Black], ...], "byes": [n]}."""
    adjourned: tuple[int, ...] | list[int] = ()
    """Boards adjourned since the round was paired (C.04.2 3.1); a result entered later stays beside it."""

    @property
    def missing_results(self) -> list[int]:
        return [b for b in range(1, len(self.boards) + 1) if str(b) not in self.results]

    @property
    def missing_not_adjourned(self) -> list[int]:
        """Boards without a result that are not adjourned either."""
        return [b for b in self.missing_results if b not in self.adjourned]

    @property
    def adjourned_pending(self) -> list[int]:
        """Adjourned boards still without a result."""
        return [b for b in self.adjourned if str(b) not in self.results]

    def adjourn(self, board: int, actor: str, reason: str) -> None:
        first, second = self.board(board)
        self._check_unsealed()
        if str(board) in self.results:
            raise InvalidInput(
                f"round {self.number} board {board} has {self.results[str(board)]}: only a game without a result "
                "is adjourned"
            )
        if board in self.adjourned:
            raise InvalidInput(f"round {self.number} board {board} is adjourned already")
        self._adjourn(board=board, first=first, second=second, actor=actor, reason=require_reason(reason))

    @records(GameAdjourned)
    def _adjourn(self, board: int, first: int, second: int, actor: str, reason: str) -> None:
        self.adjourned = [*self.adjourned, board]

    # --- pairing by hand (Q64-69) ------------------------------------------------------------------

    def start_hand_pairing(self, actor: str, reason: str) -> None:
        """Begin pairing the round by hand; a published pairing without results is withdrawn (with
        `reason`) and becomes the draft, to be changed and published again."""
        if self.hand is not None:
            raise RoundNotReady(
                f"round {self.number} is being paired by hand already",
                Remedy(RemedyAction.SEE_HAND_PAIRING),
                Remedy(RemedyAction.END_HAND_PAIRING),
                Remedy(RemedyAction.CANCEL_HAND_PAIRING),
            )
        boards = [list(board) for board in self.boards]
        byes = [b["number"] for b in self.byes if b["kind"] == "pairing-allocated"]
        if self.is_paired:
            if self.results:
                raise RoundNotReady(
                    f"play has started in round {self.number} ({len(self.results)} results recorded); its "
                    "pairing can no longer be changed by hand"
                )
            self.withdraw_pairing(actor, reason, "")
        self._start_hand_pairing(boards=boards, byes=byes, actor=actor, reason=reason)

    @records(HandPairingStarted)
    def _start_hand_pairing(self, boards: list[list[int]], byes: list[int], actor: str, reason: str) -> None:
        self.hand = {"boards": boards, "byes": byes}

    def _draft(self) -> dict[str, Any]:
        if self.hand is None:
            raise RoundNotReady(
                f"round {self.number} is not being paired by hand", Remedy(RemedyAction.START_HAND_PAIRING)
            )
        return self.hand

    def hand_seated(self) -> list[int]:
        draft = self._draft()
        return [n for board in draft["boards"] for n in board] + list(draft["byes"])

    def hand_pair(self, first: int, second: int, actor: str) -> None:
        for number in (first, second):
            if number in self.hand_seated():
                raise InvalidInput(
                    f"player {number} is in the hand pairing already",
                    Remedy(RemedyAction.UNSEAT_BY_HAND, player=number),
                )
        if first == second:
            raise InvalidInput(f"player {first} cannot play themselves")
        self._hand_pair(first=first, second=second, actor=actor)

    @records(HandPaired)
    def _hand_pair(self, first: int, second: int, actor: str) -> None:
        draft = self._draft()
        self.hand = {**draft, "boards": [*draft["boards"], [first, second]]}

    def hand_bye(self, number: int, actor: str) -> None:
        if number in self.hand_seated():
            raise InvalidInput(f"player {number} is in the hand pairing already")
        if self._draft()["byes"]:
            raise InvalidInput(f"player {self._draft()['byes'][0]} has the pairing-allocated bye already")
        self._hand_bye(number=number, actor=actor)

    @records(HandByeGiven)
    def _hand_bye(self, number: int, actor: str) -> None:
        self.hand = {**self._draft(), "byes": [number]}

    def hand_unseat(self, number: int, actor: str) -> None:
        if number not in self.hand_seated():
            raise InvalidInput(f"player {number} is not in the hand pairing of round {self.number}")
        self._hand_unseat(number=number, actor=actor)

    @records(HandUnseated)
    def _hand_unseat(self, number: int, actor: str) -> None:
        draft = self._draft()
        boards = [board for board in draft["boards"] if number not in board]
        self.hand = {"boards": boards, "byes": [n for n in draft["byes"] if n != number]}

    def cancel_hand_pairing(self, actor: str, reason: str) -> None:
        self._draft()
        self._cancel_hand_pairing(actor=actor, reason=require_reason(reason))

    @records(HandPairingCancelled)
    def _cancel_hand_pairing(self, actor: str, reason: str) -> None:
        self.hand = None

    def publish(self, pairing: dict[str, Any], actor: str, reason: str, reference: str) -> None:
        """Publish a pairing (or, after a withdrawal, a new one: its revision counts up)."""
        if self.is_paired:
            raise RoundNotReady(
                f"round {self.number} is already paired", Remedy(RemedyAction.UNPAIR, round=self.number)
            )
        if self.revision and not reason.strip():
            raise ReasonRequired(f"round {self.number} is being re-paired", Remedy(RemedyAction.GIVE_REASON))
        self._publish(revision=self.revision + 1, actor=actor, reason=reason, reference=reference, **pairing)

    @records(Paired)
    def _publish(
        self,
        revision: int,
        boards: list[list[int]],
        byes: list[dict[str, Any]],
        engine: str,
        engine_version: str,
        rules_edition: str,
        options: dict[str, Any],
        seed: int,
        input_digest: str,
        input_position: int,
        explanation: list[list[Any]],
        actor: str,
        reason: str,
        reference: str,
    ) -> None:
        self.revision = revision
        self.boards = boards
        self.byes = byes
        self.is_paired = True
        self.results = {}
        self.hand = None
        self.adjourned = []

    def withdraw_pairing(self, actor: str, reason: str, reference: str) -> None:
        if not self.is_paired:
            raise RoundNotReady(f"round {self.number} has no published pairing to withdraw")
        if self.sealed_at is not None:
            raise RoundNotReady(f"round {self.number} is sealed; its pairing can no longer be withdrawn")
        self._withdraw_pairing(revision=self.revision, actor=actor, reason=require_reason(reason), reference=reference)

    @records(PairingWithdrawn)
    def _withdraw_pairing(self, revision: int, actor: str, reason: str, reference: str) -> None:
        self.is_paired = False
        self.boards = []
        self.byes = []
        self.results = {}
        self.adjourned = []

    def board(self, board: int) -> list[int]:
        if not self.is_paired:
            raise UnknownBoard(
                f"round {self.number} is not paired (its pairing was withdrawn)", Remedy(RemedyAction.PAIR)
            )
        if not 1 <= board <= len(self.boards):
            raise UnknownBoard(
                f"round {self.number} has boards 1..{len(self.boards)}, not {board}",
                Remedy(RemedyAction.SEE_PAIRINGS, round=self.number),
            )
        return self.boards[board - 1]

    def _check_unsealed(self) -> None:
        if self.sealed_at is not None:
            raise RoundNotReady(
                f"round {self.number} is sealed (position {self.sealed_at}); a result there changes only after "
                "an upheld appeal",
                Remedy(RemedyAction.CORRECT_ON_APPEAL, round=self.number),
            )

    def record_result(self, board: int, result: str, actor: str) -> None:
        first, second = self.board(board)
        self._check_unsealed()
        if str(board) in self.results:
            raise ResultAlreadyRecorded(
                f"round {self.number} board {board} already has {self.results[str(board)]}",
                Remedy(RemedyAction.CORRECT_RESULT, round=self.number, board=board),
            )
        self._record_result(board=board, first=first, second=second, result=result, actor=actor)

    @records(ResultRecorded)
    def _record_result(self, board: int, first: int, second: int, result: str, actor: str) -> None:
        self.results[str(board)] = result

    def correct_result(
        self, board: int, result: str, actor: str, reason: str, reference: str, *, upheld_appeal: bool = False
    ) -> None:
        """Correct a recorded result; in a sealed round only on an upheld appeal (rules guide 6.5)."""
        first, second = self.board(board)
        if not upheld_appeal:
            self._check_unsealed()
        previous = self._recorded(board)
        if previous == result:
            raise InvalidInput(f"round {self.number} board {board} already has {result}; nothing to correct")
        self._correct_result(
            board=board,
            first=first,
            second=second,
            previous=previous,
            result=result,
            actor=actor,
            reason=require_reason(reason),
            reference=reference,
        )

    @records(ResultCorrected)
    def _correct_result(
        self,
        board: int,
        first: int,
        second: int,
        previous: str,
        result: str,
        actor: str,
        reason: str,
        reference: str,
    ) -> None:
        self.results[str(board)] = result

    def void_result(self, board: int, actor: str, reason: str, reference: str) -> None:
        first, second = self.board(board)
        self._check_unsealed()
        self._void_result(
            board=board,
            first=first,
            second=second,
            previous=self._recorded(board),
            actor=actor,
            reason=require_reason(reason),
            reference=reference,
        )

    @records(ResultVoided)
    def _void_result(
        self, board: int, first: int, second: int, previous: str, actor: str, reason: str, reference: str
    ) -> None:
        del self.results[str(board)]

    def grant_bye(self, number: int, kind: str, points: float, actor: str, reason: str, reference: str) -> None:
        """Give `number` a bye in this paired round; refused when the player is on a board or has a bye."""
        if not self.is_paired:
            raise RoundNotReady(f"round {self.number} is not paired; its bye is a request for the next pairing")
        self._check_unsealed()
        for board, pair in enumerate(self.boards, start=1):
            if number in pair:
                raise RoundNotReady(
                    f"player {number} plays on board {board} of round {self.number}; a bye there needs the "
                    "round unpaired first"
                )
        if any(bye["number"] == number for bye in self.byes):
            raise InvalidInput(f"player {number} already has a bye in round {self.number}")
        self._grant_bye(
            number=number, kind=kind, points=points, actor=actor, reason=require_reason(reason), reference=reference
        )

    @records(ByeGranted)
    def _grant_bye(self, number: int, kind: str, points: float, actor: str, reason: str, reference: str) -> None:
        self.byes.append({"number": number, "kind": kind, "points": points})

    def _recorded(self, board: int) -> str:
        try:
            return self.results[str(board)]
        except KeyError:
            raise NoResultToCorrect(
                f"round {self.number} board {board} has no result yet",
                Remedy(RemedyAction.ENTER_RESULT, round=self.number, board=board),
            ) from None

    def seal(self, chain_head: str, position: int, actor: str) -> None:
        self._check_unsealed()
        if not self.is_paired or self.missing_results:
            raise RoundNotReady(f"round {self.number} cannot be sealed: boards {self.missing_results} have no result")
        self._seal(chain_head=chain_head, position=position, actor=actor)

    @records(Sealed)
    def _seal(self, chain_head: str, position: int, actor: str) -> None:
        self.sealed_at = position
