"""A tournament's settings as `arbiter new` takes them and `Tournament.Created` records them."""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Mapping
from typing import Any

from attrs import asdict, evolve, field, frozen

from ledger.errors import InvalidInput
from ledger.fide_mode import FIDE_MODE_MAY, default_fide_mode
from ledger.ratings import check_rating_options
from ledger.results import Game, MatchFormat, ResultRules
from ledger.validation import MAX_ROUNDS, parse_whole_number
from pairing.fide.acceleration import METHODS, explicit_points
from pairing.model import Scoring
from pairing.registry import bracket_systems, games_of, systems, systems_for

TIEBREAK_CODES: dict[str, str] = {
    "BH": "Buchholz (C.07 8.1; unplayed rounds 16.3, 16.4)",
    "BH-C1": "Buchholz Cut-1 (C.07 8.1, 14.1; VURs cut first 16.5)",
    "BH-C2": "Buchholz Cut-2 (C.07 8.1, 14.1; VURs cut first 16.5)",
    "BH-M1": "Buchholz Median-1 (C.07 8.1, Art. 14; VURs cut first 16.5)",
    "SB": "Sonneborn-Berger (C.07 9.1; unplayed rounds 16.3, 16.4)",
    "DE": "Direct Encounter: tied players it places below (C.07 6.1-6.3)",
    "WIN": "Number of Wins, with or without playing (C.07 7.1)",
    "WON": "Number of Games Won over the board (C.07 7.2)",
    "BPG": "Number of Games Played with Black (C.07 7.3)",
    "PS": "(Sum of) Progressive Scores (C.07 7.5)",
    "KS": "Koya System for Round Robin, 50 % (C.07 9.2)",
    "ARO": "Average Rating of Opponents (C.07 10.1)",
    "TPR": "Tournament Performance Rating, ARO + dp (C.07 10.2; B.02 8.1.1)",
    "SPREAD": "Spread, own score minus opponent's score summed (tsh standing order)",
    "AOR": "Average Opponent Rating (Scrabble; rounded as C.07 10.1)",
    "OWINS": "Opponents' wins (tsh Sum of Opponent Scores)",
    "IBF-C": "IBF coefficient: opponents' scores with the 4.7 credits for a plus and a withdrawn opponent",
    "WINS-REAL": "Wins not counting wins against virtual opponents (IBF 4.10)",
    "EXT": "External value entered by the arbiter, 0 if none (C.07 Art. 3 play-off; 4.1 self-defined)",
    "LOT": "Drawing of lots with the tournament's recorded seed, the same at every reading (C.07 4.2)",
    "BH-M2": "Buchholz Median-2 (C.07 8.1, Art. 14; VURs cut first 16.5)",
    "SB-C1": "Sonneborn-Berger Cut-1, lowest-scored opponent's product (C.07 9.1, Art. 14; 16.5)",
    "BWG": "Number of Games Won with Black (C.07 7.4)",
    "REP": "Rounds one Elected to Play (C.07 7.6)",
    "STD": "Standard Points, 1 a won round and ½ an equal one (C.07 7.7)",
    "TPN": "Tournament Pairing Number, lowest first (C.07 7.8)",
    "PS-C1": "Progressive Scores Cut-1, round 1 left out (C.07 7.5, Art. 14)",
    "ARO-C1": "Average Rating of Opponents Cut-1 (C.07 10.1, Art. 14)",
    "RTNG": "Rating, the player's own first rating (C.07 10.6)",
    "FB": "Fore Buchholz, final-round games as draws (C.07 8.3; unplayed rounds 16.3, 16.4)",
    "FB-C1": "Fore Buchholz Cut-1 (C.07 8.3, 14.1; VURs cut first 16.5)",
    "AOB": "Average of Opponents' Buchholz, over-the-board opponents (C.07 8.2)",
    "AOB-F": "Average of Opponents' Buchholz read with Fore Buchholz (C.07 8.2, 8.3)",
    "APRO": "Average Performance Rating of Opponents, their TPR averaged (C.07 10.4)",
    "PTP": "Perfect Tournament Performance (C.07 10.3; B.02 8.1.2 at full scale)",
    "APPO": "Average Perfect Performance of Opponents, their PTP averaged (C.07 10.5)",
    "DE-P": "Direct Encounter with forfeits counted as played (C.07 6.1.1, MTB26 /P)",
}
"""The tie-break codes a tournament may name, in the order `--help` lists them: code -> description with
its article. `projections.tiebreaks` computes each. Besides them, the Koya System's Limit modifier makes
a code of each limit (`KOYA_LIMIT_CODES`)."""

