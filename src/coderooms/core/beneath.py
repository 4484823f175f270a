"""Files and directories beneath a root, reached by file descriptor: what makes the path checks
hold while another process swaps a file or a directory for a symlink between check and use.

A repo-relative path is walked one component at a time from a descriptor of the root:
each directory is opened with `O_NOFOLLOW | O_DIRECTORY` relative to its parent's descriptor,
the file with `O_NOFOLLOW | O_NONBLOCK` relative to its directory's, and then `fstat`ed: a
symlink anywhere on the way (made a moment ago or not), `..`, an absolute path, a FIFO or a
device stop the walk with a typed error. Whatever is read, staged, renamed or removed is then
in the directory the walk opened, so a check made on the path before (`core.paths`,
`OperatorScope.check_write`) cannot be sidestepped by a swap after it.

Why a walk, not `openat2(RESOLVE_BENEATH)`: Python has no binding for it (a `ctypes` syscall
by number, Linux 5.6+ only), while the walk runs wherever `dir_fd` does (Linux, macOS) and gives
the same guarantee for what we open: no symlink is ever followed below the root. It costs one
`open` per directory of the path. The root itself is the operator's, canonical, opened as it is
(an operator's symlinked root was resolved once at start).

Errors never name where a symlink points, only the path the caller gave and the component
that stopped the walk."""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from coderooms.errors import Forbidden, InvalidInput, NotFound

OPEN_DIRECTORY = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
OPEN_FILE = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
"""`O_NONBLOCK`: a FIFO swapped in after the check opens at once (and is refused by `fstat`)
instead of blocking the reader until a writer comes."""
CREATE_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
NEW_DIRECTORY_MODE = 0o777
"""Mode of a directory a write creates, less the umask (as `mkdir -p`)."""
READ_CHUNK_BYTES = 1024 * 1024
NAME_MAX_BYTES = 255
PATH_MAX_BYTES = 4096
"""Linux's limits on one name and on a whole path, only quoted in error hints: the kernel
decides (ENAMETOOLONG)."""


class ThroughSymlink(Forbidden):
    """A component of the path is a symlink (or the file itself is)."""

    reason = "symlink"


class NotADirectory(InvalidInput):
    """A parent component is a file, not a directory."""

    reason = "not_a_directory"


class NotRegular(InvalidInput):
    """The path names a directory, a FIFO, a socket or a device."""

    reason = "not_a_regular_file"


class NameTooLong(InvalidInput):
    reason = "name_too_long"


class TooLarge(InvalidInput):
    reason = "too_large"

    def __init__(self, message: str, *, size: int, field: str) -> None:
        super().__init__(message, field=field)
        self.size = size


class Missing(NotFound):
    reason = "missing"


class Denied(Forbidden):
    reason = "permission_denied"


@dataclass(frozen=True, slots=True)
class FileBytes:
    """A file's bytes and the `fstat` of the descriptor they were read from."""

    data: bytes
    info: os.stat_result


def split(relative: str, field: str = "path") -> tuple[str, ...]:
    """The components of a repo-relative path; InvalidInput for an absolute one, `..`, `.`,
    an empty component or a NUL."""
    if not relative or relative.startswith("/") or "\x00" in relative:
        raise InvalidInput(f"{relative!r} is not a repo-relative path", field=field)
    parts = tuple(relative.split("/"))
    if any(part in ("", ".", "..") for part in parts):
        raise InvalidInput(
            f"{relative!r} is not a normalised repo-relative path (empty, '.' or '..' part)",
            field=field,
        )
    return parts


