"""The protocol's JSON Schema, made from its Pydantic models: every frame a client may send
(``client``) and every frame a server sends (``server``).

``docs/protocol.schema.json`` is this schema, committed for whoever writes a client in
another language; ``tests/net/test_protocol_client.py`` checks that it is what the models
make now. After a change to the protocol's models, write it again with::

    python -m chickenfoot.net.schema docs/protocol.schema.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema

from chickenfoot.net.protocol import CLIENT_FRAMES, SERVER_FRAMES
from chickenfoot.play.wire import PROTOCOL_VERSION
from chickenfoot.rules import ACTION_ADAPTER

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


class _ProtocolSchema(GenerateJsonSchema):
    """Pydantic's generator, told what a round's history is on the wire (a list of actions,
    validated by a function of its own that no schema can be read from)."""

    def function_plain_schema(
        self, schema: core_schema.PlainValidatorFunctionSchema
    ) -> JsonSchemaValue:
        """A round's history: its actions in order (play, draw or pass)."""
        return {
            "type": "array",
            "description": "The round's actions so far, in order.",
            "items": self.generate_inner(ACTION_ADAPTER.core_schema),
        }


def protocol_schema() -> dict[str, Any]:
    """The JSON Schema of every frame, both ways: ``$defs/client`` and ``$defs/server``, each
    a ``oneOf`` tagged by ``kind``, and every model they refer to beside them."""
    definitions: dict[str, Any] = {}
    sides: dict[str, Any] = {}
    for side, frames in (("client", CLIENT_FRAMES), ("server", SERVER_FRAMES)):
        # As the frames are written (a tile is "4|5"): the form the server reads and sends.
        schema = frames.json_schema(schema_generator=_ProtocolSchema, mode="serialization")
        for name, definition in schema.pop("$defs", {}).items():
            if definitions.setdefault(name, definition) != definition:
                raise ValueError(f"two models of the protocol are both called {name}")
        sides[side] = schema
    return {
        "$schema": SCHEMA_DIALECT,
        "title": f"chickenfoot online tables: the frames of protocol version {PROTOCOL_VERSION}",
        "description": "One JSON object per WebSocket text frame: a client sends one of "
        "$defs/client, a server one of $defs/server; docs/protocol.md says when and why.",
        "$defs": {**definitions, **sides},
    }


def schema_text() -> str:
    """:func:`protocol_schema` as the committed file's text."""
    return json.dumps(protocol_schema(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def main(arguments: list[str]) -> int:
    """Write the schema to the file named by ``arguments`` (standard output without one)."""
    text = schema_text()
    if arguments:
        Path(arguments[0]).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
