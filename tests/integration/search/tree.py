"""A fixture tree for search tests, and the reference answer: Python's own line scan."""

from __future__ import annotations

import importlib
import uuid
from collections.abc import Callable
from pathlib import Path

from coderooms.core.chunks import CHUNK_BYTES
from coderooms.graph.driver import Graph

re2 = importlib.import_module("re2")  # no stubs

LONG_LINE = "x = '" + "ab" * (CHUNK_BYTES // 2 + 3000) + "NEEDLE_IN_LONG_LINE" + "cd" * 9000 + "'\n"

FILES: dict[str, bytes] = {
    "src/pkg/__init__.py": b"from pkg.core import Engine\n",
    "src/pkg/core.py": (
        b'import re\n\n\nclass Engine:\n    """Runs things."""\n\n'
        b"    def start(self, speed=1.5):\n        return self.run(speed) + len('a.b')\n\n"
        b"    def run(self, speed):\n        pattern = re.compile(r'\\d+\\.\\d+')\n"
        b"        return pattern.match(str(speed))\n\n\n"
        b"def helper(x):\n    # TODO: handle (nested (parens))\n    return x * 2\n"
    ),
    "src/pkg/unicode_ü.py": "name = 'Grüße, 世界'\nemoji = '🚀 launch'\nGRÜSSE = 1\n".encode(),
    "src/pkg/big.py": "".join(
        f"def function_{i}(value):\n    return value + {i}  # line {i} of big\n\n"
        for i in range(1200)
    ).encode(),
    "src/pkg/long_line.py": ("a = 1\n" + LONG_LINE + "b = 2  # after long\n").encode(),
    "docs/readme.md": b"# Engine\n\nCall `Engine().start()` to run.\nBackslash: C:\\temp\\x\n",
    "docs/notes.txt": b"no trailing newline; TODO later",
    "tests/test_core.py": (
        b"from pkg.core import Engine, helper\n\n\ndef test_start():\n"
        b"    assert Engine().start() is not None\n\n\ndef test_helper():\n"
        b"    assert helper(2) == 4  # TODO\n"
    ),
    "crlf.txt": b"first line\r\nsecond TODO line\r\nthird\r\n",
    "latin1.txt": b"caf\xe9 TODO bytes\nplain\n",
}


def write_tree(root: Path) -> Path:
    for relative, data in FILES.items():
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return root


def unique_repo() -> str:
    return f"test-{uuid.uuid4().hex[:12]}"


def graph_paths(graph: Graph, repo: str) -> list[str]:
    rows = graph.run_text("MATCH (f:File {repo: $repo}) RETURN f.path AS path", repo=repo)
    return sorted(row["path"] for row in rows)


def line_scan(
    root: Path, paths: list[str], matches: Callable[[str], bool]
) -> list[tuple[str, int, str]]:
    """What `grep -n` finds: every line (split on \\n only) of the files that matches."""
    hits = []
    for path in sorted(paths):
        text = (root / path).read_bytes().decode("utf-8", errors="replace")
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        hits.extend((path, n, line) for n, line in enumerate(lines, start=1) if matches(line))
    return hits


def literal(query: str) -> Callable[[str], bool]:
    return lambda line: query in line


def regex(pattern: str) -> Callable[[str], bool]:
    """The search dialect's line match, by RE2 itself (the reference for the whole pipeline)."""
    compiled = re2.compile(pattern)
    return lambda line: compiled.search(line) is not None
