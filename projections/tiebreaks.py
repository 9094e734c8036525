"""Tie-breaks: FIDE Handbook C.07 (edition applied from 1 March 2026), IBF Pairing Rules 4.10, tsh.

Pure functions of the players' round records; no I/O. Every value is *higher is better*, so a
standings table sorts each one descending (`projections/standings.py` does).

Source: the digest docs/research/fide/05-C07-tie-breaks.md, which gives the 2026 edition article by
article (Arts. 1-4 from the handbook page, the definitions from a secondary digest of the 2026 text
and the Gacrux reference implementation `tiebreak.py`), so articles are numbered and quoted as it
gives them. Implemented, with the article each follows (`TIEBREAKS` below lists the codes):

- Art. 6 DE (6.1.1 forfeits excluded, 6.1.2 repeated games averaged, 6.2 sub-standings, 6.3), and DE-P
  (6.1.1 with forfeits included: "they count as played", MTB26 `/P`);
- Art. 7 WIN (7.1), WON (7.2), BPG (7.3), BWG (7.4), PS (7.5) and PS-C1, REP (7.6), STD (7.7), TPN
  (7.8, sorted ascending: its value is the pairing number negated);
- Art. 8 BH (8.1) with the Art. 14 modifiers Cut-1, Cut-2, Median-1 and Median-2 (BH-C1, BH-C2, BH-M1,
  BH-M2), AOB (8.2; AOB-F reads it with FB, as 2026 allows), FB (8.3) and FB-C1;
- Art. 9 SB (9.1) and SB-C1, KS (9.2, the 50 % threshold) with the 14.5 Limit modifier (`KS-L60`,
  `KS-L+1`: `ledger.settings.KoyaLimit`);
- Art. 10 ARO (10.1) and ARO-C1, TPR (10.2, with the B.02 8.1.1 dp table), PTP (10.3, with B.02 8.1.2
  at full scale), APRO (10.4), APPO (10.5), RTNG (10.6, descending);
- Arts. 15-16, unplayed rounds, as set out below.

Not implemented: the team (Art. 13) and knock-out (Art. 12) tie-breaks, and play-offs (Art. 3) themselves
(their outcome is entered as EXT); an unknown code is refused. Besides C.07: IBF Pairing Rules 4.7 and 4.10
(docs/rules/ibf-pairing-rules.txt) and tsh's standing order (docs/rules/tsh-pairing-systems.txt).

Unplayed rounds (C.07 Arts. 15-16, 2026):

- In a Swiss (15.3) Art. 16 applies to BH, SB and their modifiers: an opponent's score is their
  *adjusted* score (16.3: rounds of category 16.2.5 count as draws), and each of the player's own
  unplayed rounds is a game against a *dummy* whose score is the player's own score, capped (16.4, 2026)
  at the scheduled opponent's adjusted score for a forfeit and at draw points x rounds otherwise.
- With pre-determined pairings (a round robin, 15.2) forfeits are regular games, except that all
  forfeits stay unplayed for the rating-based tie-breaks and forfeit losses stay unplayed for the
  type-B ones. A round without an opponent there (the rest round of an odd field) contributes nothing.

Readings where the digest leaves a choice (the module's rules, to be published with the tie-break list):

- "Number of rounds" in 16.4 is `TiebreakContext.rounds`, the rounds completed so far.
- "Draw points" is `Scoring.draw` for every game, so in backgammon (draw = 0) a category-16.2.5 round
  counts 0 and a bye's dummy is capped at 0.
- An unplayed round with no bye (absent, withdrawn) is a zero-point bye, hence a requested bye (16.1).
- A game without a result yet counts as a paired game for BH/SB/KS with 0 points, and is left out of
  DE, ARO, TPR and AOR until it has one.
- Art. 10 drops rating tie-breaks when unrated players are present "unless detailed rules" exist. Ours,
  two methods the tournament chooses: opponents rated 0 (unrated) are left out of ARO, TPR and AOR (a
  player with no rated game gets 0), or, with option `unrated_rating=R`, they count as rated R (0 or
  a rating floor, as Gacrux's `-u` option).
- Art. 10 (2026), a player with more than one rating during the event: the first rating is used, unless
  a long event chooses `rating_tiebreaks=per-round` (each game reads the opponent's rating of that round).
- EXT (Art. 3, 4.1): the arbiter's entered value (a play-off's outcome), 0 for a player without one.
- LOT (4.2, "draw lots"): a lot per player drawn with the tournament's seed, so the draw repeats.
- TPR (10.2): p is rounded to a whole percentage, 0.5 up, before the B.02 8.1.1 table is read.
- DE (Art. 6) ranks; its value here is the number of tied players it places below the player (0 for a
  player alone on their score). The tied players are those equal on points and on every tie-break
  before DE in the list (4.2, "each subgroup of participants still tied"). 6.3 applies whenever the
  tied players have not all met, in any system.
- KS (9.2): "the maximum possible score" is a win's points x the rounds in a Swiss (a bye can score a
  win), and x the largest number of games any player was paired for, forfeits included, with
  pre-determined pairings (a round robin's rest round scores nothing). 14.5's half-point step is a
  draw's points (`Scoring.draw`).
- Scrabble: SPREAD counts a bye's or forfeit's scores as entered (tsh's `bye_spread`), else 0; OWINS
  and AOR read games played only (tsh records a forfeit as a bye, against no opponent). AOR is the
  average opponent *rating* (tsh's own "AOR" is the average opponent *ranking*).
- STD (7.7): a round with an opponent compares the two players' points of that round, so a double
  forfeit is an equal round (½); a game without a result yet counts 0.
- FB (8.3): a final-round forfeit or game without a result is a "paired game", so it counts as a
  draw too; a final-round bye keeps its points.
- AOB (8.2) and AOB-F are not rounded; APRO (10.4) and APPO (10.5) leave out an opponent with no TPR or
  PTP (no rated game), and read the games ARO does.
- SB-C1: the least significant value is the product of the lowest-scored opponent (the lowest product
  among equal scores); 16.5 compares the products, the lowest VUR's (the VUR of the lowest-scored dummy,
  the lowest product among equal scores) with it, and cuts the higher.
- Backgammon: WINS-REAL counts forfeit wins (their opponent is real); only byes are virtual.

The dp table is B.02 8.1.1 as printed in the handbook (the digest points to Gacrux `fidetables.py`,
which carries the same values).
"""

from __future__ import annotations

from bisect import bisect_right
from collections import defaultdict
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from fractions import Fraction
from functools import cached_property, partial

from attrs import evolve, field, frozen
from attrs.validators import ge, in_, instance_of

