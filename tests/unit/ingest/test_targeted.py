from __future__ import annotations

from pathlib import Path

import pytest

from coderooms.errors import InvalidInput
from coderooms.ingest.targeted import check_path, relative_path
from coderooms.ingest.walker import WalkedFile, walk


def test_check_path_agrees_with_the_walker(tmp_path: Path) -> None:
    (tmp_path / ".gitignore").write_text("*.log\nsecret/\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / ".gitignore").write_text("local.py\n")
    (tmp_path / "secret").mkdir()
    (tmp_path / "node_modules").mkdir()
    files = {
        "a.py": "x = 1\n",
        "run.log": "log\n",
        "sub/local.py": "y = 2\n",
        "sub/kept.py": "z = 3\n",
        "secret/key.py": "k = 4\n",
        "node_modules/m.js": "m\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    (tmp_path / "big.txt").write_bytes(b"x" * 64)
    (tmp_path / "link.py").symlink_to(tmp_path / "a.py")
    listed = {f.path for f in walk(tmp_path).files}
    for name in [*files, "big.txt", "link.py", "gone.py"]:
        verdict = check_path(tmp_path, name)
        assert isinstance(verdict, WalkedFile) == (name in listed), (name, verdict)
    assert check_path(tmp_path, "run.log") == "ignored"
    assert check_path(tmp_path, "sub/local.py") == "ignored"
    assert check_path(tmp_path, "secret/key.py") == "ignored"
    assert check_path(tmp_path, "node_modules/m.js") == "excluded"
    (tmp_path / "py").mkdir()
    (tmp_path / "py" / "pyvenv.cfg").write_text("home = /usr\n")
    assert check_path(tmp_path, "py/lib/site.py") == "excluded"
    assert check_path(tmp_path, "link.py") == "symlink"
    assert check_path(tmp_path, "gone.py") == "missing"
    assert check_path(tmp_path, "big.txt", max_bytes=10) == "too_large"


def test_relative_path_accepts_relative_and_absolute(tmp_path: Path) -> None:
    assert relative_path(tmp_path, "pkg/mod.py") == "pkg/mod.py"
    assert relative_path(tmp_path, tmp_path / "pkg" / "мод ule.py") == "pkg/мод ule.py"
    assert relative_path(tmp_path, "pkg/../other.py") == "other.py"


@pytest.mark.parametrize("outside", ["../escape.py", "/etc/passwd", "."])
def test_relative_path_refuses_what_is_not_a_file_under_the_root(
    tmp_path: Path, outside: str
) -> None:
    with pytest.raises(InvalidInput) as raised:
        relative_path(tmp_path, outside)
    assert raised.value.field == "paths"
