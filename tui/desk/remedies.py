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
    """How the desk takes an action: `how` says it, naming the screen of mode `screen` as `{screen}`
    (None: the dialog open), and `key` is the screen's binding it presses ("" when it is typing or
    reading)."""

    screen: str | None
    how: str
    """What to do (`Remedy.fill` puts in the remedy's round, board and player, and the screen)."""
    key: str = ""


DESK_WAYS: dict[RemedyAction, DeskWay] = {
    RemedyAction.SEE_ROSTER: DeskWay("roster", "{screen}"),
    RemedyAction.SEE_PAIRINGS: DeskWay("round", "{screen}, round {round} (shown with [ and ])"),
    RemedyAction.SEE_LOG: DeskWay("log", "the last lines of {screen}"),
    RemedyAction.SEE_STANDINGS: DeskWay("standings", "{screen}"),
    RemedyAction.SEE_APPEALS: DeskWay("log", "press f on {screen} and filter by the kind Appeal", key="f"),
    RemedyAction.PAIR: DeskWay("round", "press n on {screen}", key="n"),
    RemedyAction.PAIR_ANYWAY: DeskWay("round", "press n on {screen} and give the reason it asks for", key="n"),
    RemedyAction.UNPAIR: DeskWay("round", "press u on {screen} (it unpairs the last round) and give a reason", key="u"),
    RemedyAction.ENTER_RESULT: DeskWay("round", "show round {round} on {screen}, type '{board} RESULT' and Enter"),
    RemedyAction.CORRECT_RESULT: DeskWay(
        "round", "highlight board {board} of round {round} on {screen} and press c", "c"
    ),
    RemedyAction.CORRECT_PLAYER: DeskWay("roster", "highlight player {player} on {screen} and press c", key="c"),
    RemedyAction.REGISTER_NAMESAKE: DeskWay(
        "roster", "press a on {screen} and answer yes to 'Another person than a look-alike'", key="a"
    ),
    RemedyAction.GIVE_REASON: DeskWay(None, "fill in the Reason field"),
    RemedyAction.PAIR_BY_HAND: DeskWay("hand", "press t on {screen} and pair the round board by board", key="t"),
    RemedyAction.START_HAND_PAIRING: DeskWay("hand", "press t on {screen}", key="t"),
    RemedyAction.SEE_HAND_PAIRING: DeskWay("hand", "{screen}"),
    RemedyAction.UNSEAT_BY_HAND: DeskWay("hand", "press x on {screen} and give player {player}", key="x"),
    RemedyAction.END_HAND_PAIRING: DeskWay("hand", "press f on {screen}", key="f"),
    RemedyAction.CANCEL_HAND_PAIRING: DeskWay("hand", "press c on {screen} and give a reason", key="c"),
}
"""The actions the desk offers; every other action is the command line's (`tui.cli.remedies`)."""


def desk_way(remedy: Remedy, places: Sequence[Place]) -> str:
    """How the arbiter takes `remedy` at the desk, naming the screen by its title and key (`places`)."""
    way = DESK_WAYS.get(remedy.action)
    if way is None:
        return f"at the command line, {command_line(remedy)}"
    if way.screen is None:
        return remedy.fill(way.how)
    place = next(place for place in places if place.mode == way.screen)
    return remedy.fill(way.how, screen=f"the {place.title} screen ({place.key})")


def desk_refusal(error: LedgerError, places: Sequence[Place]) -> str:
    """A refusal as the desk shows it: the ledger's message, then each way out at the desk."""
    return explained(error, lambda remedy: desk_way(remedy, places))
