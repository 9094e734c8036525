"""Who may record what in a signed ledger, checked when a command appends and again by `arbiter verify`.

The key that creates a tournament is its chief arbiter's (its public key is in `Tournament.Created`); the
chief gives other keys a role with `Tournament.KeyGranted`. Appeals go to "a committee of an even number
of neutral, experienced persons not involved in the directing of the present tournament"
(docs/rules/backgammon-tournament-rules-guide.txt, 6.5), so their rulings have a role of their own; the
rest is this project's division of the desk's work (docs/security.md, "Who can do what"):

- deputy arbiters do the desk's work: registrations, byes, pairings, results, corrections before the seal;
- appeal rulings need the appeals role or the chief;
- granting roles, withdrawing a published pairing (unpair, re-pair, rollback), sealing a round and any
  change to a sealed round need the chief;
- a key without a role (or whose role was taken away, "none") records nothing.

A ledger made without keys has no roles: it keeps working, and `verify` says it is unsigned.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from enum import StrEnum
from typing import Any
from uuid import UUID

from attrs import define, field, frozen

from ledger.domain import Round, Tournament
from ledger.errors import LedgerError, Remedy, RemedyAction
from ledger.signed_store import SignatureRow
from ledger.signing import ArbiterKey, fingerprint, public_key_bytes, signature_matches
from ledger.validation import check_event_values


class Role(StrEnum):
    CHIEF = "chief"
    DEPUTY = "deputy"
    APPEALS = "appeals"
    NONE = "none"
    """A role taken away: the key records nothing from then on."""


GRANTABLE = (Role.DEPUTY, Role.APPEALS, Role.NONE)
"""Roles `arbiter grant` gives; there is one chief, the key that created the tournament."""

CHIEF_ONLY_TOPICS = frozenset({Tournament.KeyGranted.TOPIC, Round.PairingWithdrawn.TOPIC, Round.Sealed.TOPIC})
APPEAL_TOPICS = frozenset({Tournament.AppealRuled.TOPIC})


class NotAuthorised(LedgerError):
    """The signing key has no role that allows the command (or the ledger needs a key and none was given)."""


def allowed_roles(topic: str, round_sealed: bool) -> frozenset[Role]:
    """The roles that may record an event of `topic`; `round_sealed`: its round was sealed before it."""
    if topic in CHIEF_ONLY_TOPICS or round_sealed:
        return frozenset({Role.CHIEF})
    if topic in APPEAL_TOPICS:
        return frozenset({Role.CHIEF, Role.APPEALS})
    return frozenset({Role.CHIEF, Role.DEPUTY})


def event_name(topic: str) -> str:
    return topic.rpartition(".")[2]


@define
class KeyRing:
    """The keys of a signed ledger and their roles, as of some position."""

    chief: str
    """The chief arbiter's fingerprint."""
    public_keys: dict[str, bytes] = field(factory=dict)
    roles: dict[str, Role] = field(factory=dict)

    @classmethod
    def of(cls, chief_key: str, grants: Mapping[str, Mapping[str, str]]) -> KeyRing:
        chief_public = bytes.fromhex(chief_key)
        ring = cls(fingerprint(chief_public), {fingerprint(chief_public): chief_public})
        ring.roles[ring.chief] = Role.CHIEF
        for key_fingerprint, grant in grants.items():
            ring.grant(key_fingerprint, grant["public_key"], grant["role"])
        return ring

    def grant(self, key_fingerprint: str, public_key: str, role: str) -> None:
        self.public_keys[key_fingerprint] = bytes.fromhex(public_key)
        self.roles[key_fingerprint] = Role(role)

    def role(self, key_fingerprint: str) -> Role:
        return self.roles.get(key_fingerprint, Role.NONE)

    def refusal(self, key_fingerprint: str, topic: str, round_sealed: bool) -> str | None:
        """Why the key may not record an event of `topic`, or None."""
        role = self.role(key_fingerprint)
        allowed = allowed_roles(topic, round_sealed)
        if role in allowed:
            return None
        needs = " or ".join(sorted(allowed))
        where = " in a sealed round" if round_sealed else ""
        if role is Role.NONE:
            return f"key {key_fingerprint} has no role in this tournament ({event_name(topic)}{where} needs {needs})"
        return f"key {key_fingerprint} is a {role} key; {event_name(topic)}{where} needs {needs}"


def checked_grant(ring: KeyRing, key_fingerprint: str, public_key: str, role: str) -> tuple[str, str, str]:
    """A grant's fingerprint, public key (hex) and role, refused unless the key matches its fingerprint."""
    public = public_key_bytes(public_key)
    key_fingerprint = key_fingerprint.strip().lower().replace(":", "")
    if fingerprint(public) != key_fingerprint:
        raise NotAuthorised(
            f"the public key's fingerprint is {fingerprint(public)}, not {key_fingerprint}",
            Remedy(RemedyAction.SHOW_KEY),
        )
    if key_fingerprint == ring.chief:
        raise NotAuthorised("that is the chief arbiter's own key; the chief's role cannot be changed")
    return key_fingerprint, public.hex(), Role(role).value


# --- when a command appends ----------------------------------------------------------------------


Grants = Mapping[str, Mapping[str, str]]
"""Fingerprint -> {"role", "public_key"}, as `Tournament.keys` holds them."""


