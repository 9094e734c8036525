"""Rating lists (FIDE endorsement checklist Q117-137, docs/fide-mode.md "Rating lists"): imported lists kept
as imported, a tournament's rating type and list sequence, registration through the sequence, and the
consistency check against the list valid at the start (the TEC Manual's reference list). The list files
under tests/data/rating_lists/ are written by hand in FIDE's formats and in the custom CSV format."""

from __future__ import annotations

import hashlib
import sqlite3
import tempfile
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.application import Ledger, PlayerDetails
from ledger.errors import InvalidInput, ReasonRequired
from ledger.rating_files import ListKind, read_list
from ledger.rating_sequence import (
    DEFAULT_SEQUENCES,
    FIDE_LISTS,
    availability,
    known_lists,
    look_up,
    look_up_all,
    reference_day,
    registration,
    sequence,
)
from ledger.rating_store import RatingListStore
from ledger.results import Game
from ledger.settings import TournamentSettings
from tui.wiring import open_ledger

DATA = Path(__file__).parent.parent / "data" / "rating_lists"
COMBINED_NOV = DATA / "players_list_foa_2026-11.txt"
STANDARD_DEC = DATA / "standard_rating_list_2026-12.txt"
NATIONAL = DATA / "national_2026-10.csv"
XML_NOV = DATA / "players_list_xml_foa_2026-11.xml"
NOV, DEC = date(2026, 11, 1), date(2026, 12, 1)


@pytest.fixture
def store(tmp_path: Path) -> RatingListStore:
    held = RatingListStore(str(tmp_path / "lists.sqlite"))
    held.import_file(COMBINED_NOV, NOV, "arbiter")
    return held


def _tournament(
    where: str, details: dict[str, str] | None = None, known: tuple[str, ...] = (), **options: str
) -> Ledger:
    ledger, _ = open_ledger(where, "arbiter", create=True)
    settings = TournamentSettings.for_game(Game.CHESS, "dutch", 5, options={"rating_method": "fide", **options})
    ledger.create_tournament(
        "Open", settings, details or {"start": "2026/11/20", "end": "2026/11/25"}, known_lists=known
    )
    return ledger


def _register(ledger: Ledger, store: RatingListStore, key: str, chosen: str | None = None) -> int:
    options = ledger.tournament().settings["options"]
    found = look_up_all(store, sequence(options), date(2026, 11, 20), key)
    (number,) = ledger.register_players([PlayerDetails(**registration(found, chosen))])
    return number


def test_q117_a_custom_list_is_imported_and_used_in_the_sequence(store: RatingListStore, tmp_path: Path) -> None:
    """Q117: a user-imported list (CSV with headings) is held beside FIDE's and can lead the sequence: a
    player found there takes its rating as the national rating."""
    (national,), new = store.import_file(NATIONAL, date(2026, 10, 15), "arbiter", name="national")
    assert new and (national.name, national.kind, national.players) == ("national", ListKind.STANDARD, 2)
    ledger = _tournament(
        str(tmp_path / "t.ledger"),
        known=known_lists(store),
        rating_lists="national,fide-standard",
        rating_method="fidon",
    )
    number = _register(ledger, store, "9000001")
    player = ledger.tournament().player(number)
    assert (player["name"], player["national_rating"], player["federation"]) == ("Elm, Ed", 1720, "NOR")
    assert player["source_lists"]["national_rating"].startswith("national 2026-10-15 sha256:")


def test_q118_the_effective_rapid_list_gives_the_standard_rating_to_a_player_without_a_rapid_one(
    store: RatingListStore,
) -> None:
    """Q118: Bob has no rapid rating: the effective rapid list gives his standard rating (2205), and Ann's
    own rapid rating (2250) where she has one; the plain rapid list does not hold Bob."""
    day = date(2026, 11, 20)
    bob = look_up(store, "fide-rapid-effective", day, "1000002")
    ann = look_up(store, "fide-rapid-effective", day, "1000001")
    assert bob is not None and (bob.rating, bob.source.name) == (2205, "fide-standard")
    assert ann is not None and (ann.rating, ann.source.name) == (2250, "fide-rapid")
    assert look_up(store, "fide-rapid", day, "1000002") is None
    blitz = look_up(store, "fide-blitz-effective", day, "1000004")
    assert blitz is not None and blitz.rating == 1650


