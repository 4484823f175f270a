"""From one file's extraction to what the graph needs: its `FileRecord` (symbols, import
requests, reference requests), built from that one file alone (`reference_requests.request` decides
each reference, over the file's `file_scope.Scope`)."""

from __future__ import annotations

from coderooms.core.ids import directory_of
from coderooms.core.kinds import SymbolKind
from coderooms.ingest.file_scope import Scope
from coderooms.ingest.import_requests import bindings, import_requests
from coderooms.ingest.java_on_demand import on_demand_imports
from coderooms.ingest.js_reexports import (
    REEXPORT_GROUPS,
    STAR_GROUPS,
    TABLE_GROUPS,
    table_entries,
)
from coderooms.ingest.languages import LANGUAGE_GROUPS
from coderooms.ingest.namespace_names import csharp_usings, php_uses
from coderooms.ingest.python_scope import python_references
from coderooms.ingest.reference_requests import DECLARED_PACKAGES, INHERITING, REQUIRING
from coderooms.ingest.reference_requests import request as reference_request
from coderooms.ingest.returned_types import table_entries as returned_table_entries
from coderooms.ingest.targets import (
    JVM_SUFFIXES,
    c_implementations,
    jvm_module,
    rust_module,
    swift_module,
)
from coderooms.resolution.extraction import (
    CALLS,
    INHERITS,
    Extraction,
    FactKind,
    ScopeFact,
    SymbolDef,
)
from coderooms.resolution.ref_requests import FileRecord, RefRequest
from coderooms.resolution.targets import ImportRequest, Target
from coderooms.resolution.vocabulary import UNKNOWN_RECEIVER, VALUE_OF


def build_record(path: str, language: str | None, extraction: Extraction | None) -> FileRecord:
    record = FileRecord(path, language)
    if extraction is None or language is None:
        return record
    record.symbols = extraction.symbols
    record.problems = list(extraction.problems)
    record.imports = import_requests(language, path, extraction.imports)
    group = LANGUAGE_GROUPS.get(language, language)
    if language == "python":
        _python_references(record, extraction, group)
        return record
    kinds = {s.qualname: s.kind for s in extraction.symbols}
    if group in REEXPORT_GROUPS:
        record.names = table_entries(extraction.imports, extraction.facts)
    elif group in STAR_GROUPS:  # what the file requires, for what requires the file
        record.names = sorted({"*" + ref.module for ref in extraction.imports})
    # `export ... from` re-exports bind nothing in the file (only `import` does)
    bound = bindings(language, path, [ref for ref in extraction.imports if not ref.reexport])
    includes = c_includes(record.imports) if group == "c" else ()
    if group in REQUIRING:
        includes = tuple(request.targets for request in record.imports if request.targets)
    bases: dict[str, str] = {}
    embedded: dict[str, list[str]] = {}
    if group == "js":  # `super.m()` / inherited `this.m()`: the class's `extends`
        for fact in extraction.facts:
            if fact.kind is FactKind.EXTENDS and fact.value:
                bases.setdefault(fact.scope, fact.value)
    elif group in INHERITING:  # Java: the first base (`extends`, else an interface)
        for inherit in extraction.inherits:
            bases.setdefault(inherit.child, inherit.base)
    elif language in ("go", "ruby"):  # Go: a struct's embedded types; Ruby: bases, mixins
        for inherit in extraction.inherits:
            embedded.setdefault(inherit.child, []).append(inherit.base)
    scope = Scope(kinds, bound, language, directory_of(path), group, reference_request, bases)
    if language == "ruby":
        scope.ancestors = embedded
    else:
        scope.embedded = embedded
    scope.types = declared_types(extraction.facts)
    scope.returns = declared_returns(extraction.facts)
    scope.includes = includes
    scope.path = path
    scope.package = _package_target(language, path, extraction.symbols)
    if language == "csharp":
        scope.usings = csharp_usings(extraction.imports, extraction.symbols, extraction.inherits)
    elif language == "php":
        listed: dict[str, list[str]] = {}
        for inherit in extraction.inherits:
            listed.setdefault(inherit.child, []).append(inherit.base)
        scope.uses = php_uses(path, extraction.imports, extraction.symbols, listed)
    if language in JVM_SUFFIXES:
        scope.wildcards = tuple(
            target
            for ref in extraction.imports
            if not ref.names and ref.module
            for target in jvm_module(language, ref.module, ())
        )
    elif language == "swift":  # `import M` opens module M's declarations
        scope.wildcards = tuple(t for ref in extraction.imports for t in swift_module(ref.module))
    elif language == "rust":  # `use m::*` opens m's names (`rust_impls.in_impls`)
        scope.wildcards = tuple(
            t
            for ref in extraction.imports
            if ref.names == ("*",)
            for t in rust_module(path, ref.module)
        )
    if language == "java":
        scope.on_demand = on_demand_imports(extraction.imports)
    if group in TABLE_GROUPS:
        record.names = sorted({*record.names, *returned_table_entries(scope)})
    merged: dict[tuple[str, str, str], RefRequest] = {}
    seen: dict[tuple[str, str, str], RefRequest | None] = {}
    sites = [(c.caller, CALLS, c.callee, c.line) for c in extraction.calls]
    sites += [(i.child, INHERITS, i.base, i.line) for i in extraction.inherits]
    for source, kind, ref, line in sites:
        key = (source, kind, ref)
        if key in seen:  # the same reference again (a test calling assertEqual 500 times)
            known = seen[key]
            if known is not None:
                known.count += 1
                known.line = min(known.line, line)
            continue
        seen[key] = _add(merged, scope.request(source, kind, ref, line))
    record.references = sorted(merged.values(), key=lambda r: (r.source, r.kind, r.ref))
    return record


