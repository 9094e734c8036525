"""Bracket layouts (IBF Pairing Rules 3.1, 3.2; research note sections 3.1-3.4): seeding order, virtual
players, round names, and the conventional double-elimination tables for 8 and 16 players."""

from __future__ import annotations

import math

import pytest

from pairing.ibf.brackets import (
    FeedKind,
    Stage,
    bracket_size,
    changed_matches,
    double_elimination_layout,
    round_name,
    rounds_for,
    single_elimination_layout,
)
from pairing.ibf.double_elimination import earliest_lower_rematch
from pairing.ibf.single_elimination import SingleElimination
from pairing.model import NoValidPairing
from pairing.registry import bracket_view
from tests.pairing.ibf.support import entrant, request, with_history

# Research note 3.1: round-1 order, top to bottom of the sheet.
ORDER_8 = "1v8, 4v5, 2v7, 3v6"
ORDER_16 = "1v16, 8v9, 4v13, 5v12, 2v15, 7v10, 3v14, 6v11"
ORDER_32 = "1v32, 16v17, 8v25, 9v24, 4v29, 13v20, 5v28, 12v21, 2v31, 15v18, 7v26, 10v23, 3v30, 14v19, 6v27, 11v22"

# Research note 3.4, "8 players" and "16 players" (GF1 is our SF, GF2 our SF2).
DOUBLE_8 = """
WB1: S1vS8, S4vS5, S2vS7, S3vS6
WB2: W(WB1.1)vW(WB1.2), W(WB1.3)vW(WB1.4)
WB3: W(WB2.1)vW(WB2.2)
LB1: L(WB1.1)vL(WB1.2), L(WB1.3)vL(WB1.4)
LB2: L(WB2.2)vW(LB1.1), L(WB2.1)vW(LB1.2)
LB3: W(LB2.1)vW(LB2.2)
LB4: L(WB3.1)vW(LB3.1)
SF: W(WB3.1)vW(LB4.1)
SF2: W(WB3.1)vW(LB4.1)
"""
DOUBLE_16 = """
WB1: S1vS16, S8vS9, S4vS13, S5vS12, S2vS15, S7vS10, S3vS14, S6vS11
WB2: W(WB1.1)vW(WB1.2), W(WB1.3)vW(WB1.4), W(WB1.5)vW(WB1.6), W(WB1.7)vW(WB1.8)
WB3: W(WB2.1)vW(WB2.2), W(WB2.3)vW(WB2.4)
WB4: W(WB3.1)vW(WB3.2)
LB1: L(WB1.1)vL(WB1.2), L(WB1.3)vL(WB1.4), L(WB1.5)vL(WB1.6), L(WB1.7)vL(WB1.8)
LB2: L(WB2.2)vW(LB1.1), L(WB2.1)vW(LB1.2), L(WB2.4)vW(LB1.3), L(WB2.3)vW(LB1.4)
LB3: W(LB2.1)vW(LB2.2), W(LB2.3)vW(LB2.4)
LB4: L(WB3.2)vW(LB3.1), L(WB3.1)vW(LB3.2)
LB5: W(LB4.1)vW(LB4.2)
LB6: L(WB4.1)vW(LB5.1)
SF: W(WB4.1)vW(LB6.1)
SF2: W(WB4.1)vW(LB6.1)
"""
# Research note 3.4, "Scheduling by dependency".
SESSIONS_8 = {1: "WB1", 2: "WB2 LB1", 3: "WB3 LB2", 4: "LB3", 5: "LB4", 6: "SF", 7: "SF2"}
SESSIONS_16 = {1: "WB1", 2: "WB2 LB1", 3: "WB3 LB2", 4: "WB4 LB3", 5: "LB4", 6: "LB5", 7: "LB6", 8: "SF", 9: "SF2"}


def first_round(entrants: int) -> str:
    layout = single_elimination_layout(entrants)
    cells = []
    for match in layout.matches:
        if match.round == 1:
            top, bottom = match.top.seed, match.bottom.seed
            cells.append(f"{top}v{bottom if bottom <= entrants else 'BYE'}")
    return ", ".join(cells)


@pytest.mark.parametrize(("size", "expected"), [(8, ORDER_8), (16, ORDER_16), (32, ORDER_32)])
def test_standard_seeding_order_equals_the_conventional_tables(size: int, expected: str) -> None:
    """Research note 3.1: seeds 1 and 2 can meet only in the final, 1-4 only from the semi-finals."""
    assert first_round(size) == expected


@pytest.mark.parametrize(
    ("entrants", "expected"),
    [
        (6, "1vBYE, 4v5, 2vBYE, 3v6"),
        (12, "1vBYE, 8v9, 4vBYE, 5v12, 2vBYE, 7v10, 3vBYE, 6v11"),
        (13, "1vBYE, 8v9, 4v13, 5v12, 2vBYE, 7v10, 3vBYE, 6v11"),
    ],
)
def test_3_1_1_virtual_players_fill_the_bracket_facing_the_top_seeds(entrants: int, expected: str) -> None:
    """3.1.1: "the competition bracket is filled with virtual players up to the nearest power of two"; with
    standard seeding the top P - N seeds meet them (research note 3.2)."""
    assert first_round(entrants) == expected


def test_3_1_3_round_names_by_number_of_pairs() -> None:
    """3.1.3: "for one pair - the "Final" ..., for two pairs - the "Semi-finals", for four pairs - the
    "Quarter-finals", for eight pairs - the "Round of 16", for sixteen pairs - the "Round of 32", and so on."""
    assert [round_name(p) for p in (1, 2, 4, 8, 16, 32)] == [
        "Final",
        "Semi-finals",
        "Quarter-finals",
        "Round of 16",
        "Round of 32",
        "Round of 64",
    ]


