"""Round robin (IBF Pairing Rules 1.1 and Appendix 1; FIDE C.05 Annex 1): the tables and the engine.

The tables are checked against the Appendix 1 text itself (`tests/data/ibf-appendix1.txt`, copied
verbatim from the rules), which is partly garbled: the 7-8 table's rounds 5-7 are printed inside the
9-10 block, and in the 21-22 table two-digit numbers are split across cells or lines. Garbled rows are
recognised and skipped, never repaired; every readable row is compared, and the number compared is
asserted per table so that a parser reading nothing fails.
"""

from __future__ import annotations

import doctest
import hashlib
import re
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from attrs import frozen
from hypothesis import given
from hypothesis import strategies as st

from pairing.model import (
    Board,
    ByeKind,
    Entrant,
    NoValidPairing,
    PairingInput,
    PairingOutcome,
    PlayerStatus,
    Scoring,
)
from pairing.round_robin import RoundRobin, berger_table
from tests import builders
from tests.builders import entrant

ROOT = Path(__file__).resolve().parents[2]
APPENDIX_1 = ROOT / "tests" / "data" / "ibf-appendix1.txt"
DOCS = ROOT / "docs" / "round-robin.md"

TableRound = tuple[tuple[int, int], ...]

# --- reading the Appendix 1 text ---------------------------------------------------------------------

HEADING = re.compile(r"(\d+) - (\d+) players")
PAIR = re.compile(r"(\d+):(\d+)")


@frozen
class Row:
    """One line of a table block: tab-separated cells, the round number first."""

    line: int
    cells: tuple[str, ...]


def rows_by_table(text: str) -> dict[int, list[Row]]:
    """The lines under each "n - N players" heading, keyed by N; the "Round No." header is skipped."""
    tables: dict[int, list[Row]] = {}
    current: list[Row] | None = None
    for number, line in enumerate(text.splitlines(), 1):
        if heading := HEADING.fullmatch(line.strip()):
            current = tables.setdefault(int(heading[2]), [])
        elif current is not None and line.strip() and not line.startswith("Round No."):
            current.append(Row(number, tuple(cell.strip() for cell in line.split("\t"))))
    return tables


def read_round(row: Row, size: int) -> tuple[int, TableRound] | None:
    """(round, pairs) if `row` reads as a round of the table for `size` players, else None (garbled).

    Readable: a round number in 1..N-1, then exactly N/2 cells, each a well-formed a:b, which seat
    every number 1..N exactly once. The last condition matters: the 21-22 table's "10:1" (for 10:13,
    the "3" lost) is well-formed, but then 1 is seated twice.
    """
    number, *cells = row.cells
    if not number.isdecimal() or not 1 <= int(number) < size or len(cells) != size // 2:
        return None
    matches = [PAIR.fullmatch(cell) for cell in cells]
    if None in matches:
        return None
    pairs = tuple((int(m[1]), int(m[2])) for m in matches if m is not None)
    if sorted(n for pair in pairs for n in pair) != list(range(1, size + 1)):
        return None
    return int(number), pairs


def readable_and_garbled(size: int, block: int | None = None) -> tuple[dict[int, TableRound], list[Row]]:
    """The rows of `block` (default: the block headed for `size`) read as rounds of the `size` table."""
    readable: dict[int, TableRound] = {}
    garbled: list[Row] = []
    for row in rows_by_table(APPENDIX_1.read_text())[block or size]:
        read = read_round(row, size)
        if read is None:
            garbled.append(row)
        else:
            assert read[0] not in readable, f"round {read[0]} printed twice (line {row.line})"
            readable[read[0]] = read[1]
    return readable, garbled


# Rows compared per table, and rows recognised as garbled (skipped), in the Appendix 1 text.
ROWS_COMPARED = {4: 3, 6: 5, 8: 4, 10: 9, 12: 11, 14: 13, 16: 15, 18: 17, 20: 19, 22: 2}
ROWS_GARBLED = {4: 0, 6: 0, 8: 0, 10: 3, 12: 0, 14: 0, 16: 0, 18: 0, 20: 0, 22: 20}


def test_ibf_appendix1_text_has_the_ten_tables():
    """IBF Appendix 1: tables for 3-4 up to 21-22 players."""
    assert sorted(rows_by_table(APPENDIX_1.read_text())) == sorted(ROWS_COMPARED)


