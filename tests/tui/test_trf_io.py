"""TRF in and out of a ledger (issue 4, items 1 and 6; issue 11, item 6): a Dutch tournament paired
through the ledger equals `arbiter-pair` on the exported TRF; a reference file imported into a ledger
pairs its next round as the reference engine did."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pairing.cli import main as arbiter_pair
from tests.conftest import DUTCH_REFERENCE as REFERENCE
from tests.tui.cli_support import run
from tui import exit_codes


def pairs(ledger: str, round_number: int, capsys: pytest.CaptureFixture[str]) -> list[tuple[int, int]]:
    document = json.loads(run(capsys, "pairings", str(round_number), "--format", "json", "--ledger", ledger)[1])
    return [(b["first"]["number"], b["second"]["number"]) for b in document["boards"]]


def arbiter_pair_output(trf: Path, tmp_path: Path) -> list[str]:
    out = tmp_path / "pairs.txt"
    assert arbiter_pair(["--dutch", str(trf), "-p", str(out)]) == 0
    return out.read_text().split()


def test_ledger_dutch_pairing_equals_arbiter_pair_on_the_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ledger = str(tmp_path / "open.ledger")
    run(
        capsys,
        "new",
        "Open",
        "--game",
        "chess",
        "--system",
        "dutch",
        "--rounds",
        "5",
        "--seed",
        "3",
        "--ledger",
        ledger,
    )
    rng = random.Random(5)
    for n in range(1, 12):
        run(capsys, "register", f"Player {n}", "--rating", str(rng.randint(1500, 2500)), "--ledger", ledger)
    assert run(capsys, "pair", "--ledger", ledger)[0] == exit_codes.OK
    for round_number in (1, 2, 3):
        for board in range(1, len(pairs(ledger, round_number, capsys)) + 1):
            run(capsys, "result", str(round_number), str(board), rng.choice(("1-0", "0-1", "1/2")), "--ledger", ledger)
        trf = tmp_path / f"after-{round_number}.trf"
        assert run(capsys, "export-trf", "-o", str(trf), "--ledger", ledger)[0] == exit_codes.OK
        expected = arbiter_pair_output(trf, tmp_path)
        assert run(capsys, "pair", "--ledger", ledger)[0] == exit_codes.OK
        tpn = _tpns(trf)  # arbiter-pair speaks in start ranks (the TPNs)
        mine = [f"{tpn[a]} {tpn[b]}" for a, b in pairs(ledger, round_number + 1, capsys)]
        assert mine == [" ".join(expected[i : i + 2]) for i in range(1, 1 + 2 * len(mine), 2)]


def _tpns(trf: Path) -> dict[int, int]:
    """Player number (= registration order here) -> start rank, read from the exported 001 lines by name."""
    ranks = {}
    for line in trf.read_text().splitlines():
        if line.startswith("001"):
            rank, name = int(line[4:8]), line[14:47].strip()
            ranks[int(name.split()[-1])] = rank
    return ranks


@pytest.mark.skipif(not REFERENCE.exists(), reason="the shared reference corpus is beside the checkout in CI")
def test_reference_file_imported_pairs_its_next_round_as_recorded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = REFERENCE / "clean-p012-r07-s123.trf"
    text = source.read_text()
    keep = 4  # rounds 1..4 in, round 5 to be paired
    lines = []
    for line in text.splitlines():
        if line.startswith("001"):
            line = line[: 91 + 10 * keep].rstrip()
        lines.append(line)
    truncated = tmp_path / "r4.trf"
    truncated.write_text("\n".join(lines) + "\nXXR 7\n")
    ledger = str(tmp_path / "imported.ledger")
    code, _, err = run(capsys, "import-trf", str(truncated), "--ledger", ledger)
    assert code == exit_codes.OK, err
    assert run(capsys, "pair", "--ledger", ledger)[0] == exit_codes.OK
    recorded = {}
    for line in text.splitlines():
        if line.startswith("001"):
            entry = line[91 + 10 * keep : 91 + 10 * keep + 8]
            opponent, colour = int(entry[:4]), entry[5]
            if colour == "w":
                recorded[int(line[4:8])] = opponent
    assert dict(pairs(ledger, keep + 1, capsys)) == recorded


def test_an_import_refused_part_way_leaves_no_ledger(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Bad input appends nothing (TRF16 cols 92-95: the opponent is another player's starting rank): a
    file whose round 2 seats a player against themselves is refused with the line and columns, and no
    ledger is left behind."""
    line = "001 {rank:4d}      Player {rank}                          2000                             0.0    1"
    rounds = {1: "     2 w 1     1 w =", 2: "     1 b 0     2 b ="}
    text = "012 Bad\nXXR 3\n" + "".join(line.format(rank=r) + rounds[r] + "\n" for r in (1, 2))
    source = tmp_path / "bad.trf"
    source.write_text(text)
    ledger = tmp_path / "bad.ledger"
    code, _, err = run(capsys, "import-trf", str(source), "--ledger", str(ledger))
    assert code == exit_codes.BAD_INPUT
    assert "line 3, columns 102-105 (round 2 of starting rank 1): opponent 1 is not another player's" in err
    assert not ledger.exists() and not Path(str(ledger) + ".views").exists()