def test_q119_the_fide_list_keeps_its_source_and_is_never_changed(store: RatingListStore) -> None:
    """Q119: a FIDE list is a type-A list: its source file, format, hash, date and importer are known, and
    the copy is kept as imported (the store refuses to update or delete it)."""
    held = store.valid_on("fide-standard", date(2026, 11, 20))
    assert held is not None and held.is_fide
    assert (held.source, held.format, held.valid_from, held.imported_by) == (
        COMBINED_NOV.name,
        "fide-txt",
        NOV,
        "arbiter",
    )
    assert held.sha256 == hashlib.sha256(COMBINED_NOV.read_bytes()).hexdigest()
    for statement in (
        "UPDATE rating_entries SET rating = 2900",
        "DELETE FROM rating_entries",
        "DELETE FROM rating_lists",
    ):
        with pytest.raises(sqlite3.IntegrityError, match="kept as imported"):
            store.connection.execute(statement)
    assert store.find(held, "1000001") is not None


def test_q119_fides_xml_list_reads_as_its_text_list_does() -> None:
    """Q119: FIDE publishes each list as text and as XML; both read to the same players and ratings (the
    XML file holds Ann and Cy of the text file)."""
    _, txt_kinds, txt_players = read_list(COMBINED_NOV.read_bytes(), COMBINED_NOV.name, None)
    _, xml_kinds, xml_players = read_list(XML_NOV.read_bytes(), XML_NOV.name, None)
    from_txt = {player.player_id: player for player in txt_players}
    from_xml = {player.player_id: player for player in xml_players}
    assert txt_kinds == xml_kinds == tuple(ListKind)
    assert from_xml == {key: from_txt[key] for key in ("1000001", "1000003")}
    assert from_xml["1000003"].ratings == {ListKind.RAPID: (1850, 7, 40), ListKind.BLITZ: (1900, 9, 40)}


def test_q121_the_three_fide_lists_are_checked_for_a_date(tmp_path: Path) -> None:
    """Q121: whether FIDE's standard, rapid and blitz lists are all available on a date: a standard list
    alone leaves the other two missing; the combined list brings all three for its month, and a FIDE list
    is valid for its month only."""
    held = RatingListStore(str(tmp_path / "lists.sqlite"))
    names = ["fide-standard", "fide-rapid", "fide-blitz"]
    held.import_file(STANDARD_DEC, DEC, "arbiter", kind=ListKind.STANDARD)
    shown = availability(held, names, date(2026, 12, 3))
    assert [shown[name] == "missing" for name in names] == [False, True, True]
    held.import_file(COMBINED_NOV, NOV, "arbiter")
    assert "missing" not in availability(held, names, date(2026, 11, 20)).values()
    assert availability(held, names, date(2026, 12, 3)) == shown, "November's rapid and blitz lists are not December's"
    assert set(availability(held, names, date(2026, 10, 31)).values()) == {"missing"}
    with pytest.raises(InvalidInput, match="no list fide-rapid of 2026-12 valid on 2026-12-03 is imported"):
        look_up(held, "fide-rapid", date(2026, 12, 3), "1000001")


def test_q123_the_rating_type_proposes_its_sequence() -> None:
    """Q123: standard -> FIDE standard, rapid, blitz; rapid -> effective rapid, blitz; blitz -> effective
    blitz, rapid."""
    assert sequence({}) == ("fide-standard", "fide-rapid", "fide-blitz")
    assert sequence({"rating_type": "rapid"}) == ("fide-rapid-effective", "fide-blitz")
    assert sequence({"rating_type": "blitz"}) == ("fide-blitz-effective", "fide-rapid")
    assert set(DEFAULT_SEQUENCES) == set(ListKind)


