"""Rust's modules: the files a `use` path names (`rust_module`: `crate::` from the importing
file's crate's `src` first, then any file the path ends in; `self::`, `super::` from the
importing file's module, or a crate's path, an `R` target resolved by `crates`), and
the methods a smart pointer has itself (`POINTER_OWN`)."""

from __future__ import annotations

import posixpath

from coderooms.core.ids import directory_of
from coderooms.resolution.targets import Target

POINTER_OWN = frozenset({"clone", "as_ref", "as_mut", "borrow", "borrow_mut", "deref", "deref_mut"})
"""Methods a Rust smart pointer has itself: `shared.clone()` with `shared: Arc<T>` is
`Arc::clone`, not `T::clone` (a declared `Box<T>`/`Rc<T>`/`Arc<T>` is recorded as `T`), so a
typed receiver does not answer them: a ghost, never `T`'s."""


def rust_module(path: str, module: str) -> tuple[Target, ...]:
    parts = [p for p in module.split(".") if p]
    if not parts:
        return ()
    head, rest = parts[0], parts[1:]
    if head == "crate":
        # the importing file's own crate first (a workspace's crates have `src/util.rs` each)
        src = _crate_src(path)
        if not rest:
            roots = ("lib.rs", "main.rs")
            own = tuple(Target("=", f"{src}/{root}") for root in roots) if src else ()
            return (*own, Target("~", "src/lib.rs"), Target("~", "src/main.rs"))
        relative = "/".join(rest)
        own = (Target("=", f"{src}/{relative}.rs"), Target("=", f"{src}/{relative}/mod.rs"))
        return (
            *(own if src else ()),
            Target("~", relative + ".rs"),
            Target("~", relative + "/mod.rs"),
        )
    if head not in {"self", "super"}:
        return (Target("R", ".".join(parts)),)  # a crate's path: a crate of the repo, or outside
    base = _rust_module_dir(path)
    while rest and rest[0] == "super":
        base, rest = directory_of(base), rest[1:]
    if head == "super":
        base = directory_of(base)
    if not rest:
        # `self` alone is this file's own module (`use super::*` in an inline `mod tests`);
        # `super` alone the parent module's file
        return (Target("=", path),) if head == "self" else _rust_module_files(base)
    relative = posixpath.join(base, *rest) if base else "/".join(rest)
    return (Target("=", relative + ".rs"), Target("=", relative + "/mod.rs"))


def _crate_src(path: str) -> str | None:
    """The `src` directory of the crate file `path` lies in (the innermost `src` above it),
    None outside one (a crate's `tests/`, `benches/`, `src/bin/`: each file a crate root of its
    own)."""
    parts = path.split("/")[:-1]
    for i in range(len(parts) - 1, -1, -1):
        if parts[i] == "src":  # `src/bin/x.rs`: a binary crate of its own, not read here
            return "/".join(parts[: i + 1]) if parts[i + 1 : i + 2] != ["bin"] else None
        if parts[i] in _RUST_TARGET_DIRS:
            return None
    return None


def _rust_module_files(children: str) -> tuple[Target, ...]:
    """The file of the module whose child modules are in directory `children`: `a.rs` or
    `a/mod.rs` for `a`, the crate root for a package's `src` (`use super::X` in `src/set/iter.rs`
    is `X` of `src/set.rs`, in `src/map.rs` `X` of `src/lib.rs`)."""
    if not children:
        return ()
    if posixpath.basename(children) == "src":
        return (Target("=", children + "/lib.rs"), Target("=", children + "/main.rs"))
    return (Target("=", children + ".rs"), Target("=", children + "/mod.rs"))


def _rust_module_dir(path: str) -> str:
    """Directory holding the child modules of the module that `path` defines: its own
    directory for `mod.rs` and for a crate root (`lib.rs`, `main.rs`, `build.rs`, each file
    directly under a crate's `tests/`, `examples/`, `benches/` or `src/bin/`)."""
    parts = path.split("/")
    if parts[-1] in {"mod.rs", "lib.rs", "main.rs", "build.rs"}:
        return directory_of(path)
    target_dir = len(parts) > 1 and parts[-2] in _RUST_TARGET_DIRS and "src" not in parts[:-2]
    if target_dir or parts[-3:-1] == ["src", "bin"]:
        return directory_of(path)
    return path.removesuffix(".rs")


_RUST_TARGET_DIRS = frozenset({"tests", "examples", "benches"})
"""Directories of a Cargo package whose files are each a crate root (integration tests,
examples, benchmarks)."""
