"""The roster in pairing-number order: who plays, with which pairing number, and the rule that gave it
(`arbiter roster`; C.04.2 Art. 2.2-2.3 for the FIDE Swiss systems, `ledger.ranking` otherwise)."""

from __future__ import annotations

from attrs import frozen

from projections.state import TournamentState


@frozen
class RosterRow:
    pairing_number: int
    number: int
    """The registration number: the player's id in every command."""
    name: str
    rating: int
    title: str
    federation: str
    status: str
    """"active", or "withdrawn from round R"."""


def roster(state: TournamentState) -> tuple[str, list[RosterRow]]:
    """(the rule that ordered the pairing numbers, the rows in pairing-number order)."""
    ranking = state.ranking()
    rows = [
        RosterRow(
            pairing_number=ranking[player.number],
            number=player.number,
            name=player.name,
            rating=player.rating,
            title=player.title,
            federation=player.federation,
            status="active" if player.withdrawn_from is None else f"withdrawn from round {player.withdrawn_from}",
        )
        for player in state.players.values()
    ]
    return state.ranking_rule(), sorted(rows, key=lambda row: row.pairing_number)
