"""The cross-check harness of docs/fide-mode.md's Q33-39 (benchmarks/peer_cross_check.py): our
tournaments are the files `arbiter-pair -g` writes and the peer checks them; the peer's tournaments are
checked by `arbiter-pair -c`'s checker; the figures of a seed range do not depend on the number of
workers and add up range by range; a difference either way is kept with the commands that make it
again. The peer is bbpPairings when BBP_BIN names it, otherwise a stand-in that runs `arbiter-pair`
(bbpPairings' command line) and so pairs as our Dutch engine does."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from pairing.trf import format
from pairing.trf.document import Colour, PlayerRecord, ResultCode, RoundEntry, RoundsRecord, TrfDocument

HARNESS = Path(__file__).resolve().parents[2] / "benchmarks" / "peer_cross_check.py"
ROOT = HARNESS.parents[1]
SUMMARY = re.compile(
    r"summary: Dutch, peer \S+, seeds (?P<first>\d+)-(?P<last>\d+) \((?P<seeds>\d+) seeds\), [0-9-]+: "
    r"ours generated (?P<ours>\d+) tournaments \((?P<ours_rounds>\d+) rounds; (?P<ours_not_made>\d+) it could not "
    r"make, nor the peer pair\), the peer found (?P<peer_found>\d+) "
    r"with a difference(?: and (?P<group_a>\d+) explained by its Baku group A)?; "
    r"the peer generated (?P<peer>\d+) \((?P<peer_rounds>\d+) rounds; (?P<not_made>\d+) it could not make\), "
    r"ours found (?P<ours_found>\d+) with a difference; "
)
"""The harness's last line, the one docs/fide-mode.md quotes."""


def _script(tmp_path: Path, body: str) -> Path:
    peer = tmp_path / "bbpPairings.exe"
    peer.write_text(f"#!{sys.executable}\n{body}\n", encoding="utf-8")
    peer.chmod(0o755)
    return peer


def _same_pairing_peer(tmp_path: Path, copies: Path) -> Path:
    """`arbiter-pair` under bbpPairings' name, keeping a copy of every file it checks in `copies`."""
    copies.mkdir()
    return _script(
        tmp_path,
        "import shutil, sys\n"
        "from tui.pair import main\n"
        f"if '-c' in sys.argv: shutil.copy(sys.argv[2], {str(copies)!r})\n"
        "sys.exit(main(sys.argv[1:]))",
    )


