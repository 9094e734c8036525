"""The tournament as a fold of its log: roster, rounds, results, requests (docs/design.md, "Read models").

`TournamentState.apply(position, event)` dispatches with `match` on the event classes and ignores
any it does not know; `fold(events)` builds the state as of any position. The per-player round
history, the engines' `PairingInput` and the standings are derived from this state
(`projections.history`, `projections.standings`), never computed by the interfaces.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from itertools import starmap
from typing import Any

from attrs import define, evolve, field, frozen

from ledger.domain import Round, Tournament, replaced_rankings
from ledger.errors import NoTournament, Remedy, RemedyAction, RoundNotReady
from ledger.fide_mode import FIDE_MODE_MAY, Breach, Caution
from ledger.persistence import RecordedResults
from ledger.ranking import RankingRule, fide_rule_description, initial_order, pairing_numbers
from ledger.ratings import equal_rating_order, rating_method, tournament_rating
from ledger.results import Game, Result, ResultRules
from ledger.settings import FIDE_SWISS, ORDERED_RANKINGS, TournamentSettings, numbered_by_rating
from pairing.model import Board, Bye, ByeKind


@define
class PlayerView:
    number: int
    name: str
    rating: int = 0
    """The tournament rating (`ledger.ratings.tournament_rating`): what ranks and what tie-breaks read."""
    entered_rating: int = 0
    """The rating entered with the player (the `rating` detail)."""
    fide_rating: int = 0
    national_rating: int = 0
    later_ratings: str = ""
    """A long event's later tournament ratings, "ROUND=RATING, ..." (`ledger.ratings.later_ratings`)."""
    source_lists: dict[str, str] = field(factory=dict)
    """The rating list each rating was taken from (`ledger.rating_sequence`, Q134)."""
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
    expelled: bool = False
    """Withdrawn by expulsion: left out of a Swiss's standings."""
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
    adjourned: list[int] = field(factory=list)
    by_hand: bool = False
    """The round is being paired by hand (Q65): started, neither published nor cancelled yet."""
    """Boards adjourned (C.04.2 3.1: a draw for pairing until the result is in; it stays listed after)."""
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
    def adjourned_pending(self) -> list[int]:
        """Adjourned boards still without a result (Q161, Q169: no final standings nor TRF while any)."""
        return [b for b in self.adjourned if b not in self.results]

    @property
    def complete(self) -> bool:
        return self.paired and not self.missing_results


def initial_ranking(players: Iterable[PlayerView], settings: TournamentSettings) -> dict[int, int]:
    """C.04.2 Art. 2.2 (`ledger.ranking.initial_order`): player number -> Tournament Pairing Number (TPN),
    #1 the highest."""
    return pairing_numbers(initial_order(players, settings.options, settings.seed))


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


