"""`ledger.event_type` (docs/performance.md, "Start-up, session 5 (second pass)" and "Start-up, session 6"): the
ledger's event classes are frozen dataclasses made without their own `__repr__`, `__eq__`, `__hash__`,
`__setattr__` and `__delattr__`, which they share; the shared methods mean what the standard library's
generated ones mean."""

from __future__ import annotations

import dataclasses
import inspect
from datetime import UTC, datetime
from uuid import uuid4

import pytest

from ledger.domain import Round, Tournament
from ledger.event_type import EventMethods


def result(board: int = 1, result: str = "1-0", **changed: object) -> Round.ResultRecorded:
    fields = {
        "originator_id": ORIGINATOR,
        "originator_version": 3,
        "timestamp": WHEN,
        "board": board,
        "first": 1,
        "second": 2,
        "result": result,
        "actor": "arbiter",
    }
    names = {f.name for f in dataclasses.fields(Round.ResultRecorded)}
    return Round.ResultRecorded(**{k: v for k, v in (fields | changed).items() if k in names})


ORIGINATOR = uuid4()
WHEN = datetime(2026, 11, 25, 23, 0, tzinfo=UTC)


def standard(event: object) -> type:
    """The same fields as a dataclass made the standard way, to compare the methods with."""
    made = dataclasses.make_dataclass(
        type(event).__qualname__, [(f.name, f.type) for f in dataclasses.fields(event)], frozen=True
    )
    made.__qualname__ = type(event).__qualname__
    return made


def as_standard(event: object) -> object:
    return standard(event)(**{f.name: getattr(event, f.name) for f in dataclasses.fields(event)})


SHARED = ("__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__")


def test_event_classes_share_one_repr_eq_hash_setattr_and_delattr() -> None:
    events = [
        v for a in (Tournament, Round) for v in vars(a).values() if isinstance(v, type) and issubclass(v, a.Event)
    ]
    assert len(events) > 30
    for event in events:
        assert set(SHARED) & set(vars(event)) == set(), event
        assert all(getattr(event, name) is getattr(EventMethods, name) for name in SHARED), event
        assert dataclasses.is_dataclass(event) and event.__dataclass_params__.frozen


def test_other_frozen_dataclasses_keep_their_own_setattr() -> None:
    """Only the ledger's event classes share them: any other frozen dataclass is made as the standard
    library makes it, refusing assignment with its own methods."""
    made = dataclasses.make_dataclass("Other", [("board", int)], frozen=True)
    assert {"__setattr__", "__delattr__"} <= set(vars(made))
    with pytest.raises(dataclasses.FrozenInstanceError):
        made(1).board = 2


def test_equal_fields_are_equal_events_and_any_difference_is_not() -> None:
    assert result() == result()
    assert result() != result(board=2)
    assert result() != result(result="0-1")
    assert result() != as_standard(result())  # another class with the same fields, as a dataclass's __eq__
    assert (result() == result(board=2)) == (as_standard(result()) == as_standard(result(board=2)))


def test_repr_and_hash_are_the_dataclass_ones() -> None:
    event = result()
    assert repr(event) == repr(as_standard(event))
    assert repr(event).startswith("Round.ResultRecorded(originator_id=")
    assert hash(event) == hash(as_standard(event))


@pytest.mark.parametrize("name", ["board", "result", "not_a_field"])
def test_an_event_stays_frozen(name: str) -> None:
    """As the standard library's frozen dataclass: no field nor any other attribute is assigned or
    deleted, with the same error and message."""
    event, standard_event = result(), as_standard(result())
    for target in (event, standard_event):
        with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot assign to field '{name}'"):
            setattr(target, name, 2)
        with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot delete field '{name}'"):
            delattr(target, name)
    assert event == result()


def test_init_takes_the_fields_as_the_generated_one_does() -> None:
    """The shared `__init__`: the standard dataclass's signature (`self` first, as `MetaDomainEvent`
    sets it), the fields set in their order (the order of the stored state), positional arguments bound
    in that order, and a missing or unknown argument refused."""
    event = result()
    standard_class = standard(event)
    assert inspect.signature(type(event)) == inspect.signature(standard_class.__init__)
    names = [f.name for f in dataclasses.fields(event)]
    assert list(vars(event)) == names
    values = [getattr(event, name) for name in names]
    assert Round.ResultRecorded(*values) == event
    assert Round.ResultRecorded(*values[:3], **{n: getattr(event, n) for n in names[3:]}) == event
    with pytest.raises(TypeError):
        Round.ResultRecorded(*values[:-1])
    with pytest.raises(TypeError):
        standard_class(*values[:-1])
    with pytest.raises(TypeError):
        Round.ResultRecorded(*values, board=1)
    with pytest.raises(TypeError):
        Round.ResultRecorded(**{n: getattr(event, n) for n in names}, seat=1)


def test_init_runs_the_originator_check() -> None:
    """eventsourcing's `__post_init__` still refuses an originator id that is not a UUID."""
    with pytest.raises(TypeError, match="non-UUID originator_id"):
        result(originator_id="not-a-uuid")


def test_an_event_class_with_a_field_init_would_not_set_is_refused() -> None:
    with pytest.raises(TypeError, match="all set by __init__"):

        class Odd(Round.Event):
            TOPIC = "test:Odd"
            marks: list[int] = dataclasses.field(default_factory=list)
