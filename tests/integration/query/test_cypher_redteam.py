"""`cypher` against a red team, on a real Neo4j through the in-memory MCP server: writes,
procedures, file and network reads, administration, long-running and huge queries, and reads of
another operator's repo. Every attempt is refused or cut, the graph is unchanged, and no answer
holds anything of the repo this server does not read.

Two repos share the graph: `inside` under the served root, `outside` beside it with a planted
secret (the same file names, so an unscoped query would find both)."""

from __future__ import annotations

import asyncio
import json
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError

from coderooms.config import Settings
from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root
from coderooms.query import run
from coderooms.server import create_server
from coderooms.verbs.context import AppContext, GraphProvider

SECRET = "zq_cypher_secret_71c2"
MOD = "def compute(x):\n    return helper(x)\n\n\ndef helper(x):\n    return x\n"
OUTSIDE = f'TOKEN = "{SECRET}"\n\n\ndef compute(x):\n    return TOKEN\n'

WRITES = [
    "CREATE (n:Evil) RETURN n",
    "MATCH (n:File) SET n.evil = 1 RETURN n",
    "MATCH (n:File) DETACH DELETE n",
    "MATCH (n:File) DELETE n",
    "MERGE (n:Evil {id: 1}) RETURN n",
    "MATCH (n:File) REMOVE n.path RETURN n",
    "MATCH (n:File) SET n:Evil RETURN n",
    "MATCH (n:File) FOREACH (x IN [1] | SET n.evil = x) RETURN n",
    "MATCH (n:File) CALL { WITH n SET n.evil = 1 } RETURN n",
    "CALL { CREATE (:Evil) } RETURN 1",
    "MATCH (n:File) CALL (n) { SET n.evil = 1 } IN TRANSACTIONS RETURN n",
    "MATCH (n:File) WITH n, CASE WHEN n.path IS NULL THEN 1 ELSE 2 END AS x SET n.evil = x "
    "RETURN n",
    "MATCH (n:File) RETURN CASE WHEN true THEN 1 END AS x SET n.evil = 1",
    "UNWIND [1] AS x CREATE (:Evil {x: x})",
    "match (n:File) sEt n.evil = 1 return n",
    "MATCH (n:File) CRE/**/ATE (m:Evil) RETURN n",
    "`CREATE` (n:Evil)",
    "RETURN 1 AS x UNION MATCH (n:File) CREATE (m:Evil) RETURN 1 AS x",
    "MATCH (n:File) WITH n LIMIT 1 CALL { MERGE (:Evil) } RETURN n",
    "MATCH (n:File) RETURN n; CREATE (m:Evil)",
    "INSERT (n:Evil)",
    "MATCH (n:File) SET n += {evil: 1} RETURN n",
]
PROCEDURES = [
    "CALL apoc.load.json('file:///etc/passwd')",
    "CALL apoc.load.jsonParams('http://127.0.0.1:1/x', {}, null) YIELD value RETURN value",
    "CALL apoc.cypher.run('CREATE (:Evil)', {}) YIELD value RETURN value",
    "CALL apoc.cypher.doIt('CREATE (:Evil)', {}) YIELD value RETURN value",
    "CALL db.labels()",
    "CALL db.labels() YIELD label RETURN label",
    "CALL dbms.listConfig()",
    "CALL dbms.security.listUsers()",
    "CALL dbms.components()",
    "CALL db.createLabel('Evil')",
    "CALL db.createProperty('evil')",
    "CALL db.index.fulltext.queryNodes('symbol_text', 'compute') YIELD node RETURN node",
    "OPTIONAL CALL db.labels() YIELD label RETURN label",
    "CALL `db`.`labels`()",
    "CALL db . labels()",
    "CALL /* hidden */ db.labels()",
    "WITH 'db.labels' AS p CALL p()",
    "MATCH (n:File) CALL db.labels() YIELD label RETURN label",
    "RETURN apoc.text.join(['a'], ',') AS x",
    "RETURN `apoc`.`util`.`md5`(['a']) AS x",
    "RETURN apoc.util.sleep(100000) AS x",
    "RETURN db.nameFromElementId('4:x:1') AS x",
    "RETURN gds.version() AS x",
    "RETURN graph.names() AS x",
    "RETURN custom.fn(1) AS x",
    "RETURN apoc . coll . sum([1]) AS x",
]
FILES_AND_NETWORK = [
    "LOAD CSV FROM 'file:///etc/passwd' AS row RETURN row",
    "LOAD CSV WITH HEADERS FROM 'file:///etc/hostname' AS row RETURN row",
    "LOAD CSV FROM 'http://127.0.0.1:1/x' AS row RETURN row",
    "MATCH (n:File) LOAD CSV FROM 'file:///' + n.path AS l RETURN l",
    "load csv from 'https://example.invalid/x' as r return r",
    "RETURN file() AS f",
    "RETURN linenumber() AS l",
    "CALL apoc.load.csv('file:///etc/passwd') YIELD list RETURN list",
    "CALL apoc.import.csv([], [], {})",
    "CALL apoc.export.csv.all('/tmp/evil.csv', {})",
]
ADMINISTRATION = [
    "SHOW TRANSACTIONS",
    "SHOW USERS",
    "SHOW SETTINGS",
    "SHOW PROCEDURES",
    "TERMINATE TRANSACTIONS 'neo4j-transaction-1'",
    "USE system SHOW USERS",
    "USE system MATCH (n) RETURN n",
    "CREATE USER evil SET PASSWORD 'evil-password'",
    "GRANT ROLE admin TO evil",
    "DROP INDEX symbol_text",
    "CREATE INDEX evil FOR (n:File) ON (n.evil)",
    "EXPLAIN MATCH (n) RETURN n",
    "PROFILE MATCH (n) RETURN n",
    "CYPHER runtime=parallel MATCH (n) RETURN n",
    "ALTER USER neo4j SET PASSWORD 'x'",
    "STOP DATABASE neo4j",
]
OTHER_REPO = [
    "MATCH (f:File) RETURN f.repo, f.path",
    "MATCH (f:File {repo: $outside}) RETURN f.path",
    "MATCH (n) RETURN n",
    "MATCH (n) WHERE n.repo = $outside OR true RETURN n.repo, n.id",
    "MATCH (c:Chunk) WHERE c.text CONTAINS $secret RETURN c.text",
    "MATCH (c:Chunk) RETURN c.text",
    "MATCH ()-[r]->() RETURN r",
    "MATCH p = (a)-[*1..3]-(b) RETURN p",
    "MATCH (r:Repo) RETURN r.id, r.root",
    "MATCH (a:File) RETURN [(n:File WHERE n.repo = $outside) | n.path] AS paths",
    "MATCH (a:Agent) RETURN a",
    "MATCH (n:Note) RETURN n",
    "MATCH (n:Alert) RETURN n",
    "MATCH (n:Watcher) RETURN n",
    "MATCH (n) WHERE elementId(n) = $element RETURN n",
    "CALL { MATCH (x:File {repo: $outside}) RETURN x } RETURN x.path",
    "MATCH (f:File) WHERE COUNT { MATCH (o:File {repo: $outside}) } > 0 RETURN f.path",
    "MATCH (f:File) RETURN COLLECT { MATCH (o:File) RETURN o.repo } AS repos",
    "MATCH (s:Symbol) WHERE s.repo = $outside RETURN s.name, s.signature",
    "MATCH (`n`:`File`) RETURN `n`.repo, `n`.path",
    "MATCH ((n:File)) RETURN n.repo",
    "MATCH (n:File|Symbol) RETURN DISTINCT n.repo",
    "MATCH (n IS Chunk) RETURN n.text",
    "OPTIONAL MATCH (n {repo: $outside}) RETURN n",
    "WITH $outside AS r MATCH (n) WHERE n.repo = r RETURN n.id",
    "MATCH (a:Symbol), (b:Symbol) RETURN a.repo, b.repo",
    "MATCH ANY (a:Symbol)-[:CALLS]->+(b) RETURN b",
    "MATCH (a:Symbol) ((x)-[:CALLS]->(y)){1,3} (b) RETURN b, x, y",
    "MATCH p = shortestPath((a:Symbol)-[*..5]-(b:Symbol {repo: $outside})) RETURN p",
    "MATCH (c:Chunk) WHERE c.repo = $outside AND toInteger(substring(c.text, 0, 1)) / 0 = 1 "
    "RETURN c",
    "MATCH (c:Chunk) RETURN date(c.text) AS d",
    "MATCH (n) RETURN count(n) AS nodes, collect(DISTINCT n.repo) AS repos",
    "MATCH (g:Ghost) RETURN g",
    "MATCH (n) RETURN labels(n), properties(n)",
    "MATCH (f:File) RETURN f {.*, more: [(f)<-[:IMPORTS]-(o) | o.path]} AS f",
    "MATCH (a:File)-[:HAS_FILE|DEFINES*0..5]-(b) RETURN DISTINCT b.repo",
    "MATCH (n WHERE n.repo = $outside) RETURN n",
    "UNWIND [$outside] AS r MATCH (f:File) WHERE f.repo = r RETURN f",
    "MATCH (f:File) WHERE EXISTS { MATCH (o:Symbol) WHERE o.repo = $outside } RETURN f.path",
    "MATCH (a)-->(b) RETURN a, b",
]