KOYA_LIMIT = re.compile(r"KS-L(?:(?P<percent>[0-9]{1,3})|(?P<steps>[+-][0-9]{1,2}))")
KOYA_LIMIT_CODES = "KS-L<p>, KS-L+<n>, KS-L-<n>"
"""C.07 14.5 (Limit), as `koya_limit` reads it: `KS-L60` counts the opponents on 60 % of the maximum
possible score or more, `KS-L+1` (`KS-L-1`) moves the 50 % limit up (down) by a draw's points."""


@frozen
class KoyaLimit:
    """C.07 14.5, the Koya System's Limit: which opponents KS (9.2) counts the points against. The digest
    docs/research/fide/05-C07-tie-breaks.md gives 9.2's limit ("≥ 50 % of the maximum possible score") and
    14.5 moving it "in half-point steps (MTB26 `KS/Lx`)"; the Gacrux reference implementation it cites
    reads the modifier as a percentage or a points offset, and so do we: the limit is `percent` % of the
    maximum plus `steps` draws' points (a half-point step with 1/½/0 scoring)."""

    percent: int = 50
    steps: int = 0


def koya_limit(code: str) -> KoyaLimit | None:
    """The Limit of a `KS-L...` code (`KOYA_LIMIT_CODES`: a percentage from 0 to 100, or a signed number of
    steps from the 50 % limit); None for any other code."""
    match = KOYA_LIMIT.fullmatch(code)
    if match is None:
        return None
    if match["steps"] is not None:
        return KoyaLimit(steps=int(match["steps"]))
    percent = int(match["percent"])
    return KoyaLimit(percent=percent) if percent <= 100 else None


def tiebreak_description(code: str) -> str | None:
    """What a tie-break code means, with its article; None for a code the ledger does not know."""
    if code in TIEBREAK_CODES:
        return TIEBREAK_CODES[code]
    limit = koya_limit(code)
    if limit is None:
        return None
    shift = f", moved by {limit.steps:+d} x a draw's points" if limit.steps else ""
    return f"Koya System for Round Robin, limit {limit.percent} % of the maximum{shift} (C.07 9.2, 14.5)"


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

ORDERED_RANKINGS = frozenset({"as-listed", "as-ordered"})
"""The values of the option ``ranking`` (set by `arbiter import-trf`) whose pairing numbers are the order of
the option ``ranking_order``, "n,n,..." (player numbers, pairing number 1 first): ``as-listed``, a TRF's
``XXC rank`` (JaVaFo AUM, "Ranking id": the order of its ``001`` lines, whose numbers are ids; those that are
not the players' numbers are kept for the export in the option ``entry_numbers``, "id=number,..."); and
``as-ordered``, a TRF that draws lots by entry numbers other than its start ranks (docs/fide-mode.md, Q206):
the players' numbers are those entry numbers, and their start ranks the pairing numbers."""


def numbered_by_rating(settings: TournamentSettings) -> bool:
    """The FIDE Swiss systems number the players by C.04.2 Art. 2.2 by themselves, unless the tournament
    keeps them as registered or in the order an imported file gives (`ORDERED_RANKINGS`); the others keep
    the order `arbiter renumber` last set, else that order, else the registration numbers."""
    return settings.system in FIDE_SWISS and settings.options.get("ranking") not in {"as-registered", *ORDERED_RANKINGS}


ELIMINATIONS = frozenset({*bracket_systems(), "swiss-elimination"})
"""Systems whose places come from the bracket or the round of elimination (IBF 3.1-3.3, 4.10)."""

ROUND_ROBINS = frozenset({"round-robin", "subgroups", "tsh-round-robin", "lower-round-robin", "team-round-robin"})


ROUNDS_FROM_ENTRIES = 0
"""`rounds` of a bracket (`pairing.registry.bracket_systems`) created without a round count: the first
pairing computes it from the entries (IBF 3.1.3)."""


MAX_MATCH_LENGTH = 99
"""The longest backgammon match the ledger takes (the rules guide's matches are to 3 game-wins, 5.13;
point matches run to 25 or so): a bound against typing slips, not a rule."""


