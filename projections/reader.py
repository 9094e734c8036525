"""The read side handed to the command service: the tournament state kept current by catching up
with the log, and built afresh as of any earlier position."""

from __future__ import annotations

from ledger.application import Ledger
from pairing.model import PairingInput
from projections.history import pairing_input
from projections.state import TournamentState, fold


class LedgerReader:
    """Implements `ledger.application.ReadPort`; one per open ledger."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        self._live = TournamentState()

    def state(self, as_of: int | None = None) -> TournamentState:
        """The tournament now (caught up with the log), or as it was at position `as_of`."""
        if as_of is not None and as_of < self.ledger.position():
            return fold(self.ledger.log_events(stop=as_of))
        for position, event in self.ledger.log_events(start=self._live.position + 1):
            self._live.apply(position, event)
        return self._live

    def pairing_input(self, round_number: int) -> tuple[PairingInput, int]:
        state = self.state()
        return pairing_input(state, round_number), state.position
