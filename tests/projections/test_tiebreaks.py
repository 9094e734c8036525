"""Tie-breaks (C.07 2026 as digested in research/fide/05-C07-tie-breaks.md; IBF 4.10; tsh).

Each worked case is a small crosstable whose numbers follow by hand from the article quoted; the hand
computation sits beside the assertion. Crosstables are written as {round: entries}:

    "1-4 1-0"   player 1 (first side, White) beats 4; also "0-1", "=", "?" (no result yet)
    "4-2 +-"    forfeit: 4 wins, 2 loses without playing; also "-+", "--" (both lose)
    "1-2 420:380"   a Scrabble game with both scores; the outcome follows from them
    "5 PAB"     a bye (PAB, FPB, HPB, ZPB), optionally with tsh's bye score: "5 PAB 50:0"

A player named in no entry of a round was not paired (absent or withdrawn).
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pytest
from attrs import evolve
from hypothesis import assume, given
from hypothesis import strategies as st

from ledger.application import PlayerDetails
from ledger.errors import InvalidInput
from ledger.results import Game
from ledger.settings import KoyaLimit, TournamentSettings, check_tiebreaks, koya_limit
from pairing.fide.common.rating import PD_UPPER_BOUNDS, full_scale_scoring_probability
from pairing.model import ByeKind, Entrant, Outcome, RoundRecord, Scoring, Side
from projections.standings import standings
from projections.tiebreaks import (
    DP_BY_PERCENTAGE,
    TIEBREAKS,
    Crosstable,
    TiebreakContext,
    compute_tiebreaks,
    conversion_dp,
    updated_tiebreaks,
)
from tui.wiring import open_ledger

Schedule = dict[int, list[str]]
ONE_HALF_ZERO = Scoring()

GAME = re.compile(r"^(\d+)-(\d+) (\S+)$")
BYE = re.compile(r"^(\d+) (PAB|FPB|HPB|ZPB)(?: (-?\d+):(\d+))?$")
SCORES = re.compile(r"^(\d+):(\d+)$")
BYE_KINDS = {
    "PAB": ByeKind.PAIRING_ALLOCATED,
    "FPB": ByeKind.FULL_POINT,
    "HPB": ByeKind.HALF_POINT,
    "ZPB": ByeKind.ZERO_POINT,
}
OUTCOMES = {
    "1-0": (Outcome.WIN, Outcome.LOSS),
    "0-1": (Outcome.LOSS, Outcome.WIN),
    "=": (Outcome.DRAW, Outcome.DRAW),
}
FORFEITS = {
    "+-": (Outcome.WIN, Outcome.LOSS),
    "-+": (Outcome.LOSS, Outcome.WIN),
    "--": (Outcome.LOSS, Outcome.LOSS),
}


def _points(outcome: Outcome | None, played: bool, scoring: Scoring) -> float:
    if outcome is None:
        return 0.0
    if not played:
        return scoring.forfeit_win if outcome is Outcome.WIN else scoring.forfeit_loss
    return {Outcome.WIN: scoring.win, Outcome.DRAW: scoring.draw, Outcome.LOSS: scoring.loss}[outcome]


def _game_records(entry: str, round_number: int, scoring: Scoring) -> dict[int, RoundRecord]:
    first, second, result = GAME.match(entry).groups()  # type: ignore[union-attr]
    scores: tuple[int | None, int | None] = (None, None)
    if result in FORFEITS:
        outcomes, played = FORFEITS[result], False
    elif result == "?":
        outcomes, played = (None, None), True
    elif match := SCORES.match(result):
        scores = (int(match[1]), int(match[2]))
        sign = (scores[0] > scores[1]) - (scores[0] < scores[1])
        outcomes, played = OUTCOMES[{1: "1-0", 0: "=", -1: "0-1"}[sign]], True
    else:
        outcomes, played = OUTCOMES[result], True
    records = {}
    for me, opponent, side, outcome, score_for, score_against in (
        (int(first), int(second), Side.FIRST, outcomes[0], scores[0], scores[1]),
        (int(second), int(first), Side.SECOND, outcomes[1], scores[1], scores[0]),
    ):
        records[me] = RoundRecord(
            round=round_number,
            opponent=opponent,
            side=side if played else None,  # as projections/history.py records a forfeit
            outcome=outcome,
            points=_points(outcome, played, scoring),
            played=played,
            score_for=score_for,
            score_against=score_against,
        )
    return records


def _bye_record(entry: str, round_number: int, scoring: Scoring) -> tuple[int, RoundRecord]:
    number, kind, score_for, score_against = BYE.match(entry).groups()  # type: ignore[union-attr]
    points = scoring.for_bye(BYE_KINDS[kind])
    return int(number), RoundRecord(
        round=round_number,
        opponent=None,
        side=None,
        outcome=Outcome.WIN if points >= scoring.win else None,
        points=points,
        played=False,
        bye=BYE_KINDS[kind],
        score_for=None if score_for is None else int(score_for),
        score_against=None if score_against is None else int(score_against),
    )


def crosstable(
    schedule: Schedule, *, players: int, ratings: dict[int, int] | None = None, scoring: Scoring = ONE_HALF_ZERO
) -> list[Entrant]:
    """Entrants 1..players with one record per round of `schedule`; the score is the sum of points."""
    history: dict[int, list[RoundRecord]] = defaultdict(list)
    for round_number in range(1, len(schedule) + 1):
        records: dict[int, RoundRecord] = {}
        for entry in schedule[round_number]:
            if GAME.match(entry):
                records.update(_game_records(entry, round_number, scoring))
            else:
                number, record = _bye_record(entry, round_number, scoring)
                records[number] = record
        for number in range(1, players + 1):
            history[number].append(
                records.get(number)
                or RoundRecord(round=round_number, opponent=None, side=None, outcome=None, points=0.0, played=False)
            )
    return [
        Entrant(
            number=number,
            pairing_number=number,
            name=f"P{number}",
            rating=(ratings or {}).get(number, 0),
            score=sum(r.points for r in history[number]),
            history=tuple(history[number]),
        )
        for number in range(1, players + 1)
    ]


def values(
    players: list[Entrant],
    code: str,
    *,
    game: str = "chess",
    round_robin: bool = False,
    scoring: Scoring = ONE_HALF_ZERO,
) -> dict[int, float]:
    rounds = len(players[0].history)
    context = TiebreakContext(game=game, scoring=scoring, rounds=rounds, round_robin=round_robin)
    return {number: v[0] for number, v in compute_tiebreaks(players, [code], context).items()}


# --- The Swiss used by most cases --------------------------------------------------------------------
# 6 players, 4 rounds, 1/½/0. Round 2: 4 wins by forfeit against 2, 3 takes a half-point bye, 5 the
# PAB. Player 3 withdraws after round 3 (unpaired in round 4); 6 gets the PAB in round 4.
SWISS: Schedule = {
    1: ["1-4 1-0", "2-5 =", "3-6 0-1"],
    2: ["6-1 0-1", "4-2 +-", "3 HPB", "5 PAB"],
    3: ["1-5 =", "2-3 1-0", "4-6 0-1"],
    4: ["1-2 =", "4-5 0-1", "6 PAB"],
}
SWISS_RATINGS = {1: 2000, 2: 1900, 3: 1800, 4: 1700, 5: 1600, 6: 1500}
# Scores: 1: 1+1+½+½ = 3   2: ½+0+1+½ = 2   3: 0+½+0+0 = ½   4: 0+1+0+0 = 1   5: ½+1+½+1 = 3
#         6: 1+0+1+1 = 3   (total 12½ = 3 + 3½ + 3 + 3 points handed out per round)
# Adjusted scores (16.3): 3's round-4 absence is a requested bye in the last round (16.2.5), so it
# counts as a draw: 3 -> ½ - 0 + ½ = 1. 3's round-2 HPB is followed by a played game (16.2.3): actual.
# 2's forfeit loss is 16.2.4: actual. Adjusted: {1: 3, 2: 2, 3: 1, 4: 1, 5: 3, 6: 3}.
# Dummy cap for byes and absences (16.4, 2026): draw points x rounds = ½ x 4 = 2.


def swiss() -> list[Entrant]:
    return crosstable(SWISS, players=6, ratings=SWISS_RATINGS)


def test_players_scores_in_the_swiss_crosstable() -> None:
    """The helper: Entrant.score is the sum of the round points."""
    assert {p.number: p.score for p in swiss()} == {1: 3, 2: 2, 3: 0.5, 4: 1, 5: 3, 6: 3}


def test_bh_8_1_adjusted_opponent_scores_and_capped_dummies() -> None:
    """C.07 8.1 BH: "the sum of the (adjusted) final scores of the player's opponents, plus a dummy
    value for each of the player's own unplayed rounds (Art. 16)"; 16.4 (2026) caps the dummy."""
    assert values(swiss(), "BH") == {
        1: 9.0,  # opponents 4, 6, 5, 2: 1 + 3 + 3 + 2
        2: 8.0,  # 5: 3; forfeit loss to 4: dummy min(own 2, adj(4) 1) = 1; 3: adj 1; 1: 3
        3: 6.0,  # 6: 3; HPB: dummy min(own ½, 2) = ½; 2: 2; absent: min(½, 2) = ½
        4: 10.0,  # 1: 3; forfeit win over 2: min(own 1, adj(2) 2) = 1; 6: 3; 5: 3
        5: 8.0,  # 2: 2; PAB: min(own 3, 2) = 2 (9 under the uncapped 2023/2024 rule); 1: 3; 4: 1
        6: 7.0,  # 3: adjusted 1 (his actual score is ½); 1: 3; 4: 1; PAB: min(3, 2) = 2
    }


