"""IBF Pairing Rules 4.6 (Swiss by individual coefficients), 4.1-4.4 and 2.1-2.2: hand-made cases whose answer
follows from the text, and properties over random events."""

from __future__ import annotations

import random

import pytest
from attrs import evolve
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing.ibf.common import draw_key
from pairing.ibf.swiss import Field, pair_field, pair_score_group
from pairing.ibf.swiss_coefficients import SwissByCoefficients, ranking_numbers
from pairing.model import Board, ByeKind, NoValidPairing, PlayerStatus
from tests.pairing.ibf.support import build, check_round, entrant, pairs, play, request, seated

ENGINE = SwissByCoefficients()
RANKED = {n: 2000 - 10 * n for n in range(1, 9)}
"""Players 1..8 rated so that the ranking number is the player number."""


def pair(players, round_number, **options):
    return ENGINE.pair(request("ibf-swiss", players, round_number, options={"draw_seed": "1", **options}))


# --- 4.6 ranking --------------------------------------------------------------------------------------


def test_4_6_rated_by_rating_then_equal_ratings_and_unrated_by_draw() -> None:
    """4.6: "Players with ratings are placed in descending order of their rating. Players with identical
    ratings are ranked by draw. Following them, players without ratings are placed and are also ranked by
    draw."."""
    players = [entrant(1, rating=1800), entrant(2, rating=1900), entrant(3, rating=1800)]
    players += [entrant(4), entrant(5), entrant(6, rating=2000)]
    for seed in range(6):
        rank, _ = ranking_numbers(request("ibf-swiss", players, options={"draw_seed": str(seed)}))
        assert rank[6] == 1 and rank[2] == 2
        assert {rank[1], rank[3]} == {3, 4} and {rank[4], rank[5]} == {5, 6}
        lots = sorted((1, 3), key=lambda p: draw_key(seed, "4.6 ranking", p))
        assert [rank[p] for p in lots] == [3, 4], "the documented draw decides equal ratings"


def test_4_6_ranking_number_kept_for_the_whole_event() -> None:
    """4.6: "The assigned ranking number from the first round remains with the player for the entire
    competition": the same draw seed gives the same ranking whatever the round and results."""
    first = build({1: 1500, 2: 1500, 3: 1500, 4: 1500})
    later = build({1: 1500, 2: 1500, 3: 1500, 4: 1500}, [[(1, 3, 3), (2, 4, 2)]])
    one, _ = ranking_numbers(request("ibf-swiss", first, 1, options={"draw_seed": "9"}))
    two, _ = ranking_numbers(request("ibf-swiss", later, 2, options={"draw_seed": "9"}))
    assert one == two


def test_4_6_ranking_without_ratings_or_by_pairing_number() -> None:
    """4.6: "Ranking may be done with or without considering ratings"."""
    players = [entrant(n, rating=1000 + n, pairing_number=9 - n) for n in range(1, 9)]
    by_number, _ = ranking_numbers(request("ibf-swiss", players, options={"ranking": "pairing-number"}))
    assert [p for p, _ in sorted(by_number.items(), key=lambda kv: kv[1])] == [8, 7, 6, 5, 4, 3, 2, 1]
    drawn, _ = ranking_numbers(request("ibf-swiss", players, options={"ranking": "draw", "draw_seed": "3"}))
    assert sorted(drawn, key=drawn.__getitem__) == sorted(range(1, 9), key=lambda p: draw_key(3, "4.6 ranking", p))


# --- 4.6 round 1 ---------------------------------------------------------------------------------------


def test_4_6_round_1_top_half_against_bottom_half() -> None:
    """4.6: "In the first round, the first player from the top group plays against the first player from the
    second group, the second player from the first group plays against the second player from the second
    group, and so on."."""
    outcome = pair(build(RANKED), 1)
    assert outcome.boards == (Board(1, 5), Board(2, 6), Board(3, 7), Board(4, 8))
    assert outcome.byes == ()


