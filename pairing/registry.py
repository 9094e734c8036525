"""The map from system names (`arbiter new --system`) to engines (ARCHITECTURE.md, "Pairing engines")."""

from __future__ import annotations

from collections.abc import Callable

from pairing.model import Engine

_FACTORIES: dict[str, Callable[[], Engine]] = {}


def register(name: str, factory: Callable[[], Engine]) -> None:
    """Make `factory` the engine for the system `name`."""
    _FACTORIES[name] = factory


def _load_builtin_engines() -> None:
    from pairing import round_robin
    from pairing.fide.burstein import BursteinSystem
    from pairing.fide.dubov import DubovSystem
    from pairing.fide.dutch import DutchSystem
    from pairing.ibf import (
        blind_draw,
        double_elimination,
        re_entry,
        single_elimination,
        storm,
        subgroups,
        swiss_coefficients,
        swiss_elimination,
    )
    from pairing.tsh import ENGINES as tsh_engines_table

    register("round-robin", round_robin.RoundRobin)
    register("dubov", DubovSystem)
    register("burstein", BursteinSystem)
    register("dutch", DutchSystem)
    register("ibf-swiss", swiss_coefficients.SwissByCoefficients)
    register("blind-draw", blind_draw.BlindDraw)
    register("swiss-elimination", swiss_elimination.SwissElimination)
    register("subgroups", subgroups.Subgroups)
    register("storm", storm.Storm)
    register("single-elimination", single_elimination.SingleElimination)
    register("double-elimination", double_elimination.DoubleElimination)
    register("re-entry", re_entry.ReEntry)
    for name, engine in tsh_engines_table.items():
        register(name, engine)


def systems() -> tuple[str, ...]:
    """The names of every system that has an engine, sorted."""
    if not _FACTORIES:
        _load_builtin_engines()
    return tuple(sorted(_FACTORIES))


class UnknownSystem(KeyError):
    def __str__(self) -> str:
        return f"no pairing engine for system {self.args[0]!r}; known systems: {', '.join(systems())}"


def engine_for(name: str) -> Engine:
    """The engine that pairs `name`; `UnknownSystem` names the systems there are."""
    if name not in systems():
        raise UnknownSystem(name)
    return _FACTORIES[name]()