def test_16_3_withdrawn_players_later_rounds_count_as_draws_for_their_opponents() -> None:
    """C.07 16.3.2: rounds of category 16.2.5 (requested bye "followed only by VURs, or in the last
    round"; "every round after a withdrawal is a zero-point bye") count as draws for the opponents."""
    table = crosstable(
        {
            1: ["1-4 1-0", "2-3 ="],
            2: ["1-2 1-0", "3 PAB"],  # 4 has withdrawn: unpaired from round 2 on
            3: ["1-3 =", "2 PAB"],
        },
        players=4,
    )
    # Scores: 1: 2½, 2: ½+0+1 = 1½, 3: ½+1+½ = 2, 4: 0. adj(4) = 0 + ½ + ½ = 1 (both absences are
    # requested byes followed only by VURs). Dummy cap for byes: ½ x 3 = 1½.
    # BH(1) = adj(4) 1 + 2's 1½ + 3's 2 = 4½ (3½ with 4's actual score).
    # BH(2) = 3's 2 + 1's 2½ + PAB min(own 1½, 1½) = 6.   BH(3) = 2's 1½ + PAB min(2, 1½) + 1's 2½ = 5½.
    # BH(4) = 1's 2½ + two absences, each a dummy min(own 0, 1½) = 0: 2½.
    assert values(table, "BH") == {1: 4.5, 2: 6.0, 3: 5.5, 4: 2.5}


def test_16_4_forfeit_dummy_is_capped_at_the_scheduled_opponents_score() -> None:
    """C.07 16.4 (2026): the dummy's score is the player's own score, capped "for forfeits (.2, .4),
    at the scheduled opponent's adjusted score (16.3)"."""
    table = crosstable({1: ["1-2 +-", "3-4 1-0"], 2: ["1-3 1-0", "2-4 0-1"]}, players=4)
    # Scores: 1: 2, 2: 0, 3: 1, 4: 1.
    # BH(1): forfeit win over 2 -> min(own 2, adj(2) 0) = 0 (2 under 2023/2024); 3: 1. Total 1.
    # BH(2): forfeit loss to 1 -> min(own 0, 2) = 0; 4: 1. Total 1.
    # BH(3): 4: 1 + 1: 2 = 3.   BH(4): 3: 1 + 2: 0 = 1.
    assert values(table, "BH") == {1: 1.0, 2: 1.0, 3: 3.0, 4: 1.0}
    # SB(1) = dummy 0 x 1 + 3's 1 x 1 = 1.
    assert values(table, "SB")[1] == 1.0


def test_cut_1_cut_2_median_1_on_the_swiss() -> None:
    """C.07 8.1 with Cut-1 ("drops the lowest contribution"), Cut-2 ("the two lowest") and Median-1
    ("the lowest and the highest, in that order"), Art. 14 and 16.5."""
    players = swiss()
    # Contributions from the BH test, lowest first (v = a VUR's dummy):
    # 1: 1 2 3 3   2: 1 1v 3 3   3: ½v ½v 2 3   4: 1 3 3 3   5: 1 2 2 3   6: 1 1 2 3
    # 2 and 3 cut a VUR first (16.5), which here has the same value as the lowest.
    assert values(players, "BH-C1") == {1: 8.0, 2: 7.0, 3: 5.5, 4: 9.0, 5: 7.0, 6: 6.0}
    assert values(players, "BH-C2") == {1: 6.0, 2: 6.0, 3: 5.0, 4: 6.0, 5: 5.0, 6: 5.0}
    # Median-1 = Cut-1 minus the highest remaining: 8-3, 7-3, 5½-3, 9-3, 7-3, 6-3.
    assert values(players, "BH-M1") == {1: 5.0, 2: 4.0, 3: 2.5, 4: 6.0, 5: 4.0, 6: 3.0}


def test_16_5_cut_removes_the_lowest_vur_contribution_instead() -> None:
    """C.07 16.5: "when Cut/Median removes the least significant value of a player who has VURs,
    remove the lowest VUR contribution instead, as long as such contribution is not lower than the
    least significant value"."""
    table = crosstable(
        {
            1: ["1-2 1-0", "3-4 0-1", "5 PAB"],
            2: ["1 HPB", "4-5 1-0", "2-3 1-0"],
            3: ["4-1 0-1", "5-2 1-0", "3 ZPB"],
        },
        players=5,
    )
    # Scores: 1: 1+½+1 = 2½, 2: 0+1+0 = 1, 3: 0, 4: 1+1+0 = 2, 5: 1+0+1 = 2.
    # adj(3) = ½ (a ZPB in the last round counts as a draw, 16.3.2).
    # BH(1): 2: 1; HPB: dummy min(2½, ½ x 3) = 1½ (a VUR); 4: 2. BH = 4½.
    # Cut-1 removes the VUR's 1½ (not below the least significant 1): 3, not 3½.
    # Cut-2 then removes 1: 2. Median-1: 3 minus the highest (2): 1.
    assert [values(table, code)[1] for code in ("BH", "BH-C1", "BH-C2", "BH-M1")] == [4.5, 3.0, 2.0, 1.0]
    # BH(3): 4: 2, 2: 1, ZPB: min(0, 1½) = 0 (a VUR, and also the least significant value) = 3; Cut-1: 3.
    assert values(table, "BH")[3] == 3.0
    assert values(table, "BH-C1")[3] == 3.0


def test_sb_9_1_on_the_swiss() -> None:
    """C.07 9.1 SB: "Σ over rounds of (opponent's final adjusted score x points the player scored
    against that opponent)"; unplayed rounds follow Art. 16 (the dummy times the points awarded)."""
    assert values(swiss(), "SB") == {
        1: 6.5,  # 4: 1x1 + 6: 3x1 + 5: 3x½ + 2: 2x½ = 1 + 3 + 1½ + 1
        2: 4.0,  # 5: 3x½ + forfeit loss: 1x0 + 3: 1x1 + 1: 3x½ = 1½ + 0 + 1 + 1½
        3: 0.25,  # 6: 3x0 + HPB: ½x½ + 2: 2x0 + absent: ½x0
        4: 1.0,  # 1: 3x0 + forfeit win: 1x1 + 6: 3x0 + 5: 3x0
        5: 5.5,  # 2: 2x½ + PAB: 2x1 + 1: 3x½ + 4: 1x1 = 1 + 2 + 1½ + 1
        6: 4.0,  # 3: 1x1 + 1: 3x0 + 4: 1x1 + PAB: 2x1
    }


def test_win_7_1_counts_wins_with_or_without_playing() -> None:
    """C.07 7.1 WIN: rounds in which the player obtained a win's points, "with or without playing"."""
    # 1: rounds 1, 2. 2: round 3. 3: none. 4: the forfeit win. 5: PAB, round 4. 6: rounds 1, 3, PAB.
    assert values(swiss(), "WIN") == {1: 2, 2: 1, 3: 0, 4: 1, 5: 2, 6: 3}


def test_won_7_2_counts_games_won_over_the_board() -> None:
    """C.07 7.2 WON: "games won over the board" (no forfeit win, no bye)."""
    assert values(swiss(), "WON") == {1: 2, 2: 1, 3: 0, 4: 0, 5: 1, 6: 2}


def test_bpg_7_3_counts_games_played_with_black() -> None:
    """C.07 7.3 BPG: "games played over the board with Black" (the second-named player)."""
    # Black: round 1: 4, 5, 6; round 2: 1 (2's forfeit does not count); round 3: 5, 3, 6; round 4: 2, 5.
    assert values(swiss(), "BPG") == {1: 1, 2: 1, 3: 1, 4: 1, 5: 3, 6: 2}


def test_ps_7_5_sums_the_cumulative_scores() -> None:
    """C.07 7.5 PS: "the sum of the cumulative score after each round"."""
    # 1: 1+2+2½+3 = 8½   2: ½+½+1½+2 = 4½   3: 0+½+½+½ = 1½   4: 0+1+1+1 = 3   5: ½+1½+2+3 = 7
    # 6: 1+1+2+3 = 7
    assert values(swiss(), "PS") == {1: 8.5, 2: 4.5, 3: 1.5, 4: 3.0, 5: 7.0, 6: 7.0}