def test_q126_the_sequence_is_set_with_a_reason_and_drops_adds_and_reorders_lists(
    store: RatingListStore, location: str
) -> None:
    """Q126: the arbiter drops, adds and reorders lists (an `OptionsChanged` event with the reason); a bad
    sequence is refused and nothing is appended."""
    store.import_file(NATIONAL, date(2026, 10, 15), "arbiter", name="national")
    ledger = _tournament(location)
    before = ledger.position()
    with pytest.raises(InvalidInput, match="each once"):
        ledger.change_rating_lists(None, "national,national", "twice")
    with pytest.raises(InvalidInput, match="rating_type is one of standard, rapid, blitz"):
        ledger.change_rating_lists("bullet", None, "no such type")
    assert ledger.position() == before
    with pytest.raises(InvalidInput, match="unknown rating list 'national'; valid lists: fide-standard, fide-rapid"):
        ledger.change_rating_lists(None, "fide-blitz,national", "the national list not named known")
    assert ledger.position() == before
    ledger.change_rating_lists(
        None, "fide-blitz,national", "blitz list first, then the national list", known=known_lists(store)
    )
    assert sequence(ledger.tournament().settings["options"]) == ("fide-blitz", "national")
    assert ledger.position() == before + 1
    number = _register(ledger, store, "1000003")  # Cy: in the blitz list, now the main list
    assert ledger.tournament().player(number)["fide_rating"] == 1900
    ledger.change_rating_lists(None, "", "back to the rating type's sequence")
    assert sequence(ledger.tournament().settings["options"]) == DEFAULT_SEQUENCES[ListKind.STANDARD]
    ledger.close()


def test_q126_a_sequence_naming_an_unknown_list_is_refused_naming_the_valid_ones(
    store: RatingListStore, location: str
) -> None:
    """Q126: the sequence names lists the store knows (FIDE's, known before they are imported, and each
    custom list imported); another name is refused with the valid ones, and nothing is appended."""
    ledger = _tournament(location)
    before = ledger.position()
    with pytest.raises(InvalidInput) as refused:
        ledger.change_rating_lists(None, "fide-standard,nosuch", "a typo", known=known_lists(store))
    assert str(refused.value).startswith("unknown rating list 'nosuch'; valid lists: ")
    fide = ("fide-standard", "fide-rapid", "fide-blitz", "fide-rapid-effective", "fide-blitz-effective")
    assert known_lists(store) == FIDE_LISTS == fide
    assert ", ".join(FIDE_LISTS) in str(refused.value)
    assert ledger.position() == before
    store.import_file(NATIONAL, date(2026, 10, 15), "arbiter", name="nosuch")
    ledger.change_rating_lists(None, "fide-standard,nosuch", "now imported", known=known_lists(store))
    assert sequence(ledger.tournament().settings["options"]) == ("fide-standard", "nosuch")
    ledger.close()


def test_q127_a_player_in_the_main_list_takes_its_rating(store: RatingListStore, location: str) -> None:
    """Q127: found in the main list, the player is registered with its name, federation, title, id and
    rating, the rating official (the FIDE rating) and the tournament rating."""
    ledger = _tournament(location)
    number = _register(ledger, store, "1000002")
    player = ledger.tournament().player(number)
    assert {k: player[k] for k in ("name", "federation", "title", "external_id", "fide_rating")} == {
        "name": "Birch, Bob",
        "federation": "ENG",
        "title": "FM",
        "external_id": "1000002",
        "fide_rating": 2205,
    }
    by_name = look_up(store, "fide-standard", date(2026, 11, 20), "birch, BOB")
    assert by_name is not None and by_name.player.player_id == "1000002", "a name as the list writes it, any case"
    ledger.close()


