"""An elimination bracket as a tree for drawing (IBF Pairing Rules 3.1-3.3, docs/rules/ibf-pairing-rules.txt):
each match with its two entries (who, and what they scored in it) and the matches that fed them, the
winner carried into the next match. Built on `projections.bracket.bracket_of`, so the drawing never
disagrees with the pairings.

A match's children are the matches whose *winner* fills one of its slots (3.1.2: the bracket is fixed
once drawn). A loser's way into a lower bracket (3.2), a re-entry (3.3) and a seed are leaves. The roots
are the matches no later match takes a winner from: the final (or the superfinal), a third-place match,
the superfinal's additional match (3.2.7), whose entries are then leaves (its feeding matches are drawn
under the superfinal already).
"""

from __future__ import annotations

from collections.abc import Mapping

from attrs import frozen

from ledger.results import Game
from pairing.ibf.brackets import FeedKind, MatchState, Result, Slot, SlotKind, Stage
from projections.bracket import bracket_of
from projections.publish import side_scores
from projections.state import TournamentState


@frozen
class Entry:
    """One slot of a match."""

    kind: SlotKind
    number: int | None
    name: str
    """The player's name; "" for a virtual player (3.1.1) or a slot not yet decided."""
    score: str
    """What the player made in this match (match score, game score, 1/½/0, + or - for a forfeit)."""
    advanced: bool
    """Whether this entry won the match and went on."""


@frozen
class MatchNode:
    label: str
    round_name: str
    round: int
    """The tournament round the match is played in."""
    top: Entry
    bottom: Entry
    result: Result
    top_from: MatchNode | None
    bottom_from: MatchNode | None

    @property
    def winner(self) -> Entry | None:
        return next((entry for entry in (self.top, self.bottom) if entry.advanced), None)


@frozen
class BracketTree:
    system: str
    roots: tuple[MatchNode, ...]
    """The final (or superfinal) first, then any other last match (third place, additional match)."""
    rounds: tuple[BracketRound, ...]
    """The same matches round by round, in playing order, top to bottom."""
    places: tuple[tuple[str, int, str], ...]
    """(place, player number, name) of the places decided so far."""


@frozen
class BracketRound:
    name: str
    round: int
    matches: tuple[MatchNode, ...]


def bracket_tree(state: TournamentState) -> BracketTree:
    """The bracket of the current stage as a tree (`pairing.model.NoValidPairing` when it has none)."""
    view = bracket_of(state)
    offset = state.stage_of(state.last_paired_round + 1).first_round - 1
    matches = {m.spec.label: m for r in view.rounds for m in r.matches}
    fed = {feed.match for m in matches.values() for feed in (m.spec.top, m.spec.bottom) if feed.kind is FeedKind.WINNER}
    builder = _Builder(state, matches, offset, state.settings.game if state.settings else Game.BACKGAMMON)
    last = sorted((m for m in matches.values() if m.spec.label not in fed), key=_deciding_first)
    roots = tuple(builder.node(m) for m in last)
    rounds = tuple(
        BracketRound(r.name, r.session + offset, tuple(builder.placed(m) for m in r.matches)) for r in view.rounds
    )
    places = tuple((p.text, p.player, _name(state, p.player)) for p in view.places)
    return BracketTree(view.system, roots, rounds, places)


def _deciding_first(match: MatchState) -> tuple[bool, int]:
    """The deciding match first (the last one played that is neither a third-place nor an additional
    match), so the tree under it is drawn whole."""
    return match.spec.stage in (Stage.THIRD_PLACE, Stage.EXTRA), -match.spec.session


class _Builder:
    def __init__(self, state: TournamentState, matches: Mapping[str, MatchState], offset: int, game: Game) -> None:
        self.state, self.matches, self.offset, self.game = state, matches, offset, game
        self.drawn: set[str] = set()
        """Matches already placed in a tree (a match is drawn once, under the first match it feeds)."""
        self.made: dict[str, MatchNode] = {}

    def node(self, match: MatchState) -> MatchNode:
        self.drawn.add(match.spec.label)
        top_score, bottom_score = self._scores(match)
        self.made[match.spec.label] = made = MatchNode(
            label=match.spec.label,
            round_name=match.spec.round_name,
            round=match.spec.session + self.offset,
            top=self._entry(match.top, top_score, match),
            bottom=self._entry(match.bottom, bottom_score, match),
            result=match.result,
            top_from=self._child(match.spec.top.kind, match.spec.top.match),
            bottom_from=self._child(match.spec.bottom.kind, match.spec.bottom.match),
        )
        return made

    def placed(self, match: MatchState) -> MatchNode:
        """The match's node as drawn in a tree (drawn now if no tree reached it)."""
        return self.made.get(match.spec.label) or self.node(match)

    def _child(self, kind: FeedKind, label: str) -> MatchNode | None:
        if kind is not FeedKind.WINNER or label in self.drawn or label not in self.matches:
            return None
        return self.node(self.matches[label])

    def _entry(self, slot: Slot, score: str, match: MatchState) -> Entry:
        advanced = slot.kind is SlotKind.PLAYER and match.winner == slot
        name = _name(self.state, slot.player) if slot.player is not None else ""
        return Entry(slot.kind, slot.player, name, score, advanced)

    def _scores(self, match: MatchState) -> tuple[str, str]:
        """The match's score from the board it was played on; a walkover is + and -."""
        top, bottom = match.top.player, match.bottom.player
        view = self.state.rounds.get(match.spec.session + self.offset)
        if view is not None and top is not None and bottom is not None:
            for index, board in enumerate(view.boards, start=1):
                if {board.first, board.second} == {top, bottom}:
                    first, second = side_scores(view.results.get(index), self.game)
                    return (first, second) if board.first == top else (second, first)
        if match.result is Result.FORFEIT:
            return ("+", "-") if match.winner == match.top else ("-", "+")
        return "", ""


def _name(state: TournamentState, number: int) -> str:
    player = state.players.get(number)
    return player.name if player else "?"
