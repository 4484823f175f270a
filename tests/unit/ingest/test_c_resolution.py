"""C resolution rules, each on a small repo planned as a full ingest plans it (no database):
the exact edges a rule must give."""

from __future__ import annotations

from pathlib import Path

from tests.unit.ingest.test_python_resolution import call, plan

MAIN = '#include "lz.h"\n\nint main(void) { return pack(1); }\n'


def test_a_quoted_include_found_nowhere_else_is_the_one_header_of_its_name(
    tmp_path: Path,
) -> None:
    # lz4's `programs/*.c` include `"lz4.h"` of `lib/`, which the Makefile puts on `-I`:
    # the include resolved to nothing and the calls through it were ghosts
    files = {
        "programs/main.c": MAIN,
        "lib/lz.h": "int pack(int x);\n",
        "lib/lz.c": '#include "lz.h"\nint pack(int x) { return x; }\n',
    }
    found = plan(tmp_path / "one", files)
    assert found["imports"]["programs/main.c"] == {"lib/lz.h"}
    assert call(found, "programs/main.c::main", "pack") == ("lib/lz.c::pack", "import")


def test_two_headers_of_the_name_leave_the_include_unresolved(tmp_path: Path) -> None:
    # htop's `Platform.h`, one per platform directory: which the build takes is not known
    files = {
        "programs/main.c": MAIN,
        "linux/lz.h": "int pack(int x);\n",
        "darwin/lz.h": "int pack(int x);\n",
    }
    found = plan(tmp_path, files)
    assert found["imports"]["programs/main.c"] == {"?:lz.h"}
