"""Rating lists through the `arbiter` command (FIDE endorsement checklist Q117, Q124, Q128-129, Q133;
docs/fide-mode.md, "Rating lists"): the verbs that import, show and use them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.tui.cli_support import run
from tui import exit_codes

DATA = Path(__file__).parent.parent / "data" / "rating_lists"


def _setup(capsys: pytest.CaptureFixture[str], tmp_path: Path, *flags: str) -> tuple[str, str]:
    ledger, store = str(tmp_path / "o.ledger"), str(tmp_path / "lists.sqlite")
    code, _, err = run(
        capsys,
        "import-rating-list",
        str(DATA / "players_list_foa_2026-11.txt"),
        "--date",
        "2026-11-01",
        "--store",
        store,
    )
    assert code == exit_codes.OK, err
    code, _, err = run(
        capsys, "new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "5", "--rating-method", "fide",
        "--start", "2026/11/20", "--end", "2026/11/25", *flags, "--ledger", ledger,
    )  # fmt: skip
    assert code == exit_codes.OK, err
    return ledger, store


def test_q124_the_rating_type_is_chosen_at_new_and_changed_with_a_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q124: `new --rating-type rapid` gives the rapid sequence (Q123); `rating-sequence --type blitz` changes
    it with a reason, recorded in the log; without a reason it is refused and nothing is appended."""
    ledger, store = _setup(capsys, tmp_path, "--rating-type", "rapid")
    code, out, _ = run(capsys, "rating-sequence", "--ledger", ledger, "--store", store)
    assert code == exit_codes.OK
    assert "rating type: rapid" in out
    assert [line.split(":")[0].strip() for line in out.splitlines()[2:]] == ["fide-rapid-effective", "fide-blitz"]
    code, _, err = run(capsys, "rating-sequence", "--type", "blitz", "--ledger", ledger)
    assert code != exit_codes.OK and "reason" in err and "Traceback" not in err
    code, _, err = run(capsys, "rating-sequence", "--type", "blitz", "--reason", "it is a blitz", "--ledger", ledger)
    assert code == exit_codes.OK, err
    assert "fide-blitz-effective, fide-rapid" in err
    assert "it is a blitz" in run(capsys, "log", "--ledger", ledger)[1]


def test_q126_rating_sequence_refuses_an_unknown_list_naming_the_valid_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q126: `rating-sequence --lists nosuch` is refused (exit 4: a value that cannot be read), the message
    names the lists the store knows, nothing is appended and the sequence stays the type's."""
    ledger, store = _setup(capsys, tmp_path)
    position = run(capsys, "log", "--ledger", ledger)[1].count("\n")
    code, _, err = run(
        capsys, "rating-sequence", "--lists", "fide-standard,nosuch", "--reason", "a typo", "--ledger", ledger,
        "--store", store,
    )  # fmt: skip
    assert code == exit_codes.BAD_INPUT
    assert "unknown rating list 'nosuch'; valid lists: fide-standard, fide-rapid, fide-blitz, " in err
    assert "Traceback" not in err
    assert run(capsys, "log", "--ledger", ledger)[1].count("\n") == position
    code, out, _ = run(capsys, "rating-sequence", "--ledger", ledger, "--store", store)
    assert [line.split(":")[0].strip() for line in out.splitlines()[2:]] == [
        "fide-standard", "fide-rapid", "fide-blitz"
    ]  # fmt: skip