@pytest.mark.parametrize("size", sorted(ROWS_COMPARED))
def test_ibf_appendix1_every_readable_row_matches_berger_table(size: int):
    """IBF Appendix 1 (= FIDE C.05 Annex 1): each readable row equals the generated round, pair for
    pair and in column (board) order."""
    readable, garbled = readable_and_garbled(size)
    table = berger_table(size)
    for round_number, pairs in readable.items():
        assert pairs == table[round_number - 1], f"{size} players, round {round_number}"
    assert len(readable) == ROWS_COMPARED[size]
    assert len(garbled) == ROWS_GARBLED[size], [row.line for row in garbled]


def test_ibf_appendix1_eight_player_rounds_5_to_7_misplaced_in_the_ten_player_block():
    """IBF Appendix 1, 7-8 players: rounds 5-7 are printed in the 9-10 block; read there as 8-player
    rows, they complete the table and equal `berger_table(8)` rounds 5-7."""
    misplaced, _ = readable_and_garbled(8, block=10)
    assert sorted(misplaced) == [5, 6, 7]
    assert misplaced == {5: berger_table(8)[4], 6: berger_table(8)[5], 7: berger_table(8)[6]}
    in_place, _ = readable_and_garbled(8)
    assert sorted(in_place) == [1, 2, 3, 4]
    assert tuple(({**in_place, **misplaced})[r] for r in range(1, 8)) == berger_table(8)


def test_ibf_appendix1_ten_player_block_skips_only_the_misplaced_rows():
    """IBF Appendix 1, 9-10 players: the three 4-pair rows are not 10-player rounds; all 9 rounds read."""
    readable, garbled = readable_and_garbled(10)
    assert sorted(readable) == list(range(1, 10))
    assert [row.cells[0] for row in garbled] == ["5", "6", "7"]


def test_ibf_appendix1_twenty_two_player_table_split_numbers_are_garbled():
    """IBF Appendix 1, 21-22 players: only rounds 18 and 21 are printed without split numbers."""
    readable, garbled = readable_and_garbled(22)
    assert sorted(readable) == [18, 21]
    (round_4,) = [row for row in garbled if row.cells[0] == "4"]
    assert "15:1 1" in round_4.cells  # a split cell, not repaired into 15:11
    assert sum(1 for row in garbled if row.cells[0] == "") == 1  # the "5 4 3" continuation line


@pytest.mark.parametrize("size", [8, 22])
def test_c05_annex1_berger_table_properties(size: int):
    """C.05 Annex 1 / IBF Appendix 1 tables: each pair meets exactly once, player N is on board 1
    in every round, and N alternates sides (second in odd rounds, first in even ones)."""
    table = berger_table(size)
    assert len(table) == size - 1
    meetings = Counter(frozenset(pair) for rnd in table for pair in rnd)
    assert set(meetings) == {frozenset(p) for p in combinations(range(1, size + 1), 2)}
    assert set(meetings.values()) == {1}
    for round_number, rnd in enumerate(table, 1):
        assert sorted(n for pair in rnd for n in pair) == list(range(1, size + 1))
        side_of_n = 0 if round_number % 2 == 0 else 1
        assert rnd[0][side_of_n] == size, f"round {round_number}: {rnd[0]}"


def test_ibf_appendix1_odd_count_uses_the_next_even_table():
    """IBF Appendix 1: "In cases where there is an odd number of players, the highest number is
    considered to have a bye": 2k-1 players use the 2k table."""
    assert berger_table(5) == berger_table(6)
    assert berger_table(1) == (((1, 2),),)


# --- the engine --------------------------------------------------------------------------------------


def entrants(numbers: dict[int, int], statuses: dict[int, PlayerStatus] | None = None) -> tuple[Entrant, ...]:
    """Entrants from {pairing number: player number}, listed in player-number order."""
    statuses = statuses or {}
    return tuple(
        entrant(number, pairing_number=pn, status=statuses.get(pn, PlayerStatus.ACTIVE))
        for pn, number in sorted(numbers.items(), key=lambda item: item[1])
    )


def plain(count: int) -> dict[int, int]:
    """Player number = pairing number + 100, so the two can never be confused."""
    return {pn: pn + 100 for pn in range(1, count + 1)}


def request(
    players: tuple[Entrant, ...], round_number: int, scoring: Scoring | None = None, **options: str
) -> PairingInput:
    return builders.request(
        "round-robin", players, round_number, total_rounds=len(players), scoring=scoring, options=options
    )


