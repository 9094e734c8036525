"""Publishing the tournament: the read-only site (`site`), printed sheets (`printing`), the bracket as a
text tree (`tree`). `Sheet` lives here, free of the template engine, so the CLI can list the sheets."""

from __future__ import annotations

import enum


class Sheet(enum.StrEnum):
    """What `arbiter print` writes."""

    PAIRINGS = "pairings"
    RESULTS = "results"
    STANDINGS = "standings"
    CROSSTABLE = "crosstable"
    DRAWSHEET = "drawsheet"
    BRACKET = "bracket"
