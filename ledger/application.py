"""The command service: `Ledger`, one method per arbiter command, the only way anything is appended.

A method loads the streams it needs, lets them check and refuse (`ledger.errors`), calls an engine
where the command pairs, and saves everything in one transaction. When another desk wrote the same
stream first, it reloads and runs the command again (its checks included), a few times at most.
"""

from __future__ import annotations

import getpass
import os
import random
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import date
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar
from uuid import UUID

from attrs import Factory, asdict, evolve, frozen
from eventsourcing.application import AggregateNotFoundError, Application, LRUCache
from eventsourcing.domain import DomainEventProtocol
from eventsourcing.persistence import IntegrityError, Recording, StoredEvent

from ledger import cautions
from ledger.details import checked as checked_details
from ledger.digest import input_digest
from ledger.domain import OPTIONAL_FIELDS, PLAYER_FIELDS, Round, Tournament, require_reason, round_id
from ledger.errors import (
    AlreadyRecorded,
    ConcurrentChange,
    ConfirmationNeeded,
    InvalidInput,
    NoResultToCorrect,
    NoTournament,
    Remedy,
    RemedyAction,
    RoundNotReady,
    RuleViolation,
    TournamentExists,
    UnknownRound,
)
from ledger.fide_mode import Breach, Caution, Confirmation, Level, confirms
from ledger.hand_pairing import Comparison, EnginePairings, board_cautions, bye_cautions, outcome_cautions, pab
from ledger.persistence import AGGREGATE_CACHE_SIZE, Anchor, ChainReport, LogReader, environment, verify_chain
from ledger.ranking import RankingRule, starting_order
from ledger.ratings import RATING_DETAILS, check_rating_details, check_rating_options
from ledger.redaction import redacted
from ledger.results import Game, MatchFormat, ResultRules
from ledger.roles import KeyRing, NotAuthorised, SignatureReport, admit, checked_grant, signed_events, verify_signatures
from ledger.scope import Key, describe, event_scope, overlap
from ledger.settings import (
    FIDE_SWISS,
    ORDERED_RANKINGS,
    ROUNDS_FROM_ENTRIES,
    TournamentSettings,
    check_options,
    check_tiebreaks,
    numbered_by_rating,
    with_system_defaults,
)
from ledger.signing import ArbiterKey
from ledger.validation import check_text, parse_decimal
from pairing.fide import acceleration
from pairing.model import Board, Bye, ByeKind, NoValidPairing, Outcome, PairingInput, PairingOutcome, PlayerStatus
from pairing.registry import bracket_systems, engine_for

if TYPE_CHECKING:  # the rating lists load with the commands that read them (docs/performance.md, "Start-up")
    from ledger.rating_sequence import CheckReport, Found
    from ledger.rating_store import RatingListStore

MAX_ROUNDS = 4096
"""More rounds than any tournament has: where the search for a round stream's number stops."""
ATTEMPTS = 5
"""How often a command is tried when another desk wrote the same stream first."""
BACKOFF = 0.01
"""Seconds: the longest first wait before a retry; it doubles each time, with random jitter so two
desks that collided do not collide again in step."""

T = TypeVar("T")
MAX_TIEBREAK_VALUE = 100_000
"""The largest `EXT` tie-break value the arbiter may enter (Q207), either sign: a bound against typing
slips (a play-off's points or a match score are small numbers), not a rule."""
MAX_EXTRA = 4000
"""Characters of a player's kept fields (`PlayerDetails.extra`)."""


class ReadPort(Protocol):
    """What the service reads from the projections (implemented in `projections`, handed in at start-up)."""

    def pairing_input(self, round_number: int) -> tuple[PairingInput, int]:
        """The engines' input for `round_number` and the log position it was built from."""
        ...

    def tied_before_lots(self, numbers: Sequence[int]) -> str:
        """ "" when the players are equal on score and every tie-break before lots in the standings now,
        else why not (`projections.standings.tied_before_lots`, Q205)."""
        ...


def default_actor() -> str:
    """Who is at the desk: `$ARBITER_ACTOR`, else the login name."""
    try:
        return os.environ.get("ARBITER_ACTOR") or getpass.getuser()
    except (KeyError, OSError):
        return "arbiter"


def _fast_project(aggregate: Any, events: Iterable[Any]) -> Any:
    """The library's projector without its run-time protocol check (half of replay time)."""
    for domain_event in events:
        aggregate = domain_event.mutate(aggregate)
    return aggregate


@frozen
class PlayerDetails:
    """A registration as the desk or a roster file gives it."""

    name: str
    rating: int = 0
    federation: str = ""
    club: str = ""
    team: str = ""
    title: str = ""
    external_id: str = ""
    fide_rating: int = 0
    """The official FIDE rating (0: none); `ledger.ratings` makes the tournament rating from it."""
    national_rating: int = 0
    """The official national rating (0: none)."""
    later_ratings: str = ""
    """An event longer than 30 days: "ROUND=RATING, ..." (`ledger.ratings.later_ratings`)."""
    source_lists: dict[str, str] = Factory(dict)
    """For each rating taken from an imported rating list, the list's label (`ledger.rating_sequence`, Q134)."""
    number: int | None = None
    extra: str = ""
    """What another program's file holds for the player and the ledger does not read (tsh's extra
    fields), kept as text so an export can give it back; recorded only when there is some."""
    no_half_bye: str = ""
    """Why the player may not take a half-point bye (a free entry, the event's conditions; Q175-176)."""
    allow_duplicate: bool = False
    """The arbiter confirmed this is another person than a registered look-alike (same name, rating
    and federation, or the same id)."""

    def as_event_details(self) -> dict[str, Any]:
        name = self.name.strip()
        if not name:
            raise InvalidInput("a player needs a name")
        if self.rating < 0:
            raise InvalidInput(f"rating {self.rating} of {name} is negative")
        if len(check_text(self.extra, f"the kept fields of {name}")) > MAX_EXTRA:
            raise InvalidInput(f"the kept fields of {name} are over {MAX_EXTRA} characters")
        check_rating_details(asdict(self), name)
        details = {
            field: getattr(self, field)
            for field in PLAYER_FIELDS
            if field not in (*RATING_DETAILS, *OPTIONAL_FIELDS) or getattr(self, field)
        } | {"name": name}
        return details | ({"extra": self.extra} if self.extra else {})


class Expectation:
    """A command's expected log position: the events after it, up to where the command began, and
    how far the command's own events have been checked against them."""

    def __init__(self, expected: int, intervening: list[tuple[int, set[Key]]], start: int) -> None:
        self.expected = expected
        self.intervening = intervening
        self.checked = start

    def check(self, ours: list[tuple[int, set[Key]]]) -> None:
        mine = set().union(*(keys for _, keys in ours))
        for position, keys in self.intervening:
            clash = overlap(mine, keys)
            if clash is not None:
                raise ConcurrentChange(
                    f"{describe(clash)} was changed at log position {position}, after position {self.expected} "
                    "that this command expected; nothing was appended",
                    Remedy(RemedyAction.SEE_LOG),
                )


@frozen
class PublishedPairing:
    round: int
    revision: int
    boards: tuple[Board, ...]
    byes: tuple[Bye, ...]


