"""A repo id the graph holds for another root is refused without naming that root: the
watcher an agent starts reaches this check too, and the other root may be another operator's
project (issue 29, class 9)."""

from __future__ import annotations

from pathlib import Path

import pytest

from coderooms.errors import InvalidInput
from coderooms.ingest.pipeline import RESOLVER_VERSION, bound_current


def test_a_repo_id_of_another_root_is_refused_without_naming_it() -> None:
    rows = [{"root": "/home/someone-else/secret-project", "resolver": RESOLVER_VERSION}]
    with pytest.raises(InvalidInput) as raised:
        bound_current(rows, Path("/srv/mine"), "shared-id")
    assert "secret-project" not in raised.value.message
    assert "secret-project" not in (raised.value.hint or "")
    assert raised.value.field == "repo"


def test_the_repo_of_this_root_is_bound() -> None:
    rows = [{"root": "/srv/mine", "resolver": RESOLVER_VERSION}]
    assert bound_current(rows, Path("/srv/mine"), "mine") is True
    assert bound_current([], Path("/srv/mine"), "mine") is False
