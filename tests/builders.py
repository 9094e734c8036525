"""Builders shared by the tests: players, histories, requests and TRF documents, written once."""

from __future__ import annotations

from attrs import evolve

from pairing.trf.document import PlayerRecord, TrfDocument


def truncated(document: TrfDocument, rounds: int) -> TrfDocument:
    """The document as it stood after `rounds` rounds: later round columns dropped."""
    records = [
        evolve(r, rounds=r.rounds[:rounds], points=None, rank=None) if isinstance(r, PlayerRecord) else r
        for r in document.records
    ]
    return evolve(document, records=tuple(records))
