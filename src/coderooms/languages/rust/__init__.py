"""Rust, one package: `extract` (the extractor) with `declared` (the types a declaration names),
`unwrapped`, `carried`, `matched`, `patterns`, `uses`, `cfg`, `local_paths` and `blanket` (its
parts), `rules` (`RustRules`),
`modules` (the files a `use` path names, smart pointers' own methods), `crates` (the repo's
crates by their `Cargo.toml`, the `R` target mode), `requests` (Rust's reading of a reference:
`crate::`/`super::` paths, `self` members of an impl, `T::new()`), `owners` and `impls` (a
type's methods in an `impl` of another file) and its record, `LANGUAGE` (the registry,
`ingest.languages.registry`, lists it)."""

from coderooms.languages.language import Language, Syntax
from coderooms.languages.rust import extract
from coderooms.languages.rust.rules import RustRules

LANGUAGE = Language(
    "rust",
    RustRules("rust", "rust"),
    Syntax(("tree_sitter_rust", "language"), extract.QUERY, extract.extract),
    (".rs",),
    package_files=("mod.rs", "lib.rs", "main.rs"),
)
