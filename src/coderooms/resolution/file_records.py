"""From one file's extraction to what the graph needs: its `FileRecord` (symbols, import
requests, reference requests), built from that one file alone by its language's `Rules` (what
the file's `file_scope.FileScope` holds beside its names) and `reference_requests.request` (which
decides each reference over that scope)."""

from __future__ import annotations

from coderooms.core.ids import directory_of
from coderooms.resolution.arities import entries as arity_entries
from coderooms.resolution.arities import record_arities
from coderooms.resolution.extraction import (
    CALLS,
    INHERITS,
    Extraction,
    FactKind,
    ScopeFact,
)
from coderooms.resolution.file_scope import FileScope, ReferenceRules
from coderooms.resolution.module_table import table_entries
from coderooms.resolution.ref_requests import FileRecord, RefRequest
from coderooms.resolution.reference_requests import request as reference_request
from coderooms.resolution.returned_types import table_entries as returned_table_entries
from coderooms.resolution.vocabulary import (
    AGREE,
    CALLED,
    LAMBDA_CHAIN,
    PARAMETER,
    UNKNOWN_RECEIVER,
    VALUE_OF,
)


def build_record(
    path: str,
    language: str | None,
    extraction: Extraction | None,
    rules: ReferenceRules,
    group: str,
) -> FileRecord:
    """The file's record by `rules`, its language's (`group` its group; the registry's, handed
    in by `import_requests.build_record`)."""
    record = FileRecord(path, language)
    if extraction is None or language is None:
        return record
    record.symbols = extraction.symbols
    record.problems = list(extraction.problems)
    record.imports = rules.import_requests(path, extraction.imports)
    if rules.references(record, extraction):
        return record
    kinds = {s.qualname: s.kind for s in extraction.symbols}
    if rules.module_table == "reexports":
        record.names = table_entries(extraction.imports, extraction.facts)
    elif rules.module_table == "stars":  # what the file requires, for what requires the file
        record.names = sorted({"*" + ref.module for ref in extraction.imports})
    # `export ... from` re-exports bind nothing in the file (only `import` does)
    bound = rules.bindings(path, [ref for ref in extraction.imports if not ref.reexport])
    scope = FileScope(kinds, bound, language, directory_of(path), group, reference_request, rules)
    scope.bases = rules.bases(extraction)
    scope.types = declared_types(
        extraction.facts,
        lined=rules.block_scoped_values,
        agreeing_values=rules.agreeing_values,
    )
    if rules.block_scoped_types:
        scope.lined_types = declared_lines(
            extraction.facts, scope.types, values=rules.block_scoped_values
        )
    scope.returns = declared_returns(extraction.facts)
    scope.required = rules.required(record.imports)
    scope.path = path
    scope.package = rules.package(path, extraction.symbols)
    scope.opened = rules.opened(path, extraction.imports)
    scope.extension = rules.extension(path, extraction)
    if rules.member_table:
        record.names = sorted(
            {*record.names, *returned_table_entries(scope), *arity_entries(extraction)}
        )
    merged: dict[tuple[str, str, str], RefRequest] = {}
    seen: dict[tuple[str, str, str], RefRequest | None] = {}
    sites = [(c.caller, CALLS, c.callee, c.line) for c in extraction.calls]
    sites += [(i.child, INHERITS, i.base, i.line) for i in extraction.inherits]
    site_lines: dict[tuple[str, str, str], list[int]] = {}
    if scope.lined_types:  # a reference typed by its declarations above all its sites
        for source, kind, ref, line in sites:
            site_lines.setdefault((source, kind, ref), []).append(line)
    for source, kind, ref, line in sites:
        key = (source, kind, ref)
        if key in seen:  # the same reference again (a test calling assertEqual 500 times)
            known = seen[key]
            if known is not None:
                known.count += 1
                known.line = min(known.line, line)
            continue
        scope.lines = tuple(site_lines.get(key, ()))
        made = scope.request(source, kind, ref, line)
        if made is not None:
            rules.settled(scope, made)
        seen[key] = _add(merged, made)
        scope.lines = ()
    record_arities(extraction, sites, {site: seen[site[:3]] for site in sites}, scope.own_file)
    record.references = sorted(merged.values(), key=lambda r: (r.source, r.kind, r.ref))
    return record


