"""Every relative link of the README and of docs/ names a file that exists (anchors aside), so
moving a page or a figure never leaves a reader at a dead end."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[3]
PAGES = [PROJECT / "README.md", *sorted((PROJECT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def relative_links(page: Path) -> list[str]:
    found = []
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if target.startswith(("http://", "https://", "mailto:", "#")):
            continue
        found.append(target.split("#", 1)[0])
    return found


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(PROJECT).as_posix())
def test_relative_links_resolve(page: Path) -> None:
    missing = [link for link in relative_links(page) if not (page.parent / link).exists()]
    assert missing == []


def test_docs_index_lists_every_page() -> None:
    index = (PROJECT / "docs" / "README.md").read_text(encoding="utf-8")
    listed = set(LINK.findall(index))
    pages = {page.name for page in PAGES if page.parent.name == "docs" and page.name != "README.md"}
    assert pages - listed == set()
