"""tools/generate_types.py: what it makes of each construct, and that the committed types are its output."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import types
import typing
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("generate_types", PACKAGE / "tools" / "generate_types.py")
assert spec is not None and spec.loader is not None
generate_types = importlib.util.module_from_spec(spec)
spec.loader.exec_module(generate_types)

DOCUMENT = {
    "info": {"title": "Sample", "version": "2"},
    "components": {
        "schemas": {
            "ThingDto": {
                "type": "object",
                "description": "A thing.",
                "properties": {
                    "id": {"type": "string", "description": "Its id."},
                    "kind": {"type": "string", "enum": ["a", "b"]},
                    "size": {"type": ["integer", "null"]},
                    "tags": {"type": "array", "items": {"type": "string"}},
                    "part": {"$ref": "#/components/schemas/PartDto"},
                    "hud": {"oneOf": [{"type": "boolean", "enum": [False]}, {"$ref": "#/components/schemas/PartDto"}]},
                    "extra": {"type": "object", "additionalProperties": True},
                },
                "required": ["id", "kind", "size"],
            },
            "PartDto": {"type": "object", "properties": {"weight": {"type": "number"}}},
            "HeadersDto": {"type": "object", "properties": {"X-Thing": {"type": "string"}}, "required": ["X-Thing"]},
        }
    },
    "paths": {
        "/v1/things": {
            "post": {
                "operationId": "createThing",
                "parameters": [{"name": "limit", "in": "query", "required": True, "schema": {"type": "integer"}}],
                "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/PartDto"}}}},
                "responses": {
                    "201": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/ThingDto"}}}}
                },
            }
        }
    },
}


def load(source: str) -> types.ModuleType:
    module = types.ModuleType("sample_types")
    # get_type_hints resolves the annotations in the module the classes were made in.
    sys.modules[module.__name__] = module
    exec(compile(source, "sample_types.py", "exec", dont_inherit=True), module.__dict__)
    return module


def test_each_construct_becomes_its_python_type() -> None:
    module = load(generate_types.Generator(DOCUMENT).render())
    hints = typing.get_type_hints(module.ThingDto, include_extras=True)
    assert hints["id"] is str
    assert typing.get_args(hints["kind"]) == ("a", "b")
    assert hints["size"] == int | None
    assert hints["tags"] == typing.NotRequired[list[str]]
    assert hints["part"] == typing.NotRequired[module.PartDto]
    assert hints["hud"] == typing.NotRequired[typing.Literal[False] | module.PartDto]
    assert hints["extra"] == typing.NotRequired[dict[str, typing.Any]]
    assert module.ThingDto.__required_keys__ == {"id", "kind", "size"}
    assert module.ThingDto.__doc__ == "A thing."
    assert typing.get_type_hints(module.HeadersDto) == {"X-Thing": str}
    assert module.CreateThingRequest is module.PartDto
    assert module.CreateThingResponse is module.ThingDto
    assert module.CreateThingQuery.__required_keys__ == {"limit"}


def test_the_output_depends_on_the_document_alone() -> None:
    assert generate_types.Generator(DOCUMENT).render() == generate_types.Generator(DOCUMENT).render()


def test_the_committed_types_are_what_docs_openapi_json_generates() -> None:
    result = subprocess.run(
        [sys.executable, str(PACKAGE / "tools" / "generate_types.py"), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