class Directory:
    """An open directory beneath a root; every name given to it is one component, resolved in
    this directory and never through a symlink."""

    def __init__(self, fd: int, relative: str, field: str = "path") -> None:
        self.fd = fd
        self.relative = relative
        """The directory, repo-relative (`""` for the root itself)."""
        self.field = field

    def __enter__(self) -> Directory:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def path_of(self, name: str) -> str:
        return f"{self.relative}/{name}" if self.relative else name

    def lstat(self, name: str) -> os.stat_result | None:
        """The entry `name` itself (a symlink is a symlink); None when there is none."""
        try:
            return os.stat(name, dir_fd=self.fd, follow_symlinks=False)
        except FileNotFoundError:
            return None
        except OSError as e:
            raise self.error(e, name) from None

    def read(self, name: str, *, max_bytes: int | None) -> FileBytes:
        """The regular file `name` (never through a symlink), at most `max_bytes` of it
        (TooLarge past that; None: all of it)."""
        before = self.lstat(name)
        if before is None:
            raise Missing(f"{self.path_of(name)!r} does not exist", field=self.field)
        if stat.S_ISLNK(before.st_mode):
            raise self.refused(errno.ELOOP, name)
        if not stat.S_ISREG(before.st_mode):  # never open a device or a FIFO at all
            raise NotRegular(f"{self.path_of(name)!r} is not a regular file", field=self.field)
        try:
            fd = os.open(name, OPEN_FILE, dir_fd=self.fd)
        except OSError as e:
            raise self.error(e, name) from None
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):  # swapped since the lstat
                raise NotRegular(f"{self.path_of(name)!r} is not a regular file", field=self.field)
            if max_bytes is not None and info.st_size > max_bytes:
                raise self.too_large(name, info.st_size, max_bytes)
            data = _read_all(fd, max_bytes)
        finally:
            os.close(fd)
        if max_bytes is not None and len(data) > max_bytes:  # grew between the fstat and the read
            raise self.too_large(name, len(data), max_bytes)
        return FileBytes(data, info)

    def create(self, name: str, data: bytes, mode: int) -> None:
        """A new file `name` (none may exist, not even a symlink) holding `data`, fsynced, with
        `mode`; removed again if any of that fails."""
        try:
            fd = os.open(name, CREATE_FILE, 0o600, dir_fd=self.fd)
        except OSError as e:
            raise self.error(e, name) from None
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
                os.fchmod(handle.fileno(), mode)
        except BaseException:
            self.unlink(name)
            raise

    def rename(self, source: str, target: str) -> None:
        """Rename `source` over `target`, both in this directory (atomic; a symlink at
        `target` is replaced, never followed)."""
        os.rename(source, target, src_dir_fd=self.fd, dst_dir_fd=self.fd)

    def link(self, source: str, target: str) -> None:
        """Hard-link `source` (itself, not what a symlink names) as `target`."""
        os.link(source, target, src_dir_fd=self.fd, dst_dir_fd=self.fd, follow_symlinks=False)

    def unlink(self, name: str) -> bool:
        """Remove `name`; False when it was not there."""
        try:
            os.unlink(name, dir_fd=self.fd)
        except FileNotFoundError:
            return False
        return True

    def fsync(self) -> None:
        os.fsync(self.fd)

    def open_child(self, name: str, *, create: bool = False) -> Directory:
        """The directory `name` in this one (made first with `create`), never a symlink."""
        try:
            fd = os.open(name, OPEN_DIRECTORY, dir_fd=self.fd)
        except FileNotFoundError:
            if not create:
                raise Missing(f"{self.path_of(name)!r} does not exist", field=self.field) from None
            try:
                os.mkdir(name, NEW_DIRECTORY_MODE, dir_fd=self.fd)
            except FileExistsError:
                pass  # made meanwhile (or a symlink, refused by the open): opened as it is
            except OSError as e:
                raise self.error(e, name) from None
            return self.open_child(name)
        except OSError as e:
            raise self.error(e, name) from None
        return Directory(fd, self.path_of(name), self.field)

    def error(self, e: OSError, name: str) -> Exception:
        """The typed error for `e` met at `name` (an OSError nobody's input explains is
        returned as it is)."""
        if e.errno in (errno.ELOOP, errno.ENOTDIR, errno.ENAMETOOLONG, errno.EACCES, errno.EPERM):
            return self.refused(e.errno, name)
        return path_error(e, self.path_of(name), self.field)

    def refused(self, code: int, name: str) -> Exception:
        """ELOOP and ENOTDIR told apart by what `name` is: `O_NOFOLLOW | O_DIRECTORY` on a
        symlink answers ENOTDIR on Linux. A directory there now was a link (or a file) a moment
        ago: swapped meanwhile, refused as a link."""
        if code == errno.ENOTDIR:
            entry = self._lstat_quietly(name)
            if entry is None:
                code = errno.ENOENT
            elif stat.S_ISLNK(entry.st_mode) or stat.S_ISDIR(entry.st_mode):
                code = errno.ELOOP
        return path_error(OSError(code, os.strerror(code)), self.path_of(name), self.field)

    def too_large(self, name: str, size: int, cap: int) -> TooLarge:
        return TooLarge(
            f"{self.path_of(name)!r} is {size} bytes, over the cap of {cap}",
            size=size,
            field=self.field,
        )

    def _lstat_quietly(self, name: str) -> os.stat_result | None:
        try:
            return os.stat(name, dir_fd=self.fd, follow_symlinks=False)
        except OSError:
            return None


