"""Rust methods of an `impl` in another file than their type (`rust.impls`): a call re-resolves
when a second impl of the same name comes (two: unknown), when an impl file's `use` stops naming
the type, and when the impl goes; `self.f.m()` with field `f` declared by another file follows
that file's changes of the field's type; each step equal to a full ingest of the same tree."""

from __future__ import annotations

from coderooms.graph.driver import Graph
from tests.integration.ingest.scenario_tree import Tree, ingest
from tests.integration.ingest.test_ingest_scenarios import calls_of, follow_steps

IMPL = "use crate::Error;\nimpl Error {\n    pub fn chain(&self) {}\n}\n"


def test_a_method_of_an_impl_in_another_file_follows_every_change(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    tree.write("Cargo.toml", '[package]\nname = "demo"\n')
    tree.write("src/lib.rs", "mod error;\nmod fmt;\nmod run;\npub struct Error;\n")
    tree.write("src/error.rs", IMPL)
    tree.write("src/run.rs", "use crate::Error;\nfn run(e: Error) {\n    e.chain();\n}\n")
    ingest(graph, tree, repo)
    run = "src/run.rs::run"
    assert calls_of(graph, repo, run) == {("src/error.rs::Error.chain", "import")}
    follow_steps(graph, tree, repo, full_repo, run, [
        ("src/fmt.rs", IMPL, ("?:crate.Error.chain", "ghost")),  # two impls: no guess
        ("src/fmt.rs", IMPL.replace("use crate::Error;", "struct Error;"),
         ("src/error.rs::Error.chain", "import")),  # fmt.rs's own `Error` now
        ("src/error.rs", None, ("?:crate.Error.chain", "ghost")),
        ("src/error.rs", IMPL, ("src/error.rs::Error.chain", "import")),
    ])  # fmt: skip


def test_a_private_use_of_the_crate_root_follows_every_change(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    mods = "mod a;\nmod b;\nmod simd;\n"
    shape = "pub struct Shape;\nimpl Shape {\n    pub fn area(&self) {}\n}\n"
    tree.write("src/lib.rs", mods + "use crate::a::Shape;\n")
    tree.write("src/a.rs", shape)
    tree.write("src/b.rs", shape)
    tree.write("src/simd.rs", "use crate::Shape;\nfn go(s: &Shape) {\n    s.area();\n}\n")
    ingest(graph, tree, repo)
    go = "src/simd.rs::go"
    assert calls_of(graph, repo, go) == {("src/a.rs::Shape.area", "import")}
    follow_steps(graph, tree, repo, full_repo, go, [
        ("src/lib.rs", mods + "use crate::b::Shape;\n", ("src/b.rs::Shape.area", "import")),
        ("src/lib.rs", mods, ("?:crate.Shape.area", "ghost")),
        ("src/lib.rs", mods + "use self::a::*;\n", ("src/a.rs::Shape.area", "import")),
    ])  # fmt: skip


def test_a_field_of_self_declared_by_another_file_follows_every_change(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    ptr = "pub struct Own;\nimpl Own {\n    pub fn by_ref(&self) {}\n}\n"
    head = "mod error;\nmod ptr;\nmod other;\nuse crate::ptr::Own;\nuse crate::other::Other;\n"
    tree.write("Cargo.toml", '[package]\nname = "demo"\n')
    tree.write("src/lib.rs", head + "pub struct Error {\n    inner: Own,\n}\n")
    tree.write("src/ptr.rs", ptr)
    tree.write("src/other.rs", ptr.replace("Own", "Other"))
    tree.write(
        "src/error.rs",
        "use crate::Error;\nimpl Error {\n    fn run(&self) {\n        self.inner.by_ref();\n"
        "    }\n}\n",
    )
    ingest(graph, tree, repo)
    run = "src/error.rs::Error.run"
    assert calls_of(graph, repo, run) == {("src/ptr.rs::Own.by_ref", "typed")}
    follow_steps(graph, tree, repo, full_repo, run, [
        ("src/lib.rs", head + "pub struct Error {\n    inner: Other,\n}\n",
         ("src/other.rs::Other.by_ref", "typed")),  # the field's type changed
        ("src/lib.rs", head + "pub struct Error {\n    outer: Other,\n}\n",
         ("?:by_ref", "ghost")),  # no such field
        ("src/lib.rs", head + "pub struct Error {\n    inner: Box<Own>,\n}\n",
         ("src/ptr.rs::Own.by_ref", "typed")),
    ])  # fmt: skip


def test_use_super_and_a_child_module_path_follow_every_change(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    """`use super::IndexSet` in `src/set/iter.rs` reads `src/set.rs` (else `src/set/mod.rs`);
    `mod extract; pub use extract::Core;` in that file re-exports its child module's type."""
    set_rs = "mod iter;\npub struct IndexSet;\nimpl IndexSet {\n    pub fn iter(&self) {}\n}\n"
    tree.write("Cargo.toml", '[package]\nname = "demo"\n')
    tree.write("src/lib.rs", "mod set;\n")
    tree.write("src/set.rs", set_rs)
    tree.write("src/set/iter.rs", "use super::IndexSet;\nfn f(s: &IndexSet) {\n    s.iter();\n}\n")
    ingest(graph, tree, repo)
    f = "src/set/iter.rs::f"
    assert calls_of(graph, repo, f) == {("src/set.rs::IndexSet.iter", "import")}
    moved = "mod iter;\nmod extract;\npub use extract::IndexSet;\n"
    follow_steps(graph, tree, repo, full_repo, f, [
        ("src/set.rs", None, ("?:super.IndexSet.iter", "ghost")),
        ("src/set/mod.rs", set_rs, ("src/set/mod.rs::IndexSet.iter", "import")),
        ("src/set/mod.rs", moved, ("?:super.IndexSet.iter", "ghost")),
        ("src/set/extract.rs", set_rs.replace("mod iter;\n", ""),
         ("src/set/extract.rs::IndexSet.iter", "import")),
    ])  # fmt: skip


def test_what_another_files_result_carries_follows_every_change(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    """`match opts.parse() { Ok(ref m) => m.present() }` in `run.rs`, `parse` declared in
    `opts.rs` to return `Result<Matches, Fail>` (issue 32): `m` follows that declaration."""
    types = (
        "pub struct Matches;\npub struct Other;\n"
        "impl Matches {\n    pub fn present(&self) {}\n}\n"
        "impl Other {\n    pub fn present(&self) {}\n}\n"
    )
    opts = (
        "use crate::{{Matches, Other}};\npub struct Options;\n"
        "impl Options {{\n    pub fn parse(&self) -> {} {{ todo!() }}\n}}\n"
    )
    tree.write("Cargo.toml", '[package]\nname = "demo"\n')
    tree.write("src/lib.rs", "mod opts;\nmod run;\n" + types)
    tree.write("src/opts.rs", opts.format("Result<Matches, ()>"))
    tree.write(
        "src/run.rs",
        "use crate::opts::Options;\nfn run(o: Options) {\n"
        "    match o.parse() {\n        Ok(ref m) => m.present(),\n        _ => {}\n    }\n}\n",
    )
    ingest(graph, tree, repo)
    run = "src/run.rs::run"
    assert ("src/lib.rs::Matches.present", "typed") in calls_of(graph, repo, run)
    follow_steps(graph, tree, repo, full_repo, run, [
        ("src/opts.rs", opts.format("std::io::Result<Other>"),
         ("src/lib.rs::Other.present", "typed")),
        ("src/opts.rs", opts.format("Other"), ("?:present", "ghost")),  # no carrier: no `Ok`
        ("src/opts.rs", opts.format("Option<Matches>"), ("src/lib.rs::Matches.present", "typed")),
    ])  # fmt: skip
