"""The whole tool listing, pinned: for every preset (and a read-only server), each listed tool's
name, description, input schema, output schema and annotations, as `tools/list` carries them,
and what `help` answers of each verb (its whole description), compared with the checked-in
`listing_snapshot.json`. How verbs are declared may change; what a
client reads of them may not, unless on purpose. To change it on purpose, regenerate the
snapshot and review its diff:

    PYTHONPATH=src .venv/bin/python -m tests.unit.system.test_listing_snapshot
"""

from __future__ import annotations

import asyncio
import json
import tempfile
from pathlib import Path
from typing import Any

from fastmcp import Client

from coderooms.config import Settings
from coderooms.server import create_server
from coderooms.verbs.context import AppContext, GraphProvider

SNAPSHOT = Path(__file__).with_name("listing_snapshot.json")
SELECTIONS: dict[str, dict[str, Any]] = {
    "core": {"tools": "core"},
    "edit": {"tools": "edit"},
    "navigate": {"tools": "navigate"},
    "freshness": {"tools": "freshness"},
    "admin": {"tools": "admin"},
    "all": {"tools": "all"},
    "all, read-only": {"tools": "all", "read_only": True},
}
REGENERATE = "PYTHONPATH=src .venv/bin/python -m tests.unit.system.test_listing_snapshot"


def listing(root: Path, **settings: Any) -> dict[str, Any]:
    configured = Settings(
        neo4j_uri="bolt://127.0.0.1:1", neo4j_password="x", roots=[root], **settings
    )
    ctx = AppContext(settings=configured, graphs=GraphProvider(configured, start_managed=False))

    async def run() -> dict[str, Any]:
        async with Client(create_server(ctx)) as client:
            tools = await client.list_tools()
            helped = {}
            for tool in tools:
                answer = await client.call_tool("help", {"agent_id": "a", "verb": tool.name})
                helped[tool.name] = answer.structured_content
            return {
                "instructions": client.instructions,
                "tools": [
                    tool.model_dump(mode="json", by_alias=True, exclude_none=True) for tool in tools
                ],
                "help": helped,
            }

    return asyncio.run(run())


def listings(root: Path) -> dict[str, Any]:
    return {name: listing(root, **settings) for name, settings in SELECTIONS.items()}


def test_the_listing_is_the_snapshot(tmp_path: Path) -> None:
    expected = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    got = listings(tmp_path)
    changed = [
        f"{selection}: {tool}"
        for selection in sorted(set(expected) | set(got))
        for tool in _differing(expected.get(selection, {}), got.get(selection, {}))
    ]
    assert not changed, (
        "the tool listing changed (" + "; ".join(changed[:10]) + "). If on purpose, "
        f"regenerate the snapshot with `{REGENERATE}` and review its diff"
    )


def _differing(expected: dict[str, Any], got: dict[str, Any]) -> list[str]:
    if expected.get("instructions") != got.get("instructions"):
        return ["instructions"]
    helped = expected.get("help", {})
    changed_help = [
        f"help of {name}" for name, h in got.get("help", {}).items() if helped.get(name) != h
    ]
    if changed_help:
        return changed_help
    before = {tool["name"]: tool for tool in expected.get("tools", [])}
    after = {tool["name"]: tool for tool in got.get("tools", [])}
    names = [tool["name"] for tool in got.get("tools", [])]
    if names != [tool["name"] for tool in expected.get("tools", [])]:
        return [f"the tools listed or their order ({', '.join(sorted(set(before) ^ set(after)))})"]
    return [name for name in names if before[name] != after[name]]


def write_snapshot() -> None:
    with tempfile.TemporaryDirectory() as root:
        text = json.dumps(listings(Path(root)), indent=1, ensure_ascii=False, sort_keys=True)
    SNAPSHOT.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {SNAPSHOT}")


if __name__ == "__main__":
    write_snapshot()
