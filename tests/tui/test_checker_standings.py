"""The checker's standings check (VCL4THP Q21, docs/fide-mode.md "Checker and generator"): ``arbiter-pair -c``
names "the standings positions that do not follow the tie-break list", ranking a TRF's players with the
ledger's own standings code (`projections.standings.places_of`) for every tie-break code the standings
take, with the arbiter's order of tied players (Q205) and EXT values (Q207) read from the ``###`` lines,
and a drawing of lots (C.07 4.2) left to any order. Tournaments are played through the ledger (real
SQLite) and exported as `arbiter export-trf` writes them."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from attrs import evolve

from ledger.application import PlayerDetails
from ledger.results import Game
from ledger.settings import TournamentSettings
from pairing.cli import OK
from pairing.trf import format, parse
from pairing.trf.document import CommentRecord, PlayerRecord, TrfDocument
from pairing.trf.standings import Place, misplaced, places, tiebreak_codes, tiebreak_descriptors, tiebreak_list
from projections.standings import standings
from projections.state import TournamentState, fold
from projections.tiebreaks import TIEBREAKS
from tui.cli.trf_ledger import to_document
from tui.pair import fide_standings, main
from tui.wiring import open_ledger

CHESS_CODES = tuple(code for code in TIEBREAKS if code not in {"SPREAD", "AOR", "OWINS", "IBF-C", "WINS-REAL", "LOT"})
"""Every code the standings of a chess Swiss take, but the drawing of lots (its seed is not in a TRF)."""

RESULTS = {
    1: ("1-0", "1/2", "0-1", "1-0"),
    2: ("+-", "1-0", "1/2", "0-1"),
    3: ("1/2", "0-1", "1-0", "1/2"),
    4: ("1-0", "1/2", "1/2", "--"),
}
"""Each round's results, board by board: wins, draws, a forfeit in round 2 and a double forfeit in round 4."""


class Desk:
    """A ledger with its read models, closed together."""

    def __init__(self, location: str) -> None:
        self.ledger, self.views = open_ledger(location, "arbiter", create=True)

    def state(self) -> TournamentState:
        """The tournament folded from the log; the ledger and its read models are closed."""
        state = fold(self.ledger.log_events())
        self.views.close()
        self.ledger.close()
        return state


def _swiss(location: str, tiebreaks: tuple[str, ...], rounds: int, results: dict[int, tuple[str, ...]]) -> Desk:
    """Eight rated players (one unrated), a Dutch Swiss of `rounds` rounds played with `results`."""
    desk = Desk(location)
    ledger = desk.ledger
    settings = TournamentSettings.for_game(Game.CHESS, "dutch", rounds, seed=11, tiebreaks=tiebreaks)
    ledger.create_tournament("Club Swiss", settings)
    ratings = (2300, 2210, 2150, 2150, 2020, 1990, 1800, 0)
    ledger.register_players([PlayerDetails(f"P{n}", rating=r) for n, r in enumerate(ratings, start=1)])
    for round_number in range(1, rounds + 1):
        ledger.pair_next_round()
        ledger.record_results(round_number, list(enumerate(results[round_number], start=1)))
    return desk


def _export(state: TournamentState, path: Path) -> Path:
    path.write_text(format(to_document(state, state.last_paired_round, [])), encoding="utf-8")
    return path


def _with_ranks(path: Path, ranks: dict[int, int], out: Path, drop_comments: bool = False) -> Path:
    """The TRF at `path` with the rank column of the players in `ranks` (start rank -> rank) replaced, and
    its ``###`` lines left out with `drop_comments`."""
    document = parse(path.read_text(encoding="utf-8"))
    records = [
        evolve(r, rank=ranks.get(r.start_rank, r.rank)) if isinstance(r, PlayerRecord) else r
        for r in document.records
        if not (drop_comments and isinstance(r, CommentRecord))
    ]
    out.write_text(format(TrfDocument(records=records)), encoding="utf-8")
    return out