@dataclass(frozen=True)
class Repos:
    served: Path
    inside: str
    outside: str
    outside_root: Path


@pytest.fixture(scope="module")
def repos(graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> Repos:
    base = tmp_path_factory.mktemp("cypher")
    tag = uuid.uuid4().hex[:8]
    inside, outside = base / "served" / "inside", base / "elsewhere" / "outside"
    for root, text in ((inside, MOD), (outside, OUTSIDE)):
        (root / "pkg").mkdir(parents=True)
        (root / "pkg" / "mod.py").write_text(text)
    (outside / "notes.md").write_text(f"the key is {SECRET}\n")
    found = Repos(base / "served", f"in-{tag}", f"out-{tag}", outside)
    ingest_root(graph, inside, repo=found.inside, workers=1, git=False)
    ingest_root(graph, outside, repo=found.outside, workers=1, git=False)
    return found


@pytest.fixture
def ctx(settings: Settings, graph: Graph, repos: Repos) -> AppContext:
    scoped = settings.model_copy(update={"roots": [repos.served]})
    return AppContext(settings=scoped, graphs=GraphProvider.ready(scoped, graph))


def ask(ctx: AppContext, query: str, **arguments: Any) -> tuple[str, Any]:
    """('ok', answer) or ('refused', error payload)."""

    async def go() -> Any:
        async with Client(create_server(ctx)) as client:
            result = await client.call_tool(
                "cypher", {"agent_id": "red", "query": query, **arguments}
            )
            return result.structured_content

    try:
        return "ok", asyncio.run(go())
    except ToolError as e:
        return "refused", json.loads(str(e))


def graph_state(graph: Graph, repos: Repos) -> Any:
    return graph.run_text(
        "MATCH (n) WHERE n:Evil OR n.evil IS NOT NULL RETURN count(n) AS evil "
        "UNION ALL MATCH (f:File) WHERE f.repo IN $repos RETURN count(f) AS evil "
        "UNION ALL MATCH (f:File) WHERE f.path IS NULL RETURN count(f) AS evil",
        repos=[repos.inside, repos.outside],
    )


@pytest.mark.parametrize(
    ("family", "queries"),
    [
        ("writes", WRITES),
        ("procedures", PROCEDURES),
        ("files and network", FILES_AND_NETWORK),
        ("administration", ADMINISTRATION),
    ],
)
def test_every_write_procedure_load_and_command_is_refused(
    ctx: AppContext, graph: Graph, repos: Repos, family: str, queries: list[str]
) -> None:
    before = graph_state(graph, repos)
    answered = {query: ask(ctx, query) for query in queries}
    ran = {q: a for q, (kind, a) in answered.items() if kind == "ok"}
    assert ran == {}, family
    for query, (_, payload) in answered.items():
        assert payload["error"] in {"forbidden", "invalid_input"}, (query, payload)
        assert payload.get("field") == "query", query
    assert graph_state(graph, repos) == before == [{"evil": 0}, {"evil": 3}, {"evil": 0}]


def test_another_operators_repo_is_never_read(ctx: AppContext, graph: Graph, repos: Repos) -> None:
    (row,) = graph.run_text(
        "MATCH (n:Symbol {repo: $repo}) RETURN elementId(n) AS id LIMIT 1", repo=repos.outside
    )
    params = {"outside": repos.outside, "secret": SECRET, "element": row["id"]}
    answered = {q: ask(ctx, q, params=params) for q in OTHER_REPO}
    for query, (kind, answer) in answered.items():
        text = json.dumps(answer)
        assert SECRET not in text, query
        assert str(repos.outside_root) not in text, query
        if kind == "ok":
            assert repos.outside not in text, query
    ok = {q: a for q, (kind, a) in answered.items() if kind == "ok"}
    assert len(ok) >= 30  # most are legitimate reads, answered from `inside` alone
    assert ok["MATCH (f:File) RETURN f.repo, f.path"]["rows"] == [[repos.inside, "pkg/mod.py"]]
    assert ok["MATCH (r:Repo) RETURN r.id, r.root"]["rows"][0][0] == repos.inside
    assert ok["MATCH (a:Agent) RETURN a"]["rows"] == []
    runtime = answered["MATCH (c:Chunk) RETURN date(c.text) AS d"]
    assert runtime[0] == "refused"
    assert "withheld" in runtime[1]["message"]


def test_long_and_huge_queries_are_cut(
    ctx: AppContext, repos: Repos, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(run, "QUERY_TIMEOUT_S", 1.0)
    kind, payload = ask(
        ctx, "UNWIND range(1, 1000000000) AS x WITH x WHERE x % 7 = 8 RETURN count(*) AS n"
    )
    assert kind == "refused"
    assert payload["error"] == "neo4j_timeout"
    # the rest are cut by rows and size, not time: a loaded host must not time them out
    monkeypatch.setattr(run, "QUERY_TIMEOUT_S", 60.0)
    kind, many = ask(ctx, "UNWIND range(1, 100000) AS x RETURN x ORDER BY x", rows=500)
    assert kind == "ok"
    assert many["count"] == 500
    assert many["next_cursor"]
    kind, more = ask(
        ctx,
        "UNWIND range(1, 100000) AS x RETURN x ORDER BY x",
        rows=500,
        cursor=many["next_cursor"],
    )
    assert more["rows"][0] == [501]
    kind, big = ask(
        ctx,
        "RETURN range(1, 1000000) AS big, "
        "reduce(s = '', x IN range(1, 20000) | s + 'xxxxxxxxxx') AS long",
    )
    assert kind == "ok"
    assert len(json.dumps(big)) < 6_000 * 4
    kind, budget = ask(
        ctx, "UNWIND range(1, 400) AS x RETURN x, 'padding padding' AS p", rows=500, max_tokens=300
    )
    assert budget["count"] < 400
    assert "next_cursor" in budget
    assert ask(ctx, "RETURN 1 AS x", cursor="9.deadbeef")[1]["field"] == "cursor"


def test_each_lock_holds_alone(
    ctx: AppContext, graph: Graph, repos: Repos, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write the checks let through (patched away) is refused by the plan check; past that
    too, by Neo4j itself in the READ session."""
    before = graph_state(graph, repos)
    writing = run.Prepared("CREATE (n:Evil) RETURN count(n) AS n", {"cr_readable": []}, True)
    window = run.FailureWindow()
    with pytest.raises(Exception, match="plans as a"):
        run.run_page(graph, graph.driver, writing, offset=0, rows=1, failures=window)
    monkeypatch.setattr(run, "_check_plan", lambda summary: None)
    with pytest.raises(Exception, match="tried to write"):
        run.run_page(graph, graph.driver, writing, offset=0, rows=1, failures=window)
    loading = run.Prepared("LOAD CSV FROM 'file:///etc/hostname' AS r RETURN r", {}, True)
    monkeypatch.undo()
    with pytest.raises(Exception, match="LoadCSV"):
        run.run_page(graph, graph.driver, loading, offset=0, rows=1, failures=window)
    assert graph_state(graph, repos) == before
