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
from ledger.results import Game
from ledger.settings import TournamentSettings
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
    codes = list(TIEBREAKS)
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
