"""Rust module paths of issue 32: `use super::X` / `use super::*` name the parent module's
file (`src/set.rs` for `src/set/iter.rs`, the crate root for `src/map.rs`), and a `use` path may
start at a module the same module declares (`mod extract; use extract::X;`)."""

from __future__ import annotations

from pathlib import Path

from tests.unit.ingest.test_python_resolution import call, plan

CARGO = '[package]\nname = "demo"\n'


def test_super_alone_is_the_parent_modules_file(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "Cargo.toml": CARGO,
            "src/lib.rs": """
                mod set;
                mod map;
                pub struct Bucket;
                impl Bucket { pub fn key(&self) {} }
            """,
            "src/set.rs": """
                mod iter;
                mod tests;
                pub struct IndexSet;
                impl IndexSet { pub fn iter(&self) {} pub fn new() -> Self { IndexSet } }
            """,
            "src/set/iter.rs": "use super::IndexSet;\nfn f(set: &IndexSet) { set.iter(); }\n",
            "src/set/tests.rs": "use super::*;\nfn t() { let s = IndexSet::new(); s.iter(); }\n",
            "src/map.rs": "use super::Bucket;\nfn g(b: Bucket) { b.key(); }\n",
            # an `iter` elsewhere: `set.iter` must be IndexSet's, never a guess by name
            "src/other.rs": "pub struct Other;\nimpl Other { pub fn iter(&self) {} }\n",
        },
    )
    assert call(found, "src/set/iter.rs::f", "set.iter") == ("src/set.rs::IndexSet.iter", "import")
    assert call(found, "src/set/tests.rs::t", "s.iter") == ("src/set.rs::IndexSet.iter", "import")
    assert call(found, "src/set/tests.rs::t", "IndexSet.new")[0] == "src/set.rs::IndexSet.new"
    assert call(found, "src/map.rs::g", "b.key") == ("src/lib.rs::Bucket.key", "import")
    assert "src/set.rs" in found["imports"]["src/set/iter.rs"]


def test_a_use_path_may_start_at_a_declared_child_module(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "Cargo.toml": CARGO,
            "src/lib.rs": "mod inner;\nmod run;\n",
            "src/inner.rs": "mod extract;\npub(crate) use extract::ExtractCore;\n",
            "src/inner/extract.rs": """
                pub(crate) struct ExtractCore;
                impl ExtractCore { pub fn remaining(&self) {} }
            """,
            "src/run.rs": "use crate::inner::ExtractCore;\nfn f(e: ExtractCore) { e.remaining(); }",
            # `::extract` is the crate, never the child module
            "src/rooted.rs": """
                mod extract;
                use ::extract::ExtractCore;
                fn g(e: ExtractCore) { e.remaining(); }
            """,
            "src/rooted/extract.rs": """
                pub struct ExtractCore;
                impl ExtractCore { pub fn remaining(&self) {} }
            """,
        },
    )
    assert call(found, "src/run.rs::f", "e.remaining") == (
        "src/inner/extract.rs::ExtractCore.remaining",
        "import",
    )
    assert "src/inner/extract.rs" in found["imports"]["src/inner.rs"]
    assert call(found, "src/rooted.rs::g", "e.remaining")[1] == "ghost"