def _checked(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[str, str]:
    """`arbiter-pair --dutch PATH -c`: its standings section (stdout after ``NAME: Standings``), and stderr."""
    capsys.readouterr()
    assert main(["--dutch", str(path), "-c"]) == OK
    captured = capsys.readouterr()
    return captured.out.partition(f"{path.stem}: Standings")[2], captured.err


def test_q021_record_202_writes_every_code_as_mtb26_and_reads_it_back() -> None:
    """TRF-2026 ``202`` names the tie-breaks as MTB26 descriptors (`BH/C1`, `DE/P`, `KS/L60`): every code
    the ledger takes is written so and read back as the same code; `GE` is read as `REP` (C.07 7.6)."""
    codes = (*TIEBREAKS, "KS-L60", "KS-L+1", "KS-L-2")
    descriptors = tiebreak_descriptors(codes)
    assert {"BH/C1", "BH/M2", "SB/C1", "AOB/F", "DE/P", "KS/L60", "KS/L+1", "KS/L-2", "ARO/C1"} <= set(descriptors)
    assert tiebreak_codes(descriptors) == codes
    assert tiebreak_codes(["bh/c1", " GE ", "de/p"]) == ("BH-C1", "REP", "DE-P")


def test_q021_the_checker_ranks_every_code_the_standings_take_as_the_standings_do(tmp_path: Path) -> None:
    """For each code the standings of a chess Swiss take, alone after the score, the exported file's ranks
    (the ledger's standings) are the ones the checker gives, with the same values: one implementation of
    each tie-break, read through the file's ``202`` record."""
    desk = _swiss(str(tmp_path / "t.ledger"), ("BH",), 4, RESULTS)
    desk.ledger.enter_tiebreak_value(3, "1.5", "play-off")
    state = desk.state()
    for code in (*CHESS_CODES, "KS-L60", "KS-L-1"):
        state.settings = evolve(state.require_settings(), tiebreaks=(code,))
        document = to_document(state, state.last_paired_round, [])
        assert tiebreak_list(document) == tiebreak_descriptors((code,))
        assert misplaced(document, tiebreak_list(document), fide_standings) == [], code
        rows = {row.number: row.values for row in standings(state)}
        places = {place.player: place.values for place in _places(document)}
        assert places == rows, code


def _places(document: TrfDocument) -> list[Place]:
    return places(document, tiebreak_list(document), fide_standings)


def test_q021_the_checker_names_ranks_a_long_list_does_not_give(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A list of 2026 codes (DE with forfeits as played, KS with a Limit, the Art. 14 cuts, AOB with FB):
    the exported file follows it; two players on the same score swapped are both named."""
    tiebreaks = ("DE-P", "KS-L60", "SB-C1", "BH-M2", "AOB-F", "PS-C1", "ARO-C1", "STD", "TPN")
    state = _swiss(str(tmp_path / "t.ledger"), tiebreaks, 4, RESULTS).state()
    good = _export(state, tmp_path / "good.trf")
    assert "202 DE/P,KS/L60,SB/C1,BH/M2,AOB/F,PS/C1,ARO/C1,STD,TPN" in good.read_text(encoding="utf-8")
    section, err = _checked(capsys, good)
    assert "standings positions that do not follow the tie-breaks: none" in err
    rows = standings(state)
    first, second = next((a, b) for a, b in pairwise(rows) if a.score == b.score)
    bad = _with_ranks(good, {first.number: second.rank, second.number: first.rank}, tmp_path / "bad.trf")
    section, err = _checked(capsys, bad)
    assert f"  {first.number}: rank {second.rank}, the tie-breaks give {first.rank} " in section
    assert f"  {second.number}: rank {first.rank}, the tie-breaks give {second.rank} " in section
    assert "standings positions that do not follow the tie-breaks: 2" in err


DRAWN = {1: ("1/2", "1/2")}
"""Four players, one round, both games drawn: all four equal on score and on WIN."""


def test_q021_the_checker_honours_the_arbiters_order_of_tied_players(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q205 in the file: the ``###`` line of the arbiter's order ranks tied players before anything else
    does; the checker names a file whose ranks go against it, and without the line the same ranks are a
    tie that any order follows."""
    desk = _four_drawn(tmp_path, ("WIN",))
    desk.ledger.rank_tied([4, 2], "chief arbiter")
    state = desk.state()
    good = _export(state, tmp_path / "good.trf")
    assert "### Tied players ranked by the arbiter: 4 2" in good.read_text(encoding="utf-8")
    assert "standings positions that do not follow the tie-breaks: none" in _checked(capsys, good)[1]
    against = _with_ranks(good, {4: 2, 2: 1}, tmp_path / "against.trf")
    section, err = _checked(capsys, against)
    assert "  2: rank 1, the tie-breaks give 2 " in section and "  4: rank 2, the tie-breaks give 1 " in section
    assert "standings positions that do not follow the tie-breaks: 2" in err
    untold = _with_ranks(good, {4: 2, 2: 1}, tmp_path / "untold.trf", drop_comments=True)
    assert "standings positions that do not follow the tie-breaks: none" in _checked(capsys, untold)[1]


def test_q205_the_checker_names_an_order_line_it_cannot_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q205, Q207 in the file: a ``###`` line that starts as an order of tied players but cannot be read is
    named (its line number and text) as the reason the standings are not checked, where it was passed
    over before, which let the ranks it decided be checked as a tie."""
    desk = _four_drawn(tmp_path, ("WIN",))
    desk.ledger.rank_tied([4, 2], "chief arbiter")
    good = _export(desk.state(), tmp_path / "good.trf")
    text = good.read_text(encoding="utf-8").replace("arbiter: 4 2", "arbiter: 4, 2")
    bad = tmp_path / "bad.trf"
    bad.write_text(text, encoding="utf-8")
    number = text.splitlines().index("### Tied players ranked by the arbiter: 4, 2") + 1
    _, err = _checked(capsys, bad)
    assert f"standings not checked: line {number}: cannot read '### Tied players ranked by the arbiter: 4, 2'" in err


def test_q021_a_drawing_of_lots_is_any_order_of_the_players_tied_before_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """C.07 4.2 (``LOT``): a file that does not carry the lots' seed (one another program wrote), players
    equal on everything before ``LOT`` may be in any order; a player the tie-breaks before it separate may
    not."""
    desk = _four_drawn(tmp_path, ("EXT", "LOT"))
    desk.ledger.enter_tiebreak_value(3, "1", "play-off won")
    state = desk.state()
    good = _without_lots(_export(state, tmp_path / "exported.trf"), tmp_path / "good.trf")
    ranks = {row.number: row.rank for row in standings(state)}
    assert ranks[3] == 1 and sorted(ranks.values()) == [1, 2, 3, 4]  # lots drawn: no shared place
    assert "standings positions that do not follow the tie-breaks: none" in _checked(capsys, good)[1]
    others = sorted((n for n in ranks if n != 3), key=ranks.__getitem__)
    reversed_lots = _with_ranks(good, {others[0]: 4, others[2]: 2}, tmp_path / "lots.trf")
    assert "standings positions that do not follow the tie-breaks: none" in _checked(capsys, reversed_lots)[1]
    below = _with_ranks(good, {3: 2, others[0]: 1}, tmp_path / "below.trf")
    section, err = _checked(capsys, below)
    assert "  3: rank 2, the tie-breaks give 1 (0.5 points; EXT 1)" in section
    assert "standings positions that do not follow the tie-breaks: 2" in err


def _without_lots(path: Path, out: Path) -> Path:
    """The TRF at `path` without its drawing of lots' ``###`` lines."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    out.write_text("".join(line for line in lines if not line.startswith("### Drawing of lots")), encoding="utf-8")
    return out


def test_q206_the_checker_draws_the_lots_again_from_the_files_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q206, C.07 4.2: the exported file carries the seed of the drawing of lots, and the entry numbers its
    lots are drawn by where they are not the start ranks (players registered lowest-rated first, so the
    Dutch numbers them the other way round); the checker draws the lots again as the ledger does and names
    players tied before ``LOT`` whose ranks go against them."""
    desk = Desk(str(tmp_path / "t.ledger"))
    settings = TournamentSettings.for_game(Game.CHESS, "dutch", 3, seed=5, tiebreaks=("WIN", "LOT"))
    desk.ledger.create_tournament("Club", settings)
    desk.ledger.register_players([PlayerDetails(name, rating=2000 + 10 * i) for i, name in enumerate("ABCDEF")])
    desk.ledger.pair_next_round()
    desk.ledger.record_results(1, [(1, "1/2"), (2, "1/2"), (3, "1/2")])
    state = desk.state()
    good = _export(state, tmp_path / "good.trf")
    text = good.read_text(encoding="utf-8")
    assert "### Drawing of lots (C.07 4.2): seed 5" in text
    assert "### Drawing of lots, entry numbers: 1=6 2=5 3=4 4=3 5=2 6=1" in text
    assert "standings positions that do not follow the tie-breaks: none" in _checked(capsys, good)[1]
    ranks = {row.number: row.rank for row in standings(state)}
    tpn = state.ranking()
    first, last = (tpn[n] for n in sorted(ranks, key=ranks.__getitem__)[::5])
    swapped = _with_ranks(good, {first: 6, last: 1}, tmp_path / "swapped.trf")
    section, err = _checked(capsys, swapped)
    assert (
        f"  {first}: rank 6, the tie-breaks give 1 " in section
        and f"  {last}: rank 1, the tie-breaks give 6 " in section
    )
    assert "standings positions that do not follow the tie-breaks: 2" in err
    untold = _without_lots(swapped, tmp_path / "untold.trf")
    assert "standings positions that do not follow the tie-breaks: none" in _checked(capsys, untold)[1]


def _four_drawn(tmp_path: Path, tiebreaks: tuple[str, ...]) -> Desk:
    desk = Desk(str(tmp_path / "t.ledger"))
    ledger = desk.ledger
    settings = TournamentSettings.for_game(Game.CHESS, "dutch", 3, seed=5, tiebreaks=tiebreaks)
    ledger.create_tournament("Club", settings)
    ledger.register_players([PlayerDetails(name, rating=2000 - 10 * i) for i, name in enumerate("ABCD")])
    ledger.pair_next_round()
    ledger.record_results(1, list(enumerate(DRAWN[1], start=1)))
    return desk
