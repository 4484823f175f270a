"""The web view in a real headless browser (Chromium from the system's packages, driven by
Playwright's Python package; no browser is downloaded): the real `coderooms serve --http --root`
with a token, an agent's `impact` and `perspective_start` answers carrying their `web` link, each
page opened from it and checked by its DOM, the agent's note on its symbol's page, a click that
moves, an edit on disk that the open page shows without a reload, and `coderooms ui`'s own
read-only server. Screenshots of every page are written to a temporary directory (printed with
-s)."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from fastmcp import Client
from fastmcp.client.transports import StreamableHttpTransport

from coderooms.graph.driver import Connection
from tests.e2e.http_server import http_server
from tests.e2e.stdio_client import server_env
from tests.integration.impact.test_impact import git_fixture

sync_api = pytest.importorskip(
    "playwright.sync_api", reason="Playwright's Python package is not installed (dev extra)"
)
CHROMIUM = os.environ.get("CODEROOMS_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).is_file():
    pytest.skip(
        "no Chromium here (scripts/test installs Debian's `chromium` when run as root)",
        allow_module_level=True,
    )

TOKEN = "web-view-token-0123456789abcdef"
AGENT = f"e2e-web-{uuid.uuid4().hex[:8]}"  # perspectives outlive a run in the session store
NOTE = "serve must stay re-entrant"
DEADLINE_S = 60.0
PAGE_TIMEOUT_MS = 15_000


def until(predicate: Any, what: str, deadline_s: float = DEADLINE_S) -> Any:
    deadline = time.monotonic() + deadline_s
    while not (value := predicate()):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)
    return value


@pytest.fixture(scope="module")
def served(connection: Connection, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A served repository (the impact fixture under git), its server, and what an agent's
    `impact` and `perspective_start` answered."""
    repo = f"web-{uuid.uuid4().hex[:10]}"
    root = git_fixture(tmp_path_factory.mktemp("web") / repo)
    env = server_env(connection, CODEROOMS_HTTP_TOKEN=TOKEN, CODEROOMS_ROOTS=str(root))
    with http_server(env, "--root", str(root)) as port:
        base = f"http://127.0.0.1:{port}"
        # a thread of its own: Playwright's sync API keeps an event loop in this one
        with ThreadPoolExecutor(1) as pool:
            answers = pool.submit(asyncio.run, agent_calls(base, repo)).result()
        yield {"base": base, "repo": repo, "root": root, **answers}


async def agent_calls(base: str, repo: str) -> dict[str, Any]:
    transport = StreamableHttpTransport(f"{base}/mcp", auth=TOKEN)
    async with Client(transport) as client:

        async def call(tool: str, **arguments: Any) -> Any:
            result = await client.call_tool(tool, {"agent_id": AGENT, **arguments})
            return result.structured_content

        async def ingested() -> bool:
            # health lists the repo from the start of its ingest: wait until that ingest is done
            health = await call("health")
            states = list(health.get("startup_ingest", {}).values())
            assert not any(state.startswith("failed") for state in states), states
            return bool(states) and all(state.startswith("done") for state in states)

        deadline = time.monotonic() + DEADLINE_S
        while not await ingested():
            assert time.monotonic() < deadline, "the startup ingest did not finish"
            await asyncio.sleep(0.2)
        await call("note", anchors=["pkg/service.py::serve"], text=NOTE, kind="warning", repo=repo)
        impact = await call("impact", symbol="compute", repo=repo)
        perspective = await call("perspective_start", query="serve", repo=repo)
        surgical = await call("surgical_context", path="pkg/core.py", repo=repo)
    return {"impact": impact, "perspective": perspective, "surgical": surgical}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("web-screenshots")
    print(f"web view screenshots: {folder}")
    return folder


@pytest.fixture
def page(browser: Any, served: dict[str, Any]) -> Iterator[Any]:
    """A page logged in once (the token in the address sets the view's cookie)."""
    context = browser.new_context(viewport={"width": 1280, "height": 760})
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.goto(f"{served['base']}/ui/?token={TOKEN}")
    opened.wait_for_selector("body[data-page='repos']", timeout=PAGE_TIMEOUT_MS)
    opened.errors = errors
    yield opened
    assert not errors, f"the page raised: {errors}"
    context.close()


def open_page(page: Any, url: str, name: str) -> None:
    page.goto(url)
    page.wait_for_selector(f"body[data-page='{name}']", timeout=PAGE_TIMEOUT_MS)


def path_of(link: str) -> str:
    parts = urlsplit(link)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def test_without_the_token_the_view_is_refused(browser: Any, served: dict[str, Any]) -> None:
    context = browser.new_context()
    anonymous = context.new_page()
    response = anonymous.goto(f"{served['base']}/ui/")
    assert response.status == 401
    assert "needs the operator's token" in anonymous.content()
    wrong = anonymous.goto(f"{served['base']}/ui/?token=not-the-token")
    assert wrong.status == 401
    context.close()


def test_the_token_logs_in_and_leaves_the_address(page: Any, served: dict[str, Any]) -> None:
    assert "token" not in page.url
    assert page.locator("ul.repos li", has_text=served["repo"]).count() == 1


