"""`pairing.values.value`: the pairing layer's value classes, made without attrs (docs/performance.md,
"Start-up, session 9"), behave as the attrs classes they replace: each is compared here with a twin of the
same fields made by `attrs.frozen` or `attrs.define`, and read through attrs (`attrs.fields`,
`attrs.evolve`, cattrs) as an attrs class."""

from __future__ import annotations

import copy
import inspect
import pickle
from decimal import Decimal

import attrs
import pytest
from cattrs.preconf.json import make_converter
from hypothesis import given
from hypothesis import strategies as st

from pairing.trf.document import Colour, PlayerRecord, ResultCode, RoundEntry
from pairing.values import FrozenInstanceError, astuple, evolve, field, value


def _sorted(items: object) -> tuple[int, ...]:
    return tuple(sorted(items))  # type: ignore[call-overload]


@value(kw_only=True)
class Shared:
    number: int
    name: str = ""
    note: str = field(default="", eq=False, repr=False)
    points: Decimal | None = None
    tags: tuple[int, ...] = field(default=(3, 1), converter=_sorted)
    seen: list[int] = field(factory=list, hash=False)


@attrs.frozen(kw_only=True)
class Compiled:
    number: int
    name: str = ""
    note: str = attrs.field(default="", eq=False, repr=False)
    points: Decimal | None = None
    tags: tuple[int, ...] = attrs.field(default=(3, 1), converter=_sorted)
    seen: list[int] = attrs.field(factory=list, hash=False)


@value(frozen=False)
class Counter:
    article: str
    bound: int
    offset: int = 0


@attrs.define
class DefinedCounter:
    article: str
    bound: int
    offset: int = 0


@value(frozen=False, eq=False)
class Identity:
    rank: int = 0


@value
class Single:
    number: int


@value
class Empty:
    pass


shared_fields = st.fixed_dictionaries(
    {
        "number": st.integers(-5, 5),
        "name": st.sampled_from(["", "a", "b'c"]),
        "note": st.sampled_from(["", "x"]),
        "points": st.none() | st.decimals(-2, 2, places=1),
        "tags": st.lists(st.integers(0, 3), max_size=3),
        "seen": st.lists(st.integers(0, 1), max_size=2),
    }
)


def _as_compiled(fields: dict) -> tuple[Shared, Compiled]:
    """The same fields in both classes; `seen` a list in each, since neither copies it."""
    return Shared(**{**fields, "seen": list(fields["seen"])}), Compiled(**{**fields, "seen": list(fields["seen"])})


@given(shared_fields, shared_fields)
def test_a_value_compares_hashes_and_writes_as_attrs_frozen_does(left: dict, right: dict) -> None:
    (shared_left, compiled_left), (shared_right, compiled_right) = _as_compiled(left), _as_compiled(right)
    assert (shared_left == shared_right) is (compiled_left == compiled_right)
    assert (shared_left != shared_right) is (compiled_left != compiled_right)
    assert shared_left.tags == compiled_left.tags  # converted
    if shared_left == shared_right:
        assert hash(shared_left) == hash(shared_right)
    assert repr(shared_left) == repr(compiled_left).replace("Compiled(", "Shared(")


@given(shared_fields)
def test_a_value_is_read_by_attrs_and_cattrs_as_its_attrs_twin(fields: dict) -> None:
    """`attrs.fields`, `attrs.asdict` and cattrs' JSON (the pairing digest's converter) see the same
    fields, with the same names, defaults, options and types, as the attrs class of the same body."""
    shared, compiled = _as_compiled(fields)
    assert attrs.has(Shared)
    described = [(a.name, a.default, a.eq, a.repr, a.hash, a.kw_only, a.type) for a in attrs.fields(Shared)]
    twin = [(a.name, a.default, a.eq, a.repr, a.hash, a.kw_only, a.type) for a in attrs.fields(Compiled)]
    assert described == twin
    assert attrs.asdict(shared) == attrs.asdict(compiled)
    assert make_converter().unstructure(shared) == make_converter().unstructure(compiled)


