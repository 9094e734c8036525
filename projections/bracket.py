"""The bracket read model for elimination systems (IBF Pairing Rules 3.1-3.3): the bracket as the
engines see it, derived from the same `PairingInput` (so a drawing never disagrees with a pairing)."""

from __future__ import annotations

from pairing.ibf.brackets import BracketView
from pairing.model import NoValidPairing
from pairing.registry import bracket_view
from projections.history import pairing_input
from projections.state import TournamentState

ELIMINATION_SYSTEMS = frozenset({"single-elimination", "double-elimination", "re-entry"})


def bracket_of(state: TournamentState) -> BracketView:
    """The bracket after every paired round (results so far; pending matches stay open)."""
    system = state.stage_of(state.last_paired_round + 1).system
    if system not in ELIMINATION_SYSTEMS:
        raise NoValidPairing(
            f"{system} has no elimination bracket; brackets are drawn for {', '.join(sorted(ELIMINATION_SYSTEMS))}"
        )
    return bracket_view(pairing_input(state, state.last_paired_round + 1))