def test_4_4_odd_field_plus_to_the_last_ranked() -> None:
    """4.4: "If an odd number of players participate ..., the player ranked last in the standings ...
    receives a "plus" (bye)"; the other 8 are paired top half against bottom half."""
    outcome = pair(build({**RANKED, 9: 1000}), 1)
    assert [(b.player, b.kind) for b in outcome.byes] == [(9, ByeKind.PAIRING_ALLOCATED)]
    assert pairs(outcome) == {frozenset(p) for p in ((1, 5), (2, 6), (3, 7), (4, 8))}
    assert any(d.article == "4.4" and "ranked last" in d.text for d in outcome.explanation)


# --- 4.6 later rounds ----------------------------------------------------------------------------------


def test_4_6_even_round_descending_order_and_odd_group_moves_its_last_player_down() -> None:
    """4.6: in even rounds players are "ranked in descending order"; "If the number of players in a group is
    odd, the last player in the group is moved down to the next score group and plays against the first
    player in that group".

    After 1-4, 2-5, 3-6 won by 1, 5 and 3: group 1 = 5 3 1, group 0 = 6 4 2. 1 moves down and meets 6; 5-3;
    4-2. Top lines: the player who has had it less often."""
    players = build({n: 2000 - 10 * n for n in range(1, 7)}, [[(1, 4, 1), (2, 5, 5), (3, 6, 3)]])
    outcome = pair(players, 2)
    assert outcome.boards == (Board(5, 3), Board(6, 1), Board(4, 2))


def test_4_6_player_moved_down_meets_the_second_player_if_the_first_was_met() -> None:
    """4.6: "If these players have already played each other, the opponent for the player from the upper
    score group becomes the second player from the lower group"."""
    players = build({n: 2000 - 10 * n for n in range(1, 7)}, [[(1, 6, 1), (2, 5, 2), (3, 4, 4)]])
    outcome = pair(players, 2)  # groups 4 2 1 | 6 5 3: 1 has met 6, so 1-5
    assert pairs(outcome) == {frozenset(p) for p in ((4, 2), (1, 5), (6, 3))}


def test_4_6_second_to_last_moved_down_when_the_last_has_met_the_whole_lower_group() -> None:
    """4.6: "If the last player from the upper group has already played against all players in the lower
    group, the second-to-last player from the upper group is moved down".

    Round 3 (ascending): groups 5 | 1 2 3 4 | 6. 5 moves down and meets the third player of the next group,
    3 (it met 1 and 2); in 1 2 4 the last, 4, has met 6, so 2 moves down to meet 6; 1-4."""
    history = [[(1, 3, 1), (5, 2, 5), (4, 6, 4)], [(5, 1, 5), (3, 6, 3), (2, 4, 2)]]
    outcome = pair(build({n: 2000 - 10 * n for n in range(1, 7)}, history), 3)
    assert pairs(outcome) == {frozenset(p) for p in ((5, 3), (2, 6), (1, 4))}


def _field(groups, met=(), labels=None):
    players = [p for g in groups for p in g]
    met = {frozenset(m) for m in met}
    allowed = {p: frozenset(q for q in players if q != p) for p in players}
    fresh = {p: frozenset(q for q in allowed[p] if frozenset((p, q)) not in met) for p in players}
    return Field(
        groups=tuple(tuple(g) for g in groups),
        labels=labels or tuple(f"group {i}" for i in range(len(groups))),
        halves=True,
        allowed=allowed,
        fresh=fresh,
        met=dict.fromkeys(met, 1),
        last_opponent={},
    )


def _formed(field):
    formed, _ = pair_field(field, "4.6")
    return [(p.first, p.second) for p in formed]


