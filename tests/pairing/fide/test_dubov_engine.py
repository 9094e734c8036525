"""The Dubov engine as a whole: the engine contract, whole rounds, and the explanation (C.04.4.1)."""

from __future__ import annotations

from pairing.fide.dubov import pair, pair_with_trace
from pairing.generator import engine_paired
from pairing.model import Decision, PlayerStatus
from tests.pairing.fide.test_dubov_support import boards_of, pair_sets, player, request


def test_the_same_request_gives_the_same_outcome_bit_for_bit():
    req = engine_paired(40, 5, 9, seed=7, pair=pair)
    assert pair(req) == pair(req)


def test_c1_2_2_6_a_rematch_moves_t2_to_the_next_transposition():
    """[C1]: after three draws (1-4, 2-5, 3-6, the lower numbers White), S1 = 6, 5, 4 (ascending ARO) and
    G2 = 1, 2, 3; T2 = (1, 2, 3) would repeat 5-2, so T2 = (1, 3, 2) (2.2.6). White seekers get White
    (5.2.2); boards by the higher ranked player's number."""
    players = [
        player(1, None, "4w="),
        player(2, None, "5w="),
        player(3, None, "6w="),
        player(4, None, "1b="),
        player(5, None, "2b="),
        player(6, None, "3b="),
    ]
    outcome, trace = pair_with_trace(request(players))
    assert trace.brackets[0].s1 == (6, 5, 4)
    assert trace.brackets[0].t2 == (1, 3, 2)
    assert boards_of(outcome) == [(6, 1), (4, 2), (5, 3)]


def test_c1_a_forfeited_game_does_not_count_as_a_meeting():
    """C.04.2: players whose game was not played may meet again."""
    players = [player(1, None, "2w+"), player(2, None, "1b-")]
    assert pair_sets(pair(request(players))) == {frozenset((1, 2))}


def test_c3_players_with_the_same_absolute_colour_do_not_meet():
    """[C3]: 1 and 2 lead with 2 points, both after two Blacks (absolute White): they may not meet, so both
    upfloat an opponent; 2 takes 5 (1 point, C6) and 1 takes 4 (1 met 3 and 5). Boards: the higher sum of
    scores first (C.04.2), absolute preferences granted (5.2.2, 5.2.3)."""
    players = [
        player(1, None, "3b1 5b1"),
        player(2, None, "4b1 6b1"),
        player(3, None, "1w0 4w="),
        player(4, None, "2w0 3b="),
        player(5, None, "6w1 1w0"),
        player(6, None, "5b0 2w0"),
    ]
    outcome, trace = pair_with_trace(request(players))
    assert pair_sets(outcome) == {frozenset((2, 5)), frozenset((1, 4)), frozenset((3, 6))}
    assert trace.brackets[0].upfloaters == (5, 4)
    assert boards_of(outcome) == [(2, 5), (1, 4), (6, 3)]


def test_1_8_absent_and_withdrawn_players_are_not_paired():
    players = [player(1), player(2), player(3, status=PlayerStatus.ABSENT), player(4, status=PlayerStatus.WITHDRAWN)]
    outcome = pair(request(players))
    assert pair_sets(outcome) == {frozenset((1, 2))}
    assert any(d.article == "1.8" and "3" in d.text for d in outcome.explanation)


def test_nobody_to_pair():
    outcome = pair(request([player(1, status=PlayerStatus.ABSENT)]))
    assert outcome.boards == () and outcome.byes == ()


def test_explanation_per_bracket_names_residents_upfloaters_shifts_and_unmet_criteria():
    """Issue 5, item 4: residents, upfloaters and why, G1/G2 shifts, criteria not met, by article."""
    players = [
        player(1, None, "4w1"),
        player(2, None, "5b1"),
        player(3, None, "6w1"),
        player(4, None, "1b0"),
        player(5, None, "2w0"),
        player(6, None, "3b0"),
    ]
    outcome, trace = pair_with_trace(request(players))
    articles = [d.article for d in outcome.explanation]
    for article in ("2.2", "2.2.1", "2.2.2", "2.2.3", "2.2.5", "2.2.6", "C5", "C6"):
        assert article in articles, article
    assert all(isinstance(d, Decision) for d in outcome.explanation)
    top = trace.brackets[0]
    assert top.residents == (1, 2, 3)
    assert top.upfloaters == (4,)
    assert any(d.article == "2.2.2" and "4 (#1" in d.text for d in outcome.explanation)
    unmet = {d.article for d in outcome.explanation if not d.satisfied}
    assert {"C5", "C6"} <= unmet


def test_a_full_round_of_a_larger_field_is_complete_and_legal():
    req = engine_paired(60, 6, 9, seed=11, pair=pair)
    outcome = pair(req)
    seated = [n for b in outcome.boards for n in (b.first, b.second)] + [b.player for b in outcome.byes]
    active = {p.number for p in req.players if p.status is PlayerStatus.ACTIVE}
    assert sorted(seated) == sorted(active)


def test_the_examples_in_docs_dubov_md_run():
    import doctest
    from pathlib import Path

    path = Path(__file__).resolve().parents[3] / "docs" / "dubov.md"
    result = doctest.testfile(str(path), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
