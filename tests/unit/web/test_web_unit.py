"""The web view's parts that need no database: the vendored library is the one its note names,
the page loads nothing from elsewhere and writes no HTML from data, the links answers carry,
the cycles of the repository map, and who the HTTP routes admit."""

from __future__ import annotations

import hashlib
import re

from starlette.applications import Starlette
from starlette.testclient import TestClient

from coderooms.config import Settings
from coderooms.protocol.web_routes import COOKIE, STATIC_FILES, cookie_value, web_routes
from coderooms.verbs.context import AppContext, GraphProvider
from coderooms.web import STATIC, View, answer_path
from coderooms.web.co_changes import co_change_rows
from coderooms.web.repo_map import _cyclic

TOKEN = "unit-token-0123456789abcdef"


def test_the_vendored_cytoscape_is_the_one_its_note_names() -> None:
    note = (STATIC / "vendor" / "README.md").read_text(encoding="utf-8")
    digest = hashlib.sha256((STATIC / "vendor" / "cytoscape.min.js").read_bytes()).hexdigest()
    assert f"`{digest}`" in note
    assert "MIT" in (STATIC / "vendor" / "cytoscape-LICENSE").read_text(encoding="utf-8")


def test_the_page_loads_only_its_own_files() -> None:
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    sources = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert sources
    assert all(s.startswith(("/ui/", "data:")) for s in sources), sources
    for name in STATIC_FILES:
        assert (STATIC / name).is_file()


def test_the_script_writes_no_html_from_data() -> None:
    script = (STATIC / "app.js").read_text(encoding="utf-8")
    assert "innerHTML" not in script
    assert "outerHTML" not in script
    assert "eval(" not in script


def test_links_are_the_question_not_the_budget() -> None:
    arguments = {"agent_id": "a", "symbol": "pkg.mod:f", "repo": "r", "depth": 3,
                 "max_tokens": 999, "cursor": "x"}  # fmt: skip
    assert answer_path("impact", arguments, {}) == "/ui/impact?symbol=pkg.mod%3Af&repo=r&depth=3"
    assert answer_path("surgical_context_v2", {"path": "a b.py"}, {}) == "/ui/surgical?path=a+b.py"
    assert (
        answer_path("perspective_start", {"agent_id": "ägent"}, {"perspective_id": "P_1"})
        == "/ui/perspective?agent=%C3%A4gent&id=P_1"
    )
    assert answer_path("search", {"query": "x"}, {}) is None
    assert answer_path("perspective_routes", {}, {}) is None  # no agent: no page


def test_import_cycles_between_directories() -> None:
    weights = {("a", "b"): 1, ("b", "c"): 1, ("c", "a"): 2, ("c", "d"): 1, ("d", "e"): 1,
               ("e", "d"): 1, ("f", "a"): 1}  # fmt: skip
    found = _cyclic({"a", "b", "c", "d", "e", "f", "g"}, weights)
    assert set(found) == {"a", "b", "c", "d", "e"}
    assert found["a"] == found["b"] == found["c"] != found["d"] == found["e"]
    chain = {(str(i), str(i + 1)): 1 for i in range(5_000)}  # deep: no recursion limit
    assert _cyclic({str(i) for i in range(5_001)}, chain) == {}


def client(token: str | None) -> TestClient:
    settings = Settings(neo4j_uri="bolt://127.0.0.1:1", neo4j_password="x", read_only=True)
    ctx = AppContext(settings=settings, graphs=GraphProvider(settings, start_managed=False))
    return TestClient(Starlette(routes=web_routes(View(ctx), token)))


def test_with_a_token_a_page_needs_it_and_the_address_sets_a_cookie() -> None:
    http = client(TOKEN)
    assert http.get("/ui/").status_code == 401
    assert http.get("/ui/api/repos").status_code == 401
    assert http.get("/ui/api/repos?token=" + TOKEN).status_code == 401  # data: never by address
    login = http.get(f"/ui/symbol?id=x&token={TOKEN}", follow_redirects=False)
    assert login.status_code == 303
    assert login.headers["location"] == "/ui/symbol?id=x"
    cookie = login.cookies[COOKIE]
    assert cookie == cookie_value(TOKEN)
    assert TOKEN not in cookie
    assert "httponly" in login.headers["set-cookie"].lower()
    assert "samesite=strict" in login.headers["set-cookie"].lower()
    http.cookies.set(COOKIE, cookie)
    page = http.get("/ui/symbol?id=x")
    assert page.status_code == 200
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert http.get("/ui/api/repos").status_code == 503  # admitted; Neo4j is not there
    bearer = TestClient(http.app).get("/ui/api/repos", headers={"Authorization": f"Bearer {TOKEN}"})
    assert bearer.status_code == 503


def test_only_the_named_files_are_served() -> None:
    http = client(None)
    assert http.get("/ui/static/app.js").status_code == 200
    assert http.get("/ui/static/vendor/cytoscape.min.js").status_code == 200
    for name in ("../__init__.py", "index.html", "vendor/README.md", "%2e%2e/view.py"):
        assert http.get(f"/ui/static/{name}").status_code == 404
    assert http.get("/ui/nothing").status_code == 404
    assert http.get("/ui/api/nothing").status_code == 404
    assert http.post("/ui/api/repos").status_code == 405


def test_co_change_rows_are_the_partners_heaviest_first() -> None:
    answer = {
        "commits": 29,
        "partners": [
            {"path": "src/c.py", "weight": 3, "kind": "code"},
            {"path": "CHANGES.rst", "weight": 15, "kind": "docs"},
            {"path": "tests/test_a.py", "weight": 9, "kind": "tests"},
            {"path": "src/a b.py", "weight": 7, "kind": "code"},
        ],
        "total": 6,
    }
    assert co_change_rows(answer) == [
        {"path": "CHANGES.rst", "weight": 15, "kind": "docs"},
        {"path": "tests/test_a.py", "weight": 9, "kind": "tests"},
        {"path": "src/a b.py", "weight": 7, "kind": "code"},
        {"path": "src/c.py", "weight": 3, "kind": "code"},
    ]
    assert co_change_rows(None) == co_change_rows({}) == []