def test_aro_10_1_and_tpr_10_2_on_the_swiss() -> None:
    """C.07 10.1 ARO: opponents "played over the board", "rounded to the nearest integer with 0.5
    rounded up"; 10.2 TPR = ARO + dp(p), p = points ÷ games over the board, dp from B.02 8.1.1."""
    players = swiss()
    assert values(players, "ARO") == {
        1: 1675,  # (1700 + 1500 + 1600 + 1900) / 4
        2: 1800,  # (1600 + 1800 + 2000) / 3; the forfeit does not count
        3: 1700,  # (1500 + 1900) / 2
        4: 1700,  # (2000 + 1500 + 1600) / 3
        5: 1867,  # (1900 + 2000 + 1700) / 3 = 1866.67; the PAB does not count
        6: 1833,  # (1800 + 2000 + 1700) / 3 = 1833.33
    }
    assert values(players, "TPR") == {
        1: 1868,  # p = 3/4 = 75 % -> dp 193: 1675 + 193
        2: 1925,  # p = 2/3 = 66.7 % -> 67 % -> dp 125
        3: 900,  # p = 0 -> dp -800
        4: 900,
        5: 1992,  # 1867 + 125
        6: 1958,  # 1833 + 125
    }


def test_aro_10_1_rounds_half_up_and_leaves_out_unrated_opponents_forfeits_and_byes() -> None:
    """C.07 10.1, "0.5 rounded up"; Art. 10 leaves unrated opponents to the regulations: ours leave
    them out (see the module docstring); 15.2: forfeits are unplayed for rating-based tie-breaks."""
    table = crosstable(
        {1: ["1-2 1-0", "3 PAB"], 2: ["1-3 =", "2-4 +-"], 3: ["1-4 0-1", "2-3 ="]},
        players=4,
        ratings={1: 2000, 2: 1900, 3: 1901, 4: 0},
    )
    # ARO(1) = (1900 + 1901) / 2 = 1900.5 -> 1901 (4 is unrated). ARO(2) = (2000 + 1901) / 2 -> 1951.
    # ARO(3) = (2000 + 1900) / 2 = 1950 (the PAB is no game). ARO(4) = 2000 (the forfeit does not count).
    assert values(table, "ARO") == {1: 1901, 2: 1951, 3: 1950, 4: 2000}
    # TPR(1): p = 1½/2 = 75 % -> 193: 2094.  TPR(2): p = ½/2 = 25 % -> -193: 1758.
    # TPR(3): p = 50 % -> 0: 1950.  TPR(4): p = 1/1 -> 800: 2800.
    assert values(table, "TPR") == {1: 2094, 2: 1758, 3: 1950, 4: 2800}


def test_tpr_10_2_dp_table_is_b02_8_1_1() -> None:
    """B.02 8.1.1: p = 0 -> -800, p = 1 -> +800, .50 -> 0, symmetric; p = 1/8 = 12.5 % is read at 13 %."""
    assert len(DP_BY_PERCENTAGE) == 101
    assert all(DP_BY_PERCENTAGE[100 - i] == -DP_BY_PERCENTAGE[i] for i in range(101))
    assert tuple(sorted(DP_BY_PERCENTAGE)) == DP_BY_PERCENTAGE
    assert (conversion_dp(Fraction(0)), conversion_dp(Fraction(1)), conversion_dp(Fraction(1, 2))) == (-800, 800, 0)
    assert conversion_dp(Fraction(1, 8)) == -322  # .13 -> -322 in the handbook table
    assert conversion_dp(Fraction(2, 3)) == 125  # .67 -> 125


# --- Direct encounter ---------------------------------------------------------------------------------


def test_de_6_3_no_player_alone_at_the_top_whatever_the_missing_games() -> None:
    """C.07 6.3: with games missing, a player ranks first only if alone at the top "whatever the
    outcome of the missing games"."""
    # Tied on 3: 1, 5, 6. 1 beat 6 and drew 5; 5 and 6 never met. Points among them: 1: 1½, 5: ½,
    # 6: 0. Best cases: 5: ½ + 1 = 1½, 6: 0 + 1 = 1. 1's 1½ is not above 5's 1½: nobody is separated.
    # (Summing points alone would have put 1 first.) Everyone else is alone on their score.
    assert values(swiss(), "DE") == dict.fromkeys(range(1, 7), 0.0)


def test_de_6_3_a_player_alone_at_the_top_ranks_first() -> None:
    """C.07 6.3: "then the same test for second place, and so on"."""
    table = crosstable(
        {
            1: ["1-2 1-0", "3-4 1-0", "5-6 1-0"],
            2: ["1-3 1-0", "2-5 1-0", "4-6 ="],
            3: ["1-4 0-1", "2-6 1-0", "3-5 1-0"],
        },
        players=6,
    )
    # Scores: 1: 2, 2: 2, 3: 2, 4: 1½, 5: 1, 6: ½. Among 1, 2, 3: 1 has 2 (beat both); 2 and 3 have 0
    # and never met, so their best case is 1. 2 > 1: player 1 is first. Then 2 and 3: not met, 0 each,
    # best case 1 each: they share. Values: players placed below: 1 -> 2, 2 -> 0, 3 -> 0.
    assert values(table, "DE") == {1: 2, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0}


def test_q199_de_after_another_tiebreak_ranks_the_subgroup_still_tied_c07_4_2() -> None:
    """C.07 4.2 (2026): the next tie-break applies "for each subgroup of participants still tied", so DE
    after WIN ranks the players equal on points and wins (found by the cross-check against Gacrux,
    benchmarks/tiebreak_cross_check.py)."""
    table = crosstable({1: ["1-2 1-0", "3-4 =", "5-6 1-0"], 2: ["1-5 0-1", "2-6 1-0", "3-4 ="]}, players=6)
    # On 1 point: 1 (1 win), 2 (1 win), 3 and 4 (two draws). DE alone ranks all four: 1 beat 2 and 3-4
    # drew, but 3 could still beat 1 and 2 (6.3): nobody is alone at the top, 0 below anyone.
    # After WIN: {1, 2}, where 1 beat 2 (1 below 1), and {3, 4}, who drew twice (6.1.2: ½ each, tied).
    context = TiebreakContext(game="chess", scoring=ONE_HALF_ZERO, rounds=2)
    assert {n: v[0] for n, v in compute_tiebreaks(table, ["DE"], context).items()} == dict.fromkeys(range(1, 7), 0)
    after_win = compute_tiebreaks(table, ["WIN", "DE"], context)
    assert {n: v[1] for n, v in after_win.items()} == {1: 1, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0}


def test_de_6_1_1_forfeits_are_excluded_in_a_swiss() -> None:
    """C.07 6.1.1: "Forfeits are excluded unless the regulations say otherwise"."""
    table = crosstable({1: ["1-2 +-", "3-4 ="], 2: ["1-3 0-1", "2-4 1-0"]}, players=4)
    # Scores: 1: 1, 2: 1, 3: 1½, 4: ½. 1 and 2 met only by forfeit: not met; 0 each, best case 1: shared.
    assert values(table, "DE") == {1: 0, 2: 0, 3: 0, 4: 0}


def test_de_6_1_2_repeated_encounters_are_averaged() -> None:
    """C.07 6.1.2: "Players who met more than once contribute the average score of their games"."""
    table = crosstable(
        {1: ["1-2 1-0", "3-4 ="], 2: ["2-1 =", "4-3 ="], 3: ["1-3 0-1", "2-4 1-0"]},
        players=4,
    )
    # Scores: 1: 1+½+0 = 1½, 2: 0+½+1 = 1½, 3: 2, 4: 1. Tied 1, 2 met twice: 1 averages (1 + ½)/2 = ¾,
    # 2 averages ¼. All met (6.2): 1 is placed above 2.
    assert values(table, "DE") == {1: 1, 2: 0, 3: 0, 4: 0}


# --- A round robin ------------------------------------------------------------------------------------
# 6 players, Berger rounds. 2 wins round 3 against 6 by forfeit. Points among 1-4: 1 beat 2 and drew
# 3 and 4; 2 beat 3 and 4; 3 and 4 drew.
ROUND_ROBIN: Schedule = {
    1: ["1-6 =", "2-5 0-1", "3-4 ="],
    2: ["6-4 0-1", "5-3 0-1", "1-2 1-0"],
    3: ["2-6 +-", "3-1 =", "4-5 1-0"],
    4: ["6-5 0-1", "1-4 =", "2-3 1-0"],
    5: ["3-6 1-0", "4-2 0-1", "5-1 ="],
}
# Scores: 1: ½+1+½+½+½ = 3   2: 0+0+1+1+1 = 3   3: ½+1+½+0+1 = 3   4: ½+1+1+½+0 = 3   5: 1+0+0+1+½ = 2½
#         6: ½+0+0+0+0 = ½   (15 points for 15 games)


def round_robin() -> list[Entrant]:
    return crosstable(ROUND_ROBIN, players=6)


