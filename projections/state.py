"""The tournament as a fold of its log: roster, rounds, results, requests (docs/design.md, "Read models").

`TournamentState.apply(position, event)` dispatches with `match` on the event classes and ignores
any it does not know; `fold(events)` builds the state as of any position. The per-player round
history, the engines' `PairingInput` and the standings are derived from this state
(`projections.history`, `projections.standings`), never computed by the interfaces.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from attrs import define, evolve, field

from ledger.domain import Round, Tournament
from ledger.errors import NoTournament
from ledger.fide_mode import Caution
from ledger.ranking import RankingRule, fide_key, pairing_numbers
from ledger.results import Result, ResultRules
from ledger.settings import FIDE_SWISS, TournamentSettings
from pairing.model import Board, Bye, ByeKind


@define
class PlayerView:
    number: int
    name: str
    rating: int = 0
    federation: str = ""
    club: str = ""
    team: str = ""
    title: str = ""
    external_id: str = ""
    extra: str = ""
    """Another program's fields for the player, kept for its export (`PlayerDetails.extra`)."""
    no_half_bye: str = ""
    """Why the player may not take a half-point bye (docs/fide-mode.md, Q175-176); empty when they may."""
    withdrawn_from: int | None = None
    """First round the player is out of, while withdrawn."""
    registered_at: int = 0

    def is_withdrawn_for(self, round_number: int) -> bool:
        return self.withdrawn_from is not None and round_number >= self.withdrawn_from


@define
class RoundView:
    number: int
    revision: int = 0
    boards: list[Board] = field(factory=list)
    byes: list[Bye] = field(factory=list)
    results: dict[int, Result] = field(factory=dict)
    paired: bool = False
    engine: str = ""
    engine_version: str = ""
    rules_edition: str = ""
    input_position: int = 0
    input_digest: str = ""
    options: dict[str, Any] = field(factory=dict)
    seed: int = 0
    paired_at: int = 0
    explanation: list[list[Any]] = field(factory=list)
    sealed_at: int | None = None
    chain_head: str = ""
    version: int = 0
    """Counts the changes to this round (pairing, results), so derived records can be cached."""

    @property
    def missing_results(self) -> list[int]:
        return [b for b in range(1, len(self.boards) + 1) if b not in self.results]

    @property
    def complete(self) -> bool:
        return self.paired and not self.missing_results


def initial_ranking(players: Iterable[PlayerView]) -> dict[int, int]:
    """C.04.2 Art. 2.2 (`ledger.ranking.fide_key`): player number -> Tournament Pairing Number (TPN),
    #1 the highest."""
    ordered = sorted(players, key=lambda p: fide_key(p.number, p.rating, p.title, p.name))
    return pairing_numbers(player.number for player in ordered)


@define
class StageView:
    """A stage of a mixed tournament (IBF 1.8): its system, rounds and entrants."""

    number: int
    system: str
    first_round: int
    rounds: int
    qualifiers: tuple[int, ...] | None
    """Player numbers in this stage; None for the first stage (everyone registered)."""
    options: dict[str, str] = field(factory=dict)