def _arbiter_pair(trf: Path, mode: str) -> subprocess.CompletedProcess[str]:
    """`arbiter-pair --dutch TRF MODE` (`-p` pairs the next round, `-c` checks every round)."""
    return subprocess.run(
        [sys.executable, "-m", "tui.pair", "--dutch", str(trf), mode],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def _cross_check(peer: Path, *options: str) -> tuple[str, dict[str, int]]:
    done = subprocess.run(
        [sys.executable, str(HARNESS), "--peer", str(peer), *options],
        cwd=ROOT,
        env=os.environ | {"PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    found = SUMMARY.search(done.stdout)
    assert found is not None, done.stdout + done.stderr
    return done.stdout, {name: int(value or 0) for name, value in found.groupdict().items()}


def test_q033_the_peer_checks_the_files_arbiter_pair_g_writes_and_finds_them_paired_as_it_pairs(
    tmp_path: Path,
) -> None:
    """With a peer that pairs as our engine does, neither way has a difference; every file the peer
    checked is, byte for byte, the one `arbiter-pair --dutch -g` writes for that seed (Baku=no)."""
    copies = tmp_path / "checked"
    peer = Path(os.environ["BBP_BIN"]) if os.environ.get("BBP_BIN") else _same_pairing_peer(tmp_path, copies)
    out, figures = _cross_check(peer, "--first-seed", "7", "--tournaments", "2", "--keep", str(tmp_path / "kept"))
    assert figures["first"] == 7 and figures["last"] == 8 and figures["seeds"] == 2
    assert figures["ours"] + figures["peer"] + figures["not_made"] == 4
    assert figures["ours_rounds"] >= 2 * 5 and figures["peer_rounds"] >= 5
    assert figures["peer_found"] == figures["ours_found"] == 0, out
    assert list((tmp_path / "kept").iterdir()) == []
    if os.environ.get("BBP_BIN"):
        return
    config = tmp_path / "ours.cfg"
    config.write_text("Baku=no\n", encoding="utf-8")
    for seed in (7, 8):
        written = tmp_path / f"written-{seed}.trf"
        subprocess.run(
            [sys.executable, "-m", "tui.pair", "--dutch", "-g", str(config), "-o", str(written), "-s", str(seed)],
            cwd=ROOT,
            capture_output=True,
            check=True,
        )
        assert (copies / f"ours-{seed}.trf").read_bytes() == written.read_bytes()


def test_q033_a_seed_range_gives_the_same_figures_with_one_or_two_workers_and_ranges_add_up(tmp_path: Path) -> None:
    peer = _same_pairing_peer(tmp_path, tmp_path / "checked")
    _, whole = _cross_check(peer, "--first-seed", "3", "--tournaments", "3", "--jobs", "2")
    _, head = _cross_check(peer, "--first-seed", "3", "--tournaments", "1", "--jobs", "1")
    _, tail = _cross_check(peer, "--first-seed", "4", "--tournaments", "2", "--jobs", "1")
    assert (whole["first"], whole["last"]) == (3, 5) and (head["last"], tail["first"]) == (3, 4)
    for figure in ("seeds", "ours", "ours_rounds", "peer", "peer_rounds", "not_made"):
        assert whole[figure] == head[figure] + tail[figure], figure


def _paired_otherwise(path: Path) -> None:
    """Four players, round 1 of 2 paired 1-2 and 3-4, where the Dutch system pairs 1-3 and 2-4: S1, the
    first MaxPairs players, S1[i] against S2[i] (C.04.3 Articles 3.2 and 3.3,
    docs/research/fide/03-C0403-dutch-system.md)."""
    win, draw = ResultCode.WIN, ResultCode.DRAW
    boards = {1: (2, Colour.WHITE, win), 2: (1, Colour.BLACK, ResultCode.LOSS), 3: (4, Colour.WHITE, draw)}
    boards[4] = (3, Colour.BLACK, draw)
    players = [
        PlayerRecord(
            start_rank=number,
            name=f"Player {number}",
            rating=2400 - 100 * number,
            points=Decimal({win: 1, draw: "0.5"}.get(boards[number][2], 0)),
            rounds=(RoundEntry(opponent=boards[number][0], colour=boards[number][1], result=boards[number][2]),),
        )
        for number in (1, 2, 3, 4)
    ]
    path.write_text(format(TrfDocument(records=(RoundsRecord(rounds=2), *players))), encoding="utf-8")


def test_q033_a_difference_either_way_is_kept_with_the_commands_that_make_it_again(tmp_path: Path) -> None:
    """A peer whose `-c` reports a round, and whose `-g` writes, for odd seeds, a round 1 the Dutch
    system pairs otherwise (and for even seeds fails): both of our tournaments are differences, one of
    the peer's is, the other it could not make. Each difference is kept: the file, and a note with the
    commands that make and check it again and the checker's report; the note's commands remake our
    file byte for byte."""
    fixture = tmp_path / "paired-otherwise.trf"
    _paired_otherwise(fixture)
    peer = _script(
        tmp_path,
        "import shutil, sys\n"
        "args = sys.argv[1:]\n"
        "if '-c' in args: print('x: Round #1'); print('      1 -   3                  1 -   2')\n"
        "elif int(args[args.index('-s') + 1]) % 2 == 0: sys.exit(1)\n"
        f"else: shutil.copy({str(fixture)!r}, args[args.index('-o') + 1])",
    )
    kept = tmp_path / "kept"
    out, figures = _cross_check(peer, "--tournaments", "2", "--keep", str(kept))
    assert (figures["ours"], figures["peer_found"]) == (2, 2)
    assert (figures["peer"], figures["ours_found"], figures["not_made"]) == (1, 1, 1)
    assert "0 tournaments with a difference" not in out and "seeds 1, 2)" in out
    names = sorted(path.name for path in kept.iterdir())
    assert names == ["ours-1.trf", "ours-1.txt", "ours-2.trf", "ours-2.txt", "peer-1.trf", "peer-1.txt"]
    ours_note = (kept / "ours-2.txt").read_text(encoding="utf-8")
    assert "arbiter-pair --dutch -g ours.cfg -o ours-2.trf -s 2" in ours_note
    assert "the peer's report (exit 0):\nx: Round #1\n      1 -   3" in ours_note
    peer_note = (kept / "peer-1.txt").read_text(encoding="utf-8")
    assert "--dutch -g peer-1.cfg -o peer-1.trf -s 1" in peer_note and "arbiter-pair --dutch peer-1.trf -c" in peer_note
    assert "rounds that differ: [1]" in peer_note and "better by the system's quality criteria" in peer_note
    remade = tmp_path / "remade"
    remade.mkdir()
    commands = ours_note.split("to make and check it again:\n")[1].split("\n")[:2]
    bin_folder = Path(sys.executable).parent
    if not (bin_folder / "arbiter-pair").exists():
        pytest.skip("arbiter-pair is not installed beside this interpreter")
    subprocess.run(
        " && ".join(commands), shell=True, cwd=remade, env=os.environ | {"PATH": str(bin_folder)}, check=True
    )
    assert (remade / "ours-2.trf").read_bytes() == (kept / "ours-2.trf").read_bytes()


UNPAIRABLE_SEED = "57"
"""A seed whose tournament (12 players, 10 rounds, Baku=no) our Dutch engine cannot pair past round 8:
no pairing of round 9 meets C1-C3 (C.04.3, docs/research/fide/03-C0403-dutch-system.md)."""


@pytest.mark.parametrize(("pairs", "expected"), [(False, "not made"), (True, "difference")])
def test_q033_a_round_our_generator_cannot_pair_is_given_to_the_peer_to_pair(
    tmp_path: Path, pairs: bool, expected: str
) -> None:
    """The tournament up to the round is a TRF the peer reads (points filled, the round's requested
    byes in it). A peer that finds no valid pairing either (`arbiter-pair -p`, exit 1) confirms that
    the generator could not make it; a peer that pairs the round is a difference, kept with the file."""
    pairing = "print('1'); print('1 2')" if pairs else "sys.exit(main(sys.argv[1:]))"
    peer = _script(tmp_path, f"import sys\nfrom tui.pair import main\nif '-p' in sys.argv: {pairing}\n")
    kept = tmp_path / "kept"
    _, figures = _cross_check(peer, "--first-seed", UNPAIRABLE_SEED, "--tournaments", "1", "--keep", str(kept))
    if expected == "not made":
        assert (figures["ours"], figures["ours_not_made"], figures["peer_found"]) == (0, 1, 0)
        assert list(kept.iterdir()) == []
        return
    assert (figures["ours"], figures["ours_not_made"], figures["peer_found"]) == (1, 0, 1)
    note = (kept / f"ours-{UNPAIRABLE_SEED}.txt").read_text(encoding="utf-8")
    assert "arbiter-pair -g found no valid pairing for round 9" in note and "exit 0):\n1\n1 2" in note
    checked = _arbiter_pair(kept / f"ours-{UNPAIRABLE_SEED}.trf", "-p")
    assert checked.returncode == 1 and "no valid pairing" in checked.stderr


def test_q033_with_baku_a_difference_the_peer_drops_given_our_virtual_points_is_its_group_a(tmp_path: Path) -> None:
    """`--baku`: bbpPairings v6 reads ``192 FIDE_DUTCH_BAKU`` but makes group A the first ceil(N/2)
    players, where C.04.7 says "the first half of the players, rounded up to the nearest even number"
    (docs/research/fide/07-baku-acceleration.md). A difference that goes away when the file states our
    virtual points as XXA lines is classified as that. Here the stand-in peer reports a difference in
    every file without XXA lines; the XXA file it is given must pair, in our checker too, as the Baku
    file does (the same virtual points, stated explicitly)."""
    peer = _script(
        tmp_path,
        "import sys\n"
        "from tui.pair import main\n"
        "if '-c' in sys.argv and 'XXA' not in open(sys.argv[2]).read(): print('x: Round #1'); print('  1 - 2')\n"
        "else: sys.exit(main(sys.argv[1:]))",
    )
    kept = tmp_path / "kept"
    out, figures = _cross_check(peer, "--tournaments", "2", "--baku", "--keep", str(kept))
    assert (figures["ours"], figures["peer_found"], figures["group_a"]) == (2, 0, 2), out
    for seed in (1, 2):
        baku = (kept / f"ours-{seed}.trf").read_text(encoding="utf-8")
        explicit = (kept / f"ours-{seed}-xxa.trf").read_text(encoding="utf-8")
        assert "192 FIDE_DUTCH_BAKU" in baku and "XXA" not in baku
        assert "192 FIDE_DUTCH\n" in explicit.replace("\r\n", "\n") and "XXA" in explicit
        checked = _arbiter_pair(kept / f"ours-{seed}-xxa.trf", "-c")
        assert checked.returncode == 0
        assert "rounds that differ: none" in checked.stderr and "colours differ" not in checked.stderr
        assert "explained:" in (kept / f"ours-{seed}.txt").read_text(encoding="utf-8")