def test_de_6_2_sub_standings_then_reapplied_to_sub_ties() -> None:
    """C.07 6.2: "If all tied players met each other, rank by these sub-standings and reapply DE to
    any remaining sub-ties"."""
    # Tied on 3: 1, 2, 3, 4, all met. Points among them: 1: 1+½+½ = 2, 2: 0+1+1 = 2, 3: ½+0+½ = 1,
    # 4: 1. Sub-ties {1, 2} and {3, 4}: 1 beat 2; 3 and 4 drew and share.
    # Players placed below: 1 -> 3, 2 -> 2, 3 -> 0, 4 -> 0. 5 and 6 are alone on their scores.
    assert values(round_robin(), "DE", round_robin=True) == {1: 3, 2: 2, 3: 0, 4: 0, 5: 0, 6: 0}


def test_ks_9_2_points_against_players_with_half_the_maximum() -> None:
    """C.07 9.2 KS: "points scored against all participants who finished with ≥ 50 % of the maximum
    possible score"."""
    # Maximum 5 games x 1 = 5; 50 % = 2½: 1, 2, 3, 4 and 5 (exactly 2½) qualify, 6 does not.
    # 1: 2 (1) + 3 (½) + 4 (½) + 5 (½) = 2½        2: 5 (0) + 1 (0) + 3 (1) + 4 (1) = 2
    # 3: 4 (½) + 5 (1) + 1 (½) + 2 (0) = 2         4: 3 (½) + 5 (1) + 1 (½) + 2 (0) = 2
    # 5: 2 (1) + 3 (0) + 4 (0) + 1 (½) = 1½        6: 1 (½) = ½
    assert values(round_robin(), "KS", round_robin=True) == {1: 2.5, 2: 2.0, 3: 2.0, 4: 2.0, 5: 1.5, 6: 0.5}


def test_q199_ks_in_a_swiss_counts_every_round_in_the_maximum_possible_score_c07_9_2() -> None:
    """C.07 9.2 KS: "50 % of the maximum possible score". In a Swiss a bye scores a win too (7.1), so the
    maximum is every round's win even when nobody was paired in every round (found by the cross-check
    against Gacrux, benchmarks/tiebreak_cross_check.py)."""
    table = crosstable({1: ["1-2 1-0", "3 PAB"], 2: ["1-3 =", "2 PAB"], 3: ["2-3 0-1", "1 PAB"]}, players=3)
    # Scores: 1: 1 + ½ + 1 = 2½, 2: 0 + 1 + 0 = 1, 3: 1 + ½ + 1 = 2½. Maximum 3 rounds x 1 = 3; 50 % = 1½:
    # 1 and 3 qualify, 2 does not (two games each would have made it 1, and 2 would count).
    # KS(1): 2 (1, not counted) + 3 (½) = ½.  KS(2): 0.  KS(3): 1 (½) + 2 (1, not counted) = ½.
    assert values(table, "KS") == {1: 0.5, 2: 0.0, 3: 0.5}


def test_q199_ks_limit_moves_which_opponents_count_c07_9_2_14_5() -> None:
    """C.07 14.5, the Koya System's Limit: `KS-L60` counts the points against the participants on 60 % of
    the maximum possible score or more; `KS-L+n` (`KS-L-n`) moves 9.2's 50 % limit by n half-points."""
    # Maximum 5; 60 % = 3: 1, 2, 3 and 4 (3 each) qualify, 5 (2½) and 6 (½) do not.
    # 1: 2 (1) + 3 (½) + 4 (½) = 2        2: 1 (0) + 3 (1) + 4 (1) = 2        3: 4 (½) + 1 (½) + 2 (0) = 1
    # 4: 3 (½) + 1 (½) + 2 (0) = 1        5: 2 (1) + 3 (0) + 4 (0) + 1 (½) = 1½   6: 1 (½) = ½
    sixty = {1: 2.0, 2: 2.0, 3: 1.0, 4: 1.0, 5: 1.5, 6: 0.5}
    assert values(round_robin(), "KS-L60", round_robin=True) == sixty
    # 2½ + one half-point = 3: the same players qualify as at 60 %.
    assert values(round_robin(), "KS-L+1", round_robin=True) == sixty
    # 2½ - five half-points = 0, and a limit of 0 %: every opponent counts, so KS is the score (2's forfeit
    # win counts: with pre-determined pairings forfeits are regular games, 15.2).
    scores = {1: 3.0, 2: 3.0, 3: 3.0, 4: 3.0, 5: 2.5, 6: 0.5}
    assert values(round_robin(), "KS-L-5", round_robin=True) == scores
    assert values(round_robin(), "KS-L0", round_robin=True) == scores
    assert values(round_robin(), "KS-L50", round_robin=True) == values(round_robin(), "KS", round_robin=True)


def test_q199_ks_limit_codes_are_read_and_others_refused_c07_14_5() -> None:
    """The Limit is a percentage up to 100 or a signed number of half-point steps; anything else is not a
    code the ledger knows, and is refused naming the valid ones."""
    assert koya_limit("KS-L60") == KoyaLimit(percent=60)
    assert koya_limit("KS-L+2") == KoyaLimit(steps=2)
    assert koya_limit("KS-L-1") == KoyaLimit(steps=-1)
    assert [koya_limit(code) for code in ("KS-L101", "KS-L", "KS-L+", "KS-L1.5", "KS", "ks-l60")] == [None] * 6
    with pytest.raises(ValueError, match=r"unknown tie-break code\(s\) 'KS-L101'; known codes: .*KS-L<p>"):
        values(round_robin(), "KS-L101", round_robin=True)
    with pytest.raises(InvalidInput, match=r"valid codes: .*DE-P, KS-L<p>, KS-L\+<n>, KS-L-<n>"):
        check_tiebreaks(("KS-L101",))
    check_tiebreaks(("DE-P", "KS-L60", "KS-L+1"))


def test_q199_de_p_counts_forfeits_as_played_c07_6_1_1() -> None:
    """C.07 6.1.1: forfeits "are excluded unless the regulations say otherwise. If they are included, they
    count as played" (MTB26 `/P`): DE-P."""
    table = crosstable({1: ["1-2 +-", "3-4 ="], 2: ["1-3 0-1", "2-4 1-0"]}, players=4)
    # Scores: 1: 1, 2: 1, 3: 1½, 4: ½. Tied 1 and 2 met by forfeit only: DE shares the place (they did
    # not meet), DE-P counts 1's forfeit win as a won game: all met (6.2), 1 is placed above 2.
    assert values(table, "DE") == {1: 0, 2: 0, 3: 0, 4: 0}
    assert values(table, "DE-P") == {1: 1, 2: 0, 3: 0, 4: 0}
    # A double forfeit counts as a game both lost: neither is placed above the other.
    both_lost = crosstable({1: ["1-2 --", "3-4 ="], 2: ["1-3 1-0", "2-4 1-0"]}, players=4)
    assert values(both_lost, "DE-P") == {1: 0, 2: 0, 3: 0, 4: 0}


def test_sb_15_2_round_robin_forfeits_are_regular_games() -> None:
    """C.07 15.2: "With pre-determined pairings (round robin), forfeits are treated as regular games"
    (no dummy, no adjusted scores: Art. 16 is for a Swiss, 15.3)."""
    sb = values(round_robin(), "SB", round_robin=True)
    # SB(2) = 5: 2½x0 + 1: 3x0 + 6: ½x1 (the forfeit win) + 3: 3x1 + 4: 3x1 = 6½
    # SB(6) = 1: 3x½ + 4: 3x0 + 2: 3x0 (the forfeit loss) + 5: 2½x0 + 3: 3x0 = 1½
    # SB(1) = 6: ½x½ + 2: 3x1 + 3: 3x½ + 4: 3x½ + 5: 2½x½ = ¼ + 3 + 1½ + 1½ + 1¼ = 7½
    assert (sb[2], sb[6], sb[1]) == (6.5, 1.5, 7.5)


def test_won_and_bpg_15_2_round_robin_forfeit_wins_count_forfeit_losses_do_not() -> None:
    """C.07 15.2 (2026): forfeits are regular games in a round robin, but "forfeit losses stay
    unplayed for type-B tie-breaks" (7.2 WON, 7.3 BPG)."""
    players = round_robin()
    # WON(2): the round-3 forfeit win + rounds 4 and 5 = 3. WON(6) = 0.
    assert (values(players, "WON", round_robin=True)[2], values(players, "WON", round_robin=True)[6]) == (3, 0)
    # BPG(6): Black in rounds 1 (1-6) and 5 (3-6); round 3 (2-6) is a forfeit loss: 2.
    # BPG(2): Black in rounds 2 (1-2) and 5 (4-2): 2.
    bpg = values(players, "BPG", round_robin=True)
    assert (bpg[6], bpg[2]) == (2, 2)


# --- Scrabble and backgammon --------------------------------------------------------------------------

