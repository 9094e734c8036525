"""The roster in pairing-number order: who plays, with which pairing number, and the rule that gave it
(`arbiter roster`; C.04.2 Art. 2.2-2.3 for the FIDE Swiss systems, `ledger.ranking` otherwise)."""

from __future__ import annotations

from attrs import Factory, frozen

from ledger.ratings import rated, rating_method
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
    rating_source: str = ""
    """Where `rating`, the tournament rating, came from (`ledger.ratings.rating_source`)."""
    fide_rating: int = 0
    national_rating: int = 0
    source_lists: dict[str, str] = Factory(dict)
    """The rating list each rating was taken from (Q134)."""


def roster(state: TournamentState) -> tuple[str, list[RosterRow]]:
    """(the rule that ordered the pairing numbers, the rows in pairing-number order)."""
    ranking = state.ranking()
    method = rating_method(state.require_settings().options)
    rows = [
        RosterRow(
            pairing_number=ranking[player.number],
            number=player.number,
            name=player.name,
            rating=player.rating,
            title=player.title,
            federation=player.federation,
            status="active" if player.withdrawn_from is None else f"withdrawn from round {player.withdrawn_from}",
            rating_source=rated(player.entered_rating, player.fide_rating, player.national_rating, method)[1],
            fide_rating=player.fide_rating,
            national_rating=player.national_rating,
            source_lists=dict(player.source_lists),
        )
        for player in state.players.values()
    ]
    return state.ranking_rule(), sorted(rows, key=lambda row: row.pairing_number)
