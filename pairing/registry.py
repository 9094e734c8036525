"""The map from system names (`arbiter new --system`) to engines (ARCHITECTURE.md, "Pairing engines"),
and from the elimination systems to the bracket each draws (IBF Pairing Rules 3.1-3.3): the one list of
each, which everything else reads.

Built-in engines and brackets are named by where they live and imported on first use, so that a command
which pairs with one system (or pairs nothing) does not load every engine."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, Any

from pairing.model import Engine, NoValidPairing, PairingInput

if TYPE_CHECKING:
    from pairing.ibf.brackets import BracketView

_BUILTIN: dict[str, str] = {
    "round-robin": "pairing.round_robin:RoundRobin",
    "dubov": "pairing.fide.dubov:DubovSystem",
    "burstein": "pairing.fide.burstein:BursteinSystem",
    "dutch": "pairing.fide.dutch:DutchSystem",
    "ibf-swiss": "pairing.ibf.swiss_coefficients:SwissByCoefficients",
    "blind-draw": "pairing.ibf.blind_draw:BlindDraw",
    "swiss-elimination": "pairing.ibf.swiss_elimination:SwissElimination",
    "subgroups": "pairing.ibf.subgroups:Subgroups",
    "storm": "pairing.ibf.storm:Storm",
    "single-elimination": "pairing.ibf.single_elimination:SingleElimination",
    "double-elimination": "pairing.ibf.double_elimination:DoubleElimination",
    "re-entry": "pairing.ibf.re_entry:ReEntry",
}
"""System name -> "module:name" of its engine class or factory, imported when the system is first asked for."""

TSH_SYSTEMS = (
    "random",
    "manual",
    "koth",
    "quartile",
    "factored",
    "swiss",
    "fontes",
    "init-fontes",
    "chew",
    "tsh-round-robin",
    "lower-round-robin",
    "team-round-robin",
    "bracket",
    "tsh-double-elimination",
    "guelph",
)
"""tsh's systems for Scrabble, whose factories are `pairing.tsh.ENGINES` (one package, loaded whole)."""

_BRACKETS: dict[str, str] = {
    "single-elimination": "pairing.ibf.single_elimination:bracket",
    "double-elimination": "pairing.ibf.double_elimination:bracket",
    "re-entry": "pairing.ibf.re_entry:bracket",
}
"""Elimination system -> "module:function" drawing its bracket from a `PairingInput`."""

_FACTORIES: dict[str, Callable[[], Engine]] = {}


def register(name: str, factory: Callable[[], Engine]) -> None:
    """Make `factory` the engine for the system `name` (an engine of one's own, or another for a built-in)."""
    _FACTORIES[name] = factory


def unregister(name: str) -> None:
    """Forget what `register` set for `name`: a system of one's own is gone again, a built-in one is
    loaded anew when next asked for."""
    _FACTORIES.pop(name, None)


def _imported(path: str) -> Any:
    """What `path` ("module:name") names, its module imported now."""
    module, _, name = path.partition(":")
    return getattr(import_module(module), name)


def _builtin_factory(name: str) -> Callable[[], Engine]:
    if name in TSH_SYSTEMS:
        tsh_engines: dict[str, Callable[[], Engine]] = _imported("pairing.tsh:ENGINES")
        return tsh_engines[name]
    factory: Callable[[], Engine] = _imported(_BUILTIN[name])
    return factory


def systems() -> tuple[str, ...]:
    """The names of every system that has an engine, sorted."""
    return tuple(sorted(_BUILTIN.keys() | set(TSH_SYSTEMS) | _FACTORIES.keys()))


GAMES = ("chess", "backgammon", "scrabble")
"""The games the systems are for, as `arbiter new --game` names them."""


def games_of(system: str) -> tuple[str, ...]:
    """The games whose rules define `system`: the FIDE systems are chess's, the IBF systems backgammon's,
    tsh's Scrabble's; the round robin (the Berger tables of FIDE C.05 Annex 1, IBF Appendix 1) and a
    system registered by hand serve any game."""
    if system in TSH_SYSTEMS:
        return ("scrabble",)
    module = _BUILTIN.get(system, "")
    if module.startswith("pairing.fide."):
        return ("chess",)
    if module.startswith("pairing.ibf."):
        return ("backgammon",)
    return GAMES


def systems_for(game: str) -> tuple[str, ...]:
    """The systems an event of `game` may be paired by, sorted."""
    return tuple(system for system in systems() if game in games_of(system))


def bracket_systems() -> tuple[str, ...]:
    """The elimination systems that draw a bracket, sorted."""
    return tuple(sorted(_BRACKETS))


def bracket_view(request: PairingInput) -> BracketView:
    """The bracket of `request.system` as of the histories in `request`, for a projection to draw."""
    if request.system not in _BRACKETS:
        raise NoValidPairing(
            f"{request.system} has no elimination bracket; brackets are drawn for {', '.join(bracket_systems())}"
        )
    bracket: Callable[[PairingInput], BracketView] = _imported(_BRACKETS[request.system])
    return bracket(request)


class UnknownSystem(KeyError):
    def __str__(self) -> str:
        return f"no pairing engine for system {self.args[0]!r}; known systems: {', '.join(systems())}"


def engine_for(name: str) -> Engine:
    """The engine that pairs `name`; `UnknownSystem` names the systems there are."""
    if name not in _FACTORIES:
        if name not in _BUILTIN and name not in TSH_SYSTEMS:
            raise UnknownSystem(name)
        register(name, _builtin_factory(name))
    return _FACTORIES[name]()
