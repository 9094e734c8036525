"""The FIDE (Dutch) System, C.04.3 (2025): one test per article, properties, and `arbiter-pair`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from attrs import evolve
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pairing import cli
from pairing.criteria.basic_rules import ColourPreference, Strength, colour_preference, eligible_for_pab
from pairing.fide.dutch import Shortcuts, brackets, pair, pairing_numbers, shortcuts
from pairing.fide.dutch.brackets import _set_partners as set_partners
from pairing.fide.dutch.colours import allocate
from pairing.fide.dutch.definitions import Contender, contenders
from pairing.fide.dutch.shortcuts import _complete, _greedy_completion, _remainder_tiers
from pairing.fide.dutch.weights import BracketWeights, RemainderOrder, compatible
from pairing.generator import GeneratorConfig, generate
from pairing.matching import available_backends
from pairing.model import (
    ByeKind,
    Entrant,
    Float,
    NoValidPairing,
    PairingInput,
    PlayerStatus,
    RoundRecord,
    Scoring,
    Side,
)
from pairing.trf import format, parse
from pairing.trf.convert import to_pairing_input
from tests import builders
from tests.builders import bye as pab
from tests.builders import entrant as player
from tests.builders import game, truncated

pytestmark = pytest.mark.skipif(
    not available_backends(), reason="no matching backend: build pairing/_native or install networkx"
)

W, B = Side.FIRST, Side.SECOND


def request(players: list[Entrant], round_number: int, total: int = 5, **options: str) -> PairingInput:
    return builders.request("dutch", players, round_number, total_rounds=total, options=options)


def pairs_of(outcome: object) -> set[frozenset[int]]:
    return {frozenset((b.first, b.second)) for b in outcome.boards}  # type: ignore[attr-defined]


# -- Article 1.7: colour preferences --------------------------------------------------------------


@pytest.mark.parametrize(
    ("sides", "expected"),
    [
        ((), ColourPreference(None, Strength.NONE)),
        ((W,), ColourPreference(B, Strength.STRONG)),
        ((W, B), ColourPreference(W, Strength.MILD)),
        ((W, W), ColourPreference(B, Strength.ABSOLUTE)),
        ((B, B), ColourPreference(W, Strength.ABSOLUTE)),
        ((W, B, W, W, B, W), ColourPreference(B, Strength.ABSOLUTE)),  # CD = +2
        ((B, W, B), ColourPreference(W, Strength.STRONG)),
    ],
)
def test_1_7_colour_preferences(sides: tuple[Side, ...], expected: ColourPreference) -> None:
    """1.7.1 absolute: |CD| > 1 or the same colour in the two latest games; 1.7.2 strong: |CD| = 1;
    1.7.3 mild: CD = 0, alternate; 1.7.4 none before the first game."""
    assert colour_preference(sides) == expected


# -- Article 5.2: colour allocation ----------------------------------------------------------------


def _p(sides: tuple[Side, ...], tpn: int) -> tuple[ColourPreference, tuple[Side, ...], int, int]:
    return colour_preference(sides), sides, sum(1 if s is W else -1 for s in sides), tpn


def test_5_2_1_both_preferences_are_granted() -> None:
    assert allocate(_p((B,), 1), _p((W,), 2), W) == (W, "5.2.1")


def test_5_2_2_the_stronger_preference_is_granted() -> None:
    assert allocate(_p((W, B), 1), _p((B,), 2), W) == (B, "5.2.2")  # mild White loses to strong White


def test_5_2_3_colours_alternate_from_the_latest_round_they_differed() -> None:
    """Both mild White; they last differed three games back, where the higher-ranked had Black."""
    assert allocate(_p((W, B, W, B), 1), _p((B, W, W, B), 2), W) == (W, "5.2.3")


def test_5_2_4_the_higher_ranked_preference_is_granted() -> None:
    assert allocate(_p((W, B), 1), _p((W, B), 2), W) == (W, "5.2.4")


def test_5_2_5_the_initial_colour_by_pairing_number() -> None:
    assert allocate(_p((), 1), _p((), 2), W) == (W, "5.2.5")
    assert allocate(_p((), 2), _p((), 3), W) == (B, "5.2.5")
    assert allocate(_p((), 3), _p((), 4), B) == (B, "5.2.5")


def requested_bye(round_number: int) -> RoundRecord:
    return RoundRecord(
        round=round_number, opponent=None, side=None, outcome=None, points=0.5, played=False, bye=ByeKind.HALF_POINT
    )


def test_5_2_5_numbers_only_the_players_the_pairing_knows() -> None:
    """5.2.5's "pairing number": a player absent now who never took part in a pairing is not numbered
    (the reading that reproduces all 8,950 5.2.5 decisions of the reference tournaments)."""
    players = [
        evolve(player(1, requested_bye(1)), status=PlayerStatus.ABSENT),  # never paired: not numbered
        player(2, game(1, 5, W, 1)),
        evolve(player(3, game(1, 6, B, 0)), status=PlayerStatus.ABSENT),  # paired before: keeps a number
        player(4, requested_bye(1)),  # to be paired now
        player(5, game(1, 2, B, 0)),
        player(6, game(1, 3, W, 1)),
    ]
    assert pairing_numbers(request(players, 2)) == {2: 1, 3: 2, 4: 3, 5: 4, 6: 5}
    # Round 1: the absentees do not count, so the colours alternate down the players paired.
    first = [evolve(player(1), status=PlayerStatus.ABSENT)] + [player(n) for n in range(2, 6)]
    outcome = pair(request(first, 1, initial_colour="white"))
    assert [(b.first, b.second) for b in outcome.boards] == [(2, 4), (5, 3)]


# -- Absolute criteria ----------------------------------------------------------------------------


def test_round_1_pairs_the_top_half_against_the_bottom_half() -> None:
    outcome = pair(request([player(n) for n in range(1, 9)], 1, initial_colour="white"))
    assert [(b.first, b.second) for b in outcome.boards] == [(1, 5), (6, 2), (3, 7), (8, 4)]


def test_c1_players_who_have_met_are_not_paired_again() -> None:
    """C1 / C.04.1 Art. 2: "Two participants shall not play against each other more than once"."""
    players = [
        player(1, game(1, 3, W, 1)),
        player(2, game(1, 4, B, 1)),
        player(3, game(1, 1, B, 0)),
        player(4, game(1, 2, W, 0)),
    ]
    outcome = pair(request(players, 2))
    assert frozenset((1, 3)) not in pairs_of(outcome)
    assert pairs_of(outcome) == {frozenset((1, 2)), frozenset((3, 4))}


def test_c2_nobody_gets_a_second_pab() -> None:
    """C2: "A participant who has already received a pairing-allocated bye ... shall not receive the
    pairing-allocated bye"."""
    players = [player(1, game(1, 2, W, 1)), player(2, game(1, 1, B, 0)), player(3, pab(1))]
    assert not eligible_for_pab(players[2], Scoring())
    outcome = pair(request(players, 2))
    assert [b.player for b in outcome.byes] != [3]
    assert outcome.byes[0].kind is ByeKind.PAIRING_ALLOCATED