from ledger.ranking import drawn_lot
from ledger.ratings import rating_in_round
from ledger.settings import KOYA_LIMIT_CODES, TIEBREAK_CODES, KoyaLimit, koya_limit
from pairing.fide.common.rating import DP_BY_PERCENTAGE, PD_UPPER_BOUNDS, full_scale_scoring_percentage
from pairing.ibf.credits import coefficients
from pairing.model import ByeKind, Entrant, Outcome, PlayerStatus, RoundRecord, Scoring, Side

GAMES = ("chess", "backgammon", "scrabble")


@frozen(kw_only=True)
class TiebreakContext:
    """What the tie-breaks need to know about the tournament besides its players."""

    game: str = field(validator=in_(GAMES))
    """One of `GAMES`: "chess", "backgammon" or "scrabble"."""
    scoring: Scoring = field(validator=instance_of(Scoring))
    """The tournament's points table."""
    rounds: int = field(validator=ge(0))
    """Rounds completed so far: every player's history (`Participant.records`) holds exactly rounds 1..rounds."""
    round_robin: bool = False
    """Pre-determined pairings (C.07 15.2) rather than a Swiss (15.3)."""
    seed: int = 0
    """The tournament's recorded seed: LOT's drawing of lots (C.07 4.2), the same every time."""
    unrated_rating: int | None = None
    """The rating an unrated opponent counts as in ARO, TPR and AOR (option `unrated_rating`, e.g. 0);
    None leaves games against unrated opponents out."""
    later_ratings: tuple[tuple[int, int, int], ...] = ()
    """(player, first round, rating): the ratings a long event's rating-based tie-breaks read per round
    (option `rating_tiebreaks=per-round`); empty: every game reads the first rating (C.07 Art. 10)."""
    external: tuple[tuple[int, float], ...] = ()
    """(player, value): the arbiter's `EXT` values (docs/fide-mode.md, Q207); a player not listed counts 0."""


# --- The crosstable as the tie-breaks read it -----------------------------------------------------------


@frozen
class Participant:
    """A player as the tie-breaks and the standings read them: besides who they are, the opponent of each
    round as one column and the round's record as another. Made from an `Entrant` (`Participant.of`, its
    history as the records), or by the ledger's standings from the rounds' records of the seated shared by
    the players of a round with the same result (`projections.history.participants`): a record's own
    `opponent` is therefore never read here, the column `opponents` is."""

    number: int
    pairing_number: int
    name: str
    rating: int
    score: float
    withdrawn: bool
    opponents: tuple[int | None, ...]
    """The opponent of each round 1..n: None for a bye or a round without a pairing."""
    records: tuple[RoundRecord, ...]
    """The record of each round 1..n: all but its `opponent` (`opponents` has it)."""
    entrant: Entrant | None = field(default=None, eq=False)
    """The entrant it was made from (IBF 4.7's coefficients read entrants), if any."""

    @classmethod
    def of(cls, entrant: Entrant) -> Participant:
        """The participant of `entrant`."""
        return cls(
            number=entrant.number,
            pairing_number=entrant.pairing_number,
            name=entrant.name,
            rating=entrant.rating,
            score=entrant.score,
            withdrawn=entrant.status is PlayerStatus.WITHDRAWN,
            opponents=tuple(r.opponent for r in entrant.history),
            records=entrant.history,
            entrant=entrant,
        )

    @property
    def rounds(self) -> Iterator[tuple[int | None, RoundRecord]]:
        """(opponent, record) of each round, in order."""
        return zip(self.opponents, self.records, strict=True)

    @property
    def met(self) -> tuple[int, ...]:
        """The opponents of the rounds with one, in order (`Entrant.opponents`)."""
        return tuple(opponent for opponent in self.opponents if opponent is not None)

    @property
    def games_played(self) -> int:
        """Games played over the board and with a result: what a standings row counts as games."""
        return len([o for o, r in self.rounds if r.outcome is not None and r.played and o is not None])


def _is_requested_bye(opponent: int | None, record: RoundRecord) -> bool:
    """16.1: "a requested bye is a half-point or zero-point bye"; "every round after a withdrawal is a
    zero-point bye", and so is any round in which the player was not paired."""
    return opponent is None and record.bye in (ByeKind.HALF_POINT, ByeKind.ZERO_POINT, None)


def _is_forfeit(opponent: int | None, record: RoundRecord) -> bool:
    return opponent is not None and not record.played


def _is_voluntary_unplayed_round(opponent: int | None, record: RoundRecord) -> bool:
    """16.1: a VUR "is a requested bye or a forfeit loss"."""
    return _is_requested_bye(opponent, record) or (_is_forfeit(opponent, record) and record.outcome is Outcome.LOSS)


@frozen
class Contribution:
    """One round's term in a Buchholz-type sum."""

    value: float
    voluntary: bool = False
    """The round is a VUR of the player's own, which 16.5 cuts first."""


