"""Frozen attrs value classes whose `__eq__`, `__hash__` and `__repr__` are shared, not compiled per class
(docs/performance.md, "Start-up, session 7").

`attrs.frozen` writes the source of four methods for every class and compiles it: `__init__`,
`__repr__`, `__eq__` and `__hash__`. At start-up, with the TRF model's, `pairing.model`'s and the Dutch
engine's classes made at import, those compilations were a fifth of `arbiter-pair --dutch` on a
100-player file. `value` is `attrs.frozen` with the last three taken from this module instead: each
reads the class's fields through one `operator.attrgetter`, made once per class, so they behave as
attrs' own (the same fields, compared only with an instance of the same class, hashed with the
class, written ``Name(field=value, ...)``), and the class is still an attrs class (`attrs.fields`,
`attrs.evolve`, cattrs).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform, overload

from attrs import Attribute, field, fields, frozen

C = TypeVar("C", bound=type)

_Getter = Callable[[Any], Any]


def _getter(names: list[str]) -> _Getter:
    """The values of `names` as one tuple (`attrgetter` gives a lone value bare, and needs a name)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        single = attrgetter(names[0])
        return lambda instance: (single(instance),)
    return lambda instance: ()


def _hashed(attribute: Attribute) -> bool:
    """attrs' rule: a field is hashed if it says so, or if it says nothing and is compared."""
    return bool(attribute.hash) if attribute.hash is not None else attribute.eq


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


def _share_methods(cls: C) -> C:
    attributes = fields(cls)
    for attribute in attributes:
        if attribute.eq_key is not None or attribute.repr not in (True, False):
            raise TypeError(f"{cls.__qualname__}.{attribute.name}: a value compares and writes its fields as they are")
    shown = [a.name for a in attributes if a.repr]
    cls._compared_fields = _getter([a.name for a in attributes if a.eq])
    cls._hashed_fields = _getter([a.name for a in attributes if _hashed(a)])
    cls._hash_salt = hash(f"{cls.__module__}.{cls.__qualname__}")
    cls._shown_names = tuple(shown)
    cls._shown_fields = _getter(shown)
    cls.__eq__ = _eq
    cls.__hash__ = _hash
    cls.__repr__ = _repr
    return cls


@overload
def value(maybe_cls: C, /) -> C: ...


@overload
def value(maybe_cls: None = None, /, **options: Any) -> Callable[[C], C]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def value(maybe_cls: C | None = None, /, **options: Any) -> C | Callable[[C], C]:
    """`attrs.frozen(**options)` with the shared `__eq__`, `__hash__` and `__repr__` above."""

    def wrap(cls: C) -> C:
        return _share_methods(frozen(cls, eq=False, repr=False, **options))

    return wrap if maybe_cls is None else wrap(maybe_cls)
