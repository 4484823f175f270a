from pathlib import Path

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(autouse=True)
def served_tmp_roots(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """The servers these tests start are an operator's: their roots are the tests' temporary
    directories (`server_env` copies the environment; a test may pass its own CODEROOMS_ROOTS)."""
    base = tmp_path_factory.getbasetemp()
    monkeypatch.setenv("CODEROOMS_ROOTS", str(base))
    return base
