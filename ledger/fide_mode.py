"""FIDE mode and the checklist's warning levels (docs/fide-mode.md, "Warning levels").

FIDE endorses a pairing program in its "FIDE mode" (docs/fide-mode.md, Q40-46): a per-tournament flag,
on by default for the FIDE Swiss systems and for imported TRF files, that can be left (a level 4
warning, recorded, never undone) but not re-entered. In FIDE mode the checklist grades how the program
warns before a step that needs care, by level:

- level 2, acknowledge: the step is done and the warning shown;
- level 3, confirm or cancel: the step is refused until the arbiter confirms it;
- level 4, confirm twice, with the consequences shown: as level 3, and the consequence is stated;
- level 5, refuse: the step is not possible in FIDE mode (outside it, it is a level 4 warning).

A warning is a `Caution`; a command raises it through `Ledger.caution`, which refuses with
`ConfirmationNeeded` until the command runs confirmed (the CLI's `--yes`, the desk's dialog) and records
every confirmed warning as an event, so that the log shows what the arbiter was told and accepted.

A pairing-integrity-breaching event (PIBE, Q112-115) is a change to what a published pairing was made
from; its caution names its `Breach`, which the TRF export writes as a `###` line (Q113). The warnings
themselves, one function each, are in `ledger.cautions` and `ledger.hand_pairing`.
"""

from __future__ import annotations

from enum import Enum, IntEnum
from typing import NamedTuple


class Level(IntEnum):
    """The checklist's warning levels (docs/fide-mode.md, "Warning levels")."""

    ACKNOWLEDGE = 2
    CONFIRM = 3
    CONFIRM_TWICE = 4
    REFUSE = 5


class Breach(Enum):
    """The kinds of pairing-integrity-breaching event (Q112), with the word the TRF's `###` line starts
    with (Q113: `### Correction @ Round n: ...`)."""

    MANUAL_PAIRING = "MPA"
    IMPORT = "Import"
    RENUMBERING = "TPN Regeneration"
    NUMBER_EXCHANGE = "TPN Exchange"
    CORRECTION = "Correction"
    ADJOURNMENT = "Adjournment"
    CONFIGURATION = "Configuration"
    FIDE_MODE_LEFT = "FIDE mode left"
    FULL_POINT_BYE = "Full-point bye"
    TIEBREAKS_CHANGED = "Tie-breaks changed"


class Caution(NamedTuple):
    """A warning of the checklist (docs/fide-mode.md): its `level`, the `question` it answers (e.g. "Q115"),
    what the arbiter is told, and for level 4 the consequence stated before the second confirmation.
    `breach` and `round` mark a pairing-integrity-breaching event and the round it concerns; `undoes` is the
    log position of the breach this one takes back (Q114, `Ledger.undo_breach`), 0 for any other. (A named
    tuple: `arbiter` loads this module at start-up, before it needs attrs.)"""

    level: Level
    question: str
    text: str
    consequence: str = ""
    breach: Breach | None = None
    round: int = 0
    undoes: int = 0

    def in_mode(self, fide_mode: bool) -> Caution:
        """Outside FIDE mode nothing is refused outright: a level 5 warning asks as level 4."""
        if self.level is Level.REFUSE and not fide_mode:
            return self._replace(level=Level.CONFIRM_TWICE)
        return self

    @property
    def needs_confirmation(self) -> bool:
        return self.level in (Level.CONFIRM, Level.CONFIRM_TWICE)

    def trf_comment(self) -> str:
        """The TRF comment of a breach (Q113), after its `###`: `Kind @ Round n: text`."""
        kind = self.breach.value if self.breach else "Warning"
        return f"{kind} @ Round {self.round}: {self.text}"

    def as_event(self) -> dict[str, object]:
        return {
            "level": int(self.level),
            "question": self.question,
            "text": self.text,
            "consequence": self.consequence,
            "breach": self.breach.value if self.breach else "",
            "round": self.round,
        } | ({"undoes": self.undoes} if self.undoes else {})

    @classmethod
    def from_event(cls, state: dict[str, object]) -> Caution:
        breach = str(state["breach"])
        return cls(
            Level(int(str(state["level"]))),
            str(state["question"]),
            str(state["text"]),
            str(state["consequence"]),
            Breach(breach) if breach else None,
            int(str(state["round"])),
            int(str(state.get("undoes", 0))),
        )


Confirmation = bool | frozenset[Caution]
"""What the arbiter confirmed of a command's warnings: all of them (True, the CLI's `--yes`), none
(False), or those named, each with the lesser warnings of the same command (`confirms`)."""


def confirms(confirmed: Confirmation, caution: Caution) -> bool:
    """Whether `confirmed` answers `caution` (level 3 or 4): `--yes`, or the arbiter confirmed this warning,
    or one of a higher level in the same command, whose question was the stronger (leaving FIDE mode to
    correct an earlier round, level 4, covers the correction's own level 3). A warning of the same or a
    higher level than every one confirmed is asked in its turn (a hand pairing's rematch, level 3, does not
    confirm its difference from the engine's pairing, level 4)."""
    if confirmed is True:
        return True
    if confirmed is False:
        return False
    return caution in confirmed or any(caution.level < other.level for other in confirmed)


FIDE_MODE_BY_DEFAULT = frozenset({"dutch", "dubov", "burstein"})
"""Q40: FIDE mode is on by default for the FIDE Swiss systems (C.04.3, C.04.4); a round robin
(C.05) may opt in; other games' systems have no FIDE mode."""

FIDE_MODE_MAY = FIDE_MODE_BY_DEFAULT | {"round-robin"}
"""The systems a tournament may be in FIDE mode with."""


def default_fide_mode(game: str, system: str) -> bool:
    """Q40: on for a chess tournament paired by a FIDE Swiss system unless `arbiter new --no-fide-mode`."""
    return game == "chess" and system in FIDE_MODE_BY_DEFAULT