SCRABBLE: Schedule = {
    1: ["1-2 420:380", "3-4 350:350", "5 PAB 50:0"],
    2: ["1-3 300:410", "5-2 400:390", "4 PAB"],
}
SCRABBLE_RATINGS = {1: 1500, 2: 1600, 3: 1700, 4: 1800, 5: 1451}


def test_spread_tsh_sums_own_minus_opponents_score_byes_as_entered() -> None:
    """tsh standing order: "Spread = myscore - oppscore"; a bye counts the score it was entered
    with (tsh's `bye_spread`), a bye entered without one counts 0."""
    players = crosstable(SCRABBLE, players=5, ratings=SCRABBLE_RATINGS)
    # 1: +40 - 110 = -70   2: -40 - 10 = -50   3: 0 + 110 = 110   4: 0 + 0 = 0   5: +50 + 10 = 60
    assert values(players, "SPREAD", game="scrabble") == {1: -70, 2: -50, 3: 110, 4: 0, 5: 60}


def test_owins_tsh_sum_of_opponents_wins_ties_as_half() -> None:
    """tsh: "add the number of wins ... of the opponents"; "Ties count as ½ win"; a bye with a
    positive score is a win."""
    players = crosstable(SCRABBLE, players=5, ratings=SCRABBLE_RATINGS)
    # Wins: 1: 1, 2: 0, 3: ½ + 1 = 1½, 4: ½ + bye 1 = 1½, 5: bye 1 + 1 = 2.
    # 1: 2 (0) + 3 (1½) = 1½   2: 1 (1) + 5 (2) = 3   3: 4 (1½) + 1 (1) = 2½   4: 3 (1½)   5: 2 (0)
    assert values(players, "OWINS", game="scrabble") == {1: 1.5, 2: 3.0, 3: 2.5, 4: 1.5, 5: 0.0}


def test_aor_average_opponent_rating_rounded_as_aro() -> None:
    """AOR: the opponents' average rating, rounded as C.07 10.1 ("0.5 rounded up")."""
    players = crosstable(SCRABBLE, players=5, ratings=SCRABBLE_RATINGS)
    # 1: (1600 + 1700)/2 = 1650   2: (1500 + 1451)/2 = 1475.5 -> 1476   3: (1800 + 1500)/2 = 1650
    # 4: 1700   5: 1600
    assert values(players, "AOR", game="scrabble") == {1: 1650, 2: 1476, 3: 1650, 4: 1700, 5: 1600}


def test_wins_real_ibf_4_10_a_win_against_a_virtual_opponent_does_not_count() -> None:
    """IBF 4.10: "The number of wins (a win against a virtual opponent does not count)"."""
    backgammon = Scoring(draw=0.0)
    players = crosstable(
        {1: ["1-2 1-0", "3-4 0-1", "5 PAB"], 2: ["1-4 1-0", "5-3 +-", "2 PAB"]}, players=5, scoring=backgammon
    )
    # WIN (C.07 7.1) counts the byes: 1: 2, 2: 1, 3: 0, 4: 1, 5: 2.
    # WINS-REAL drops them; 5's forfeit win is against a real opponent: 1: 2, 2: 0, 3: 0, 4: 1, 5: 1.
    assert values(players, "WIN", game="backgammon", scoring=backgammon) == {1: 2, 2: 1, 3: 0, 4: 1, 5: 2}
    assert values(players, "WINS-REAL", game="backgammon", scoring=backgammon) == {1: 2, 2: 0, 3: 0, 4: 1, 5: 1}


# --- The interface ------------------------------------------------------------------------------------


def test_values_come_in_the_order_of_the_codes() -> None:
    context = TiebreakContext(game="chess", scoring=Scoring(), rounds=4)
    assert compute_tiebreaks(swiss(), ["BH", "SB", "WIN"], context)[1] == (9.0, 6.5, 2.0)
    assert compute_tiebreaks(swiss(), [], context)[1] == ()


def test_unknown_code_is_refused_naming_the_known_codes() -> None:
    context = TiebreakContext(game="chess", scoring=Scoring(), rounds=4)
    with pytest.raises(ValueError, match=r"'XYZ'.*known codes: BH, BH-C1"):
        compute_tiebreaks(swiss(), ["BH", "XYZ"], context)


def test_inconsistent_input_is_refused() -> None:
    context = TiebreakContext(game="chess", scoring=Scoring(), rounds=3)
    with pytest.raises(ValueError, match="expected 3"):
        compute_tiebreaks(swiss(), ["BH"], context)
    with pytest.raises(ValueError, match="not among the players"):
        compute_tiebreaks(swiss()[:5], ["BH"], evolve(context, rounds=4))
    with pytest.raises(ValueError):
        TiebreakContext(game="go", scoring=Scoring(), rounds=1)


def test_a_crosstable_made_from_a_previous_one_checks_the_new_entrants() -> None:
    """The read models hand the last crosstable in: its entrants were checked, a new one is checked."""
    players = swiss()
    context = TiebreakContext(game="chess", scoring=Scoring(), rounds=4)
    previous = Crosstable.of(players, context)
    assert Crosstable.of(players, context, previous).games == previous.games
    stray = evolve(players[0], history=(*players[0].history[:3], evolve(players[0].history[3], opponent=99)))
    with pytest.raises(ValueError, match="opponent 99 of player 1 is not among the players"):
        Crosstable.of([stray, *players[1:]], context, previous)
    with pytest.raises(ValueError, match="not among the players"):
        Crosstable.of(players[1:], context, previous)


def test_every_code_has_a_description_citing_its_source() -> None:
    assert set(TIEBREAKS) == {
        *("BH", "BH-C1", "BH-C2", "BH-M1", "SB", "DE", "WIN", "WON", "BPG", "ARO", "TPR", "PS", "KS"),
        *("SPREAD", "AOR", "OWINS", "WINS-REAL", "IBF-C", "LOT"),
        *("BH-M2", "SB-C1", "BWG", "REP", "STD", "TPN", "PS-C1", "ARO-C1", "RTNG", "FB", "AOB", "AOB-F", "APRO"),
        *("PTP", "APPO", "FB-C1", "DE-P"),
        "EXT",  # Q207: the arbiter's entered value
    }
    assert all(re.search(r"C\.07|IBF|tsh|Scrabble", text) for text in TIEBREAKS.values())


# --- Properties ---------------------------------------------------------------------------------------

RESULTS = ("1-0", "0-1", "=", "+-", "-+", "--", "?")
OVER_THE_BOARD = ("1-0", "0-1", "=")
UNPAIRED = ("PAB", "FPB", "HPB", "ZPB", None)


@st.composite
def swiss_crosstables(draw: st.DrawFn, *, everyone_plays: bool = False) -> list[Entrant]:
    """Random Swiss-like crosstables (rematches allowed: 4.4 counts each game). With `everyone_plays`,
    an even field where every round every player plays a game with a result."""
    schedule, size, ratings = draw(swiss_schedules(everyone_plays=everyone_plays))
    return crosstable(schedule, players=size, ratings=ratings)


@st.composite
def swiss_schedules(draw: st.DrawFn, *, everyone_plays: bool = False) -> tuple[Schedule, int, dict[int, int]]:
    """(schedule, number of players, ratings) of a `swiss_crosstables` crosstable."""
    size = 2 * draw(st.integers(1, 4)) if everyone_plays else draw(st.integers(2, 8))
    rounds = draw(st.integers(0, 5))
    schedule: Schedule = {}
    for round_number in range(1, rounds + 1):
        order = draw(st.permutations(range(1, size + 1)))
        boards = size // 2 if everyone_plays else draw(st.integers(0, size // 2))
        results = OVER_THE_BOARD if everyone_plays else RESULTS
        entries = [f"{order[2 * b]}-{order[2 * b + 1]} {draw(st.sampled_from(results))}" for b in range(boards)]
        for number in order[2 * boards :]:
            kind = draw(st.sampled_from(UNPAIRED))
            if kind is not None:
                entries.append(f"{number} {kind}")
        schedule[round_number] = entries
    ratings = {n: draw(st.sampled_from((0, 1400, 1650, 1800, 2100))) for n in range(1, size + 1)}
    return schedule, size, ratings


@st.composite
def result_changes(draw: st.DrawFn) -> tuple[list[Entrant], list[Entrant], set[int]]:
    """A random crosstable, the same with the result of one game changed, and that game's two players."""
    schedule, size, ratings = draw(swiss_schedules())
    games = [(r, index) for r, entries in schedule.items() for index, entry in enumerate(entries) if GAME.match(entry)]
    assume(games)
    round_number, index = draw(st.sampled_from(games))
    first, second, _ = GAME.match(schedule[round_number][index]).groups()  # type: ignore[union-attr]
    changed = {**schedule, round_number: list(schedule[round_number])}
    changed[round_number][index] = f"{first}-{second} {draw(st.sampled_from(RESULTS))}"
    before, after = (crosstable(s, players=size, ratings=ratings) for s in (schedule, changed))
    return before, after, {int(first), int(second)}