@frozen
class Crosstable:
    """The players by number, with the context: what every tie-break function reads."""

    players: Mapping[int, Participant]
    context: TiebreakContext
    games: Mapping[int, int]
    """Player number -> the games the player was paired for, forfeits included."""
    _direct_encounter_below: dict[tuple[tuple[int, ...], bool], dict[int, int]] = field(
        factory=dict, init=False, eq=False
    )
    _koya_thresholds: dict[KoyaLimit, float] = field(factory=dict, init=False, eq=False)
    _koya_participants: dict[KoyaLimit, frozenset[int]] = field(factory=dict, init=False, eq=False)
    _performances: dict[tuple[TiebreakFunction, int], float] = field(factory=dict, init=False, eq=False)

    @classmethod
    def of(cls, players: Sequence[Entrant], context: TiebreakContext, previous: Crosstable | None = None) -> Crosstable:
        """The crosstable of `players`; ValueError when a player appears twice, has not one record per
        round, or met someone who is not among them. A player who is the very entrant of `previous` (a
        crosstable of the same rounds, whose players are all still there) was checked and counted there."""
        by_number = {player.number: player for player in players}
        if len(by_number) != len(players):
            cls._refuse(players, context)
        known, known_games = _checked(previous, context, by_number)
        participants: dict[int, Participant] = {}
        games: dict[int, int] = {}
        for number, player in by_number.items():
            participant = known.get(number)
            if participant is not None and participant.entrant is player:
                participants[number], games[number] = participant, known_games[number]
                continue
            participants[number] = Participant.of(player)
            games[number] = cls._counted(participants[number], context, by_number.keys(), players)
        return cls(participants, context, games)

    @classmethod
    def of_participants(cls, participants: Sequence[Participant], context: TiebreakContext) -> Crosstable:
        """The crosstable of `participants`, checked as `of` checks entrants."""
        by_number = {participant.number: participant for participant in participants}
        if len(by_number) != len(participants):
            cls._refuse(participants, context)
        games = {
            number: cls._counted(participant, context, by_number.keys(), participants)
            for number, participant in by_number.items()
        }
        return cls(by_number, context, games)

    @classmethod
    def _counted(
        cls,
        participant: Participant,
        context: TiebreakContext,
        numbers: Collection[int],
        players: Sequence[Entrant] | Sequence[Participant],
    ) -> int:
        """The games `participant` was paired for, forfeits included, once checked: one record per round,
        against opponents among `numbers` (else `_refuse`)."""
        opponents = participant.opponents
        met = set(opponents)
        met.discard(None)
        if len(opponents) != context.rounds or len(participant.records) != context.rounds or not met <= numbers:
            cls._refuse(players, context)
        return len(opponents) - opponents.count(None)

    @property
    def most_games(self) -> int:
        """The largest number of games any player was paired for, forfeits included."""
        return max(self.games.values(), default=0)

    @staticmethod
    def _refuse(players: Sequence[Entrant] | Sequence[Participant], context: TiebreakContext) -> None:
        """Raise the ValueError naming the first inconsistency of `players`."""
        numbers: set[int] = set()
        for player in players:
            if player.number in numbers:
                raise ValueError(f"player {player.number} appears twice")
            history = player.history if isinstance(player, Entrant) else player.opponents
            if len(history) != context.rounds:
                raise ValueError(f"player {player.number} has {len(history)} round records, expected {context.rounds}")
            numbers.add(player.number)
        for player in players:
            rounds = player.rounds if isinstance(player, Participant) else Participant.of(player).rounds
            for opponent, record in rounds:
                if opponent is not None and opponent not in numbers:
                    raise ValueError(
                        f"round {record.round}: opponent {opponent} of player {player.number} is not among the players"
                    )

    def opponent_rating(self, opponent: int, round_number: int) -> int | None:
        """The rating an opponent counts with in a round's game for ARO, TPR and AOR: their first rating,
        or their rating of that round (`TiebreakContext.later_ratings`); an unrated one (0) counts as
        `TiebreakContext.unrated_rating`, None when unrated opponents are left out."""
        rating = rating_in_round(self.players[opponent].rating, self.later_ratings.get(opponent, {}), round_number)
        return rating if rating > 0 else self.context.unrated_rating

    @cached_property
    def external_values(self) -> Mapping[int, float]:
        """Player number -> the arbiter's `EXT` value (`TiebreakContext.external`)."""
        return dict(self.context.external)

    @cached_property
    def later_ratings(self) -> Mapping[int, Mapping[int, int]]:
        """Player number -> {first round: rating} (`TiebreakContext.later_ratings`)."""
        later: dict[int, dict[int, int]] = defaultdict(dict)
        for player, first_round, rating in sorted(self.context.later_ratings):
            later[player][first_round] = rating
        return later

    def counts_as_game(self, opponent: int | None, record: RoundRecord) -> bool:
        """A game for BH, SB, KS and DE: played, or (15.2) a forfeit with pre-determined pairings."""
        return opponent is not None and (record.played or self.context.round_robin)

    def counts_as_played_for_own_record(self, opponent: int | None, record: RoundRecord) -> bool:
        """A played game for the type-B tie-breaks (Art. 7). 15.2 (2026): in a round robin forfeits
        are regular games, but "forfeit losses stay unplayed for type-B tie-breaks"."""
        if opponent is None:
            return False
        if record.played:
            return True
        return self.context.round_robin and record.outcome is Outcome.WIN

    @cached_property
    def adjusted_scores(self) -> Mapping[int, float]:
        """16.3: a player's score as their opponents see it. Rounds of category 16.2.5 ("requested bye
        followed only by VURs, or in the last round") count "as draws"; every other round counts the
        points actually awarded. Art. 16 is for a Swiss (15.3); in a round robin it is the score."""
        if self.context.round_robin:
            return {number: player.score for number, player in self.players.items()}
        draw = self.context.scoring.draw
        scores = {}
        for number, player in self.players.items():
            score = player.score
            only_unplayed_after = True  # every round after this one is a VUR
            for opponent, record in reversed(list(player.rounds)):
                if only_unplayed_after and _is_requested_bye(opponent, record):
                    score += draw - record.points
                only_unplayed_after = only_unplayed_after and _is_voluntary_unplayed_round(opponent, record)
            scores[number] = score
        return scores

    def dummy_score(self, player: Participant, opponent: int | None) -> float:
        """16.4: an own unplayed round is a game against a dummy scored as the player's own score,
        capped (2026) "for forfeits (.2, .4), at the scheduled opponent's adjusted score (16.3); for all
        other unplayed rounds, at draw points x number of rounds"."""
        if opponent is not None:
            cap = self.adjusted_scores[opponent]
        else:
            cap = self.context.scoring.draw * self.context.rounds
        return min(player.score, cap)

    def buchholz_terms(self, player: Participant) -> list[tuple[float, bool, RoundRecord]]:
        """(opponent's or dummy's score, is a VUR, record) for each round that enters BH and SB."""
        terms = []
        round_robin, adjusted, counts_as_game = self.context.round_robin, self.adjusted_scores, self.counts_as_game
        for opponent, record in player.rounds:
            if opponent is not None and counts_as_game(opponent, record):
                terms.append((adjusted[opponent], False, record))
            elif not round_robin:
                terms.append(
                    (self.dummy_score(player, opponent), _is_voluntary_unplayed_round(opponent, record), record)
                )
        return terms

    @cached_property
    def score_groups(self) -> Mapping[float, list[int]]:
        groups: dict[float, list[int]] = defaultdict(list)
        for number, player in self.players.items():
            groups[player.score].append(number)
        return groups

    def direct_encounter_below(self, number: int, *, forfeits_played: bool = False) -> int:
        """How many players on `number`'s score Art. 6 places below them; `forfeits_played`: 6.1.1 with
        forfeits included, counted as played."""
        group = self.score_groups[self.players[number].score]
        return self.direct_encounter_in(group, forfeits_played=forfeits_played)[number]

    def direct_encounter_in(self, group: Collection[int], *, forfeits_played: bool = False) -> Mapping[int, int]:
        """Player of `group` -> how many players of `group` Art. 6 places below them (each group is
        ranked once)."""
        key = (tuple(sorted(group)), forfeits_played)
        if key not in self._direct_encounter_below:
            self._direct_encounter_below[key] = self._rank_group(list(key[0]), forfeits_played)
        return self._direct_encounter_below[key]

    def _rank_group(self, group: list[int], forfeits_played: bool) -> dict[int, int]:
        members = set(group)
        encounters: dict[tuple[int, int], list[float]] = defaultdict(list)
        counts_as_game = self.counts_as_game
        for number in group:
            for opponent, record in self.players[number].rounds:
                # 6.1.1: forfeits are excluded in a Swiss "unless the regulations say otherwise" (then "they
                # count as played"); 15.2 makes them regular games in a round robin.
                if (
                    opponent in members
                    and record.outcome is not None
                    and (forfeits_played or counts_as_game(opponent, record))
                ):
                    encounters[number, opponent].append(record.points)
        # 6.1.2: "Players who met more than once contribute the average score of their games."
        average = {pair: sum(points) / len(points) for pair, points in encounters.items()}
        places = _direct_encounter_places(group, average, self.context.scoring.win)
        ordered = sorted(places.values())
        return {number: len(ordered) - bisect_right(ordered, places[number]) for number in group}

    @cached_property
    def ibf_coefficients(self) -> Mapping[int, float]:
        """IBF 4.7 coefficients of every player (`pairing.ibf.credits`), read from their entrants (the
        ledger's standings make participants with their entrants when IBF-C is on the list)."""
        entrants = [player.entrant for player in self.players.values()]
        if None in entrants:
            raise ValueError("IBF-C reads the players' entrants: a crosstable of entrants (`Crosstable.of`)")
        return coefficients([entrant for entrant in entrants if entrant is not None])

    def performance(self, performance: TiebreakFunction, player: Participant) -> float:
        """`performance` (TPR or PTP, C.07 10.2-10.3) of `player`, computed once: APRO and APPO (10.4-10.5)
        read every opponent's, so each player's is read once per opponent."""
        key = (performance, player.number)
        if key not in self._performances:
            self._performances[key] = performance(player, self)
        return self._performances[key]

    def koya_threshold(self, limit: KoyaLimit) -> float:
        """9.2: 50 % of the maximum possible score (see the module docstring for the maximum), or the limit
        14.5 sets: `limit.percent` % of it, moved by `limit.steps` draws' points; computed exactly (60 % of
        9 is 5.4, not 0.6 x 9 = 5.3999...), then rounded once to the float the scores are compared with."""
        if limit not in self._koya_thresholds:
            scoring = self.context.scoring
            maximum = Fraction(scoring.win) * self.koya_most_wins
            self._koya_thresholds[limit] = float(maximum * limit.percent / 100 + Fraction(scoring.draw) * limit.steps)
        return self._koya_thresholds[limit]

    def koya_participants(self, limit: KoyaLimit) -> frozenset[int]:
        """9.2: the numbers of the participants who finished at or above `koya_threshold(limit)`, found once
        per limit (KS reads them for every round of every player)."""
        if limit not in self._koya_participants:
            threshold = self.koya_threshold(limit)
            self._koya_participants[limit] = frozenset(n for n, p in self.players.items() if p.score >= threshold)
        return self._koya_participants[limit]

    @property
    def koya_most_wins(self) -> int:
        """9.2's maximum possible score in wins: with pre-determined pairings (15.2), the largest number
        of games any player was paired for (an odd round robin's rest round scores nothing); in a Swiss,
        every round, since a bye can score a win too (7.1)."""
        return self.most_games if self.context.round_robin else self.context.rounds

    @cached_property
    def fore(self) -> Crosstable:
        """8.3 FB: this crosstable "as if all paired games for the final round had ended in draws": every
        final-round record with an opponent (a game without a result yet, or a forfeit, too) becomes a
        played draw worth `Scoring.draw`, and the score follows; byes and absences stay as they are."""
        draw = self.context.scoring.draw
        return Crosstable.of_participants(
            [_final_round_drawn(player, draw) for player in self.players.values()], self.context
        )


