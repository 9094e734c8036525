"""How the desk says the way out of a refusal: each `RemedyAction` of the ledger as the screen and the
key (or the typing) that takes it there (docs/design.md, "Refusals and remedies"). An action the desk
does not offer (appeals, keys, a new ledger) is given as the `arbiter` command line that takes it."""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from ledger.errors import LedgerError, Remedy, RemedyAction, explained
from tui.cli.remedies import command_line
from tui.desk.widgets.nav import Place


@frozen
class DeskWay:
    """Where and how the desk takes an action: on the screen of mode `screen` (None: in the dialog
    open), doing `how`, with `key` the screen's binding it presses ("" when it is typing or looking)."""

    screen: str | None
    how: str = ""
    """What to do there (`Remedy.fill` puts in the remedy's round, board and player)."""
    key: str = ""


DESK_WAYS: dict[RemedyAction, DeskWay] = {
    RemedyAction.SEE_ROSTER: DeskWay("roster"),
    RemedyAction.SEE_PAIRINGS: DeskWay("round", "[ and ] show round {round}"),
    RemedyAction.SEE_LOG: DeskWay("log", "the latest lines are at the end"),
    RemedyAction.SEE_APPEALS: DeskWay("log", "press f and filter by the kind Appeal", key="f"),
    RemedyAction.PAIR: DeskWay("round", "press n", key="n"),
    RemedyAction.PAIR_ANYWAY: DeskWay("round", "press n and give the reason the dialog asks for", key="n"),
    RemedyAction.UNPAIR: DeskWay("round", "press u (it unpairs the last round) and give a reason", key="u"),
    RemedyAction.ENTER_RESULT: DeskWay("round", "with round {round} shown, type the board and its result, then Enter"),
    RemedyAction.CORRECT_RESULT: DeskWay("round", "highlight board {board} of round {round} and press c", key="c"),
    RemedyAction.CORRECT_PLAYER: DeskWay("roster", "highlight player {player} and press c", key="c"),
    RemedyAction.REGISTER_NAMESAKE: DeskWay(
        "roster", "press a and answer yes to 'Another person than a look-alike'", key="a"
    ),
    RemedyAction.GIVE_REASON: DeskWay(None, "fill in the Reason field"),
}
"""The actions the desk offers; every other action is the command line's (`tui.cli.remedies`)."""


def desk_way(remedy: Remedy, places: Sequence[Place]) -> str:
    """How the arbiter takes `remedy` at the desk, naming the screen by its title and key (`places`)."""
    way = DESK_WAYS.get(remedy.action)
    if way is None:
        return f"at the command line, {command_line(remedy)}"
    how = remedy.fill(way.how)
    if way.screen is None:
        return how
    place = next(place for place in places if place.mode == way.screen)
    where = f"the {place.title} screen ({place.key})"
    return f"{where}: {how}" if how else where


def desk_refusal(error: LedgerError, places: Sequence[Place]) -> str:
    """A refusal as the desk shows it: the ledger's message, then each way out at the desk."""
    return explained(error, lambda remedy: desk_way(remedy, places))
