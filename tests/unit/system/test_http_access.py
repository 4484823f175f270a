"""Who may reach `serve --http` (issue 15, item 3): which binds need the operator's token, the
token's checks, and the Docker files that use it. The requests themselves: tests/e2e."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
import yaml

from coderooms.config import Settings
from coderooms.errors import InvalidInput
from coderooms.protocol.http_access import (
    OperatorToken,
    checked_token,
    http_run_options,
    is_loopback,
)

PROJECT = Path(__file__).resolve().parents[3]
TOKEN = "0123456789abcdef0123"


@pytest.mark.parametrize("host", ["127.0.0.1", "127.8.9.10", "localhost", "LocalHost", "::1",
                                  "[::1]"])  # fmt: skip
def test_loopback_binds(host: str) -> None:
    assert is_loopback(host)


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "[::]", "10.0.0.7", "example.com", "localhost."
                                  "evil.example", ""])  # fmt: skip
def test_binds_that_are_not_loopback(host: str) -> None:
    assert not is_loopback(host)


def test_loopback_needs_no_token() -> None:
    assert checked_token(Settings(), "127.0.0.1") is None


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.5", "myhost"])
def test_a_bind_off_loopback_without_a_token_is_refused(host: str) -> None:
    with pytest.raises(InvalidInput, match="CODEROOMS_HTTP_TOKEN") as raised:
        checked_token(Settings(http_token=None), host)
    assert raised.value.field == "--http"


@pytest.mark.parametrize("blank", ["", "   "])
def test_a_blank_token_is_no_token(blank: str) -> None:
    with pytest.raises(InvalidInput):
        checked_token(Settings(http_token=blank), "0.0.0.0")  # type: ignore[arg-type]


@pytest.mark.parametrize("weak", ["short", " " + TOKEN])
def test_a_weak_token_is_refused_even_on_loopback(weak: str) -> None:
    with pytest.raises(InvalidInput) as raised:
        checked_token(Settings(http_token=weak), "127.0.0.1")  # type: ignore[arg-type]
    assert raised.value.field == "CODEROOMS_HTTP_TOKEN"


def test_a_token_is_taken_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CODEROOMS_HTTP_TOKEN", TOKEN)
    monkeypatch.setenv("CODEROOMS_HTTP_ALLOWED_HOSTS", "coderooms, other.internal")
    settings = Settings()
    assert checked_token(settings, "0.0.0.0") == TOKEN
    assert TOKEN not in repr(settings)
    options = http_run_options(settings, "[::1]", 8765)
    assert options["host"] == "::1"
    assert options["host_origin_protection"] is True
    assert options["allowed_hosts"] == ["coderooms", "other.internal"]


@pytest.mark.parametrize(("offered", "admitted"), [(TOKEN, True), (TOKEN + "x", False),
                                                   (TOKEN[:-1], False), ("", False)])  # fmt: skip
def test_the_verifier_admits_only_the_operators_token(offered: str, admitted: bool) -> None:
    verified = asyncio.run(OperatorToken(TOKEN).verify_token(offered))
    assert (verified is not None) is admitted


def test_the_docker_image_binds_all_interfaces_and_serves_repos() -> None:
    dockerfile = (PROJECT / "docker" / "Dockerfile").read_text()
    cmd = next(line for line in dockerfile.splitlines() if line.startswith("CMD "))
    assert json.loads(cmd.removeprefix("CMD ")) == [
        "serve", "--http", "0.0.0.0:8765", "--root", "/repos",
    ]  # fmt: skip


def test_compose_requires_the_token() -> None:
    compose = yaml.safe_load((PROJECT / "docker-compose.yml").read_text())
    env = compose["services"]["coderooms"]["environment"]
    assert env["CODEROOMS_HTTP_TOKEN"].startswith("${CODEROOMS_HTTP_TOKEN:?")
    assert compose["services"]["coderooms"]["ports"] == ["127.0.0.1:8765:8765"]