def test_an_agents_impact_answer_links_to_its_graph(
    page: Any, served: dict[str, Any], shots: Path
) -> None:
    link = served["impact"]["web"]
    assert link.startswith(served["base"] + "/ui/impact?")
    open_page(page, link, "impact")
    graph = page.locator("#graph")
    assert graph.get_attribute("data-nodes") == "5"  # compute, its 2 callers, their 2 callers
    assert page.locator("#graph canvas").count() >= 1
    assert page.locator("ul.tests li", has_text="tests/test_service.py").count() == 1
    labels = page.evaluate("window.coderooms.cy.nodes().map(n => n.data('label')).sort()")
    assert labels == ["Engine.run", "compute", "handle", "serve", "test_serve"]
    page.screenshot(path=str(shots / "impact.png"))


def test_the_symbol_page_and_a_click_that_moves(
    page: Any, served: dict[str, Any], shots: Path
) -> None:
    repo = served["repo"]
    open_page(page, f"{served['base']}/ui/symbol?id={repo}:pkg/service.py::serve", "symbol")
    assert page.locator("#symbol-name").inner_text() == "serve"
    assert "return compute(1)" in page.locator("#source").inner_text()
    assert page.locator("ul.callers li").count() == 2
    assert page.locator("ul.callees li").count() == 3
    assert page.locator("ul.tests li", has_text="tests/test_service.py").count() == 1
    assert page.locator("ul.notes li").count() == 1  # the agent's note, with its author
    assert NOTE in page.locator("ul.notes").inner_text()
    assert AGENT in page.locator("ul.notes").inner_text()
    page.screenshot(path=str(shots / "symbol.png"))
    target = f"{repo}:pkg/service.py::handle"
    spot = page.evaluate(f"window.coderooms.cy.$id({target!r}).renderedPosition()")
    box = page.locator("#graph").bounding_box()
    page.mouse.click(box["x"] + spot["x"], box["y"] + spot["y"])
    page.wait_for_url("**/ui/symbol?id=*handle*", timeout=PAGE_TIMEOUT_MS)
    page.wait_for_selector("body[data-page='symbol']")
    until(lambda: page.locator("#symbol-name").inner_text() == "handle", "the handle page")


def test_surgical_and_perspective_answers_link_to_their_pages(
    page: Any, served: dict[str, Any], shots: Path
) -> None:
    open_page(page, served["surgical"]["web"], "surgical")
    assert page.locator("ul.importers li").count() == 2
    assert int(page.locator("#graph").get_attribute("data-nodes")) >= 6
    page.screenshot(path=str(shots / "surgical.png"))
    link = served["perspective"]["web"]
    assert served["perspective"]["perspective_id"] in link
    open_page(page, link, "perspective")
    assert page.locator("ul.routes li").count() >= 3
    page.screenshot(path=str(shots / "perspective.png"))


def test_the_repository_map(page: Any, served: dict[str, Any], shots: Path) -> None:
    open_page(page, f"{served['base']}/ui/map?repo={served['repo']}&dir=pkg", "map")
    nodes = page.evaluate("window.coderooms.cy.nodes().map(n => n.data('label')).sort()")
    assert nodes == [".", "pkg", "tests"]
    assert page.evaluate("window.coderooms.cy.edges().length") == 1
    assert page.locator("ul.files li", has_text="pkg/core.py").count() >= 1
    assert page.locator("p.cycles").inner_text() == "no cycle between directories"
    page.screenshot(path=str(shots / "map.png"))


def test_an_edit_on_disk_shows_without_a_reload(page: Any, served: dict[str, Any]) -> None:
    repo, root = served["repo"], served["root"]
    open_page(page, f"{served['base']}/ui/symbol?id={repo}:pkg/core.py::helper", "symbol")
    before = int(page.locator("#graph").get_attribute("data-nodes"))
    renders = page.evaluate("window.coderooms.renders")
    with (root / "pkg" / "loose.py").open("a", encoding="utf-8") as handle:
        handle.write("\n\ndef again(z):\n    from pkg.core import helper\n    return helper(z)\n")
    until(lambda: page.evaluate("window.coderooms.renders") > renders, "a redraw", 45.0)
    until(lambda: int(page.locator("#graph").get_attribute("data-nodes")) == before + 1,
          "the new caller on the page", 45.0)  # fmt: skip
    assert page.locator("ul.callers li", has_text="again").count() == 1


def test_coderooms_ui_serves_its_own_read_only_view(
    browser: Any, served: dict[str, Any], connection: Connection
) -> None:
    env = server_env(connection, CODEROOMS_HTTP="127.0.0.1:9")  # no server answers there
    process = subprocess.Popen(
        [sys.executable, "-m", "coderooms", "ui", "--no-open", "--root", str(served["root"])],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        url = process.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:")
        assert "/ui/?token=" in url
        context = browser.new_context()
        opened = context.new_page()
        until(lambda: _answers(opened, url), "coderooms ui's server")
        # its own process's first page: driver, pool and every repo's counts from cold
        opened.wait_for_selector("body[data-page='repos']", timeout=4 * PAGE_TIMEOUT_MS)
        assert opened.locator("ul.repos li", has_text=served["repo"]).count() == 1
        context.close()
    finally:
        process.terminate()
        process.wait(timeout=20)


def _answers(page: Any, url: str) -> bool:
    try:
        return page.goto(url).status == 200
    except sync_api.Error:
        return False
