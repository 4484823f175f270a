"""Output schemas say something or are not advertised (issue 17, item 4): a verb with a declared
answer type lists its schema and its structured content validates against it; a verb answering
a plain dict lists none, and its answer is still structured content."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import jsonschema
from fastmcp import Client

from coderooms.config import Settings
from coderooms.protocol.listing import names_fields
from coderooms.server import create_server
from coderooms.verbs.context import AppContext, GraphProvider


def offline_context(tmp_path: Path) -> AppContext:
    settings = Settings(
        neo4j_uri="bolt://127.0.0.1:1", neo4j_password="x", roots=[tmp_path], tools="all"
    )
    return AppContext(settings=settings, graphs=GraphProvider(settings, start_managed=False))


def listed_and_answers(tmp_path: Path) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    async def run() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        async with Client(create_server(offline_context(tmp_path))) as client:
            schemas = {tool.name: tool.output_schema for tool in await client.list_tools()}
            health = await client.call_tool("health", {"agent_id": "a"})
            listing = await client.call_tool("help", {"agent_id": "a"})
            return schemas, health.structured_content or {}, listing.structured_content or {}

    return asyncio.run(run())


def test_no_verb_advertises_an_empty_object_schema(tmp_path: Path) -> None:
    schemas, _, _ = listed_and_answers(tmp_path)
    assert all(schema is None or names_fields(schema) for schema in schemas.values())
    assert schemas["health"] is not None  # its answer is a declared TypedDict
    assert schemas["help"] is None


def test_structured_content_validates_against_the_advertised_schema(tmp_path: Path) -> None:
    schemas, health, listing = listed_and_answers(tmp_path)
    jsonschema.validate(health, schemas["health"])  # Neo4j down: still the declared shape
    assert health["status"] != "ok"
    assert listing["verbs"]  # no schema, still structured content


def test_a_schema_naming_nothing_says_nothing() -> None:
    assert not names_fields(None)
    assert not names_fields({"type": "object", "additionalProperties": True})
    assert names_fields({"type": "object", "properties": {"a": {"type": "string"}}})
    assert names_fields({"type": "object", "x-fastmcp-wrap-result": True})