def test_q126_new_refuses_an_unknown_list_as_rating_sequence_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q126: `new --rating-lists` (or `--option rating_lists=`) naming a list the store does not know is
    refused as `rating-sequence --lists` refuses it (exit 4, the valid lists named, no ledger left);
    a custom list is known once imported into the store `--store` names."""
    ledger, store = str(tmp_path / "o.ledger"), str(tmp_path / "lists.sqlite")
    new = ("new", "Open", "--game", "chess", "--system", "dutch", "--rounds", "5", "--ledger", ledger)
    for given in (("--rating-lists", "fide-standard,national"), ("--option", "rating_lists=national")):
        code, _, err = run(capsys, *new, *given, "--store", store)
        assert code == exit_codes.BAD_INPUT
        assert "unknown rating list 'national'; valid lists: fide-standard, fide-rapid, fide-blitz, " in err
        assert "Traceback" not in err
        assert not Path(ledger).exists()  # the ledger file `new` would have made is not left behind
        assert run(capsys, "log", "--ledger", ledger)[0] == exit_codes.NO_LEDGER
    assert not Path(store).exists()  # naming lists reads the store, never creates one
    imported = run(
        capsys, "import-rating-list", str(DATA / "national_2026-10.csv"), "--name", "national", "--date",
        "2026-10-15", "--store", store,
    )  # fmt: skip
    assert imported[0] == exit_codes.OK, imported[2]
    code, _, err = run(capsys, *new, "--rating-lists", "national,fide-standard", "--store", store)
    assert code == exit_codes.OK, err
    code, out, _ = run(capsys, "rating-sequence", "--ledger", ledger, "--store", store)
    assert [line.split(":")[0].strip() for line in out.splitlines()[2:]] == ["national", "fide-standard"]


def test_q128_q129_the_arbiter_sees_the_other_lists_and_chooses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q127-129 at the command line: Ann is registered from the main list; Cy, not in it, is refused with
    what the other lists give (exit 4, nothing appended), `rating-lookup` shows them, `--choose` takes
    one; the roster shows each rating's list (Q134)."""
    ledger, store = _setup(capsys, tmp_path)
    assert run(capsys, "register-from-lists", "1000001", "--ledger", ledger, "--store", store)[0] == exit_codes.OK
    code, _, err = run(capsys, "register-from-lists", "1000003", "--ledger", ledger, "--store", store)
    assert code == exit_codes.BAD_INPUT and "fide-rapid 1850" in err and "fide-blitz 1900" in err
    code, out, _ = run(capsys, "rating-lookup", "1000003", "--ledger", ledger, "--store", store)
    assert [line.split("\t")[:3] for line in out.splitlines() if not line.startswith("\t")] == [
        ["fide-standard", "(main list)", "not listed"],
        ["fide-rapid", "(other list)", "1850"],
        ["fide-blitz", "(other list)", "1900"],
    ]
    flags = ("--choose", "fide-rapid", "--ledger", ledger, "--store", store)
    assert run(capsys, "register-from-lists", "1000003", *flags)[0] == exit_codes.OK
    players = json.loads(run(capsys, "roster", "--format", "json", "--ledger", ledger)[1])["players"]
    seen = {p["name"]: (p["rating"], p["fide_rating"], sorted(p["source_lists"])) for p in players}
    assert seen == {"Aster, Ann": (2310, 2310, ["fide_rating", "rating"]), "Cedar, Cy": (1850, 0, ["rating"])}


def test_q133_check_ratings_lists_the_differences_and_applies_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q133: `check-ratings` prints each difference; `--apply --reason` corrects them; then none is left."""
    ledger, store = _setup(capsys, tmp_path)
    run(capsys, "register", "Aster, Ann", "--id", "1000001", "--fide-rating", "2290", "--federation", "NOR",
        "--title", "WGM", "--ledger", ledger)  # fmt: skip
    code, out, _ = run(capsys, "check-ratings", "--ledger", ledger, "--store", store)
    assert code == exit_codes.OK
    assert "1\tAster, Ann\tfide_rating\t2290 -> 2310" in out
    code, _, err = run(
        capsys, "check-ratings", "--apply", "--reason", "November list", "--ledger", ledger, "--store", store
    )
    assert code == exit_codes.OK, err
    assert "no differences" in run(capsys, "check-ratings", "--ledger", ledger, "--store", store)[1]


def test_q117_a_hostile_file_exits_4_with_a_message_and_nothing_stored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q117: a malformed list is refused with exit 4 and a message naming the file and the line; no
    traceback; the store holds no list."""
    bad = tmp_path / "national.csv"
    bad.write_text("id,name,rating\n12,Ann,2000\n13,Bob,20000\n", encoding="utf-8")
    store = str(tmp_path / "lists.sqlite")
    code, _, err = run(
        capsys, "import-rating-list", str(bad), "--name", "national", "--date", "2026-11-01", "--store", store
    )
    assert code == exit_codes.BAD_INPUT
    assert "national.csv: line 3: the standard rating must be a whole number from 0 to 9999" in err
    assert "Traceback" not in err
    assert "national" not in run(capsys, "rating-lists", "--store", store)[1]
