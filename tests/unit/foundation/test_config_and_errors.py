from __future__ import annotations

import json

import pytest

from coderooms.cli.main import parse_host_port
from coderooms.config import Settings
from coderooms.errors import InvalidInput, NotFound, NotReady
from coderooms.verbs.agents import MAX_AGENT_ID_CHARS, validate_agent_id
from coderooms.verbs.spec import error_text


def test_standard_neo4j_variables_override(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", "neo4j+s://example.invalid")
    monkeypatch.setenv("NEO4J_USER", "reader")
    monkeypatch.setenv("NEO4J_PASSWORD", "s3cret")
    settings = Settings()
    assert settings.neo4j_uri == "neo4j+s://example.invalid"
    assert settings.neo4j_user == "reader"
    assert settings.uses_external_neo4j


def test_without_uri_the_managed_instance_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NEO4J_URI", raising=False)
    monkeypatch.setenv("CODEROOMS_HOME", "/tmp/somewhere")
    settings = Settings()
    assert not settings.uses_external_neo4j
    assert str(settings.home) == "/tmp/somewhere"


def test_error_payload_names_field_and_hint() -> None:
    error = InvalidInput("top_k must be positive", field="top_k", hint="pass 1..500")
    payload = json.loads(error_text(error))
    assert payload == {
        "error": "invalid_input",
        "message": "top_k must be positive",
        "field": "top_k",
        "hint": "pass 1..500",
    }
    assert NotReady("x").code == "not_ready"


@pytest.mark.parametrize("agent_id", ["claude-1", "агент-7", "エージェント", "a b", "🤖"])
def test_unicode_agent_ids_are_accepted(agent_id: str) -> None:
    assert validate_agent_id(agent_id) == agent_id


@pytest.mark.parametrize(
    "agent_id", ["", "   ", None, 7, "tab\there", "nul\x00", "x" * (MAX_AGENT_ID_CHARS + 1)]
)
def test_bad_agent_ids_are_refused_naming_the_field(agent_id: object) -> None:
    with pytest.raises(InvalidInput) as raised:
        validate_agent_id(agent_id)
    assert raised.value.field == "agent_id"


def test_http_address_parsing() -> None:
    assert parse_host_port("127.0.0.1:8765") == ("127.0.0.1", 8765)
    assert parse_host_port("[::1]:80") == ("[::1]", 80)
    for bad in ("8765", "host:", "host:99999", "host:http"):
        with pytest.raises(InvalidInput):
            parse_host_port(bad)


def test_an_error_never_echoes_a_huge_argument_whole() -> None:
    path = "a/" * 1_500_000
    payload = NotFound(f"no file {path!r} in any repo", field="path").payload()
    assert len(payload["message"]) < 1_000
    assert payload["message"].startswith("no file 'a/a/")
    assert payload["message"].endswith("in any repo")
    assert "characters left out" in payload["message"]
    short = NotFound("no file 'x.py' in any repo", field="path").payload()
    assert short["message"] == "no file 'x.py' in any repo"