def pair(players: tuple[Entrant, ...], round_number: int, **options: str) -> PairingOutcome:
    return RoundRobin().pair(request(players, round_number, **options))


def as_played(table_round: TableRound, numbers: dict[int, int], reverse: bool = False) -> tuple[Board, ...]:
    """The boards a table round gives, in player numbers; the bye (a number not seated) is no board."""
    boards = tuple(Board(numbers[a], numbers[b]) for a, b in table_round if a in numbers and b in numbers)
    return tuple(Board(b.second, b.first) for b in boards) if reverse else boards


def test_ibf_appendix1_players_are_mapped_from_pairing_number_to_player_number():
    """IBF Appendix 1: "numbers from one to the total number of participants" are pairing numbers;
    the boards name players by their player number, first-listed on the first side."""
    numbers = {1: 17, 2: 3, 3: 42, 4: 8, 5: 25, 6: 11}
    players = entrants(numbers)
    for round_number in range(1, 6):
        outcome = pair(players, round_number)
        assert outcome.boards == as_played(berger_table(6)[round_number - 1], numbers)
        assert outcome.byes == ()
    assert pair(players, 3).boards == (Board(3, 11), Board(42, 17), Board(8, 25))  # 2:6 3:1 4:5


def test_ibf_appendix1_odd_field_highest_number_is_the_bye():
    """IBF Appendix 1 / C.05 Annex 1: with 5 players, whoever meets number 6 has a pairing-allocated
    bye, worth the tournament's PAB points; the bye is not a board."""
    numbers = plain(5)
    scoring = Scoring(pairing_allocated_bye=0.0)
    for round_number, table_round in enumerate(berger_table(6), 1):
        outcome = RoundRobin().pair(request(entrants(numbers), round_number, scoring))
        (resting,) = [a if b == 6 else b for a, b in table_round if 6 in (a, b)]
        assert [(bye.player, bye.kind, bye.points) for bye in outcome.byes] == [
            (numbers[resting], ByeKind.PAIRING_ALLOCATED, 0.0)
        ]
        assert outcome.boards == as_played(table_round, numbers)
        assert len(outcome.boards) == 2
        assert any(d.article == "Appendix 1" and "counts as a bye" in d.text for d in outcome.explanation)


def test_ibf_appendix1_bye_points_come_from_scoring():
    """IBF Appendix 1: the bye's points are the tournament's pairing-allocated bye points."""
    (bye,) = RoundRobin().pair(request(entrants(plain(3)), 1, Scoring(pairing_allocated_bye=1.0))).byes
    assert (bye.player, bye.points) == (101, 1.0)  # round 1: 1:4, and 4 is the bye


def test_ibf_appendix1_single_player_only_has_byes():
    """IBF Appendix 1, odd field of one: the table for 2 players has one round, a bye."""
    outcome = pair(entrants(plain(1)), 1)
    assert outcome.boards == ()
    assert [bye.player for bye in outcome.byes] == [101]


def test_ibf_appendix1_explanation_names_the_table_round():
    """IBF Appendix 1: the explanation names the table and round played, as printed."""
    outcome = pair(entrants(plain(6)), 3)
    assert outcome.explanation[0].article == "Appendix 1"
    assert outcome.explanation[0].text == "round 3 of the table for 6 players: 2:6 3:1 4:5"


def test_ibf_1_1_withdrawn_players_stay_in_the_schedule():
    """IBF 1.1: the table is fixed; a withdrawn player keeps the number and is still paired (the
    arbiter records forfeits), and the explanation says so."""
    numbers = plain(6)
    outcome = pair(entrants(numbers, {3: PlayerStatus.WITHDRAWN}), 1)
    assert Board(103, 104) in outcome.boards
    (note,) = [d for d in outcome.explanation if "withdrawn" in d.text]
    assert "103" in note.text and "forfeit" in note.text


@pytest.mark.parametrize("count", [5, 6])
def test_c05_annex1_double_round_robin_second_cycle_reverses_sides(count: int):
    """C.05 Annex 1 / IBF 1.1 "one or more rounds": round N-1+r is round r with the sides reversed."""
    players = entrants(plain(count))
    per_cycle = len(berger_table(count))
    for r in range(1, per_cycle + 1):
        first, second = pair(players, r, cycles="2"), pair(players, per_cycle + r, cycles="2")
        assert second.boards == tuple(Board(b.second, b.first) for b in first.boards)
        assert second.byes == first.byes