def c_includes(imports: list[ImportRequest]) -> tuple[tuple[Target, ...], ...]:
    """Per `#include` (in order), the files a name it declares may be defined in: the paired
    implementations of each header candidate first (`geo.h` -> `geo.c`, `geo.cpp`: a prototype
    is no symbol), then the header itself (macros, inline functions, classes)."""
    found = []
    for request in imports:
        targets = [t for header in request.targets for t in c_implementations(header)]
        targets.extend(request.targets)
        if targets:
            found.append(tuple(targets))
    return tuple(found)


def _package_target(language: str, path: str, symbols: list[SymbolDef]) -> Target:
    directory = directory_of(path)
    if language in DECLARED_PACKAGES:
        declared = next((s.signature for s in symbols if s.kind is SymbolKind.MODULE), None)
        name = declared.removeprefix("package ").strip() if declared else ""
        relative = name.replace(".", "/")
        if relative and (directory == relative or directory.endswith("/" + relative)):
            return Target("%", relative)
    return Target("@", directory)


def declared_types(facts: list[ScopeFact]) -> dict[tuple[str, str], str]:
    """(scope, name) -> the type a parameter, local or field is declared with; `?` when one
    scope declares the name with two types (not known then). A call's value (`f()`, see
    `languages.assigned_values`) counts only where no type is written or created for the name
    in that scope (`const res = new T()` in one block, `const res = f()` in another: a `T`).
    A parameter declared without a type the extractor can name is `?` too, so that it hides
    a name of an enclosing scope (`fn inner(x: u8)` inside `fn outer(x: Foo)`)."""
    written: dict[tuple[str, str], set[str]] = {}
    called: dict[tuple[str, str], set[str]] = {}
    found: dict[tuple[str, str], str] = {}
    for fact in facts:
        if fact.kind in (FactKind.PARAM, FactKind.ASSIGN) and fact.annotation:
            value = fact.annotation.endswith(")") or fact.annotation.startswith(VALUE_OF)
            into = called if value else written
            into.setdefault((fact.scope, fact.name), set()).add(fact.annotation)
        elif fact.kind is FactKind.PARAM and fact.scope:
            found[(fact.scope, fact.name)] = UNKNOWN_RECEIVER
    for key, types in (*called.items(), *written.items()):
        found[key] = next(iter(types)) if len(types) == 1 else UNKNOWN_RECEIVER
    return found


def declared_returns(facts: list[ScopeFact]) -> dict[str, str]:
    """Function qualname -> the return type its declaration states; `?` when two declarations
    of one qualname (overloads) state different ones. A top-level JS/TS const that names a
    function of the file (`const stringType = ZodString.create`) returns what it returns."""
    found: dict[str, str] = {}
    for fact in facts:
        if fact.kind is FactKind.RETURNS and fact.annotation:
            if fact.scope.rpartition(".")[2] != fact.name:
                continue  # written in a definition that is no symbol (an anonymous class)
            known = found.get(fact.scope)
            found[fact.scope] = (
                fact.annotation if known in (None, fact.annotation) else UNKNOWN_RECEIVER
            )
    for fact in facts:  # `const stringType = ZodString.create`: returns what that returns
        if fact.kind is FactKind.ASSIGN and not fact.scope and fact.annotation:
            aliased = found.get(fact.annotation.removeprefix(VALUE_OF))
            if fact.annotation.startswith(VALUE_OF) and aliased and fact.name not in found:
                found[fact.name] = aliased
    return found


def _python_references(record: FileRecord, extraction: Extraction, group: str) -> None:
    references, record.names = python_references(extraction)
    record.references = sorted(
        (
            RefRequest(
                source, kind, ref, ref.replace("()", "").replace("[]", "").rsplit(".", 1)[-1],
                line, group, count, ghost=ghost, expr=expr,
            )
            for source, kind, ref, line, count, expr, ghost in references
        ),
        key=lambda r: (r.source, r.kind, r.ref),
    )  # fmt: skip


def _add(
    merged: dict[tuple[str, str, str], RefRequest], request: RefRequest | None
) -> RefRequest | None:
    """Merge `request` into the one with its key (count, first line); the merged request."""
    if request is None:
        return None
    key = (request.source, request.kind, request.ref)
    known = merged.get(key)
    if known is None:
        merged[key] = request
        return request
    known.count += 1
    known.line = min(known.line, request.line)
    return known