def test_q128_q129_a_player_not_in_the_main_list_is_shown_the_other_lists_and_chooses(
    store: RatingListStore, tmp_path: Path
) -> None:
    """Q128-129: Cy has no standard rating: the refusal names what the rapid and blitz lists give; the
    arbiter chooses the blitz rating, which is recorded as the rating entered (an estimate), not as a FIDE
    rating."""
    ledger = _tournament(str(tmp_path / "t.ledger"))
    found = look_up_all(store, sequence({}), date(2026, 11, 20), "1000003")
    assert [(name, hit and hit.rating) for name, hit in found] == [
        ("fide-standard", None),
        ("fide-rapid", 1850),
        ("fide-blitz", 1900),
    ]
    with pytest.raises(InvalidInput, match=r"not in the main list fide-standard; .*fide-rapid 1850.*fide-blitz 1900"):
        registration(found, None)
    with pytest.raises(InvalidInput, match="not a list of the tournament's sequence"):
        registration(found, "national")
    number = _register(ledger, store, "1000003", chosen="fide-blitz")
    player = ledger.tournament().player(number)
    assert (player["rating"], player.get("fide_rating", 0)) == (1900, 0)
    assert player["source_lists"] == {"rating": f"fide-blitz 2026-11-01 sha256:{_digest(COMBINED_NOV)}"}


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def test_q133_the_consistency_check_reports_and_corrects_in_one_transaction(
    store: RatingListStore, location: str
) -> None:
    """Q133: the check lists each difference of name, federation, title and rating with the main list, the
    players it does not hold and those without an id; applied, every difference is corrected with the
    reason, in one transaction, and the check then finds none."""
    ledger = _tournament(location)
    ledger.register_players(
        [
            PlayerDetails("Ann Aster", fide_rating=2300, federation="NOR", title="WGM", external_id="1000001"),
            PlayerDetails("Cedar, Cy", external_id="1000003", federation="GER"),
            PlayerDetails("Guest", rating=1500),
        ]
    )
    report = ledger.check_ratings(store, date(2026, 11, 25))
    assert [(d.number, d.detail, d.recorded, d.listed) for d in report.differences] == [
        (1, "name", "Ann Aster", "Aster, Ann"),
        (1, "fide_rating", 2300, 2310),
    ]
    assert (report.not_listed, report.without_id) == (((2, "Cedar, Cy", "1000003"),), ((3, "Guest"),))
    before = ledger.position()
    with pytest.raises(ReasonRequired):
        ledger.apply_rating_check(store, date(2026, 11, 25), "")
    assert ledger.position() == before
    ledger.apply_rating_check(store, date(2026, 11, 25), "November list")
    assert ledger.position() == before + 1, "one correction event for the player, one transaction"
    assert ledger.check_ratings(store, date(2026, 11, 25)).differences == ()
    ledger.close()


def test_q134_each_rating_keeps_its_list(store: RatingListStore, tmp_path: Path) -> None:
    """Q134: a rating taken from a list names the list, its date and its file's hash; a correction from
    a later list replaces that rating's source and keeps the others'."""
    ledger = _tournament(str(tmp_path / "t.ledger"), {"start": "2026/12/02", "end": "2026/12/05"})
    number = _register(ledger, store, "1000001")
    november = f"fide-standard 2026-11-01 sha256:{_digest(COMBINED_NOV)}"
    assert ledger.tournament().player(number)["source_lists"] == {"fide_rating": november, "rating": november}
    store.import_file(STANDARD_DEC, DEC, "arbiter", kind=ListKind.STANDARD)
    ledger.apply_rating_check(store, date(2026, 12, 3), "December list")
    player = ledger.tournament().player(number)
    december = f"fide-standard 2026-12-01 sha256:{_digest(STANDARD_DEC)}"
    assert (player["fide_rating"], player["source_lists"]) == (2321, {"fide_rating": december, "rating": november})
    ledger.correct_player(number, {"fide_rating": 2330}, "the rating officer's correction")
    player = ledger.tournament().player(number)
    assert player["source_lists"] == {"rating": november}, "a rating corrected by hand comes from no list"


