#!/usr/bin/env python3
"""Writes mapr/_openapi.py, the Python SDK's request and response types, from docs/openapi.json.

    python3 packages/python/tools/generate_types.py           # regenerate
    python3 packages/python/tools/generate_types.py --check   # exit 1 when the committed file is stale

Standard library only. The output depends on the document alone (its order, never a set's or the
interpreter's), so regenerating an unchanged document gives the same bytes. Schemas come after the ones they
refer to, so the annotations are plain expressions that Python 3.11 evaluates as the module loads.

What it writes:
- one ``TypedDict`` per schema of ``components.schemas`` (fields not in ``required`` are ``NotRequired``);
- one ``Literal`` alias per enumerated field, named after its schema and field (``JobRecordDtoStatus``);
- per operation, by its ``operationId``: ``<Op>Request`` (the JSON body), ``<Op>Response`` (the JSON
  body of the 2xx answer) and ``<Op>Query`` (its query parameters), for example ``CreateRenderRequest``.
"""

from __future__ import annotations

import argparse
import json
import keyword
import re
import sys
from pathlib import Path
from typing import Any

PACKAGE = Path(__file__).resolve().parent.parent
DOCUMENT = PACKAGE.parent.parent / "docs" / "openapi.json"
OUTPUT = PACKAGE / "mapr" / "_openapi.py"

SCALARS = {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "null": "None"}


def pascal(name: str) -> str:
    """``aspect_ratio`` → ``AspectRatio``, ``createRender`` → ``CreateRender``, ``X-Service`` → ``XService``."""
    parts = re.split(r"[^0-9A-Za-z]+", name)
    return "".join(part[:1].upper() + part[1:] for part in parts if part)


def ref_name(ref: str) -> str:
    prefix = "#/components/schemas/"
    if not ref.startswith(prefix):
        raise ValueError(f"Unsupported $ref {ref!r}: only {prefix}… is generated")
    return ref[len(prefix) :]


def first_sentence(text: str | None) -> str:
    """The description's first line, to comment a field (the full text is in the API reference)."""
    if not text:
        return ""
    line = text.strip().splitlines()[0].strip()
    return line if len(line) <= 150 else line[:147].rstrip() + "..."


