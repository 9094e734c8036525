"""The map from system names (`arbiter new --system`) to engines (ARCHITECTURE.md, "Pairing engines"),
and from the elimination systems to the bracket each draws (IBF Pairing Rules 3.1-3.3): the one list of
each, which everything else reads."""

from __future__ import annotations

from collections.abc import Callable

from pairing.ibf.brackets import BracketView
from pairing.model import Engine, NoValidPairing, PairingInput

_FACTORIES: dict[str, Callable[[], Engine]] = {}
_BRACKETS: dict[str, Callable[[PairingInput], BracketView]] = {}


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

    _BRACKETS.update(
        {
            "single-elimination": single_elimination.bracket,
            "double-elimination": double_elimination.bracket,
            "re-entry": re_entry.bracket,
        }
    )

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


def bracket_systems() -> tuple[str, ...]:
    """The elimination systems that draw a bracket, sorted."""
    if not _FACTORIES:
        _load_builtin_engines()
    return tuple(sorted(_BRACKETS))


def bracket_view(request: PairingInput) -> BracketView:
    """The bracket of `request.system` as of the histories in `request`, for a projection to draw."""
    if request.system not in bracket_systems():
        raise NoValidPairing(
            f"{request.system} has no elimination bracket; brackets are drawn for {', '.join(bracket_systems())}"
        )
    return _BRACKETS[request.system](request)


class UnknownSystem(KeyError):
    def __str__(self) -> str:
        return f"no pairing engine for system {self.args[0]!r}; known systems: {', '.join(systems())}"


def engine_for(name: str) -> Engine:
    """The engine that pairs `name`; `UnknownSystem` names the systems there are."""
    if name not in systems():
        raise UnknownSystem(name)
    return _FACTORIES[name]()
