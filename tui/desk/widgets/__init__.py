"""Reusable parts of the desk: they get data, never the ledger."""