def test_c05_annex1_third_cycle_repeats_the_first():
    """IBF 1.1, k-fold round robin: odd-numbered cycles play the table as printed."""
    players = entrants(plain(4))
    for r in range(1, 4):
        assert pair(players, 6 + r, cycles="3").boards == pair(players, r).boards


def test_c05_annex1_swap_last_two_rounds_of_the_first_half():
    """C.05 Annex 1: "it is recommended that the last two rounds of the first half of the schedule be
    switched"; the second half is the table as printed, sides reversed (ETT26 FIDE_DOUBLEROUNDROBIN)."""
    numbers = plain(6)
    players = entrants(numbers)
    table = berger_table(6)
    played = [pair(players, r, cycles="2", swap_last_two="yes").boards for r in range(1, 11)]
    expected_rows = [0, 1, 2, 4, 3]
    assert played[:5] == [as_played(table[i], numbers) for i in expected_rows]
    assert played[5:] == [as_played(table[i], numbers, reverse=True) for i in range(5)]
    assert pair(players, 4, cycles="2").boards == as_played(table[3], numbers)  # off by default


def longest_run_on_one_side(rounds: list[PairingOutcome]) -> int:
    sides: dict[int, str] = {}
    longest = 0
    for outcome in rounds:
        for board in outcome.boards:
            for player, side in ((board.first, "1"), (board.second, "2")):
                sides[player] = sides.get(player, "") + side
    for history in sides.values():
        longest = max(longest, max(len(m[0]) for m in re.finditer(r"1+|2+", history)))
    return longest


@pytest.mark.parametrize("count", range(4, 17, 2))
def test_c05_annex1_swap_last_two_avoids_three_in_a_row(count: int):
    """C.05 Annex 1: the switch is "to avoid giving a player three consecutive games with the same
    colour"; the plain repetition does give someone three."""
    players = entrants(plain(count))
    rounds = range(1, 2 * (count - 1) + 1)
    assert longest_run_on_one_side([pair(players, r, cycles="2", swap_last_two="yes") for r in rounds]) == 2
    assert longest_run_on_one_side([pair(players, r, cycles="2") for r in rounds]) == 3


@pytest.mark.parametrize(("cycles", "past_end", "says"), [(1, 6, "has 5 round"), (2, 11, "rounds 1 to 10")])
def test_ibf_appendix1_round_past_the_table_raises(cycles: int, past_end: int, says: str):
    """IBF Appendix 1: the table for 6 players has 5 rounds; there is no round past cycles * 5."""
    players = entrants(plain(6))
    pair(players, past_end - 1, cycles=str(cycles))
    with pytest.raises(NoValidPairing, match=says):
        pair(players, past_end, cycles=str(cycles))
    with pytest.raises(NoValidPairing):
        pair(players, 0)


@pytest.mark.parametrize(
    ("numbers", "options"),
    [({1: 1, 2: 2, 4: 4}, {}), ({1: 1, 2: 2}, {"cycles": "two"}), ({1: 1}, {"swap_last_two": "1"}), ({}, {})],
)
def test_ibf_appendix1_bad_input_is_refused(numbers: dict[int, int], options: dict[str, str]):
    """IBF Appendix 1: pairing numbers run from 1 to the number of players; options must be valid."""
    with pytest.raises(NoValidPairing):
        pair(entrants(numbers), 1, **options)


def test_same_input_same_outcome():
    """ARCHITECTURE.md: an engine is a pure function; the players' order in the input does not matter."""
    players = entrants({1: 9, 2: 4, 3: 7, 4: 1, 5: 5})
    first = pair(players, 4, cycles="2")
    assert pair(players, 4, cycles="2") == first
    assert pair(tuple(reversed(players)), 4, cycles="2") == first