def check_tiebreaks(codes: tuple[str, ...]) -> None:
    """Refuse unknown or repeated tie-break codes, listing the valid ones."""
    unknown = [code for code in codes if tiebreak_description(code) is None]
    if unknown:
        raise InvalidInput(
            f"unknown tie-break code(s) {', '.join(unknown)}; valid codes: {', '.join(TIEBREAK_CODES)}, "
            f"{KOYA_LIMIT_CODES} (p a percentage up to 100)"
        )
    repeated = sorted({code for code in codes if codes.count(code) > 1})
    if repeated:
        raise InvalidInput(f"tie-break code(s) {', '.join(repeated)} named twice; each counts once")


def check_options(options: Mapping[str, str]) -> None:
    """Refuse a value of an option the ledger reads itself: `max_half_byes` (docs/fide-mode.md, Q174) is a
    whole number, `acceleration` one of `pairing.fide.acceleration.METHODS` (Q106-108)."""
    if "max_half_byes" in options:
        parse_whole_number(options["max_half_byes"], "max_half_byes", 0, MAX_ROUNDS)
    method = options.get("acceleration") or "none"
    if method not in METHODS:
        raise InvalidInput(f"unknown acceleration {method!r}; methods: {', '.join(METHODS)}")
    try:
        explicit_points(options.get("virtual_points", ""))
    except ValueError as error:
        raise InvalidInput(str(error)) from None


def _checked_fide_mode(game: Game, system: str, wanted: bool | None) -> bool:
    """Q40: FIDE mode unless the arbiter says otherwise for a FIDE Swiss system; a chess round robin may opt
    in; no other system has a FIDE mode."""
    if wanted is None:
        return default_fide_mode(game.value, system)
    if wanted and (game is not Game.CHESS or system not in FIDE_MODE_MAY):
        raise InvalidInput(
            f"FIDE mode is for chess tournaments paired by {', '.join(sorted(FIDE_MODE_MAY))}, not {system}"
        )
    return wanted


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
    fide_mode: bool = False
    """Q40 (docs/fide-mode.md): the tournament was created in FIDE mode (`ledger.fide_mode`); leaving it is
    an event of its own (`Tournament.FideModeLeft`)."""

    @classmethod
    def for_game(
        cls,
        game: Game,
        system: str,
        rounds: int,
        *,
        scoring: Scoring | None = None,
        tiebreaks: tuple[str, ...] = (),
        fide_mode: bool | None = None,
        **more: Any,
    ) -> TournamentSettings:
        """Settings with the defaults an arbiter expects for `game` and `system`."""
        if system not in systems() or game.value not in games_of(system):
            raise InvalidInput(
                f"{system} is not a system for {game.value}; for {game.value} choose one of: "
                + ", ".join(systems_for(game.value))
            )
        if rounds == ROUNDS_FROM_ENTRIES and system not in bracket_systems():
            raise InvalidInput(f"{system} needs a number of rounds; only a bracket computes it from the entries")
        if not ROUNDS_FROM_ENTRIES <= rounds <= MAX_ROUNDS:
            raise InvalidInput(f"a tournament has 1 to {MAX_ROUNDS} rounds, not {rounds}")
        if not 1 <= more.get("match_length", 3) <= MAX_MATCH_LENGTH:
            raise InvalidInput(f"a match is played to 1 point at least and {MAX_MATCH_LENGTH} at most")
        check_tiebreaks(tiebreaks)
        check_rating_options(more.get("options", {}))
        fide_mode = _checked_fide_mode(game, system, fide_mode)
        settings = cls(
            game=game,
            system=system,
            rounds=rounds,
            scoring=scoring or _default_scoring(game, system),
            tiebreaks=tiebreaks or _default_tiebreaks(game, system),
            fide_mode=fide_mode,
            **more,
        )
        settings = evolve(settings, options=with_system_defaults(game, system, settings.options))
        check_options(settings.options)
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
            "fide_mode": self.fide_mode,
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
            fide_mode=settings.get("fide_mode", default_fide_mode(game, system)),
        )

    @classmethod
    def from_tournament(cls, tournament: Any) -> TournamentSettings:
        return cls.from_event(tournament.game, tournament.system, tournament.rounds, tournament.settings)
