"""Dubov System, Article 3 (Pairing Criteria): the absolute criteria C1-C3, the completion criterion C4 and
the quality criteria C5-C10, each a function named by what it checks, with the article as its verdict.

C1 and C3 for a whole round, as the bitsets the searches of Article 2 read, are the shared
`pairing.fide.common.legal_pairs.LegalPairs`; C4 ("complete the round-pairing") is asked of the
cardinality matcher `pairing.cardinality` by Articles 2.1.2 and 2.2.1.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from attrs import frozen

from pairing.fide.dubov.definitions import Contender
from pairing.model import Decision, Side


def no_rematch(a: Contender, b: Contender) -> Decision:
    """[C1] (3.1.1): "See the Basic Rules for Swiss, Article 2 (Two players shall not play against each
    other more than once)". Games not played over the board do not count (C.04.2). A pair the arbiter
    forbade is refused under the same heading."""
    if b.number in a.opponents:
        return Decision("C1", f"{a.number} and {b.number} have already played each other", satisfied=False)
    if b.number in a.forbidden or a.number in b.forbidden:
        return Decision("C1", f"the arbiter forbade {a.number} and {b.number} to meet", satisfied=False)
    return Decision("C1", f"{a.number} and {b.number} have not met")


def pab_allowed(player: Contender) -> Decision:
    """[C2] (3.1.2): "A player who has already received a pairing-allocated bye, or has already scored in
    one single round, without playing, as many points as rewarded for a win, shall not receive the
    pairing-allocated bye"."""
    if player.pab_eligible:
        return Decision("C2", f"{player.number} may receive the pairing-allocated bye")
    return Decision(
        "C2",
        f"{player.number} already had a pairing-allocated bye or a win's points without playing",
        satisfied=False,
    )


def no_clash_of_absolute_colours(a: Contender, b: Contender) -> Decision:
    """[C3] (3.1.3): "Two players with the same absolute colour preference (see Article 1.5.2.1) shall not
    meet"."""
    if a.absolute_colour is not None and a.absolute_colour is b.absolute_colour:
        colour = "White" if a.absolute_colour is Side.FIRST else "Black"
        return Decision("C3", f"{a.number} and {b.number} both must have {colour}", satisfied=False)
    return Decision("C3", f"{a.number} and {b.number} have no common absolute colour preference")


ABSOLUTE_CRITERIA = (no_rematch, no_clash_of_absolute_colours)
"""The absolute criteria on a pair, in the order of Article 3.1 ([C2] concerns the bye alone)."""


def pair_verdicts(a: Contender, b: Contender) -> list[Decision]:
    """Every absolute criterion on the pair a-b."""
    return [criterion(a, b) for criterion in ABSOLUTE_CRITERIA]


@frozen(order=True)
class BracketQuality:
    """The quality criteria C5-C10 of a bracket (3.3), in descending priority; smaller is better, so two
    qualities compare as the Note to 2.2.2 asks ("paired better ... if it better satisfies a quality
    criterion of higher priority")."""

    upfloaters: int
    """[C5] "Minimise the number of upfloaters"."""
    upfloater_scores: tuple[float, ...]
    """[C6] "maximise the lowest score among the upfloaters (and then the second lowest, and so on)": the
    upfloaters' scores, lowest first, negated."""
    colour_misses: int
    """[C7] "Minimise the number of players who do not get their colour preference"."""
    maximum_upfloaters: int
    """[C8] "minimise the number of upfloaters who are maximum upfloaters" (0 in the last round)."""
    maximum_upfloats: tuple[int, ...]
    """[C9] "minimise the number of times a maximum upfloater is upfloated": their upfloat counts, highest
    first (empty in the last round)."""
    repeated_upfloaters: int
    """[C10] "minimise the number of upfloaters who upfloated in the previous round" (0 in the last round)."""


def fewest_upfloaters(upfloaters: Sequence[Contender]) -> int:
    """[C5] (3.3.1): "Minimise the number of upfloaters"."""
    return len(upfloaters)


