"""The server's start-up steps: the heap settled, the model loaded once the graph is there."""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Iterator

import pytest

from coderooms.config import Settings
from coderooms.semantic import load_model_when_ready, model
from coderooms.system.warmup import settle_heap
from coderooms.verbs.context import AppContext, GraphProvider


@pytest.fixture
def unfrozen() -> Iterator[None]:
    yield
    gc.unfreeze()


def test_settle_heap_moves_what_is_alive_out_of_the_collectors_reach(unfrozen: None) -> None:
    kept = [{"n": i} for i in range(1000)]
    settle_heap()
    assert gc.get_freeze_count() >= len(kept)
    # cycles made afterwards are still collected
    made_after: list[object] = []
    made_after.append(made_after)
    del made_after
    assert gc.collect() >= 1


def model_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "model-load"]


def test_no_model_thread_when_embeddings_are_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(model.DISABLE_ENV, "off")
    ctx = AppContext(settings=Settings(), graphs=GraphProvider(Settings(), start_managed=False))
    load_model_when_ready(ctx)
    assert model_threads() == []


@pytest.mark.skipif(not model.available(), reason="needs the embedding model")
def test_the_model_waits_for_the_graph_and_a_closed_server_loads_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    loads: list[bool] = []
    monkeypatch.setattr(model, "encoder", lambda: loads.append(True))
    graphs = GraphProvider(Settings(), start_managed=False)  # never started: no graph
    load_model_when_ready(AppContext(settings=Settings(), graphs=graphs), settle_s=0)
    [thread] = model_threads()
    time.sleep(0.2)
    assert loads == []  # still waiting for the graph
    graphs.close()
    thread.join(timeout=5)
    assert not thread.is_alive()
    assert loads == []
