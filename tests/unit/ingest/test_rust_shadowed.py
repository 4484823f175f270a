"""Rust: a name bound twice in one function is read by line (issue 32, `languages.rust.shadowed`).
A `let` shadows from its line on; a match arm's, `if let`'s, closure's or inner block's name holds
until its region ends, where the binding visible before it is again. A reference stands for all
its sites in a function: where they see two bindings, the call stays unknown (a ghost)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.ingest.test_python_resolution import call, plan

LIB = """
pub struct Map;
pub struct Entry;
pub struct Slot;
impl Map { pub fn new() -> Map { Map } pub fn entry(&self) -> Entry { Entry } }
impl Entry { pub fn key(&self) {} pub fn index(&self) {} pub fn or_insert(self) -> Slot { Slot } }
impl Slot { pub fn key(&self) {} pub fn get(&self) {} }
"""
ENTRY_KEY = "src/lib.rs::Entry.key"


def _found(tmp_path: Path, body: str, ref: str) -> tuple[str, str]:
    source = f"{LIB}\npub fn run(map: Map, o: Option<Slot>) {{\n{body}\n}}\n"
    found = plan(tmp_path, {"Cargo.toml": '[package]\nname = "m"\n', "src/lib.rs": source})
    return call(found, "src/lib.rs::run", ref)


@pytest.mark.parametrize(
    ("body", "ref", "target"),
    [
        # the nearest `let` above each site, when all the reference's sites agree
        ("let e: Slot = Slot;\ne.get();\nlet e = map.entry();\ne.key();", "e.key", ENTRY_KEY),
        (
            "let e: Slot = Slot;\ne.get();\nlet e = map.entry();\ne.key();",
            "e.get",
            "src/lib.rs::Slot.get",
        ),
        (
            "let e = map.entry();\ne.index();\nlet e = e.or_insert();\ne.get();\n"
            "let e = map.entry();\ne.index();",
            "e.index",
            "src/lib.rs::Entry.index",
        ),
        # a match arm's name holds in its arm only: the `let` is seen after the `match`
        (
            "let e = map.entry();\nmatch o {\n    Some(ref e) => e.get(),\n    None => {}\n}\n"
            "e.key();",
            "e.key",
            ENTRY_KEY,
        ),
        (
            "let e = map.entry();\nif let Some(e) = o {\n    e.get();\n}\ne.key();",
            "e.key",
            ENTRY_KEY,
        ),
        ("let e = map.entry();\nlet f = |e: u8| {\n    e\n};\ne.key();", "e.key", ENTRY_KEY),
        (
            "let e = map.entry();\n{\n    let e: Slot = Slot;\n    e.get();\n}\ne.key();",
            "e.key",
            ENTRY_KEY,
        ),
    ],
)
def test_a_name_bound_twice_has_its_nearest_binding_above(
    tmp_path: Path, body: str, ref: str, target: str
) -> None:
    assert _found(tmp_path, body, ref)[0] == target


@pytest.mark.parametrize(
    ("body", "ref"),
    [
        # `let e = e.or_insert()`: a value naming the local itself is not known by line
        ("let e = map.entry();\ne.index();\nlet e = e.or_insert();\ne.key();", "e.key"),
        # two sites of one reference that see two bindings
        ("let e = map.entry();\ne.key();\nlet e: Slot = Slot;\ne.key();", "e.key"),
        # inside the arm, the arm's name (of no known type), never the `let`'s
        ("let e = map.entry();\nmatch o {\n    Some(e) => e.key(),\n    None => {}\n}", "e.key"),
        ("let e = map.entry();\nif let Some(e) = o {\n    e.key();\n}", "e.key"),
    ],
)
def test_a_name_bound_twice_stays_unknown_where_it_is_not_sure(
    tmp_path: Path, body: str, ref: str
) -> None:
    assert _found(tmp_path, body, ref)[1] == "ghost"