def admit(
    aggregates: Sequence[Any], key: ArbiterKey | None, chief_key: Callable[[], str], granted: Callable[[], Grants]
) -> None:
    """Refuse, before anything is stored, the aggregates' pending events if a value may not be stored
    (`ledger.validation`) or the signing key may not record them. `chief_key()`: the stored tournament's
    chief key ("" without keys); `granted()`: its stored grants, asked for only when no Tournament is saved."""
    pending = [(aggregate, event) for aggregate in aggregates for event in getattr(aggregate, "pending_events", ())]
    for _, event in pending:
        check_event_values(event)
    if any(isinstance(event, Tournament.Created) for _, event in pending):
        return  # the key that creates a tournament is its chief's
    chief = chief_key()
    if not chief:
        if key is not None:
            raise NotAuthorised(
                "this ledger was made without arbiter keys, so its events are not signed",
                Remedy(RemedyAction.SIGN_NOTHING),
            )
        return
    if key is None:
        raise NotAuthorised("this ledger is signed", Remedy(RemedyAction.GIVE_KEY))
    held = next((aggregate for aggregate in aggregates if isinstance(aggregate, Tournament)), None)
    ring = KeyRing.of(chief, held.keys if held is not None else granted())
    for aggregate, event in pending:
        problem = ring.refusal(key.fingerprint, type(event).TOPIC, sealed_before(aggregate))
        if problem is not None:
            raise NotAuthorised(f"{problem}; nothing was recorded", Remedy(RemedyAction.GRANT_ROLE))


def sealed_before(aggregate: Any) -> bool:
    """Whether `aggregate` is a round that was sealed before the events it is about to save."""
    return (
        isinstance(aggregate, Round)
        and aggregate.sealed_at is not None
        and not any(isinstance(event, Round.Sealed) for event in aggregate.pending_events)
    )


# --- verify ------------------------------------------------------------------------------------


@frozen
class SignedEvent:
    """What `verify_signatures` reads per event: its position, stream, topic, stored link and, for
    `Tournament.Created` and `Tournament.KeyGranted`, the decoded event."""

    position: int
    stream_id: UUID
    topic: str
    link: bytes
    event: Any = None


@frozen
class SignatureReport:
    """What `arbiter verify` says about signatures."""

    signed: bool
    """False for a ledger made without keys."""
    keys: tuple[tuple[str, str, int], ...] = ()
    """(fingerprint, role at the end of the log, events it signed), the chief first."""
    session_users: tuple[tuple[str, int], ...] = ()
    """(database user, events written as that user), on PostgreSQL."""
    first_bad_position: int | None = None
    problem: str = ""

    @property
    def ok(self) -> bool:
        return self.first_bad_position is None


def verify_signatures(events: Iterable[SignedEvent], rows: Iterable[SignatureRow]) -> SignatureReport:
    """Check every event's signature, that its key had a role allowing it then, and name the keys."""
    stored = {row.position: row for row in rows}
    users = Counter(row.session_user for row in stored.values() if row.session_user)
    ring: KeyRing | None = None
    signed_by: Counter[str] = Counter()
    sealed_rounds: set[UUID] = set()
    for item in events:
        if ring is None:
            chief_key = getattr(item.event, "chief_key", "")
            if not chief_key:
                return SignatureReport(False, session_users=tuple(users.most_common()))
            ring = KeyRing.of(chief_key, {})
        signer, problem = _signer(ring, item, stored.get(item.position), item.stream_id in sealed_rounds)
        if problem:
            return SignatureReport(
                True, _key_table(ring, signed_by), tuple(users.most_common()), item.position, problem
            )
        signed_by[signer] += 1
        if item.topic == Tournament.KeyGranted.TOPIC:
            ring.grant(item.event.fingerprint, item.event.public_key, item.event.role)
        elif item.topic == Round.Sealed.TOPIC:
            sealed_rounds.add(item.stream_id)
    if ring is None:
        return SignatureReport(False, session_users=tuple(users.most_common()))
    return SignatureReport(True, _key_table(ring, signed_by), tuple(users.most_common()))


def _signer(ring: KeyRing, item: SignedEvent, row: SignatureRow | None, round_sealed: bool) -> tuple[str, str]:
    """The fingerprint that signed the event, and what is wrong with its signature or authority ("" if nothing)."""
    if row is None or row.fingerprint is None or row.signature is None:
        return "", "the event is not signed, in a signed ledger"
    public_key = ring.public_keys.get(row.fingerprint)
    if public_key is None:
        return row.fingerprint, f"signed by key {row.fingerprint}, which was never given a role in this tournament"
    if not signature_matches(public_key, item.link, row.session_user, row.signature):
        return row.fingerprint, (
            f"the signature by key {row.fingerprint} does not match the event: the event or its signature was changed"
        )
    if item.topic == Tournament.KeyGranted.TOPIC and fingerprint(bytes.fromhex(item.event.public_key)) != (
        item.event.fingerprint
    ):
        return row.fingerprint, "the granted public key does not match the granted fingerprint"
    return row.fingerprint, ring.refusal(row.fingerprint, item.topic, round_sealed) or ""


def _key_table(ring: KeyRing, signed_by: Counter[str]) -> tuple[tuple[str, str, int], ...]:
    order = [ring.chief, *(key for key in ring.roles if key != ring.chief)]
    return tuple((key, ring.role(key).value, signed_by[key]) for key in order)


DECODED_TOPICS = frozenset({Tournament.Created.TOPIC, Tournament.KeyGranted.TOPIC})
"""The events whose payload `verify_signatures` reads: they name the keys."""


def signed_events(rows: Iterable[Any], decode: Any) -> Iterator[SignedEvent]:
    """`SignedEvent`s of the chain's rows (`ledger.persistence.ChainRow`); `decode(row)` gives a row's domain event."""
    for row in rows:
        event = decode(row) if row.topic in DECODED_TOPICS else None
        yield SignedEvent(row.position, UUID(str(row.stream_id)), row.topic, row.link or b"", event)
