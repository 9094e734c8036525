"""`ledger.event_type` (docs/performance.md, "Start-up, session 5 (second pass)"): the ledger's event classes are
frozen dataclasses made without their own `__repr__`, `__eq__` and `__hash__`, which they share; the
shared methods mean what the standard library's generated ones mean."""

from __future__ import annotations

import dataclasses
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


def test_event_classes_share_one_repr_eq_and_hash() -> None:
    events = [
        v for a in (Tournament, Round) for v in vars(a).values() if isinstance(v, type) and issubclass(v, a.Event)
    ]
    assert len(events) > 30
    for event in events:
        assert {"__repr__", "__eq__", "__hash__"} & set(vars(event)) == set(), event
        assert event.__repr__ is EventMethods.__repr__ and event.__eq__ is EventMethods.__eq__
        assert dataclasses.is_dataclass(event) and event.__dataclass_params__.frozen


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


def test_an_event_stays_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        result().board = 2  # type: ignore[misc]
