"""Dubov System, Article 4 (Sorting Criteria): the order in which sets of upfloaters (4.2), shifters (4.3)
and transpositions of G2 (4.4) are tried.

4.1.3: "the sets will usually be sorted depending on the sequence numbers of their members, put in
lexicographic order". Every order here is a list of players by sequence number (#1 first); a set is
compared by the sorted tuple of its members' sequence numbers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pairing.fide.dubov.definitions import Contender


def upfloater_sequence(pool: Iterable[Contender]) -> list[Contender]:
    """4.2.2: "Each possible upfloater receives a sequence number, according to their score and, when scores
    are equal, to their initial ranking" (higher score first, 4.2.3's example)."""
    return sorted(pool, key=lambda p: (-p.score, p.tpn, p.number))


def shifter_list(pool: Iterable[Contender]) -> list[Contender]:
    """4.3.2: "White seekers are sorted in order of ascending ARO or, when AROs are equal, highest initial
    ranking. Black seekers are sorted according to their initial ranking"."""
    return sorted(pool, key=lambda p: (p.aro, p.tpn, p.number) if p.white_seeker else (0, p.tpn, p.number))


def middle_first(items: Sequence[Contender]) -> list[Contender]:
    """4.3.3: sequence numbers start "with the player in the (remaining) middle of the list or, when two
    players are in the (remaining) middle, to the one with a higher position in the list"; for A..G the
    order is D, C, E, B, F, A, G."""
    last = len(items) - 1
    order = sorted(range(len(items)), key=lambda i: (abs(2 * i - last), i))
    return [items[i] for i in order]


def shifter_sequence(pool: Iterable[Contender]) -> list[Contender]:
    """4.3: the possible shifters by sequence number (4.3.2 sorting, 4.3.3 numbering)."""
    return middle_first(shifter_list(pool))


def transposition_sequence(g2: Iterable[Contender]) -> list[Contender]:
    """4.4.2: "The players in the G2 pool are assigned sequence numbers according to their initial ranking";
    transpositions are then tried in lexicographic order ({A, B, C} {A, C, B} {B, A, C} ...)."""
    return sorted(g2, key=lambda p: (p.tpn, p.number))


def s1_order(g1: Iterable[Contender]) -> list[Contender]:
    """2.2.5: "Sort the players in (the possibly new) G1 in order of ascending ARO or, when AROs are equal,
    according to the initial ranking list - highest initial ranking first and so on"."""
    return sorted(g1, key=lambda p: (p.aro, p.tpn, p.number))
