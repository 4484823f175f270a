"""Fixtures of the red-team ingest tests: the ingest scenario fixtures (a repo wiped after the
test, a second one for the full ingest it is compared with, a tree on disk) and the freshness
tests' watchers that clean up after themselves."""

from tests.integration.freshness.conftest import make_watcher
from tests.integration.ingest.conftest import full_repo, repo, tree

__all__ = ["full_repo", "make_watcher", "repo", "tree"]
