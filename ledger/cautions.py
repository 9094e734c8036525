"""The checklist's warnings (docs/fide-mode.md): leaving FIDE mode (Q43), corrections and configuration
changes (Q112-115, Q189-193), imports (Q56), adjourned games (Q157-169), byes, prohibited pairs,
tie-breaks, acceleration and pairing numbers (Q106-111, Q147-154, Q170-188, Q194-196, Q201-202), and the
undos of breaches (Q114): one function per warning, giving its level, its question and what the arbiter
is told (the hand pairing's are with it, in `ledger.hand_pairing`). `Ledger` raises them through
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


def leaving_fide_mode(after_round: int) -> Caution:
    """Q43: leaving FIDE mode is a level 4 warning with its consequences stated."""
    return Caution(
        Level.CONFIRM_TWICE,
        "Q43",
        f"leave FIDE mode after round {after_round}",
        "FIDE mode can never be entered again (Q45); every view will show this tournament as not in FIDE "
        "mode (Q46), and its TRF records the round it was left in (Q44).",
        Breach.FIDE_MODE_LEFT,
        after_round,
    )


def result_change(round_number: int, last_paired: int, what: str) -> Caution | None:
    """Q189-191 and Q190: in FIDE mode a result may be changed in the round in play (the last paired
    round: no warning) and in the previous round, whose change is a Correction breach (Q112) because the
    round in play was paired from it (level 3, Q115); an earlier round is refused (level 5) until the
    tournament has left FIDE mode, after which it asks twice (level 4)."""
    if round_number >= last_paired:
        return None
    if round_number == last_paired - 1:
        return Caution(
            Level.CONFIRM,
            "Q190",
            f"{what} (round {last_paired} was paired from it)",
            breach=Breach.CORRECTION,
            round=round_number,
        )
    return Caution(
        Level.REFUSE,
        "Q189",
        f"{what}: only the previous round ({last_paired - 1}) may be corrected",
        f"round {round_number} is earlier than the previous round; rounds {round_number + 1}-{last_paired} were "
        "paired from it and stay as published. A correction for the rating report alone changes neither "
        "pairings nor standings.",
        Breach.CORRECTION,
        round_number,
    )


def configuration_change(last_paired: int, what: str) -> Caution | None:
    """Q112, Q115: a change of what the engine pairs by (the number of rounds, ...) once round 1 is paired
    is a Configuration breach, a level 3 warning; before round 1 it is only the set-up."""
    if not last_paired:
        return None
    return Caution(Level.CONFIRM, "Q115", what, breach=Breach.CONFIGURATION, round=last_paired)


def imported(source: str, rounds: int) -> Caution:
    """Q56, Q112: a tournament imported from a file is in FIDE mode, and the import is a breach recorded
    (the rounds it brings were not paired by this program), acknowledged (level 2)."""
    return Caution(Level.ACKNOWLEDGE, "Q56", f"imported from {source}", breach=Breach.IMPORT, round=rounds)


def adjourned_at_pairing(round_number: int, boards: Sequence[int]) -> Caution:
    """Q159-160: games without a result when the next round is paired are adjourned, a level 2 warning."""
    return Caution(
        Level.ACKNOWLEDGE,
        "Q160",
        f"round {round_number} board(s) {', '.join(map(str, boards))} adjourned: counted as draws for pairing "
        "until their results are entered",
        round=round_number,
    )


def adjourned_before(round_number: int, boards: Sequence[int]) -> Caution:
    """Q168: an adjourned game from a round before the last completed one still has no result."""
    return Caution(
        Level.ACKNOWLEDGE,
        "Q168",
        f"round {round_number} board(s) {', '.join(map(str, boards))} are still adjourned, counted as draws",
        round=round_number,
    )


def adjourned_result(round_number: int, board: int, code: str) -> Caution:
    """Q163: a result other than a draw for an adjourned game changes what later pairings counted."""
    return Caution(
        Level.CONFIRM,
        "Q163",
        f"board {board} was adjourned and counted as a draw for pairing; its result is {code}",
        breach=Breach.ADJOURNMENT,
        round=round_number,
    )


def adjourned_result_undone(position: int, round_number: int, board: int, code: str) -> Caution:
    """Q114 for Q163: the undo of an adjourned game's non-draw result voids it; the game is adjourned without a
    result again and counts as a draw for pairing, as before the breach (level 3, as the breach)."""
    return Caution(
        Level.CONFIRM,
        "Q163",
        f"undo the breach at position {position}: void {code} on round {round_number} board {board}; the game is "
        "adjourned again, a draw for pairing",
        breach=Breach.ADJOURNMENT,
        round=round_number,
    )


def hand_pairing_undone(position: int, round_number: int, republished: bool) -> Caution:
    """Q114 for Q69: the undo of an MPA withdraws the round's hand pairing (level 3, Q115) and, when it
    replaced a published pairing, publishes that pairing again."""
    then = "publish again the pairing it replaced" if republished else "the round is unpaired, as before it"
    return Caution(
        Level.CONFIRM,
        "Q114",
        f"undo the breach at position {position}: withdraw round {round_number}'s hand pairing; {then}",
        breach=Breach.MANUAL_PAIRING,
        round=round_number,
    )
