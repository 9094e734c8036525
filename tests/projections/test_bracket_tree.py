"""The bracket as a tree (IBF Pairing Rules 3.1-3.2): every match drawn once, the winner of each
match carried into the match it feeds, every played match's score beside both names."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.application import PlayerDetails
from ledger.errors import LedgerError
from ledger.results import Game
from ledger.settings import TournamentSettings
from pairing.ibf.brackets import Result, SlotKind, rounds_for
from projections.bracket_tree import BracketTree, MatchNode, bracket_tree
from tui.wiring import open_ledger


def played_bracket(system: str, players: int, rounds: int, top_wins: list[bool]) -> BracketTree:
    """A backgammon knock-out (matches to 3) with `rounds` rounds played; `top_wins` says board by board
    whether the top line won (3-1) or lost (1-3)."""
    with tempfile.TemporaryDirectory() as folder:
        ledger, views = open_ledger(str(Path(folder) / "ko.ledger"), "arbiter", create=True)
        total = rounds_for(system, players, {})
        ledger.create_tournament("KO", TournamentSettings.for_game(Game.BACKGAMMON, system, total, match_length=3))
        ledger.register_players([PlayerDetails(f"P{n}") for n in range(1, players + 1)])
        outcomes = iter(top_wins * 20)
        for number in range(1, rounds + 1):
            try:
                ledger.pair_next_round()
            except LedgerError:  # the bracket is decided: nothing left to pair
                break
            for board in range(1, len(views.state().rounds[number].boards) + 1):
                ledger.record_result(number, board, "3-1" if next(outcomes) else "1-3")
        tree = bracket_tree(views.state())
        views.close()
        ledger.close()
        return tree


def nodes(node: MatchNode | None) -> Iterator[MatchNode]:
    if node is not None:
        yield node
        yield from nodes(node.top_from)
        yield from nodes(node.bottom_from)


@settings(max_examples=12, deadline=20_000, suppress_health_check=[HealthCheck.too_slow])
@given(
    system=st.sampled_from(["single-elimination", "double-elimination"]),
    players=st.integers(min_value=3, max_value=8),
    rounds=st.integers(min_value=1, max_value=5),
    top_wins=st.lists(st.booleans(), min_size=1, max_size=8),
)
def test_every_match_once_winners_carried_scores_beside_names(
    system: str, players: int, rounds: int, top_wins: list[bool]
) -> None:
    """3.1.2: the bracket is fixed; a winner goes on to the match the layout names."""
    tree = played_bracket(system, players, rounds, top_wins)
    drawn = [node.label for root in tree.roots for node in nodes(root)]
    assert sorted(drawn) == sorted(m.label for r in tree.rounds for m in r.matches)
    assert len(drawn) == len(set(drawn))
    for root in tree.roots:
        for node in nodes(root):
            for fed, entry in ((node.top_from, node.top), (node.bottom_from, node.bottom)):
                if fed is not None and fed.winner is not None:
                    assert entry.number == fed.winner.number, f"{fed.label} -> {node.label}"
            if node.result is Result.PLAYED:
                assert {node.top.score, node.bottom.score} == {"3", "1"}
                assert node.winner is not None and node.winner.score == "3"
            if node.result is Result.VIRTUAL_WALKOVER:
                assert SlotKind.VIRTUAL in (node.top.kind, node.bottom.kind)


def test_double_elimination_is_one_tree_under_the_superfinal() -> None:
    """3.2: the upper and lower brackets meet in the superfinal; its additional match (3.2.7) is drawn
    after it, its entries not drawn a second time."""
    tree = played_bracket("double-elimination", 4, 2, [True])
    assert [root.label for root in tree.roots] == ["SF", "SF2"]
    assert tree.roots[1].top_from is None and tree.roots[1].bottom_from is None
    assert {node.label for node in nodes(tree.roots[0])} >= {"WB1.1", "WB1.2", "WB2.1", "LB1.1", "LB2.1"}
