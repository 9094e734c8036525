"""The rating settings through the `arbiter` command (FIDE endorsement checklist Q116, Q145-146, Q210-211;
docs/fide-mode.md): chosen at `arbiter new`, shown by `arbiter details`, the official ratings entered by
`register` or a CSV roster, kept apart in the roster and in the TRF (record 001's rating field holds the
FIDE rating, docs/research/fide/04-TRF-format.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pairing.trf import parse
from tests.tui.cli_support import run
from tui import exit_codes


def _new(capsys: pytest.CaptureFixture[str], location: str, *flags: str) -> tuple[int, str, str]:
    return run(
        capsys, "new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "5", *flags, "--ledger", location
    )


def _roster(capsys: pytest.CaptureFixture[str], location: str) -> list[dict[str, object]]:
    code, out, _ = run(capsys, "roster", "--format", "json", "--ledger", location)
    assert code == exit_codes.OK
    return json.loads(out)["players"]


def test_q116_q145_the_method_is_chosen_at_new_and_the_roster_shows_each_rating_with_its_source(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q145 FIDON set at `arbiter new` and shown by `arbiter details`; Q116: the roster gives the tournament
    rating, where it came from, and the official ratings apart. Ann has both (FIDE first), Bob a national
    rating only, Cy's national rating comes from a CSV column."""
    location = str(tmp_path / "o.ledger")
    assert _new(capsys, location, "--rating-method", "fidon")[0] == exit_codes.OK
    details = run(capsys, "details", "--ledger", location)[1]
    assert "rating method: fidon: the FIDE rating if defined, otherwise the national rating" in details
    for argv in (("Ann", "--fide-rating", "2100", "--national-rating", "1900"), ("Bob", "--national-rating", "2200")):
        assert run(capsys, "register", *argv, "--ledger", location)[0] == exit_codes.OK
    roster = tmp_path / "players.csv"
    roster.write_text("name,national_rating,fide_rating\nCy,2050,0\n", encoding="utf-8")
    assert run(capsys, "import-roster", str(roster), "--ledger", location)[0] == exit_codes.OK
    rows = {row["name"]: row for row in _roster(capsys, location)}
    seen = {name: (r["rating"], r["rating_source"], r["fide_rating"], r["national_rating"]) for name, r in rows.items()}
    assert seen == {
        "Ann": (2100, "FIDE", 2100, 1900),
        "Bob": (2200, "national", 0, 2200),
        "Cy": (2050, "national", 0, 2050),
    }
    assert [rows[name]["pairing_number"] for name in ("Bob", "Ann", "Cy")] == [1, 2, 3]


