"""seek, activate and heuristics_surface through the FastMCP app in memory (a real MCP client),
and proof that none of them writes to the graph."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError

from coderooms.graph.driver import Graph
from coderooms.retrieval.questions import activate_question, seek_question
from coderooms.retrieval.requests import ActivateArguments, SeekArguments
from coderooms.semantic import query as semantic
from coderooms.server import create_server
from coderooms.verbs.budget import Question
from coderooms.verbs.context import AppContext
from tests.integration.retrieval.seek_repo import retrieval_repo, sid, snapshot

VERBS = ("seek", "activate", "heuristics_surface")


@pytest.fixture(scope="module")
def shop(graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> str:
    return retrieval_repo(graph, tmp_path_factory.mktemp("seek-verbs"))[1]


@pytest.fixture(autouse=True)
def no_vectors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(semantic, "query_vector", lambda *a, **k: None)


def calls(ctx: AppContext, *requests: tuple[str, dict[str, Any]]) -> list[dict[str, Any]]:
    async def run() -> list[dict[str, Any]]:
        async with Client(create_server(ctx)) as client:
            out = []
            for verb, arguments in requests:
                result = await client.call_tool(verb, {"agent_id": "seeker-ü", **arguments})
                out.append(dict(result.structured_content or {}))
            return out

    return asyncio.run(run())


def error_of(ctx: AppContext, verb: str, arguments: dict[str, Any]) -> dict[str, Any]:
    with pytest.raises(ToolError) as raised:
        calls(ctx, (verb, arguments))
    return dict(json.loads(str(raised.value)))


def test_the_verbs_are_listed_read_only(app_context: AppContext) -> None:
    async def run() -> dict[str, Any]:
        async with Client(create_server(app_context)) as client:
            return {tool.name: tool for tool in await client.list_tools()}

    tools = asyncio.run(run())
    for verb in VERBS:
        assert tools[verb].annotations is not None
        assert tools[verb].annotations.read_only_hint is True
        assert tools[verb].annotations.destructive_hint is False


def test_seek_activate_heuristics_in_one_session(
    app_context: AppContext, graph: Graph, shop: str
) -> None:
    before = snapshot(graph, shop)
    target = sid(shop, "shop/pricing.py", "apply_discount")
    ranking = seek_question(SeekArguments(query="apply_discount", repo=shop)).cursor(0)
    found, ranked, spread, explained = calls(
        app_context,
        ("seek", {"query": "apply_discount", "repo": shop, "top_k": 5}),
        ("seek", {"query": "apply_discount", "repo": shop, "top_k": 5, "cursor": ranking}),
        ("activate", {"seeds": [target], "max_hops": 2}),
        ("heuristics_surface", {"node_id": target, "query": "apply_discount"}),
    )
    # a name: the symbols so named, `path:start-end signature`, the partial matches counted
    (named,) = found["symbols"]
    where, text = named.split(" ", 1)
    assert where.startswith("shop/pricing.py:")
    assert text.startswith("def apply_discount(")
    assert found["next_cursor"] == ranking
    assert found["more"].endswith(" more partial matches, ranked")
    best = ranked["symbols"][0]  # the cursor ranks them all: `path:start-end score signature`
    where, score, text = best.split(" ", 2)
    assert where.startswith("shop/pricing.py:")
    assert text.startswith("def apply_discount(")
    assert found.get("repo", shop) == shop  # named only when the server reads several repos
    assert found["proof_state"] == "ready"  # the tests' server serves the edit verbs
    assert "embeddings_used" not in found  # said only when a vector fed a score
    assert "freshness" not in found  # no news
    assert spread["results"][0] == {
        "id": target,
        "kind": "Function",
        "name": "apply_discount",
        "path": "shop/pricing.py",
        "repo": shop,
        "activation": 1.0,
        "hop": 0,
        "via": None,
        "route": [target],
    }
    assert f"{explained['score']:.2f}" == score
    assert explained["seek_rank"] == 1
    assert explained["graph_facts"]["callers_from_other_files"] == 1
    assert snapshot(graph, shop) == before


def test_blocked_and_errors_through_mcp(app_context: AppContext, shop: str) -> None:
    [blocked] = calls(app_context, ("seek", {"query": "   ", "repo": shop}))
    assert blocked["none"].startswith("nothing matches '': no word")  # what, why, one next step
    assert blocked["next"]
    assert "proof_state" not in blocked
    assert "symbols" not in blocked
    missing = error_of(app_context, "heuristics_surface", {"node_id": f"{shop}:x.py::nope"})
    assert missing["error"] == "not_found"
    assert missing["field"] == "node_id"
    assert missing["hint"]
    bad = error_of(app_context, "seek", {"query": "cart", "repo": shop, "kinds": ["struct"]})
    assert bad["error"] == "invalid_input"
    assert bad["field"] == "kinds"
    none = error_of(app_context, "activate", {})
    assert none["field"] == "seeds"


def test_reads_never_write(app_context: AppContext, graph: Graph, shop: str) -> None:
    before = snapshot(graph, shop)
    calls(
        app_context,
        ("seek", {"query": "price rule discount", "repo": shop}),
        ("seek", {"query": "zzzq", "repo": shop}),
        ("activate", {"query": "checkout", "repo": shop, "max_hops": 4}),
        ("heuristics_surface", {"node_id": sid(shop, "shop/cart.py", "Cart")}),
    )
    assert snapshot(graph, shop) == before


def test_seek_pages_by_cursor_and_says_what_is_left(app_context: AppContext, shop: str) -> None:
    base = {"query": "price rule", "repo": shop}
    cursor = seek_question(SeekArguments(query="price rule", repo=shop)).cursor(2)
    whole, first, second = calls(
        app_context,
        ("seek", base | {"top_k": 50}),
        ("seek", base | {"top_k": 2}),
        ("seek", base | {"top_k": 2, "cursor": cursor}),
    )
    assert first["symbols"] + second["symbols"] == whole["symbols"][:4]
    assert first["next_cursor"] == cursor  # the page size is not the question
    assert first["more"] == (f"{len(whole['symbols']) - 2} more candidates")
    assert "formula" not in first
    assert "weights" not in first


def test_activate_cuts_its_results_to_the_budget(app_context: AppContext, shop: str) -> None:
    target = sid(shop, "shop/pricing.py", "apply_discount")
    whole, cut = calls(
        app_context,
        ("activate", {"seeds": [target], "max_hops": 3}),
        ("activate", {"seeds": [target], "max_hops": 3, "max_tokens": 100}),
    )
    shown = len(cut["results"])
    assert 0 < shown < len(whole["results"])
    asked = activate_question(ActivateArguments(seeds=[target], max_hops=3))
    assert cut["next_cursor"] == asked.cursor(shown)
    rest = calls(
        app_context,
        ("activate", {"seeds": [target], "max_hops": 3, "cursor": cut["next_cursor"]}),
    )[0]
    assert cut["results"] + rest["results"] == whole["results"]


@pytest.mark.parametrize(
    ("verb", "arguments", "other"),
    [
        ("seek", {"query": "price", "top_k": 2}, {"query": "cart"}),
        ("seek", {"query": "price", "top_k": 2}, {"kinds": ["function"]}),
        ("activate", {"max_hops": 3, "max_tokens": 100}, {"max_hops": 2}),
        ("activate", {"max_hops": 3, "max_tokens": 100}, {"top_k": 5}),
    ],
)
def test_a_cursor_of_another_question_is_refused(
    app_context: AppContext,
    shop: str,
    verb: str,
    arguments: dict[str, Any],
    other: dict[str, Any],
) -> None:
    if verb == "seek":
        asked = {"repo": shop, **arguments}
    else:
        asked = {"seeds": [sid(shop, "shop/pricing.py", "apply_discount")], **arguments}
    (first,) = calls(app_context, (verb, asked))
    cursor = first["next_cursor"]
    refused = error_of(app_context, verb, asked | other | {"cursor": cursor})
    assert (refused["error"], refused["field"]) == ("invalid_input", "cursor")
    for plain in (cursor.partition(".")[0], "2"):  # a bare offset, the old shape, is refused
        refused = error_of(app_context, verb, asked | {"cursor": plain})
        assert (refused["error"], refused["field"]) == ("invalid_input", "cursor")


def test_heuristics_surface_pages_its_samples(app_context: AppContext, shop: str) -> None:
    node = sid(shop, "shop/cart.py", "Cart.total_price")
    (whole,) = calls(app_context, ("heuristics_surface", {"node_id": node}))
    facts = whole["graph_facts"]
    assert facts["ghost_references_sample"] == {"items": [{"name": "sum", "edge": "CALLS"}]}
    tests = facts["test_callers_sample"]["items"]
    # a cursor of this question names one list: its page is that list alone
    cursor = Question.of("heuristics_surface", node_id=node, query=None).cursor(
        0, "ghost_references_sample"
    )
    (page,) = calls(app_context, ("heuristics_surface", {"node_id": node, "cursor": cursor}))
    assert page == {
        "node": {"id": node},
        "graph_facts": {"ghost_references_sample": facts["ghost_references_sample"]},
    }
    assert tests == [sid(shop, "tests/test_cart.py", "test_total_price")]
    other = sid(shop, "shop/cart.py", "Cart")
    refused = error_of(app_context, "heuristics_surface", {"node_id": other, "cursor": cursor})
    assert (refused["error"], refused["field"]) == ("invalid_input", "cursor")
