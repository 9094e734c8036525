"""tsh's `.t` player file: read and write (research notes 2.9; issue 9 item 6)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.model import Outcome, PlayerStatus, Side
from pairing.tsh.koth import Koth
from pairing.tsh.tfile import TFile, TFileError, TFilePlayer, format_tfile, from_entrants, parse_tfile, to_entrants
from tests.pairing.tsh.builders import request

EXAMPLE = """\
# division A, 3 rounds
Smith, Alice            1850 2 3 4; 412 380 455; p12 1 2 1
Jones, Bob              1720 1 4 3; 355 401 390; p12 2 1 2
Brown, Carol            1690 4 1 2; 420 399 366; p12 1 1 2
Green, Dave             1610 3 2 1; 388 372 340; p12 2 2 2
Late, Entrant              0 0 0; 50 -50; off 0
"""


def test_tfile_example_reads_one_player_per_line():
    """Rules text: "One line per player; the player ID is the line number ... Lines starting with # are comments"."""
    tfile = parse_tfile(EXAMPLE)
    assert [p.name for p in tfile.players] == [
        "Smith, Alice",
        "Jones, Bob",
        "Brown, Carol",
        "Green, Dave",
        "Late, Entrant",
    ]
    assert tfile.players[0] == TFilePlayer(
        "Smith, Alice", "1850", (2, 3, 4), (412, 380, 455), (("p12", ("1", "2", "1")),)
    )
    assert tfile.players[4].opponents == (0, 0) and tfile.players[4].extra("off") == ("0",)
    assert tfile.comments == ((0, "# division A, 3 rounds"),)


def test_tfile_writes_as_tsh_lays_it_out():
    """Rules text: "Writer format: sprintf("%-22s %5s %s; %s", name, rating, opps, scores), then ; key words"."""
    assert format_tfile(parse_tfile(EXAMPLE)) == EXAMPLE


def test_tfile_to_entrants_results_byes_sides_and_status():
    """A game's result from the two scores, a bye's score as its spread (50 a win, -50 a forfeit
    loss), sides from p12, `off` as withdrawn."""
    alice, bob, _, _, late = to_entrants(parse_tfile(EXAMPLE))
    assert [r.outcome for r in alice.history] == [Outcome.WIN, Outcome.LOSS, Outcome.WIN]
    assert [(r.score_for, r.score_against) for r in alice.history] == [(412, 355), (380, 399), (455, 340)]
    assert [r.side for r in bob.history] == [Side.SECOND, Side.FIRST, Side.SECOND]
    assert [(r.outcome, r.score_for) for r in late.history] == [(Outcome.WIN, 50), (Outcome.LOSS, -50)]
    assert late.status is PlayerStatus.WITHDRAWN and alice.score == 2.0


def test_tfile_round_trips_through_entrants():
    """Import, then export: the same file (a director can move an event in and out)."""
    tfile = parse_tfile(EXAMPLE)
    assert from_entrants(to_entrants(tfile)) == TFile(tfile.players)


def test_tfile_entrants_can_be_paired():
    entrants = to_entrants(parse_tfile(EXAMPLE))
    outcome = Koth().pair(request(entrants, 4, 4, repeats="1"))
    assert {frozenset((b.first, b.second)) for b in outcome.boards} == {frozenset((3, 1)), frozenset((2, 4))}


def test_tfile_name_ending_in_a_digit_gets_a_comma():
    """Rules text: "A name that would end in a digit gets a trailing comma"."""
    text = format_tfile(TFile((TFilePlayer("Player 2", "1500", (0,), (50,)),)))
    assert text.startswith("Player 2, ")
    assert parse_tfile(text).players[0].name == "Player 2"


def test_tfile_bad_lines_are_refused_with_the_line_number():
    with pytest.raises(TFileError, match="line 2"):
        parse_tfile("Smith 1500 ;\nno rating here; 1 2\n")
    with pytest.raises(TFileError, match="';'"):
        format_tfile(TFile((TFilePlayer("A;B", "1"),)))


names = st.text(
    st.characters(min_codepoint=32, max_codepoint=0x2FF, blacklist_characters=";\\#"), min_size=1, max_size=30
)
words = st.text(st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=8)
maybe = st.one_of(st.none(), st.integers(-500, 900))
t_players = st.builds(
    TFilePlayer,
    name=names.map(str.strip).filter(
        lambda s: bool(s) and not s.startswith("#") and not (s.endswith(",") and s[-2:-1].isdigit())
    ),
    rating=st.sampled_from(["0", "1500", "1800.5", "1800+1750"]),
    opponents=st.lists(st.one_of(st.none(), st.integers(0, 40)), max_size=8).map(tuple),
    scores=st.lists(maybe, max_size=8).map(tuple),
    extras=st.dictionaries(words.filter(lambda w: w != "00"), st.lists(words, max_size=4).map(tuple), max_size=3).map(
        lambda d: tuple(sorted(d.items()))
    ),
)


@settings(max_examples=150)
@given(st.lists(t_players, max_size=6), st.lists(st.sampled_from(["# note", "", "#key value"]), max_size=3))
def test_tfile_parse_format_round_trip(players, comments):
    """STYLE.md 8: "format round-trips (`parse(format(doc)) == doc`)"."""
    doc = TFile(tuple(players), tuple((min(i, len(players)), c) for i, c in enumerate(comments)))
    try:
        text = format_tfile(doc)
    except TFileError:
        return  # names the format cannot hold (it says so, rather than writing them wrong)
    assert parse_tfile(text) == doc