def _context(players: list[Entrant]) -> TiebreakContext:
    return TiebreakContext(game="chess", scoring=Scoring(), rounds=len(players[0].history))


@given(swiss_crosstables(), st.randoms(use_true_random=False))
def test_values_do_not_depend_on_the_order_of_the_players(players: list[Entrant], rng: random.Random) -> None:
    shuffled = list(players)
    rng.shuffle(shuffled)
    codes = list(TIEBREAKS)
    assert compute_tiebreaks(shuffled, codes, _context(players)) == compute_tiebreaks(players, codes, _context(players))


@given(result_changes(), st.booleans())
def test_updated_values_equal_a_full_computation(
    change: tuple[list[Entrant], list[Entrant], set[int]], round_robin: bool
) -> None:
    """After a result changed, recomputing only what the change can reach (the read models' update)
    gives every value of a full computation, for every code."""
    before, after, changed = change
    context = evolve(_context(before), round_robin=round_robin)
    codes = [*TIEBREAKS, "KS-L60", "KS-L-1"]  # and KS with a Limit (14.5): KS's scope
    previous, scores = compute_tiebreaks(before, codes, context), {p.number: p.score for p in before}
    updated = updated_tiebreaks(Crosstable.of(after, context), codes, previous, scores, changed)
    assert updated == compute_tiebreaks(after, codes, context)


@given(swiss_crosstables())
def test_cuts_only_remove_and_sb_never_exceeds_bh(players: list[Entrant]) -> None:
    """Cut and Median remove non-negative terms (Art. 14); with 1/½/0 each SB term is a BH term times
    at most 1 (9.1); WON counts a subset of WIN's rounds (7.1, 7.2); DE places a player below at most
    the other tied players (Art. 6)."""
    codes = ["BH", "BH-C1", "BH-C2", "BH-M1", "SB", "WIN", "WON", "DE"]
    table = compute_tiebreaks(players, codes, _context(players))
    for player in players:
        bh, c1, c2, m1, sb, win, won, de = table[player.number]
        assert bh >= c1 >= c2 >= 0
        assert c1 >= m1 >= 0
        assert 0 <= sb <= bh
        assert 0 <= won <= win <= len(player.history)
        tied = sum(1 for other in players if other.score == player.score)
        assert 0 <= de <= tied - 1


@given(swiss_crosstables(everyone_plays=True))
def test_sums_over_a_field_where_everyone_played_every_round(players: list[Entrant]) -> None:
    """With no unplayed round Art. 16 changes nothing. Each game p-q adds s(q) to BH(p) and s(p) to
    BH(q), so Σ BH = Σ s(q) x games(q) = R x Σ s. SB(p) adds s(q) x (p's points against q); grouped
    by q, p's points against q over q's R games total R - s(q) (1/½/0: the two sides share 1), so
    Σ SB = Σ s(q) x (R - s(q))."""
    rounds = len(players[0].history)
    table = compute_tiebreaks(players, ["BH", "SB"], _context(players))
    assert sum(bh for bh, _ in table.values()) == rounds * sum(p.score for p in players)
    assert sum(sb for _, sb in table.values()) == sum(p.score * (rounds - p.score) for p in players)


def test_ibf_coefficient_credits_a_plus_with_the_smallest_score(tmp_path: Path) -> None:
    """IBF 4.7: a "plus" due to an odd number of players is "credited with the smallest number of points
    scored by any player in the given competition"."""
    ledger, views = open_ledger(str(tmp_path / "bg.ledger"), "td", create=True)
    ledger.create_tournament("Swiss", TournamentSettings.for_game(Game.BACKGAMMON, "ibf-swiss", 3))
    ledger.register_players([PlayerDetails(f"P{n}", rating=1900 - 10 * n) for n in range(1, 6)])
    pairing = ledger.pair_next_round()
    (bye,) = pairing.byes
    for board in range(1, len(pairing.boards) + 1):
        ledger.record_result(1, board, "3-1")
    rows = {row.number: dict(row.tiebreaks) for row in standings(views.state())}
    assert set(rows[bye.player]) == {"IBF-C", "WIN"}
    assert rows[bye.player]["IBF-C"] == 0.0  # the smallest score: the round-1 losers have 0
    for board in pairing.boards:  # a winner's coefficient is the loser's score, a loser's the winner's
        assert rows[board.first]["IBF-C"] == 0.0 and rows[board.second]["IBF-C"] == 1.0


# --- Q199: the other C.07 (2026) tie-breaks ---------------------------------------------------------------


def test_q199_bwg_counts_games_won_with_black_c07_7_4() -> None:
    """C.07 7.4 BWG: "games won over the board with Black" (no forfeit win, no bye)."""
    # Black wins in the Swiss: round 1: 6 (over 3); round 2: 1 (over 6; 4's forfeit win has no colour);
    # round 3: 6 (over 4); round 4: 5 (over 4). 1 won twice but once with White.
    assert values(swiss(), "BWG") == {1: 1, 2: 0, 3: 0, 4: 0, 5: 1, 6: 2}


def test_q199_rep_counts_rounds_not_voluntarily_unplayed_c07_7_6() -> None:
    """C.07 7.6 REP: "rounds - (half-point byes + zero-point byes + forfeit losses)"; 16.1: "every round
    after a withdrawal is a zero-point bye". A PAB and a forfeit win are not chosen, so they count."""
    # 4 rounds. 2: forfeit loss in round 2 -> 3. 3: HPB in round 2, withdrawn in round 4 -> 2.
    # 4 (forfeit win), 5 and 6 (PABs) and 1: 4.
    assert values(swiss(), "REP") == {1: 4, 2: 3, 3: 2, 4: 4, 5: 4, 6: 4}


THREE_ONE_ZERO = Scoring(
    win=3, draw=1, loss=0, pairing_allocated_bye=3, full_point_bye=3, half_point_bye=1, forfeit_win=3
)


def test_q199_std_counts_won_and_equal_rounds_whatever_the_points_c07_7_7() -> None:
    """C.07 7.7 (2026) STD: 1 for each round "won" (scored more than the opponent, or more than a draw
    without playing) and ½ for each equal round; it normalises 3/1/0 scoring."""
    table = crosstable({1: ["1-2 1-0", "3-4 --"], 2: ["1-3 =", "2 HPB", "4 PAB"]}, players=4, scoring=THREE_ONE_ZERO)
    # Points (3/1/0): 1: 3 + 1 = 4, 2: 0 + 1 = 1, 3: 0 + 1 = 1, 4: 0 + 3 = 3.
    # STD(1): 3 > 0 -> 1; draw 1 = 1 -> ½: 1½.   STD(2): 0 < 3 -> 0; HPB 1 = a draw's 1 -> ½: ½.
    # STD(3): double forfeit 0 = 0 -> ½; draw -> ½: 1.   STD(4): double forfeit ½; PAB 3 > 1 -> 1: 1½.
    assert values(table, "STD", scoring=THREE_ONE_ZERO) == {1: 1.5, 2: 0.5, 3: 1.0, 4: 1.5}
    # With 1/½/0 STD is the score: the Swiss's 3 scores ½ for the HPB (= a draw) and 0 absent (< a draw).
    assert values(swiss(), "STD") == {p.number: p.score for p in swiss()}


def test_q199_tpn_ranks_the_lowest_pairing_number_first_c07_7_8() -> None:
    """C.07 7.8 (2026) TPN: ranks by ascending pairing number; the value is the number negated, so the
    descending sort puts the lowest number first."""
    players = [evolve(p, pairing_number=7 - p.number) for p in swiss()]
    tpn = values(players, "TPN")
    assert tpn == {1: -6, 2: -5, 3: -4, 4: -3, 5: -2, 6: -1}
    assert sorted(tpn, key=tpn.__getitem__, reverse=True) == [6, 5, 4, 3, 2, 1]


def test_q199_rtng_is_the_players_own_first_rating_c07_10_6() -> None:
    """C.07 10.6 (2026) RTNG: the player's own rating (Art. 10, 2026: the first one); an unrated player
    counts as the tournament's `unrated_rating`, or 0."""
    players = crosstable(SWISS, players=6, ratings={**SWISS_RATINGS, 3: 0})
    context = TiebreakContext(game="chess", scoring=Scoring(), rounds=4)
    rtng = {n: v[0] for n, v in compute_tiebreaks(players, ["RTNG"], context).items()}
    assert rtng == {1: 2000, 2: 1900, 3: 0, 4: 1700, 5: 1600, 6: 1500}
    floor = compute_tiebreaks(players, ["RTNG"], evolve(context, unrated_rating=1400))
    assert floor[3] == (1400.0,)
    # A later rating (a long event) does not change it.
    later = compute_tiebreaks(players, ["RTNG"], evolve(context, later_ratings=((1, 3, 2100),)))
    assert later[1] == (2000.0,)


