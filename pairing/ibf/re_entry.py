"""Re-entry Olympic system: IBF Pairing Rules 1.7 and 3.3. System name ``re-entry``.

3.3.1: "In the case of an incomplete bracket in the Olympic system, if provided for by the competition
regulations, a player who has lost a match may re-enter the competition."

3.3.2: "The Re-entry Olympic System differs from the Double-Elimination System in that a player re-enters
the same bracket where they lost their match and fills an available slot in the round. The placement in
the tournament bracket upon re-entry is determined by either a manual or computer pairing. The number of
players who can re-enter the competition depends on the number of slots that need to be filled in the
bracket."

3.3.3: "A player who is paired to a virtual opponent in the first round as a result of the pairing does not
automatically advance to the second round but instead waits for a player who will re-enter the
competition."

3.3.4: "The number of re-entries permitted for a single player is governed by the competition regulations."

Readings (docs/research/tsh-backgammon-brackets.md §5.2 R1-R7, docs/brackets.md):

- R1: the available slots are the round-1 places of the virtual players (P - N of them); with a complete
  bracket there is no re-entry and the system is single elimination.
- R3: tournament round 1 plays the round-1 matches between two players while the top seeds facing virtual
  players wait; each following tournament round is a *re-entry round* (at most ``reentry_rounds``, default
  1) in which waiting players meet re-entrants, as long as slots are open; then bracket round 2 and on.
- R2: who re-enters: the losers of the previous tournament round (round 1, then the losers of the previous
  re-entry round) who are not withdrawn (declining re-entry is recorded as a withdrawal) and have
  re-entered fewer than ``reentries`` times (default 1). Placement: ``reentry_order`` = ``draw`` (the
  default: candidates drawn with the round's seed, slots from the top of the sheet) or ``seed`` (the best
  seed first, into the slot of the weakest waiting seed). A re-entrant takes the virtual player's line.
- R4: more candidates than open slots: the extra candidates are out. Fewer: the remaining slots stay open
  for the next re-entry round; in the last one, or when no candidate is left, the window closes and each
  waiting player still without an opponent advances with 1 point without playing (as 3.1.1).
- R7: places as in single elimination, by the round of the last loss; a re-entrant's first loss does
  not count.

Options: ``draw``, ``third_place`` (as in 3.1), ``reentry_rounds``, ``reentries``, ``reentry_order``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import ClassVar

from attrs import frozen

from pairing.ibf.brackets import (
    VIRTUAL,
    BracketView,
    Feed,
    FeedKind,
    Layout,
    MatchSpec,
    MatchState,
    Slot,
    SlotKind,
    bracket_size,
    decided_winner,
    evaluate,
    occupant,
    pair_session,
    seeding,
    single_elimination_layout,
    views,
)
from pairing.ibf.common import drawn, option_choice, option_int, option_yes, record_of
from pairing.ibf.single_elimination import places
from pairing.model import Decision, Entrant, NoValidPairing, PairingInput, PairingOutcome, PlayerStatus

ARTICLE = "3.3"


@frozen
class Wave:
    """One re-entry round."""

    session: int
    candidates: tuple[int, ...]
    """Eligible players, in placement order."""
    placed: tuple[tuple[str, int], ...]
    """(slot label, re-entrant)."""
    closed: tuple[str, ...]
    """Slots whose waiting player advanced by walkover when the window closed."""
    out: tuple[int, ...]
    """Candidates left without a slot."""


@frozen
class Settings:
    rounds: int
    per_player: int
    order: str
    third_place: bool


def settings(request: PairingInput) -> Settings:
    return Settings(
        rounds=option_int(request, "reentry_rounds", 1, minimum=1),
        per_player=option_int(request, "reentries", 1, minimum=0),
        order=option_choice(request, "reentry_order", "draw", ("draw", "seed")),
        third_place=option_yes(request, "third_place", False),
    )


def _layout(entrants: int, config: Settings, offset: int, slot_session: Mapping[str, int]) -> Layout:
    """Single elimination with the virtual players' round-1 places turned into re-entry slots: slot matches
    in their re-entry round, bracket round r >= 2 in tournament round r + `offset`."""
    base = single_elimination_layout(entrants, config.third_place, lambda r: r if r == 1 else r + offset)
    matches = []
    for spec in base.matches:
        if spec.label in slot_session:
            spec = MatchSpec(
                spec.label,
                spec.stage,
                spec.round,
                spec.index,
                "Re-entry round",
                slot_session[spec.label],
                spec.top,
                Feed(FeedKind.RE_ENTRANT, match=spec.label),
            )
        matches.append(spec)
    matches.sort(key=lambda m: (m.session, m.stage != "main", m.round, m.index))
    return Layout("re-entry", entrants, base.size, tuple(matches))


def replace_session(spec: MatchSpec, session: int) -> MatchSpec:
    return MatchSpec(spec.label, spec.stage, spec.round, spec.index, spec.round_name, session, spec.top, spec.bottom)


def _slots(entrants: int) -> list[str]:
    """Labels of the round-1 matches against a virtual player, top of the sheet first."""
    base = single_elimination_layout(entrants)
    return [m.label for m in base.matches if m.round == 1 and m.bottom.seed > entrants]


def state(
    request: PairingInput,
) -> tuple[Layout, tuple[int, ...], tuple[MatchState, ...], tuple[Wave, ...], list[Decision]]:
    """The bracket with its re-entry rounds, as of the histories in `request`."""
    config = settings(request)
    seeds, notes = seeding(request)
    n = len(seeds)
    size = bracket_size(n)
    slots = _slots(n)
    players = request.by_number
    if not slots:
        notes.insert(0, Decision("3.3.1", f"{n} players fill the bracket of {size}: no re-entry; single elimination"))
        bracket_layout = _layout(n, config, 0, {})
        return bracket_layout, seeds, evaluate(bracket_layout, seeds, players, request.round), (), notes
    notes.insert(
        0,
        Decision(
            "3.3.1",
            f"{n} players in a bracket of {size}: {len(slots)} slot(s) open for re-entry, up to "
            f"{config.rounds} re-entry round(s), {config.per_player} re-entr(y/ies) per player",
        ),
    )
    provisional = _layout(n, config, config.rounds, dict.fromkeys(slots, 2))
    first = evaluate(provisional, seeds, players, min(request.round, 2))
    waiting = {s.spec.label: s.top.player for s in first if s.spec.label in slots and s.top.player is not None}
    losers = [s.loser.player for s in first if s.spec.round == 1 and s.spec.label not in slots and s.loser.player]
    open_slots = list(slots)
    slot_session: dict[str, int] = {}
    reentrants: dict[str, Slot] = {}
    counts: Counter[int] = Counter()
    waves: list[Wave] = []
    for number in range(1, config.rounds + 1):
        session = 1 + number
        if not open_slots or session > request.round:
            break
        eligible = [p for p in losers if counts[p] < config.per_player]
        if session < request.round:
            wave = _recorded_wave(session, open_slots, waiting, eligible, players)
        else:
            able = [p for p in eligible if players[p].status is not PlayerStatus.WITHDRAWN]
            wave = _placed_wave(request, session, open_slots, waiting, able, seeds, config, number)
        waves.append(wave)
        losers = []
        for label, player in wave.placed:
            reentrants[label] = occupant(player)
            slot_session[label] = session
            counts[player] += 1
            if session < request.round:
                spec = replace_session(provisional.spec(label), session)
                winner, _ = decided_winner(spec, waiting[label], player, players)
                if winner is not None:
                    losers.append(player if winner == waiting[label] else waiting[label])
        for label in wave.closed:
            reentrants[label] = VIRTUAL
            slot_session[label] = session
        open_slots = [label for label in open_slots if label not in slot_session]
    offset = len(waves)
    if open_slots:
        offset += 1
        slot_session.update(dict.fromkeys(open_slots, 1 + offset))
    bracket_layout = _layout(n, config, offset, slot_session)
    states = evaluate(bracket_layout, seeds, players, request.round, reentrants)
    return bracket_layout, seeds, states, tuple(waves), notes


def _recorded_wave(
    session: int,
    open_slots: Sequence[str],
    waiting: Mapping[str, int],
    candidates: Sequence[int],
    players: Mapping[int, Entrant],
) -> Wave:
    """A re-entry round already paired: who faced each waiting player, from the histories."""
    placed, closed = [], []
    for label in open_slots:
        holder = waiting[label]
        record = record_of(players[holder], session)
        if record is None:
            continue
        if record.opponent is not None:
            if record.opponent not in candidates:
                raise NoValidPairing(
                    f"round {session}: {record.opponent} is recorded against waiting player {holder}, but was not "
                    "eligible to re-enter (3.3)"
                )
            placed.append((label, record.opponent))
        elif record.bye is not None:
            closed.append(label)
    chosen = {p for _, p in placed}
    return Wave(
        session, tuple(candidates), tuple(placed), tuple(closed), tuple(p for p in candidates if p not in chosen)
    )


def _placed_wave(
    request: PairingInput,
    session: int,
    open_slots: Sequence[str],
    waiting: Mapping[str, int],
    candidates: Sequence[int],
    seeds: Sequence[int],
    config: Settings,
    number: int,
) -> Wave:
    """The re-entry round being paired: candidates in placement order into the open slots (R2, R4)."""
    seed_of = {p: s for s, p in enumerate(seeds, 1)}
    if config.order == "draw":
        ordered = list(drawn(candidates, request.seed, f"3.3 re-entry round {number}"))
        slots = list(open_slots)
    else:
        ordered = sorted(candidates, key=seed_of.__getitem__)
        slots = sorted(open_slots, key=lambda label: -seed_of[waiting[label]])
    placed = tuple(zip(slots, ordered, strict=False))
    left = slots[len(placed) :]
    closing = number == config.rounds or not ordered
    return Wave(
        session,
        tuple(ordered),
        placed,
        tuple(left) if closing else (),
        tuple(ordered[len(placed) :]),
    )


def bracket(request: PairingInput) -> BracketView:
    """The bracket with its re-entry rounds as data (`pairing.ibf.brackets.BracketView`)."""
    bracket_layout, seeds, states, _, _ = state(request)
    return views(bracket_layout, seeds, states, places(states, bracket_layout.size.bit_length() - 1))


class ReEntry:
    """The ``re-entry`` system: IBF Pairing Rules 3.3."""

    name: ClassVar[str] = "re-entry"
    version: ClassVar[str] = "1.0.0"
    rules_edition: ClassVar[str] = "IBF Pairing Rules, Article 3.3"

    def pair(self, request: PairingInput) -> PairingOutcome:
        """Round 1, a re-entry round, or a bracket round, as `request.round` falls."""
        _, _, states, waves, notes = state(request)
        if request.round == 1:
            for s in states:
                if s.bottom.kind is not SlotKind.PLAYER and s.spec.bottom.kind is FeedKind.RE_ENTRANT:
                    notes.append(Decision("3.3.3", f"{s.top} faces a virtual player and waits for a re-entrant"))
        for wave in waves:
            if wave.session != request.round:
                continue
            for label, player in wave.placed:
                notes.append(Decision("3.3.2", f"{player} re-enters into slot {label}"))
            if wave.out:
                listed = ", ".join(map(str, wave.out))
                notes.append(Decision("3.3.2", f"more losers than slots: {listed} cannot re-enter"))
            if wave.closed:
                notes.append(
                    Decision("3.3.2", f"re-entry closes with {len(wave.closed)} slot(s) unfilled: walkovers (R4)")
                )
        return pair_session(request, states, ARTICLE, notes)