def test_c3_non_topscorers_with_the_same_absolute_preference_do_not_meet() -> None:
    """C3: "Non-topscorers with the same absolute colour preference shall not meet"."""
    players = [
        player(1, game(1, 5, W, 1), game(2, 6, W, 1)),  # WW: absolute Black
        player(2, game(1, 6, W, 1), game(2, 5, W, 1)),  # WW: absolute Black
        player(3, game(1, 7, B, 1), game(2, 8, W, 0.5)),
        player(4, game(1, 8, B, 1), game(2, 7, W, 0.5)),
        player(5, game(1, 1, B, 0), game(2, 2, B, 0)),
        player(6, game(1, 2, B, 0), game(2, 1, B, 0)),
        player(7, game(1, 3, W, 0), game(2, 4, B, 0.5)),
        player(8, game(1, 4, W, 0), game(2, 3, B, 0.5)),
    ]
    outcome = pair(request(players, 3, total=5))
    assert frozenset((1, 2)) not in pairs_of(outcome)


def test_no_complete_pairing_is_refused() -> None:
    """1.9: "If no complete pairing exists, the (chief) arbiter decides": NoValidPairing."""
    players = [player(1, game(1, 2, W, 1)), player(2, game(1, 1, B, 0))]
    with pytest.raises(NoValidPairing, match="C4"):
        pair(request(players, 2))
    three = [player(1, game(1, 2, W, 1)), player(2, game(1, 1, B, 0)), player(3, pab(1))]
    outcome = pair(request(three, 2))  # 3 had the PAB (C2): 1 or 2 gets it, the other plays 3
    assert outcome.byes[0].player in (1, 2) and len(outcome.boards) == 1


