"""Stable pseudo-random values: tsh's `rnd`, made reproducible by a SHA-256 hash.

tsh: "Random pairings match players based on a statistical hashing function of their name and
player number. They are random in that who plays whom will not appear to follow any pattern, but
only pseudorandom in the sense that if you do not change the names and order of your players the
pairings will always be generated the same way."

tsh derives its `rnd` from the text of a player's `.t` line; we hash the pieces named here instead
(docs/research/tsh-backgammon-brackets.md §2.2, "Proposal for our project"), so the same input always gives the same
draw.
"""

from __future__ import annotations

from hashlib import sha256


def stable_hash(*parts: object) -> int:
    """A 64-bit value that depends only on `parts` (same parts, same value, on every machine)."""
    text = "|".join(str(part) for part in parts)
    return int.from_bytes(sha256(text.encode("utf-8")).digest()[:8], "big")


def player_rnd(draw_seed: str, number: int, name: str) -> int:
    """tsh's per-player `rnd`: breaks ties in the standings and draws InitFontes groups.

    It depends on the tournament-level `draw_seed` option, the player's number and name, and not on
    the round, so that rankings and draws stay the same from one round to the next."""
    return stable_hash("rnd", draw_seed, number, name)


def pair_rnd(seed: int, round_number: int, first: int, second: int) -> int:
    """A pseudo-random value for the pair (first, second) in a round, from `PairingInput.seed`.

    Symmetric: the same for (second, first)."""
    low, high = sorted((first, second))
    return stable_hash("pair", seed, round_number, low, high)