def _parameters(cls: type) -> list[tuple[str, object, str]]:
    """The parameters of the class's `__init__`: names, kinds, and defaults as written."""
    return [(p.name, p.kind, repr(p.default)) for p in inspect.signature(cls).parameters.values()]


def test_a_value_is_frozen_keyword_only_and_evolves() -> None:
    one = Shared(number=1, name="a")
    assert evolve(one, name="b") == attrs.evolve(one, name="b") == Shared(number=1, name="b")
    assert evolve(one, tags=[2, 1]).tags == (1, 2)  # converted again, as attrs.evolve does
    assert astuple(one) == attrs.astuple(one, recurse=False) == (1, "a", "", None, (1, 3), [])
    with pytest.raises(FrozenInstanceError):
        one.number = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del one.name  # type: ignore[misc]
    with pytest.raises(TypeError):
        Shared(1)  # type: ignore[misc]
    assert _parameters(Shared) == _parameters(Compiled)
    assert Shared(number=1).seen is not Shared(number=1).seen  # a factory's default is made each time
    assert Shared.__match_args__ == Compiled.__match_args__ == ()
    assert Single.__match_args__ == ("number",)
    with pytest.raises(AttributeError):
        one.other = 1  # type: ignore[attr-defined]


def test_a_frozen_value_is_copied_and_pickled() -> None:
    one = Shared(number=1, name="a", seen=[1])
    assert copy.copy(one) == copy.deepcopy(one) == pickle.loads(pickle.dumps(one)) == one


def test_a_value_equals_only_its_own_class() -> None:
    assert Shared(number=1) != Compiled(number=1)
    assert Shared(number=1).__eq__(Compiled(number=1)) is NotImplemented
    assert len({Shared(number=1), Shared(number=1), Shared(number=2)}) == 2


def test_a_mutable_value_behaves_as_attrs_define() -> None:
    """`value(frozen=False)`: `attrs.define`'s class: fields assigned, compared, not hashable."""
    counter, defined = Counter("C4", 3), DefinedCounter("C4", 3)
    counter.offset = defined.offset = 5
    assert repr(counter) == repr(defined).replace("DefinedCounter(", "Counter(")
    assert counter == Counter("C4", 3, 5) != Counter("C4", 3)
    assert Counter.__hash__ is DefinedCounter.__hash__ is None
    assert evolve(counter, bound=4) == Counter("C4", 4, 5)
    assert copy.copy(counter) == counter


def test_a_value_compared_by_identity() -> None:
    """`value(eq=False)` (the Dutch engine's `Contender`): equal only to itself, hashed by identity."""
    one = Identity()
    assert one == one and one != Identity()
    assert Identity.__eq__ is object.__eq__ and Identity.__hash__ is object.__hash__
    one.rank = 3
    assert repr(one) == "Identity(rank=3)"


def test_values_of_one_field_and_of_none() -> None:
    assert Single(3) == Single(3) != Single(4)
    assert hash(Single(3)) == hash(Single(3))
    assert repr(Single(3)) == "Single(number=3)"
    assert Empty() == Empty()
    assert repr(Empty()) == "Empty()"


def test_a_field_declared_by_attrs_or_with_both_defaults_is_refused() -> None:
    with pytest.raises(TypeError, match=r"Declared\.name"):

        @value
        class Declared:
            name: str = attrs.field(default="")

    with pytest.raises(TypeError, match="not both"):
        field(default=0, factory=int)


def test_trf_records_read_as_before() -> None:
    """TRF16 record ``001``: the model's records are values, written and compared as attrs' were."""
    entry = RoundEntry(opponent=4, colour=Colour.WHITE, result=ResultCode.WIN)
    player = PlayerRecord(start_rank=1, name="Carlsen", rounds=(entry,))
    assert repr(entry) == "RoundEntry(opponent=4, colour=<Colour.WHITE: 'w'>, result=<ResultCode.WIN: '1'>)"
    assert player == attrs.evolve(player) and player != attrs.evolve(player, rating=1)
    assert hash(player) == hash(evolve(player))