def declared_types(
    facts: list[ScopeFact], *, lined: bool = False, agreeing_values: bool = False
) -> dict[tuple[str, str], str]:
    """(scope, name) -> the type a parameter, local or field is declared with; `?` when one
    scope declares the name with two types (not known then). A call's value (`f()`, see
    `languages.javascript.assigned`) counts only where no type is written or created for the name
    in that scope (`const res = new T()` in one block, `const res = f()` in another: a `T`).
    A parameter declared without a type the extractor can name is `?` too, so that it hides
    a name of an enclosing scope (`fn inner(x: u8)` inside `fn outer(x: Foo)`). A Java name
    that lambdas of different calls bind, each typed through its call (`LAMBDA_CHAIN`), keeps
    them all, joined by `AGREE`: a call on it links where they all give one target; so does
    a parameter `m#k/n` overloads of one arity declare with different types (`java_lambdas`),
    and, with `agreeing_values` (`Rules.agreeing_values`, Go), a name bound to the values of
    two or more calls and nothing else. `lined` (`Rules.block_scoped_values`): a name given a
    type and a value is `?` too, read by line (`declared_lines`)."""
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
    if lined:  # a written type and a value: two bindings, read by line
        for key in called.keys() & written.keys():
            written[key] = {*written[key], *called[key]}
    for key, given in (*called.items(), *written.items()):
        types = _one_type_qualified(given)
        if len(types) == 1:
            found[key] = next(iter(types))
        elif _agreeing(key[1], types) or (agreeing_values and _called(types, key, written)):
            found[key] = AGREE.join(sorted(types))
        else:
            found[key] = UNKNOWN_RECEIVER
    return found


def declared_lines(
    facts: list[ScopeFact], types: dict[tuple[str, str], str], *, values: bool = False
) -> dict[tuple[str, str], tuple[tuple[int, str], ...]]:
    """(scope, name) of a local whose type is unknown (`declared_types`: two types) -> the
    (line, type) of each of its declarations with a written type, by line
    (`Rules.block_scoped_types`); with `values`, the values it is assigned too (a call's,
    `f()`, or a path's, `VALUE_OF`), a value naming the local itself `?` (`let e =
    e.or_insert(..)`: what it was is no longer known there) (`Rules.block_scoped_values`)."""
    found: dict[tuple[str, str], list[tuple[int, int, str]]] = {}
    for order, fact in enumerate(facts):
        key = (fact.scope, fact.name)
        if (
            fact.kind not in (FactKind.PARAM, FactKind.ASSIGN)
            or not fact.annotation
            or not fact.scope
            or types.get(key) != UNKNOWN_RECEIVER
        ):
            continue
        annotation = fact.annotation
        if annotation.endswith(")") or annotation.startswith(VALUE_OF):
            if not values:
                continue
            head = annotation.removeprefix(VALUE_OF).partition(".")[0].partition("(")[0]
            if head == fact.name:
                annotation = UNKNOWN_RECEIVER
        found.setdefault(key, []).append((fact.line, order, annotation))
    return {
        key: tuple((line, typed) for line, _, typed in sorted(lines))
        for key, lines in found.items()
        if len(lines) > 1
    }


def _one_type_qualified(types: set[str]) -> set[str]:
    """Two types of which one is the other qualified (`XMLDocument` and
    `tinyxml2.XMLDocument`, C++ blocks of one function after a `using namespace`): the
    qualified one (issue 32)."""
    if len(types) != 2:
        return types
    short, long = sorted(types, key=len)
    return {long} if long.endswith(f".{short}") else types


def _called(
    types: set[str], key: tuple[str, str], written: dict[tuple[str, str], set[str]]
) -> bool:
    """Whether `types` are all the values of calls (`f()`, `a.b()`), none a chained lambda's
    or an `AGREE` of its own, and the scope writes no type for the name."""
    plain = not any(LAMBDA_CHAIN in t or AGREE in t for t in types)
    return plain and key not in written and all(t.endswith(CALLED) for t in types)


def _agreeing(name: str, types: set[str]) -> bool:
    """Whether the types of `name` are kept for a call to agree on (`AGREE`): each of the
    lambdas binding it typed through its call, or each a type overloads of one arity declare
    their parameter `m#k/n` with (Java)."""
    if any(AGREE in t for t in types):
        return False
    if all(LAMBDA_CHAIN in t for t in types):
        return True
    plain = not any(LAMBDA_CHAIN in t for t in types) and UNKNOWN_RECEIVER not in types
    return PARAMETER in name and plain


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
