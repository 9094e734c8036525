"""The tie-break cross-check of docs/fide-mode.md's Q33-39 (benchmarks/tiebreak_cross_check.py), run
against FIDE's reference tie-break program, Gacrux (OttoMilvang/TieBreakServer), as an external program.
Gacrux is not part of the project: the tests look for it in the folder `GACRUX` names (default
/tmp/gacrux) and are skipped, saying so, where it is not."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from benchmarks.tiebreak_cross_check import (
    COMMON,
    POINTS,
    RANK,
    Difference,
    Gacrux,
    KoyaReading,
    compare,
    explained,
    ours,
    theirs,
    values_compared,
)
from pairing.trf import parse
from pairing.trf.convert import entrants, scoring
from tests.conftest import DUTCH_REFERENCE
from tui import pair

GACRUX = Path(os.environ.get("GACRUX", "/tmp/gacrux"))
HARNESS = Path(__file__).resolve().parents[2] / "benchmarks" / "tiebreak_cross_check.py"
ROOT = HARNESS.parents[1]

pytestmark = pytest.mark.skipif(
    not (GACRUX / "tiebreakchecker.py").exists(),
    reason=f"Gacrux (github.com/OttoMilvang/TieBreakServer) is not in {GACRUX}: set GACRUX to its folder",
)

LIST = ("BH/C1", "BH", "SB/C1", "PS", "ARO", "TPR", "WIN", "BPG")


def _tournament(tmp_path: Path, tiebreaks: tuple[str, ...] = LIST, forfeits: int = 1) -> Path:
    """A Dutch tournament of our generator with byes and `forfeits` forfeit wins a round, `tiebreaks`
    its 202 list."""
    config = tmp_path / "t.cfg"
    config.write_text(
        f"PlayersNumber=16\nRoundsNumber=6\nHalfPointByes=1\nForfeitWins={forfeits}\nZeroPointByes=1\n"
        f"UnusualResults=0\nDoubleForfeits=0\nTieBreaks={','.join(tiebreaks)}\n",
        encoding="utf-8",
    )
    trf = tmp_path / "t.trf"
    assert pair.main(["--dutch", "-g", str(config), "-o", str(trf), "-s", "7"]) == 0
    return trf


def test_q033_gacrux_and_ours_agree_on_every_value_and_rank_of_a_generated_tournament(tmp_path: Path) -> None:
    """Every player's score, each tie-break of the list and the rank: the two programs agree, and each
    value is compared (16 players x (score + 8 tie-breaks))."""
    trf = _tournament(tmp_path)
    mine = ours(parse(trf.read_text(encoding="utf-8")), LIST)
    peer = theirs(GACRUX, trf, LIST, 6).rows
    assert sorted(mine) == sorted(peer) == list(range(1, 17))
    assert values_compared(LIST, mine, peer) == 16 * (1 + len(LIST))
    assert compare(LIST, mine, peer) == []


def test_q033_gacrux_kept_running_answers_as_its_command_does_file_after_file(tmp_path: Path) -> None:
    """The harness's long-lived Gacrux worker gives, for each of two different tournaments and again for
    the first, what ``tiebreakchecker.py`` run as a command prints: one run leaves nothing behind that
    changes the next."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = _tournament(tmp_path / "a")
    second = _tournament(tmp_path / "b", ("DE", "SB", "APPO"), 2)
    worker = Gacrux.of(GACRUX)
    for trf, codes in ((first, LIST), (second, ("DE", "SB", "APPO")), (first, LIST)):
        arguments = ["-s", "-i", str(trf), "-n", "6", "-N", "6", "-t", POINTS, *codes]
        command = subprocess.run(
            [sys.executable, str(GACRUX / "tiebreakchecker.py"), *arguments],
            capture_output=True,
            text=True,
            timeout=600,
            check=True,
        )
        kept = worker.run(arguments)
        assert kept["code"] == 0
        assert json.loads(str(kept["stdout"]))["tiebreakResult"] == json.loads(command.stdout)["tiebreakResult"]
    assert Gacrux.cpu > 0