def _checked(
    previous: Crosstable | None, context: TiebreakContext, by_number: Mapping[int, Entrant]
) -> tuple[Mapping[int, Participant], Mapping[int, int]]:
    """The players of `previous` and their games, where its checks still hold (the same rounds, and all
    its players still there); else none."""
    if previous is None or previous.context.rounds != context.rounds or not previous.players.keys() <= by_number.keys():
        return {}, {}
    return previous.players, previous.games


def _final_round_drawn(player: Participant, draw: float) -> Participant:
    """The player with a final-round record that has an opponent made a played draw worth `draw` (8.3)."""
    if not player.opponents or player.opponents[-1] is None:
        return player
    last = player.records[-1]
    drawn = evolve(last, outcome=Outcome.DRAW, points=draw, played=True)
    return evolve(player, score=player.score - last.points + draw, records=(*player.records[:-1], drawn), entrant=None)


def _direct_encounter_places(group: list[int], average: Mapping[tuple[int, int], float], win: float) -> dict[int, int]:
    """Art. 6 within `group`: player -> number of group players placed strictly above them."""
    if len(group) == 1:
        return {group[0]: 0}
    members = set(group)
    met: dict[int, list[int]] = {p: [] for p in group}
    for p, q in average:
        if p in members and q in members:
            met[p].append(q)
    points = {p: sum(average[p, q] for q in met[p]) for p in group}
    places: dict[int, int] = {}
    if all(len(met[p]) == len(group) - 1 for p in group):
        # 6.2: "rank by these sub-standings and reapply DE to any remaining sub-ties".
        levels = sorted(set(points.values()), reverse=True)
        if len(levels) == 1:
            return dict.fromkeys(group, 0)
        above = 0
        by_level: dict[float, list[int]] = defaultdict(list)
        for p in group:
            by_level[points[p]].append(p)
        for level in levels:
            tied = by_level[level]
            for p, place in _direct_encounter_places(tied, average, win).items():
                places[p] = above + place
            above += len(tied)
        return places
    # 6.3: a player alone at the top "whatever the outcome of the missing games" ranks first; then
    # the same test for second place, and so on. A missing game may still be won.
    best_case = {p: points[p] + win * (len(group) - 1 - len(met[p])) for p in group}
    remaining = list(group)
    while len(remaining) > 1:
        top = max(remaining, key=lambda p: points[p])
        if not all(points[top] > best_case[q] for q in remaining if q != top):
            break
        places[top] = len(places)
        remaining.remove(top)
    above = len(places)
    if len(remaining) < len(group):
        shared = _direct_encounter_places(remaining, average, win)
    else:
        shared = dict.fromkeys(remaining, 0)
    for p, place in shared.items():
        places[p] = above + place
    return places


