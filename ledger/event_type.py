"""The ledger's event classes as cheaper frozen dataclasses (docs/performance.md, "Start-up, session 5 (second pass)").

eventsourcing makes every event class a frozen dataclass (`MetaDomainEvent`), and the standard library
compiles six functions for each: `__init__`, `__repr__`, `__eq__`, `__hash__`, `__setattr__` and
`__delattr__`. With forty event classes made at import, those compilations were most of what
`ledger.domain` cost to import, so most of what a command cost to start. `LedgerEventType` makes the
same frozen dataclass (the same fields in the same order, the same `__init__` and signature, so the
same stored events) but leaves out `__repr__`, `__eq__` and `__hash__`, which each class inherits
instead from `EventMethods`: one function each for every event class, reading the dataclass fields,
with the meaning the standard library gives them (`tests/ledger/test_event_type.py` compares the two).
"""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any

from eventsourcing.domain import EventsourcingType, MetaDomainEvent


class LedgerEventType(MetaDomainEvent):
    """The metaclass of the ledger's events: a frozen dataclass with the inherited `EventMethods`."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> Any:
        # A dataclass without a docstring is given its signature as one, which costs a signature per class.
        namespace.setdefault("__doc__", f"The `{name}` event; its fields are what it records.")
        made = EventsourcingType.__new__(mcs, name, bases, namespace)
        return dataclasses.dataclass(frozen=True, repr=False, eq=False)(made)

    @property
    def __signature__(cls) -> inspect.Signature:
        """The class's signature, its `__init__`'s as `MetaDomainEvent` sets it, read when asked for."""
        return inspect.signature(cls.__init__)


def _compared(event: Any) -> tuple[Any, ...]:
    """The fields `__eq__` compares."""
    return tuple(getattr(event, f.name) for f in dataclasses.fields(event) if f.compare)


def _hashed(event: Any) -> tuple[Any, ...]:
    """The fields `__hash__` hashes: those compared, unless a field says otherwise."""
    return tuple(getattr(event, f.name) for f in dataclasses.fields(event) if (f.compare if f.hash is None else f.hash))


class EventMethods:
    """`__repr__`, `__eq__` and `__hash__` of a frozen dataclass, for every ledger event class."""

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self) if f.repr)  # type: ignore[arg-type]
        return f"{type(self).__qualname__}({shown})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return _compared(self) == _compared(other)

    def __hash__(self) -> int:
        return hash(_hashed(self))