def test_q199_ps_c1_drops_the_round_1_cumulative_score_c07_7_5() -> None:
    """C.07 7.5 PS-C1 (Art. 14): "drops the round-1 cumulative score"."""
    # PS from the PS test minus the round-1 score: 1: 8½ - 1, 2: 4½ - ½, 3: 1½ - 0, 4: 3 - 0, 5: 7 - ½,
    # 6: 7 - 1.
    assert values(swiss(), "PS-C1") == {1: 7.5, 2: 4.0, 3: 1.5, 4: 3.0, 5: 6.5, 6: 6.0}


def test_q199_aro_c1_drops_the_lowest_rated_opponent_c07_10_1() -> None:
    """C.07 10.1 ARO-C1 (Art. 14): "drops the lowest-rated opponent", over-the-board games only."""
    assert values(swiss(), "ARO-C1") == {
        1: 1733,  # 1700, 1500, 1600, 1900: without 1500, 5200 / 3 = 1733.33
        2: 1900,  # 1600, 1800, 2000 (the forfeit does not count): without 1600
        3: 1900,  # 1500, 1900: without 1500
        4: 1800,  # 2000, 1500, 1600: without 1500
        5: 1950,  # 1900, 2000, 1700 (the PAB is no game): without 1700
        6: 1900,  # 1800, 2000, 1700: without 1700
    }


# 4 players, 5 rounds, rematches (4.4: each game counts); 2 and 4 take a half-point bye in round 5.
FIVE_ROUNDS: Schedule = {
    1: ["1-2 1-0", "3-4 ="],
    2: ["1-3 1-0", "2-4 1-0"],
    3: ["1-4 =", "2-3 1-0"],
    4: ["1-2 0-1", "3-4 1-0"],
    5: ["1-3 =", "2 HPB", "4 HPB"],
}
# Scores: 1: 1+1+½+0+½ = 3   2: 0+1+1+1+½ = 3½   3: ½+0+0+1+½ = 2   4: ½+0+½+0+½ = 1½.
# Adjusted (16.3): the round-5 HPBs are in the last round (16.2.5), counting as draws: ½, unchanged.
# Dummy cap for a bye (16.4, 2026): ½ x 5 = 2½.


def test_q199_bh_m2_drops_the_two_lowest_and_two_highest_vurs_first_c07_8_1_14_16_5() -> None:
    """C.07 8.1 with Median-2 (Art. 14): "drops the two lowest and the two highest", subject to 16.5."""
    table = crosstable(FIVE_ROUNDS, players=4)
    # 1: opponents 2, 3, 4, 2, 3: 3½ 2 1½ 3½ 2 -> sorted 1½ 2 2 3½ 3½; M2 keeps 2.
    # 2: 1: 3, 4: 1½, 3: 2, 1: 3, HPB: dummy min(own 3½, 2½) = 2½ (a VUR) -> 1½ 2 2½v 3 3. 16.5: the
    #    first cut removes the VUR's 2½ (not lower than 1½), the second 1½; then 3 and 3: 2 (2½ without 16.5).
    # 3: 4: 1½, 1: 3, 2: 3½, 4: 1½, 1: 3 -> 1½ 1½ 3 3 3½: 3.
    # 4: 3: 2, 2: 3½, 1: 3, 3: 2, HPB: min(1½, 2½) = 1½v -> 1½v 2 2 3 3½: 2.
    assert values(table, "BH")[2] == 12.0
    assert values(table, "BH-M2") == {1: 2.0, 2: 2.0, 3: 3.0, 4: 2.0}


def test_q199_sb_c1_drops_the_lowest_scored_opponents_product_c07_9_1_14() -> None:
    """C.07 9.1 SB-C1 (2024-08): "drop the product for the opponent with the lowest score. If several
    opponents share that score, drop the lowest of their products"."""
    table = crosstable(FIVE_ROUNDS, players=4)
    # 1: 2: 3½x1 + 3: 2x1 + 4: 1½x½ + 2: 3½x0 + 3: 2x½ = 7¼; lowest score 1½ (4): drop ¾ -> 6½.
    # 3: 4: 1½x½ + 1: 3x0 + 2: 3½x0 + 4: 1½x1 + 1: 3x½ = 3¾; the lowest score 1½ twice (both games
    #    against 4): drop the lower product ¾ -> 3.
    sb_c1 = values(table, "SB-C1")
    assert (sb_c1[1], sb_c1[3]) == (6.5, 3.0)
    # The Swiss (SB terms from the SB test, score x points):
    # 1: 1x1, 3x1, 3x½, 2x½ = 6½, lowest score 1 (4): 5½.   2: 3x½, dummy 1x0 (VUR), 1x1, 3x½ = 4: the
    # scores 1 tie, drop the lower product 0: 4.   3: 3x0, ½x½ (VUR), 2x0, ½x0 (VUR) = ¼: drop 0: ¼.
    # 4: 3x0, forfeit-win dummy 1x1, 3x0, 3x0 = 1: lowest score 1 is the dummy: 0.
    # 5: 2x½, PAB dummy 2x1, 3x½, 1x1 = 5½: lowest 1 (4): 4½.   6: 1x1, 3x0, 1x1, 2x1 = 4: drop 1: 3.
    assert values(swiss(), "SB-C1") == {1: 5.5, 2: 4.0, 3: 0.25, 4: 0.0, 5: 4.5, 6: 3.0}


def test_q199_sb_c1_cuts_the_vur_when_not_lower_c07_16_5() -> None:
    """C.07 16.5 for SB: "compare the lowest VUR contribution with the least significant value and cut
    the higher of the two"."""
    table = crosstable(
        {1: ["1-2 0-1", "3-4 ="], 2: ["1-3 1-0", "2 HPB", "4 PAB"], 3: ["1-4 1-0", "2-3 1-0"]}, players=4
    )
    # Scores: 1: 0+1+1 = 2, 2: 1+½+1 = 2½, 3: ½+0+0 = ½, 4: ½+1+0 = 1½.
    # SB(2): 1: 2x1 + HPB: dummy min(own 2½, ½ x 3) = 1½ (a VUR, followed by a game: 16.2.3) x ½ = ¾
    #        + 3: ½x1 = ½: 3¼. Least significant: 3's ½; the VUR's ¾ is higher: cut it -> 2½ (not 2¾).
    # SB(1): 2: 2½x0 + 3: ½x1 + 4: 1½x1 = 2; no VUR, lowest score ½ -> 1½.
    assert values(table, "SB")[2] == 3.25
    assert (values(table, "SB-C1")[2], values(table, "SB-C1")[1]) == (2.5, 1.5)


def test_q199_sb_c1_the_lowest_vur_is_the_lowest_scored_dummy_c07_16_5() -> None:
    """C.07 16.5 for SB: "compare the lowest VUR contribution with the least significant value and cut the
    higher of the two"; the lowest VUR is found as SB-C1 finds the least significant value, by the score
    (found by the cross-check against Gacrux, benchmarks/tiebreak_cross_check.py)."""
    table = crosstable(
        {
            1: ["1 HPB", "2-3 1-0", "4-5 1-0", "6 PAB"],
            2: ["1-2 -+", "3-4 =", "5-6 0-1"],
            3: ["1-5 1-0", "2-4 1-0", "3-6 ="],
            4: ["1-3 1-0", "2-6 =", "4-5 1-0"],
        },
        players=6,
    )
    # Scores: 1: ½+0+1+1 = 2½, 2: 1+1+1+½ = 3½, 3: 0+½+½+0 = 1, 4: 1+½+0+1 = 2½, 5: 0, 6: 1+1+½+½ = 3.
    # SB(1): HPB (16.2.3, a game follows): dummy min(2½, ½ x 4) = 2, x ½ = 1 (VUR); forfeit loss to 2:
    # dummy min(2½, 3½) = 2½, x 0 = 0 (VUR); 5: 0 x 1 = 0; 3: 1 x 1 = 1. SB = 2.
    # Least significant: 5's 0. Lowest VUR: the HPB's dummy 2 (< 2½), contribution 1, higher than 0: cut
    # it -> 1. (By the product alone the forfeit loss's 0 was the lowest VUR: 2.)
    assert values(table, "SB")[1] == 2.0
    assert values(table, "SB-C1")[1] == 1.0


