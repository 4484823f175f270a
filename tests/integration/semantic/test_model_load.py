"""`serve` loads the embedding model behind the first request, once the graph connects."""

from __future__ import annotations

import threading

import pytest

from coderooms.semantic import load_model_when_ready, model
from coderooms.verbs.context import AppContext

pytestmark = pytest.mark.skipif(not model.available(), reason="needs the embedding model")


def test_the_model_is_loaded_once_the_graph_is_there(
    app_context: AppContext, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(model._holder, "encoder", None)  # as in a fresh server process
    assert model.describe()["loaded"] is False
    load_model_when_ready(app_context, settle_s=0.1)
    [thread] = [t for t in threading.enumerate() if t.name == "model-load"]
    assert thread.daemon
    thread.join(timeout=60)
    assert model.describe()["loaded"] is True
