"""Official ratings and the tournament rating: how a tournament rates its players for pairing and tie-breaks.

A player may hold two official ratings, each from its own list: `fide_rating` (the FIDE list) and
`national_rating` (the national federation's list), 0 meaning none. `rating`, as `arbiter register
--rating` has always taken it, is the rating the arbiter entered by hand (an estimate, C.04.2 Art. 2.1:
"the arbiters estimate any unknown or unreliable rating"; docs/research/fide/02-C0402-general-handling-rules.md).
The tournament chooses how its *tournament rating* (the rating that ranks the players, C.04.2 Art. 2.2,
and that the rating-based tie-breaks read, C.07 Art. 10) is taken from them: `RatingMethod`.

A tournament longer than 30 days (option `long_event=yes`) may give a player later ratings, "ROUND=RATING"
pairs (`later_ratings`): the tournament rating from that round on. C.07 Art. 10 (2026,
docs/research/fide/05-C07-tie-breaks.md, "Multiple ratings"): "the first rating is used" unless the
event chooses otherwise (option `rating_tiebreaks=per-round`: each game counts the opponent's rating of
that round).

Settings live in the tournament's options (`TournamentSettings.options`), so a ledger written before them
reads as it did: absent options are the defaults below.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from ledger.errors import InvalidInput
from ledger.validation import parse_whole_number

MAX_RATING = 9999
"""The TRF rating field's four digits (record 001, columns 49-52)."""

LONG_EVENT_DAYS = 30
"""The checklist's long event: one lasting more than 30 days."""

RATING_DETAILS = ("fide_rating", "national_rating", "later_ratings", "source_lists")
"""The player details this module reads besides `rating`; recorded only when given. `source_lists`: for
each rating taken from an imported rating list, the list's name, date and file hash
(`ledger.rating_sequence`, Q134)."""

LIST_SEQUENCE = re.compile(r"[a-z0-9][a-z0-9-]{0,39}(,[a-z0-9][a-z0-9-]{0,39})*")
"""The option `rating_lists`: list names, comma-separated (`ledger.rating_store.LIST_NAME`)."""


class RatingMethod(enum.StrEnum):
    """How the tournament rating is taken from a player's ratings (option `rating_method`)."""

    ENTERED = "entered"
    FIDE = "fide"
    NATIONAL = "national"
    FIDON = "fidon"
    NIDOF = "nidof"
    HBFN = "hbfn"

    @property
    def description(self) -> str:
        return {
            RatingMethod.ENTERED: "the rating entered with the player",
            RatingMethod.FIDE: "the FIDE rating (else the rating entered)",
            RatingMethod.NATIONAL: "the national rating (else the rating entered)",
            RatingMethod.FIDON: "the FIDE rating if defined, otherwise the national rating (else the rating entered)",
            RatingMethod.NIDOF: "the national rating if defined, otherwise the FIDE rating (else the rating entered)",
            RatingMethod.HBFN: "the highest of the FIDE, national and entered ratings",
        }[self]


class EqualRatingOrder(enum.StrEnum):
    """C.04.2 Art. 2.2's third key, for players equal in rating and title (option `equal_rating_order`):
    "alphabetical, unless an announced criterion replaces it"."""

    NAME = "name"
    FIDE_ID = "fide-id"
    LOTS = "lots"

    @property
    def description(self) -> str:
        return {
            EqualRatingOrder.NAME: "alphabetical order of names",
            EqualRatingOrder.FIDE_ID: "the lower FIDE id first, players without one after, then by name",
            EqualRatingOrder.LOTS: "drawing of lots with the tournament's recorded seed",
        }[self]


class RatingTiebreaks(enum.StrEnum):
    """Which rating of a player with later ratings the rating-based tie-breaks read (option
    `rating_tiebreaks`)."""

    FIRST = "first"
    PER_ROUND = "per-round"


RATING_OPTIONS: Mapping[str, tuple[str, ...]] = {
    "rating_method": tuple(RatingMethod),
    "rating_type": ("standard", "rapid", "blitz"),
    "equal_rating_order": tuple(EqualRatingOrder),
    "rating_tiebreaks": tuple(RatingTiebreaks),
    "long_event": ("no", "yes"),
}
"""The rating options with a fixed set of values (the first is the default)."""

