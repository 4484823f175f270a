"""The files a JVM name names: a Java import (`java_module`), a Kotlin or Scala import over its
own files, then Java's (`jvm_module`, `JVM_SUFFIXES`), the package a file declares
(`declared_package`) and a fully qualified name written out in a reference (`java_qualified`)."""

from __future__ import annotations

from coderooms.core.ids import directory_of
from coderooms.core.kinds import SymbolKind
from coderooms.resolution.extraction import SymbolDef
from coderooms.resolution.ref_requests import Alternative
from coderooms.resolution.targets import Target


def java_module(module: str, names: tuple[str, ...]) -> tuple[Target, ...]:
    """`a.b.C` (a static or nested-class import names a member of class C) -> C's file;
    `a.b` + `C` -> `a/b/C.java`; a lowercase package alone -> its directory."""
    segments = module.split(".")
    for i, segment in enumerate(segments):
        if segment[:1].isupper():
            return (Target("~", "/".join(segments[: i + 1]) + ".java"),)
    relative = "/".join(segments)
    if names and names[0][:1].isupper():
        return (Target("~", f"{relative}/{names[0]}.java"),)
    return (Target("%", relative),)


JVM_SUFFIXES = {"kotlin": (".kt", ".java"), "scala": (".scala", ".java")}
"""The files a Kotlin or Scala class import may name, in order: the language's own, then Java's
(both compile to one classpath)."""


def jvm_module(
    language: str, module: str, names: tuple[str, ...], *, package: bool = True
) -> tuple[Target, ...]:
    """Kotlin and Scala: `a.b` + `C` -> `a/b/C.kt` (`.scala`), `a/b/C.java`, then any file of
    the package's directory (a file need not be named for its class); `a.b.C` (a member of C, a
    nested class) likewise for C; a lowercase name (a top-level function, a package object's
    member) or a wildcard -> the package's directory. `package=False`: the named files only."""
    segments = module.split(".") if module else []
    for i, segment in enumerate(segments):
        if segment[:1].isupper():
            return _jvm_files(language, segments[:i], segment, package)
    if names and names[0][:1].isupper():
        return _jvm_files(language, segments, names[0], package)
    return (Target("%", "/".join(segments)),) if segments else ()


def _jvm_files(language: str, segments: list[str], name: str, package: bool) -> tuple[Target, ...]:
    relative = "/".join([*segments, name])
    found = [Target("~", relative + suffix) for suffix in JVM_SUFFIXES[language]]
    if package and segments:
        found.append(Target("%", "/".join(segments)))
    return tuple(found)


def declared_package(path: str, symbols: list[SymbolDef]) -> Target | None:
    """Java, Kotlin, Scala: every directory ending in the path of the package the module
    signature declares (`package a.b`), on any source root (`src/main/java`, `src/test/java`);
    none when the file's own directory does not end in it."""
    directory = directory_of(path)
    declared = next((s.signature for s in symbols if s.kind is SymbolKind.MODULE), None)
    name = declared.removeprefix("package ").strip() if declared else ""
    relative = name.replace(".", "/")
    if relative and (directory == relative or directory.endswith("/" + relative)):
        return Target("%", relative)
    return None


def java_qualified(parts: list[str]) -> Alternative | None:
    """`com.example.shapes.Circle` (or `...Circle.area`) written out in full."""
    for i, part in enumerate(parts):
        if part[:1].isupper():
            if i == 0:
                return None
            path = "/".join(parts[:i]) + f"/{part}.java"
            return Alternative((Target("~", path),), ".".join(parts[i:]))
    return None
