"""`core.beneath` against what a hostile tree holds: symlinked files and directories (made
before the call or swapped in while it runs), FIFOs, devices, names the file system refuses and
parents that are files. Nothing outside the root is read or written, every refusal is a typed
error, and no message names where a link points."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from coderooms.core import beneath
from coderooms.core.paths import Root, resolve_target
from coderooms.edits import atomic
from coderooms.errors import CoderoomsError, Forbidden, InvalidInput, NotFound
from coderooms.scope.roots import OperatorScope, operator_scope

SECRET = b"OUTSIDE_SECRET_7f3a"
ROUNDS = 2000


@pytest.fixture
def tree(tmp_path: Path) -> tuple[Path, Path]:
    root, outside = tmp_path / "root", tmp_path / "outside"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "mod.py").write_bytes(b"inside\n")
    (outside / "pkg").mkdir(parents=True)
    (outside / "mod.py").write_bytes(SECRET)
    (outside / "pkg" / "mod.py").write_bytes(SECRET)
    (root / "file_link.py").symlink_to(outside / "mod.py")
    (root / "dir_link").symlink_to(outside / "pkg")
    (root / "dangling").symlink_to(outside / "nothing")
    (root / "loop").symlink_to(root / "loop")
    os.mkfifo(root / "fifo.py")
    return root, outside


def test_a_file_inside_is_read_with_the_fstat_of_its_descriptor(tree: tuple[Path, Path]) -> None:
    root, _ = tree
    read = beneath.read_file(root, "pkg/mod.py", max_bytes=100)
    assert read.data == b"inside\n"
    assert read.info.st_size == 7
    assert read.info.st_ino == (root / "pkg" / "mod.py").stat().st_ino


@pytest.mark.parametrize(
    ("relative", "error"),
    [
        ("file_link.py", beneath.ThroughSymlink),
        ("dir_link/mod.py", beneath.ThroughSymlink),
        ("dangling", beneath.ThroughSymlink),
        ("loop/x.py", beneath.ThroughSymlink),
        ("fifo.py", beneath.NotRegular),  # refused at once, never waits for a writer
        ("fifo.py/x.py", beneath.NotADirectory),
        ("pkg", beneath.NotRegular),
        ("pkg/mod.py/x.py", beneath.NotADirectory),
        ("pkg/" + "a" * 300 + ".py", beneath.NameTooLong),
        ("a" * 300 + "/x.py", beneath.NameTooLong),
        ("pkg/none.py", beneath.Missing),
        ("none/x.py", beneath.Missing),
        ("../outside/mod.py", InvalidInput),
        ("pkg/../file_link.py", InvalidInput),
        ("/etc/passwd", InvalidInput),
    ],
)
def test_every_refusal_is_typed_and_names_no_outside_path(
    tree: tuple[Path, Path], relative: str, error: type[CoderoomsError]
) -> None:
    root, outside = tree
    with pytest.raises(error) as raised:
        beneath.read_file(root, relative, max_bytes=1000)
    assert str(outside) not in str(raised.value)
    assert isinstance(raised.value, InvalidInput | Forbidden | NotFound)


def test_a_device_is_never_opened(tmp_path: Path) -> None:
    try:
        os.mknod(tmp_path / "tty.py", stat.S_IFCHR | 0o600, os.makedev(5, 0))
    except PermissionError:
        pytest.skip("making a device node needs root")
    with pytest.raises(beneath.NotRegular):
        beneath.read_file(tmp_path, "tty.py", max_bytes=10)


def test_a_file_over_the_cap_is_refused_from_its_descriptor(tree: tuple[Path, Path]) -> None:
    root, _ = tree
    with pytest.raises(beneath.TooLarge) as raised:
        beneath.read_file(root, "pkg/mod.py", max_bytes=3)
    assert raised.value.size == 7


class Swapper:
    """Swaps `path` (a file or a directory) for a symlink to `twin` and back, on a thread."""

    def __init__(self, path: Path, twin: Path) -> None:
        self.path, self.twin, self.flips = path, twin, 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        away, link = self.path.with_name("away"), self.path.with_name("link")
        while not self.stop.is_set():
            os.rename(self.path, away)
            os.symlink(self.twin, link)
            os.rename(link, self.path)
            self.flips += 1
            os.unlink(self.path)
            os.rename(away, self.path)

    def __enter__(self) -> Swapper:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(30)


@pytest.mark.parametrize("swapped", ["pkg/mod.py", "pkg"])
def test_a_swap_while_reading_is_never_followed(tree: tuple[Path, Path], swapped: str) -> None:
    root, outside = tree
    twin = outside / swapped.removeprefix("pkg/")
    seen: set[bytes] = set()
    with Swapper(root / swapped, twin) as swapper:
        for _ in range(ROUNDS):
            try:
                seen.add(beneath.read_file(root, "pkg/mod.py", max_bytes=100).data)
            except (beneath.ThroughSymlink, beneath.Missing, beneath.NotRegular):
                seen.add(b"refused")  # a swap seen: typed, never followed
    assert swapper.flips > 0
    assert SECRET not in seen
    assert beneath.read_file(root, "pkg/mod.py", max_bytes=100).data == b"inside\n"


def test_a_write_in_an_opened_directory_stays_there_when_it_is_swapped(
    tree: tuple[Path, Path],
) -> None:
    root, outside = tree
    before = sorted(p.name for p in (outside / "pkg").iterdir())
    with atomic.Directories() as dirs:
        directory = dirs.get(root, "pkg")
        os.rename(root / "pkg", root / "pkg-moved")  # still inside the root
        os.symlink(outside / "pkg", root / "pkg")
        staged = atomic.stage(directory, "mod.py", b"new\n")
        atomic.publish(staged)
    assert sorted(p.name for p in (outside / "pkg").iterdir()) == before
    assert (outside / "pkg" / "mod.py").read_bytes() == SECRET
    assert (root / "pkg-moved" / "mod.py").read_bytes() == b"new\n"
    assert [p.name for p in (root / "pkg-moved").iterdir()] == ["mod.py"]


def test_a_created_directory_is_never_a_symlink(tree: tuple[Path, Path]) -> None:
    root, outside = tree
    with pytest.raises(beneath.ThroughSymlink):
        beneath.open_directory(root, "dir_link/new", create=True)
    with pytest.raises(beneath.ThroughSymlink):
        beneath.open_directory(root, "dangling/new", create=True)
    assert not (outside / "nothing").exists()
    assert not (outside / "pkg" / "new").exists()
    with beneath.open_directory(root, "made/on/the/way", create=True) as made:
        assert made.relative == "made/on/the/way"
    assert (root / "made" / "on" / "the" / "way").is_dir()


@pytest.fixture
def roots(tree: tuple[Path, Path]) -> tuple[list[Root], OperatorScope]:
    root, _ = tree
    return [Root("r", root)], operator_scope([root], state_dirs=(root.parent / "state",))


@pytest.mark.parametrize(
    "path",
    ["file_link.py", "dir_link/mod.py", "dir_link/new.py", "dangling", "loop/x.py"],
)
def test_resolving_a_link_names_no_outside_path(
    tree: tuple[Path, Path], roots: tuple[list[Root], OperatorScope], path: str
) -> None:
    root, outside = tree
    known, scope = roots
    for text in (path, str(root / path)):
        with pytest.raises(Forbidden) as raised:
            resolve_target(known, text, scope=scope)
        assert str(outside) not in str(raised.value)
        assert "nothing" not in str(raised.value)


@pytest.mark.parametrize(
    "path",
    ["pkg/" + "a" * 300 + ".py", "a" * 300 + "/x.py", "pkg/mod.py/x.py", "fifo.py", "fifo.py/x"],
)
def test_resolving_a_path_the_file_system_refuses_is_invalid_input(
    roots: tuple[list[Root], OperatorScope], path: str
) -> None:
    known, scope = roots
    with pytest.raises(InvalidInput):
        resolve_target(known, path, scope=scope)