class Ledger(Application):
    """One tournament's ledger (a SQLite file or a PostgreSQL schema)."""

    name = "Ledger"
    snapshotting_intervals: ClassVar[dict[type, int]] = {Tournament: 100, Round: 100}
    snapshotting_projectors: ClassVar[dict[type, Any]] = {Tournament: _fast_project, Round: _fast_project}
    log_section_size = 1000

    def __init__(self, location: str, actor: str | None = None, key: ArbiterKey | None = None) -> None:
        self.location = location
        self.actor = actor or default_actor()
        self.key = key
        """The arbiter's signing key: every event this ledger appends is signed with it (`ledger.roles`)."""
        self._chief: str | None = None
        self.read_port: ReadPort | None = None
        self._tournament_id: UUID | None = None
        super().__init__(env=environment(location))
        self.log_reader = LogReader(self.recorder, self.mapper)
        """The one reading path of the log (replays, `arbiter log`, as-of views)."""
        self.rollbacks = 0
        """Counts the commands rolled back in this process (the read side then forgets what it read of them)."""
        self._round_streams: dict[UUID, int] = {}
        """Round stream id -> round number (`_round_number`)."""
        self._commands = threading.local()
        """`open` is true while a command runs in the thread; `confirmed` when its warnings are confirmed."""
        self.notices: list[Caution] = []
        """The warnings the last command gave and went on after (level 2, and confirmed levels 3 and 4):
        the front end shows them once the command is committed."""
        self.engine_pairings = EnginePairings()
        """The engine's pairing of the round being paired by hand, made once per round state (Q68)."""
        self.recorder.signer = key  # type: ignore[attr-defined]

    # --- reading the streams -------------------------------------------------------------------

    @property
    def tournament_id(self) -> UUID:
        """The ledger's tournament: the stream of its first event."""
        if self._tournament_id is None:
            first = self.recorder.select_notifications(start=1, limit=1)
            if not first:
                raise NoTournament("this ledger holds no tournament", Remedy(RemedyAction.CREATE_TOURNAMENT))
            self._tournament_id = UUID(str(first[0].originator_id))
        return self._tournament_id

    def tournament(self) -> Tournament:
        return self.repository.get(self.tournament_id, projector_func=_fast_project)

    def round(self, number: int) -> Round:
        try:
            return self.repository.get(round_id(self.tournament_id, number), projector_func=_fast_project)
        except AggregateNotFoundError:
            raise UnknownRound(f"round {number} has not been paired yet", Remedy(RemedyAction.PAIR)) from None

    def position(self) -> int:
        """The log position of the last event (0 for an empty ledger)."""
        return self.recorder.max_notification_id() or 0

    def log_events(self, stop: int | None = None, start: int = 1) -> Iterator[tuple[int, DomainEventProtocol[Any]]]:
        """(position, domain event) from `start` to the end of the log, or up to position `stop`."""
        return self.log_reader.events(start, stop)

    def replay(self, stop: int | None = None) -> Iterator[tuple[int, object]]:
        """(position, event) from the start of the log to its end or to position `stop`, for a fold
        (`projections.state.fold`): `log_events`, but with recorded results read as
        `ledger.persistence.RecordedResults`s (`LogReader.replay`)."""
        return self.log_reader.replay(Round.ResultRecorded.TOPIC, 1, stop)

    def link_at(self, position: int) -> bytes | None:
        """The chain link stored with the event at `position` (what the read models' checksums are keyed by)."""
        return self.recorder.link_at(position)  # type: ignore[attr-defined]

    def verify(self, anchors: Sequence[Anchor] = ()) -> ChainReport:
        """Check the hash chain, the heads the seals recorded, and any published `anchors`."""
        return verify_chain(self.recorder, anchors)  # type: ignore[arg-type]

    @contextmanager
    def command(
        self,
        *,
        expect_position: int | None = None,
        command_id: str | None = None,
        confirmed: Confirmation = False,
        warnings_at_end: bool = False,
    ) -> Iterator[None]:
        """One arbiter command as one transaction, however many events it appends: all of them are
        committed together at the end, or none (an error, or the process killed, leaves nothing).

        `command_id`: a command recorded before under this id appends nothing (`AlreadyRecorded`
        names its position); the id is kept with the events, in their transaction.
        `expect_position`: the log position the desk displayed; refused (`ConcurrentChange`) when an
        event after it changed a board, round or player that this command changes.
        `confirmed`: the arbiter confirmed the warnings the command raises (`caution`): all of them (True, the
        CLI's `--yes`), or those named with the lesser ones (`ledger.fide_mode.confirms`); a warning of level 3
        or 4 not confirmed refuses the command (`ConfirmationNeeded`) when it would store its events (or at its
        end), naming every such warning it met, so that the arbiter sees them all before confirming any.
        `warnings_at_end`: a command of many steps that each store their events, and that tells nothing before
        it ends (an import), goes on past its stores while a warning is not confirmed, so that its refusal names
        the warnings of every step; what it stored is rolled back, its positions given back (ledger.postgres).
        A command inside a command joins it."""
        if getattr(self._commands, "open", False):
            yield  # inside a command: part of its transaction
            return
        self._commands.open = True
        self._commands.confirmed = confirmed
        self._commands.unconfirmed = []
        self._commands.warnings_at_end = warnings_at_end
        self.notices = []
        try:
            with self.recorder.command_transaction():  # type: ignore[attr-defined]
                start = self.position()
                if expect_position is not None and not 0 <= expect_position <= start:
                    raise InvalidInput(
                        f"the expected position {expect_position} is not a position of this log (0..{start}); "
                        "give the position your desk displayed"
                    )
                if command_id:
                    recorded = self.recorder.command_position(command_id)  # type: ignore[attr-defined]
                    if recorded is not None:
                        raise AlreadyRecorded(command_id, recorded)
                if expect_position is not None and expect_position < start:
                    self._commands.expectation = Expectation(
                        expect_position, self._scopes(expect_position, start), start
                    )
                yield
                self._refuse_unconfirmed()
                if command_id and self.position() > start:  # a command that appended nothing (declined) keeps it free
                    self.recorder.record_command(command_id, self.position())  # type: ignore[attr-defined]
        except BaseException:
            self.rollbacks += 1
            self._tournament_id, self._round_streams = None, {}
            self._forget_aggregates()
            raise
        finally:
            self._commands.open = False
            self._commands.expectation = None
            self._commands.confirmed = False
            self._commands.unconfirmed = []
            self._commands.warnings_at_end = False

    def caution(self, tournament: Tournament, caution: Caution) -> None:
        """Warn of the step the running command is about to take (`ledger.fide_mode`): refuse it with
        `ConfirmationNeeded` while a level 3 or 4 warning is not confirmed (when the command would store its
        events, with its other warnings not confirmed; nothing is stored), refuse a level 5 step in FIDE
        mode outright, and record on `tournament` (which the caller saves) each confirmed warning and each
        pairing-integrity-breaching event (Q112), so that the log and the TRF's `###` lines show them."""
        caution = caution.in_mode(tournament.in_fide_mode)
        if caution.level is Level.REFUSE:
            consequence = f": {caution.consequence.rstrip('.')}." if caution.consequence else ";"
            raise RuleViolation(
                f"{caution.text}: not possible in FIDE mode ({caution.question}){consequence} "
                "It becomes possible only after leaving FIDE mode, for good",
                Remedy(RemedyAction.LEAVE_FIDE_MODE),
            )
        if caution.needs_confirmation and not confirms(getattr(self._commands, "confirmed", False), caution):
            if not getattr(self._commands, "open", False):
                raise ConfirmationNeeded(caution)
            self._commands.unconfirmed.append(caution)  # the command goes on, to meet its other warnings
        undoing: tuple[int, Breach] | None = getattr(self._commands, "undoing", None)
        if undoing is not None and caution.breach is undoing[1]:
            caution = caution._replace(undoes=undoing[0])
        if caution.needs_confirmation or caution.breach is not None:
            tournament.confirm_caution(caution, self.actor)
        self.notices.append(caution)

    @contextmanager
    def _undoing(self, position: int, kind: Breach) -> Iterator[None]:
        """While the undo of the breach at `position` runs, its warning of the same kind is recorded as that
        undo (`Caution.undoes`, Q114)."""
        self._commands.undoing = (position, kind)
        try:
            yield
        finally:
            self._commands.undoing = None

    def _forget_aggregates(self) -> None:
        """Empty the cache of aggregates: a rolled-back command may have brought one up to its own events."""
        self.repository.cache = LRUCache(maxsize=AGGREGATE_CACHE_SIZE)

    def save(self, *objs: Any, **kwargs: Any) -> list[Recording[UUID]]:
        """Store the aggregates' pending events once `ledger.roles.admit` found nothing to refuse in them;
        inside a command with an expected position, refuse (before anything is committed) as soon as what
        it appended changes what an event after that position changed. While a warning of the command is not
        confirmed, nothing is stored: the command is refused (`caution`) with the warnings it met so far,
        before a row takes a position it would leave empty (PostgreSQL's sequence does not roll back), unless
        the command takes its warnings at its end (`command`)."""
        if not getattr(self._commands, "warnings_at_end", False):
            self._refuse_unconfirmed()
        admit([obj for obj in objs if obj is not None], self.key, self._chief_key, self._granted_keys)
        recordings = super().save(*objs, **kwargs)
        expectation: Expectation | None = getattr(self._commands, "expectation", None)
        if expectation is not None:
            expectation.check(self._scopes(expectation.checked, self.position()))
            expectation.checked = self.position()
        return recordings

    def _refuse_unconfirmed(self) -> None:
        """`ConfirmationNeeded` naming the running command's warnings that are not confirmed, if any."""
        unconfirmed = getattr(self._commands, "unconfirmed", None)
        if unconfirmed:
            raise ConfirmationNeeded(*unconfirmed)

    def _scopes(self, after: int, last: int) -> list[tuple[int, set[Key]]]:
        """(position, scope) of the events after position `after` up to `last`."""
        events = self.log_events(start=after + 1, stop=last)
        return [(position, event_scope(event, self._round_number)) for position, event in events]

    def _round_number(self, stream: UUID) -> int:
        """The round of a round stream (0 for a stream that is not a round's), from the deterministic
        stream ids, made a block of rounds at a time and kept."""
        numbers = self._round_streams
        while stream not in numbers and len(numbers) < MAX_ROUNDS:
            start = len(numbers) + 1
            numbers.update({round_id(self.tournament_id, n): n for n in range(start, start + 64)})
        return numbers.get(stream, 0)

    def verify_signatures(self) -> SignatureReport:
        """Every event's signature and its key's authority (`ledger.roles`); a ledger without keys is unsigned."""
        recorder: Any = self.recorder
        events = signed_events(
            recorder.chain_rows(),
            lambda row: self.mapper.to_domain_event(
                StoredEvent(UUID(str(row.stream_id)), row.version, row.topic, row.state)
            ),
        )
        return verify_signatures(events, recorder.signature_rows())

    def _granted_keys(self) -> dict[str, dict[str, str]]:
        """The roles the chief granted, read from the grants alone (not the whole tournament)."""
        recorder: Any = self.recorder
        grants: dict[str, dict[str, str]] = {}
        for stored in recorder.events_of_topic(self.tournament_id, Tournament.KeyGranted.TOPIC):
            grant = self.mapper.to_domain_event(stored)
            grants[grant.fingerprint] = {"role": grant.role, "public_key": grant.public_key}
        return grants

    def _chief_key(self) -> str:
        """The chief arbiter's public key recorded when the tournament was created ("" without keys)."""
        if self._chief is None:
            created = next(self.log_reader.events(1, 1), (0, None))[1]
            self._chief = getattr(created, "chief_key", "")
        return self._chief

    def _attempt(self, command: Callable[[], T]) -> T:
        """Run a load-check-save command in one transaction; on a write conflict reload and run it again."""
        for attempt in range(ATTEMPTS - 1):
            try:
                with self.command():
                    return command()
            except IntegrityError:
                time.sleep(random.uniform(0, BACKOFF * 2**attempt))
        try:
            with self.command():
                return command()
        except IntegrityError as conflict:
            raise ConcurrentChange(
                f"another desk kept changing the same records; nothing was saved ({conflict})",
                Remedy(RemedyAction.SEE_LOG),
            ) from conflict

    # --- tournament and roster ---------------------------------------------------------------

    def create_tournament(
        self,
        name: str,
        settings: TournamentSettings,
        details: Mapping[str, Any] | None = None,
        *,
        known_lists: Sequence[str] = (),
    ) -> UUID:
        """Create the tournament, with its report details (`ledger.details`) in the same transaction. A list
        sequence among its options names lists of `known_lists` only, as `change_rating_lists` checks it."""
        from ledger.rating_sequence import check_sequence

        if self.position():
            raise TournamentExists(
                f"{redacted(self.location)} already holds a tournament", Remedy(RemedyAction.USE_ANOTHER_LEDGER)
            )
        if not name.strip():
            raise InvalidInput("a tournament needs a name")
        engine_for(settings.system)
        check_sequence(settings.options, known_lists)
        tournament = Tournament(
            name=name.strip(),
            game=settings.game.value,
            system=settings.system,
            rounds=settings.rounds,
            settings=settings.as_event_settings(),
            actor=self.actor,
            chief_key=self.key.public_hex if self.key else "",
        )
        if details:
            tournament.change_details(checked_details(details), self.actor, "", "")
        with self.command():
            self.save(tournament)
        self._tournament_id = tournament.id
        return tournament.id

    def change_details(self, changes: Mapping[str, Any], reason: str, reference: str = "") -> None:
        """Change the tournament's report details; like every change of an earlier decision, with a reason."""
        values = checked_details(changes)
        require_reason(reason)
        self._tournament_command(lambda t: t.change_details(values, self.actor, reason, reference))

    def settings(self) -> TournamentSettings:
        """The tournament's settings, read from the kept tournament itself rather than a copy of it (the
        copy eventsourcing makes for a command costs more than the rest of a `result`): the settings are
        made afresh from its values, and nothing here changes it."""
        kept = self.repository.get(self.tournament_id, projector_func=_fast_project, deepcopy_from_cache=False)
        return TournamentSettings.from_tournament(kept)

    def register_players(self, players: Sequence[PlayerDetails]) -> list[int]:
        """Register players in one transaction: all of them, or (on any refusal) none."""

        def command() -> list[int]:
            tournament = self.tournament()
            numbers = [
                tournament.register(p.as_event_details(), p.number, self.actor, allow_duplicate=p.allow_duplicate)
                for p in players
            ]
            self.save(tournament)
            return numbers

        return self._attempt(command)

    def _tournament_command(self, change: Callable[[Tournament], T]) -> T:
        def command() -> T:
            tournament = self.tournament()
            outcome = change(tournament)
            self.save(tournament)
            return outcome

        return self._attempt(command)

    def correct_player(self, number: int, changes: Mapping[str, Any], reason: str, reference: str = "") -> None:
        """Correct a player's details (`correct_players`)."""
        self.correct_players({number: changes}, reason, reference)

    def correct_players(self, changes: Mapping[int, Mapping[str, Any]], reason: str, reference: str = "") -> None:
        """Correct players' details in one transaction. Where the FIDE Swiss systems number the players by
        rating, title and name (C.04.2 Art. 2.2-2.3), corrections that reorder them once round 1 is paired
        regenerate the pairing numbers: a level 4 warning (Q151-154); after round 4 the numbers stay as they
        are."""

        def change(tournament: Tournament) -> None:
            settings = TournamentSettings.from_tournament(tournament)
            before = fide_order(tournament)
            for number, details in changes.items():
                sourced = unsourced(tournament.player(number), details)
                tournament.correct_details(number, sourced, self.actor, reason, reference)
            paired = self.last_paired_round()
            renumbers = numbered_by_rating(settings) and fide_order(tournament) != before
            if renumbers and 0 < paired <= cautions.LAST_ROUND_FOR_NEW_NUMBERS:
                corrected = ", ".join(f"player {number}'s" for number in changes)
                self.caution(tournament, cautions.numbers_regenerated(f"{corrected} details corrected", paired))

        self._tournament_command(change)

    def change_rating_lists(
        self, kind: str | None, lists: str | None, reason: str, reference: str = "", *, known: Sequence[str] = ()
    ) -> None:
        """Set the tournament's rating type (Q124) and its list sequence (Q126; "" returns to the type's
        default sequence, Q123): an `OptionsChanged` event with the reason. The sequence names lists of
        `known` (`ledger.rating_sequence.known_lists` of the store) or FIDE's (`FIDE_LISTS`) only."""
        from ledger.rating_sequence import check_sequence

        options = {key: value for key, value in (("rating_type", kind), ("rating_lists", lists)) if value is not None}
        if not options:
            raise InvalidInput("give the rating type, the list sequence, or both")
        check_rating_options(options)
        check_sequence(options, known)
        self._tournament_command(lambda t: t.change_options(options, self.actor, reason, reference))

    def rating_day(self, today: date) -> date:
        """The day whose rating lists the tournament reads (Q137): its start, or today for an event longer
        than 30 days or without a start date (`ledger.rating_sequence.reference_day`)."""
        from ledger.rating_sequence import reference_day

        tournament = self.tournament()
        return reference_day(getattr(tournament, "details", {}), tournament.settings["options"], today)

    def rating_lookup(self, store: RatingListStore, key: str, day: date) -> list[tuple[str, Found | None]]:
        """Q128: the player with FIDE id (or name as the lists write it) `key` in each list of the tournament's
        sequence valid on `day`, main list first. A read: nothing is appended."""
        from ledger.rating_sequence import look_up_all, sequence

        return look_up_all(store, sequence(self.tournament().settings["options"]), day, key)

    def register_from_lists(
        self,
        store: RatingListStore,
        key: str,
        day: date,
        chosen: str | None = None,
        number: int | None = None,
        *,
        allow_duplicate: bool = False,
    ) -> tuple[int, PlayerDetails]:
        """Q127-129: register the player `key` as the tournament's lists on `day` give them: from the main
        list with its official rating, or (`chosen`, a list of the sequence) with that list's rating as an
        estimate; every rating names its list (Q134). Returns the number and the details registered."""
        from ledger.rating_sequence import registration

        details = registration(self.rating_lookup(store, key, day), chosen)
        player = PlayerDetails(**details, number=number, allow_duplicate=allow_duplicate)
        (registered,) = self.register_players([player])
        return registered, player

    def check_ratings(self, store: RatingListStore, today: date) -> CheckReport:
        """The consistency check (Q133): the roster against the main list valid at the start (Q137)."""
        from ledger.rating_sequence import consistency_check

        tournament = self.tournament()
        return consistency_check(tournament.players, tournament.settings["options"], store, self.rating_day(today))

    def apply_rating_check(self, store: RatingListStore, today: date, reason: str, reference: str = "") -> CheckReport:
        """Correct every difference the consistency check finds, in one transaction, each rating with its
        new source (Q134); the check is made again in the transaction, on the roster as it is then."""
        require_reason(reason)
        report = self.check_ratings(store, today)
        if report.differences:
            sources = {int(n): p.get("source_lists", {}) for n, p in self.tournament().players.items()}
            self.correct_players(report.corrections(sources), reason, reference)
        return report

    def withdraw(
        self, number: int, from_round: int | None, reason: str, reference: str = "", *, expelled: bool = False
    ) -> None:
        """Withdraw a player from a round on; `expelled`: the arbiter expelled the player (recorded with
        the withdrawal; a Swiss's standings leave the player out). Refused from a round before a later one
        the player is paired in (`_check_unpaired_after`)."""

        def change(tournament: Tournament) -> None:
            first = from_round or tournament.last_round + 1
            tournament.player(number)
            self._check_unpaired_after(tournament, number, first)
            tournament.withdraw(number, first, self.actor, reason, reference, expelled=expelled)

        self._tournament_command(change)

    def _check_unpaired_after(self, tournament: Tournament, number: int, from_round: int) -> None:
        """C.04.2 3.2, "withdrawn players are no longer paired"
        (docs/research/fide/02-C0402-general-handling-rules.md): a withdrawal cannot take effect before a
        round already paired with the player on a board or given a bye after it (its games would count for
        a player the log says had left). The round it takes effect from may itself be paired: the player's
        game there is then the arbiter's to decide."""
        for later in range(tournament.last_round, from_round, -1):
            round_ = self.round(later)
            seated = any(number in board for board in round_.boards) or any(
                bye["number"] == number for bye in round_.byes
            )
            if round_.is_paired and seated:
                raise InvalidInput(
                    f"player {number} is paired in round {later}: a withdrawal from round {from_round} would "
                    f"come before a round they are in; withdraw them from round {later} or later, or unpair "
                    f"round {later} first",
                    Remedy(RemedyAction.SEE_PAIRINGS, round=later),
                    Remedy(RemedyAction.UNPAIR, round=later),
                )

    def reenter(self, number: int, from_round: int | None, reason: str, reference: str = "") -> None:
        """Re-enter a withdrawn player. The state pairs a re-entered player from the next round to pair (it
        keeps no later start), so a re-entry from a later round is refused: it is recorded when that round
        is the next to pair (C.04.2 3.2: until then the player stays withdrawn, and is not paired)."""

        def change(tournament: Tournament) -> None:
            next_round = self.next_round()
            first = from_round or next_round
            if first > next_round:
                raise InvalidInput(
                    f"player {number} would be paired again from round {next_round}, the next to pair: a "
                    f"re-entry takes effect at once, so one from round {first} is recorded when round {first} "
                    f"is the next to pair (until then the player stays withdrawn)",
                    Remedy(RemedyAction.SEE_ROSTER),
                )
            tournament.reenter(number, first, self.actor, reason, reference)

        self._tournament_command(change)

    def request_bye(
        self, number: int, round_number: int | None, kind: ByeKind, reason: str = "", reference: str = ""
    ) -> int:
        """Record a bye for `number` in `round_number` (default: the next round to pair) and return the
        round. A round without a published pairing takes a request that its pairing honours; in a paired
        round a player on no board (a late entry, a forgotten request) is given the bye at once, with
        its points and a mandatory reason."""
        if kind is ByeKind.PAIRING_ALLOCATED:
            raise InvalidInput("the pairing-allocated bye is the engine's to give; request a full, half or zero bye")

        def command() -> int:
            tournament = self.tournament()
            target = round_number or self.last_paired_round() + 1
            if target <= tournament.last_round and self.round(target).is_paired:
                round_ = self.round(target)
                tournament.player(number)
                points = self.settings().scoring.for_bye(kind)
                round_.grant_bye(number, kind.value, points, self.actor, reason, reference)
            else:
                round_ = None
                tournament.request_bye(number, target, kind.value, self.actor, reason)
            self._check_bye(tournament, number, target, kind)
            self.save(tournament, round_)
            return target

        return self._attempt(command)

    def _check_bye(self, tournament: Tournament, number: int, round_number: int, kind: ByeKind) -> None:
        """The checklist's rules for a bye given or requested (docs/fide-mode.md, Q174-179): a full-point
        bye is deprecated for individuals (level 2, recorded); a player flagged `no_half_bye` takes no
        half-point bye; a half-point bye past the tournament's limit is a level 3 warning."""
        if kind is ByeKind.FULL_POINT and tournament.in_fide_mode:
            self.caution(tournament, cautions.full_point_bye(number, round_number))
        if kind is not ByeKind.HALF_POINT:
            return
        ground = tournament.player(number).get("no_half_bye", "")
        if ground:
            raise RuleViolation(
                f"player {number} may not take a half-point bye ({ground}; Q175); give a zero-point bye, or "
                "correct the player's no_half_bye detail if it is wrong"
            )
        limit = cautions.half_bye_limit(tournament.settings["options"], tournament.in_fide_mode)
        taken = len(self._half_byes(tournament, number) | {round_number})
        if limit is not None and taken > limit:
            self.caution(tournament, cautions.half_byes_over_limit(number, round_number, taken, limit))

    def _half_byes(self, tournament: Tournament, number: int) -> set[int]:
        """The rounds in which `number` has a half-point bye, requested or given."""
        half = ByeKind.HALF_POINT.value
        rounds = {int(r) for r, byes in tournament.byes.items() if byes.get(str(number)) == half}
        for round_number in range(1, tournament.last_round + 1):
            round_ = self.round(round_number)
            if round_.is_paired and any(b["number"] == number and b["kind"] == half for b in round_.byes):
                rounds.add(round_number)
        return rounds

    def cancel_bye(self, number: int, round_number: int | None, reason: str) -> int:
        """Withdraw `number`'s bye request for a round not yet paired (default: the next round)."""

        def command() -> int:
            tournament = self.tournament()
            target = round_number or self.last_paired_round() + 1
            if target <= tournament.last_round and self.round(target).is_paired:
                raise RoundNotReady(
                    f"round {target} is paired already; its byes change only with the pairing withdrawn first"
                )
            tournament.cancel_bye(number, target, self.actor, reason)
            self.save(tournament)
            return target

        return self._attempt(command)

    def renumber(self, rule: RankingRule, reason: str) -> list[int]:
        """Set the starting rank by `rule` before round 1 is paired; returns the players in pairing-number
        order. The FIDE Swiss systems number by C.04.2 Art. 2.2 by themselves until round 4 is paired
        (`projections.state.TournamentState.ranking`), unless the tournament keeps numbers as registered."""

        def command() -> list[int]:
            tournament = self.tournament()
            paired = self._numbers_changeable(tournament)
            settings = TournamentSettings.from_tournament(tournament)
            if numbered_by_rating(settings) and rule is not RankingRule.FIDE:
                raise RuleViolation(
                    f"{settings.system} numbers the players by C.04.2 Art. 2.2 (rating, title, name) by itself "
                    "until round 4 is paired; renumbering by the FIDE rule regenerates that order (undoing exchanges)"
                )
            order = tournament.renumber(rule, self.actor, reason)
            if paired:
                self.caution(tournament, cautions.numbers_regenerated(f"by {rule.description}", paired))
            self.save(tournament)
            return order

        return self._attempt(command)

    def _numbers_changeable(self, tournament: Tournament) -> int:
        """The last paired round, while pairing numbers may still change: C.04.2 Art. 2.3, "no modification
        of a TPN ... is allowed after the fourth round has been paired" (docs/fide-mode.md, Q147-154). That
        is the FIDE Swiss systems'; the other systems' numbers are set before round 1 (a round robin's are
        its places in the table, C.05 Annex 1; a bracket's its seeds)."""
        paired = self.last_paired_round()
        if paired and tournament.system not in FIDE_SWISS:
            raise RoundNotReady(
                f"round {paired} is paired: {tournament.system} keeps the pairing numbers set before round 1 "
                "(a round robin's are its places in the table)"
            )
        if paired > cautions.LAST_ROUND_FOR_NEW_NUMBERS:
            raise RuleViolation(
                f"round {paired} is paired: pairing numbers no longer change after round 4 is paired (C.04.2 Art. 2.3)"
            )
        return paired

    def exchange_numbers(self, first: int, second: int, reason: str, reference: str = "") -> None:
        """Exchange two players' pairing numbers (Q148-150): once round 1 is paired a level 3 warning and a
        pairing-integrity-breaching event; refused after round 4 is paired (C.04.2 Art. 2.3)."""

        def change(tournament: Tournament) -> None:
            paired = self._numbers_changeable(tournament)
            if paired:
                self.caution(tournament, cautions.numbers_exchanged(first, second, paired))
            tournament.exchange_numbers(first, second, self.actor, reason, reference)

        self._tournament_command(change)

    def forbid(self, first: int, second: int, reason: str) -> None:
        """Keep two players apart (Q194-195); once round 1 of a tournament created in FIDE mode is paired, a
        level 5 warning (Q196). Other events (backgammon, Scrabble, club chess) add them when they need to."""

        def change(tournament: Tournament) -> None:
            tournament.forbid(first, second, self.actor, reason)
            paired = self.last_paired_round()
            if paired:
                self._checklist_caution(tournament, cautions.prohibited_pair_after_start(first, second, paired))

        self._tournament_command(change)

    def enter_tiebreak_value(self, number: int, value: str, reason: str, reference: str = "") -> None:
        """Q207: the player's `EXT` tie-break value (C.07 Art. 3, a play-off's outcome; 4.1), from -MAX to
        MAX (`MAX_TIEBREAK_VALUE`), with a reason; a later entry replaces it."""
        amount = parse_decimal(value, "a tie-break value", -MAX_TIEBREAK_VALUE, MAX_TIEBREAK_VALUE)
        self._tournament_command(
            lambda tournament: tournament.enter_tiebreak_value(number, amount, self.actor, reason, reference)
        )

    def rank_tied(self, players: Sequence[int], reason: str, reference: str = "") -> None:
        """Q205: the arbiter's order, best first, of players equal on score and every tie-break before lots
        (C.07 4.2), refused with why when they are not; no players clears every order recorded."""

        def change(tournament: Tournament) -> None:
            tournament.rank_tied(list(players), self.actor, reason, reference)
            if players:
                untied = self._read_port().tied_before_lots(players)
                if untied:
                    raise RuleViolation(
                        f"players {', '.join(map(str, players))} are not tied: {untied}; "
                        "only players equal on score and every tie-break before lots are ranked by hand",
                        Remedy(RemedyAction.SEE_STANDINGS),
                    )

        self._tournament_command(change)

    def change_tiebreaks(self, codes: Sequence[str], reason: str, reference: str = "") -> None:
        """Replace the tie-break list; once round 1 is paired a level 4 warning, recorded with the round
        and the previous list (Q201-202)."""
        check_tiebreaks(tuple(codes))

        def change(tournament: Tournament) -> None:
            previous = list(tournament.settings["tiebreaks"])
            paired = self.last_paired_round()
            if paired:
                self.caution(tournament, cautions.tiebreaks_changed(previous, codes, paired))
            tournament.change_tiebreaks(list(codes), self.actor, reason, reference)

        self._tournament_command(change)

    def change_acceleration(self, method: str, points: str = "", reason: str = "", reference: str = "") -> None:
        """Set the acceleration (`pairing.fide.acceleration.METHODS`; `points` the explicit method's virtual
        points); once round 1 is paired a level 5 warning (Q109-110)."""
        check_options({"acceleration": method, "virtual_points": points})
        if method == "explicit" and not points:
            raise InvalidInput('the explicit method needs its virtual points, "player:round:points,..."')
        if points and method != "explicit":
            raise InvalidInput("virtual points are the explicit method's; the other methods compute their own")

        def change(tournament: Tournament) -> None:
            if method != "none" and tournament.system not in acceleration.SYSTEMS:
                raise InvalidInput(
                    f"the {tournament.system} engine applies no acceleration; "
                    f"{', '.join(sorted(acceleration.SYSTEMS))} do"
                )
            current = tournament.settings["options"]
            previous = current.get("acceleration", "")
            options = {"acceleration": "" if method == "none" else method}
            if points or "virtual_points" in current:
                options["virtual_points"] = points
            tournament.change_options(options, self.actor, reason, reference)
            paired = self.last_paired_round()
            if paired:
                self.caution(tournament, cautions.acceleration_changed(previous, method, paired))

        self._tournament_command(change)

    def override(self, subject: str, decision: str, reason: str, reference: str = "") -> None:
        self._tournament_command(lambda t: t.override(subject, decision, self.actor, reason, reference))

    def start_stage(
        self, system: str, rounds: int, qualifiers: Sequence[int], reason: str, options: Mapping[str, str] | None = None
    ) -> int:
        """Hand the qualifiers to a new stage with its own system (IBF 1.8); every round so far must be complete."""
        engine_for(system)

        def command() -> int:
            tournament = self.tournament()
            last = self.last_paired_round()
            if last and self.round(last).missing_results:
                raise RoundNotReady(f"round {last} still has results missing; the stage cannot end before them")
            if last != tournament.last_round:
                raise RoundNotReady(
                    f"round {tournament.last_round} was unpaired; pair it or roll back before a new stage"
                )
            stage_options = with_system_defaults(Game(tournament.game), system, options or {})
            stage = tournament.start_stage(system, rounds, list(qualifiers), stage_options, self.actor, reason)
            self.save(tournament)
            return stage

        return self._attempt(command)

    def leave_fide_mode(self, reason: str, reference: str = "") -> None:
        """Q43-45: leave FIDE mode after a two-step confirmation (level 4), for good; recorded with the last
        paired round, and written to the TRF as a `###` line (Q44)."""

        self._tournament_command(lambda tournament: self._leave_fide_mode(tournament, reason, reference))

    def _leave_fide_mode(self, tournament: Tournament, reason: str, reference: str) -> None:
        after = self.last_paired_round()
        if tournament.in_fide_mode:
            self.caution(tournament, cautions.leaving_fide_mode(after))
        tournament.leave_fide_mode(after, self.actor, reason, reference)

    def record_import(self, source: str) -> None:
        """Q56, Q112: record that the tournament was imported from `source` (a breach, level 2), with the
        rounds it brought."""
        self._tournament_command(
            lambda tournament: self._checklist_caution(tournament, cautions.imported(source, self.last_paired_round()))
        )

    def _checklist_caution(self, tournament: Tournament, *warnings: Caution | None) -> None:
        """Raise each of `warnings` through `caution` in a tournament created in FIDE mode; the checklist's
        warnings are not asked of a tournament that never was in it (another game's, or one made with
        --no-fide-mode)."""
        if tournament.created_in_fide_mode:
            for caution in warnings:
                if caution is not None:
                    self.caution(tournament, caution)

    def lodge_appeal(self, appellant: int, against: str, reason: str) -> int:
        return self._tournament_command(lambda t: t.lodge_appeal(appellant, against, self.actor, reason))

    def grant_key(self, key_fingerprint: str, public_key: str, role: str, reason: str) -> str:
        """The chief arbiter gives a key a role (`ledger.roles`); returns the key's fingerprint."""

        def change(tournament: Tournament) -> str:
            if not tournament.chief_key:
                raise NotAuthorised("this ledger was made without arbiter keys: there are no roles to grant")
            ring = KeyRing.of(tournament.chief_key, tournament.keys)
            granted = checked_grant(ring, key_fingerprint, public_key, role)
            tournament.grant_key(*granted, self.actor, reason)
            return granted[0]

        return self._tournament_command(change)

    def rule_appeal(self, appeal: int, votes: Mapping[str, bool], reason: str, reference: str = "") -> str:
        return self._tournament_command(lambda t: t.rule_appeal(appeal, dict(votes), self.actor, reason, reference))

    # --- rounds --------------------------------------------------------------------------------

    def last_paired_round(self) -> int:
        """The highest round with a published pairing (0 before round 1 or after a full rollback)."""
        number = self.tournament().last_round
        while number and not self.round(number).is_paired:
            number -= 1
        return number

    def next_round(self) -> int:
        """The round `pair` would pair: the one after the last round with a published pairing."""
        return self.last_paired_round() + 1

    def pair_next_round(
        self,
        manual: Sequence[tuple[int, int]] | None = None,
        force_reason: str = "",
        reason: str = "",
        reference: str = "",
        manual_byes: Sequence[tuple[int, ByeKind] | tuple[int, ByeKind, int]] = (),
        complete: bool = True,
        options: Mapping[str, str] | None = None,
    ) -> PublishedPairing:
        """Pair the next round with the tournament's engine, or publish a hand pairing (`manual`, with
        `manual_byes`; `complete=False` for an imported round that left players out). `options` are
        system options for this round only (tsh's "based on round", repeats allowed, ...); they are
        recorded with the pairing."""
        intended = self.next_round()

        def command() -> PublishedPairing:
            tournament = self.tournament()
            number = self.next_round()
            if number != intended:
                # A retry after a conflict: another desk paired (or unpaired) meanwhile. Pairing
                # the round after the one the arbiter meant would be a second, unasked-for pairing.
                raise ConcurrentChange(
                    f"round {intended} was paired or unpaired at another desk meanwhile; nothing was saved",
                    Remedy(RemedyAction.SEE_PAIRINGS, round=intended),
                )
            if number > tournament.rounds != ROUNDS_FROM_ENTRIES:
                raise RoundNotReady(f"all {tournament.rounds} rounds are paired; the tournament is complete")
            adjourned = self._over_missing_results(tournament, number, force_reason)
            if adjourned:
                self.save(*adjourned)  # first: the engine's input (read from the log) counts them as draws
            round_ = self._round_to_pair(tournament, number)
            if round_.hand is not None:
                raise RoundNotReady(f"round {number} is being paired by hand", *HAND_PAIRING_WAYS)
            request, position = self._pairing_input(number)
            if number == 1:
                self._fit_bracket_rounds(tournament, request)
            if options:
                self._check_round_options(tournament, options, number)
                request = evolve(request, options=tuple(sorted({**dict(request.options), **options}.items())))
            if manual is None:
                pairing = self._engine_pairing(tournament, request, position)
            else:
                outcome = manual_outcome(request, manual, manual_byes, complete)
                if complete and tournament.created_in_fide_mode:
                    self._checklist_caution(tournament, *outcome_cautions(request, outcome))
                    self._compare_with_engine(tournament, request, outcome, number)
                pairing = pairing_payload(request, outcome, position, "manual", "", "arbiter's hand pairing")
            round_.publish(pairing, self.actor, reason or force_reason, reference)
            self.save(tournament, round_)
            return published(round_)

        return self._attempt(command)

    def _check_round_options(self, tournament: Tournament, options: Mapping[str, str], number: int) -> None:
        """Q109-110: the acceleration is the tournament's, set before round 1 (`change_acceleration`); a
        round's own options that would change it are a level 5 warning."""
        current = tournament.settings["options"]
        if any(options[key] != current.get(key, "") for key in ("acceleration", "virtual_points") if key in options):
            method = options.get("acceleration", current.get("acceleration", ""))
            self.caution(tournament, cautions.acceleration_changed(current.get("acceleration", ""), method, number - 1))

    def change_rounds(self, rounds: int, reason: str, reference: str = "") -> None:
        """Set the number of rounds (an event extended, an elimination's count corrected before round 1).
        Once round 1 is paired the change is a Configuration breach (Q112, a level 3 warning, Q115): the
        engines pair the last rounds by their own criteria (C.04.3 C.9)."""

        require_reason(reason)

        def change(tournament: Tournament) -> None:
            tournament.check_rounds(rounds)
            what = f"change the rounds from {tournament.rounds} to {rounds}"
            self._checklist_caution(tournament, cautions.configuration_change(self.last_paired_round(), what))
            tournament.change_rounds(rounds, self.actor, reason)

        self._tournament_command(change)

    def _fit_bracket_rounds(self, tournament: Tournament, request: PairingInput) -> None:
        """IBF 3.1.3: a bracket of N entrants takes the rounds its size needs. A bracket created without a
        round count gets it now, recorded with the first pairing; a wrong count is refused with the one
        needed (a 16-player double elimination of 5 rounds used to end with matches pending)."""
        if request.system not in bracket_systems():
            return
        entrants = sum(1 for p in request.players if p.status is PlayerStatus.ACTIVE)
        from pairing.ibf.brackets import rounds_for  # here: loaded by the commands that pair a bracket

        needed = rounds_for(request.system, entrants, dict(request.options))
        if tournament.rounds == ROUNDS_FROM_ENTRIES:
            tournament.change_rounds(needed, self.actor, f"{request.system} of {entrants} entrants (IBF 3.1.3)")
        elif tournament.rounds != needed:
            raise RuleViolation(
                f"a {request.system} of {entrants} entrants takes {needed} rounds, not the {tournament.rounds} the "
                f"tournament was created with: set {needed} rounds (with a reason) before pairing"
            )

    def _over_missing_results(self, tournament: Tournament, number: int, force_reason: str) -> list[Round]:
        """Pairing round `number` while round `number - 1` has games without a result: refused unless the
        arbiter forces it with a reason; a chess game is then adjourned, counted as a draw for pairing (C.04.2
        3.1; Q159-160: a level 2 warning names the boards). Games adjourned before stay so without a warning,
        but one left from a round before the last completed one is a level 2 warning (Q168). Returns the
        round whose games it adjourned, to be saved before the engine's input is read."""
        if number == 1:
            return []
        previous = self.round(number - 1)
        missing = previous.missing_not_adjourned
        chess = tournament.game == Game.CHESS.value
        if missing and not force_reason.strip():
            boards = ", ".join(map(str, missing))
            raise RoundNotReady(
                f"round {number - 1} still has no result on board(s) {boards}"
                + (" (pairing anyway adjourns them, counted as draws for pairing)" if chess else ""),
                Remedy(RemedyAction.ENTER_RESULT, round=number - 1),
                Remedy(RemedyAction.PAIR_ANYWAY),
            )
        for earlier in range(1, number - 1):
            pending = self.round(earlier).adjourned_pending
            if pending and chess:
                self._checklist_caution(tournament, cautions.adjourned_before(earlier, pending))
        if not (missing and chess):
            return []
        for board in missing:
            previous.adjourn(board, self.actor, force_reason)
        self._checklist_caution(tournament, cautions.adjourned_at_pairing(number - 1, missing))
        return [previous]

    def _compare_with_engine(
        self, tournament: Tournament, request: PairingInput, outcome: PairingOutcome, number: int
    ) -> None:
        """Q68-69: the hand pairing beside the engine's pairing of the same round from the same input; a
        difference is a level 4 warning, recorded as an MPA."""
        caution = self.engine_pairings.compare(tournament.system, request, outcome).caution(number)
        if caution is not None:
            self.caution(tournament, caution)

    # --- pairing by hand (Q64-69) --------------------------------------------------------------

    def start_hand_pairing(self, round_number: int | None = None, reason: str = "") -> int:
        """Q65: begin pairing the next round by hand, or the last paired round again (its pairing, without
        results yet, is withdrawn with `reason` and becomes the draft). Returns the round."""

        def command() -> int:
            tournament = self.tournament()
            last = self.last_paired_round()
            number = round_number or last + 1
            if number == last and last:
                round_ = self.round(number)
            elif number == last + 1:
                if number > tournament.rounds != ROUNDS_FROM_ENTRIES:
                    raise RoundNotReady(f"all {tournament.rounds} rounds are paired; the tournament is complete")
                if number > 1 and self.round(number - 1).missing_not_adjourned:
                    raise RoundNotReady(
                        f"round {number - 1} still has games without a result",
                        Remedy(RemedyAction.ENTER_RESULT, round=number - 1),
                        Remedy(RemedyAction.ADJOURN, round=number - 1),
                    )
                round_ = self._round_to_pair(tournament, number)
            else:
                raise RoundNotReady(
                    f"round {number} cannot be paired by hand: the next round is {last + 1}, the last paired {last}"
                )
            round_.start_hand_pairing(self.actor, reason)
            self.save(tournament, round_)
            return number

        return self._attempt(command)

    def hand_draft(self) -> tuple[int, dict[str, Any] | None]:
        """The next round and its hand pairing so far: {"boards": [[White, Black], ...], "byes": [n]}, or None
        when it is not being paired by hand."""
        number = self.next_round()
        if number > self.tournament().last_round:
            return number, None
        return number, self.round(number).hand

    def hand_comparison(self) -> tuple[int, PairingInput, Comparison] | None:
        """Q68: the hand pairing so far beside the engine's pairing of the same round from the same input
        (what `end_hand_pairing` compares), with that input; None while no round is being paired by hand.
        A read: nothing is appended."""
        number, draft = self.hand_draft()
        if draft is None:
            return None
        request, _ = self._pairing_input(number)
        bye = request.scoring.pairing_allocated_bye
        so_far = PairingOutcome(
            boards=tuple(Board(first, second) for first, second in draft["boards"]),
            byes=tuple(Bye(n, ByeKind.PAIRING_ALLOCATED, bye) for n in draft["byes"]),
        )
        return number, request, self.engine_pairings.compare(self.tournament().system, request, so_far)

    def _hand_command(self, change: Callable[[Tournament, Round, PairingInput, int], T]) -> T:
        """A step of the hand pairing of the next round, with the engines' input for that round."""

        def command() -> T:
            tournament = self.tournament()
            number = self.next_round()
            round_ = self.round(number) if number <= tournament.last_round else None
            if round_ is None or round_.hand is None:
                raise RoundNotReady("no round is being paired by hand", Remedy(RemedyAction.START_HAND_PAIRING))
            request, position = self._pairing_input(number)
            outcome = change(tournament, round_, request, position)
            self.save(tournament, round_)
            return outcome

        return self._attempt(command)

    def hand_pair(self, first: int, second: int) -> int:
        """Add the board `first` (White) against `second` to the hand pairing; in FIDE mode with the warnings
        of Q66-67. Returns the round."""

        def change(tournament: Tournament, round_: Round, request: PairingInput, _: int) -> int:
            for number in (first, second):
                seatable(request, number)
            self._checklist_caution(tournament, *board_cautions(request, Board(first, second)))
            round_.hand_pair(first, second, self.actor)
            return round_.number

        return self._hand_command(change)

    def hand_bye(self, number: int) -> int:
        """Give `number` the pairing-allocated bye of the hand pairing (Q66 warns of an ineligible player)."""

        def change(tournament: Tournament, round_: Round, request: PairingInput, _: int) -> int:
            seatable(request, number)
            self._checklist_caution(tournament, *bye_cautions(request, number))
            round_.hand_bye(number, self.actor)
            return round_.number

        return self._hand_command(change)

    def hand_unseat(self, number: int) -> int:
        """Take `number`'s board (both players) or bye out of the hand pairing."""

        def change(_: Tournament, round_: Round, _request: PairingInput, _position: int) -> int:
            round_.hand_unseat(number, self.actor)
            return round_.number

        return self._hand_command(change)

    def cancel_hand_pairing(self, reason: str) -> int:
        """Give the hand pairing up; the round stays unpaired."""

        def change(_: Tournament, round_: Round, _request: PairingInput, _position: int) -> int:
            round_.cancel_hand_pairing(self.actor, reason)
            return round_.number

        return self._hand_command(change)

    def end_hand_pairing(self, reason: str = "") -> PublishedPairing:
        """Q68-69: publish the hand pairing (every player to be paired on a board, at most one left for the
        pairing-allocated bye), compared with the engine's pairing in FIDE mode."""

        def change(tournament: Tournament, round_: Round, request: PairingInput, position: int) -> PublishedPairing:
            draft = round_.hand or {"boards": [], "byes": []}
            if round_.number == 1:
                self._fit_bracket_rounds(tournament, request)
            pairs = [(first, second) for first, second in draft["boards"]]
            outcome = manual_outcome(request, pairs, [(n, ByeKind.PAIRING_ALLOCATED) for n in draft["byes"]])
            if tournament.created_in_fide_mode:
                for bye in pab(outcome):
                    if bye.player not in draft["byes"]:
                        self._checklist_caution(tournament, *bye_cautions(request, bye.player))
                self._compare_with_engine(tournament, request, outcome, round_.number)
            pairing = pairing_payload(request, outcome, position, "manual", "", "arbiter's hand pairing")
            round_.publish(pairing, self.actor, reason or "the hand pairing ended", "")
            return published(round_)

        return self._hand_command(change)

    def adjourn(self, round_number: int, board: int, reason: str) -> None:
        """Q157: adjourn a chess game; it counts as a draw for pairing until its result is entered (C.04.2 3.1)."""
        if self.result_rules().game is not Game.CHESS:
            raise InvalidInput("only a chess game is adjourned (it counts as a draw for pairing)")
        self._round_command(round_number, lambda r: r.adjourn(board, self.actor, reason))

    def _round_to_pair(self, tournament: Tournament, number: int) -> Round:
        if number <= tournament.last_round:
            return self.round(number)
        tournament.open_round(number, self.actor)
        return Round(tournament_id=tournament.id, round=number, actor=self.actor)

    def _read_port(self) -> ReadPort:
        if self.read_port is None:
            raise RuntimeError("the ledger was opened without a read port; open it with tui.wiring.open_ledger")
        return self.read_port

    def _pairing_input(self, number: int) -> tuple[PairingInput, int]:
        return self._read_port().pairing_input(number)

    def _engine_pairing(self, tournament: Tournament, request: PairingInput, position: int) -> dict[str, Any]:
        engine = engine_for(tournament.system)
        try:
            outcome = engine.pair(request)
        except NoValidPairing as refusal:
            raise RuleViolation(
                f"{engine.name} cannot pair round {request.round}: {refusal}. Change the entries (withdrawals, "
                "byes, forbidden pairs)",
                Remedy(RemedyAction.PAIR_BY_HAND),
            ) from refusal
        return pairing_payload(request, outcome, position, engine.name, engine.version, engine.rules_edition)

    def unpair(self, round_number: int, reason: str, reference: str = "") -> None:
        """Withdraw a round's published pairing (a compensating event; the round can be paired again)."""

        def command() -> None:
            last = self.last_paired_round()
            if round_number > last:
                raise RoundNotReady(f"round {round_number} is not paired; the last paired round is {last}")
            if round_number < last:
                raise RoundNotReady(
                    f"only the last paired round ({last}) can be unpaired; unpair the rounds after {round_number} "
                    "first",
                    Remedy(RemedyAction.ROLL_BACK, round=round_number - 1),
                )
            if last < self.tournament().last_round and self.round(last + 1).hand is not None:
                raise RoundNotReady(f"round {last + 1} is being paired by hand", *HAND_PAIRING_WAYS)
            round_ = self.round(round_number)
            round_.withdraw_pairing(self.actor, reason, reference)
            self.save(round_)

        self._attempt(command)

    def repair_round(self, round_number: int, reason: str, reference: str = "") -> PublishedPairing:
        """A repeat computer pairing of the last round (IBF 3.8), after a data error or a decision of
        the chief arbiter: its pairing is withdrawn and the engine's new one published, in one
        transaction. Refused once play has started (a result is recorded in the round)."""

        def command() -> PublishedPairing:
            tournament = self.tournament()
            last = self.last_paired_round()
            if round_number != last:
                raise RoundNotReady(f"only the last paired round ({last}) can be paired again")
            round_ = self.round(round_number)
            if round_.results:
                raise RoundNotReady(
                    f"play has started in round {round_number} ({len(round_.results)} results recorded); "
                    "its pairing stays: a repeat pairing replaces a round's pairing only before play starts"
                )
            request, position = self._pairing_input(round_number)
            pairing = self._engine_pairing(tournament, request, position)
            round_.withdraw_pairing(self.actor, reason, reference)
            round_.publish(pairing, self.actor, reason, reference)
            self.save(round_)
            return published(round_)

        return self._attempt(command)

    def rollback(self, to_round: int, reason: str, reference: str = "") -> list[int]:
        """Take the tournament back to the end of `to_round`: withdraw the pairings of every later
        round, last first, in one transaction (compensating events; the log keeps everything)."""

        def command() -> list[int]:
            last = self.last_paired_round()
            if not 0 <= to_round < last:
                raise RoundNotReady(f"rounds 1..{last} are paired; roll back to a round from 0 to {last - 1}")
            withdrawn = [self.round(number) for number in range(last, to_round, -1)]
            for round_ in withdrawn:
                if round_.is_paired:
                    round_.withdraw_pairing(self.actor, reason, reference)
            self.save(*withdrawn)
            return [round_.number for round_ in withdrawn]

        return self._attempt(command)

    def _round_command(self, round_number: int, change: Callable[[Round], None]) -> None:
        def command() -> None:
            round_ = self.round(round_number)
            change(round_)
            self.save(round_)

        self._attempt(command)

    def result_rules(self) -> ResultRules:
        return self.settings().result_rules

    def record_result(self, round_number: int, board: int, text: str) -> str:
        """Enter a board's result. Q163: a result other than a draw for an adjourned game (counted as a
        draw for pairing since) is a level 3 warning, recorded as an adjournment breach (`### Adjournment`)."""
        result = self.result_rules().parse(text)

        def command() -> None:
            round_ = self.round(round_number)
            if board in round_.adjourned_pending and result.first is not Outcome.DRAW:
                tournament = self.tournament()
                self._checklist_caution(tournament, cautions.adjourned_result(round_number, board, result.code))
                round_.record_result(board, result.code, self.actor)
                self.save(tournament, round_)
                return
            round_.record_result(board, result.code, self.actor)
            self.save(round_)

        self._attempt(command)
        return result.code

    def record_results(self, round_number: int, results: Sequence[tuple[int, str]]) -> list[str]:
        """`record_result` for many boards of one round, as one change of the round: the rules are read
        and the round loaded once (an import records thousands of results)."""
        if not results:
            return []
        rules = self.result_rules()
        codes: list[str] = []

        def record(round_: Round) -> None:
            codes.clear()
            for board, text in results:  # each checked in turn, as one by one
                codes.append(rules.parse(text).code)
                round_.record_result(board, codes[-1], self.actor)

        self._round_command(round_number, record)
        return codes

    def correct_result(
        self,
        round_number: int,
        board: int,
        text: str,
        reason: str,
        reference: str = "",
        appeal: int | None = None,
        leave_fide_mode: bool = False,
    ) -> str:
        """Correct a result. `appeal`: the upheld appeal that orders it (needed once the round is sealed);
        the correction's reference then names it. In a tournament created in FIDE mode a correction of the
        previous round is a Correction breach (Q190) and one of an earlier round is refused (Q189) unless
        the tournament leaves FIDE mode in the same command (`leave_fide_mode`, Q43's level 4 warning)."""
        result = self.result_rules().parse(text)
        if appeal is not None:
            self._require_upheld(appeal)
            reference = f"appeal {appeal}" + (f"; {reference}" if reference else "")

        def change(round_: Round) -> None:
            round_.correct_result(board, result.code, self.actor, reason, reference, upheld_appeal=appeal is not None)

        what = f"correct round {round_number} board {board} to {result.code}"
        self._result_change(round_number, what, change, reason, reference, leave_fide_mode)
        return result.code

    def _result_change(
        self,
        round_number: int,
        what: str,
        change: Callable[[Round], None],
        reason: str,
        reference: str = "",
        leave_fide_mode: bool = False,
    ) -> None:
        """Change a recorded result of `round_number` (checked by the round first), warned of as the
        checklist asks (`ledger.fide_mode.result_change`); the warning is recorded before the change."""

        def command() -> None:
            tournament, round_ = self.tournament(), self.round(round_number)
            change(round_)
            if leave_fide_mode:
                self._leave_fide_mode(tournament, reason, reference)
            self._checklist_caution(tournament, cautions.result_change(round_number, self.last_paired_round(), what))
            self.save(tournament, round_)

        self._attempt(command)

    def warns_of_result_change(self, round_number: int, leave_fide_mode: bool = False) -> bool:
        """Whether changing a recorded result of `round_number` meets a checklist warning (`_result_change`:
        Q43 when it leaves FIDE mode, Q189-191), so that a front end showing its own preview of the change
        lets that warning be the one question asked."""
        tournament = self.tournament()
        if leave_fide_mode and tournament.in_fide_mode:
            return True
        last = self.last_paired_round()
        return tournament.created_in_fide_mode and cautions.result_change(round_number, last, "") is not None

    def correct_for_rating(self, round_number: int, board: int, text: str, reason: str, reference: str = "") -> str:
        """Q192: a correction that applies to the rating report only, for any paired round: the round's
        result, which pairs and ranks, stays; the TRF export lists it as a `###` line (Q193)."""
        result = self.result_rules().parse(text)

        def change(tournament: Tournament) -> None:
            round_ = self.round(round_number)
            pair = round_.board(board)
            recorded = round_.results.get(str(board))
            if recorded is None:
                raise NoResultToCorrect(
                    f"round {round_number} board {board} has no result yet",
                    Remedy(RemedyAction.ENTER_RESULT, round=round_number, board=board),
                )
            tournament.correct_for_rating(
                round_number, board, pair, recorded, result.code, self.actor, reason, reference
            )

        self._tournament_command(change)
        return result.code

    def _require_upheld(self, appeal: int) -> None:
        ruled = self.tournament().appeals.get(str(appeal))
        if ruled is None:
            raise InvalidInput(f"there is no appeal {appeal}", Remedy(RemedyAction.SEE_APPEALS))
        if ruled["outcome"] != "upheld":
            raise RuleViolation(
                f"appeal {appeal} is {ruled['outcome'] or 'not yet ruled'}; only an upheld appeal changes a ruling "
                "(rules guide 6.5)"
            )

    def void_result(self, round_number: int, board: int, reason: str, reference: str = "") -> None:
        """Void a recorded result; warned of as a correction (`_result_change`)."""
        what = f"void the result of round {round_number} board {board}"
        self._result_change(round_number, what, lambda r: r.void_result(board, self.actor, reason, reference), reason)

    # --- undoing a breach ------------------------------------------------------------------------

    def undo_breach(self, position: int, reason: str, reference: str = "") -> str:
        """Q114: restore the state before the pairing-integrity-breaching event recorded at `position` (its
        `CautionConfirmed`) by appending the compensating change (the result as it was, the rounds as they
        were, the hand pairing withdrawn, the pairing numbers of before, ...), itself warned of and recorded
        as the change it compensates is, as the undo of that breach (`Caution.undoes`). Nothing is edited or
        deleted. Returns what was done, in words."""
        why = f"undo of the breach at position {position}: {require_reason(reason)}"
        kind, caution, change = self._breach_at(position)
        with self._undoing(position, kind):
            match kind, change:
                case Breach.MANUAL_PAIRING, _:
                    return self._undo_hand_pairing(position, caution.round, why, reference)
                case Breach.ADJOURNMENT, Round.ResultRecorded():
                    return self._undo_adjourned_result(position, change, why)
                case Breach.RENUMBERING, Tournament.PlayersRenumbered():
                    return self._undo_renumbering(position, why)
                case Breach.RENUMBERING, Tournament.PlayerDetailsCorrected():
                    return self._undo_reordering_correction(position, change, why, reference)
                case Breach.CORRECTION, Round.ResultCorrected() | Round.ResultVoided():
                    return self._undo_result_change(position, change, why, reference)
                case Breach.CONFIGURATION, Tournament.RoundsChanged(rounds=rounds):
                    before = self.repository.get(self.tournament_id, version=change.originator_version - 1).rounds
                    if self.tournament().rounds != rounds:
                        raise RuleViolation(
                            f"the rounds were changed again after position {position + 1}; set the number of "
                            "rounds itself, with a reason",
                            Remedy(RemedyAction.SEE_LOG),
                        )
                    self.change_rounds(before, why, reference)
                    return f"the tournament has {before} rounds again"
                case Breach.NUMBER_EXCHANGE, Tournament.PairingNumbersExchanged(first=first, second=second):
                    self._require_no_numbering_after(position + 1)
                    self.exchange_numbers(first, second, why, reference)  # an exchange is its own inverse
                    return f"players {first} and {second} have their pairing numbers of before again"
                case Breach.TIEBREAKS_CHANGED, Tournament.TiebreaksChanged(tiebreaks=tiebreaks, previous=previous):
                    if list(self.tournament().settings["tiebreaks"]) != list(tiebreaks):
                        raise RuleViolation(
                            f"the tie-break list was changed again after position {position + 1}",
                            Remedy(RemedyAction.SEE_LOG),
                        )
                    self.change_tiebreaks(previous, why, reference)
                    return f"the tie-break list is {', '.join(previous)} again"
        raise RuleViolation(
            f"a {kind.value} breach is not undone here (docs/fide-mode.md, Q114 lists the kinds that are); the command "
            "that made it takes it back"
        )

    def _undo_result_change(self, position: int, change: Any, why: str, reference: str) -> str:
        """A Correction (Q190): the result as it was before the correction or the void."""
        number, board, previous = self._round_number(change.originator_id), change.board, change.previous
        if isinstance(change, Round.ResultCorrected):
            self._require_unchanged(number, board, change, change.result, position)
            what = f"undo the breach at position {position}: correct round {number} board {board} back to {previous}"
            self._result_change(
                number, what, lambda r: r.correct_result(board, previous, self.actor, why, reference), why
            )
        else:
            self._require_unchanged(number, board, change, None, position)
            what = f"undo the breach at position {position}: record round {number} board {board} as {previous} again"
            self._result_change(number, what, lambda r: r.record_result(board, previous, self.actor), why)
        return f"round {number} board {board} is {previous} again"

    def _undo_adjourned_result(self, position: int, change: Round.ResultRecorded, why: str) -> str:
        """An Adjournment (Q163): the non-draw result of an adjourned game voided, so that the game is adjourned
        without a result again and counts as a draw for pairing, as before (C.04.2 3.1)."""
        number, board = self._round_number(change.originator_id), change.board
        self._require_unchanged(number, board, change, change.result, position)

        def command() -> str:
            tournament, round_ = self.tournament(), self.round(number)
            self.caution(tournament, cautions.adjourned_result_undone(position, number, board, change.result))
            round_.void_result(board, self.actor, why, "")
            self.save(tournament, round_)
            return f"round {number} board {board} is adjourned without a result again, a draw for pairing"

        return self._attempt(command)

    def _undo_hand_pairing(self, position: int, round_number: int, why: str, reference: str) -> str:
        """An MPA (Q69): the hand pairing withdrawn; when it replaced a published pairing (`start ROUND` on
        the last paired round), that pairing is published again. Refused once a later round is paired, the
        round was paired again since, or play has started in it."""
        published_at, replaced = self._hand_pairing_at(position, round_number)

        def command() -> str:
            tournament, round_ = self.tournament(), self.round(round_number)
            if self.last_paired_round() != round_number or round_.revision != published_at:
                raise RuleViolation(
                    f"round {round_number} was paired again or unpaired after the breach at position {position}, "
                    "or a later round is paired",
                    Remedy(RemedyAction.SEE_LOG),
                )
            if round_.results:
                raise RoundNotReady(
                    f"play has started in round {round_number} ({len(round_.results)} results recorded); its hand "
                    "pairing stays"
                )
            if round_number < tournament.last_round and self.round(round_number + 1).hand is not None:
                raise RoundNotReady(f"round {round_number + 1} is being paired by hand", *HAND_PAIRING_WAYS)
            self.caution(tournament, cautions.hand_pairing_undone(position, round_number, replaced is not None))
            round_.withdraw_pairing(self.actor, why, reference)
            if replaced is not None:
                round_.publish(replaced, self.actor, why, reference)
            self.save(tournament, round_)
            if replaced is None:
                return f"round {round_number} is not paired, as before its hand pairing"
            return f"round {round_number} has the pairing it had before its hand pairing"

        return self._attempt(command)

    def _hand_pairing_at(self, position: int, round_number: int) -> tuple[int, dict[str, Any] | None]:
        """The revision of round `round_number` that the hand pairing warned of at `position` published, and
        the pairing it replaced (a `Round.Paired` payload), None when the round was not paired before it."""
        stream = round_id(self.tournament_id, round_number)
        pairings: list[Round.Paired] = []
        replaced: Round.Paired | None = None
        for at, event in self.log_events(start=1):
            if event.originator_id != stream:
                continue
            if isinstance(event, Round.Paired):
                if at > position:
                    return event.revision, None if replaced is None else paired_payload(replaced)
                pairings.append(event)
            elif isinstance(event, Round.HandPairingStarted) and at < position:
                replaced = pairings[-1] if event.boards or event.byes else None
        raise RuleViolation(f"the hand pairing warned of at position {position} was never published")

    def _undo_renumbering(self, position: int, why: str) -> str:
        """A TPN regeneration by `renumber` (Q148-154): the numbering of before restored, that is the order
        and rule of the renumbering before it (if any) and the exchanges made since that one, in order."""
        self._require_no_numbering_after(position)
        numbering: Tournament.PlayersRenumbered | None = None
        exchanges: list[tuple[int, int]] = []
        for _, event in self.log_events(stop=position - 2):
            if isinstance(event, Tournament.PlayersRenumbered):
                numbering, exchanges = event, []
            elif isinstance(event, Tournament.PairingNumbersExchanged):
                exchanges.append((event.first, event.second))

        def change(tournament: Tournament) -> None:
            settings = TournamentSettings.from_tournament(tournament)
            paired = self._numbers_changeable(tournament)
            if numbering is None and not numbered_by_rating(settings):
                raise _first_numbering_kept(settings)
            self.caution(tournament, cautions.numbers_regenerated(f"undo of the breach at position {position}", paired))
            if numbering is not None:
                tournament.restore_numbering(list(numbering.order), numbering.rule, self.actor, why)
            for first, second in exchanges:
                tournament.exchange_numbers(first, second, self.actor, why, "")

        self._tournament_command(change)
        return "the players have the pairing numbers of before the renumbering again"

    def _undo_reordering_correction(
        self, position: int, change: Tournament.PlayerDetailsCorrected, why: str, reference: str
    ) -> str:
        """A TPN regeneration by a correction of a player's rating, title or name (Q151-154): the details
        as they were, which gives the order of before again."""
        number = change.number
        before = self.repository.get(self.tournament_id, version=change.originator_version - 1).players[str(number)]
        now = self.tournament().player(number)
        if any(now.get(key) != value for key, value in change.changes.items()):
            raise RuleViolation(
                f"player {number}'s details were corrected again after the breach at position {position}",
                Remedy(RemedyAction.SEE_LOG),
            )
        self._numbers_changeable(self.tournament())
        previous = {key: before.get(key, type(value)()) for key, value in change.changes.items()}
        self.correct_player(number, previous, why, reference)
        return f"player {number}'s details and the pairing numbers are those of before again"

    def _require_no_numbering_after(self, position: int) -> None:
        """Refuse to undo a change of pairing numbers once the numbers changed again after it."""
        renumbering = (Tournament.PairingNumbersExchanged, Tournament.PlayersRenumbered)
        if any(isinstance(event, renumbering) for _, event in self.log_events(start=position + 1)):
            raise RuleViolation(
                f"the pairing numbers were changed again after position {position}", Remedy(RemedyAction.SEE_LOG)
            )

    def _breach_at(self, position: int) -> tuple[Breach, Caution, Any]:
        """The kind and warning of the breach recorded at `position`, and the change it warned of: the next
        event, but for a regeneration of the pairing numbers the event before it (whether a correction
        moves the numbers is known only once it is made)."""
        events = dict(self.log_events(start=max(position - 1, 1), stop=position + 1))
        recorded = events.get(position)
        if not isinstance(recorded, Tournament.CautionConfirmed) or not recorded.caution["breach"]:
            raise InvalidInput(
                f"log position {position} is not a pairing-integrity-breaching event; the log shows each with its "
                "kind (e.g. 'Correction:') and position",
                Remedy(RemedyAction.SEE_LOG),
            )
        caution = Caution.from_event(recorded.caution)
        kind = Breach(recorded.caution["breach"])
        if caution.undoes:
            raise RuleViolation(
                f"log position {position} is the undo of the breach at position {caution.undoes}; that breach is "
                "made again by its own command"
            )
        return kind, caution, events.get(position - 1 if kind is Breach.RENUMBERING else position + 1)

    def _require_unchanged(self, number: int, board: int, change: Any, result: str | None, position: int) -> None:
        """Refuse an undo when the board changed again after the breach (a second undo, a later correction,
        a new pairing): its state before the breach is no longer one step away."""
        round_ = self.round(number)
        same_board = round_.is_paired and round_.boards[board - 1 : board] == [[change.first, change.second]]
        if not same_board or round_.results.get(str(board)) != result:
            raise RuleViolation(
                f"round {number} board {board} changed after the breach at position {position} (undone already, "
                "corrected again or paired anew)",
                Remedy(RemedyAction.CORRECT_RESULT, round=number, board=board),
            )

    def seal_round(self, round_number: int) -> str:
        """Seal a complete round with the chain head as it stands; returns the head (hex)."""

        def command() -> str:
            round_ = self.round(round_number)
            report = self.verify()
            if not report.ok:
                raise RuleViolation(
                    f"the ledger fails verification at position {report.first_bad_position}; it cannot be sealed"
                )
            round_.seal(report.head, self.position(), self.actor)
            self.save(round_)
            return report.head

        return self._attempt(command)


