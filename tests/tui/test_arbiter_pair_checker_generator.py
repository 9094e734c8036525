"""The FIDE checklist's pairing and tie-break checker and random tournament generator (VCL4THP
Q19-Q32, docs/fide-mode.md "Checker and generator"): ``arbiter-pair -c`` and ``arbiter-pair -g`` as the
command runs them (`tui.pair`, which gives `pairing.cli` the tie-breaks of `projections.tiebreaks`)."""

from __future__ import annotations

import random
import re
import statistics
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from attrs import evolve

from pairing.cli import OK, dutch_pair
from pairing.fide.common.rating import DP_BY_PERCENTAGE, scoring_probability
from pairing.generator import GeneratorConfig, game_result, generate
from pairing.model import Outcome
from pairing.trf import format, parse
from pairing.trf.document import (
    Colour,
    PlayerRecord,
    ResultCode,
    RoundEntry,
    RoundsRecord,
    TournamentRecord,
    TrfDocument,
)
from pairing.trf.standings import SWISS_TIEBREAKS, tiebreak_codes
from tui.pair import fide_standings, main

COMMAND = Path(sys.executable).parent / "arbiter-pair"


def generated(tmp_path: Path, config: str, *options: str, system: str = "--dutch") -> Path:
    """A tournament written by ``arbiter-pair SYSTEM -g CONFIG -o FILE OPTIONS``."""
    (tmp_path / "rtg.cfg").write_text(config, encoding="utf-8")
    out = tmp_path / "random.trf"
    assert main([system, "-g", str(tmp_path / "rtg.cfg"), "-o", str(out), *options]) == OK
    return out


def column(document: TrfDocument, round_number: int) -> list[RoundEntry]:
    return [p.rounds[round_number - 1] for p in document.players]


def test_q019_the_checker_and_the_generator_are_one_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Q19: a pairing and tie-break checker and a random tournament generator are provided: both are
    ``arbiter-pair``, which the project installs (pyproject.toml, console scripts)."""
    out = generated(tmp_path, "PlayersNumber=10\nRoundsNumber=3\nTieBreaks=BH\n", "-s", "1")
    assert main(["--dutch", str(out), "-c"]) == OK
    err = capsys.readouterr().err
    assert "rounds that differ: none" in err and "do not follow the tie-breaks: none" in err


def test_q020_the_checker_has_a_free_command_line_that_loads_no_interface(tmp_path: Path) -> None:
    """Q20: the checker is the free command line ``arbiter-pair --dutch FILE -c``; it loads neither the
    desk (Textual) nor the ledger."""
    out = generated(tmp_path, "PlayersNumber=8\nRoundsNumber=3\nTieBreaks=SB\n", "-s", "2")
    done = subprocess.run([str(COMMAND), "--dutch", str(out), "-c"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("random: Round #1\n") and "random: Standings (SB)" in done.stdout
    script = f"import sys\nfrom tui.pair import main\nmain(['--dutch', {str(out)!r}, '-c'])\nprint(sorted(sys.modules))"
    loaded = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert "'textual'" not in loaded and "'ledger.domain'" not in loaded and "'eventsourcing'" not in loaded


def _two_rounds(second: tuple[tuple[int, int], ...]) -> TrfDocument:
    """Four players rated in number order, round 1 paired 1-3 and 2-4 (Dutch round 1: S1 = 1, 2 against
    S2 = 3, 4; White for 1 and for 4), every game won by White; round 2 as `second` says."""
    first = ((1, 3), (4, 2))
    rounds: dict[int, list[RoundEntry]] = {n: [] for n in range(1, 5)}
    for boards in (first, second):
        for white, black in boards:
            rounds[white].append(RoundEntry(opponent=black, colour=Colour.WHITE, result=ResultCode.WIN))
            rounds[black].append(RoundEntry(opponent=white, colour=Colour.BLACK, result=ResultCode.LOSS))
    players = [
        PlayerRecord(start_rank=n, name=f"P{n}", rating=2400 - 100 * n, rounds=tuple(rounds[n])) for n in range(1, 5)
    ]
    return TrfDocument(records=(TournamentRecord(code="012", text="t"), RoundsRecord(rounds=3), *players))


def test_q021_the_checker_names_the_round_and_the_rule_a_pairing_breaks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q21, pairings: round by round, the file's pairing beside the engine's where they differ, and the
    absolute criterion the file's pairing breaks ([C1], C.04.1 Art. 2: no two players meet twice)."""
    source = tmp_path / "rematch.trf"
    source.write_text(format(_two_rounds(((3, 1), (2, 4)))), encoding="utf-8")
    assert main(["--dutch", str(source), "-c"]) == OK
    captured = capsys.readouterr()
    report = captured.out.split("rematch: Round #2\n")[1]
    assert "Checker pairings        Tournament pairings" in report
    assert "[C1] 3-1: 3 and 1 met in round 1" in report and "[C1] 2-4: 2 and 4 met in round 1" in report
    assert "rounds that differ: 2" in captured.err
    assert captured.out.startswith("rematch: Round #1\nrematch: Round #2\n")  # round 1 is right: nothing said


