"""Run the real `coderooms serve --http` in a subprocess and talk to it with raw HTTP requests,
so a test sets exactly the Host, Origin and Authorization headers an attacker would."""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

START_DEADLINE_S = 60.0
MCP_PATH = "/mcp"

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "coderooms-tests", "version": "0"},
    },
}


@dataclass(frozen=True, slots=True)
class Answer:
    status: int
    headers: dict[str, str]
    body: str


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def post(port: int, headers: dict[str, str], body: object = INITIALIZE) -> Answer:
    """POST `body` to the MCP endpoint with exactly `headers` (Host included)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.putrequest("POST", MCP_PATH, skip_host=True, skip_accept_encoding=True)
        sent = {
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
            **headers,
        }
        data = json.dumps(body).encode()
        for name, value in sent.items():
            conn.putheader(name, value)
        conn.putheader("Content-Length", str(len(data)))
        conn.endheaders(data)
        response = conn.getresponse()
        return Answer(
            response.status,
            {k.lower(): v for k, v in response.getheaders()},
            response.read().decode("utf-8", "replace"),
        )
    finally:
        conn.close()


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


@contextmanager
def http_server(env: dict[str, str], *args: str, bind: str = "127.0.0.1") -> Iterator[int]:
    """`coderooms serve --http BIND:PORT *args` until the block ends; yields the port (reached
    on 127.0.0.1)."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "coderooms", "serve", "--http", f"{bind}:{port}", *args],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + START_DEADLINE_S
        while not _answers(port):
            if process.poll() is not None:
                stderr = process.stderr.read().decode() if process.stderr else ""
                raise AssertionError(f"the server exited ({process.returncode}): {stderr}")
            if time.monotonic() > deadline:
                raise AssertionError("the HTTP server did not start in time")
            time.sleep(0.05)
        yield port
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stderr:
            process.stderr.close()


def serve_refusal(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """Run a `serve` that should refuse to start; its exit status and output."""
    return subprocess.run(
        [sys.executable, "-m", "coderooms", "serve", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