@frozen
class RatingCorrection:
    """Q192 (docs/fide-mode.md): a result as the rating report gives it (`Tournament.RatingCorrected`),
    apart from the result that pairs and ranks."""

    round: int
    board: int
    first: int
    second: int
    previous: str
    result: str
    reason: str


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
    """(position, warning) of every confirmed warning and pairing-integrity-breaching event (Q112) in force:
    not those undone (Q114), nor a hand pairing's MPA once the round is unpaired (Q65)."""
    fide_mode_left_after: int | None = None
    """The round after which the tournament left FIDE mode (Q44), None while it is in it (or never was)."""
    rating_corrections: list[RatingCorrection] = field(factory=list)
    external_tiebreaks: dict[int, float] = field(factory=dict)
    """Q207: player -> the arbiter's `EXT` tie-break value (C.07 Art. 3, 4.1); others count 0."""
    tied_rankings: tuple[tuple[int, ...], ...] = ()
    """Q205: the arbiter's orders of tied players in force, each best first (`ledger.domain.replaced_rankings`)."""
    """Q192: the corrections for the rating report only, in the order given (`rated`)."""
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
    def fide_mode_notice(self) -> str:
        """Q46: what every view shows of a chess tournament that could be in FIDE mode and is not
        ("NOT IN FIDE MODE (left after round 3)"); "" in FIDE mode and where FIDE mode does not apply
        (another game, a system FIDE does not endorse)."""
        settings = self.require_settings()
        if self.in_fide_mode or settings.game is not Game.CHESS or settings.system not in FIDE_MODE_MAY:
            return ""
        if self.fide_mode_left_after is None:
            return "NOT IN FIDE MODE"
        return f"NOT IN FIDE MODE (left after round {self.fide_mode_left_after})"

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

    def refuse_while_unfinished(self, what: str, *, adjourned_only: bool = False) -> None:
        """Q161, Q169: in FIDE mode the final standings and the TRF are not produced while a game has no
        result (for the TRF, an adjourned game); `RoundNotReady` names the games."""
        if not self.in_fide_mode:
            return
        games = [
            (number, board, board in view.adjourned)
            for number, view in sorted(self.rounds.items())
            if view.paired
            for board in (view.adjourned_pending if adjourned_only else view.missing_results)
        ]
        if games:
            named = ", ".join(
                f"round {r} board {b}" + (" (adjourned)" if adjourned else "") for r, b, adjourned in games
            )
            raise RoundNotReady(
                f"{what} must wait for the result of {named} (docs/fide-mode.md, Q161 and Q169)",
                Remedy(RemedyAction.ENTER_RESULT, round=games[0][0], board=games[0][1]),
            )

    @property
    def is_final(self) -> bool:
        """Every round of the tournament is paired: standings now are the final ones."""
        return self.last_paired_round >= self.total_rounds

    @property
    def completed_rounds(self) -> int:
        """Rounds 1..k all paired with every result in."""
        k = 0
        while k + 1 in self.rounds and self.rounds[k + 1].complete:
            k += 1
        return k

    @property
    def reported_rounds(self) -> int:
        """Rounds 1..k all paired with every game's result in or adjourned: what the TRF reports (an adjourned
        game without its result is written `?`, docs/trf.md, Q164-165)."""
        k = 0
        while k + 1 in self.rounds and self.rounds[k + 1].paired:
            view = self.rounds[k + 1]
            if set(view.missing_results) - set(view.adjourned):
                break
            k += 1
        return k

    def apply(self, position: int, event: object) -> None:
        self.position = position
        match event:  # results first: they are most of the log (a replay reads them as `RecordedResults`)
            case RecordedResults(boards=boards, results=codes):
                self._record(event, boards, codes)
            case Round.ResultRecorded(board=board, result=code) | Round.ResultCorrected(board=board, result=code):
                self._record(event, (board,), (code,))
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
                self._rate(self.players[number], details)
            case Tournament.PlayerDetailsCorrected(number=number, changes=changes):
                for key, value in changes.items():
                    setattr(self.players[number], key, value)
                self._rate(self.players[number], changes)
            case Tournament.PlayerWithdrew(number=number, from_round=from_round, expelled=expelled):
                self.players[number].withdrawn_from = from_round
                self.players[number].expelled = expelled
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
            case Tournament.TiebreakValueEntered(number=number, value=value):
                self.external_tiebreaks[number] = value
            case Tournament.TiedPlayersRanked(players=players):
                self.tied_rankings = replaced_rankings(self.tied_rankings, players)
            case Tournament.OptionsChanged(options=options):
                self._options_changed(options)
            case Tournament.RoundsChanged(rounds=rounds):
                last = self.stages[-1]
                last.rounds = rounds - last.first_round + 1
            case Tournament.CautionConfirmed(caution=caution):
                self._caution_confirmed(position, Caution.from_event(caution))
            case Tournament.RatingCorrected(round=r, board=b, first=a, second=c, previous=old, result=new):
                self.rating_corrections.append(RatingCorrection(r, b, a, c, old, new, event.reason))
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
                view = self._round_of(event)
                view.paired, view.adjourned = False, []
                self._clear_manual_pairing(view.number)
            case Round.HandPairingStarted():
                self._round_of(event).by_hand = True
                self._clear_manual_pairing(self._round_of_number(event))
            case Round.HandPairingCancelled():
                self._round_of(event).by_hand = False
            case Round.GameAdjourned(board=board):
                view = self._round_of(event)
                view.adjourned = [*view.adjourned, board]
            case Round.ResultVoided(board=board):
                del self._round_of(event).results[board]
            case Round.ByeGranted(number=number, kind=kind, points=points):
                self._round_of(event).byes.append(Bye(number, ByeKind(kind), points))
            case Round.Sealed(position=sealed, chain_head=head):
                view = self._round_of(event)
                view.sealed_at, view.chain_head = sealed, head
            case _:
                pass

    def _caution_confirmed(self, position: int, caution: Caution) -> None:
        """A confirmed warning joins the list; an undo (Q114) takes the breach it undoes off it and is not
        listed either: the TRF's `###` lines give the tournament as it stands, as before the breach. The log
        keeps both."""
        if caution.undoes:
            self.cautions = [(at, listed) for at, listed in self.cautions if at != caution.undoes]
        else:
            self.cautions.append((position, caution))

    def _clear_manual_pairing(self, round_number: int) -> None:
        """Q65: unpairing a round, or pairing it by hand again, clears its MPA (the TRF's `###` line); the
        log keeps the warning."""
        self.cautions = [
            (position, caution)
            for position, caution in self.cautions
            if not (caution.breach is Breach.MANUAL_PAIRING and caution.round == round_number)
        ]

    def _created(self, event: Tournament.Created) -> None:
        self.name = event.name
        self.settings = TournamentSettings.from_event(event.game, event.system, event.rounds, event.settings)
        self.stages = [StageView(1, event.system, 1, event.rounds, None, dict(self.settings.options))]

    def _rate(self, player: PlayerView, details: dict[str, Any]) -> None:
        """Keep the entered rating apart and set the tournament rating by the tournament's method."""
        if "rating" in details:
            player.entered_rating = details["rating"]
        method = rating_method(self.require_settings().options)
        player.rating = tournament_rating(player.entered_rating, player.fide_rating, player.national_rating, method)

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
        or the order of `ranking_order`, `ledger.settings.ORDERED_RANKINGS`); then the exchanges of pairing
        numbers (Q148-150), in order."""
        if self.frozen_ranking is not None and set(self.frozen_ranking) == set(self.players):
            return self.frozen_ranking
        ranking = self._listed_ranking()
        for first, second in self.exchanges:
            ranking[first], ranking[second] = ranking[second], ranking[first]
        return ranking

    def _listed_ranking(self) -> dict[int, int]:
        settings = self.require_settings()
        if not numbered_by_rating(settings):
            if self.renumbered is not None:
                return self._in_order(self.renumbered)
            if settings.options.get("ranking") in ORDERED_RANKINGS:
                listed = settings.options.get("ranking_order", "").split(",")
                return self._in_order(int(n) for n in listed if n.isdigit())
            return {number: number for number in self.players}
        if self.frozen_ranking is not None:
            return self._with_late_entries(self.frozen_ranking, settings)
        return initial_ranking(self.players.values(), settings)

    def _in_order(self, order: Iterable[int]) -> dict[int, int]:
        """Pairing numbers in `order` (an `arbiter renumber`'s, or an imported file's), the players not in
        it (registered after) following in registration order."""
        placed = list(order)
        taken = set(placed)
        return pairing_numbers([*placed, *(n for n in sorted(self.players) if n not in taken)])

    def _with_late_entries(self, frozen: dict[int, int], settings: TournamentSettings) -> dict[int, int]:
        """The ranking frozen when round 4 was paired (C.04.2 Art. 2.3: "no modification of a TPN ... is
        allowed after the fourth round has been paired"), with the players who entered since placed where
        Art. 2.2 puts them (Art. 2.4: "an appropriate TPN"): each before the first frozen player it ranks
        above; the frozen players keep their order, and those below a late entry move down one."""
        if len(frozen) == len(self.players):
            return frozen
        current = {
            number: place
            for place, number in enumerate(initial_order(self.players.values(), settings.options, settings.seed))
        }
        order = sorted(frozen, key=frozen.__getitem__)
        for number in sorted(set(self.players) - set(frozen), key=current.__getitem__):
            below = [index for index, other in enumerate(order) if other in frozen and current[other] > current[number]]
            order.insert(below[0] if below else len(order), number)
        return pairing_numbers(order)

    def ranking_rule(self) -> str:
        """What ordered the pairing numbers, in words for the roster, with the exchanges made since."""
        exchanged = ", ".join(f"{first} and {second}" for first, second in self.exchanges)
        rule = self._ranking_rule()
        return f"{rule}; numbers exchanged: {exchanged}" if exchanged else rule

    def _ranking_rule(self) -> str:
        settings = self.require_settings()
        if self.renumbered is not None and not numbered_by_rating(settings):
            return f"renumbered by {RankingRule(self.renumbered_by).description}; later entries follow"
        if settings.options.get("ranking") == "as-listed":
            return "the order of the imported TRF's 001 lines (XXC rank)"
        if settings.options.get("ranking") == "as-ordered":
            return "the imported TRF's start ranks (the players' numbers are the entry numbers it draws lots by)"
        if settings.system in FIDE_SWISS and settings.options.get("ranking") != "as-registered":
            frozen = "frozen since round 4 was paired" if self.frozen_ranking is not None else "until round 4"
            return f"{fide_rule_description(equal_rating_order(settings.options))}; {frozen}"
        return "registration order"

    def _parsed(self, code: str) -> Result:
        """The result of `code`, parsed once per code: a replay reads the same few codes over and over,
        and a result is a value, so equal results can be one object (which keeps the snapshot small)."""
        result = self.history_cache.get(("result", code))
        if result is None:
            result = self.history_cache["result", code] = self.rules.parse(code)
        return result

    def _record(self, event: Any, boards: Sequence[int], codes: Sequence[str]) -> None:
        """The results `codes` on `boards` of `event`'s round, one after the other (a result recorded or
        corrected, or a replay's run of them)."""
        parsed = {code: self._parsed(code) for code in set(codes)}
        view = self.rounds[self.round_streams[event.originator_id]]
        view.version += len(boards)
        view.results.update(zip(boards, map(parsed.__getitem__, codes), strict=True))

    def _round_of_number(self, event: Any) -> int:
        return self.round_streams[event.originator_id]

    def _round_of(self, event: Any) -> RoundView:
        view = self.rounds[self.round_streams[event.originator_id]]
        view.version += 1
        return view

    def _paired(self, position: int, event: Round.Paired) -> None:
        view = self._round_of(event)
        view.revision = event.revision
        view.boards = list(starmap(Board, event.boards))
        view.byes = [Bye(b["number"], ByeKind(b["kind"]), b["points"], b.get("spread")) for b in event.byes]
        view.results = {}
        view.adjourned = []
        view.by_hand = False
        view.paired = True
        view.engine, view.engine_version, view.rules_edition = event.engine, event.engine_version, event.rules_edition
        view.input_position, view.paired_at = event.input_position, position
        view.input_digest, view.options, view.seed = event.input_digest, event.options, event.seed
        view.explanation = event.explanation


def rated(state: TournamentState) -> TournamentState:
    """Q192: the tournament as the rating report gives it: `state` with its corrections for the rating
    report in the rounds' results (the last one for a board counts). `state` is left as it is."""
    rounds = dict(state.rounds)
    for correction in state.rating_corrections:
        view = rounds[correction.round]
        results = {**view.results, correction.board: state.rules.parse(correction.result)}
        rounds[correction.round] = evolve(view, results=results, version=view.version + 1)
    return evolve(state, rounds=rounds, history_cache={})


def fold(events: Iterable[tuple[int, object]]) -> TournamentState:
    """The state after the given (position, event) pairs (without cyclic garbage collection: a fold of
    the whole log makes hundreds of thousands of objects)."""
    state = TournamentState()
    with without_cyclic_gc():
        for position, event in events:
            state.apply(position, event)
    return state


@contextmanager
def without_cyclic_gc() -> Iterator[None]:
    """No cyclic garbage collection while a fold, a rebuild or the standings make their many objects (none
    of them cyclic garbage): its passes over them cost 3.6 % of the instructions of a fold and ranking of
    20,000 events (docs/performance.md, "Ledger at scale, session 7")."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