def smallest_score_differences(upfloaters: Iterable[Contender]) -> tuple[float, ...]:
    """[C6] (3.3.2): "Minimise the score differences in the pairs involving upfloaters, i.e. maximise the
    lowest score among the upfloaters (and then the second lowest, and so on)". The key is the upfloaters'
    scores, lowest first, negated: the smaller key is the better set; it also orders the containers of
    4.2.3.2."""
    return tuple(-score for score in sorted(p.score for p in upfloaters))


def players_without_colour_preference(pairs: Iterable[tuple[Contender, Contender]]) -> int:
    """[C7] (3.3.3): "Minimise the number of players who do not get their colour preference". In a pair
    with different preferences both get theirs (5.2.2); with the same preference exactly one does not."""
    return sum(1 for a, b in pairs if a.due_colour is b.due_colour)


def fewest_maximum_upfloaters(upfloaters: Iterable[Contender], last_round: bool) -> int:
    """[C8] (3.3.4): "Unless it is the last round, minimise the number of upfloaters who are maximum
    upfloaters"."""
    return 0 if last_round else sum(1 for p in upfloaters if p.maximum_upfloater)


def fewest_upfloats_of_maximum_upfloaters(upfloaters: Iterable[Contender], last_round: bool) -> tuple[int, ...]:
    """[C9] (3.3.5): "Unless it is the last round, minimise the number of times a maximum upfloater is
    upfloated". Read as: the chosen maximum upfloaters' upfloat counts, highest first, compared
    lexicographically (docs/dubov.md, "C9")."""
    if last_round:
        return ()
    return tuple(sorted((p.upfloats for p in upfloaters if p.maximum_upfloater), reverse=True))


def fewest_repeated_upfloaters(upfloaters: Iterable[Contender], last_round: bool) -> int:
    """[C10] (3.3.6): "Unless it is the last round, minimise the number of upfloaters who upfloated in the
    previous round"."""
    return 0 if last_round else sum(1 for p in upfloaters if p.upfloated_last_round)


def bracket_quality(upfloaters: Sequence[Contender], colour_misses: int, last_round: bool) -> BracketQuality:
    """C5-C10 of a bracket whose upfloaters are `upfloaters` and whose pairing leaves `colour_misses`
    players without their colour preference."""
    return BracketQuality(
        fewest_upfloaters(upfloaters),
        smallest_score_differences(upfloaters),
        colour_misses,
        fewest_maximum_upfloaters(upfloaters, last_round),
        fewest_upfloats_of_maximum_upfloaters(upfloaters, last_round),
        fewest_repeated_upfloaters(upfloaters, last_round),
    )


def quality_verdicts(quality: BracketQuality, last_round: bool) -> list[Decision]:
    """The quality criteria that the chosen bracket pairing could not fully meet (value above zero)."""
    verdicts = []
    if quality.upfloaters:
        verdicts.append(Decision("C5", f"{quality.upfloaters} upfloater(s) needed", satisfied=False))
    if quality.upfloater_scores:
        scores = ", ".join(f"{-s:g}" for s in quality.upfloater_scores)
        verdicts.append(Decision("C6", f"upfloaters' scores (lowest first): {scores}", satisfied=False))
    if quality.colour_misses:
        verdicts.append(
            Decision("C7", f"{quality.colour_misses} player(s) do not get their colour preference", satisfied=False)
        )
    if last_round:
        return verdicts
    if quality.maximum_upfloaters:
        verdicts.append(
            Decision("C8", f"{quality.maximum_upfloaters} upfloater(s) are maximum upfloaters", satisfied=False)
        )
    if quality.maximum_upfloats:
        counts = ", ".join(str(c) for c in quality.maximum_upfloats)
        verdicts.append(
            Decision("C9", f"maximum upfloaters upfloated again after {counts} upfloat(s)", satisfied=False)
        )
    if quality.repeated_upfloaters:
        verdicts.append(
            Decision(
                "C10",
                f"{quality.repeated_upfloaters} upfloater(s) also upfloated in the previous round",
                satisfied=False,
            )
        )
    return verdicts
