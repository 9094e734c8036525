"""Gibsonization (rules text "Pairing theory"; research notes 2.7.3; issue 9 item 3)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.tsh.field import Field
from pairing.tsh.gibson import Contention, spread_per_game
from pairing.tsh.koth import Koth
from pairing.tsh.newswiss import NewSwiss
from tests.pairing.tsh.builders import pairs, player, record, request, seated


def contention(players, round_number, total, **options):
    req = request(players, round_number, total, **options)
    return Contention(Field(req, round_number - 1))


def test_spread_thresholds_250_175_150():
    """Rules text: "a player may hope to win one game by 250 points, two games by an average of 175 points, and
    more games by an average of 150 points each"."""
    assert [spread_per_game((250, 175, 150), g) for g in (1, 2, 3, 7)] == [250, 175, 150, 150]
    assert spread_per_game((500,), 3) == 500


@pytest.mark.parametrize(
    ("games_left", "wins_ahead", "spread_ahead", "clinched"),
    [
        (1, 1, 501, True),  # one game: 250 won by the chaser and 250 lost by the leader close 500
        (1, 1, 500, False),  # level on wins and spread: not clinched
        (1, 2, 0, True),  # more wins ahead than games left
        (2, 2, 701, True),  # two games at 175
        (2, 2, 700, False),
        (3, 3, 901, True),  # three games at 150
        (3, 3, 900, False),
        (3, 2, 5000, False),  # a win behind with games in hand can always be caught
    ],
)
def test_gibson_detected_with_the_spread_thresholds(games_left, wins_ahead, spread_ahead, clinched):
    """Rules text: "To try to catch a Gibson, a player is assumed to be paired repeatedly with that player, and
    to win all his/her games with a spread of +250 in one round, +175/round in two rounds, or
    +150/round for more rounds"."""
    played = 6
    leader = player(1, record(played, 0, spread_ahead + 100))
    second = player(2, record(played - wins_ahead, wins_ahead, 100))
    rest = [player(n, record(0, played, -100 * played)) for n in range(3, 9)]
    found = contention([leader, second, *rest], played + 1, played + games_left, prize_places="1").gibsons()
    assert found == ([1] if clinched else [])


def test_a_clinched_player_must_also_be_in_the_prize_places():
    """A Gibson is a player who has clinched their place within the prize places (our reading)."""
    spreads = {1: 1000, 2: 400, 3: -200}
    players = [player(n, record(8 - n, n, spreads.get(n, -100 * n))) for n in range(1, 9)]
    places = contention(players, 9, 9, prize_places="2")
    assert places.gibsons() == [1, 2]
    assert contention(players, 9, 9, prize_places="1").gibsons() == [1]


def gibson_field():
    """After 8 of 9 rounds: 1 has clinched first (7-1, two wins ahead); 2 and 3 (5-3) race for
    second, 4 (4-4) can still tie them, 5-8 (3-5 and worse) are out of the prize places (2)."""
    return [
        player(1, record(7, 1, 600)),
        player(2, record(5, 3, 300)),
        player(3, record(5, 3, 200)),
        player(4, record(4, 4, 100)),
        player(5, record(3, 5, 0)),
        player(6, record(3, 5, -100)),
        player(7, record(2, 6, -300)),
        player(8, record(1, 7, -800)),
    ]


def test_gibson_plays_the_highest_ranked_player_out_of_contention():
    """Rules text: "If some players are out of contention for any prize, it will pair any remaining Gibson with
    the highest ranked such player who has played him/her least often." Not 2, 3 or 4."""
    outcome = Koth().pair(request(gibson_field(), 9, 9, gibson="yes", prize_places="2"))
    assert frozenset((1, 5)) in pairs(outcome)
    assert frozenset((2, 3)) in pairs(outcome)
    texts = [d.text for d in outcome.explanation if d.article == "Gibson"]
    assert any("has clinched place 1" in t for t in texts)
    assert any("highest-ranked player out of contention" in t for t in texts)


def test_gibson_plays_the_lowest_ranked_when_everyone_contends():
    """Rules text: "If all players are still in contention for some sort of prize, it will pair any remaining
    Gibson with the lowest ranked player who has played him/her least often.\""""
    outcome = Koth().pair(request(gibson_field(), 9, 9, gibson="yes", prize_places="8"))
    assert frozenset((1, 8)) in pairs(outcome)


def test_two_gibsons_play_each_other():
    """Rules text: "If there is more than one Gibson, as many of them as possible (all of them if the total
    number is even) are paired with each other KOTH"."""
    players = gibson_field()
    players[1] = player(2, record(6, 2, 900))  # 2 is now clear of 3 by a win and 700 of spread
    outcome = NewSwiss().pair(request(players, 9, 9, gibson="yes", prize_places="2", repeats="1"))
    assert frozenset((1, 2)) in pairs(outcome)


def test_a_lone_gibson_takes_the_bye_in_an_odd_field():
    """Our reading: a bye is due anyway, and a Gibson's bye affects nobody's race."""
    outcome = Koth().pair(request(gibson_field()[:7], 9, 9, gibson="yes", prize_places="2"))
    assert [b.player for b in outcome.byes] == [1]


def test_without_gibson_option_koth_pairs_the_leader_with_the_next():
    """Rules text: "If you specify 'config gibson = 1' ... tsh will also perform Gibsonization when using KOTH
    or Swiss pairings": without it, plain KOTH."""
    outcome = Koth().pair(request(gibson_field(), 9, 9))
    assert frozenset((1, 2)) in pairs(outcome)


@st.composite
def late_fields(draw):
    """4 to 14 players a round or two from the end; the leaders (up to three) are drawn well ahead,
    so that Gibsons and players out of contention are common."""
    size = draw(st.integers(4, 14))
    played = draw(st.integers(3, 8))
    left = draw(st.integers(1, 2))
    leaders = draw(st.integers(1, 3))
    players = []
    for n in range(1, size + 1):
        if n <= leaders:
            wins = draw(st.integers(played - 2, played))
            extra = draw(st.integers(5, 30)) * 100
        else:
            wins = draw(st.integers(0, max(0, played - 3)))
            extra = draw(st.integers(-15, 15)) * 100
        extra = min(extra, 0) if wins == 0 else max(extra, 0) if wins == played else extra
        players.append(player(n, record(wins, played - wins, 2 * wins - played + extra)))
    places = draw(st.integers(1, max(1, size // 2)))
    return players, played + 1, played + left, places


@settings(max_examples=60)
@given(late_fields(), st.sampled_from([Koth, NewSwiss]))
def test_gibsons_never_play_a_contender_who_could_still_catch_another_player(field, engine):
    """Issue 9 property: "Gibsons never paired with a contender who could still catch another
    player": a Gibson plays another Gibson, has the bye, or, when anyone is out of contention for a
    prize, plays someone out of contention."""
    players, round_number, total, places = field
    req = request(players, round_number, total, gibson="yes", prize_places=str(places), repeats="9")
    outcome = engine().pair(req)
    judged = Contention(Field(req, round_number - 1))
    gibsons = set(judged.gibsons())
    out_of_contention = [p.number for p in players if p.number not in gibsons and judged.hopeless(p.number)]
    assert sorted(seated(outcome)) == sorted(p.number for p in players)
    for board in outcome.boards:
        for gibson, opponent in ((board.first, board.second), (board.second, board.first)):
            if gibson in gibsons and opponent not in gibsons and out_of_contention:
                assert judged.hopeless(opponent), (gibson, opponent)