class Generator:
    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self.schemas: dict[str, Any] = document.get("components", {}).get("schemas", {})
        # Literal aliases in the order they were met: name → the Python text of the type.
        self.literals: dict[str, str] = {}

    def literal(self, name: str, values: list[Any], nullable: bool) -> str:
        text = "Literal[" + ", ".join(python_literal(value) for value in values) + "]"
        if name in self.literals and self.literals[name] != text:
            raise ValueError(f"Two different enums would both be named {name}")
        self.literals[name] = text
        return f"{name} | None" if nullable else name

    def type_of(self, schema: dict[str, Any], name: str) -> str:
        """The Python type of a schema; `name` names the Literal alias an enum here gets."""
        if "$ref" in schema:
            return ref_name(schema["$ref"])
        for combiner in ("oneOf", "anyOf"):
            if combiner in schema:
                options = [self.type_of(option, f"{name}{index + 1}") for index, option in enumerate(schema[combiner])]
                return " | ".join(dict.fromkeys(options))
        if "allOf" in schema and len(schema["allOf"]) == 1:
            return self.type_of(schema["allOf"][0], name)
        kinds = schema.get("type")
        kinds = [kinds] if isinstance(kinds, str) else list(kinds or [])
        nullable = "null" in kinds
        kinds = [kind for kind in kinds if kind != "null"]
        if "enum" in schema:
            values = [value for value in schema["enum"] if value is not None]
            return self.literal(name, values, nullable or None in schema["enum"])
        if "const" in schema:
            return self.literal(name, [schema["const"]], nullable)
        texts = []
        for kind in kinds:
            if kind == "array":
                texts.append(f"list[{self.type_of(schema.get('items', {}), name)}]")
            elif kind == "object":
                texts.append("dict[str, Any]")
            elif kind in SCALARS:
                texts.append(SCALARS[kind])
            else:
                raise ValueError(f"Unsupported schema type {kind!r} at {name}")
        if not texts:
            texts.append("Any")
        if nullable:
            texts.append("None")
        return " | ".join(texts)

    def typed_dict(self, name: str, schema: dict[str, Any], doc: str | None, total_required: bool = True) -> list[str]:
        properties: dict[str, Any] = schema.get("properties", {})
        required = set(schema.get("required", [])) if total_required else set()
        fields = []
        for field, field_schema in properties.items():
            field_type = self.type_of(field_schema, name + pascal(field))
            if field not in required:
                field_type = f"NotRequired[{field_type}]"
            fields.append((field, field_type, first_sentence(field_schema.get("description"))))
        lines: list[str] = []
        identifiers = all(field.isidentifier() and not keyword.iskeyword(field) for field, _, _ in fields)
        if identifiers:
            lines.append(f"class {name}(TypedDict):")
            if doc:
                lines.append(f"    {docstring(doc)}")
            if not fields and not doc:
                lines.append("    pass")
            for field, field_type, comment in fields:
                if comment:
                    lines.append(f"    #: {comment}")
                lines.append(f"    {field}: {field_type}")
        else:
            # Names that are not Python identifiers (HTTP header names): the functional form.
            if doc:
                lines.append(f"#: {first_sentence(doc)}")
            lines.append(f"{name} = TypedDict(")
            lines.append(f"    {json.dumps(name)},")
            lines.append("    {")
            for field, field_type, comment in fields:
                if comment:
                    lines.append(f"        #: {comment}")
                lines.append(f"        {json.dumps(field)}: {field_type},")
            lines.append("    },")
            lines.append(")")
        return lines

    def ordered(self) -> list[str]:
        """The schemas in the document's order, each after the schemas it refers to: the annotations are evaluated
        as the module loads (no ``from __future__ import annotations``, under which a TypedDict of Python 3.11
        cannot see ``NotRequired``)."""
        done: list[str] = []
        visiting: set[str] = set()

        def visit(name: str) -> None:
            if name in done:
                return
            if name in visiting:
                raise ValueError(f"The schemas refer to each other in a cycle through {name}")
            visiting.add(name)
            for dependency in refs(self.schemas[name]):
                visit(dependency)
            visiting.discard(name)
            done.append(name)

        for name in self.schemas:
            visit(name)
        return done

    def json_schema(self, content: dict[str, Any] | None) -> dict[str, Any] | None:
        if not content or "application/json" not in content:
            return None
        schema: dict[str, Any] | None = content["application/json"].get("schema")
        return schema

    def operations(self) -> list[list[str]]:
        blocks: list[list[str]] = []
        for path, item in self.document.get("paths", {}).items():
            for method, operation in item.items():
                if method not in ("get", "put", "post", "delete", "patch") or "operationId" not in operation:
                    continue
                op = pascal(operation["operationId"])
                where = f"{method.upper()} {path}"
                request = self.json_schema(operation.get("requestBody", {}).get("content"))
                if request is not None:
                    alias = f"{op}Request = {self.type_of(request, op + 'Request')}"
                    blocks.append([f"#: The JSON body of ``{where}``.", alias])
                successes = [status for status in operation.get("responses", {}) if status.startswith("2")]
                for status in successes[:1]:
                    response = self.json_schema(operation["responses"][status].get("content"))
                    if response is not None:
                        alias = f"{op}Response = {self.type_of(response, op + 'Response')}"
                        blocks.append([f"#: The JSON answer ({status}) of ``{where}``.", alias])
                query = [parameter for parameter in operation.get("parameters", []) if parameter.get("in") == "query"]
                if query:
                    schema = {
                        "properties": {
                            item["name"]: {**item.get("schema", {}), "description": item.get("description")}
                            for item in query
                        },
                        "required": [parameter["name"] for parameter in query if parameter.get("required")],
                    }
                    blocks.append(self.typed_dict(f"{op}Query", schema, f"The query parameters of ``{where}``."))
        return blocks

    def render(self) -> str:
        classes = [
            self.typed_dict(name, self.schemas[name], self.schemas[name].get("description")) for name in self.ordered()
        ]
        operations = self.operations()
        title = self.document.get("info", {}).get("title", "")
        version = self.document.get("info", {}).get("version", "")
        out = [
            f'"""Types of the {title} (version {version}), generated from docs/openapi.json'
            " by tools/generate_types.py.",
            "",
            "Do not edit: run ``python3 packages/python/tools/generate_types.py`` after ``npm run openapi``.",
            '"""',
            "",
            "from typing import Any, Literal, NotRequired, TypedDict",
            "",
        ]
        if self.literals:
            out.append("")
            for name, text in self.literals.items():
                out.append(f"{name} = {text}")
            out.append("")
        for block in classes + operations:
            out.append("")
            out.extend(block)
            out.append("")
        return "\n".join(out).rstrip("\n") + "\n"


def refs(value: Any) -> list[str]:
    """The schema names a schema refers to, in the order they appear."""
    if isinstance(value, dict):
        found = [ref_name(value["$ref"])] if isinstance(value.get("$ref"), str) else []
        return found + [name for item in value.values() for name in refs(item)]
    if isinstance(value, list):
        return [name for item in value for name in refs(item)]
    return []


def python_literal(value: Any) -> str:
    """A JSON enum value as Python source: strings double-quoted, ``True``/``False``, numbers as they are."""
    return json.dumps(value, ensure_ascii=False) if isinstance(value, str) else repr(value)


def docstring(text: str) -> str:
    line = first_sentence(text).replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    return f'"""{line}"""'


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed file instead of writing it")
    arguments = parser.parse_args()
    document = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    text = Generator(document).render()
    if arguments.check:
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
        if current != text:
            print(
                f"{OUTPUT.relative_to(PACKAGE.parent.parent)} is not what docs/openapi.json generates: "
                "run python3 packages/python/tools/generate_types.py and commit it.",
                file=sys.stderr,
            )
            return 1
        print(f"{OUTPUT.relative_to(PACKAGE.parent.parent)} matches docs/openapi.json.")
        return 0
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"Wrote {OUTPUT.relative_to(PACKAGE.parent.parent)}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
