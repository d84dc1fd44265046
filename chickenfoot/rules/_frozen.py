"""The immutable model base used by every rules type.

All game types are frozen Pydantic models whose fields hold only tuples, frozen models and
scalars, so a value can never change once built. Values that come from outside (files, user
input) are validated as usual; the engine builds its own, already-valid values with
:meth:`FrozenModel._trusted`, which skips validation on the hot path of ``apply``.
"""

from __future__ import annotations

from typing import Any, Self

from pydantic import BaseModel, ConfigDict


_set = object.__setattr__


class FrozenModel(BaseModel):
    """A frozen Pydantic model that refuses unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    @classmethod
    def _trusted(cls, **fields: Any) -> Self:
        """Build an instance from fields the engine knows are valid, without validation.

        Every field must be given. Only the rules engine calls this, on values it derived
        from already-validated ones; about five times faster than validating.
        """
        instance = cls.__new__(cls)
        _set(instance, "__dict__", fields)
        _set(instance, "__pydantic_fields_set__", set(fields))
        _set(instance, "__pydantic_extra__", None)
        _set(instance, "__pydantic_private__", None)
        return instance

    def _evolve(self, **changes: Any) -> Self:
        """Return a copy with ``changes`` applied, without validation (engine use only).

        Values cached by ``functools.cached_property`` live beside the fields in ``__dict__``;
        they are left behind, since they describe the old value.
        """
        fields = self.__dict__
        names = type(self).__pydantic_fields__
        if len(fields) != len(names):
            fields = {name: fields[name] for name in names}
        return self._trusted(**{**fields, **changes})
