"""The tests' managed Neo4j is the instance CODEROOMS_INSTANCE names, `test` when unset."""

from __future__ import annotations

import pytest

from tests.neo4j_server import (
    instance_for_tests,
    instance_of_this_process,
    managed_test_instance,
)


def test_the_tests_instance_follows_coderooms_instance(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CODEROOMS_INSTANCE", "mine")
    assert instance_for_tests() == "mine"
    assert managed_test_instance().settings.instance == "mine"
    monkeypatch.delenv("CODEROOMS_INSTANCE")
    assert instance_for_tests() == "test"
    monkeypatch.setenv("CODEROOMS_INSTANCE", "")
    assert instance_for_tests() == "test"


def test_each_xdist_worker_has_an_instance_of_its_own() -> None:
    assert instance_of_this_process({}) == "test"
    assert instance_of_this_process({"PYTEST_XDIST_WORKER": "gw1"}) == "test-gw1"
    mine = {"CODEROOMS_INSTANCE": "mine", "PYTEST_XDIST_WORKER": "gw0"}
    assert instance_of_this_process(mine) == "mine-gw0"
    assert instance_of_this_process({**mine, "CODEROOMS_INSTANCE": "mine-gw0"}) == "mine-gw0"