def unsourced(player: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """`changes`, and when they set a rating that came from a rating list without naming a new source, the
    player's sources without it: a rating corrected by hand no longer comes from the list (Q134)."""
    sources = player.get("source_lists", {})
    stale = [detail for detail in changes if detail in sources] if "source_lists" not in changes else []
    if not stale:
        return dict(changes)
    return {**changes, "source_lists": {k: v for k, v in sources.items() if k not in stale}}


def _first_numbering_kept(settings: TournamentSettings) -> RuleViolation:
    """Why the undo of a tournament's first renumbering is refused where the numbers before it were not a
    rule's: the registration numbers, or an imported file's order (`ledger.settings.ORDERED_RANKINGS`)."""
    if settings.options.get("ranking") in ORDERED_RANKINGS:
        return RuleViolation(
            "the players had the imported file's pairing numbers before this renumbering, which no rule gives "
            "back; exchange pairing numbers two by two to restore them, with a reason",
            Remedy(RemedyAction.SEE_ROSTER),
        )
    return RuleViolation(
        "the players had their registration numbers before this renumbering; renumber them by the rule wanted, "
        "with a reason"
    )


def fide_order(tournament: Tournament) -> list[int]:
    """The players in C.04.2 Art. 2.2 order, as the tournament's details stand."""
    players = {int(n): p for n, p in tournament.players.items()}
    return starting_order(players, RankingRule.FIDE, tournament.settings["seed"])


HAND_PAIRING_WAYS = (Remedy(RemedyAction.END_HAND_PAIRING), Remedy(RemedyAction.CANCEL_HAND_PAIRING))
"""The ways out of a refusal while a round is being paired by hand."""


def published(round_: Round) -> PublishedPairing:
    return PublishedPairing(
        round=round_.number,
        revision=round_.revision,
        boards=tuple(Board(first, second) for first, second in round_.boards),
        byes=tuple(Bye(b["number"], ByeKind(b["kind"]), b["points"]) for b in round_.byes),
    )


def requested_byes(request: PairingInput) -> list[Bye]:
    """Players absent by request get their bye as requested (C.04.1: they are not paired)."""
    byes = []
    for player in request.players:
        if player.status is PlayerStatus.ABSENT and player.requested_bye is not None:
            kind = player.requested_bye
            byes.append(Bye(player.number, kind, request.scoring.for_bye(kind)))
    return byes


def pairing_payload(
    request: PairingInput, outcome: PairingOutcome, position: int, engine: str, version: str, edition: str
) -> dict[str, Any]:
    """The `Round.Paired` payload: the outcome plus what it takes to reproduce it. A requested bye
    the engine already placed (some systems record the absent themselves) is not listed twice, nor one of a
    player the engine seated: a round robin's table is fixed, so an absent player stays on their board and
    the game is played or forfeited (`pairing.round_robin`, "players keep their table numbers")."""
    placed = {bye.player for bye in outcome.byes} | {n for board in outcome.boards for n in (board.first, board.second)}
    byes = [*outcome.byes, *(bye for bye in requested_byes(request) if bye.player not in placed)]
    return {
        "boards": [[b.first, b.second] for b in outcome.boards],
        "byes": [
            {"number": b.player, "kind": b.kind.value, "points": b.points}
            | ({"spread": b.spread} if b.spread is not None else {})
            for b in byes
        ],
        "engine": engine,
        "engine_version": version,
        "rules_edition": edition,
        "options": dict(request.options),
        "seed": request.seed,
        "input_digest": input_digest(request),
        "input_position": position,
        "explanation": [[d.article, d.text, d.satisfied] for d in outcome.explanation],
    }


PAIRING_PAYLOAD = (
    "boards",
    "byes",
    "engine",
    "engine_version",
    "rules_edition",
    "options",
    "seed",
    "input_digest",
    "input_position",
    "explanation",
)
"""The fields of a `Round.Paired` event that `pairing_payload` gives `Round.publish`."""


def paired_payload(paired: Round.Paired) -> dict[str, Any]:
    """A recorded pairing as `Round.publish` takes it, to publish it again (the undo of an MPA, Q114)."""
    return {key: getattr(paired, key) for key in PAIRING_PAYLOAD}


def seatable(request: PairingInput, number: int) -> None:
    """Refuse a player a hand pairing cannot seat: not registered, withdrawn, or on a requested bye."""
    player = request.by_number.get(number)
    if player is None:
        raise InvalidInput(f"player {number} is not registered")
    if player.status is not PlayerStatus.ACTIVE:
        raise InvalidInput(f"player {number} is not to be paired this round (withdrawn or on a requested bye)")


def manual_outcome(
    request: PairingInput,
    pairs: Sequence[tuple[int, int]],
    byes: Sequence[tuple[int, ByeKind] | tuple[int, ByeKind, int]] = (),
    complete: bool = True,
) -> PairingOutcome:
    """Check a hand pairing: known, active players, each once, on a board or with a given bye. With
    `complete`, every active player is placed but at most one, who gets the PAB; without it (an
    imported round), players left out are simply not paired that round."""
    to_pair = {p.number for p in request.players if p.status is PlayerStatus.ACTIVE}
    seated: list[int] = []
    for number in [n for pair in pairs for n in pair] + [bye[0] for bye in byes]:
        seatable(request, number)
        if number in seated:
            raise InvalidInput(f"player {number} is seated twice")
        seated.append(number)
    given = tuple(Bye(n, kind, request.scoring.for_bye(kind), *spread) for n, kind, *spread in byes)
    left = sorted(to_pair - set(seated)) if complete else []
    if len(left) > 1:
        raise InvalidInput(f"players {', '.join(map(str, left))} are not paired; pair all but at most one")
    allocated = tuple(Bye(n, ByeKind.PAIRING_ALLOCATED, request.scoring.pairing_allocated_bye) for n in left)
    return PairingOutcome(boards=tuple(Board(a, b) for a, b in pairs), byes=given + allocated)


__all__ = ["Game", "Ledger", "MatchFormat", "PlayerDetails", "PublishedPairing", "ReadPort"]