def test_4_6_even_group_first_of_top_half_meets_next_of_bottom_half_if_met() -> None:
    """4.6: "The first player from the top half plays against the first player from the bottom half. If they
    have already played each other, then the first player from the top half plays against the second player
    from the bottom half"."""
    assert _formed(_field([[1, 2, 3, 4]])) == [(1, 3), (2, 4)]
    assert _formed(_field([[1, 2, 3, 4]], met=[(1, 3)])) == [(1, 4), (2, 3)]


def test_4_6_even_group_last_of_top_half_when_the_bottom_half_is_exhausted() -> None:
    """4.6: "If the first player from the top half has already played against all players in the bottom half,
    they must play against the last player in the top half; if they have already played, then against the
    second-to-last player"."""
    assert _formed(_field([[1, 2, 3, 4]], met=[(1, 3), (1, 4)])) == [(1, 2), (3, 4)]
    six = _field([[1, 2, 3, 4, 5, 6]], met=[(1, 4), (1, 5), (1, 6), (1, 3)])
    assert _formed(six)[0] == (1, 2)


def test_4_6_last_formed_pair_split_first() -> None:
    """4.6: "If at any point it turns out that there is no opponent in the group for the first remaining
    player, the last formed pair is split, its players are returned to the group, and another opponent is
    selected". 3 may meet only 4 or 5: 1-4, 2-5 leave 3 without an opponent; splitting 2-5 gives 2-6, 3-5."""
    field = _field([[1, 2, 3, 4, 5, 6]], met=[(3, 6), (3, 1), (3, 2)])
    assert _formed(field) == [(1, 4), (2, 6), (3, 5)]


def test_4_6_several_pairs_split_as_few_as_possible() -> None:
    """4.6: "If necessary, not just one but several already formed pairs may be split, but efforts should be
    made to ensure the number of split pairs is minimized". 3 may meet only 4, so 1-4 must be split too."""
    field = _field([[1, 2, 3, 4, 5, 6]], met=[(3, 6), (3, 5), (3, 1), (3, 2)])
    assert _formed(field) == [(1, 5), (2, 6), (3, 4)]


def test_4_6_virtual_opponent_counts_as_a_win_for_pairing() -> None:
    """4.6: "When conducting the pairing, a match against a virtual opponent counts as a win": the player who
    had the plus is in the winners' group (1 5 9 | ...), even if the plus was recorded with 0 points."""
    players = build({**RANKED, 9: 1000}, [[(1, 5, 1), (2, 6, 6), (3, 7, 7), (4, 8, 8), 9]])
    players = [p if p.number != 9 else evolve(p, history=(evolve(p.history[0], points=0.0),)) for p in players]
    outcome = pair(players, 2)
    groups = [d.text for d in outcome.explanation if d.text.startswith("score group 1")]
    assert groups and "9" in groups[0].split(":")[1].split()


def test_2_1_rematch_only_when_unavoidable_and_not_last_rounds_opponent() -> None:
    """2.1: "Two players should not meet more than once for as many rounds as possible. If it is impossible
    to form pairings for the next round, repeated matches between players may be allowed". Four players
    after a full round robin must meet again; the engine says so and avoids last round's pairs."""
    history = [[(1, 4, 1), (2, 3, 2)], [(1, 3, 1), (2, 4, 4)], [(1, 2, 2), (3, 4, 3)]]
    outcome = pair(build({n: 2000 - n for n in range(1, 5)}, history), 4)
    assert len(outcome.boards) == 2
    assert not pairs(outcome) & {frozenset((1, 2)), frozenset((3, 4))}
    assert any(d.article == "2.1" and not d.satisfied for d in outcome.explanation)


# --- 4.1-4.4 -------------------------------------------------------------------------------------------