def test_q116_the_trf_rating_field_is_the_fide_rating(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Q116: the export writes the FIDE rating in record 001 (Bob, rated nationally only, has none there,
    though his tournament rating is 2200); the import reads it back as the FIDE rating, method FIDE."""
    location = str(tmp_path / "o.ledger")
    _new(capsys, location, "--rating-method", "fidon")
    run(capsys, "register", "Ann", "--fide-rating", "2100", "--national-rating", "1900", "--ledger", location)
    run(capsys, "register", "Bob", "--national-rating", "2200", "--ledger", location)
    trf = tmp_path / "o.trf"
    assert run(capsys, "export-trf", "-o", str(trf), "--ledger", location)[0] == exit_codes.OK
    assert {p.name: p.rating for p in parse(trf.read_text(encoding="utf-8")).players} == {"Ann": 2100, "Bob": 0}
    back = str(tmp_path / "back.ledger")
    assert run(capsys, "import-trf", str(trf), "--ledger", back, "--system", "dutch")[0] == exit_codes.OK
    assert "rating method: fide:" in run(capsys, "details", "--ledger", back)[1]
    rows = {row["name"]: (row["fide_rating"], row["rating_source"]) for row in _roster(capsys, back)}
    assert rows == {"Ann": (2100, "FIDE"), "Bob": (0, "")}


def test_q146_the_criterion_for_equal_rating_and_title_is_chosen_at_new(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q146: `--equal-rating-order fide-id` replaces alphabetical order (C.04.2 Art. 2.2)."""
    location = str(tmp_path / "o.ledger")
    _new(capsys, location, "--equal-rating-order", "fide-id")
    run(capsys, "register", "Ann", "--rating", "2000", "--id", "900", "--ledger", location)
    run(capsys, "register", "Bob", "--rating", "2000", "--id", "100", "--ledger", location)
    assert [row["name"] for row in _roster(capsys, location)] == ["Bob", "Ann"]
    assert "equal rating and title: fide-id" in run(capsys, "details", "--ledger", location)[1]
    rule = json.loads(run(capsys, "roster", "--format", "json", "--ledger", location)[1])["rule"]
    assert "then the lower FIDE id first" in rule and "then name" not in rule


def test_q146_the_roster_names_the_announced_criterion_not_the_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q146, C.04.2 Art. 2.2 ("alphabetical, unless an announced criterion replaces it"): the rule the roster
    says ordered the pairing numbers names the criterion announced (lots), and the name only by default."""
    lots = str(tmp_path / "lots.ledger")
    _new(capsys, lots, "--equal-rating-order", "lots")
    run(capsys, "register", "Ann", "--rating", "2000", "--ledger", lots)
    rule = json.loads(run(capsys, "roster", "--format", "json", "--ledger", lots)[1])["rule"]
    assert "then drawing of lots with the tournament's recorded seed" in rule and "then name" not in rule
    default = str(tmp_path / "name.ledger")
    _new(capsys, default)
    run(capsys, "register", "Ann", "--rating", "2000", "--ledger", default)
    rule = json.loads(run(capsys, "roster", "--format", "json", "--ledger", default)[1])["rule"]
    assert "then name (C.04.2 2.2)" in rule


def test_q210_a_long_event_is_flagged_at_new_and_shown(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Q210: `--long-event yes` flags an event longer than 30 days; `arbiter details` shows it."""
    location = str(tmp_path / "a.ledger")
    assert _new(capsys, location, "--long-event", "yes")[0] == exit_codes.OK
    assert "longer than 30 days: yes" in run(capsys, "details", "--ledger", location)[1]
    other = str(tmp_path / "b.ledger")
    assert _new(capsys, other)[0] == exit_codes.OK
    assert "longer than 30 days: no" in run(capsys, "details", "--ledger", other)[1]


def test_q211_a_long_event_is_advised_against_rating_tiebreaks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q211: naming a rating-based tie-break for a long event draws the advice against it (none without
    the flag, none without such a tie-break)."""
    code, _, err = _new(capsys, str(tmp_path / "a.ledger"), "--long-event", "yes", "--tiebreaks", "ARO,BH")
    assert code == exit_codes.OK
    assert "warning: ARO read ratings" in err
    assert "warning" not in _new(capsys, str(tmp_path / "b.ledger"), "--tiebreaks", "ARO,BH")[2]
    assert "warning" not in _new(capsys, str(tmp_path / "c.ledger"), "--long-event", "yes", "--tiebreaks", "BH")[2]


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (("--unrated-rating", "abc"), "unrated_rating must be a whole number"),
        (("--rating-tiebreaks", "per-round"), "long_event=yes"),
        (("--option", "rating_method=best"), "rating_method is one of"),
    ],
)
def test_q145_bad_rating_settings_are_refused_and_nothing_is_created(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flags: tuple[str, ...], message: str
) -> None:
    location = tmp_path / "o.ledger"
    code, _, err = _new(capsys, str(location), *flags)
    assert code == exit_codes.BAD_INPUT
    assert message in err
    assert not location.exists()


def test_q131_q132_ratings_are_entered_and_modified_by_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Q131: each rating is entered by hand (`register`); Q132: and modified by hand (`correct-player`, with
    a reason, recorded); a rating that is not a whole number from 0 to 9999 is refused."""
    location = str(tmp_path / "o.ledger")
    _new(capsys, location, "--rating-method", "hbfn")
    run(capsys, "register", "Ann", "--rating", "1500", "--fide-rating", "1400", "--ledger", location)
    assert [(r["rating"], r["rating_source"]) for r in _roster(capsys, location)] == [(1500, "entered")]
    argv = ("correct-player", "1", "--set", "national_rating=1650", "--reason", "national list of May")
    assert run(capsys, *argv, "--ledger", location)[0] == exit_codes.OK
    assert [(r["rating"], r["rating_source"], r["national_rating"]) for r in _roster(capsys, location)] == [
        (1650, "national", 1650)
    ]
    bad = ("correct-player", "1", "--set", "fide_rating=12000", "--reason", "typo", "--ledger", location)
    code, _, err = run(capsys, *bad)
    assert code == exit_codes.BAD_INPUT
    assert "fide_rating of Ann must be a whole number from 0 to 9999" in err


def test_q210_dates_longer_than_30_days_remind_the_arbiter_of_the_flag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q210: from 2026/01/10 to 2026/02/09 is 31 days counting both, so `arbiter new` reminds the arbiter
    of `--long-event yes`; 30 days (to 2026/02/08) or the flag given draws no reminder."""
    dates = ("--start", "2026/01/10", "--end")
    code, _, err = _new(capsys, str(tmp_path / "a.ledger"), *dates, "2026/02/09")
    assert code == exit_codes.OK
    assert "the event lasts 31 days" in err and "long_event=yes" in err
    assert "lasts" not in _new(capsys, str(tmp_path / "b.ledger"), *dates, "2026/02/08")[2]
    assert "lasts" not in _new(capsys, str(tmp_path / "c.ledger"), *dates, "2026/02/09", "--long-event", "yes")[2]
