"""The managed Neo4j's page cache: sized to the store at each start unless set."""

from __future__ import annotations

from pathlib import Path

import pytest

from coderooms.neo4j_local.instance import InstanceState
from coderooms.neo4j_local.memory import (
    MAX_BYTES,
    MIB,
    MIN_BYTES,
    auto_bytes,
    page_cache_size,
    store_bytes,
)
from tests.unit.foundation.test_neo4j_local import make_instance

GIB = 1024 * MIB


@pytest.mark.parametrize(
    ("store", "memory", "expected"),
    [
        (0, 24 * GIB, MIN_BYTES),  # empty: the floor
        (100 * MIB, 24 * GIB, MIN_BYTES),  # 381 MiB wanted: the floor
        (2 * GIB, 24 * GIB, int(2 * GIB * 1.25) + 256 * MIB),  # store + growth
        (2 * GIB, 8 * GIB, 2 * GIB),  # a quarter of the machine
        (10 * GIB, 64 * GIB, MAX_BYTES),  # the ceiling
        (10 * GIB, None, MAX_BYTES),  # memory unknown: the ceiling
        (2 * GIB, 1 * GIB, MIN_BYTES),  # a tiny machine still gets the floor
    ],
)
def test_auto_size(store: int, memory: int | None, expected: int) -> None:
    assert auto_bytes(store, memory) == expected


def test_only_what_the_page_cache_holds_is_counted(tmp_path: Path) -> None:
    database = tmp_path / "databases" / "neo4j"
    (database / "schema" / "index" / "range-1.0" / "3").mkdir(parents=True)
    (database / "schema" / "index" / "text-2.0" / "4").mkdir(parents=True)
    (database / "schema" / "index" / "vector-2.0" / "5").mkdir(parents=True)
    (database / "neostore.nodestore.db").write_bytes(b"n" * 1000)
    (database / "schema" / "index" / "range-1.0" / "3" / "index").write_bytes(b"r" * 300)
    (database / "schema" / "index" / "text-2.0" / "4" / "segment").write_bytes(b"t" * 5000)
    (database / "schema" / "index" / "vector-2.0" / "5" / "segment").write_bytes(b"v" * 7000)
    assert store_bytes(tmp_path / "databases") == 1300
    assert store_bytes(tmp_path / "nothing-yet") == 0


def test_a_size_given_is_used_as_given(tmp_path: Path) -> None:
    assert page_cache_size("2g", tmp_path) == "2g"
    assert page_cache_size("auto", tmp_path) == f"{MIN_BYTES // MIB}m"
    assert page_cache_size(" AUTO ", tmp_path) == f"{MIN_BYTES // MIB}m"


def test_the_config_carries_the_size(tmp_path: Path) -> None:
    auto = make_instance(tmp_path / "a")
    auto._write_config(InstanceState(7001, 7002, "pw", "5.26.30"))
    assert "server.memory.pagecache.size=512m\n" in (auto.conf_dir / "neo4j.conf").read_text()
    fixed = make_instance(tmp_path / "f", neo4j_pagecache="1500m")
    fixed._write_config(InstanceState(7001, 7002, "pw", "5.26.30"))
    assert "server.memory.pagecache.size=1500m\n" in (fixed.conf_dir / "neo4j.conf").read_text()
