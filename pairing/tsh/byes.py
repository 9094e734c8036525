"""Byes: "If the number of players is odd, tsh will assign a bye to the lowest-ranked player who has had the fewest
byes" (tsh KOTH, FP and Swiss; docs/research/tsh-backgammon-brackets.md §2.1, `ChooseBye`, method `bottom_up`).

One addition, where tsh is silent: if giving the bye to that player leaves the others with no
pairing that the command allows (within its repeats), the bye goes to the next player in the same
order (fewest byes, then lowest rank) whose bye leaves a pairing. tsh assigns the bye first and
then reports that the division cannot be paired.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

ARTICLE = "bye"


def bye_order(ranked: Sequence[int], byes: Mapping[int, int]) -> list[int]:
    """Candidates for the bye, best first: fewest byes, then lowest-ranked (`ranked` is best first)."""
    position = {p: i for i, p in enumerate(ranked)}
    return sorted(ranked, key=lambda p: (byes[p], -position[p]))


def choose_bye(
    ranked: Sequence[int], byes: Mapping[int, int], rest_pairable: Callable[[list[int]], bool] | None = None
) -> tuple[int, str]:
    """The player who gets the bye from `ranked` (odd, best first), and why."""
    order = bye_order(ranked, byes)
    chosen = order[0]
    fewest = byes[chosen]
    text = f"bye to {chosen}: the lowest-ranked among those with the fewest byes ({fewest})"
    if rest_pairable is not None and not rest_pairable([p for p in ranked if p != chosen]):
        for candidate in order[1:]:
            if rest_pairable([p for p in ranked if p != candidate]):
                return candidate, (
                    f"bye to {candidate} ({byes[candidate]} bye(s) so far): a bye to {chosen}, the lowest-ranked "
                    f"among those with the fewest byes ({fewest}), would leave the rest with no allowed pairing"
                )
    return chosen, text
