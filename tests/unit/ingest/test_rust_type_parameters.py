"""Rust: `T::m()` with `T` a type parameter bounded by a trait (`<T: ByteOrder>`, `where T:
ByteOrder`) is the trait's `m`, in this file or another (issue 32, rules-32n,
`languages.rust.declared.type_parameters_declared`); an unbounded `T`, or one bounded only by
a marker (`Send`), stays unknown."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.ingest.test_python_resolution import call, plan

LIB = """
pub trait ByteOrder { fn read_u16(buf: &[u8]) -> u16; fn read_i16(buf: &[u8]) -> i16 { 0 } }
pub enum BigEndian {}
impl ByteOrder for BigEndian { fn read_u16(buf: &[u8]) -> u16 { 0 } }
mod io;
"""


@pytest.mark.parametrize(
    "function",
    [
        "fn read<T: ByteOrder>(b: &[u8]) -> i16 { T::read_i16(b) }",
        "fn read<T>(b: &[u8]) -> i16 where T: Send + ByteOrder { T::read_i16(b) }",
        "fn read<'a, T: Clone + ByteOrder>(b: &'a [u8]) -> i16 { T::read_i16(b) }",
    ],
)
def test_a_bounded_type_parameter_calls_its_trait(tmp_path: Path, function: str) -> None:
    io = f"use crate::ByteOrder;\npub trait ReadExt {{\n    {function}\n}}\n"
    found = plan(
        tmp_path,
        {"Cargo.toml": '[package]\nname = "b"\n', "src/lib.rs": LIB, "src/io.rs": io},
    )
    assert (
        call(found, "src/io.rs::ReadExt.read", "T.read_i16")[0] == "src/lib.rs::ByteOrder.read_i16"
    )


@pytest.mark.parametrize(
    "function",
    [
        "fn read<T>(b: &[u8]) -> i16 { T::read_i16(b) }",
        "fn read<T: Send>(b: &[u8]) -> i16 { T::read_i16(b) }",
    ],
)
def test_an_unbounded_type_parameter_stays_unknown(tmp_path: Path, function: str) -> None:
    io = f"use crate::ByteOrder;\n{function}\n"
    found = plan(
        tmp_path,
        {"Cargo.toml": '[package]\nname = "b"\n', "src/lib.rs": LIB, "src/io.rs": io},
    )
    assert call(found, "src/io.rs::read", "T.read_i16")[1] == "ghost"
