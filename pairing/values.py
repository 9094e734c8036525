"""The pairing layer's value classes, made without attrs (docs/performance.md, "Start-up, session 9").

`arbiter-pair` is a process that a tournament manager starts for every round it pairs, so its start-up
is most of what it costs on a small tournament. attrs' import alone was a quarter of that process
(`inspect`, `ast`, `platform`'s regular expressions, attrs' own classes), and each attrs class cost
about 2 M instructions more to make (its `Attribute`s, the source of its methods compiled). The classes
that `arbiter-pair` loads, the engines' contract (`pairing.model`), the TRF model
(`pairing.trf.document`) and the FIDE engines' shared and Dutch classes, are therefore made by `value`
here, which imports nothing but the standard library; every other layer keeps attrs.

A `value` class is what `attrs.frozen` made of it before (`tests/pairing/test_values.py` compares
them): a slotted class with one `__init__` written for it (positional or keyword-only arguments, the
fields' defaults, factories and converters), frozen (assigning or deleting a field raises
`FrozenInstanceError`), and `__eq__`, `__hash__` and `__repr__` shared by every class, which read the
fields through one `operator.attrgetter` made with the class: the fields are compared and hashed as
declared (`field(eq=..., hash=...)`), an instance is equal only to an instance of the same class and
written ``Name(field=value, ...)``. `value(frozen=False)` is `attrs.define`'s mutable class (not
hashable when compared by its fields), `value(eq=False)` compares by identity.

Code elsewhere still reads these classes as attrs classes (`attrs.evolve`, `attrs.fields`,
`attrs.asdict`, cattrs, which writes the pairing digest's canonical input): each class answers
`__attrs_attrs__`, the attrs description of its fields, made on the first request by `attrs.make_class`
from the same declarations, so attrs is loaded only by a process that asks attrs about them.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform, overload

C = TypeVar("C", bound=type)
T = TypeVar("T")

_Getter = Callable[[Any], tuple[Any, ...]]

NOTHING: Any = type("Nothing", (), {"__repr__": lambda self: "NOTHING"})()
"""A field without a default."""


class FrozenInstanceError(AttributeError):
    """A field of a frozen value was assigned or deleted (as attrs' error of the same name)."""


class FieldSpec:
    """One field as declared (`field`): its default or the factory of its default, the converter of
    what `__init__` is given, and whether it is compared, hashed and written."""

    __slots__ = ("converter", "default", "eq", "factory", "hash", "name", "repr")

    name: str
    default: Any
    factory: Callable[[], Any] | None
    converter: Callable[[Any], Any] | None
    eq: bool
    repr: bool
    hash: bool | None

    @property
    def hashed(self) -> bool:
        """attrs' rule: a field is hashed if it says so, or if it says nothing and is compared."""
        return self.hash if self.hash is not None else self.eq


def field(
    *,
    default: Any = NOTHING,
    factory: Callable[[], Any] | None = None,
    converter: Callable[[Any], Any] | None = None,
    eq: bool = True,
    repr: bool = True,
    hash: bool | None = None,
) -> Any:
    """A field with options, as `attrs.field`'s of the same names."""
    if default is not NOTHING and factory is not None:
        raise TypeError("a field has a default or a factory, not both")
    spec = FieldSpec()
    spec.name, spec.default, spec.factory, spec.converter = "", default, factory, converter
    spec.eq, spec.repr, spec.hash = eq, repr, hash
    return spec


def _getter(names: list[str]) -> _Getter:
    """The values of `names` as one tuple (`attrgetter` gives a lone value bare, and needs a name)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        single = attrgetter(names[0])
        return lambda instance: (single(instance),)
    return lambda instance: ()


def _eq(self: Any, other: object) -> bool:
    if other.__class__ is not self.__class__:
        return NotImplemented
    compared = self.__class__._compared_fields
    return compared(self) == compared(other)


def _hash(self: Any) -> int:
    cls = self.__class__
    return hash((cls._hash_salt, *cls._hashed_fields(self)))


def _repr(self: Any) -> str:
    cls = self.__class__
    shown = ", ".join(
        f"{name}={value!r}" for name, value in zip(cls._shown_names, cls._shown_fields(self), strict=True)
    )
    return f"{cls.__qualname__.rsplit('>.', 1)[-1]}({shown})"


def _refuse_set(self: Any, name: str, value: object) -> None:
    raise FrozenInstanceError("can't set attribute")


def _refuse_delete(self: Any, name: str) -> None:
    raise FrozenInstanceError("can't delete attribute")


def _getstate(self: Any) -> dict[str, Any]:
    """The fields for `pickle` and `copy`, which would otherwise set them back through `__setattr__`."""
    return {f.name: getattr(self, f.name) for f in self.__class__.__value_fields__}


def _setstate(self: Any, state: dict[str, Any]) -> None:
    for name, given in state.items():
        object.__setattr__(self, name, given)


def _attrs_default(default: Any) -> Any:
    """A default as attrs writes it: a field without one has attrs' own `NOTHING`."""
    import attrs

    return attrs.NOTHING if default is NOTHING else default


class _AttrsFields:
    """A value class's `__attrs_attrs__`, made from its declarations when first read, and then kept."""

    def __get__(self, instance: object, owner: type) -> Any:
        import attrs

        declared = vars(owner)["__annotations__"]
        described = {
            f.name: attrs.field(
                default=attrs.Factory(f.factory) if f.factory is not None else _attrs_default(f.default),
                converter=f.converter,
                eq=f.eq,
                repr=f.repr,
                hash=f.hash,
                type=declared[f.name],
            )
            for f in owner.__value_fields__
        }
        twin = attrs.make_class(owner.__name__, described, kw_only=owner._kw_only)
        type.__setattr__(owner, "__attrs_attrs__", twin.__attrs_attrs__)
        return twin.__attrs_attrs__


def _declared_fields(cls: type) -> list[FieldSpec]:
    """The fields of the class body, in order: each annotated name, its value the default or a `field`."""
    fields = []
    for name, annotation in vars(cls).get("__annotations__", {}).items():
        if str(annotation).startswith(("ClassVar", "typing.ClassVar")):
            continue
        declared = vars(cls).get(name, NOTHING)
        if type(declared).__module__.startswith("attr."):
            raise TypeError(f"{cls.__qualname__}.{name}: a value's fields are declared by `pairing.values.field`")
        spec = declared if isinstance(declared, FieldSpec) else field(default=declared)
        spec.name = name
        fields.append(spec)
    return fields


def _init(cls: type, fields: list[FieldSpec], kw_only: bool) -> Callable[..., None]:
    """The class's `__init__`, written for it: each argument (converted if the field says so) stored
    straight into its slot, as attrs' generated one does."""
    scope: dict[str, Any] = {"NOTHING": NOTHING}
    parameters = ["self", "*"] if kw_only and fields else ["self"]
    lines = []
    for f in fields:
        name = f.name
        scope[f"_set_{name}"] = vars(cls)[name].__set__
        if f.factory is not None:
            scope[f"_factory_{name}"] = f.factory
            parameters.append(f"{name}=NOTHING")
            lines.append(f"    if {name} is NOTHING:\n        {name} = _factory_{name}()")
        elif f.default is not NOTHING:
            scope[f"_default_{name}"] = f.default
            parameters.append(f"{name}=_default_{name}")
        else:
            parameters.append(name)
        if f.converter is not None:
            scope[f"_convert_{name}"] = f.converter
            lines.append(f"    _set_{name}(self, _convert_{name}({name}))")
        else:
            lines.append(f"    _set_{name}(self, {name})")
    source = f"def __init__({', '.join(parameters)}):\n" + ("\n".join(lines) or "    pass")
    exec(compile(source, f"<value {cls.__qualname__}>", "exec"), scope)
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    return init


def _compared_by_fields(cls: type, fields: list[FieldSpec], frozen: bool) -> dict[str, Any]:
    """The shared `__eq__`, and `__hash__` for a frozen class (attrs': a mutable class compared by its
    fields is not hashable), with what they read of this class."""
    return {
        "__eq__": _eq,
        "__hash__": _hash if frozen else None,
        "_compared_fields": _getter([f.name for f in fields if f.eq]),
        "_hashed_fields": _getter([f.name for f in fields if f.hashed]),
        "_hash_salt": hash(f"{cls.__module__}.{cls.__qualname__}"),
    }


def _make(cls: type, kw_only: bool, frozen: bool, eq: bool) -> type:
    """The slotted class of `cls`'s body, with its fields, its `__init__` and the shared methods."""
    if any("__value_fields__" in vars(base) for base in cls.__mro__[1:]):
        raise TypeError(f"{cls.__qualname__}: a value class does not inherit fields")
    fields = _declared_fields(cls)
    names = [f.name for f in fields]
    body = {k: v for k, v in vars(cls).items() if k not in names and k not in ("__dict__", "__weakref__")}
    body |= {"__slots__": (*names, "__weakref__"), "__qualname__": cls.__qualname__}
    shown = [f.name for f in fields if f.repr]
    body |= {
        "__value_fields__": tuple(fields),
        "__attrs_attrs__": _AttrsFields(),
        "__match_args__": () if kw_only else tuple(names),
        "_kw_only": kw_only,
        "_all_fields": _getter(names),
        "_shown_names": tuple(shown),
        "_shown_fields": _getter(shown),
        "__repr__": _repr,
        "__getstate__": _getstate,
        "__setstate__": _setstate,
    }
    if eq:
        body |= _compared_by_fields(cls, fields, frozen)
    if frozen:
        body |= {"__setattr__": _refuse_set, "__delattr__": _refuse_delete}
    made = type(cls)(cls.__name__, cls.__bases__, body)
    made.__init__ = _init(made, fields, kw_only)  # type: ignore[misc]
    return made


@overload
def value(maybe_cls: C, /) -> C: ...


@overload
def value(
    maybe_cls: None = None, /, *, kw_only: bool = False, frozen: bool = True, eq: bool = True
) -> Callable[[C], C]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def value(
    maybe_cls: C | None = None, /, *, kw_only: bool = False, frozen: bool = True, eq: bool = True
) -> C | Callable[[C], C]:
    """The class as a value: `attrs.frozen(kw_only=...)` by default, `attrs.define`'s mutable class
    with ``frozen=False``, compared by identity with ``eq=False`` (the module's docstring)."""

    def wrap(cls: C) -> C:
        return _make(cls, kw_only, frozen, eq)  # type: ignore[return-value]

    return wrap if maybe_cls is None else wrap(maybe_cls)


def evolve(instance: T, **changes: Any) -> T:
    """A copy of `instance` with `changes` (`attrs.evolve`): made by its class's `__init__`, so the
    changed fields are converted as when it was made."""
    cls = instance.__class__
    return cls(**{f.name: getattr(instance, f.name) for f in cls.__value_fields__} | changes)  # type: ignore[attr-defined]


def astuple(instance: object) -> tuple[Any, ...]:
    """The instance's fields, in order (`attrs.astuple(instance, recurse=False)`)."""
    return instance.__class__._all_fields(instance)  # type: ignore[attr-defined]