@given(
    numbers=st.integers(2, 30).flatmap(lambda n: st.lists(st.integers(1, 10_000), min_size=n, max_size=n, unique=True)),
    cycles=st.integers(1, 3),
    swap=st.sampled_from(["yes", "no"]),
)
def test_ibf_1_1_everyone_meets_everyone_once_per_cycle(numbers: list[int], cycles: int, swap: str):
    """IBF 1.1 "each competition player ... meets every other player" with the Appendix 1 tables: in
    every round nobody is seated twice and everyone plays or has the bye; each cycle has every pair
    meet exactly once."""
    players = entrants(dict(enumerate(numbers, 1)))
    per_cycle = len(berger_table(len(numbers)))
    everyone = sorted(numbers)
    every_pair = {frozenset(p) for p in combinations(numbers, 2)}
    for cycle in range(cycles):
        meetings: Counter[frozenset[int]] = Counter()
        for r in range(cycle * per_cycle + 1, (cycle + 1) * per_cycle + 1):
            outcome = pair(players, r, cycles=str(cycles), swap_last_two=swap)
            seated = [n for b in outcome.boards for n in (b.first, b.second)]
            seated += [bye.player for bye in outcome.byes]
            assert sorted(seated) == everyone
            assert len(outcome.byes) == len(numbers) % 2
            meetings.update(frozenset((b.first, b.second)) for b in outcome.boards)
        assert set(meetings) == every_pair
        assert set(meetings.values()) == {1}
    with pytest.raises(NoValidPairing):
        pair(players, cycles * per_cycle + 1, cycles=str(cycles), swap_last_two=swap)


def test_docs_round_robin_examples():
    """docs/round-robin.md: the printed table is what `berger_table` produces."""
    result = doctest.testfile(str(DOCS), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0
    assert result.failed == 0


# --- IBF Appendix 1: table numbers by drawing lots ----------------------------------------------------


def drawn_by_hand(seed: int, players: list[int]) -> dict[int, int]:
    """{table number: player number} redone from the rule docs/round-robin.md publishes: each player's lot is
    sha256 of "seed|table numbers|player number", and the lowest lot takes number 1."""
    lots = sorted(players, key=lambda n: hashlib.sha256(f"{seed}|table numbers|{n}".encode()).digest())
    return {table: number for table, number in enumerate(lots, 1)}


@pytest.mark.parametrize("seed", [7, 2026, 123456789])
def test_ibf_appendix1_table_numbers_are_drawn_by_lot_from_the_seed(seed: int):
    """IBF Appendix 1: "First, all players in the competition are assigned numbers from one to the total number of
    participants by drawing lots." With lots = yes the draw uses the tournament's seed (option draw_seed): the
    same draw every round, so every pair still meets once, and the explanation shows the seed and the draw."""
    numbers = plain(7)
    players = entrants(numbers)
    tables = drawn_by_hand(seed, sorted(numbers.values()))
    met: list[frozenset[int]] = []
    for round_number in range(1, 8):
        outcome = pair(players, round_number, lots="yes", draw_seed=str(seed))
        assert outcome.boards == as_played(berger_table(7)[round_number - 1], tables)
        met += [frozenset((b.first, b.second)) for b in outcome.boards]
        first = outcome.explanation[0]
        assert first.article == "Appendix 1" and f"drawn with seed {seed}" in first.text
        assert "1 = player " + str(tables[1]) in first.text
    assert len(met) == len(set(met)) == 21


def test_ibf_appendix1_the_draw_depends_on_the_seed_not_on_registration_order():
    """IBF Appendix 1, "by drawing lots": two seeds give two draws, and neither is registration order."""
    players = entrants(plain(8))
    first_boards = {seed: pair(players, 1, lots="yes", draw_seed=str(seed)).boards for seed in (1, 2)}
    assert first_boards[1] != first_boards[2]
    assert pair(players, 1).boards not in first_boards.values()


def test_ibf_appendix1_lots_no_keeps_the_pairing_numbers_and_says_so():
    """Option lots = no, for events whose regulations number the players otherwise: the pairing numbers stand
    (as without the option, the chess Berger round robin of C.05 Annex 1), and the explanation says no draw
    was held."""
    players = entrants(plain(6))
    outcome = pair(players, 1, lots="no", draw_seed="7")
    assert outcome.boards == pair(players, 1).boards == as_played(berger_table(6)[0], plain(6))
    assert "no draw was held" in outcome.explanation[0].text
    assert all("drawing lots" not in d.text for d in pair(players, 1).explanation)


@pytest.mark.parametrize(("options", "message"), [({}, "needs the tournament's draw seed"), ({"draw_seed": "x"}, "x")])
def test_ibf_appendix1_lots_without_a_seed_is_refused(options: dict[str, str], message: str):
    """IBF Appendix 1: a draw by lot needs the recorded seed; without one the engine refuses, naming it."""
    with pytest.raises(NoValidPairing, match=message):
        pair(entrants(plain(4)), 1, lots="yes", **options)
    with pytest.raises(NoValidPairing, match="lots must be one of yes, no"):
        pair(entrants(plain(4)), 1, lots="maybe", draw_seed="1")