def test_q135_q136_a_monthly_refresh_adds_the_month_beside_the_old(store: RatingListStore) -> None:
    """Q135-136: refreshing is importing the month's file with its date: the new list is valid from then,
    the old one stays for what was read before; the same file again changes nothing, another file for a
    month held is refused."""
    lists, new = store.import_file(STANDARD_DEC, DEC, "arbiter", kind=ListKind.STANDARD)
    assert new and [held.valid_from for held in lists] == [DEC]
    november = store.valid_on("fide-standard", date(2026, 11, 30))
    december = store.valid_on("fide-standard", date(2026, 12, 1))
    assert november is not None and december is not None
    assert (november.valid_from, december.valid_from) == (NOV, DEC)
    assert store.import_file(STANDARD_DEC, DEC, "arbiter", kind=ListKind.STANDARD) == (lists, False)
    with pytest.raises(InvalidInput, match=r"already imported from players_list_foa_2026-11\.txt"):
        store.import_file(XML_NOV, NOV, "arbiter")
    with pytest.raises(InvalidInput, match="first of a month"):
        store.import_file(STANDARD_DEC, date(2026, 12, 2), "arbiter", kind=ListKind.STANDARD)
    assert len(store.lists()) == 4


def test_q137_the_check_reads_the_list_valid_at_the_start_or_this_month_for_a_long_event(
    store: RatingListStore, tmp_path: Path
) -> None:
    """Q137: the reference list is the one valid on the start date, whatever today is; for an event longer
    than 30 days (by its dates or its flag), the current month's."""
    store.import_file(STANDARD_DEC, DEC, "arbiter", kind=ListKind.STANDARD)
    today = date(2026, 12, 10)
    assert reference_day({"start": "2026/11/20", "end": "2026/11/25"}, {}, today) == date(2026, 11, 20)
    assert reference_day({"start": "2026/10/01", "end": "2026/12/20"}, {}, today) == today
    assert reference_day({"start": "2026/11/20"}, {"long_event": "yes"}, today) == today
    short = _tournament(str(tmp_path / "short.ledger"))
    short.register_players(
        [PlayerDetails("Aster, Ann", fide_rating=2310, external_id="1000001", title="WGM", federation="NOR")]
    )
    assert short.check_ratings(store, today).reference.startswith("fide-standard 2026-11-01")
    assert short.check_ratings(store, today).differences == ()
    long = _tournament(str(tmp_path / "long.ledger"), {"start": "2026/10/01", "end": "2026/12/20"})
    long.register_players(
        [PlayerDetails("Aster, Ann", fide_rating=2310, external_id="1000001", title="WGM", federation="NOR")]
    )
    report = long.check_ratings(store, today)
    assert report.reference.startswith("fide-standard 2026-12-01")
    assert [(d.detail, d.listed) for d in report.differences] == [("fide_rating", 2321)]


# --- hostile input ------------------------------------------------------------------------------------

HEADING = COMBINED_NOV.read_text(encoding="utf-8").splitlines()[0]
ROW = COMBINED_NOV.read_text(encoding="utf-8").splitlines()[1]


