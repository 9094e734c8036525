"""The map from system names (`arbiter new --system`) to engines (ARCHITECTURE.md, "Pairing engines").

Built-in engines are named by where they live and imported on first use, so that a command which
pairs with one system (or pairs nothing) does not load every engine."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from pairing.model import Engine

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
    # tsh (pairing/tsh/__init__.py, ENGINES): the system name is the engine class's `name`
    "random": "pairing.tsh.randompair:RandomPair",
    "manual": "pairing.tsh.pair:Pair",
    "koth": "pairing.tsh.koth:Koth",
    "quartile": "pairing.tsh.pairquartiles:PairQuartiles",
    "factored": "pairing.tsh.factorpair:FactorPair",
    "swiss": "pairing.tsh.newswiss:NewSwiss",
    "fontes": "pairing.tsh.newswiss:Fontes",
    "init-fontes": "pairing.tsh.initfontes:InitFontes",
    "chew": "pairing.tsh.chewpair:ChewPair",
    "tsh-round-robin": "pairing.tsh.roundrobin:RoundRobin",
    "lower-round-robin": "pairing.tsh.lowerroundrobins:LowerRoundRobins",
    "team-round-robin": "pairing.tsh.teamroundrobin:TeamRoundRobin",
    "bracket": "pairing.tsh.bracketpair:BracketPair",
    "tsh-double-elimination": "pairing.tsh.doubleelimination:DoubleElimination",
    "guelph": "pairing.tsh.guelph:Guelph",
}
"""System name -> "module:class" of its engine, imported when the system is first asked for."""

_FACTORIES: dict[str, Callable[[], Engine]] = {}


def register(name: str, factory: Callable[[], Engine]) -> None:
    """Make `factory` the engine for the system `name`."""
    _FACTORIES[name] = factory


def builtin_factory(path: str) -> Callable[[], Engine]:
    """The engine class at `path` ("module:class"), imported now."""
    module, _, name = path.partition(":")
    factory: Callable[[], Engine] = getattr(import_module(module), name)
    return factory


def systems() -> tuple[str, ...]:
    """The names of every system that has an engine, sorted."""
    return tuple(sorted(_BUILTIN.keys() | _FACTORIES.keys()))


class UnknownSystem(KeyError):
    def __str__(self) -> str:
        return f"no pairing engine for system {self.args[0]!r}; known systems: {', '.join(systems())}"


def engine_for(name: str) -> Engine:
    """The engine that pairs `name`; `UnknownSystem` names the systems there are."""
    if name not in _FACTORIES:
        if name not in _BUILTIN:
            raise UnknownSystem(name)
        register(name, builtin_factory(_BUILTIN[name]))
    return _FACTORIES[name]()
