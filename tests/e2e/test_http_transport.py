"""The streamable HTTP transport against real requests: the DNS-rebinding rule (Host, Origin)
and the operator's bearer token (issue 15, item 3). No database: the server answers the MCP
handshake and `health` while Neo4j is unreachable."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from fastmcp import Client
from fastmcp.client.transports import StreamableHttpTransport

from tests.e2e.http_server import http_server, post, serve_refusal
from tests.e2e.stdio_client import server_env

TOKEN = "e2e-token-0123456789abcdef"


def offline_env(**extra: str) -> dict[str, str]:
    env = server_env(None, NEO4J_URI="bolt://127.0.0.1:1", NEO4J_PASSWORD="x", **extra)
    env.pop("CODEROOMS_HTTP_TOKEN", None)
    env.pop("CODEROOMS_HTTP_ALLOWED_HOSTS", None)
    return env | extra


@pytest.fixture(scope="module")
def open_server() -> Any:
    with http_server(offline_env()) as port:
        yield port


@pytest.fixture(scope="module")
def token_server() -> Any:
    env = offline_env(CODEROOMS_HTTP_TOKEN=TOKEN, CODEROOMS_HTTP_ALLOWED_HOSTS="coderooms")
    with http_server(env) as port:
        yield port


def opens_session(answer: Any) -> bool:
    return answer.status == 200 and "mcp-session-id" in answer.headers


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}", "LOCALHOST:{port}"])
def test_a_loopback_host_opens_a_session(open_server: int, host: str) -> None:
    assert opens_session(post(open_server, {"Host": host.format(port=open_server)}))


@pytest.mark.parametrize(
    "host",
    [
        "evil.example",
        "evil.example:{port}",
        "127.0.0.1.evil.example:{port}",
        "localhost.evil.example:{port}",
        "10.0.0.7:{port}",
        "0.0.0.0:{port}",
    ],
)
def test_a_host_that_is_not_loopback_is_refused(open_server: int, host: str) -> None:
    answer = post(open_server, {"Host": host.format(port=open_server)})
    assert answer.status == 421
    assert "mcp-session-id" not in answer.headers


@pytest.mark.parametrize(
    "origin", ["http://localhost:3000", "http://127.0.0.1:{port}", "http://[::1]:{port}"]
)
def test_a_loopback_origin_is_admitted(open_server: int, origin: str) -> None:
    headers = {"Host": f"127.0.0.1:{open_server}", "Origin": origin.format(port=open_server)}
    assert opens_session(post(open_server, headers))


@pytest.mark.parametrize(
    "origin",
    [
        "http://evil.example",
        "https://evil.example:{port}",
        "http://localhost.evil.example:{port}",
        "http://127.0.0.1.evil.example",
        "null",
        "file://",
    ],
)
def test_a_foreign_origin_is_refused(open_server: int, origin: str) -> None:
    headers = {"Host": f"localhost:{open_server}", "Origin": origin.format(port=open_server)}
    answer = post(open_server, headers)
    assert answer.status == 403
    assert "mcp-session-id" not in answer.headers


def test_a_rebound_page_cannot_call_a_tool(open_server: int) -> None:
    """What the red team did: Host evil.example, then tools/call. Refused before any session."""
    call = {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": "health", "arguments": {"agent_id": "x"}}}  # fmt: skip
    for headers in (
        {"Host": "evil.example:8765", "Origin": "http://evil.example:8765"},
        {"Host": f"evil.example:{open_server}"},
    ):
        answer = post(open_server, headers, call)
        assert answer.status == 421
        assert "result" not in answer.body


@pytest.mark.parametrize(
    "authorization", [None, "Bearer wrong-token-0123456789", f"Basic {TOKEN}", "Bearer "]
)
def test_the_token_is_required_when_set(token_server: int, authorization: str | None) -> None:
    headers = {"Host": f"127.0.0.1:{token_server}"}
    if authorization is not None:
        headers["Authorization"] = authorization
    answer = post(token_server, headers)
    assert answer.status == 401
    assert "mcp-session-id" not in answer.headers


def test_the_right_token_opens_a_session(token_server: int) -> None:
    headers = {"Host": f"127.0.0.1:{token_server}", "Authorization": f"Bearer {TOKEN}"}
    assert opens_session(post(token_server, headers))


def test_the_token_does_not_lift_the_host_check(token_server: int) -> None:
    headers = {"Host": f"evil.example:{token_server}", "Authorization": f"Bearer {TOKEN}"}
    assert post(token_server, headers).status == 421


def test_a_host_the_operator_allowed_is_admitted(token_server: int) -> None:
    headers = {"Host": f"coderooms:{token_server}", "Authorization": f"Bearer {TOKEN}"}
    assert opens_session(post(token_server, headers))


def test_a_real_client_calls_tools_with_the_token(token_server: int) -> None:
    url = f"http://127.0.0.1:{token_server}/mcp"

    async def run() -> tuple[list[str], dict[str, Any]]:
        async with Client(StreamableHttpTransport(url, auth=TOKEN)) as client:
            tools = [tool.name for tool in await client.list_tools()]
            health = (await client.call_tool("health", {"agent_id": "e2e"})).structured_content
            return tools, health

    tools, health = asyncio.run(run())
    assert {"health", "apply"} <= set(tools)
    assert health["status"] == "starting"


@pytest.mark.parametrize("bind", ["0.0.0.0", "10.0.0.7", "example.invalid"])
def test_a_bind_off_loopback_refuses_to_start_without_a_token(bind: str) -> None:
    result = serve_refusal(offline_env(), "--http", f"{bind}:8765")
    assert result.returncode == 1
    assert "CODEROOMS_HTTP_TOKEN" in result.stderr
    assert bind in result.stderr


def test_a_short_token_refuses_to_start() -> None:
    result = serve_refusal(offline_env(CODEROOMS_HTTP_TOKEN="short"), "--http", "127.0.0.1:1")
    assert result.returncode == 1
    assert "at least 16 characters" in result.stderr


def test_a_bind_off_loopback_with_a_token_serves_only_with_it() -> None:
    with http_server(offline_env(CODEROOMS_HTTP_TOKEN=TOKEN), bind="0.0.0.0") as port:
        host = {"Host": f"localhost:{port}"}
        assert post(port, host).status == 401
        assert opens_session(post(port, host | {"Authorization": f"Bearer {TOKEN}"}))
        refused = post(port, {"Host": "evil.example", "Authorization": f"Bearer {TOKEN}"})
        assert refused.status == 421