@pytest.mark.parametrize(
    ("name", "data", "kind", "message"),
    [
        ("l.txt", b"", None, "missing id, name, rating"),
        ("l.txt", b"ID Number      Nome\n1  x\n", None, "not a heading"),
        ("l.txt", f"{HEADING}\n{ROW.replace('2310', '99999')}\n".encode(), None, "standard rating must be"),
        ("l.txt", f"{HEADING}\n{ROW}\n{ROW}\n".encode(), None, "listed twice"),
        ("l.txt", f"{HEADING} NOV26\n{ROW}\n".encode(), None, "one kind's columns beside the combined"),
        ("l.txt", f"{HEADING} Fed\n{ROW}\n".encode(), None, "a heading is given twice"),
        ("l.txt", f"{HEADING}\n{ROW.replace('1000001', 'abcdefg')}\n".encode(), None, "the id must be a number"),
        ("l.txt", (HEADING + "\n" + ROW.replace("Aster", "As\x1bter") + "\n").encode(), None, "control character"),
        ("l.xml", b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><playerslist/>', None, "document type"),
        ("l.xml", b"<playerslist><player><fideid>1</fideid>", None, "not well-formed"),
        ("l.xml", b"<playerslist><script/></playerslist>", None, "not an element"),
        (
            "l.xml",
            b"<playerslist><player><fideid>1</fideid><name>A</name><rating>1</rating></player></playerslist>",
            None,
            "does not say which",
        ),
        (
            "l.xml",
            b"<playerslist><player><fideid>1</fideid><name>A</name><rating>1</rating></player>"
            b"<player><fideid>2</fideid><name>B</name><blitz_rating>1</blitz_rating></player></playerslist>",
            ListKind.STANDARD,
            "line 1: a player of a list of one kind has rapid or blitz ratings",
        ),
        ("l.csv", b"id,name\n1,A\n", ListKind.STANDARD, "missing rating"),
        ("l.csv", b'id,name,rating\n1,"A\n', ListKind.STANDARD, "quoting|cells"),
        ("l.csv", b"id,name,rating\n1,A,12345\n", ListKind.STANDARD, "rating must be"),
    ],
)
def test_q117_a_hostile_file_is_refused_with_a_clear_message_and_nothing_stored(
    tmp_path: Path, name: str, data: bytes, kind: ListKind | None, message: str
) -> None:
    """Q117: a file the readers cannot read is refused, saying what is wrong, and the store holds nothing."""
    path = tmp_path / name
    path.write_bytes(data)
    held = RatingListStore(str(tmp_path / "lists.sqlite"))
    with pytest.raises(InvalidInput, match=message):
        held.import_file(path, NOV, "arbiter", name="custom" if name.endswith(".csv") else None, kind=kind)
    assert held.lists() == []
    assert held.connection.execute("SELECT COUNT(*) FROM rating_entries").fetchone() == (0,)


@settings(max_examples=150, deadline=2000)
@given(
    st.one_of(
        st.binary(max_size=400),
        st.text(max_size=300).map(lambda text: f"{HEADING}\n{text}".encode()),
        st.text(max_size=300).map(lambda text: f"<playerslist><player>{text}</player></playerslist>".encode()),
        st.text(max_size=300).map(lambda text: f"id,name,rating\n{text}".encode()),
    ),
    st.sampled_from(["l.txt", "l.xml", "l.csv"]),
    st.sampled_from([None, *ListKind]),
)
def test_q117_any_file_is_read_or_refused_cleanly(data: bytes, name: str, kind: ListKind | None) -> None:
    """Q117 (fuzzed): whatever the bytes, a reader gives checked players or refuses with InvalidInput;
    nothing else escapes."""
    try:
        _, _, players = read_list(data, name, kind)
        for player in players:
            assert player.player_id.isdigit() and player.name
            assert all(0 < rating <= 9999 for rating, _, _ in player.ratings.values())
    except InvalidInput as refusal:
        assert str(refusal)


@settings(max_examples=60, deadline=3000)
@given(
    st.one_of(
        st.binary(max_size=300),
        st.text(max_size=200).map(lambda text: f"{HEADING}\n{ROW}\n{text}".encode()),
        st.text(max_size=200).map(lambda text: f"id,name,rating\n1,A,1500\n{text}".encode()),
    ),
    st.sampled_from(["l.txt", "l.xml", "l.csv"]),
)
def test_q117_an_import_stores_the_whole_file_or_nothing(data: bytes, name: str) -> None:
    """Q117 (fuzzed through the store): an import either stores every list of the file or, refused with
    InvalidInput, nothing at all."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(data)
        held = RatingListStore(str(Path(folder) / "lists.sqlite"))
        try:
            lists, new = held.import_file(path, NOV, "arbiter", name="custom" if name.endswith(".csv") else None)
            assert new and {each.name for each in held.lists()} == {each.name for each in lists}
        except InvalidInput as refusal:
            assert str(refusal)
            assert held.lists() == []
            assert held.connection.execute("SELECT COUNT(*) FROM rating_entries").fetchone() == (0,)
        finally:
            held.close()
