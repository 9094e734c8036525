"""The checklist's warnings for byes, prohibited pairs, tie-breaks, acceleration and pairing numbers
(docs/fide-mode.md, sections Q106-111, Q147-154, Q170-188, Q194-196 and Q201-202): one function per
warning, giving its level, its question and what the arbiter is told. `Ledger` raises them through
`Ledger.caution` (`ledger.fide_mode`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ledger.fide_mode import Breach, Caution, Level

FIDE_HALF_BYES = 1
"""Q174: in FIDE mode a player may take one half-point bye unless the tournament sets `max_half_byes`;
the second is a level 3 warning (docs/fide-mode.md, "Q170-188 Byes, withdrawals and results")."""

LAST_ROUND_FOR_NEW_NUMBERS = 3
"""C.04.2 Art. 2.3 (docs/research/fide/02-C0402-general-handling-rules.md): "no modification of a TPN ...
is allowed after the fourth round has been paired": numbers change while at most round 3 is paired."""


def half_bye_limit(options: Mapping[str, str], in_fide_mode: bool) -> int | None:
    """Q174: the half-point byes a player may take before a level 3 warning: the option `max_half_byes`
    (checked by `ledger.settings.check_options`), else `FIDE_HALF_BYES` in FIDE mode, else no limit."""
    if "max_half_byes" in options:
        return int(options["max_half_byes"])
    return FIDE_HALF_BYES if in_fide_mode else None


def prohibited_pair_after_start(first: int, second: int, after_round: int) -> Caution:
    """Q196: prohibited pairs are entered before round 1; one added later leaves FIDE mode (level 5)."""
    return Caution(
        Level.REFUSE,
        "Q196",
        f"keep players {first} and {second} apart after round {after_round} is paired",
        "the pairings from the next round on are made with a restriction the earlier rounds did not have",
        Breach.CONFIGURATION,
        after_round,
    )


def tiebreaks_changed(previous: Sequence[str], codes: Sequence[str], after_round: int) -> Caution:
    """Q201-202: changing the tie-break list after the start is a level 4 warning, written to the TRF with
    the round and the previous list."""
    return Caution(
        Level.CONFIRM_TWICE,
        "Q201",
        f"tie-breaks changed to {','.join(codes)} after round {after_round}; previous list {','.join(previous)}",
        "the standings, including those already published, are ranked by the new list; the TRF records the "
        "change with the previous list (Q202)",
        Breach.TIEBREAKS_CHANGED,
        after_round,
    )


def full_point_bye(number: int, round_number: int) -> Caution:
    """Q177-179: a full-point bye for an individual is allowed but deprecated (level 2), and recorded as a
    `###` line."""
    return Caution(
        Level.ACKNOWLEDGE,
        "Q177",
        f"full-point bye for player {number} in round {round_number} (deprecated for individual players)",
        breach=Breach.FULL_POINT_BYE,
        round=round_number,
    )


def half_byes_over_limit(number: int, round_number: int, taken: int, limit: int) -> Caution:
    """Q174: a half-point bye past the tournament's limit is a level 3 warning, not a silent refusal."""
    return Caution(
        Level.CONFIRM,
        "Q174",
        f"half-point bye for player {number} in round {round_number}: their half-point bye number {taken}, over "
        f"the tournament's limit of {limit} (max_half_byes)",
    )


def acceleration_changed(previous: str, method: str, after_round: int) -> Caution:
    """Q109-110: the acceleration method is not removed or changed after round 1 (level 5)."""
    return Caution(
        Level.REFUSE,
        "Q109",
        f"change the acceleration from {previous or 'none'} to {method or 'none'} after round {after_round}",
        "the pairing scores of the rounds already paired were made with the previous method",
        Breach.CONFIGURATION,
        after_round,
    )


def numbers_exchanged(first: int, second: int, after_round: int) -> Caution:
    """Q148-154: exchanging two pairing numbers once round 1 is paired is a level 3 warning and a
    pairing-integrity-breaching event."""
    return Caution(
        Level.CONFIRM,
        "Q148",
        f"pairing numbers of players {first} and {second} exchanged after round {after_round}",
        breach=Breach.NUMBER_EXCHANGE,
        round=after_round,
    )


def numbers_regenerated(what: str, after_round: int) -> Caution:
    """Q148-154: regenerating the pairing numbers once round 1 is paired is a level 4 warning and a
    pairing-integrity-breaching event (possible until round 4 is paired, C.04.2 Art. 2.3)."""
    return Caution(
        Level.CONFIRM_TWICE,
        "Q148",
        f"pairing numbers regenerated after round {after_round}: {what}",
        "players change pairing number from the next round on; the rounds already paired keep the numbers "
        "they were paired with",
        Breach.RENUMBERING,
        after_round,
    )