@define
class TournamentState:
    position: int = 0
    """The log position this state is as of."""
    name: str = ""
    settings: TournamentSettings | None = None
    players: dict[int, PlayerView] = field(factory=dict)
    rounds: dict[int, RoundView] = field(factory=dict)
    requested_byes: dict[int, dict[int, ByeKind]] = field(factory=dict)
    forbidden: list[tuple[int, int]] = field(factory=list)
    details: dict[str, Any] = field(factory=dict)
    """The report details (`ledger.details`): city, federation, dates, arbiters, ..."""
    round_streams: dict[Any, int] = field(factory=dict)
    """Round stream id -> round number."""
    stages: list[StageView] = field(factory=list)
    renumbered: list[int] | None = None
    """Players in pairing-number order as `arbiter renumber` set them before round 1 (`ledger.ranking`)."""
    renumbered_by: str = ""
    exchanges: list[tuple[int, int]] = field(factory=list)
    """Pairing-number exchanges since the last renumbering (docs/fide-mode.md, Q148-150), in order."""
    frozen_ranking: dict[int, int] | None = None
    """C.04.2 2.3: "no modification of a TPN ... is allowed after the fourth round has been paired"."""
    cautions: list[tuple[int, Caution]] = field(factory=list)
    """(position, warning) of every confirmed warning and pairing-integrity-breaching event (Q112)."""
    fide_mode_left_after: int | None = None
    """The round after which the tournament left FIDE mode (Q44), None while it is in it (or never was)."""
    history_cache: dict[Any, Any] = field(factory=dict, eq=False, repr=False)
    """Derived data, rebuilt on demand: per-round records (`projections.history`), keyed by the rounds'
    versions, and the results parsed from their codes."""

    def require_settings(self) -> TournamentSettings:
        """The tournament's settings; `NoTournament` for a log without a tournament (an empty ledger)."""
        if self.settings is None:
            raise NoTournament("this ledger holds no tournament yet")
        return self.settings

    @property
    def in_fide_mode(self) -> bool:
        """Q40, Q45-46: created in FIDE mode and not left."""
        return self.require_settings().fide_mode and self.fide_mode_left_after is None

    @property
    def rules(self) -> ResultRules:
        return self.require_settings().result_rules

    def stage_of(self, round_number: int) -> StageView:
        """The stage a round belongs to (the last one starting at or before it)."""
        return [stage for stage in self.stages if stage.first_round <= round_number][-1]

    @property
    def total_rounds(self) -> int:
        last = self.stages[-1]
        return last.first_round - 1 + last.rounds

    @property
    def last_paired_round(self) -> int:
        return max((n for n, r in self.rounds.items() if r.paired), default=0)

    @property
    def completed_rounds(self) -> int:
        """Rounds 1..k all paired with every result in."""
        k = 0
        while k + 1 in self.rounds and self.rounds[k + 1].complete:
            k += 1
        return k

    def apply(self, position: int, event: object) -> None:
        self.position = position
        match event:  # results first: they are most of the log
            case Round.ResultRecorded(board=board, result=code) | Round.ResultCorrected(board=board, result=code):
                self._round_of(event).results[board] = self._parsed(code)
            case Tournament.Created():
                self._created(event)
            case Tournament.StageStarted():
                self.stages.append(
                    StageView(
                        event.stage,
                        event.system,
                        event.first_round,
                        event.rounds,
                        tuple(event.qualifiers),
                        dict(event.options),
                    )
                )
            case Tournament.PlayerRegistered(number=number, details=details):
                self.players[number] = PlayerView(number=number, registered_at=position, **details)
            case Tournament.PlayerDetailsCorrected(number=number, changes=changes):
                for key, value in changes.items():
                    setattr(self.players[number], key, value)
            case Tournament.PlayerWithdrew(number=number, from_round=from_round):
                self.players[number].withdrawn_from = from_round
            case Tournament.PlayerReentered(number=number):
                self.players[number].withdrawn_from = None
            case Tournament.ByeRequested(number=number, round=round_number, kind=kind):
                self.requested_byes.setdefault(round_number, {})[number] = ByeKind(kind)
            case Tournament.DetailsChanged(changes=changes):
                self.details = {**self.details, **changes}
            case Tournament.ByeCancelled(number=number, round=round_number):
                self.requested_byes[round_number].pop(number, None)
            case Tournament.PlayersRenumbered(order=order, rule=rule):
                self.renumbered, self.renumbered_by, self.exchanges = list(order), rule, []
            case Tournament.PairingNumbersExchanged(first=first, second=second):
                self.exchanges.append((first, second))
            case Tournament.TiebreaksChanged(tiebreaks=tiebreaks):
                self.settings = evolve(self.require_settings(), tiebreaks=tuple(tiebreaks))
            case Tournament.OptionsChanged(options=options):
                self._options_changed(options)
            case Tournament.RoundsChanged(rounds=rounds):
                last = self.stages[-1]
                last.rounds = rounds - last.first_round + 1
            case Tournament.CautionConfirmed(caution=caution):
                self.cautions.append((position, Caution.from_event(caution)))
            case Tournament.FideModeLeft(after_round=after_round):
                self.fide_mode_left_after = after_round
            case Tournament.PairForbidden(first=first, second=second):
                self.forbidden.append((first, second))
            case Round.Created(round=round_number):
                self.rounds[round_number] = RoundView(number=round_number)
                self.round_streams[event.originator_id] = round_number
            case Round.Paired():
                self._paired(position, event)
                if self.frozen_ranking is None and self._round_of_number(event) >= 4:
                    self.frozen_ranking = self.ranking()
            case Round.PairingWithdrawn():
                self._round_of(event).paired = False
            case Round.ResultVoided(board=board):
                del self._round_of(event).results[board]
            case Round.ByeGranted(number=number, kind=kind, points=points):
                self._round_of(event).byes.append(Bye(number, ByeKind(kind), points))
            case Round.Sealed(position=sealed, chain_head=head):
                view = self._round_of(event)
                view.sealed_at, view.chain_head = sealed, head
            case _:
                pass

    def _created(self, event: Tournament.Created) -> None:
        self.name = event.name
        self.settings = TournamentSettings.from_event(event.game, event.system, event.rounds, event.settings)
        self.stages = [StageView(1, event.system, 1, event.rounds, None, dict(self.settings.options))]

    def _options_changed(self, options: dict[str, str]) -> None:
        """`Tournament.OptionsChanged`: the options of the (single) stage set again; "" removes one."""
        settings = self.require_settings()
        kept = {key: value for key, value in settings.options.items() if key not in options}
        self.settings = evolve(settings, options=kept | {key: value for key, value in options.items() if value})
        self.stages[0].options = dict(self.settings.options)

    def ranking(self) -> dict[int, int]:
        """Player number -> pairing number: the initial ranking list for the FIDE Swiss systems (frozen
        once round 4 is paired), else the order `arbiter renumber` set (players registered after it follow
        in registration order), else the registration number (or when imported, `ranking=as-registered`,
        or `ranking=as-listed` with `ranking_order` "n,n,...": a TRF's ``XXC rank`` order); then the
        exchanges of pairing numbers (Q148-150), in order."""
        if self.frozen_ranking is not None and set(self.frozen_ranking) == set(self.players):
            return self.frozen_ranking
        ranking = self._listed_ranking()
        for first, second in self.exchanges:
            ranking[first], ranking[second] = ranking[second], ranking[first]
        return ranking

    def _listed_ranking(self) -> dict[int, int]:
        settings = self.require_settings()
        if settings.options.get("ranking") == "as-listed":
            order = [int(n) for n in settings.options.get("ranking_order", "").split(",") if n.isdigit()]
            return pairing_numbers([*order, *(n for n in sorted(self.players) if n not in set(order))])
        if settings.system not in FIDE_SWISS or settings.options.get("ranking") == "as-registered":
            if self.renumbered is None:
                return {number: number for number in self.players}
            placed = set(self.renumbered)
            return pairing_numbers([*self.renumbered, *(n for n in sorted(self.players) if n not in placed)])
        return initial_ranking(self.players.values())

    def ranking_rule(self) -> str:
        """What ordered the pairing numbers, in words for the roster, with the exchanges made since."""
        exchanged = ", ".join(f"{first} and {second}" for first, second in self.exchanges)
        rule = self._ranking_rule()
        return f"{rule}; numbers exchanged: {exchanged}" if exchanged else rule

    def _ranking_rule(self) -> str:
        settings = self.require_settings()
        if settings.options.get("ranking") == "as-listed":
            return "the order of the imported TRF's 001 lines (XXC rank)"
        if settings.system in FIDE_SWISS and settings.options.get("ranking") != "as-registered":
            frozen = "frozen since round 4 was paired" if self.frozen_ranking is not None else "until round 4"
            return f"{RankingRule.FIDE.description}; {frozen}"
        if self.renumbered is not None:
            return f"renumbered by {RankingRule(self.renumbered_by).description}; later entries follow"
        return "registration order"

    def _parsed(self, code: str) -> Result:
        """The result of `code`, parsed once per code: a replay reads the same few codes over and over,
        and a result is a value, so equal results can be one object (which keeps the snapshot small)."""
        result = self.history_cache.get(("result", code))
        if result is None:
            result = self.history_cache["result", code] = self.rules.parse(code)
        return result

    def _round_of_number(self, event: Any) -> int:
        return self.round_streams[event.originator_id]

    def _round_of(self, event: Any) -> RoundView:
        view = self.rounds[self.round_streams[event.originator_id]]
        view.version += 1
        return view

    def _paired(self, position: int, event: Round.Paired) -> None:
        view = self._round_of(event)
        view.revision = event.revision
        view.boards = [Board(first, second) for first, second in event.boards]
        view.byes = [Bye(b["number"], ByeKind(b["kind"]), b["points"], b.get("spread")) for b in event.byes]
        view.results = {}
        view.paired = True
        view.engine, view.engine_version, view.rules_edition = event.engine, event.engine_version, event.rules_edition
        view.input_position, view.paired_at = event.input_position, position
        view.input_digest, view.options, view.seed = event.input_digest, event.options, event.seed
        view.explanation = event.explanation


def fold(events: Iterable[tuple[int, object]]) -> TournamentState:
    """The state after the given (position, event) pairs."""
    state = TournamentState()
    for position, event in events:
        state.apply(position, event)
    return state