def test_q021_the_checker_names_the_boards_whose_colours_break_the_allocation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q21, colours: a round paired as the engine pairs it but with one board's colours the other way
    round (the system's Article 5) is reported apart, with that board; the pairs still count as equal.
    The last round is changed, so that no later round is paired from it."""
    document = parse(generated(tmp_path, "PlayersNumber=10\nRoundsNumber=3\n", "-s", "4").read_text())
    white, black = next(
        (p.start_rank, p.rounds[2].opponent) for p in document.players if p.rounds[2].colour is Colour.WHITE
    )
    flip = {Colour.WHITE: Colour.BLACK, Colour.BLACK: Colour.WHITE}
    records = [
        evolve(r, rounds=(*r.rounds[:2], evolve(r.rounds[2], colour=flip[r.rounds[2].colour])))
        if isinstance(r, PlayerRecord) and r.start_rank in (white, black)
        else r
        for r in document.records
    ]
    source = tmp_path / "flipped.trf"
    source.write_text(format(TrfDocument(records=records)), encoding="utf-8")
    capsys.readouterr()
    assert main(["--dutch", str(source), "-c"]) == OK
    captured = capsys.readouterr()
    assert f"  colours: the file has {black}-{white}, the checker {white}-{black} (Article 5)" in captured.out
    assert "rounds that differ: none" in captured.err and "rounds whose colours differ: 3" in captured.err


def test_q021_the_checker_names_every_rank_the_tiebreak_list_does_not_give(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q21, standings: with a ``202`` list and final ranks, every player whose rank (cols 86-89) the list
    does not give is named with the place the tie-breaks give. The file's two leaders are swapped here."""
    good = generated(tmp_path, "PlayersNumber=14\nRoundsNumber=5\nTieBreaks=BH/C1,SB\n", "-s", "7")
    document = parse(good.read_text(encoding="utf-8"))
    swapped = {1: 2, 2: 1}
    records = [
        evolve(r, rank=swapped.get(r.rank, r.rank)) if isinstance(r, PlayerRecord) else r for r in document.records
    ]
    bad = tmp_path / "swapped.trf"
    bad.write_text(format(TrfDocument(records=records)), encoding="utf-8")
    capsys.readouterr()
    assert main(["--dutch", str(bad), "-c"]) == OK
    captured = capsys.readouterr()
    leaders = sorted(document.players, key=lambda p: p.rank or 0)[:2]
    standings = captured.out.split("swapped: Standings (BH/C1, SB)\n")[1]
    assert f"  {leaders[0].start_rank}: rank 2, the tie-breaks give 1" in standings
    assert f"  {leaders[1].start_rank}: rank 1, the tie-breaks give 2" in standings
    assert "standings positions that do not follow the tie-breaks: 2" in captured.err


def test_q022_the_generator_has_a_free_command_line(tmp_path: Path) -> None:
    """Q22: the generator is the free command line ``arbiter-pair --dutch -g CONFIG -o FILE``."""
    (tmp_path / "rtg.cfg").write_text("PlayersNumber=9\nRoundsNumber=4\n", encoding="utf-8")
    out = tmp_path / "random.trf"
    done = subprocess.run(
        [str(COMMAND), "--dutch", "-g", str(tmp_path / "rtg.cfg"), "-o", str(out), "-s", "3"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert len(parse(out.read_text(encoding="utf-8")).players) == 9
    assert "arbiter-pair: seed 3: 9 players, 4 rounds" in done.stderr


CONFIG_Q024 = """\
PlayersNumber=16
RoundsNumber=5
FullPointByes=1
HalfPointByes=25%
ZeroPointByes=0,2
ForfeitWins=1
DoubleForfeits=0,0,1
UnusualResults=0,0,0,2
Baku=yes
TieBreaks=BH/C1,SB,DE
"""


def test_q024_the_generator_plays_every_kind_of_bye_forfeit_and_result_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q24: players, rounds, full-, half- and zero-point byes, forfeit wins and double forfeits, unusual
    results (½-0, 0-½, 0-0), as a number or a percentage, for every round or round by round; Baku
    acceleration (``192 ..._BAKU``, and the pairings are the accelerated ones: without the suffix the
    checker pairs round 1 otherwise) and the tie-break list (``202``) written to the TRF."""
    source = generated(tmp_path, CONFIG_Q024, "-s", "5")
    document = parse(source.read_text(encoding="utf-8"))
    plain = tmp_path / "plain.trf"
    plain.write_text(source.read_text(encoding="utf-8").replace("192 FIDE_DUTCH_BAKU", "192 FIDE_DUTCH"))
    capsys.readouterr()
    assert main(["--dutch", str(plain), "-c"]) == OK
    assert re.search(r"rounds that differ: 1\b", capsys.readouterr().err)
    assert len(document.players) == 16 and document.total_rounds == 5
    assert document.tournament_text("192") == "FIDE_DUTCH_BAKU"
    assert document.tournament_text("202") == "BH/C1,SB,DE"
    for round_number in range(1, 6):
        entries = column(document, round_number)
        byes = Counter(e.result for e in entries if e.opponent == 0)
        zero = 2 if round_number == 2 else 0
        assert (byes[ResultCode.FULL_POINT_BYE], byes[ResultCode.HALF_POINT_BYE]) == (1, 4)  # 25 % of 16
        assert byes[ResultCode.ZERO_POINT_BYE] == zero
        games = [e for e in entries if e.opponent != 0]
        results = Counter(e.result for e in games)
        assert results[ResultCode.FORFEIT_WIN] == 1
        doubles = results[ResultCode.FORFEIT_LOSS] - results[ResultCode.FORFEIT_WIN]
        assert doubles == (2 if round_number == 3 else 0)  # one board, two forfeit losses
        unusual = _unusual_boards(document, round_number)
        assert unusual == (2 if round_number == 4 else 0)


def _unusual_boards(document: TrfDocument, round_number: int) -> int:
    """Boards played whose two results do not add up to one game's points (½-0, 0-½, 0-0)."""
    value = {ResultCode.WIN: 2, ResultCode.DRAW: 1, ResultCode.LOSS: 0}
    lines = {p.start_rank: p.rounds[round_number - 1] for p in document.players}
    count = 0
    for number, entry in lines.items():
        if entry.opponent > number and entry.result in value:
            count += value[entry.result] + value[lines[entry.opponent].result] != 2
    return count


def test_q025_what_the_configuration_leaves_out_is_drawn(tmp_path: Path) -> None:
    """Q25: unset parameters get sensible random values: each kind of bye, forfeit and unusual result,
    Baku and a tie-break list turn up in some generated tournaments and not in others."""
    seen: dict[str, int] = Counter()
    seeds = range(1, 25)
    for seed in seeds:
        config = GeneratorConfig.from_text("PlayersNumber=10\nRoundsNumber=4\n").with_unset_drawn(seed)
        document = generate(config, seed, dutch_pair, tiebreaks=fide_standings)
        results = {e.result for p in document.players for e in p.rounds}
        seen["F"] += ResultCode.FULL_POINT_BYE in results
        seen["H"] += ResultCode.HALF_POINT_BYE in results
        seen["+"] += ResultCode.FORFEIT_WIN in results
        seen["baku"] += (document.tournament_text("192") or "").endswith("_BAKU")
        seen["202"] += document.tournament_text("202") is not None
        assert 1 <= len(config.tiebreaks or ()) <= 4
    for axis in ("F", "H", "+", "baku"):
        assert 0 < seen[axis] < len(seeds), (axis, seen)
    assert seen["202"] == len(seeds)
    drawn = GeneratorConfig.from_text("").with_unset_drawn(3)
    assert drawn.players is not None and 10 <= drawn.players <= 80
    assert drawn.rounds is not None and 5 <= drawn.rounds < drawn.players


def test_q025_the_drawn_tiebreak_lists_take_every_swiss_tiebreak_the_ledger_computes() -> None:
    """Q25, Q31: a tie-break list left unset is drawn from every individual Swiss tie-break of C.07 Art. 5
    the ledger computes, with its modifiers (cuts, medians, DE/P, AOB/F, KS/L): `SWISS_TIEBREAKS` names
    each such code of the ledger's (all but EXT and LOT, which rank by what a TRF does not compute), each
    is a code the standings take, and over a few hundred seeds every one is drawn."""
    from ledger.settings import TIEBREAK_CODES, koya_limit

    codes = tiebreak_codes(SWISS_TIEBREAKS)
    c07 = {code for code, text in TIEBREAK_CODES.items() if "C.07" in text} - {"EXT", "LOT", "AOR"}  # AOR: Scrabble
    assert {code for code in codes if koya_limit(code) is None} == c07
    assert all(code in TIEBREAK_CODES or koya_limit(code) is not None for code in codes)
    drawn = Counter(
        d for seed in range(400) for d in GeneratorConfig.from_text("").with_unset_drawn(seed).tiebreaks or ()
    )
    assert set(drawn) == set(SWISS_TIEBREAKS)


@pytest.mark.parametrize("system", ["dutch", "dubov", "burstein"])
def test_q025_a_seed_names_the_same_tournament_whatever_tiebreaks_it_draws(
    system: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Q25, Q33: the tie-break list is drawn from a stream of its own, so a seed gives the same players,
    pairings and results with a list drawn from `SWISS_TIEBREAKS`, from the twelve codes the generator
    drew from before (session 6), or with no list at all: the peer cross-check's seeds
    (benchmarks/peer_cross_check.py) name the tournaments they named before."""
    from pairing import generator
    from pairing.cli import generated as played

    config = GeneratorConfig.from_text("RoundsNumber=5\n")

    def tournament(document: TrfDocument) -> list[tuple[int, str, int, tuple[RoundEntry, ...]]]:
        return [(p.start_rank, p.name, p.rating, p.rounds) for p in document.players]

    for seed in (1, 2, 3):
        drawn, full = played(system, config, seed, tiebreaks=fide_standings)
        unranked, none = played(system, config, seed)
        monkeypatch.setattr(generator, "SWISS_TIEBREAKS", OLD_SWISS_TIEBREAKS)
        older, short = played(system, config, seed, tiebreaks=fide_standings)
        monkeypatch.undo()
        assert tournament(drawn) == tournament(unranked) == tournament(older)
        assert none.tiebreaks == () and full.tiebreaks and short.tiebreaks
        assert set(short.tiebreaks) <= set(OLD_SWISS_TIEBREAKS)


OLD_SWISS_TIEBREAKS = ("BH/C1", "BH", "BH/C2", "BH/M1", "SB", "DE", "WIN", "WON", "BPG", "PS", "ARO", "TPR")
"""The set the generator drew its lists from in session 6."""


def test_q026_the_ratings_are_given_in_the_configuration(tmp_path: Path) -> None:
    """Q26: the generator has a way to set the ratings: ``Ratings=``, in pairing-number order."""
    document = parse(generated(tmp_path, "Ratings=2100,2500,1800,2000\nRoundsNumber=3\n", "-s", "1").read_text())
    assert [p.rating for p in document.players] == [2100, 2500, 1800, 2000]
    assert all(len(p.rounds) == 3 for p in document.players)


def test_q027_the_ratings_and_names_are_taken_from_a_model_trf(tmp_path: Path) -> None:
    """Q27: the ratings are the user's: a model TRF gives its players (names, ratings, in its order) and
    none of its rounds, as JaVaFo's ``model.trf -g`` does."""
    model = tmp_path / "model.trf"
    model.write_text(format(_two_rounds(((1, 2), (3, 4)))), encoding="utf-8")
    out = tmp_path / "from-model.trf"
    (tmp_path / "r.cfg").write_text("RoundsNumber=3\n", encoding="utf-8")
    assert main(["--dutch", str(model), "-g", str(tmp_path / "r.cfg"), "-o", str(out), "-s", "4"]) == OK
    taken = parse(out.read_text(encoding="utf-8")).players
    assert [(p.name, p.rating) for p in taken] == [("P1", 2300), ("P2", 2200), ("P3", 2100), ("P4", 2000)]
    assert all(len(p.rounds) == 3 for p in taken)


RANGE = "PlayersNumber=30\nRoundsNumber=2\nLowestRating=1500\nHighestRating=1800\n"


def test_q028_ratings_are_drawn_between_the_bounds_given(tmp_path: Path) -> None:
    """Q28: the ratings are parametrised: drawn within ``LowestRating``-``HighestRating``, highest first."""
    ratings = [p.rating for p in parse(generated(tmp_path, RANGE, "-s", "1").read_text()).players]
    assert all(1500 <= r <= 1800 for r in ratings) and ratings == sorted(ratings, reverse=True)
    assert len(set(ratings)) > 10


def test_q029_ratings_are_random_from_seed_to_seed(tmp_path: Path) -> None:
    """Q29: the ratings are random: another seed draws other ratings."""
    first = [p.rating for p in parse(generated(tmp_path, RANGE, "-s", "1").read_text()).players]
    second = [p.rating for p in parse(generated(tmp_path, RANGE, "-s", "2").read_text()).players]
    assert first != second


def test_q030_every_run_without_a_seed_differs_and_its_printed_seed_repeats_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q30: the same parameters do not always give the same TRF: without ``-s`` each run draws a new
    seed and prints it; ``-s`` with that seed gives the same file byte for byte."""
    config = tmp_path / "rtg.cfg"
    config.write_text("PlayersNumber=12\nRoundsNumber=4\n", encoding="utf-8")
    texts, seeds = [], []
    for name in ("a", "b"):
        assert main(["--dutch", "-g", str(config), "-o", str(tmp_path / name)]) == OK
        texts.append((tmp_path / name).read_text(encoding="utf-8"))
        seeds.append(re.search(r"seed (\d+):", capsys.readouterr().err).group(1))  # type: ignore[union-attr]
    assert texts[0] != texts[1] and seeds[0] != seeds[1]
    assert main(["--dutch", "-g", str(config), "-o", str(tmp_path / "again"), "-s", seeds[0]]) == OK
    assert (tmp_path / "again").read_text(encoding="utf-8") == texts[0]


@pytest.mark.parametrize("system", ["--dutch", "--dubov", "--burstein"])
@pytest.mark.parametrize("seed", [1, 2])
def test_q031_generated_tournaments_pass_the_checker_in_every_system(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str, seed: int
) -> None:
    """Q31: a generated tournament follows the pairing rules and its own tie-break list: the checker
    re-pairs every round to the same pairing and finds every rank where the list puts it, for each FIDE
    system, with byes, forfeits, unusual results and (Dutch, Burstein) Baku acceleration."""
    baku = "no" if system == "--dubov" else "yes"
    config = (
        "PlayersNumber=15\nRoundsNumber=6\nHalfPointByes=1\nZeroPointByes=0,1\nFullPointByes=0,0,1\n"
        f"ForfeitWins=1\nDoubleForfeits=0,0,0,1\nUnusualResults=1\nBaku={baku}\nTieBreaks=BH/C1,SB,WIN\n"
    )
    out = generated(tmp_path, config, "-s", str(seed), system=system)
    capsys.readouterr()
    assert main([system, str(out), "-c"]) == OK
    captured = capsys.readouterr()
    assert "rounds that differ: none" in captured.err
    assert "standings positions that do not follow the tie-breaks: none" in captured.err
    assert captured.out.count("random: Round #") == 6 and "random: Standings (BH/C1, SB, WIN)" in captured.out


@pytest.mark.parametrize("system", ["--dutch", "--dubov", "--burstein"])
def test_q031_generated_tournaments_pass_the_checker_with_every_swiss_tiebreak(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str
) -> None:
    """Q31: the ranks of a generated tournament follow its list whichever Swiss tie-break the list puts
    first: each of `SWISS_TIEBREAKS` heads a list (the next two after it) in one of the systems, and the
    checker finds the file paired as it pairs and every rank where the list puts it."""
    systems = ("--dutch", "--dubov", "--burstein")
    count = len(SWISS_TIEBREAKS)
    for first in range(systems.index(system), count, len(systems)):
        listed = ",".join(SWISS_TIEBREAKS[(first + step) % count] for step in range(3))
        config = (
            "PlayersNumber=12\nRoundsNumber=5\nHalfPointByes=0,1\nForfeitWins=0,0,1\nUnusualResults=0,1\n"
            f"TieBreaks={listed}\n"
        )
        out = generated(tmp_path, config, "-s", str(first + 1), system=system)
        capsys.readouterr()
        assert main([system, str(out), "-c"]) == OK, listed
        captured = capsys.readouterr()
        assert "rounds that differ: none" in captured.err
        assert "standings positions that do not follow the tie-breaks: none" in captured.err, listed
        assert f"random: Standings ({listed.replace(',', ', ')})" in captured.out


def test_dubov_refuses_baku_asked_for(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The Dubov engine has no acceleration: asking for Baku is invalid input (exit 3), nothing written."""
    (tmp_path / "rtg.cfg").write_text("Baku=yes\n", encoding="utf-8")
    assert main(["--dubov", "-g", str(tmp_path / "rtg.cfg"), "-o", str(tmp_path / "out"), "-s", "1"]) == 3
    assert "Baku acceleration is not available with --dubov" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("HalfPointByes=120%", "percentage from 0% to 100%"),
        ("ForfeitWins=two", "is not a whole number or a percentage"),
        ("Colours=yes", "unknown configuration key 'Colours'"),
        ("Ratings=2400,2300\nPlayersNumber=3", "PlayersNumber is 3 but 2 ratings are given"),
    ],
)
def test_a_bad_configuration_is_refused_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str, message: str
) -> None:
    (tmp_path / "rtg.cfg").write_text(line + "\n", encoding="utf-8")
    assert main(["--dutch", "-g", str(tmp_path / "rtg.cfg"), "-o", str(tmp_path / "out"), "-s", "1"]) == 3
    assert message in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_q032_the_rating_table_is_b02_8_1_2_as_printed_capped_at_400() -> None:
    """Q32 (B.02 8.1.2): the rows of the printed table, whose boundaries are not all half-way between
    8.1.1's dps (329-344 is .88, 392-411 is .92); a difference over 400 counts as 400; the lower-rated
    player expects 1 - PD; and each p's 8.1.1 dp lies in p's own row of 8.1.2."""
    printed_rows = {(0, 3): 50, (4, 10): 51, (329, 344): 88, (345, 357): 89, (358, 374): 90, (392, 400): 92}
    for (low, high), percentage in printed_rows.items():
        for difference in (low, high):
            assert scoring_probability(difference) == Fraction(percentage, 100)
            assert scoring_probability(-difference) == 1 - Fraction(percentage, 100)
    assert scoring_probability(401) == scoring_probability(735) == scoring_probability(2000) == Fraction(92, 100)
    for percentage in range(50, 93):
        assert scoring_probability(DP_BY_PERCENTAGE[percentage]) == Fraction(percentage, 100)


@pytest.mark.parametrize(("difference", "draws"), [(0, 0.3), (150, 0.3), (700, 0.3), (-250, 0.0)])
def test_q032_generated_results_score_what_the_rating_table_expects(difference: int, draws: float) -> None:
    """Q32: over many games the higher-rated side scores the table's PD (700 points apart: 0.92)."""
    rng = random.Random(difference)
    points = {Outcome.WIN: 1.0, Outcome.DRAW: 0.5, Outcome.LOSS: 0.0}
    scores = [points[game_result(2000 + difference, 2000, draws, 0.0, rng)[0]] for _ in range(20_000)]
    assert statistics.fmean(scores) == pytest.approx(float(scoring_probability(difference)), abs=0.01)
