"""The tests' managed Neo4j is the instance CODEROOMS_INSTANCE names, `test` when unset."""

from __future__ import annotations

import pytest

from tests.neo4j_server import instance_for_tests, managed_test_instance


def test_the_tests_instance_follows_coderooms_instance(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CODEROOMS_INSTANCE", "mine")
    assert instance_for_tests() == "mine"
    assert managed_test_instance().settings.instance == "mine"
    monkeypatch.delenv("CODEROOMS_INSTANCE")
    assert instance_for_tests() == "test"
    monkeypatch.setenv("CODEROOMS_INSTANCE", "")
    assert instance_for_tests() == "test"
