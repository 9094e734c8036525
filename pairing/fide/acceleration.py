"""Accelerated pairings: the methods the FIDE Swiss engines apply and their rules in words
(docs/research/fide/07-baku-acceleration.md; docs/fide-mode.md, Q106-111).

A tournament names its method with the option ``acceleration``; `arbiter acceleration` prints the rules
below with the virtual points they give, and the Dutch and Burstein engines add those points to the
pairing score (C.04.3 1.2.1, C.04.4.2 1.2.1).
"""

from __future__ import annotations

import math

from pairing.model import NoValidPairing, PairingInput

METHODS: dict[str, str] = {
    "none": "No acceleration: the pairing score is the score.",
    "baku": (
        "Baku acceleration (FIDE-approved accelerated systems, C.04.5): before round 1 the players in pairing-"
        "number order are split into group A, the first half rounded up to the nearest even number "
        "(2 x ceil(N/4) players), and group B, the rest. The accelerated rounds are the first half of the "
        "rounds, rounded up (ceil(R/2)). In the first half of those, rounded up, every group A player gets "
        "virtual points equal to the points for a win; in the other accelerated rounds half of that. Group B "
        "never gets virtual points, and no one gets any after the last accelerated round. The pairing score "
        "is the score plus the virtual points: it forms and orders the scoregroups and orders the boards; "
        "standings and tie-breaks use the score alone."
    ),
    "explicit": (
        "Explicit virtual points (TRF-2026 record 250, JaVaFo's XXA): the option virtual_points lists "
        "player:round:points items; each adds its points to that player's pairing score in that round. "
        "Standings and tie-breaks use the score alone."
    ),
}
"""Method -> its rules, as `arbiter acceleration` prints them (Q108: "the detailed rules can be printed")."""

SYSTEMS = frozenset({"dutch", "burstein"})
"""The systems whose engines apply an acceleration."""


def explicit_points(text: str) -> dict[tuple[int, int], float]:
    """The explicit method's ``virtual_points``, "player:round:points,...", as (player, round) -> points;
    ValueError naming the item that is not one."""
    table: dict[tuple[int, int], float] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        parts = item.split(":")
        if len(parts) != 3 or not all(p.isascii() and p.isdigit() for p in parts[:2]):
            raise ValueError(f"virtual point {item!r} is not player:round:points (e.g. 12:1:1)")
        try:
            points = float(parts[2])
        except ValueError:
            raise ValueError(f"virtual point {item!r}: {parts[2]!r} is not a number of points") from None
        if not 0 <= points <= 100:
            raise ValueError(f"virtual point {item!r}: points run from 0 to 100")
        table[int(parts[0]), int(parts[1])] = points
    return table


def virtual_points(request: PairingInput) -> dict[tuple[int, int], float]:
    """Acceleration: (player, round) -> virtual points, by `METHODS`.

    ``acceleration=baku`` (C.04.5 Baku Acceleration): GA is "the first half of the players, rounded
    up to the nearest even number" (2 ceil(N/4) by pairing number); in the first half (rounded up) of
    the first ceil(R/2) rounds GA players get the points for a win, in the rest of those rounds
    half of it. ``acceleration=explicit`` reads ``virtual_points`` = "player:round:points,..."
    (TRF ``XXA``/``250``)."""
    kind = request.option("acceleration", "none")
    table: dict[tuple[int, int], float] = {}
    if kind == "baku":
        ordered = sorted(request.players, key=lambda p: p.pairing_number)
        group_a = {p.number for p in ordered[: 2 * math.ceil(len(ordered) / 4)]}
        accelerated = math.ceil(request.total_rounds / 2)
        full = math.ceil(accelerated / 2)
        for number in group_a:
            for round_number in range(1, accelerated + 1):
                win = request.scoring.win
                table[number, round_number] = win if round_number <= full else win / 2
    elif kind == "explicit":
        try:
            table = explicit_points(request.option("virtual_points"))
        except ValueError as error:
            raise NoValidPairing(str(error)) from None
    elif kind not in ("none", ""):
        raise NoValidPairing(f"unknown acceleration {kind!r}: use {', '.join(METHODS)}")
    return table