def test_4_1_no_second_walkover() -> None:
    """4.1: "A player who has already received a walkover victory ... must not be granted another one". After
    two rounds 5 and 4, last in the 1-point group, have had the plus: it goes to 3, the next one up."""
    history = [[(1, 3, 1), (2, 4, 2), 5], [(1, 5, 1), (2, 3, 3), 4]]
    outcome = pair(build({n: 2000 - 10 * n for n in range(1, 6)}, history), 3)
    assert [b.player for b in outcome.byes] == [3]
    assert pairs(outcome) == {frozenset((1, 2)), frozenset((4, 5))}
    assert any(d.article == "4.4" and "5, 4 already had a walkover (4.1)" in d.text for d in outcome.explanation)


def test_4_2_absent_left_out_and_recorded_as_lost_withdrawn_left_out() -> None:
    """4.2: "Players eliminated from the competition must be excluded from subsequent pairings. Players known
    in advance to be unable to participate in the next round must be excluded from the pairing process and
    will be recorded as having lost that round.\""""
    statuses = {3: PlayerStatus.ABSENT, 6: PlayerStatus.WITHDRAWN}
    outcome = pair(build(RANKED, statuses=statuses), 1)
    assert 6 not in seated(outcome)
    assert [(b.player, b.kind, b.points) for b in outcome.byes if b.player == 3] == [(3, ByeKind.ZERO_POINT, 0.0)]
    assert sorted(seated(outcome)) == [1, 2, 3, 4, 5, 7, 8]


def test_4_3_no_show_pointed_out_but_exclusion_is_the_chief_arbiters() -> None:
    """4.3: a player who fails to appear "shall, by decision of the Chief Arbiter, be excluded": the engine
    pairs a player who lost by forfeit (no exclusion recorded) and notes it; once excluded (withdrawn) they
    are left out."""
    players = build({n: 2000 - n for n in range(1, 5)}, [[(1, 3, 1), (2, 4, 2)]])
    players = [evolve(p, history=(evolve(p.history[0], played=False),)) if p.number == 4 else p for p in players]
    outcome = pair(players, 2)
    assert 4 in seated(outcome)
    assert any(d.article == "4.3" and d.text.startswith("4 ") for d in outcome.explanation)
    excluded = [evolve(p, status=PlayerStatus.WITHDRAWN) if p.number == 4 else p for p in players]
    assert 4 not in seated(pair(excluded, 2))


# --- 2.2 regulations ------------------------------------------------------------------------------------


def test_2_2_forced_pairing_in_an_initial_round() -> None:
    """2.2: "The competition rules (regulations) may stipulate a forced pairing in the initial rounds": 1-2 is
    placed first; the other six are paired by 4.6 (3 4 5 | 6 7 8); the round-2 item does not apply."""
    outcome = pair(build(RANKED), 1, forced_pairs="1:1-2,2:3-4")
    assert outcome.boards == (Board(1, 2), Board(3, 6), Board(4, 7), Board(5, 8))
    assert any(d.article == "2.2" and "forced" in d.text for d in outcome.explanation)


def test_2_2_prohibition_honoured_and_explained() -> None:
    """2.2: "... or a prohibition on pairing certain opponents together"."""
    players = build(RANKED)
    outcome = ENGINE.pair(request("ibf-swiss", players, 1, options={"draw_seed": "1"}, forbidden=[(1, 5)]))
    assert frozenset((1, 5)) not in pairs(outcome)
    assert any(d.article == "2.2" and "1-5" in d.text for d in outcome.explanation)


def test_2_2_grouping_players_meet_within_their_group() -> None:
    """2.2: "grouping of players for pairings": in the rounds named, players meet only their group."""
    outcome = pair(build(RANKED), 1, grouping="1,2,3,4;5,6,7,8", grouping_rounds="1")
    for board in outcome.boards:
        assert (board.first <= 4) == (board.second <= 4)
    later = pair(build(RANKED, [[(1, 3, 1), (2, 4, 2), (5, 7, 5), (6, 8, 6)]]), 2, grouping="1,2,3,4;5,6,7,8")
    assert later.boards  # grouping_rounds left out: every round


