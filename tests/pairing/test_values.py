"""`pairing.values.value`: attrs' frozen classes with shared `__eq__`, `__hash__` and `__repr__`
(docs/performance.md, "Start-up, session 7") behave as `attrs.frozen`'s own, compared here with a twin
class of the same fields made by `attrs.frozen`."""

from __future__ import annotations

from decimal import Decimal

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pairing.trf.document import Colour, PlayerRecord, ResultCode, RoundEntry
from pairing.values import value


@value(kw_only=True)
class Shared:
    number: int
    name: str = ""
    note: str = attrs.field(default="", eq=False, repr=False)
    points: Decimal | None = None


@attrs.frozen(kw_only=True)
class Compiled:
    number: int
    name: str = ""
    note: str = attrs.field(default="", eq=False, repr=False)
    points: Decimal | None = None


@value
class Single:
    number: int


@value
class Empty:
    pass


fields = st.fixed_dictionaries(
    {
        "number": st.integers(-5, 5),
        "name": st.sampled_from(["", "a", "b'c"]),
        "note": st.sampled_from(["", "x"]),
        "points": st.none() | st.decimals(-2, 2, places=1),
    }
)


@given(fields, fields)
def test_a_value_compares_and_hashes_as_attrs_frozen_does(left: dict, right: dict) -> None:
    shared = Shared(**left), Shared(**right)
    compiled = Compiled(**left), Compiled(**right)
    assert (shared[0] == shared[1]) is (compiled[0] == compiled[1])
    assert (shared[0] != shared[1]) is (compiled[0] != compiled[1])
    if shared[0] == shared[1]:
        assert hash(shared[0]) == hash(shared[1])
    assert repr(shared[0]) == repr(compiled[0]).replace("Compiled(", "Shared(")


def test_a_value_is_an_attrs_frozen_class() -> None:
    one = Shared(number=1, name="a")
    assert attrs.has(Shared)
    assert [f.name for f in attrs.fields(Shared)] == ["number", "name", "note", "points"]
    assert attrs.evolve(one, name="b") == Shared(number=1, name="b")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        one.number = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        Shared(1)  # type: ignore[misc]


def test_a_value_equals_only_its_own_class() -> None:
    assert Shared(number=1) != Compiled(number=1)
    assert Shared(number=1).__eq__(Compiled(number=1)) is NotImplemented
    assert len({Shared(number=1), Shared(number=1), Shared(number=2)}) == 2


def test_values_of_one_field_and_of_none() -> None:
    assert Single(3) == Single(3) != Single(4)
    assert hash(Single(3)) == hash(Single(3))
    assert repr(Single(3)) == "Single(number=3)"
    assert Empty() == Empty()
    assert repr(Empty()) == "Empty()"


def test_a_field_compared_by_a_key_or_written_by_a_function_is_refused() -> None:
    with pytest.raises(TypeError, match=r"Keyed\.name"):

        @value
        class Keyed:
            name: str = attrs.field(eq=str.lower)

    with pytest.raises(TypeError, match=r"Written\.name"):

        @value
        class Written:
            name: str = attrs.field(repr=str.upper)


def test_trf_records_read_as_before() -> None:
    """TRF16 record ``001``: the model's records are values, written and compared as attrs' were."""
    entry = RoundEntry(opponent=4, colour=Colour.WHITE, result=ResultCode.WIN)
    player = PlayerRecord(start_rank=1, name="Carlsen", rounds=(entry,))
    assert repr(entry) == "RoundEntry(opponent=4, colour=<Colour.WHITE: 'w'>, result=<ResultCode.WIN: '1'>)"
    assert player == attrs.evolve(player) and player != attrs.evolve(player, rating=1)
    assert hash(player) == hash(attrs.evolve(player))
