"""A player's details as the arbiter types them, one entry per detail: `arbiter register`'s options, the
CSV roster's headings (`arbiter import-roster`), `correct-player --set` and the desk's player forms are
all made from `PLAYER_FIELDS`. The details are the ledger's (`PlayerDetails`)."""

from __future__ import annotations

from typing import NamedTuple


class PlayerField(NamedTuple):
    """One detail (a named tuple: `arbiter` reads these at start-up, before it loads attrs)."""

    detail: str
    """The `PlayerDetails` attribute (and the name `correct-player --set` takes)."""
    label: str
    """The name in the desk's forms."""
    option: str
    """`arbiter register`'s option; "" for the name, which is its positional argument."""
    headings: tuple[str, ...]
    """The CSV roster headings that fill it (any case)."""
    minimum: int | None = None
    """For a whole number, the least value accepted; None for text."""
    default: int | str | None = ""
    """What an empty cell or an omitted option means (None: the ledger chooses, e.g. the next free number)."""
    help: str = ""
    at_desk: bool = False
    """Asked for in the desk's forms."""

    @property
    def whole_number(self) -> bool:
        return self.minimum is not None

    def number_from(self, text: str) -> int:
        """`text` as this detail's whole number; ValueError saying what is wrong."""
        if not (text.isascii() and text.isdigit()) or int(text) < (self.minimum or 0):
            least = f" of {self.minimum} or more" if self.minimum else ""
            raise ValueError(f"{self.detail} must be a whole number{least}, not {text!r}")
        return int(text)


PLAYER_FIELDS: tuple[PlayerField, ...] = (
    PlayerField("name", "Name", "", ("name",), at_desk=True),
    PlayerField("rating", "Rating", "--rating", ("rating",), minimum=0, default=0, at_desk=True),
    PlayerField("federation", "Federation", "--federation", ("federation", "fed"), at_desk=True),
    PlayerField("club", "Club", "--club", ("club",), at_desk=True),
    PlayerField("team", "Team", "--team", ("team",)),
    PlayerField("title", "Title", "--title", ("title",), at_desk=True),
    PlayerField(
        "external_id",
        "External id",
        "--id",
        ("id", "fide_id", "external_id"),
        help="external id (FIDE id, federation id)",
    ),
    PlayerField(
        "fide_rating",
        "FIDE rating",
        "--fide-rating",
        ("fide_rating", "fide_elo"),
        minimum=0,
        default=0,
        help="official FIDE rating (0: none); the tournament's rating method makes the tournament rating",
    ),
    PlayerField(
        "national_rating",
        "National rating",
        "--national-rating",
        ("national_rating", "national"),
        minimum=0,
        default=0,
        help="official national rating (0: none)",
    ),
    PlayerField(
        "later_ratings",
        "Later ratings",
        "--later-ratings",
        ("later_ratings",),
        help="an event longer than 30 days: the tournament rating from a round on, e.g. '5=2410, 9=2425'",
    ),
    PlayerField(
        "number",
        "Pairing number",
        "--number",
        ("number",),
        minimum=1,
        default=None,
        help="pairing number (default: the next free one)",
    ),
    PlayerField(
        "no_half_bye",
        "No half-point bye",
        "--no-half-bye",
        ("no_half_bye",),
        help="why the player may not take a half-point bye, e.g. 'free entry' (docs/fide-mode.md, Q175)",
    ),
    PlayerField(
        "extra",
        "tsh fields",
        "--tsh-fields",
        ("tsh_fields",),
        help="tsh's extra fields for the player, written back by export-tsh, e.g. 'class B; newr 1812 1820'",
    ),
)

BY_DETAIL = {field.detail: field for field in PLAYER_FIELDS}
BY_HEADING = {heading: field for field in PLAYER_FIELDS for heading in field.headings}
