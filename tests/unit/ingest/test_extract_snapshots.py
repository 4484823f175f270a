"""Exact extraction of every fixture repo (`tests/fixtures/repos/<lang>/`) against its snapshot
(`tests/fixtures/snapshots/<lang>.json`).

Regenerate with `CODEROOMS_UPDATE_SNAPSHOTS=1 pytest tests/unit/ingest/test_extract_snapshots.py`,
then read the diff: a snapshot is only as good as its review against the fixture source.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from coderooms.ingest.languages import DEEP_LANGUAGES, extract, language_for_path
from coderooms.resolution.extraction import Extraction

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
REPOS = FIXTURES / "repos"
SNAPSHOTS = FIXTURES / "snapshots"
LANGUAGES = sorted(DEEP_LANGUAGES - {"tsx"})
"""Every deep language has a fixture repo of its name; TSX files are read in the typescript
one."""
UPDATE = os.environ.get("CODEROOMS_UPDATE_SNAPSHOTS") == "1"


def serialise(ex: Extraction) -> dict[str, Any]:
    """An Extraction as plain JSON data, records in extraction order (itself deterministic)."""
    return {
        "language": ex.language,
        "problems": list(ex.problems),
        "symbols": [
            {
                "kind": s.kind.value,
                "name": s.name,
                "qualname": s.qualname,
                "parent": s.parent,
                "lines": [s.start_line, s.end_line],
                "signature": s.signature,
            }
            for s in ex.symbols
        ],
        "imports": [
            {
                "module": i.module,
                "names": list(i.names),
                "aliases": list(i.aliases),
                "alias": i.alias,
                "level": i.level,
                "line": i.line,
            }
            for i in ex.imports
        ],
        "calls": [[c.caller, c.callee, c.line] for c in ex.calls],
        "inherits": [[h.child, h.base, h.line] for h in ex.inherits],
    }


def render(snapshot: dict[str, dict[str, Any]]) -> str:
    """Deterministic JSON with one record per line, so snapshots read and diff well."""

    def one(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, sort_keys=False)

    out = ["{"]
    files = sorted(snapshot)
    for fi, path in enumerate(files):
        data = snapshot[path]
        out.append(f"  {one(path)}: {{")
        keys = list(data)
        for ki, key in enumerate(keys):
            value = data[key]
            comma = "," if ki < len(keys) - 1 else ""
            if isinstance(value, list) and value:
                out.append(f"    {one(key)}: [")
                out.extend(
                    f"      {one(item)}{',' if ii < len(value) - 1 else ''}"
                    for ii, item in enumerate(value)
                )
                out.append(f"    ]{comma}")
            else:
                out.append(f"    {one(key)}: {one(value)}{comma}")
        out.append("  }" + ("," if fi < len(files) - 1 else ""))
    out.append("}")
    return "\n".join(out) + "\n"


def extract_repo(lang: str) -> dict[str, dict[str, Any]]:
    root = REPOS / lang
    result: dict[str, dict[str, Any]] = {}
    for path in sorted(root.rglob("*")):
        language = language_for_path(path.name)
        if not path.is_file() or language not in DEEP_LANGUAGES:
            continue
        rel = path.relative_to(root).as_posix()
        result[rel] = serialise(extract(language, rel, path.read_bytes()))
    return result


@pytest.mark.parametrize("lang", LANGUAGES)
def test_fixture_repo_matches_snapshot(lang: str) -> None:
    actual = extract_repo(lang)
    assert actual, f"no fixture files for {lang}"
    snapshot_file = SNAPSHOTS / f"{lang}.json"
    text = render(actual)
    if UPDATE:
        SNAPSHOTS.mkdir(parents=True, exist_ok=True)
        snapshot_file.write_text(text, encoding="utf-8")
    expected = json.loads(snapshot_file.read_text(encoding="utf-8"))
    for path in sorted(set(expected) | set(actual)):
        assert path in actual, f"{path}: in the snapshot but not extracted"
        assert path in expected, f"{path}: extracted but not in the snapshot"
        for key in expected[path]:
            assert actual[path][key] == expected[path][key], f"{path}: {key} differ"
    assert actual == expected


@pytest.mark.parametrize("lang", LANGUAGES)
def test_snapshot_invariants(lang: str) -> None:
    """Structural rules every extraction obeys, independent of the snapshot's content."""
    for path, data in extract_repo(lang).items():
        symbols = data["symbols"]
        modules = [s for s in symbols if s["kind"] == "Module"]
        assert len(modules) == 1, path
        assert modules[0]["qualname"] == ""
        assert modules[0]["parent"] is None
        qualnames = [s["qualname"] for s in symbols]
        assert len(qualnames) == len(set(qualnames)), f"{path}: duplicate qualnames"
        known = set(qualnames)
        for s in symbols:
            if s["kind"] != "Module":
                assert s["parent"] in known, f"{path}: {s['qualname']} has unknown parent"
                assert s["lines"][0] <= s["lines"][1]
                assert len(s["signature"]) <= 200
        for caller, _callee, _line in data["calls"]:
            assert caller in known, f"{path}: unknown caller {caller}"


def test_render_is_deterministic() -> None:
    first = render(extract_repo("python"))
    assert first == render(extract_repo("python"))
    json.loads(first)