def test_2_2_prohibition_that_leaves_no_pairing_is_refused() -> None:
    """A prohibition between the only two players leaves no pairing: NoValidPairing names the rule."""
    with pytest.raises(NoValidPairing, match=r"2\.2"):
        ENGINE.pair(request("ibf-swiss", build({1: 1500, 2: 1400}), 1, forbidden=[(1, 2)]))


# --- properties ------------------------------------------------------------------------------------------


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(
    size=st.integers(2, 14),
    rounds=st.integers(1, 7),
    luck=st.integers(0, 10**6),
    absences=st.booleans(),
)
def test_property_every_active_player_once_one_plus_no_avoidable_rematch(size, rounds, luck, absences) -> None:
    """Over random events: the invariants of `check_round` in every round."""
    rng = random.Random(luck)
    players = [entrant(n, rating=rng.choice([0, 1500, 1600, 1700])) for n in range(1, size + 1)]

    def status(round_number, player):
        if absences and rng.random() < 0.1:
            return rng.choice([PlayerStatus.ABSENT, PlayerStatus.WITHDRAWN])
        return PlayerStatus.ACTIVE if player.status is not PlayerStatus.WITHDRAWN else player.status

    def nobody(asked):
        return all(p.status in (PlayerStatus.WITHDRAWN, PlayerStatus.ELIMINATED) for p in asked.players)

    for asked, outcome in play(ENGINE, players, rounds, lambda r, b: rng.random() < 0.5, status=status, stop=nobody):
        check_round(asked, outcome)


def test_the_same_request_gives_the_same_outcome() -> None:
    """An engine is a pure function of its input."""
    players = build(RANKED, [[(1, 5, 5), (2, 6, 2), (3, 7, 3), (4, 8, 8)]])
    assert pair(players, 2) == pair(players, 2)


def chronological(group, met):
    """4.6's backtracking done literally: try candidates in order, split the last formed pair on failure."""
    top, bottom = group[: len(group) // 2], group[len(group) // 2 :]

    def search(remaining):
        if not remaining:
            return []
        p = remaining[0]
        order = [q for q in bottom if q in remaining and q != p] + [
            q for q in reversed(top) if q in remaining and q != p
        ]
        for q in order:
            if frozenset((p, q)) in met:
                continue
            rest = search([x for x in remaining if x not in (p, q)])
            if rest is not None:
                return [(p, q), *rest]
        return None

    return search(list(group))


@settings(max_examples=150)
@given(
    size=st.sampled_from([2, 4, 6, 8, 10]),
    met=st.sets(st.tuples(st.integers(1, 10), st.integers(1, 10)).filter(lambda e: e[0] < e[1]), max_size=25),
)
def test_property_oracle_search_equals_chronological_backtracking(size, met) -> None:
    """The engine's search (first candidate after which the rest can be paired) forms exactly the pairs that
    literal chronological backtracking forms, or finds none when it finds none."""
    group = list(range(1, size + 1))
    met = {frozenset(m) for m in met if max(m) <= size}
    expected = chronological(group, met)
    found = pair_score_group(group, _field([group], met=met).fresh)
    assert (None if found is None else [(p.first, p.second) for p in found]) == expected


def test_4_6_re_pairing_affects_the_fewest_players() -> None:
    """4.6: "A re-pairing (if necessary) should affect the minimum number of players." Round 1 was published
    as 1-5, 2-6, 3-7, 4-8, then 6 withdrew: the other three boards stay and 2, left alone, has the plus (a
    fresh pairing would have moved everyone)."""
    players = build(RANKED, statuses={6: PlayerStatus.WITHDRAWN})
    outcome = pair(players, 1, published="1-5,2-6,3-7,4-8")
    assert outcome.boards == (Board(1, 5), Board(3, 7), Board(4, 8))
    assert [b.player for b in outcome.byes] == [2]
    assert any("3 of 4 published boards kept" in d.text for d in outcome.explanation)
    fresh = pair(players, 1)
    assert set(fresh.boards) != set(outcome.boards)
