"""A tournament's rating lists: its rating type and list sequence, a player looked up through the sequence,
and the consistency check against the list valid at the start (docs/fide-mode.md, "Rating lists"; FIDE
endorsement checklist Q118, Q121, Q123-129, Q133-134, Q137).

The rating type (option `rating_type`: standard, rapid or blitz) proposes a sequence (Q123); the arbiter
may drop, add (a custom list) and reorder its lists (option `rating_lists`, Q126). The first list is the
main list: a player found there takes its rating as an official rating (Q127), a FIDE list's as the FIDE
rating, a custom list's as the national rating. A player not in it is shown with what the other lists
give, and the arbiter chooses one (Q128-129): that rating is then an estimate, the rating entered (C.04.2
Art. 2.1: "the arbiters estimate any unknown or unreliable rating";
docs/research/fide/02-C0402-general-handling-rules.md). Each rating taken records its list's name, date
and file hash (Q134).

The effective rapid and blitz lists (Q118) are FIDE's rapid (blitz) list with the standard list's rating
for a player who has no rapid (blitz) rating.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime
from typing import Any

from attrs import frozen

from ledger.errors import InvalidInput
from ledger.rating_files import ListedPlayer, ListKind
from ledger.rating_store import FIDE_PREFIX, RatingList, RatingListStore, fide_list_name
from ledger.ratings import LONG_EVENT_DAYS, RatingMethod, event_days, is_long_event, rating_method

EFFECTIVE = "-effective"
"""The suffix of an effective list: `fide-rapid-effective`, `fide-blitz-effective`."""

DEFAULT_SEQUENCES: Mapping[ListKind, tuple[str, ...]] = {
    ListKind.STANDARD: ("fide-standard", "fide-rapid", "fide-blitz"),
    ListKind.RAPID: ("fide-rapid-effective", "fide-blitz"),
    ListKind.BLITZ: ("fide-blitz-effective", "fide-rapid"),
}
"""Q123: the sequence proposed for each rating type."""


FIDE_LISTS: tuple[str, ...] = (
    *(fide_list_name(kind) for kind in ListKind),
    *(fide_list_name(kind) + EFFECTIVE for kind in (ListKind.RAPID, ListKind.BLITZ)),
)
"""The FIDE lists a sequence may name before they are imported: FIDE's three lists (Q121) and the
effective rapid and blitz lists (Q118)."""


def known_lists(store: RatingListStore) -> tuple[str, ...]:
    """The lists a sequence may name (Q117, Q126): `FIDE_LISTS`, then every custom list in the store."""
    return (*FIDE_LISTS, *sorted({held.name for held in store.lists()} - set(FIDE_LISTS)))


def check_sequence(options: Mapping[str, str], known: Sequence[str] = ()) -> None:
    """Refuse an option `rating_lists` (Q126) that names a list not in `known` (`known_lists` of the store;
    FIDE's lists, `FIDE_LISTS`, when no store was read), naming the valid ones. `arbiter new` and
    `arbiter rating-sequence` both set the option through this check."""
    if not options.get("rating_lists"):
        return
    valid = known or FIDE_LISTS
    unknown = [name for name in sequence(options) if name not in valid]
    if unknown:
        raise InvalidInput(
            f"unknown rating list{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))}; valid lists: "
            f"{', '.join(valid)} (a custom list is known once imported with its name)"
        )


def rating_type(options: Mapping[str, str]) -> ListKind:
    return ListKind(options.get("rating_type", ListKind.STANDARD))


def sequence(options: Mapping[str, str]) -> tuple[str, ...]:
    """The tournament's list sequence: the one set (option `rating_lists`), else its type's default."""
    chosen = options.get("rating_lists", "")
    if chosen:
        return tuple(name.strip() for name in chosen.split(","))
    return DEFAULT_SEQUENCES[rating_type(options)]


def stored_lists(store: RatingListStore, name: str, day: date) -> list[RatingList]:
    """The imported lists a list of the sequence reads on `day`: the list itself, or for an effective list
    the rapid (blitz) list, then the standard list. A FIDE list is valid for its month only (FIDE publishes
    one on the first of each month); a custom list until a later one. InvalidInput names a list missing."""
    names = [name.removesuffix(EFFECTIVE), fide_list_name(ListKind.STANDARD)] if name.endswith(EFFECTIVE) else [name]
    found = {each: store.valid_on(each, day) for each in names}
    valid = {each: held for each, held in found.items() if held is not None and _valid(held, day)}
    missing = [each for each in names if each not in valid]
    if missing:
        month = f"of {day:%Y-%m} " if any(each.startswith(FIDE_PREFIX) for each in missing) else ""
        raise InvalidInput(f"no list {', '.join(missing)} {month}valid on {day} is imported; import it first")
    return list(valid.values())


def _valid(held: RatingList, day: date) -> bool:
    return not held.is_fide or (held.valid_from.year, held.valid_from.month) == (day.year, day.month)


MISSING = "missing"
"""What `availability` says of a list the store does not hold for the day."""


def availability(store: RatingListStore, names: Sequence[str], day: date) -> dict[str, str]:
    """Q121: for each list, the imported list(s) it reads on `day`, or `MISSING`."""
    shown: dict[str, str] = {}
    for name in names:
        try:
            shown[name] = ", then ".join(held.label for held in stored_lists(store, name, day))
        except InvalidInput:
            shown[name] = MISSING
    return shown


@frozen
class Found:
    """A player as one list of the sequence gives them."""

    list_name: str
    """The list of the sequence (an effective list, too)."""
    source: RatingList
    """The imported list the rating is read from."""
    player: ListedPlayer

    @property
    def rating(self) -> int:
        return next(iter(self.player.ratings.values()))[0]

    @property
    def label(self) -> str:
        """The rating's source as the tournament records it (Q134)."""
        return f"{self.list_name}: {self.source.label}" if self.list_name != self.source.name else self.source.label


def look_up(store: RatingListStore, name: str, day: date, key: str) -> Found | None:
    """The player with FIDE id (or name) `key` in the list `name` of the sequence on `day`, or None. A name
    that several players of the list share is refused with their ids."""
    for held in stored_lists(store, name, day):
        player = _one(store, held, key)
        if player is not None:
            return Found(name, held, player)
    return None


def _one(store: RatingListStore, held: RatingList, key: str) -> ListedPlayer | None:
    key = key.strip()
    if key.isascii() and key.isdigit():
        return store.find(held, str(int(key)))
    players = store.named(held, key)
    if len(players) > 1:
        ids = ", ".join(p.player_id for p in players)
        raise InvalidInput(f"{len(players)} players of {held.name} are named {key!r} (ids {ids}): give the id")
    return players[0] if players else None


def look_up_all(store: RatingListStore, names: Sequence[str], day: date, key: str) -> list[tuple[str, Found | None]]:
    """Q128: the player in each list of the sequence, in its order."""
    return [(name, look_up(store, name, day, key)) for name in names]


def registration(found: Sequence[tuple[str, Found | None]], chosen: str | None) -> dict[str, Any]:
    """The details of a player registered from the lists (`PlayerDetails` fields). From the main list
    (Q127) its rating is official, the FIDE or the national rating, and is also the rating entered; from
    the list the arbiter chose (Q129) it is the rating entered only, an estimate. Every rating names its
    source (Q134)."""
    main_name, main = found[0]
    if chosen is None:
        if main is None:
            raise InvalidInput(_not_in_main(found))
        pick = main
    else:
        by_list = dict(found)
        if chosen not in by_list:
            raise InvalidInput(f"{chosen} is not a list of the tournament's sequence ({', '.join(by_list)})")
        chosen_hit = by_list[chosen]
        if chosen_hit is None:
            raise InvalidInput(f"the player is not in {chosen}")
        pick = chosen_hit
    official = "fide_rating" if pick.source.is_fide else "national_rating"
    rated_as = (official, "rating") if chosen in (None, main_name) else ("rating",)
    return {
        "name": pick.player.name,
        "federation": pick.player.federation,
        "title": pick.player.title,
        "external_id": pick.player.player_id,
        **dict.fromkeys(rated_as, pick.rating),
        "source_lists": dict.fromkeys(rated_as, pick.label),
    }


def sources_text(source_lists: Mapping[str, str]) -> str:
    """Each rating taken from a list and that list (Q134): "fide_rating from fide-standard 2026-11-01 ..."."""
    return "; ".join(f"{detail} from {source}" for detail, source in source_lists.items())


def _not_in_main(found: Sequence[tuple[str, Found | None]]) -> str:
    main_name, _ = found[0]
    others = [f"{name} {hit.rating} ({hit.player.name})" for name, hit in found[1:] if hit is not None]
    if not others:
        return f"the player is in none of the tournament's lists ({', '.join(n for n, _ in found)}); enter a rating"
    return (
        f"the player is not in the main list {main_name}; the other lists give: {'; '.join(others)}. "
        "Choose one of them (the rating is then an estimate, C.04.2 Art. 2.1), or enter a rating"
    )


# --- the consistency check (Q133, Q137) -------------------------------------------------------------


def reference_day(details: Mapping[str, Any], options: Mapping[str, str], today: date) -> date:
    """Q137 (the TEC Manual's rating-list consistency check): the list valid at the tournament's start, or,
    for an event longer than 30 days, the list of the current month. Without a start date, today."""
    days = event_days(details)
    if is_long_event(options) or (days is not None and days > LONG_EVENT_DAYS) or "start" not in details:
        return today
    try:
        return datetime.strptime(str(details["start"]).replace("-", "/"), "%Y/%m/%d").date()
    except ValueError:
        return today


@frozen
class Difference:
    number: int
    name: str
    detail: str
    recorded: object
    listed: object
    source: str
    """The label of the list that gives `listed` (Q134)."""


@frozen
class CheckReport:
    """What the roster says and the reference list does not."""

    reference: str
    """The list compared with (its label)."""
    differences: tuple[Difference, ...]
    not_listed: tuple[tuple[int, str, str], ...]
    """(number, name, id) of players with an id the list does not hold."""
    without_id: tuple[tuple[int, str], ...]

    def corrections(self, sources: Mapping[int, Mapping[str, str]]) -> dict[int, dict[str, Any]]:
        """The corrections that make the roster say what the list says; a rating corrected names its new
        source beside the sources the player's other ratings keep (`sources`: number -> source_lists)."""
        changes: dict[int, dict[str, Any]] = {}
        for difference in self.differences:
            change = changes.setdefault(difference.number, {})
            change[difference.detail] = difference.listed
            if difference.detail in RATED:
                kept = change.get("source_lists", dict(sources.get(difference.number, {})))
                change["source_lists"] = kept | {difference.detail: difference.source}
        return changes


RATED = ("rating", "fide_rating", "national_rating")


def checked_details(method: RatingMethod, fide: bool) -> tuple[str, ...]:
    """The details compared with a list: name, federation, title and the rating the list gives (the FIDE
    or the national rating; the rating entered too when it is the tournament rating)."""
    official = "fide_rating" if fide else "national_rating"
    return ("name", "federation", "title", official, *(("rating",) if method is RatingMethod.ENTERED else ()))


def consistency_check(
    players: Mapping[str, Mapping[str, Any]], options: Mapping[str, str], store: RatingListStore, day: date
) -> CheckReport:
    """Compare each registered player with the tournament's main list valid on `day` (Q133, Q137)."""
    main = sequence(options)[0]
    held = stored_lists(store, main, day)
    compared = checked_details(rating_method(options), held[0].is_fide)
    differences: list[Difference] = []
    not_listed: list[tuple[int, str, str]] = []
    without_id: list[tuple[int, str]] = []
    for number_text, player in sorted(players.items(), key=lambda item: int(item[0])):
        number, player_id = int(number_text), str(player.get("external_id", "")).strip()
        if not (player_id.isascii() and player_id.isdigit()):
            without_id.append((number, player["name"]))
            continue
        found = look_up(store, main, day, player_id)
        if found is None:
            not_listed.append((number, player["name"], player_id))
            continue
        listed = _listed_values(found)
        differences += [
            Difference(number, player["name"], detail, player.get(detail, _EMPTY[detail]), listed[detail], found.label)
            for detail in compared
            if player.get(detail, _EMPTY[detail]) != listed[detail]
        ]
    return CheckReport(
        " then ".join(each.label for each in held), tuple(differences), tuple(not_listed), tuple(without_id)
    )


_EMPTY: Mapping[str, object] = {
    "name": "",
    "federation": "",
    "title": "",
    "rating": 0,
    "fide_rating": 0,
    "national_rating": 0,
}


def _listed_values(found: Found) -> dict[str, object]:
    rating = found.rating
    return {
        "name": found.player.name,
        "federation": found.player.federation,
        "title": found.player.title,
        "rating": rating,
        "fide_rating": rating,
        "national_rating": rating,
    }
