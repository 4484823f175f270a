"""A small repo for the completeness tests of every room: `A.run` has one proven caller
(`use.g`, through an annotated parameter) and one call through a receiver nothing proves
(`loose.f`: `x.run()`); `hub` is called from three files and once through an unknown receiver;
`clean.tidy` has one proven caller and nothing unresolved."""

from __future__ import annotations

from pathlib import Path

from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root

FILES = {
    "pkg/__init__.py": "",
    "pkg/a.py": "class A:\n    def run(self):\n        return 1\n",
    "pkg/use.py": "from pkg.a import A\n\n\ndef g(a: A):\n    return a.run()\n",
    "pkg/loose.py": (
        "import numpy as np\n\n\ndef f(x):\n    return x.run()\n\n\n"
        "def k(y):\n    return y.hub() + np.run() + len(y)\n"
    ),
    "pkg/hub.py": "def hub():\n    return 0\n",
    "pkg/u1.py": "from pkg.hub import hub\n\n\ndef c1():\n    return hub()\n",
    "pkg/u2.py": "from pkg.hub import hub\n\n\ndef c2():\n    return hub()\n",
    "pkg/u3.py": "from pkg.hub import hub\n\n\ndef c3():\n    return hub()\n",
    "pkg/clean.py": "def tidy():\n    return 1\n",
    "pkg/calls_clean.py": "from pkg.clean import tidy\n\n\ndef h():\n    return tidy()\n",
}
RUN = "pkg/a.py::A.run"
HUB = "pkg/hub.py::hub"
TIDY = "pkg/clean.py::tidy"


def make_unresolved_repo(graph: Graph, root: Path, repo_id: str) -> Path:
    for path, text in FILES.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    ingest_root(graph, root, repo=repo_id, workers=1, git=False, embed=False)
    return root