@pytest.mark.parametrize("entrants", range(2, 65))
def test_bracket_structure_for_2_to_64_players(entrants: int) -> None:
    """3.1.1, 3.1.3: the bracket size is the next power of two, the rounds are its binary logarithm, every seed
    is on the sheet once, no virtual player meets a virtual player, and each later round is fed by the
    winners of the round before, each exactly once."""
    layout = single_elimination_layout(entrants)
    size = bracket_size(entrants)
    assert size >= entrants > size // 2 or size == 2
    assert max(m.round for m in layout.matches) == int(math.log2(size)) == layout.sessions
    first = [m for m in layout.matches if m.round == 1]
    assert sorted(s for m in first for s in (m.top.seed, m.bottom.seed)) == list(range(1, size + 1))
    assert not any(m.top.seed > entrants and m.bottom.seed > entrants for m in first)
    fed = [f.match for m in layout.matches if m.round > 1 for f in (m.top, m.bottom)]
    assert sorted(fed) == sorted(m.label for m in layout.matches if m.round < layout.sessions)
    double = double_elimination_layout(entrants, extra_match=True)
    upper = [m for m in double.matches if m.stage is Stage.UPPER]
    assert max(m.round for m in upper) == int(math.log2(size))
    feeding = [m for m in double.matches if m.stage is not Stage.EXTRA]
    losers = [f.match for m in feeding for f in (m.top, m.bottom) if f.kind is FeedKind.LOSER]
    assert sorted(losers) == sorted(m.label for m in upper), "every upper-bracket loser drops exactly once"


def test_fewer_than_two_players_refused() -> None:
    with pytest.raises(NoValidPairing, match="at least 2"):
        bracket_size(1)


def table(layout) -> str:
    rows: dict[str, list[str]] = {}
    for match in layout.matches:
        key = match.label.split(".")[0]
        rows.setdefault(key, []).append(f"{match.top}v{match.bottom}")
    return "\n" + "\n".join(f"{key}: {', '.join(cells)}" for key, cells in rows.items()) + "\n"


def normalised(text: str) -> list[str]:
    order = [line.split(":")[0] for line in text.strip().splitlines()]
    return sorted(text.strip().splitlines(), key=lambda line: order.index(line.split(":")[0]))


@pytest.mark.parametrize(("size", "expected"), [(8, DOUBLE_8), (16, DOUBLE_16)])
def test_3_2_layouts_for_8_and_16_equal_the_conventional_tables(size: int, expected: str) -> None:
    """3.2 with research note 3.4 (O2): the upper bracket, the lower bracket with its major and minor rounds
    and the orders in which upper-bracket losers drop, the superfinal and its additional match."""
    layout = double_elimination_layout(size, extra_match=True)
    assert sorted(table(layout).strip().splitlines()) == sorted(expected.strip().splitlines())


@pytest.mark.parametrize(("size", "expected"), [(8, SESSIONS_8), (16, SESSIONS_16)])
def test_3_2_5_both_brackets_play_in_the_same_rounds_where_the_layout_allows(size: int, expected) -> None:
    """3.2.4: "Competition in the lower bracket begins from the second round"; 3.2.5: "Starting from the
    second round, matches are played simultaneously in both brackets" (research note 3.4's schedule)."""
    layout = double_elimination_layout(size, extra_match=True)
    sessions: dict[int, list[str]] = {}
    for match in layout.matches:
        key = match.label.split(".")[0]
        if key not in sessions.setdefault(match.session, []):
            sessions[match.session].append(key)
    assert {s: " ".join(keys) for s, keys in sessions.items()} == expected


@pytest.mark.parametrize(("size", "conventional", "delay"), [(4, 2, 2), (8, 3, 3), (16, 3, 4), (32, 5, 5), (64, 6, 7)])
def test_3_2_lower_bracket_rematch_delay(size: int, conventional: int, delay: int) -> None:
    """Issue 8: "upper-bracket losers drop into the lower bracket in an order that delays rematches". The
    earliest lower round in which two players who met in the upper bracket can meet again: the conventional
    orders give research note 3.4's numbers (8: round 3, 16: 3, 32: 5); ``lower_order = delay`` gives the
    best of the named orders (16: 4, 64: 7). Without any reordering it would be round 2."""
    assert earliest_lower_rematch(double_elimination_layout(size, True)) == conventional
    assert earliest_lower_rematch(double_elimination_layout(size, True, "delay")) == delay


def test_rounds_for_each_bracket_system() -> None:
    """The round count a tournament needs: log2(P), the double-elimination schedule, plus re-entry rounds."""
    assert rounds_for("single-elimination", 11, {}) == 4
    assert rounds_for("double-elimination", 8, {}) == 7
    assert rounds_for("double-elimination", 16, {"superfinal_extra": "no"}) == 8
    assert rounds_for("re-entry", 6, {"reentry_rounds": "2"}) == 5
    assert rounds_for("re-entry", 8, {}) == 3


def test_changed_matches_shows_what_a_correction_would_change() -> None:
    """Issue 8 item 5: a corrected result that changes who advanced: the later matches it affects."""
    players = [entrant(n) for n in range(1, 5)]
    table = {p.number: p for p in players}
    engine = SingleElimination()
    first = engine.pair(request("single-elimination", players, 1))
    recorded = with_history(table, 1, first, lambda b: True)
    corrected = with_history(table, 1, first, lambda b: b.first != 2)
    before = bracket_view(request("single-elimination", recorded.values(), 2))
    after = bracket_view(request("single-elimination", corrected.values(), 2))
    assert changed_matches(before, after) == ("R1.2", "R2.1")