def test_the_explanation_lists_brackets_and_criteria_not_met() -> None:
    players = [player(1, game(1, 3, W, 1)), player(2, game(1, 4, W, 1)), player(3, game(1, 1, B, 0))]
    players.append(player(4, game(1, 2, B, 0)))
    outcome = pair(request(players, 2))
    articles = [d.article for d in outcome.explanation]
    assert "1.3.2" in articles
    assert any(d.article == "C12" and not d.satisfied for d in outcome.explanation)


def test_c5_round_one_of_an_odd_field_gives_the_pab_to_the_lowest_ranked() -> None:
    """[C5] "Minimise the score of the assignee of the pairing-allocated-bye": in round 1 everyone has 0,
    and the generation order (Article 4) leaves the last of the 1.2 order unpaired."""
    outcome = pair(request([player(n) for n in range(1, 6)], 1))
    assert len(outcome.boards) == 2 and [b.player for b in outcome.byes] == [5]


# -- Properties on generated tournaments ----------------------------------------------------------


@settings(max_examples=10)
@given(
    st.integers(min_value=16, max_value=40),
    st.integers(min_value=3, max_value=5),
    st.integers(min_value=0, max_value=10_000),
)
def test_c1_c3_the_shared_partner_tables_say_exactly_what_compatible_says(players: int, rounds: int, seed: int) -> None:
    """C1 ("shall not play against each other more than once", and forbidden pairs) and C3
    ("Non-topscorers with the same absolute colour preference shall not meet"): the partner tables
    shared by the players of one C3 colour, less the ranks each player's `blocked` holds, allow a pair
    exactly when `compatible` does, in a generated tournament (absolute preferences occur from
    round 3 on)."""
    document = generate(GeneratorConfig(players=players, rounds=rounds, forfeit_rate=0.05), seed, pair)
    request = to_pairing_input(document, rounds, total_rounds=rounds + 2)
    everyone = contenders(request)
    set_partners(everyone)
    for a in everyone:
        listed = set(a.partners) - a.blocked
        for b in everyone:
            if b is not a:
                assert a.may_meet(b.rank) is compatible(a, b), (a.number, b.number)
                assert (b.rank in listed) is compatible(a, b), (a.number, b.number)