def test_q033_a_result_gacrux_reads_otherwise_is_found_player_by_player(tmp_path: Path) -> None:
    """Gacrux given the file with one game's result turned round: the two players of that game differ on
    points (and the harness names them); their opponents' Buchholz differs too."""
    trf = _tournament(tmp_path)
    text = trf.read_text(encoding="utf-8")
    mine = ours(parse(text), LIST)
    document = parse(text)
    first = next(p for p in document.players if p.rounds[0].result.value == "1")
    second = first.rounds[0].opponent
    turned = _turn_round_1(text, first.start_rank, second)
    other = tmp_path / "turned.trf"
    other.write_text(turned, encoding="utf-8")
    found = compare(LIST, mine, theirs(GACRUX, other, LIST, 6).rows)
    points = {d.player: (d.ours, d.theirs) for d in found if d.code == POINTS}
    assert points == {
        first.start_rank: (mine[first.start_rank].values[0], mine[first.start_rank].values[0] - 1),
        second: (mine[second].values[0], mine[second].values[0] + 1),
    }
    assert {d.code for d in found} >= {POINTS, "BH", RANK}


def _turn_round_1(text: str, winner: int, loser: int) -> str:
    """The TRF with round 1 of `winner` and `loser` (cols 92-101) read the other way round, and their
    scores (cols 81-84) moved by a point."""
    lines = []
    for line in text.splitlines():
        number = int(line[4:8]) if line.startswith("001") else 0
        if number in (winner, loser):
            result = "0" if number == winner else "1"
            score = Decimal(line[80:84]) + (-1 if number == winner else 1)
            line = f"{line[:80]}{score:>4.1f}{line[84:98]}{result}{line[99:]}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def test_q033_the_harness_prints_its_figures_and_keeps_nothing_when_all_agree(tmp_path: Path) -> None:
    """`--files` with a file both programs rank alike (no forfeit, so KS agrees too): one tournament, its
    rounds and players, the values of every code of `COMMON` both programs give, no difference, nothing
    kept."""
    trf = _tournament(tmp_path, forfeits=0)
    keep = tmp_path / "kept"
    done = subprocess.run(
        [sys.executable, str(HARNESS), "--gacrux", str(GACRUX), "--files", str(trf), "--keep", str(keep)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    peer = theirs(GACRUX, trf, LIST, 6, COMMON)
    compared = values_compared(peer.codes, ours(parse(trf.read_text(encoding="utf-8")), peer.codes), peer.values)
    assert compared > 16 * (1 + len(LIST))
    assert (
        f"files: 1 tournaments, 6 rounds, 16 players, {compared} values compared over {len(COMMON)} codes"
        in done.stdout
    )
    assert "tournaments with a difference: 0" in done.stdout and "differences by code: none" in done.stdout
    assert list(keep.iterdir()) == []


def test_q033_the_common_list_is_every_c07_individual_swiss_tiebreak_both_compute(tmp_path: Path) -> None:
    """`COMMON` holds C.07 Art. 5's individual tie-breaks (2026) with the modifiers both take (Art. 14's
    cuts, medians and Limit, DE/P), and both programs compute each of them on a generated tournament
    (ours would raise on an unknown one; Gacrux gives a value for each but DE and DE/P, ranks)."""
    assert {d.split("/")[0] for d in COMMON} == {
        *("AOB", "APPO", "APRO", "ARO", "BH", "DE", "FB", "REP", "KS", "BPG", "WON", "BWG", "WIN", "PTP"),
        *("RTNG", "SB", "STD", "PS", "TPN", "TPR"),
    }
    trf = _tournament(tmp_path, COMMON)
    mine = ours(parse(trf.read_text(encoding="utf-8")), COMMON)
    peer = theirs(GACRUX, trf, COMMON, 6).rows
    empty = [
        (player, code, ours_value)
        for player in mine
        for code, ours_value, value in zip((POINTS, *COMMON), mine[player].values, peer[player].values, strict=True)
        if value is None and code.split("/")[0] != "DE"
    ]
    # Every value but DE's (DE, DE/P) compared, save those Gacrux leaves empty for want of a game, where
    # ours is 0.
    ranks = sum(code.split("/")[0] == "DE" for code in COMMON)
    assert values_compared(COMMON, mine, peer) == 16 * (1 + len(COMMON) - ranks) - len(empty)
    assert all(ours_value == 0 for _, _, ours_value in empty) and len(empty) < 16


def test_q033_a_ks_difference_is_explained_only_by_the_forfeits_points_c07_9_2(tmp_path: Path) -> None:
    """C.07 9.2 in a Swiss with forfeits: Gacrux's KS (each Limit) counts a forfeit's points against the
    scheduled opponent, ours the games played. Each such difference is explained because ours plus those
    points is Gacrux's value exactly; the same difference half a point off is not."""
    trf = _tournament(tmp_path, ("KS", "KS/L60", "KS/L+1", "KS/L-1"))
    document = parse(trf.read_text(encoding="utf-8"))
    codes = ("KS", "KS/L60", "KS/L+1", "KS/L-1")
    found = compare(codes, ours(document, codes), theirs(GACRUX, trf, codes, 6).rows)
    koya = [d for d in found if d.code != RANK]
    assert koya and {d.code.split("/")[0] for d in koya} == {"KS"}
    assert all(explained(koya, document))
    off = [Difference(d.player, d.code, d.ours, d.theirs + Decimal("0.5")) for d in koya]
    assert not any(explained(off, document))


def test_q033_an_std_difference_is_explained_only_by_a_draws_points_c07_7_7(tmp_path: Path) -> None:
    """C.07 7.7 with ½-0 games: Gacrux compares each round's points with a draw's, ours with the
    opponent's. The differences are explained because that reading gives Gacrux's value exactly; a value
    half a point off is not, and neither is a rank that only an unexplained value would account for."""
    config = tmp_path / "t.cfg"
    config.write_text("PlayersNumber=20\nRoundsNumber=7\nUnusualResults=2\nTieBreaks=STD,BH\n", encoding="utf-8")
    trf = tmp_path / "t.trf"
    assert pair.main(["--dutch", "-g", str(config), "-o", str(trf), "-s", "3"]) == 0
    document = parse(trf.read_text(encoding="utf-8"))
    found = compare(("STD", "BH"), ours(document, ("STD", "BH")), theirs(GACRUX, trf, ("STD", "BH"), 7).rows)
    standard = [d for d in found if d.code == "STD"]
    assert standard and all(explained(standard, document, listed=("STD", "BH")))
    off = [Difference(d.player, d.code, d.ours, d.theirs + Decimal("0.5")) for d in standard]
    rank = Difference(standard[0].player, RANK, 1, 2)
    assert not any(explained([*off, rank], document, listed=("STD", "BH")))


SUMMARY = re.compile(
    r"^summary: seeds (?P<first>\d+)-(?P<last>\d+) \((?P<seeds>\d+) seeds, (?P<generator>\w+) generated\), "
    r".*?: (?P<figures>.*?); "
    r"\d+ s, \d+ CPU-s, (?P<jobs>\d+) jobs, load ",
    re.MULTILINE,
)


def _summary(*seeds: str) -> re.Match[str]:
    """The harness's summary line over our generator's `seeds` (``--seeds A-B --jobs N``)."""
    done = subprocess.run(
        [sys.executable, str(HARNESS), "--gacrux", str(GACRUX), *seeds],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=True,
    )
    found = SUMMARY.search(done.stdout)
    assert found is not None, done.stdout
    return found


def test_q033_a_seed_range_gives_the_same_figures_with_one_or_two_workers(tmp_path: Path) -> None:
    """Seeds are independent: seeds 1-3 (Dutch, Dubov, Burstein: 1 % 3, 2 % 3, 0 % 3) give the same
    tournaments, rounds, players, values, codes and differences with one worker or two."""
    one = _summary("--seeds", "1-3", "--jobs", "1")
    two = _summary("--seeds", "1-3", "--jobs", "2")
    assert (one["first"], one["last"], one["seeds"], one["jobs"], two["jobs"]) == ("1", "3", "3", "1", "2")
    assert one["generator"] == two["generator"] == "ours"
    assert one["figures"] == two["figures"]
    assert "3 tournaments (burstein 1, dubov 1, dutch 1;" in one["figures"]
    assert f"values over {len(COMMON)} codes" in one["figures"]


BBP = Path(os.environ.get("BBP_BIN", "/tmp/bbp/bbpPairings.exe"))


@pytest.mark.skipif(not BBP.exists(), reason=f"bbpPairings is not at {BBP}: set BBP_BIN to its binary")
def test_q033_bbp_pairings_tournaments_are_ranked_by_ours_and_by_gacrux() -> None:
    """The other way for the ranks: with `--bbp`, each seed's tournament is made by bbpPairings'
    generator (Dutch; its byes, forfeits and withdrawals drawn from the seed), and our ranks and values
    are compared with Gacrux's on it, with the seed's drawn list; the summary names the generator."""
    found = _summary("--seeds", "1-2", "--bbp", str(BBP))
    assert (found["first"], found["last"], found["seeds"], found["generator"]) == ("1", "2", "2", "bbpPairings")
    assert "2 tournaments (dutch 2; Baku 0; 0 not made, 0 not run)" in found["figures"]
    assert f"values over {len(COMMON)} codes" in found["figures"]
    assert "unexplained 0 (none)" in found["figures"]


def test_q033_gacrux_generators_tournaments_are_ranked_by_ours_and_by_gacrux() -> None:
    """The ranks on FIDE's reference program's own tournaments: with `--gacrux-generated`, each seed's
    tournament is made by Gacrux's generator (Dutch), in the seeds' workers, and ranked by the seed's drawn
    list; the summary names the generator. Two generators for the seeds are refused."""
    found = _summary("--seeds", "3-4", "--gacrux-generated", "--jobs", "2")
    assert (found["first"], found["last"], found["seeds"], found["generator"]) == ("3", "4", "2", "Gacrux")
    assert "2 tournaments (dutch 2; Baku 0; 0 not made, 0 not run)" in found["figures"]
    assert "unexplained 0 (none)" in found["figures"]
    both = subprocess.run(
        [sys.executable, str(HARNESS), "--gacrux", str(GACRUX), "--seeds", "1", "--gacrux-generated", "--bbp", "x"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert both.returncode == 2
    assert "give one" in both.stderr


THREE_ONE = DUTCH_REFERENCE / "threeone-p013-r07-s255.trf"
"""A reference tournament scored 3/1/0 (record 162), 7 rounds, with forfeits."""


@pytest.mark.skipif(not THREE_ONE.exists(), reason=f"the Dutch reference corpus is not in {DUTCH_REFERENCE}")
def test_q033_a_ks_limit_step_is_half_a_point_for_gacrux_and_a_draw_for_us_c07_14_5() -> None:
    """C.07 14.5 with 3/1/0 scoring: Gacrux moves the Limit by half a point a step, ours by a draw's
    points (1): KS/L+1 after 7 rounds has Gacrux's limit at 11 points, ours at 11.5, so an opponent who
    finished on 11 counts for Gacrux only. The differences found are explained by the two readings
    together (`KoyaReading`, with 9.2's forfeits), and one at least not by the forfeits alone."""
    codes = ("KS", "KS/L+1", "KS/L-1")
    document = parse(THREE_ONE.read_text(encoding="utf-8"))
    found = [
        d for d in compare(codes, ours(document, codes), theirs(GACRUX, THREE_ONE, codes, 7).rows) if d.code != RANK
    ]
    assert found and all(explained(found, document))
    players = {p.number: p for p in entrants(document, 7, scoring(document))}
    draw, win = scoring(document).draw, scoring(document).win
    assert (draw, win) == (1.0, 3.0)
    forfeits_alone = [
        KoyaReading(forfeits=True, step=draw).value(d.code, players[d.player], players, 7, win)
        - KoyaReading(forfeits=False, step=draw).value(d.code, players[d.player], players, 7, win)
        for d in found
    ]
    assert any(d.theirs != d.ours + added for d, added in zip(found, forfeits_alone, strict=True))
