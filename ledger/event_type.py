"""The ledger's event classes as cheaper frozen dataclasses (docs/performance.md, "Start-up, session 5 (second pass)").

eventsourcing makes every event class a frozen dataclass (`MetaDomainEvent`), and the standard library
compiles six functions for each: `__init__`, `__repr__`, `__eq__`, `__hash__`, `__setattr__` and
`__delattr__`. With forty event classes made at import, those compilations were most of what
`ledger.domain` cost to import, so most of what a command cost to start. `LedgerEventType` makes the
same frozen dataclass (the same fields in the same order, the same signature, so the same stored
events) but compiles none of them: `__init__`, `__repr__`, `__eq__`, `__hash__`, `__setattr__` and
`__delattr__` each class inherits instead from `EventMethods`, one function each for every event
class, reading the dataclass fields, with the meaning the standard library gives them
(`tests/ledger/test_event_type.py` compares the two; docs/performance.md, "Start-up, session 6").
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
from typing import Any

from eventsourcing.domain import EventsourcingType, MetaDomainEvent

_standard_frozen_get_del_attr = getattr(dataclasses, "_frozen_get_del_attr", None)
"""The standard library's maker of a frozen dataclass's `__setattr__` and `__delattr__` (a private
function, in CPython 3.10 to 3.13). Where it is missing, nothing is replaced: each event class then has
the standard library's own two methods, which refuse as `EventMethods`' do, at the old import cost."""


def _frozen_get_del_attr(cls: type, *arguments: Any) -> Any:
    """No `__setattr__` and `__delattr__` of its own for a ledger event class (it inherits
    `EventMethods`'), the standard library's for any other frozen dataclass. The standard library calls
    this while making a frozen dataclass, as eventsourcing's `_process_class` is called (which the
    library also replaces in `dataclasses`, for the same classes); what it returns is ignored from
    Python 3.13 on, where the two functions are added to a builder instead."""
    if isinstance(cls, LedgerEventType):
        return ()
    return _standard_frozen_get_del_attr(cls, *arguments)  # type: ignore[misc]


if _standard_frozen_get_del_attr is not None:
    dataclasses._frozen_get_del_attr = _frozen_get_del_attr  # type: ignore[attr-defined]


class LedgerEventType(MetaDomainEvent):
    """The metaclass of the ledger's events: a frozen dataclass with the inherited `EventMethods`."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> Any:
        # A dataclass without a docstring is given its signature as one, which costs a signature per class.
        namespace.setdefault("__doc__", f"The `{name}` event; its fields are what it records.")
        made = EventsourcingType.__new__(mcs, name, bases, namespace)
        made = dataclasses.dataclass(frozen=True, init=False, repr=False, eq=False)(made)
        _refuse_fields_set_otherwise(made)
        return made

    @property
    def __signature__(cls) -> inspect.Signature:
        """The class's signature as `MetaDomainEvent` sets it (the dataclass `__init__`'s, `self`
        first), read when asked for."""
        return _init_signature(cls)


@functools.cache
def _init_signature(event_class: type) -> inspect.Signature:
    """The signature the standard library gives a dataclass's `__init__`: `self`, then the fields
    `__init__` takes, in order, each with its annotation and default."""
    parameters = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    for f in _init_fields(event_class):
        kind = inspect.Parameter.KEYWORD_ONLY if f.kw_only else inspect.Parameter.POSITIONAL_OR_KEYWORD
        default = inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default
        parameters.append(inspect.Parameter(f.name, kind, default=default, annotation=f.type))
    return inspect.Signature(parameters, return_annotation=None)


@functools.cache
def _init_fields(event_class: type) -> tuple[dataclasses.Field[Any], ...]:
    """The fields `__init__` sets, in the dataclass's order (the order of the event's stored state)."""
    return dataclasses.fields(event_class)


@functools.cache
def _init_names(event_class: type) -> frozenset[str]:
    return frozenset(f.name for f in _init_fields(event_class))


def _arguments(event: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
    """The value of every field from `__init__`'s arguments. eventsourcing names every field, which
    is read as given; any other call is bound to the signature, which refuses a missing or unknown
    argument as the generated `__init__` does (`TypeError`), and gives the fields' defaults."""
    event_class = type(event)
    if not args and kwargs.keys() == _init_names(event_class):
        return kwargs
    bound = _init_signature(event_class).bind(event, *args, **kwargs)
    bound.apply_defaults()
    return bound.arguments


def _refuse_fields_set_otherwise(event_class: type) -> None:
    """The shared `__init__` takes every field as an argument, with at most a plain default: a field
    left out of `__init__` or made by a factory would need the generated one."""
    for f in dataclasses.fields(event_class):
        if not f.init or f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{event_class.__qualname__}.{f.name}: a ledger event's fields are all set by __init__")


def _compared(event: Any) -> tuple[Any, ...]:
    """The fields `__eq__` compares."""
    return tuple(getattr(event, f.name) for f in dataclasses.fields(event) if f.compare)


def _hashed(event: Any) -> tuple[Any, ...]:
    """The fields `__hash__` hashes: those compared, unless a field says otherwise."""
    return tuple(getattr(event, f.name) for f in dataclasses.fields(event) if (f.compare if f.hash is None else f.hash))


class EventMethods:
    """`__init__`, `__repr__`, `__eq__`, `__hash__`, `__setattr__` and `__delattr__` of a frozen
    dataclass, for every ledger event class."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Set every field, in the dataclass's order, then run `__post_init__` (eventsourcing's checks
        of the originator id), as the standard library's generated `__init__` does."""
        values = _arguments(self, args, kwargs)
        for f in _init_fields(type(self)):
            object.__setattr__(self, f.name, values[f.name])
        post_init = getattr(self, "__post_init__", None)
        if post_init is not None:
            post_init()

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self) if f.repr)  # type: ignore[arg-type]
        return f"{type(self).__qualname__}({shown})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return _compared(self) == _compared(other)

    def __hash__(self) -> int:
        return hash(_hashed(self))

    def __setattr__(self, name: str, value: object) -> None:
        """A frozen dataclass's: every ledger event class is one (`LedgerEventType` makes each subclass
        one too), so, as the standard library's method of the event's own class, it always refuses."""
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