def path_error(e: OSError, shown: str, field: str = "path") -> Exception:
    """The typed error for `e` met on the path the caller named `shown`; an OSError nobody's
    input explains (EIO, EMFILE) is returned as it is."""
    if e.errno == errno.ENOENT:
        return Missing(f"{shown!r} does not exist", field=field)
    if e.errno == errno.ELOOP:
        return ThroughSymlink(
            f"{shown!r} is or passes through a symlink; files are read and written beneath the "
            "root only, never through a link",
            field=field,
        )
    if e.errno == errno.ENOTDIR:
        return NotADirectory(f"a parent of {shown!r} is not a directory", field=field)
    if e.errno == errno.ENAMETOOLONG:
        return NameTooLong(
            f"{bounded_name(shown)} is longer than the file system allows",
            field=field,
            hint=f"a file or directory name is at most {NAME_MAX_BYTES} bytes, a path "
            f"at most {PATH_MAX_BYTES}",
        )
    if e.errno in (errno.EACCES, errno.EPERM):
        return Denied(f"{shown!r} may not be opened (permission denied)", field=field)
    return e


def bounded_name(shown: str) -> str:
    """A long path named by its start only (the error payload cuts the rest anyway)."""
    return repr(shown) if len(shown) <= 120 else f"{shown[:120]!r}… ({len(shown)} characters)"


def open_root(root: Path | str, field: str = "path") -> Directory:
    """The root directory itself (the operator's, canonical: opened as it is)."""
    try:
        fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except FileNotFoundError:
        raise Missing("the ingest root no longer exists", field=field) from None
    except NotADirectoryError:
        raise NotADirectory("the ingest root is not a directory", field=field) from None
    return Directory(fd, "", field)


def open_directory(
    root: Path | str, relative: str, *, create: bool = False, field: str = "path"
) -> Directory:
    """The directory `relative` (`""`: the root) beneath `root`, every component opened without
    following a symlink; with `create`, missing ones are made on the way."""
    current = open_root(root, field)
    if not relative:
        return current
    try:
        for part in split(relative, field):
            child = current.open_child(part, create=create)
            current.close()
            current = child
    except BaseException:
        current.close()
        raise
    return current


def parent_and_name(relative: str, field: str = "path") -> tuple[str, str]:
    """The repo-relative directory of a file and its name."""
    parts = split(relative, field)
    return "/".join(parts[:-1]), parts[-1]


def read_file(
    root: Path | str, relative: str, *, max_bytes: int | None, field: str = "path"
) -> FileBytes:
    """The regular file `relative` beneath `root`, read from one descriptor (see `Directory.read`
    for `max_bytes`); a typed error when it is missing, a symlink or passes through one, not a
    regular file, or too large."""
    directory, name = parent_and_name(relative, field)
    with open_directory(root, directory, field=field) as opened:
        return opened.read(name, max_bytes=max_bytes)


def lstat_file(root: Path | str, relative: str, field: str = "path") -> os.stat_result | None:
    """The entry `relative` beneath `root` itself (None when it is not there); a typed error
    when a directory on the way is a symlink or not a directory."""
    directory, name = parent_and_name(relative, field)
    try:
        opened = open_directory(root, directory, field=field)
    except Missing:
        return None
    with opened:
        return opened.lstat(name)


def _read_all(fd: int, max_bytes: int | None) -> bytes:
    """Everything up to one byte past `max_bytes` (so growth past the cap is seen)."""
    chunks: list[bytes] = []
    left = None if max_bytes is None else max_bytes + 1
    while left is None or left > 0:
        chunk = os.read(fd, READ_CHUNK_BYTES if left is None else min(left, READ_CHUNK_BYTES))
        if not chunk:
            break
        chunks.append(chunk)
        if left is not None:
            left -= len(chunk)
    return b"".join(chunks)
