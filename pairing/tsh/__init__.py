"""tsh's pairing systems for Scrabble (docs/rules/tsh-pairing-systems.txt, tsh 3.340).

One module per tsh command: `randompair` (rp), `pair` (PAIR / PairMany), `koth`, `pairquartiles`
(pq), `factorpair` (fp / Pair1324), `newswiss` (ns, and Fontes), `initfontes`, `roundrobin` (rr),
`lowerroundrobins` (lrr), `teamroundrobin` (trr), `bracketpair`, `doubleelimination`, `chewpair`
(cp), `guelph`. Shared pieces: `standings` (ranking as of a round), `resolve` (tsh's preference-list engine,
with `pairing/cardinality.py`), `setup` (SetupForPairings), `byes`, `gibson`, `firsts`, `schedule`, `options`,
`draw`, `field`; and `tfile` (the `.t` player file). docs/scrabble-systems.md is the user's guide.

`ENGINES` maps each system name (`--system`) to its engine factory, for `pairing/registry.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from pairing.model import Engine
from pairing.tsh.bracketpair import BracketPair
from pairing.tsh.chewpair import ChewPair
from pairing.tsh.doubleelimination import DoubleElimination
from pairing.tsh.factorpair import FactorPair
from pairing.tsh.guelph import Guelph
from pairing.tsh.initfontes import InitFontes
from pairing.tsh.koth import Koth
from pairing.tsh.lowerroundrobins import LowerRoundRobins
from pairing.tsh.newswiss import Fontes, NewSwiss
from pairing.tsh.pair import Pair
from pairing.tsh.pairquartiles import PairQuartiles
from pairing.tsh.randompair import RandomPair
from pairing.tsh.roundrobin import RoundRobin
from pairing.tsh.teamroundrobin import TeamRoundRobin

_CLASSES: tuple[type[Engine], ...] = (
    RandomPair,
    Koth,
    PairQuartiles,
    FactorPair,
    NewSwiss,
    Fontes,
    InitFontes,
    ChewPair,
    RoundRobin,
    LowerRoundRobins,
    TeamRoundRobin,
    BracketPair,
    DoubleElimination,
    Guelph,
)

_OTHERS: dict[str, Callable[[], Engine]] = {cls.name: cls for cls in _CLASSES}

ENGINES: dict[str, Callable[[], Engine]] = {**_OTHERS, Pair.name: partial(Pair, _OTHERS)}
"""System name -> engine factory (manual pairings may leave the rest to any other): random, manual,
koth, quartile, factored, swiss, fontes, init-fontes, chew, tsh-round-robin, lower-round-robin,
team-round-robin, bracket, tsh-double-elimination, guelph."""

__all__ = ["ENGINES"]
