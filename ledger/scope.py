"""What an event changes (its scope), so a command given `--expect-position N` can be refused when an
event after N changed the same board, round or player (ARCHITECTURE.md, "The event log": "Writing
commands take an expected position (refused with exit 6 if an event after it touched the same
records)").

A scope is a set of keys: `("board", round, board)`, `("round", round)`, `("player", number)`,
`("appeal", number)`, and `("tournament",)` for an event that changes the whole tournament (its
creation, a new stage). A round key covers every board of that round; the tournament key covers
everything.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any
from uuid import UUID

from ledger.domain import Round, Tournament

Key = tuple[Any, ...]
TOURNAMENT: Key = ("tournament",)


def event_scope(event: Any, round_of: Callable[[UUID], int]) -> set[Key]:
    """The records one event changes; `round_of` names the round of a round stream."""
    if isinstance(event, Round.ResultRecorded | Round.ResultCorrected | Round.ResultVoided | Round.GameAdjourned):
        number = round_of(event.originator_id)
        return {("board", number, event.board), ("player", event.first), ("player", event.second)}
    if isinstance(event, Round.Paired):
        seated = {n for board in event.boards for n in board} | {bye["number"] for bye in event.byes}
        return {("round", round_of(event.originator_id))} | {("player", n) for n in seated}
    if isinstance(event, Round.Event):
        number = getattr(event, "number", None)  # a bye given in a paired round names its player
        player = {("player", number)} if isinstance(number, int) else set()
        return {("round", round_of(event.originator_id))} | player
    if isinstance(event, Tournament.Created | Tournament.StageStarted):
        return {TOURNAMENT}
    if isinstance(event, Tournament.RoundOpened):
        return {("round", event.round)}
    if isinstance(event, Tournament.PairForbidden):
        return {("player", event.first), ("player", event.second)}
    if isinstance(event, Tournament.AppealLodged):
        return {("appeal", event.appeal), ("player", event.appellant)}
    if isinstance(event, Tournament.AppealRuled):
        return {("appeal", event.appeal)}
    number = getattr(event, "number", None)
    return {("player", number)} if isinstance(number, int) else set()


def overlap(ours: Iterable[Key], theirs: Iterable[Key]) -> Key | None:
    """The record both scopes change (a round covers its boards, the tournament everything), the most
    specific one when several are (a board before its round, a round before a player); None if none."""
    mine, other = set(ours), set(theirs)
    if not mine or not other:
        return None
    if TOURNAMENT in mine or TOURNAMENT in other:
        return TOURNAMENT
    shared = {key for key in mine if key in other or _covering(key) in other}
    shared |= {key for key in other if _covering(key) in mine}
    return min(shared, key=lambda key: (SPECIFIC.index(key[0]), key)) if shared else None


SPECIFIC = ("board", "round", "appeal", "player")
"""Kinds of key, the most specific first (the one a refusal names)."""


def _covering(key: Key) -> Key | None:
    """The round key that covers a board key."""
    return ("round", key[1]) if key[0] == "board" else None


def describe(key: Key) -> str:
    if key[0] == "board":
        return f"round {key[1]} board {key[2]}"
    if key == TOURNAMENT:
        return "the tournament's settings"
    return f"{key[0]} {key[1]}"
