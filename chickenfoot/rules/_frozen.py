"""The immutable model base used by every rules type.

All game types are frozen Pydantic models whose fields hold only tuples, frozen models and
scalars, so a value can never change once built. Values that come from outside (files, user
input) are validated as usual; the engine builds its own, already-valid values with
:meth:`FrozenModel._trusted`, which skips validation on the hot path of ``apply``.

Each model's schema, validator and serializer are built on its first use, not at import
(Pydantic's ``defer_build``): ``chickenfoot simulate`` plays on plain tuples and builds models
only at the end, and the app's menu appears before any model is needed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, Self, TypeVar

from pydantic import BaseModel, ConfigDict

Value = TypeVar("Value")
Key = TypeVar("Key")
Model = TypeVar("Model", bound="FrozenModel")


class derived(Generic[Value]):  # noqa: N801 - used like the built-in decorators
    """Like ``functools.cached_property``, without its per-access lock (Python 3.11).

    Computes a value from an immutable model once and keeps it in the instance's
    ``__dict__``; Pydantic compares and serialises fields only, so the cache is invisible.
    """

    def __init__(self, compute: Callable[[Any], Value]) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, instance: Any, owner: type | None = None) -> Value:
        if instance is None:
            return self  # type: ignore[return-value]
        value = instance.__dict__[self.name] = self.compute(instance)
        return value


_set = object.__setattr__


class FrozenModel(BaseModel):
    """A frozen Pydantic model that refuses unknown fields."""

    model_config = ConfigDict(
        frozen=True, extra="forbid", ignored_types=(derived,), defer_build=True
    )

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """Like Pydantic's ``model_copy``; a copy with ``update`` drops the values cached from
        the original (they describe the original, not the copy)."""
        copied = super().model_copy(update=update, deep=deep)
        if update:
            fields = type(self).__pydantic_fields__
            cached = copied.__dict__
            for name in [name for name in cached if name not in fields]:
                del cached[name]
        return copied

    def __getstate__(self) -> dict[Any, Any]:
        """Pickle the fields only: the values cached beside them are worked out again."""
        state = super().__getstate__()
        names = type(self).__pydantic_fields__
        fields = state["__dict__"]
        if len(fields) != len(names):
            state["__dict__"] = {name: fields[name] for name in names}
        return state

    @classmethod
    def _trusted(cls, **fields: Any) -> Self:
        """Build an instance from fields the engine knows are valid, without validation.

        Every field must be given. Only the rules engine calls this, on values it derived
        from already-validated ones; several times faster than validating.
        """
        return _adopt(cls, fields)

    def _evolve(self, **changes: Any) -> Self:
        """Return a copy with ``changes`` applied, without validation (engine use only).

        Values cached by ``functools.cached_property`` live beside the fields in ``__dict__``;
        they are left behind, since they describe the old value.
        """
        fields = self.__dict__
        names = type(self).__pydantic_fields__
        if len(fields) != len(names):
            fields = {name: fields[name] for name in names}
        return _adopt(type(self), {**fields, **changes})


_new = object.__new__
_FIELD_NAME_SETS: dict[type, set[str]] = {}


def _adopt(cls: type[Model], fields: dict[str, Any]) -> Model:
    """Make ``fields`` (a fresh dict holding every field) the state of a new ``cls`` instance.

    All instances of a class share one "fields set" (every field is always set); frozen
    models never change it, and Pydantic copies it before any update of its own.
    """
    instance = _new(cls)
    _set(instance, "__dict__", fields)
    names = _FIELD_NAME_SETS.get(cls)
    if names is None:
        names = _FIELD_NAME_SETS[cls] = set(cls.__pydantic_fields__)
    _set(instance, "__pydantic_fields_set__", names)
    _set(instance, "__pydantic_extra__", None)
    _set(instance, "__pydantic_private__", None)
    return instance


class SharedValues(dict[Key, Value]):
    """Immutable values built once per key and then shared: ``cache[key]`` builds on a miss.

    The engine hands out the same action and event objects for the same facts (seat 2 plays
    4|6 on B), so the hot path of a game looks them up instead of building models. Values
    must be immutable. The cache is cleared when it reaches ``limit`` entries, so long runs
    over big sets stay bounded in memory.
    """

    def __init__(self, build: Callable[[Key], Value], limit: int = 100_000) -> None:
        super().__init__()
        self.build = build
        self.limit = limit

    def __missing__(self, key: Key) -> Value:
        if len(self) >= self.limit:
            self.clear()
        value = self[key] = self.build(key)
        return value