RATING_BASED_TIEBREAKS = frozenset({"ARO", "TPR", "AOR"})
"""The tie-break codes that read ratings (C.07 Art. 10)."""


def check_rating_options(options: Mapping[str, str]) -> None:
    """Refuse a rating option with a value it does not take, saying which it takes."""
    for name, values in RATING_OPTIONS.items():
        if name in options and options[name] not in values:
            raise InvalidInput(f"option {name} is one of {', '.join(values)}, not {options[name]!r}")
    lists = options.get("rating_lists", "")
    if lists and (not LIST_SEQUENCE.fullmatch(lists) or len(set(lists.split(","))) != len(lists.split(","))):
        raise InvalidInput(
            f"option rating_lists names imported lists, each once, comma-separated (e.g. "
            f"'fide-standard,national'), not {lists[:60]!r}"
        )
    if "unrated_rating" in options:
        parse_whole_number(options["unrated_rating"], "option unrated_rating", 0, MAX_RATING)
    if options.get("rating_tiebreaks", "first") != "first" and options.get("long_event") != "yes":
        raise InvalidInput(
            f"rating_tiebreaks=per-round is for an event longer than {LONG_EVENT_DAYS} days: flag the event "
            "as one (long_event=yes) when it is created"
        )


def rating_method(options: Mapping[str, str]) -> RatingMethod:
    return RatingMethod(options.get("rating_method", RatingMethod.ENTERED))


def equal_rating_order(options: Mapping[str, str]) -> EqualRatingOrder:
    return EqualRatingOrder(options.get("equal_rating_order", EqualRatingOrder.NAME))


def unrated_rating(options: Mapping[str, str]) -> int | None:
    """The rating an unrated opponent counts as in the rating-based tie-breaks (option `unrated_rating`,
    e.g. 0); None: games against unrated opponents are left out (the default)."""
    text = options.get("unrated_rating")
    return None if text is None else int(text)


def is_long_event(options: Mapping[str, str]) -> bool:
    """The event lasts more than `LONG_EVENT_DAYS` days (option `long_event=yes`)."""
    return options.get("long_event") == "yes"


def event_days(details: Mapping[str, Any]) -> int | None:
    """The days from the start to the end date of the report details, both counted; None without both."""
    try:
        start, end = (datetime.strptime(str(details[key]).replace("-", "/"), "%Y/%m/%d") for key in ("start", "end"))
    except (KeyError, ValueError):
        return None
    return (end - start).days + 1


def long_event_warning(options: Mapping[str, str], tiebreaks: tuple[str, ...]) -> str | None:
    """The advice against rating-based tie-breaks in an event longer than 30 days, when it applies."""
    named = [code for code in tiebreaks if code in RATING_BASED_TIEBREAKS]
    if not (is_long_event(options) and named):
        return None
    return (
        f"warning: {', '.join(named)} read ratings, and players' ratings change during an event longer than 30 "
        "days; prefer tie-breaks that do not (C.07 Art. 10: the first rating is used unless "
        "rating_tiebreaks=per-round is chosen)"
    )


def rated(entered: int, fide: int, national: int, method: RatingMethod) -> tuple[int, str]:
    """(the tournament rating of a player under `method`, where it came from: "FIDE", "national",
    "entered", or "" for an unrated player). A method that finds no official rating falls back to the
    rating entered (the arbiters' estimate, C.04.2 Art. 2.1); HBFN takes the highest of the three."""
    official = {"FIDE": fide, "national": national}
    sources = {
        RatingMethod.ENTERED: (),
        RatingMethod.FIDE: ("FIDE",),
        RatingMethod.NATIONAL: ("national",),
        RatingMethod.FIDON: ("FIDE", "national"),
        RatingMethod.NIDOF: ("national", "FIDE"),
        RatingMethod.HBFN: ("FIDE", "national"),
    }[method]
    candidates = [(official[source], source) for source in sources if official[source]]
    if method is RatingMethod.HBFN:
        candidates = sorted([*candidates, (entered, "entered")], key=lambda c: -c[0])
    rating, source = next(iter(candidates), (entered, "entered"))
    return (rating, source) if rating else (0, "")


