"""TRF16 / TRF-2026 read and write (C.04 Annex 2; TRF-2026; JaVaFo and bbpPairings extensions)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.model import ByeKind, PlayerStatus, Side
from pairing.trf import TrfSyntaxError, format, parse
from pairing.trf.convert import initial_colour, last_paired_round, outcome_from_round, scoring, to_pairing_input
from pairing.trf.document import (
    AccelerationRecord,
    BbpPointsRecord,
    ByeRecord,
    Colour,
    CommentRecord,
    ForbiddenPairsRecord,
    InitialColourRecord,
    JavafoAccelerationRecord,
    JavafoConfigRecord,
    JavafoPlayersRecord,
    Newline,
    PlayerRecord,
    ResultCode,
    RoundEntry,
    RoundsRecord,
    ScoringRecord,
    TournamentRecord,
    TrfDocument,
)
from tests.conftest import DUTCH_REFERENCE as REFERENCE
from tests.conftest import require_shared


def _line(rank: int, head: str, name: str, rating: str, points: str, place: str, rounds: str, extra: str = "") -> str:
    """A 001 line laid out column by column (TRF16 "Player Section"); `extra` fills cols 54-79."""
    return f"001 {rank:4d} {head:<4} {name:<33} {rating:>4} {extra:<26} {points:>4} {place:>4}  {rounds}"


SAMPLE = (
    "012 Test Open\n"
    "092 FIDE_DUTCH_2025\n"
    "142 5\n"
    "162  W 3.0    D 1.0\n"
    + _line(1, "m GM", "Alpha, Anna", "2720", "4.0", "1", "   3 w 1     2 b +  0000 - H", "NOR     1503014 1990/11/30")
    + "\n"
    + _line(2, "", "Beta, Bob", "2600", "0.0", "3", "0000 - U     1 w -  0000 - Z")
    + "\n"
    + _line(3, "", "Gamma, Gus", "", "0.0", "2", "   1 b 0  0000 - Z")
    + "\nXXR 5\nXXP 1 2\n240 H   3    1\n"
)


def test_sample_reads_every_field() -> None:
    document = parse(SAMPLE)
    alpha, beta, gamma = document.players
    assert (alpha.start_rank, alpha.sex, alpha.title, alpha.name) == (1, "m", "GM", "Alpha, Anna")
    assert (alpha.rating, alpha.federation, alpha.fide_id, alpha.birth_date) == (2720, "NOR", "1503014", "1990/11/30")
    assert (alpha.points, alpha.rank) == (Decimal("4.0"), 1)
    assert alpha.rounds[0] == RoundEntry(opponent=3, colour=Colour.WHITE, result=ResultCode.WIN)
    assert beta.rounds[0] == RoundEntry(opponent=0, colour=Colour.NONE, result=ResultCode.PAIRING_ALLOCATED_BYE)
    assert gamma.rating == 0
    assert document.total_rounds == 5
    assert document.tournament_text("092") == "FIDE_DUTCH_2025"
    assert ScoringRecord(values=(("W", Decimal(3)), ("D", Decimal(1)))) in document.records
    assert ByeRecord(kind="H", round=3, players=(1,)) in document.records


@pytest.mark.parametrize(("written", "number"), [("1503014", "1503014"), ("0", ""), ("00000000000", ""), ("", "")])
def test_fide_number_written_as_zeros_is_no_fide_number(written: str, number: str) -> None:
    """TRF16 cols 58-68 "FIDE number": Swiss-Manager writes `0` for a player without one (five players
    of tests/data/heltour/crete-team-2025.trf); the field is kept as written."""
    player = PlayerRecord(start_rank=1, fide_id=written)
    assert (player.fide_id, player.fide_number) == (written, number)


@pytest.mark.parametrize("newline", list(Newline))
def test_cr_lf_and_crlf_line_ends_are_read_and_kept(newline: Newline) -> None:
    """TRF16 Remark 1 asks for CR; LF and CRLF files are read the same and written back as read."""
    text = SAMPLE.replace("\n", newline.value)
    document = parse(text)
    assert document.newline is newline
    assert document.records == parse(SAMPLE).records
    assert format(document) == text


GOOD_PLAYER = _line(1, "", "Name", "2700", "4.0", "1", "   3 w 1     2 b 0")


def _broken(column: int, character: str) -> str:
    return GOOD_PLAYER[: column - 1] + character + GOOD_PLAYER[column:]


@pytest.mark.parametrize(
    ("line", "column"),
    [
        (_broken(6, "x"), 5),
        (_broken(50, "a"), 49),
        (_broken(97, "x"), 97),
        (_broken(99, "7"), 99),
        (_broken(96, "w"), 96),
        (_broken(83, "x"), 81),
        (_broken(104, "?"), 102),
        ("142 five", 5),
        ("152 X", 5),
        ("240 Q   3    1", 5),
        ("162  W 3.0    Q 1.0", 15),
        ("250  1.0  1.0   1   x    1   10", 19),
        ("XXC purple", 5),
    ],
)
def test_a_malformed_line_is_refused_with_line_and_column(line: str, column: int) -> None:
    assert parse("012 Test\n" + GOOD_PLAYER + "\n").players[0].rounds[1].opponent == 2
    with pytest.raises(TrfSyntaxError) as caught:
        parse("012 Test\n" + line + "\n")
    assert (caught.value.line, caught.value.column) == (2, column)
    assert f"line 2, column {column}" in str(caught.value)


def test_every_reference_file_is_written_back_byte_for_byte() -> None:
    require_shared(REFERENCE)
    files = sorted(REFERENCE.glob("*.trf"))
    assert len(files) == 294
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert format(parse(text)) == text, path.name


# -- parse(format(doc)) == doc ------------------------------------------------------------------

_text = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJ ,.-", max_size=30).map(str.strip)
_points = st.integers(min_value=0, max_value=199).map(lambda n: Decimal(n) / 2)
_entries = st.builds(
    RoundEntry,
    opponent=st.integers(min_value=0, max_value=9999),
    colour=st.sampled_from(list(Colour)),
    result=st.sampled_from(list(ResultCode)),
)
_players = st.builds(
    PlayerRecord,
    start_rank=st.integers(min_value=1, max_value=9999),
    sex=st.sampled_from(["", "m", "w"]),
    title=st.sampled_from(["", "GM", "IM", "WGM", "FM", "CM"]),
    name=_text,
    rating=st.integers(min_value=0, max_value=3000),
    federation=st.sampled_from(["", "NOR", "FRA"]),
    fide_id=st.from_regex(r"[0-9]{0,11}", fullmatch=True),
    birth_date=st.sampled_from(["", "1990/11/30"]),
    points=st.none() | _points,
    rank=st.none() | st.integers(min_value=1, max_value=9999),
    rounds=st.lists(_entries, max_size=6).map(tuple),
)
_ids = st.lists(st.integers(min_value=1, max_value=9999), max_size=5).map(tuple)
_records = st.one_of(
    _players,
    st.builds(TournamentRecord, code=st.sampled_from(["012", "022", "092", "192", "132"]), text=_text),
    st.builds(RoundsRecord, rounds=st.integers(min_value=1, max_value=99), javafo=st.booleans()),
    st.builds(InitialColourRecord, colour=st.sampled_from([Colour.WHITE, Colour.BLACK])),
    st.builds(
        ScoringRecord,
        values=st.lists(
            st.tuples(st.sampled_from("WDLAPX"), _points.filter(lambda p: p < 100)), min_size=1, max_size=5
        ).map(tuple),
    ),
    st.builds(ByeRecord, kind=st.sampled_from("FHZ"), round=st.integers(min_value=1, max_value=999), players=_ids),
    st.builds(
        AccelerationRecord,
        match_points=st.none() | _points.filter(lambda p: p < 100),
        game_points=_points.filter(lambda p: p < 100),
        first_round=st.integers(min_value=1, max_value=999),
        last_round=st.integers(min_value=1, max_value=999),
        first_player=st.integers(min_value=1, max_value=9999),
        last_player=st.integers(min_value=1, max_value=9999),
    ),
    st.builds(
        ForbiddenPairsRecord,
        first_round=st.integers(min_value=1, max_value=999),
        last_round=st.integers(min_value=1, max_value=999),
        players=_ids,
    ),
    st.builds(
        JavafoConfigRecord, tokens=st.lists(st.sampled_from(["rank", "white1", "black1"]), max_size=2).map(tuple)
    ),
    st.builds(JavafoPlayersRecord, code=st.sampled_from(["XXP", "XXZ"]), players=_ids),
    st.builds(
        JavafoAccelerationRecord,
        player=st.integers(min_value=1, max_value=9999),
        points=st.lists(_points.filter(lambda p: p < 100), max_size=5).map(tuple),
    ),
    st.builds(
        BbpPointsRecord,
        code=st.sampled_from(["BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"]),
        value=_points.filter(lambda p: p < 100),
    ),
    st.builds(CommentRecord, text=_text),
)
_documents = st.builds(
    TrfDocument, records=st.lists(_records, min_size=1, max_size=8).map(tuple), newline=st.sampled_from(list(Newline))
)


@settings(max_examples=150)
@given(_documents)
def test_parse_of_format_is_the_document(document: TrfDocument) -> None:
    assert parse(format(document)) == document


# -- from a document to the PairingInput of the next round ---------------------------------------


def test_to_pairing_input_recomputes_scores_and_reads_requested_byes() -> None:
    request = to_pairing_input(parse(SAMPLE), 3)
    alpha, beta, gamma = request.players
    assert request.round == 3 and request.total_rounds == 5
    assert scoring(parse(SAMPLE)).win == 3.0
    assert alpha.score == 6.0  # a win (3) and a forfeit win (3): the 4.0 in the file is not read
    assert alpha.status is PlayerStatus.ABSENT and alpha.requested_bye is ByeKind.HALF_POINT
    assert beta.score == 3.0  # the PAB scores a win's points
    assert gamma.status is PlayerStatus.ACTIVE
    assert alpha.history[0].played and alpha.history[0].side is Side.FIRST
    assert not alpha.history[1].played and alpha.history[1].opponent == 2  # a forfeit
    assert request.forbidden_pairs == ((1, 2),)


def test_initial_colour_is_read_from_round_one_when_not_declared() -> None:
    """Reference README: "the colour of the highest-ranked player who was paired, flipped by rank
    parity"."""
    document = parse(SAMPLE)
    assert initial_colour(document) == "white"
    flipped = parse(SAMPLE.replace("     3 w 1", "     3 b 1").replace("     1 b 0", "     1 w 0"))
    assert initial_colour(flipped) == "black"
    declared = parse(SAMPLE + "152 B\n")
    assert initial_colour(declared) == "black"


def test_the_recorded_pairing_of_a_round() -> None:
    document = parse(SAMPLE)
    assert last_paired_round(document) == 2
    outcome = outcome_from_round(document, 1)
    assert [(b.first, b.second) for b in outcome.boards] == [(1, 3)]
    assert [b.player for b in outcome.byes] == [2]