def test_q199_fb_is_buchholz_with_the_final_round_drawn_c07_8_3() -> None:
    """C.07 8.3 FB: Buchholz computed "as if all paired games for the final round had ended in draws";
    Art. 16 applies (15.3)."""
    # The Swiss's round 4: 1-2 was a draw; 4-5 (0-1) counts as a draw; 6's PAB and 3's absence stay.
    # Fore scores: 1: 3, 2: 2, 3: ½, 4: 1 + ½ = 1½, 5: 3 - 1 + ½ = 2½, 6: 3. Adjusted (16.3): 3's last
    # round absence counts as a draw: 1. Dummy cap for a bye (16.4): ½ x 4 = 2.
    fb = {
        1: 9.0,  # 4: 1½ + 6: 3 + 5: 2½ + 2: 2
        2: 8.0,  # 5: 2½ + forfeit loss: dummy min(own 2, adj(4) 1½) = 1½ + 3: 1 + 1: 3
        3: 6.0,  # 6: 3 + HPB: min(½, 2) + 2: 2 + absent: min(½, 2)
        4: 10.0,  # 1: 3 + forfeit win: min(own 1½, adj(2) 2) = 1½ + 6: 3 + 5: 2½
        5: 8.5,  # 2: 2 + PAB: min(own 2½, 2) = 2 + 1: 3 + 4: 1½
        6: 7.5,  # 3: 1 + 1: 3 + 4: 1½ + PAB: min(own 3, 2) = 2
    }
    assert values(swiss(), "FB") == fb
    # FB is type D: known before the final round's results are.
    pending = crosstable({**SWISS, 4: ["1-2 ?", "4-5 ?", "6 PAB"]}, players=6)
    assert values(pending, "FB") == fb


def test_q199_fb_c1_drops_the_lowest_vurs_first_c07_8_3_14_16_5() -> None:
    """C.07 Art. 5 allows Cut-1 for FB (8.3): "drops the lowest contribution", subject to 16.5."""
    # Fore contributions from the FB test (v = a VUR's dummy):
    # 1: 1½ 3 2½ 2 -> 7½.   2: 2½ 1½v 1 3: 16.5 cuts the VUR's 1½ (not lower than 1) -> 6½ (7 without).
    # 3: 3 ½v 2 ½v -> 5½.   4: 3 1½ 3 2½ (the forfeit win is no VUR) -> 8½.   5: 2 2 3 1½ -> 7.
    # 6: 1 3 1½ 2 -> 6½.
    assert values(swiss(), "FB-C1") == {1: 7.5, 2: 6.5, 3: 5.5, 4: 8.5, 5: 7.0, 6: 6.5}


def test_q199_aob_averages_the_buchholz_of_opponents_played_c07_8_2() -> None:
    """C.07 8.2 AOB: "the average of the Buchholz of the opponents played over the board"."""
    # BH from the BH test: 1: 9, 2: 8, 3: 6, 4: 10, 5: 8, 6: 7. Forfeits and byes bring no opponent.
    aob = values(swiss(), "AOB")
    assert aob == pytest.approx(
        {
            1: 33 / 4,  # 4, 6, 5, 2: 10 + 7 + 8 + 8
            2: 23 / 3,  # 5, 3, 1 (not 4, a forfeit): 8 + 6 + 9
            3: 15 / 2,  # 6, 2: 7 + 8
            4: 8.0,  # 1, 6, 5 (not 2): 9 + 7 + 8 = 24
            5: 9.0,  # 2, 1, 4 (not the PAB): 8 + 9 + 10 = 27
            6: 25 / 3,  # 3, 1, 4: 6 + 9 + 10
        }
    )


def test_q199_apro_averages_the_opponents_tpr_c07_10_4() -> None:
    """C.07 10.4 APRO: the average of the opponents' TPR (10.2), rounded with 0.5 up."""
    # TPR from the ARO/TPR test: 1: 1868, 2: 1925, 3: 900, 4: 900, 5: 1992, 6: 1958.
    assert values(swiss(), "APRO") == {
        1: 1694,  # 4, 6, 5, 2: (900 + 1958 + 1992 + 1925) / 4 = 1693.75
        2: 1587,  # 5, 3, 1: (1992 + 900 + 1868) / 3 = 1586.67
        3: 1942,  # 6, 2: (1958 + 1925) / 2 = 1941.5, 0.5 up
        4: 1939,  # 1, 6, 5: (1868 + 1958 + 1992) / 3 = 1939.33
        5: 1564,  # 2, 1, 4: (1925 + 1868 + 900) / 3 = 1564.33
        6: 1223,  # 3, 1, 4: (900 + 1868 + 900) / 3 = 1222.67
    }


def test_q199_aob_f_averages_the_fore_buchholz_of_opponents_played_c07_8_2_8_3() -> None:
    """C.07 8.2 (2026): AOB "may use FB instead" (MTB26 `AOB/F`)."""
    # FB from the FB test: 1: 9, 2: 8, 3: 6, 4: 10, 5: 8½, 6: 7½; opponents played as in the AOB test.
    assert values(swiss(), "AOB-F") == pytest.approx(
        {
            1: 34 / 4,  # 4, 6, 5, 2: 10 + 7½ + 8½ + 8
            2: 23.5 / 3,  # 5, 3, 1: 8½ + 6 + 9
            3: 15.5 / 2,  # 6, 2: 7½ + 8
            4: 25 / 3,  # 1, 6, 5: 9 + 7½ + 8½
            5: 9.0,  # 2, 1, 4: 8 + 9 + 10
            6: 25 / 3,  # 3, 1, 4: 6 + 9 + 10
        }
    )


def test_q199_ptp_is_the_lowest_rating_whose_expected_score_reaches_the_score_c07_10_3() -> None:
    """C.07 10.3 PTP: "the lowest integer rating R such that Σ PD(R - R_opp) ≥ the player's OTB score",
    PD from B.02 8.1.2 without the 400 cap; "a zero score gives PTP = lowest opponent rating - 800".
    8.1.2 rows used: 0-3 .50, 4-10 .51, 26-32 .54, 33-39 .55, 54-61 .58, 99-106 .64, 138-145 .69,
    163-170 .72, 189-197 .75, 257-267 .82, 268-278 .83, 279-290 .84, 291-302 .85, 303-315 .86,
    329-344 .88, 345-357 .89, 375-391 .91, 620-735 .99, over 735 1.00; the lower-rated player 1 - PD."""
    assert values(swiss(), "PTP") == {
        # 1: 3 of 4 against 1700, 1500, 1600, 1900. R = 1891: .75 (191) + .91 (391) + .85 (291)
        #    + .49 (-9) = 3.00; R = 1890: .75 + .91 + .84 (290) + .49 = 2.99.
        1: 1891,
        # 2: 2 of 3 against 1600, 1800, 2000. R = 1945: .89 (345) + .69 (145) + .42 (-55) = 2.00;
        #    R = 1944: .88 (344) + .69 + .42 = 1.99.
        2: 1945,
        3: 700,  # 0 points: the lowest opponent, 1500, - 800
        4: 700,  # 0 points against 2000, 1500, 1600
        # 5: 2 of 3 against 1900, 2000, 1700. R = 2003: .64 (103) + .50 (3) + .86 (303) = 2.00;
        #    R = 2002: .64 + .50 + .85 (302) = 1.99.
        5: 2003,
        # 6: 2 of 3 against 1800, 2000, 1700. R = 1968: .72 (168) + .46 (-32) + .83 (268) = 2.01;
        #    R = 1967: .72 (167) + .45 (-33) + .82 (267) = 1.99.
        6: 1968,
    }
    # A full score: PD must be 1.00, D over 735: 1800 + 736. The loser: 0 points, 2000 - 800.
    won = crosstable({1: ["1-2 1-0"]}, players=2, ratings={1: 2000, 2: 1800})
    assert values(won, "PTP") == {1: 2536, 2: 1200}


def test_q199_appo_averages_the_opponents_ptp_c07_10_5() -> None:
    """C.07 10.5 APPO: the average of the opponents' PTP, rounded with 0.5 up."""
    # PTP from the PTP test: 1: 1891, 2: 1945, 3: 700, 4: 700, 5: 2003, 6: 1968.
    assert values(swiss(), "APPO") == {
        1: 1654,  # 4, 6, 5, 2: (700 + 1968 + 2003 + 1945) / 4 = 6616 / 4
        2: 1531,  # 5, 3, 1: (2003 + 700 + 1891) / 3 = 1531.33
        3: 1957,  # 6, 2: (1968 + 1945) / 2 = 1956.5, 0.5 up
        4: 1954,  # 1, 6, 5: (1891 + 1968 + 2003) / 3 = 5862 / 3
        5: 1512,  # 2, 1, 4: (1945 + 1891 + 700) / 3 = 4536 / 3
        6: 1097,  # 3, 1, 4: (700 + 1891 + 700) / 3 = 3291 / 3
    }


def test_q199_the_full_scale_rating_table_is_b02_8_1_2() -> None:
    """B.02 8.1.2 as printed: 0-3 -> .50, 4-10 -> .51, 392-411 -> .92, 620-735 -> .99, over 735 -> 1.00;
    the lower-rated player gets 1 - PD."""
    assert [full_scale_scoring_probability(d) for d in (0, 3, 4, 10, 11, 391, 392, 411, 735, 736, 2000)] == [
        Fraction(p, 100) for p in (50, 50, 51, 51, 52, 91, 92, 92, 99, 100, 100)
    ]
    assert full_scale_scoring_probability(-9) == Fraction(49, 100)
    assert len(PD_UPPER_BOUNDS) == 50
