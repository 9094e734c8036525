"""A tournament's settings as `arbiter new` takes them and `Tournament.Created` records them."""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from typing import Any

from attrs import asdict, evolve, field, frozen

from ledger.errors import InvalidInput
from ledger.results import Game, MatchFormat, ResultRules
from ledger.validation import parse_whole_number
from pairing.model import Scoring

DEFAULT_TIEBREAKS: dict[tuple[Game, bool], tuple[str, ...]] = {
    (Game.CHESS, True): ("DE", "WIN", "SB", "KS"),
    (Game.CHESS, False): ("BH-C1", "BH", "SB", "DE", "WIN"),
    (Game.BACKGAMMON, True): ("DE", "WIN"),
    (Game.BACKGAMMON, False): ("IBF-C", "WIN"),
    (Game.SCRABBLE, True): ("SPREAD",),
    (Game.SCRABBLE, False): ("SPREAD",),
}
"""Tie-breaks when `arbiter new` names none, by game and whether the system is a round robin
(C.07: Buchholz is not for round robins; the usual round-robin list is DE, WIN, SB, KS)."""

FIDE_SWISS = frozenset({"dutch", "dubov", "burstein"})
"""The FIDE Swiss systems (C.04.3, C.04.4): initial ranking list and initial colour (C.04.2)."""

ELIMINATIONS = frozenset({"single-elimination", "double-elimination", "re-entry", "swiss-elimination"})
"""Systems whose places come from the bracket or the round of elimination (IBF 3.1-3.3, 4.10)."""

ROUND_ROBINS = frozenset({"round-robin", "subgroups", "tsh-round-robin", "lower-round-robin", "team-round-robin"})


def with_system_defaults(game: Game, system: str, options: Mapping[str, str]) -> dict[str, str]:
    """`options` plus what the game's rules give its system unless an option says otherwise. IBF Appendix 1:
    "First, all players in the competition are assigned numbers from one to the total number of participants
    by drawing lots", so a backgammon round robin draws its table numbers (`lots=yes`, from the recorded
    seed); `lots=no` keeps registration order where the event's regulations say so. A chess round robin
    keeps FIDE's pairing numbers (C.05 Annex 1), as before."""
    if game is Game.BACKGAMMON and system == "round-robin" and "lots" not in options:
        return {**options, "lots": "yes"}
    return dict(options)


def _default_tiebreaks(game: Game, system: str) -> tuple[str, ...]:
    """IBF 4.10: after the round of elimination, "the number of wins (a win against a virtual opponent
    does not count)"; otherwise `DEFAULT_TIEBREAKS`."""
    if system in ELIMINATIONS:
        return ("WINS-REAL",)
    return DEFAULT_TIEBREAKS[game, system in ROUND_ROBINS]


def _default_scoring(game: Game, system: str) -> Scoring:
    """1/½/0 (a Scrabble tie is half a win); in a round robin the bye is a rest round worth 0
    (C.05 Annex 1: "the highest number counts as a bye"; TRF-2026 writes it as `Z`)."""
    scoring = Scoring()
    if system in ROUND_ROBINS:
        scoring = evolve(scoring, pairing_allocated_bye=0.0)
    if game is Game.BACKGAMMON:
        scoring = evolve(scoring, draw=0.0)
    return scoring


@frozen(kw_only=True)
class TournamentSettings:
    game: Game
    system: str
    rounds: int
    scoring: Scoring
    tiebreaks: tuple[str, ...]
    rules_edition: str = ""
    match_length: int = 3
    match_format: MatchFormat = MatchFormat.GAME_WINS
    seed: int = field(factory=lambda: secrets.randbelow(2**31))
    options: dict[str, str] = field(factory=dict)

    @classmethod
    def for_game(
        cls,
        game: Game,
        system: str,
        rounds: int,
        *,
        scoring: Scoring | None = None,
        tiebreaks: tuple[str, ...] = (),
        **more: Any,
    ) -> TournamentSettings:
        """Settings with the defaults an arbiter expects for `game` and `system`."""
        if rounds < 1:
            raise InvalidInput(f"a tournament needs at least one round, not {rounds}")
        if more.get("match_length", 3) < 1:
            raise InvalidInput("a match is played to at least 1")
        settings = cls(
            game=game,
            system=system,
            rounds=rounds,
            scoring=scoring or _default_scoring(game, system),
            tiebreaks=tiebreaks or _default_tiebreaks(game, system),
            **more,
        )
        settings = evolve(settings, options=with_system_defaults(game, system, settings.options))
        if system in FIDE_SWISS and "initial_colour" not in settings.options:
            # C.04.2: the colour of the first-ranked player in round 1 is drawn by lot, here from the
            # recorded seed, so the draw is in the log.
            drawn = random.Random(settings.seed).choice(("white", "black"))
            settings = evolve(settings, options={**settings.options, "initial_colour": drawn})
        return settings

    @property
    def bye_spread(self) -> int:
        """Scrabble: the spread a won bye counts (tsh's `bye_spread`, default 50; option `bye_spread`);
        0 in the other games."""
        if self.game is not Game.SCRABBLE:
            return 0
        value = self.options.get("bye_spread", "50")
        return parse_whole_number(value, "bye_spread")

    @property
    def result_rules(self) -> ResultRules:
        return ResultRules(self.game, self.match_length, self.match_format)

    def as_event_settings(self) -> dict[str, Any]:
        return {
            "scoring": asdict(self.scoring),
            "tiebreaks": list(self.tiebreaks),
            "rules_edition": self.rules_edition,
            "match_length": self.match_length,
            "match_format": self.match_format.value,
            "seed": self.seed,
            "options": dict(self.options),
        }

    @classmethod
    def from_event(cls, game: str, system: str, rounds: int, settings: dict[str, Any]) -> TournamentSettings:
        return cls(
            game=Game(game),
            system=system,
            rounds=rounds,
            scoring=Scoring(**settings["scoring"]),
            tiebreaks=tuple(settings["tiebreaks"]),
            rules_edition=settings["rules_edition"],
            match_length=settings["match_length"],
            match_format=MatchFormat(settings["match_format"]),
            seed=settings["seed"],
            options=dict(settings["options"]),
        )

    @classmethod
    def from_tournament(cls, tournament: Any) -> TournamentSettings:
        return cls.from_event(tournament.game, tournament.system, tournament.rounds, tournament.settings)