@settings(max_examples=8)
@given(st.integers(min_value=6, max_value=24), st.integers(min_value=0, max_value=10_000))
def test_generated_tournaments_respect_the_basic_rules(players: int, seed: int) -> None:
    config = GeneratorConfig(players=players, rounds=min(5, players // 2), forfeit_rate=0.05, half_point_bye_rate=0.05)
    document = generate(config, seed, pair)
    met: set[frozenset[int]] = set()
    pabs: set[int] = set()
    for round_number in range(1, config.rounds + 1):
        seats: list[int] = []
        for p in document.players:
            entry = p.rounds[round_number - 1]
            if entry.opponent:
                seats.append(p.start_rank)
                key = frozenset((p.start_rank, entry.opponent))
                assert key not in met or entry.result.value in "+-", "C1"
            if entry.result.value == "U":
                assert p.start_rank not in pabs, "C2"
                pabs.add(p.start_rank)
        for p in document.players:
            entry = p.rounds[round_number - 1]
            if entry.opponent and entry.result.value not in "+-":
                met.add(frozenset((p.start_rank, entry.opponent)))
        assert len(seats) == len(set(seats))


@pytest.mark.skipif(
    "native" not in available_backends() or os.environ.get("ARBITER_MATCHING", "native") != "native",
    reason="the tiers are the native backend's",
)
@pytest.mark.parametrize(("players", "seed"), [(180, 3), (211, 5)])
def test_the_shortcuts_pair_as_the_whole_graph_does(players: int, seed: int) -> None:
    """Article 3.8 (the best candidate, then the first generated) is decided by one maximum-weight
    perfect matching of everyone left; the speed-ups of `pairing.fide.dutch.shortcuts` (the next
    bracket as one vertex, the players below by a completion check, the weights in tiers and
    digits) must give exactly that pairing. Big enough that every shortcut is taken."""
    document = generate(GeneratorConfig(players=players, rounds=7, forfeit_rate=0.02), seed, pair)
    request = to_pairing_input(document, 7)
    taken = Shortcuts()
    shortcut = pair(request, taken)
    assert taken.bracket_alone and taken.tiered, taken
    without = Shortcuts(enabled=False)
    assert pair(request, without) == shortcut
    assert without.bracket_alone == without.tiered == 0


@pytest.mark.skipif(
    "native" not in available_backends() or os.environ.get("ARBITER_MATCHING", "native") != "native",
    reason="the tiers are the native backend's",
)
def test_the_tiers_of_4_3_cut_as_in_the_biggest_brackets_pair_as_the_whole_graph_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Article 3.8 with 4.3's `s1_leavers` and `s2_joiners` solved in narrow tiers, as a 9,999-player
    round's brackets are: with tiers of at most 8 bits, `s1_leavers` is a tier of its own and
    `s2_joiners` is cut into pieces (a matching's sum of it never carries), and the round must pair as
    one matching of the whole weights does."""
    monkeypatch.setattr(shortcuts, "HIGH_TIER_BITS", 8)
    document = generate(GeneratorConfig(players=180, rounds=7, forfeit_rate=0.02), 3, pair)
    request = to_pairing_input(document, 7)
    taken = Shortcuts()
    assert pair(request, taken) == pair(request, Shortcuts(enabled=False))
    assert taken.tiered


@pytest.mark.skipif(
    "native" not in available_backends() or os.environ.get("ARBITER_MATCHING", "native") != "native",
    reason="the sparse-first solves are the native backend's",
)
@pytest.mark.parametrize(("players", "seed"), [(180, 3), (211, 5)])
def test_the_sparse_first_solves_pair_as_the_whole_graph_does(players: int, seed: int) -> None:
    """Article 3.8 with the first tier of every remainder solved by tiers and the first pass of every
    heterogeneous bracket solved sparse first (`shortcuts._sparse_first`), which may find another of
    equal optima: the round must pair as it does without them and as one matching of the whole weights
    does, since Article 4 fixes everything the engine reads of those solves."""
    document = generate(GeneratorConfig(players=players, rounds=7, forfeit_rate=0.02), seed, pair)
    request = to_pairing_input(document, 7)
    taken = Shortcuts()
    sparse = pair(request, taken)
    assert taken.tiered
    assert sparse == pair(request, Shortcuts(sparse_first=False)) == pair(request, Shortcuts(enabled=False))


@pytest.mark.skipif(
    "native" not in available_backends() or os.environ.get("ARBITER_MATCHING", "native") != "native",
    reason="the sparse-first solves are the native backend's",
)
def test_a_first_pass_with_mdps_paired_together_is_solved_again_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """Article 4 does not order the pairs of MDPs among themselves, so a heterogeneous bracket's first pass
    solved sparse first is solved again without (`brackets._mdp_pairs`) when it pairs MDPs together twice or
    more: here every first pass is taken for such, and the round still pairs as the whole graph does."""
    monkeypatch.setattr(brackets, "_mdp_pairs", lambda partners, mdps, numbers: 2)
    document = generate(GeneratorConfig(players=180, rounds=7, forfeit_rate=0.02), 3, pair)
    request = to_pairing_input(document, 7)
    assert pair(request, Shortcuts()) == pair(request, Shortcuts(enabled=False))


def test_the_mdps_paired_together_are_counted_by_pairs() -> None:
    """`brackets._mdp_pairs`: two MDPs paired with each other make one pair; an MDP paired with a
    resident, floating (another bracket's player) or taking the PAB (None) makes none."""
    mdps = [evolve(below_the_next_bracket({})[0], number=n, tpn=n, rank=n - 1) for n in range(1, 7)]
    resident = evolve(mdps[0], number=7, tpn=7, rank=6)
    numbers = {c.number for c in mdps}
    partners: dict[int, Contender | None] = {1: mdps[1], 2: mdps[0], 3: resident, 4: None, 5: mdps[5], 6: mdps[4]}
    assert brackets._mdp_pairs(partners, mdps, numbers) == 2
    partners[5], partners[6] = resident, None
    assert brackets._mdp_pairs(partners, mdps, numbers) == 1


def test_the_remainder_tiers_cut_4_3_only_where_no_sum_carries() -> None:
    """4.3's fields below `lower_bsns` in tiers (`_remainder_tiers`) for a bracket of 1,440 players,
    720 in S1 (a 9,999-player round's biggest): `s1_leavers` is never cut inside (its sums carry), each
    tier but `s1_leavers`' own is at most `HIGH_TIER_BITS` wide, and the cuts run from `lower_bsns`
    down to the cut of the digits, `s2_joiners`' offset."""
    first = below_the_next_bracket({})[0]
    bracket = [evolve(first, number=n, tpn=n, rank=n - 1) for n in range(1, 1_441)]
    weights = BracketWeights(bracket, 0, [], 1_441, bracket, 720)
    weights.layout()
    order = weights.order
    assert isinstance(order, RemainderOrder)
    cut, tiers = _remainder_tiers(order)
    cuts = [cut + t for t in tiers]
    assert cut == order.s2_joiners.offset and cuts[0] == order.lower_bsns.offset
    assert cuts == sorted(cuts, reverse=True) and len(cuts) > 1  # s2_joiners cut inside
    assert not any(order.s1_leavers.offset < c < order.lower_bsns.offset for c in cuts)
    widths = [top - low for top, low in zip(cuts, [*cuts[1:], cut], strict=True)]
    leavers = order.lower_bsns.offset - order.s1_leavers.offset
    assert all(w <= max(shortcuts.HIGH_TIER_BITS, leavers) for w in widths)


@settings(max_examples=12)
@given(
    st.integers(min_value=5, max_value=60),
    st.integers(min_value=2, max_value=6),
    st.integers(min_value=0, max_value=10_000),
)
@example(5, 4, 1)
def test_the_shortcuts_pair_small_fields_as_the_whole_graph_does(players: int, rounds: int, seed: int) -> None:
    """Article 3.8 and C4, as above, for fields of every size: `relaxed_matching` and the greedy
    completion check are tried first whatever the number of players left. A history the shortcuts
    cannot pair to the end (1.9: no pairing complies with C1-C3; 5 players, 4 rounds, seed 1 is one)
    must be one the whole graph cannot pair either."""
    config = GeneratorConfig(players=players, rounds=rounds, forfeit_rate=0.05)
    try:
        document = generate(config, seed, pair)
    except NoValidPairing:
        with pytest.raises(NoValidPairing):
            generate(config, seed, lambda request: pair(request, Shortcuts(enabled=False)))
        return
    request = to_pairing_input(document, rounds, total_rounds=rounds + 1)
    taken = Shortcuts()
    try:
        shortcut = pair(request, taken)
    except NoValidPairing:
        with pytest.raises(NoValidPairing):
            pair(request, Shortcuts(enabled=False))
        return
    assert pair(request, Shortcuts(enabled=False)) == shortcut


def below_the_next_bracket(avoid: dict[int, set[int]], count: int = 4) -> list[Contender]:
    """Players 1..count (ranks 0..count-1) of one score, with no colour history, who avoid the given
    opponents (C1), both ways; their partner tables set."""
    none = ColourPreference(None, Strength.NONE)
    players = [
        Contender(
            number=n,
            tpn=n,
            score=0.0,
            sides=(),
            cd=0,
            preference=none,
            float_1=Float.NONE,
            float_2=Float.NONE,
            pab_eligible=True,
            unplayed=0,
            topscorer=False,
            avoid=frozenset(avoid.get(n, set()) | {m for m, them in avoid.items() if n in them}),
            rank=n - 1,
        )
        for n in range(1, count + 1)
    ]
    set_partners(players)
    return players


def test_c4_the_greedy_completion_exchanges_the_two_players_it_leaves() -> None:
    """C4 ("a complete pairing of everyone left"): of 1-4, only 1-2, 1-3 and 2-4 may meet. The
    greedy choice pairs 1-2 and leaves 3 and 4, who have met; they take the places of 1 and 2."""
    players = below_the_next_bracket({1: {4}, 2: {3}, 3: {4}})
    kind, mate = [0, 0, 0, 0], [-1, -1, -1, -1]
    assert _greedy_completion(players, kind, mate, [], 0) == [2, 3, 0, 1]


def test_c4_the_completion_check_does_not_trust_a_greedy_failure() -> None:
    """C4: of 1-6, only 1-2, 1-5, 2-4, 3-4 and 3-6 may meet. The greedy choice pairs 1-2 and 3-4 and
    leaves 5 and 6, who have met, and neither of its pairs can take them crosswise; the check still
    finds the one complete pairing, 1-5, 2-4, 3-6."""
    players = below_the_next_bracket({1: {3, 4, 6}, 2: {3, 5, 6}, 3: {5}, 4: {5, 6}, 5: {6}}, count=6)
    kind, mate = [0] * 6, [-1] * 6
    assert _greedy_completion(players, kind, mate, [], 0) is None
    assert _complete(players, kind, mate, [], next_pairs=None) == [4, 3, 5, 1, 0, 2]


# -- arbiter-pair ---------------------------------------------------------------------------------


def test_arbiter_pair_writes_the_pairing_in_the_bbppairings_format(tmp_path: Path) -> None:
    source = tmp_path / "t.trf"
    document = generate(GeneratorConfig(players=9, rounds=4), 7, pair)
    source.write_text(format(document), encoding="utf-8")
    check = tmp_path / "partial.trf"
    partial = parse(format(document))
    check.write_text(format(truncated(partial, 3)), encoding="utf-8")
    out = tmp_path / "pairs.txt"
    assert cli.main(["--dutch", str(check), "-p", str(out)]) == cli.OK
    lines = out.read_text().splitlines()
    assert lines[0] == "5"
    assert lines[-1].endswith(" 0")
    expected = pair(to_pairing_input(document, 4))
    assert lines[1:-1] == [f"{b.first} {b.second}" for b in expected.boards]


def test_arbiter_pair_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--dutch", str(tmp_path / "missing.trf"), "-p"]) == cli.FILE_ERROR
    no_rounds = tmp_path / "no-rounds.trf"
    no_rounds.write_text("012 x\n001    1      A                                  2000\n", encoding="utf-8")
    assert cli.main(["--dutch", str(no_rounds), "-p"]) == cli.INVALID_INPUT
    broken = tmp_path / "broken.trf"
    broken.write_text("142 x\n", encoding="utf-8")
    assert cli.main(["--dutch", str(broken), "-p"]) == cli.INVALID_INPUT
    assert "line 1, column 5" in capsys.readouterr().err


def test_arbiter_pair_generates_and_checks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "rtg.cfg"
    config.write_text("PlayersNumber=15\nRoundsNumber=5\nDrawPercentage=30\nHalfPointByeRate=5\n", encoding="utf-8")
    out = tmp_path / "gen.trf"
    assert cli.main(["--dutch", "-g", str(config), "-o", str(out), "-s", "11"]) == cli.OK
    assert len(parse(out.read_text(encoding="utf-8")).players) == 15
    assert cli.main(["--dutch", str(out), "-c"]) == cli.OK
    assert "rounds that differ: none" in capsys.readouterr().err