def long_event_hint(options: Mapping[str, str], details: Mapping[str, Any]) -> str | None:
    """A reminder when the dates given span more than 30 days but the event is not flagged as long."""
    days = event_days(details)
    if days is None or days <= LONG_EVENT_DAYS or is_long_event(options):
        return None
    return (
        f"warning: from the start to the end date the event lasts {days} days; an event longer than "
        f"{LONG_EVENT_DAYS} days is flagged as one when it is created (long_event=yes; ratings per round, C.07 Art. 10)"
    )


def tournament_rating(entered: int, fide: int, national: int, method: RatingMethod) -> int:
    """The tournament rating of a player under `method` (`rated`); 0 when the player is unrated by it."""
    return rated(entered, fide, national, method)[0]


def later_ratings(text: str, what: str = "later_ratings") -> dict[int, int]:
    """ "ROUND=RATING, ..." as round -> rating (the tournament rating from that round on); "" gives none.
    InvalidInput says what is wrong."""
    ratings: dict[int, int] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        round_text, equals, rating_text = item.partition("=")
        if not equals:
            raise InvalidInput(f"{what}: {item!r} is not ROUND=RATING, e.g. '5=2410, 9=2425'")
        round_number = parse_whole_number(round_text, f"{what}: the round of {item!r}", 2, 999)
        if round_number in ratings:
            raise InvalidInput(f"{what}: round {round_number} is given twice")
        ratings[round_number] = parse_whole_number(rating_text, f"{what}: the rating of {item!r}", 0, MAX_RATING)
    return dict(sorted(ratings.items()))


def check_rating_details(details: Mapping[str, Any], name: str) -> None:
    """Refuse official ratings out of the TRF's range and later ratings that do not read."""
    for detail in ("fide_rating", "national_rating"):
        value = details.get(detail, 0)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_RATING:
            raise InvalidInput(f"{detail} of {name} must be a whole number from 0 to {MAX_RATING}, not {value!r}")
    sources = details.get("source_lists", {})
    if not isinstance(sources, dict) or not all(
        key in ("rating", "fide_rating", "national_rating") and isinstance(value, str) and len(value) <= 200
        for key, value in sources.items()
    ):
        raise InvalidInput(f"source_lists of {name} names the list of each rating taken from one, not {sources!r:.60}")
    if not isinstance(details.get("later_ratings", ""), str):
        raise InvalidInput(f"later_ratings of {name} is text, e.g. '5=2410, 9=2425'")
    later_ratings(details.get("later_ratings", ""), f"later_ratings of {name}")


def rating_in_round(first: int, later: Mapping[int, int], round_number: int) -> int:
    """The tournament rating in `round_number` of a player rated `first` with `later` ratings."""
    return next((rating for start, rating in reversed(later.items()) if start <= round_number), first)


def rating_settings(options: Mapping[str, str]) -> dict[str, str]:
    """The tournament's rating settings in words, for `arbiter details` and the desk."""
    unrated = unrated_rating(options)
    per_round = options.get("rating_tiebreaks") == RatingTiebreaks.PER_ROUND
    return {
        "rating method": f"{rating_method(options)}: {rating_method(options).description}",
        "rating type": options.get("rating_type", "standard"),
        "rating lists": options.get("rating_lists", "") or "the rating type's (Q123)",
        "equal rating and title": f"{equal_rating_order(options)}: {equal_rating_order(options).description}",
        "unrated opponents in ARO/TPR/AOR": "left out" if unrated is None else f"counted as rated {unrated}",
        "longer than 30 days": "yes" if is_long_event(options) else "no",
        "ratings in ARO/TPR/AOR": "each round's rating" if per_round else "the first rating (C.07 Art. 10)",
    }


def trf_rating(method: RatingMethod, fide: int, tournament: int) -> int:
    """The TRF rating field (record 001, columns 49-52), which holds the FIDE rating
    (docs/research/fide/04-TRF-format.md): the official FIDE rating when the tournament keeps official
    ratings apart, the tournament rating when it takes the rating as entered (`RatingMethod.ENTERED`)."""
    return tournament if method is RatingMethod.ENTERED else fide