def _cut(contributions: list[Contribution], *, lowest: int, highest: int = 0) -> float:
    """Cut-n and Median-n (Art. 14), with the 16.5 exception: "when Cut/Median removes the least
    significant value of a player who has VURs, remove the lowest VUR contribution instead, as long as
    such contribution is not lower than the least significant value". The lowest values go first,
    then the highest ("in that order"); the exception is for the lowest only."""
    remaining = sorted(contributions, key=lambda c: c.value)
    for _ in range(min(lowest, len(remaining))):
        least = remaining[0]
        voluntary = [c for c in remaining if c.voluntary]
        if voluntary and voluntary[0].value >= least.value:
            least = voluntary[0]
        remaining.remove(least)
    for _ in range(min(highest, len(remaining))):
        remaining.pop()
    return sum(c.value for c in remaining)


def _round_half_up(value: Fraction) -> int:
    """The nearest integer, "the higher, if the division ends for 0.5" (C.04.4.1 1.6.1, C.07 10.1)."""
    return int((value * 2 + 1) // 2)


# --- Art. 6: Direct Encounter (type A) ------------------------------------------------------------------


def direct_encounter(player: Participant, table: Crosstable) -> float:
    """C.07 6: "Among the tied players, sum each player's points from games against the other tied
    players, and rank by that sum" (6.1.1 forfeits excluded, 6.1.2 repeated games averaged, 6.2
    sub-ties reapplied, 6.3 a player first only "whatever the outcome of the missing games").
    The value is the number of players on the same score that DE places below this one; in a list,
    `_direct_encounter_among_still_tied` ranks only the players the tie-breaks before it leave tied."""
    return float(table.direct_encounter_below(player.number))


def _direct_encounter_among_still_tied(
    table: Crosstable, codes: Sequence[str], rows: Mapping[int, list[float]], scope: Collection[int] | None = None
) -> None:
    """C.07 4.2 (2026): after the first tie-break, the next one applies "for each subgroup of participants
    still tied", and DE (Art. 6, type A: "a subset of games among the tied players") is the one whose value
    depends on that subgroup. Each DE or DE-P of `codes` (4.3 allows it more than once) is set in `rows`
    for the players equal on points and on every value before it, ranked among themselves; only the
    groups with a player of `scope` (every group when None). Found by the cross-check against Gacrux
    (benchmarks/tiebreak_cross_check.py): with WIN before DE, DE had ranked the whole score group."""
    for index, code in enumerate(codes):
        if code not in SCORE_GROUP:
            continue
        groups: dict[tuple[float, ...], list[int]] = defaultdict(list)
        for number, row in rows.items():
            groups[(table.players[number].score, *row[:index])].append(number)
        for group in groups.values():
            if scope is not None and scope.isdisjoint(group):
                continue
            below = table.direct_encounter_in(group, forfeits_played=code == "DE-P")
            for number in group:
                rows[number][index] = float(below[number])


def direct_encounter_forfeits_played(player: Participant, table: Crosstable) -> float:
    """C.07 6.1.1, DE-P (MTB26 `DE/P`): `direct_encounter` with forfeits included: "Forfeits are excluded
    unless the regulations say otherwise. If they are included, they count as played", so a forfeit win
    is a won encounter and a forfeit loss (or a double forfeit) a lost one."""
    return float(table.direct_encounter_below(player.number, forfeits_played=True))


# --- Art. 7: the player's own results (type B) --------------------------------------------------------


def number_of_wins(player: Participant, table: Crosstable) -> float:
    """C.07 7.1 WIN: the rounds in which the player obtained a win's points, "with or without playing":
    forfeit wins, full-point byes and a pairing-allocated bye worth a win count."""
    win = table.context.scoring.win
    return float(len([r for r in player.records if r.points >= win]))


def number_of_games_won(player: Participant, table: Crosstable) -> float:
    """C.07 7.2 WON: games won over the board (in a round robin, forfeit wins too: 15.2)."""
    return float(
        sum(1 for o, r in player.rounds if r.outcome is Outcome.WIN and table.counts_as_played_for_own_record(o, r))
    )


def number_of_games_played_with_black(player: Participant, table: Crosstable) -> float:
    """C.07 7.3 BPG: games played over the board with Black (`Side.SECOND`)."""
    return float(
        sum(1 for o, r in player.rounds if r.side is Side.SECOND and table.counts_as_played_for_own_record(o, r))
    )


def progressive_scores(player: Participant, table: Crosstable) -> float:
    """C.07 7.5 PS: "the sum of the cumulative score after each round"."""
    total = cumulative = 0.0
    for record in player.records:
        cumulative += record.points
        total += cumulative
    return total


def progressive_scores_cut_1(player: Participant, table: Crosstable) -> float:
    """C.07 7.5 with Cut-1 (Art. 14), PS-C1: "drops the round-1 cumulative score"."""
    return progressive_scores(player, table) - sum(r.points for r in player.records[:1])


def number_of_games_won_with_black(player: Participant, table: Crosstable) -> float:
    """C.07 7.4 BWG: "games won over the board with Black" (`Side.SECOND`), as BPG counts them."""
    return float(
        sum(
            1
            for o, r in player.rounds
            if r.side is Side.SECOND and r.outcome is Outcome.WIN and table.counts_as_played_for_own_record(o, r)
        )
    )


def rounds_one_elected_to_play(player: Participant, table: Crosstable) -> float:
    """C.07 7.6 REP: "rounds - (half-point byes + zero-point byes + forfeit losses)": the rounds that are
    not a VUR (16.1; a round without a game or bye, absent or withdrawn, is a zero-point bye there)."""
    return float(sum(1 for o, r in player.rounds if not _is_voluntary_unplayed_round(o, r)))


def standard_points(player: Participant, table: Crosstable) -> float:
    """C.07 7.7 (2026) STD: 1 for each round "won" ("scored more than the opponent, or more than a draw
    without playing") and ½ for each equal round, whatever the points table. A round with an opponent
    compares the two players' points of that round (a double forfeit is an equal round); one without
    compares the points with a draw's; a game without a result yet counts 0."""
    total = 0.0
    for opponent, record in player.rounds:
        if opponent is not None and record.played and record.outcome is None:
            continue
        if opponent is None:
            other = table.context.scoring.draw
        else:
            other = table.players[opponent].records[record.round - 1].points
        total += 1.0 if record.points > other else 0.5 if record.points == other else 0.0
    return total


def tournament_pairing_number(player: Participant, table: Crosstable) -> float:
    """C.07 7.8 (2026) TPN, sorted by ascending pairing number (`Entrant.pairing_number`): the value is
    the pairing number negated, so the descending sort ranks the lowest number first."""
    return float(-player.pairing_number)


# --- Art. 8: Buchholz (type C) --------------------------------------------------------------------------


def _buchholz_contributions(player: Participant, table: Crosstable) -> list[Contribution]:
    return [Contribution(score, voluntary) for score, voluntary, _ in table.buchholz_terms(player)]


def buchholz(player: Participant, table: Crosstable) -> float:
    """C.07 8.1 BH: "the sum of the (adjusted) final scores of the player's opponents, plus a dummy
    value for each of the player's own unplayed rounds (Art. 16)"."""
    return sum(score for score, _, _ in table.buchholz_terms(player))


def buchholz_cut_1(player: Participant, table: Crosstable) -> float:
    """C.07 8.1 with Cut-1: "drops the lowest contribution", subject to 16.5."""
    return _cut(_buchholz_contributions(player, table), lowest=1)


def buchholz_cut_2(player: Participant, table: Crosstable) -> float:
    """C.07 8.1 with Cut-2: "drops the two lowest", subject to 16.5."""
    return _cut(_buchholz_contributions(player, table), lowest=2)


def buchholz_median_1(player: Participant, table: Crosstable) -> float:
    """C.07 8.1 with Median-1: "drops the lowest and the highest, in that order", subject to 16.5."""
    return _cut(_buchholz_contributions(player, table), lowest=1, highest=1)


def buchholz_median_2(player: Participant, table: Crosstable) -> float:
    """C.07 8.1 with Median-2 (Art. 14): "drops the two lowest and the two highest", subject to 16.5."""
    return _cut(_buchholz_contributions(player, table), lowest=2, highest=2)


def fore_buchholz(player: Participant, table: Crosstable) -> float:
    """C.07 8.3 FB: Buchholz computed "as if all paired games for the final round had ended in draws"
    (`Crosstable.fore`), Art. 16 applying to it as to BH."""
    fore = table.fore
    return buchholz(fore.players[player.number], fore)


def fore_buchholz_cut_1(player: Participant, table: Crosstable) -> float:
    """C.07 8.3 FB with Cut-1 (Art. 14; Art. 5 allows Cut-1 for FB): drops the lowest contribution,
    subject to 16.5."""
    fore = table.fore
    return _cut(_buchholz_contributions(fore.players[player.number], fore), lowest=1)


def _average_over_opponents_played(player: Participant, table: Crosstable, value: TiebreakFunction) -> float:
    """The average of `value` over the opponents played over the board, each game counting (4.4); not
    rounded (the digest gives none for AOB); 0 without such a game."""
    opponents = [o for o, r in player.rounds if o is not None and r.played]
    if not opponents:
        return 0.0
    return sum(value(table.players[number], table) for number in opponents) / len(opponents)


def average_of_opponents_buchholz(player: Participant, table: Crosstable) -> float:
    """C.07 8.2 AOB: "the average of the Buchholz of the opponents played over the board"."""
    return _average_over_opponents_played(player, table, buchholz)


def average_of_opponents_fore_buchholz(player: Participant, table: Crosstable) -> float:
    """C.07 8.2 AOB read with FB (8.3), which the 2026 edition allows ("it may use FB instead"; MTB26
    `AOB/F`): the average of the opponents' Fore Buchholz."""
    return _average_over_opponents_played(player, table, fore_buchholz)


# --- Art. 9: Sonneborn-Berger and Koya (type BC) ------------------------------------------------------


def sonneborn_berger(player: Participant, table: Crosstable) -> float:
    """C.07 9.1 SB: "Σ over rounds of (opponent's final adjusted score x points the player scored
    against that opponent)"; "unplayed rounds follow Art. 16" (the dummy scores the player's points)."""
    return sum([score * record.points for score, _, record in table.buchholz_terms(player)])


def sonneborn_berger_cut_1(player: Participant, table: Crosstable) -> float:
    """C.07 9.1 with Cut-1 (Art. 14), SB-C1 (2024-08): "drop the product for the opponent with the lowest
    score. If several opponents share that score, drop the lowest of their products"; 16.5 for SB:
    "compare the lowest VUR contribution with the least significant value and cut the higher of the two".
    The lowest VUR contribution is found as the least significant value is, by the (dummy's) score, then
    the product: lowest by the product alone, a forfeit loss's 0 always won, so the exception never cut
    another VUR (found by the cross-check against Gacrux, benchmarks/tiebreak_cross_check.py)."""
    terms = [(score * record.points, score, voluntary) for score, voluntary, record in table.buchholz_terms(player)]
    if not terms:
        return 0.0
    least = min(terms, key=lambda term: (term[1], term[0]))
    voluntary = [term for term in terms if term[2]]
    if voluntary:
        lowest_vur = min(voluntary, key=lambda term: (term[1], term[0]))
        if lowest_vur[0] >= least[0]:
            least = lowest_vur
    return sum(term[0] for term in terms) - least[0]


KOYA_HALF = KoyaLimit()
"""9.2's limit: 50 % of the maximum possible score."""


def koya_system(player: Participant, table: Crosstable, limit: KoyaLimit = KOYA_HALF) -> float:
    """C.07 9.2 KS: "points scored against all participants who finished with ≥ 50 % of the maximum
    possible score". For round robins. `limit`: the 14.5 Limit modifier (`KS-L60`, `KS-L+1`)."""
    counted, counts_as_game = table.koya_participants(limit), table.counts_as_game
    return sum([r.points for o, r in player.rounds if o in counted and counts_as_game(o, r)])


# --- Art. 10: rating-based (type D) ---------------------------------------------------------------------


def conversion_dp(p: Fraction) -> int:
    """B.02 8.1.1: dp for the fractional score p, read at p rounded to a whole percentage, 0.5 up."""
    return DP_BY_PERCENTAGE[_round_half_up(p * 100)]


_RATING_RESULT = {Outcome.WIN: Fraction(1), Outcome.DRAW: Fraction(1, 2), Outcome.LOSS: Fraction(0)}


def _rated_games(player: Participant, table: Crosstable) -> list[tuple[int, Fraction]]:
    """(opponent's rating, result 1/½/0) for games played over the board, with a result, against an
    opponent with a rating to count (`Crosstable.opponent_rating`). 15.2 (2026): "all forfeits stay
    unplayed for rating-based tie-breaks"."""
    games = []
    for opponent, r in player.rounds:
        if opponent is None or not r.played or r.outcome is None:
            continue
        rating = table.opponent_rating(opponent, r.round)
        if rating is not None:
            games.append((rating, _RATING_RESULT[r.outcome]))
    return games


def _average_rating(games: list[tuple[int, Fraction]]) -> int:
    return _round_half_up(Fraction(sum(rating for rating, _ in games), len(games))) if games else 0


def average_rating_of_opponents(player: Participant, table: Crosstable) -> float:
    """C.07 10.1 ARO: "the average rating of opponents played over the board, rounded to the nearest
    integer with 0.5 rounded up"."""
    return float(_average_rating(_rated_games(player, table)))


def tournament_performance_rating(player: Participant, table: Crosstable) -> float:
    """C.07 10.2 TPR: "ARO + dp(p)", p = "the fractional score in over-the-board games (points ÷
    games)", dp from the B.02 8.1.1 table."""
    games = _rated_games(player, table)
    if not games:
        return 0.0
    p = Fraction(sum(result for _, result in games), len(games))
    return float(_average_rating(games) + conversion_dp(p))


def average_rating_of_opponents_cut_1(player: Participant, table: Crosstable) -> float:
    """C.07 10.1 with Cut-1 (Art. 14), ARO-C1: "drops the lowest-rated opponent", then averages and rounds
    as ARO (0 when no rated game remains)."""
    games = sorted(_rated_games(player, table))
    return float(_average_rating(games[1:]))


def own_rating(player: Participant, table: Crosstable) -> float:
    """C.07 10.6 (2026) RTNG: "the player's own rating", the first one (Art. 10, 2026: "the first rating
    is used"); sorted descending. An unrated player counts as `TiebreakContext.unrated_rating`, or 0."""
    if player.rating > 0:
        return float(player.rating)
    return float(table.context.unrated_rating or 0)


def _expected_percentage(rating: int, ratings: list[int]) -> int:
    """Σ PD(rating - opponent's rating) over the opponents' `ratings`, in hundredths, PD from B.02 8.1.2
    at full scale."""
    return sum(full_scale_scoring_percentage(rating - opponent) for opponent in ratings)


def perfect_tournament_performance(player: Participant, table: Crosstable) -> float:
    """C.07 10.3 PTP: "the lowest integer rating R such that Σ PD(R - R_opp) ≥ the player's OTB score",
    PD from the B.02 8.1.2 table at full scale ("no ±400 cap"); "a zero score gives PTP = lowest
    opponent rating - 800". Over the games ARO and TPR read; 0 without one."""
    games = _rated_games(player, table)
    if not games:
        return 0.0
    ratings = [rating for rating, _ in games]
    score = sum(result for _, result in games)
    low = min(ratings) - 800
    if score == 0:
        return float(low)
    high = max(ratings) + PD_UPPER_BOUNDS[-1] + 1  # every PD is 1 there: Σ = the games, ≥ any score
    percentage = score * 100
    while low < high:  # Σ PD grows with R: the lowest R reaching the score
        middle = (low + high) // 2
        if _expected_percentage(middle, ratings) >= percentage:
            high = middle
        else:
            low = middle + 1
    return float(low)


def _average_performance_of_opponents(player: Participant, table: Crosstable, performance: TiebreakFunction) -> float:
    """The average of `performance` (TPR or PTP) over the opponents played over the board, rounded with
    0.5 up as ARO; an opponent without one (no rated game of their own) is left out, 0 when none is left."""
    opponents = [table.players[o] for o, r in player.rounds if o is not None and r.played and r.outcome is not None]
    values = [int(table.performance(performance, opponent)) for opponent in opponents if _rated_games(opponent, table)]
    return float(_round_half_up(Fraction(sum(values), len(values)))) if values else 0.0


def average_performance_rating_of_opponents(player: Participant, table: Crosstable) -> float:
    """C.07 10.4 APRO: the average of the TPR (10.2) of the opponents played over the board, "rounded with
    0.5 up"."""
    return _average_performance_of_opponents(player, table, tournament_performance_rating)


def average_perfect_performance_of_opponents(player: Participant, table: Crosstable) -> float:
    """C.07 10.5 APPO: the average of the PTP (10.3) of the opponents played over the board, "rounded with
    0.5 up"."""
    return _average_performance_of_opponents(player, table, perfect_tournament_performance)


# --- Scrabble (tsh) -------------------------------------------------------------------------------------


def spread(player: Participant, table: Crosstable) -> float:
    """tsh: "Spread = myscore - oppscore", summed over rounds. A bye counts the score it was entered
    with (tsh records it against opponent 0 with `bye_spread`, e.g. +50, or -50 for a forfeit); a
    round with no scores entered counts 0."""
    return float(
        sum(
            r.score_for - r.score_against
            for r in player.records
            if r.score_for is not None and r.score_against is not None
        )
    )


def average_opponent_rating(player: Participant, table: Crosstable) -> float:
    """Average rating of the opponents played, rounded as ARO (C.07 10.1). Not tsh's "Average Opponent
    Ranking", which averages the opponents' final *rankings*."""
    return float(_average_rating(_rated_games(player, table)))


def _tsh_wins(player: Participant) -> float:
    """tsh `Synch`: a game is ½(1 + sign(spread)), a tie being half a win; a bye with a positive score
    is a win (the ledger gives such a bye the outcome WIN), a zero or negative one is not."""
    return float(sum(_RATING_RESULT[r.outcome] for r in player.records if r.outcome is not None))


def opponents_wins(player: Participant, table: Crosstable) -> float:
    """tsh's "Sum of Opponent Scores": the wins of the opponents played (a forfeit is a bye in tsh,
    against opponent 0, so it brings no opponent)."""
    return sum(_tsh_wins(table.players[o]) for o, r in player.rounds if o is not None and r.played)


# --- Backgammon (IBF) -----------------------------------------------------------------------------------


def ibf_coefficient(player: Participant, table: Crosstable) -> float:
    """IBF 4.7: the opponents' scores, a "plus" (bye) "credited with the smallest number of points scored by
    any player", a withdrawn opponent's remaining games at "the average result of those players with whom
    they were in the same score group at the time of withdrawal" (`pairing.ibf.credits`)."""
    return table.ibf_coefficients[player.number]


def wins_not_against_virtual_opponents(player: Participant, table: Crosstable) -> float:
    """IBF Pairing Rules 4.10: "The number of wins (a win against a virtual opponent does not count)".
    A bye is a virtual opponent; a forfeit win is against a real one and counts."""
    return float(sum(1 for o, r in player.rounds if o is not None and r.outcome is Outcome.WIN))


def drawing_of_lots(player: Participant, table: Crosstable) -> float:
    """C.07 4.2: "when the list is exhausted, draw lots": the player's lot drawn with the tournament's
    seed (`ledger.ranking.drawn_lot`), the same at every reading; the highest lot ranks first."""
    return drawn_lot(table.context.seed, player.number)


def external_value(player: Participant, table: Crosstable) -> float:
    """C.07 Art. 3 ("play-offs") and 4.1 (the regulations define the tie-breaks): the value the arbiter
    entered for the player, e.g. a play-off's or a tie-break match's points (docs/fide-mode.md, Q207);
    0 for a player without one, so an entry only ranks its players among those equal before it."""
    return table.external_values.get(player.number, 0.0)


# --- Registry -------------------------------------------------------------------------------------------

TiebreakFunction = Callable[[Participant, Crosstable], float]

_FUNCTIONS: dict[str, TiebreakFunction] = {
    "BH": buchholz,
    "BH-C1": buchholz_cut_1,
    "BH-C2": buchholz_cut_2,
    "BH-M1": buchholz_median_1,
    "BH-M2": buchholz_median_2,
    "SB": sonneborn_berger,
    "DE": direct_encounter,
    "WIN": number_of_wins,
    "WON": number_of_games_won,
    "BPG": number_of_games_played_with_black,
    "PS": progressive_scores,
    "KS": koya_system,
    "ARO": average_rating_of_opponents,
    "TPR": tournament_performance_rating,
    "SPREAD": spread,
    "AOR": average_opponent_rating,
    "OWINS": opponents_wins,
    "IBF-C": ibf_coefficient,
    "WINS-REAL": wins_not_against_virtual_opponents,
    "EXT": external_value,
    "LOT": drawing_of_lots,
    "BWG": number_of_games_won_with_black,
    "REP": rounds_one_elected_to_play,
    "STD": standard_points,
    "TPN": tournament_pairing_number,
    "PS-C1": progressive_scores_cut_1,
    "SB-C1": sonneborn_berger_cut_1,
    "ARO-C1": average_rating_of_opponents_cut_1,
    "RTNG": own_rating,
    "FB": fore_buchholz,
    "FB-C1": fore_buchholz_cut_1,
    "AOB": average_of_opponents_buchholz,
    "AOB-F": average_of_opponents_fore_buchholz,
    "APRO": average_performance_rating_of_opponents,
    "PTP": perfect_tournament_performance,
    "APPO": average_perfect_performance_of_opponents,
    "DE-P": direct_encounter_forfeits_played,
}
"""Code -> its computation; the codes and their articles are `ledger.settings.TIEBREAK_CODES`."""

TIEBREAKS = TIEBREAK_CODES
"""Code -> one-line description with its article (the ledger's vocabulary, re-exported)."""
"""Code -> one-line description with its article."""


OWN_AND_OPPONENTS_RECORDS = frozenset(
    {"BH", "BH-C1", "BH-C2", "BH-M1", "SB", "KS", "WIN", "WON", "BPG", "PS", "ARO", "TPR"}
    | {"SPREAD", "AOR", "OWINS", "WINS-REAL", "LOT"}
    | {"BH-M2", "SB-C1", "BWG", "REP", "STD", "TPN", "PS-C1", "ARO-C1", "RTNG"}
)
"""Codes whose value reads only the player's own records and their opponents' (scores, adjusted scores,
records, ratings), besides the context and KS's threshold."""
SCORE_GROUP = frozenset({"DE", "DE-P"})
"""Codes whose value reads the player's score group: who is on the same score, and their games."""
READ_FROM_ENTRANTS = frozenset({"IBF-C"})
"""Codes whose value reads the players' entrants (`Participant.entrant`; IBF 4.7, `pairing.ibf.credits`)."""


def _functions(codes: Sequence[str]) -> list[TiebreakFunction]:
    """The functions of `codes`. Unknown code -> ValueError naming the known codes."""
    functions = [_function(code) for code in codes]
    unknown = [code for code, function in zip(codes, functions, strict=True) if function is None]
    if unknown:
        raise ValueError(
            f"unknown tie-break code(s) {', '.join(map(repr, unknown))}; known codes: {', '.join(TIEBREAKS)}, "
            f"{KOYA_LIMIT_CODES}"
        )
    return [function for function in functions if function is not None]


def _function(code: str) -> TiebreakFunction | None:
    """The function of one code: a fixed code's, or KS with the Limit a `KS-L...` code gives (14.5)."""
    if code in _FUNCTIONS:
        return _FUNCTIONS[code]
    limit = koya_limit(code)
    return None if limit is None else partial(koya_system, limit=limit)


def _family(code: str) -> str:
    """The fixed code whose inputs `code` reads: KS for a `KS-L...` code, else the code itself."""
    return "KS" if koya_limit(code) is not None else code


def compute_tiebreaks(
    players: Sequence[Entrant],
    codes: Sequence[str],
    context: TiebreakContext,
    only: Collection[int] | None = None,
) -> dict[int, tuple[float, ...]]:
    """Player number -> the values of `codes`, in order (for the players in `only`, if given).
    Unknown code -> ValueError naming the known codes."""
    values = tiebreaks_of(Crosstable.of(players, context), codes)
    return values if only is None else {number: values[number] for number in only}


def tiebreaks_of(table: Crosstable, codes: Sequence[str]) -> dict[int, tuple[float, ...]]:
    """`compute_tiebreaks` of every player of a crosstable already made."""
    functions = _functions(codes)
    rows = {
        number: [
            0.0 if code in SCORE_GROUP else float(f(player, table)) for code, f in zip(codes, functions, strict=True)
        ]
        for number, player in table.players.items()
    }
    _direct_encounter_among_still_tied(table, codes, rows)
    return {number: tuple(row) for number, row in rows.items()}


def updated_tiebreaks(
    table: Crosstable,
    codes: Sequence[str],
    previous: Mapping[int, tuple[float, ...]],
    previous_scores: Mapping[int, float],
    changed: Collection[int],
) -> dict[int, tuple[float, ...]]:
    """`tiebreaks_of(table, codes)`, knowing `previous`: the values (and `previous_scores`, the scores)
    of the same players, context and KS threshold before the players in `changed` had their results
    changed. Only what such a change can reach is computed: for `OWN_AND_OPPONENTS_RECORDS`, the
    changed players and their opponents; for `SCORE_GROUP`, the subgroups (4.2) with a player on a score
    a changed player left or joined, or on the score of one of those opponents (whose values before DE
    may have changed), and, after a code of the whole field, every subgroup; for any other code (IBF-C
    reads the whole field), everyone."""
    functions = _functions(codes)
    players = table.players
    near = set(changed).union(*(players[number].met for number in changed))
    scores = {previous_scores[number] for number in changed} | {players[number].score for number in near}
    group = {number for score in scores for number in table.score_groups.get(score, ())}
    whole_field = [_family(code) not in OWN_AND_OPPONENTS_RECORDS | SCORE_GROUP for code in codes]
    rows = {number: list(row) for number, row in previous.items()}
    for index, (code, f) in enumerate(zip(codes, functions, strict=True)):
        if code in SCORE_GROUP:
            continue
        for number in players.keys() if whole_field[index] else near:
            rows[number][index] = float(f(players[number], table))
    if SCORE_GROUP.intersection(codes):
        first = min(codes.index(code) for code in SCORE_GROUP.intersection(codes))
        _direct_encounter_among_still_tied(table, codes, rows, None if any(whole_field[:first]) else group)
    return {number: tuple(row) for number, row in rows.items()}
