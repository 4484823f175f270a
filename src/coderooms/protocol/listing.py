"""What the model reads of each tool, paid in every conversation: the name, the docstring's first
paragraph (what the verb answers; `help` with `verb` gives the rest) and an input schema
without noise. An optional argument is listed as its type alone: `anyOf: [T, null]` with
`default: null` says nothing that leaving it out does not. Arguments are still validated
against the function's full signature (a `null` sent for one is accepted as before).

Output schemas: a verb whose answer is a declared type (a TypedDict or model: `health`)
advertises that type's schema, and clients validate its structured content against it. A verb
answering a plain `dict` advertises none: FastMCP would list `{"type": "object",
"additionalProperties": true}`, which says nothing, validates nothing and is paid on the wire in
every listing; its answer still comes as structured content (and as JSON text).
"""

from __future__ import annotations

import json
from typing import Any

from fastmcp.tools import FunctionTool
from mcp.types import Tool

from coderooms.protocol.annotations import hints_of
from coderooms.protocol.answer_freshness import attach_freshness
from coderooms.protocol.answer_link import linked
from coderooms.protocol.text_blocks import with_text_blocks
from coderooms.protocol.tool_errors import guarded
from coderooms.verbs.spec import ToolSpec


def listed_tool(spec: ToolSpec, *, web_url: str | None = None) -> FunctionTool:
    """The spec as an MCP tool; `web_url`: the server serves the web view there, and the
    answers that have a page link to it (`answer_link`)."""
    tool = FunctionTool.from_function(
        with_text_blocks(linked(spec.name, guarded(spec, attach_freshness), web_url)),
        name=spec.name,
        description=spec.summary,
        annotations=hints_of(spec.effect),
    )
    update = {"parameters": compact_schema(tool.parameters), "output_schema": None}
    if names_fields(tool.output_schema):
        update.pop("output_schema")
    return tool.model_copy(update=update)


def names_fields(schema: dict[str, Any] | None) -> bool:
    """Whether an output schema says anything: it names the answer's fields (or wraps a
    non-object answer as `result`, which FastMCP needs to know to unwrap it)."""
    if not schema:
        return False
    return bool(schema.get("properties")) or bool(schema.get("x-fastmcp-wrap-result"))


def model_facing(tool: Tool) -> str:
    """The part of a listed tool a client puts before the model, as one JSON object: what the
    listing's cost is measured on (benchmarks/tool_listing.py)."""
    facing = {"name": tool.name, "description": tool.description, "input_schema": tool.input_schema}
    return json.dumps(facing, ensure_ascii=False)


SAID_ONCE = {"max_tokens": "default"}
"""Per argument, what the server's instructions say once for every verb (the budget's default)
rather than every schema."""


def compact_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """The listed input schema: optional arguments as their type, what the instructions say once
    left out, and no `additionalProperties: false` (an unknown argument is still refused: the
    call is checked against the verb's signature, not against the listed schema)."""
    properties = schema.get("properties")
    if not isinstance(properties, dict):
        return schema
    compact = {
        name: {k: v for k, v in compact_property(prop).items() if k != SAID_ONCE.get(name)}
        if isinstance(prop, dict)
        else prop
        for name, prop in properties.items()
    }
    listed = {key: value for key, value in schema.items() if key != "additionalProperties"}
    return {**listed, "properties": compact}


def compact_property(prop: Any) -> Any:
    if not isinstance(prop, dict):
        return prop
    if isinstance(prop.get("items"), dict):
        prop = {**prop, "items": compact_schema(prop["items"])}
    variants = prop.get("anyOf")
    if "default" not in prop or prop["default"] is not None or not isinstance(variants, list):
        return prop
    kept = [variant for variant in variants if variant != {"type": "null"}]
    if len(kept) != 1 or not isinstance(kept[0], dict):
        return prop
    rest = {key: value for key, value in prop.items() if key not in {"anyOf", "default"}}
    return {**compact_property(kept[0]), **rest}
