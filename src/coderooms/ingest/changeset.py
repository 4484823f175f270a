"""Apply a changeset (files added, changed, deleted) to the graph, claim by claim.

For every file in the changeset its claim is replaced exactly: the symbols it no longer defines
are deleted with their edges, new ones created, kept ones updated in place (so edges from other
files to them survive). References from *other* files whose resolution may change — those naming
a symbol that appeared or disappeared, and imports of a file that appeared or disappeared — are
re-resolved; ghosts left without edges are collected. The result equals a full ingest of the same
tree; the property test in tests/integration/ingest checks exactly that.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import neo4j

from coderooms.core.ids import file_id, symbol_id
from coderooms.graph.driver import run_named
from coderooms.ingest import languages, moved_rows, resolution_memo
from coderooms.ingest.loader import Loader
from coderooms.ingest.module_changes import ANY_KEY, MAX_REF_KEYS_CHARS, changes_of, ref_keys_text
from coderooms.ingest.name_candidates import add_rows, load_name_candidates
from coderooms.ingest.plan import Changeset, Plan, WriteStats
from coderooms.ingest.reference_edges import import_edges, reference_edge, reference_edges
from coderooms.ingest.rows import (
    EdgeRow,
    chunk_rows,
    file_props,
    file_trigger_stems,
    structure_edges,
    symbol_infos,
    symbol_rows,
)
from coderooms.ingest.triggers import Triggers
from coderooms.ingest.write_jobs import (
    Job,
    RunJobs,
    batched,
    chunk_jobs,
    ghost_jobs,
    ghosts_of,
    node_jobs,
)
from coderooms.resolution.keys import encode_key
from coderooms.resolution.lookup import FILE, GHOST, SYMBOL, Lookup
from coderooms.resolution.module_resolver import Changes, ResolverSession
from coderooms.resolution.module_table import ModuleTable
from coderooms.resolution.ref_requests import RefRequest, decode_alternative
from coderooms.resolution.reference_resolution import resolve_import, resolve_reference
from coderooms.resolution.resolutions import Resolution
from coderooms.resolution.targets import ImportRequest, Target

EDGE_STATEMENTS = {
    ("File", SYMBOL): "ingest/edges_file_to_symbol",
    ("File", FILE): "ingest/edges_file_to_file",
    ("File", GHOST): "ingest/edges_file_to_ghost",
    (SYMBOL, SYMBOL): "ingest/edges_symbol_to_symbol",
    (SYMBOL, GHOST): "ingest/edges_symbol_to_ghost",
}

Run = Callable[..., list[dict[str, Any]]]


def runner(tx: neo4j.ManagedTransaction) -> Run:
    def run(statement: str, /, **params: Any) -> list[dict[str, Any]]:
        return run_named(tx, statement, **params)

    return run


# -- planning (reads only) -----------------------------------------------------------------------


def plan_changeset(run: Run, changes: Changeset, carried: Triggers | None = None) -> Plan:
    """The plan of `changes`; with `carried`, it also re-resolves what those triggers reach
    (a part of a changeset whose write failed midway, see `ingest.triggers`)."""
    repo = changes.repo
    plan = Plan()
    claims = changes.claims
    claim_set = set(claims)
    old_symbols: dict[str, dict[str, tuple[str, str]]] = defaultdict(dict)
    old_digests: dict[str, str | None] = {}
    old_tables: dict[str, list[str]] = {}
    markers: list[dict[str, Any]] = []
    held = Held()
    generation: int | None = None
    if not changes.fresh:
        [read] = run(
            "ingest/claim_rows",
            claims=claims,
            rewritten=changes.rewritten,
            repo=repo,
            markers=list(languages.PROJECT_TABLES.names),
        )
        held = Held(read["chunks"], read["edges"])
        generation = read.get("generation")
        for row in read["symbols"]:
            old_symbols[row["claim"]][row["id"]] = (row["name"], row["kind"])
            old_digests[row["id"]] = row["digest"]
        old_tables = {row["path"]: row["names"] or [] for row in read["files"]}
        markers = [row for row in read["markers"] if row["path"] not in changes.deletes]

    touched_names: set[str] = set()
    new_ids: set[str] = set()
    for parsed in changes.upserts:
        claim = file_id(repo, parsed.path)
        rows = symbol_rows(repo, parsed)
        ids = {row["id"] for row in rows}
        new_ids |= ids
        old = old_symbols.get(claim, {})
        plan.symbol_ids[claim] = (sorted(old), sorted(ids))
        for row in rows:
            if old.get(row["id"], ("", ""))[1] != row["kind"]:
                touched_names.add(row["props"]["name"])
        if parsed.path in changes.added:
            plan.new_symbol_rows.extend(rows)
        else:
            plan.symbol_rows.extend(
                r for r in rows if old_digests.get(r["id"]) != r["props"]["digest"]
            )
        plan.file_rows.append({"id": claim, "props": file_props(repo, parsed)})
        plan.chunk_rows.extend(chunk_rows(repo, parsed))
    for path in changes.deletes:
        claim = file_id(repo, path)
        plan.symbol_ids[claim] = (sorted(old_symbols.get(claim, {})), [])
    for old in old_symbols.values():
        for old_id, (name, _) in old.items():
            if old_id not in new_ids:
                plan.removed_symbols.append(old_id)
                touched_names.add(name)

    sessions = _sessions(changes, [row["path"] for row in markers])
    loader = Loader(None if changes.fresh else run, repo, sessions, claims)
    moved = Changes()
    if not changes.fresh:
        old_names = {
            claim.removeprefix(f"{repo}:"): {name for name, _ in symbols.values()}
            for claim, symbols in old_symbols.items()
        }
        moved = changes_of(
            loader,
            sessions,
            changes.upserts,
            changes.deletes,
            changes.added,
            old_tables,
            old_names,
        )
    touched_names |= moved.names
    touched_names.discard("")

    foreign: list[tuple[str, str, str, RefRequest, str, dict[str, Any]]] = []
    importers: list[dict[str, Any]] = []
    if not changes.fresh:
        plan.triggers = _triggers_of(changes, plan, touched_names, moved)
        if carried is not None:
            plan.triggers |= carried
        foreign, importers = _foreign_work(run, changes, plan.triggers)

    lookup = Lookup(repo, sessions, group_rules=languages.GROUP_RULES)
    tables = languages.PROJECT_TABLES
    tables.fill_lookup(lookup, [(row["path"], row["names"] or []) for row in markers])
    tables.fill_lookup(lookup, [(parsed.path, parsed.record.names) for parsed in changes.upserts])
    requests = [r for p in changes.upserts for r in p.record.references] + [f[3] for f in foreign]
    import_requests = [i for p in changes.upserts for i in p.record.imports]
    importer_requests = {
        row["id"]: [ImportRequest.decode(text) for text in row["imports"] or []]
        for row in importers
    }
    import_requests += [i for found in importer_requests.values() for i in found]
    if not changes.fresh:
        others = [r for r in requests if r.group not in sessions]  # not a resolver's
        _fill_from_graph(run, lookup, others, import_requests, claim_set)
    for parsed in changes.upserts:
        lookup.add_file(parsed.path, parsed.group)
        for info in symbol_infos(repo, parsed):
            lookup.add_symbol(info)
        if parsed.group in languages.TABLE_GROUPS:
            lookup.tables[parsed.path] = ModuleTable.decode(parsed.record.names)
        lookup.loaded.add(parsed.path)
    for path in changes.deletes:
        lookup.absent.add(path)
    # what is not loaded yet is asked for (resolution stops on Missing and the loader fetches)
    lookup.strict = not changes.fresh
    loader.lookup = lookup
    if not changes.fresh:
        loader.load_targets = partial(_load_files, run, lookup, skip_claims=claim_set)

    reused = {
        parsed.path: reuse
        for parsed in changes.upserts
        if parsed.path not in changes.added
        and (reuse := resolution_memo.reuse_for(repo, parsed, generation)) is not None
    }
    resolved, plan.reused = _resolve_all(
        loader, lookup, changes, foreign, importers, importer_requests, reused
    )
    keys_by_claim: dict[str, set[str]] = defaultdict(set)
    for parsed in changes.upserts:
        plan.edges.extend(structure_edges(repo, parsed))
        edges = reference_edges(repo, parsed, resolved, plan.ghosts, reused.get(parsed.path))
        if len(changes.upserts) <= resolution_memo.MAX_FILES:  # a save's memo, not an ingest's
            pending = resolution_memo.pending_for(repo, parsed, generation, resolved, edges)
            plan.memos.extend([pending] if pending is not None else [])
        for edge in edges:
            keys_by_claim[edge.props["claim"]].update(edge.props.get("keys") or ())
        plan.edges.extend(edges)
    for row in plan.file_rows:
        row["props"]["ref_keys"] = ref_keys_text(keys_by_claim.get(row["id"], ()))
    for rid, source, source_path, request, old_target, old_props in foreign:
        resolution = resolved[id(request)]
        claim = file_id(repo, source_path)
        edge = reference_edge(repo, claim, source, request, resolution, plan.ghosts)
        if resolution.target == old_target and edge.digest == old_props.get("digest"):
            continue
        plan.reresolved += 1
        plan.stale_edges.append(rid)
        if old_target.startswith(f"{repo}:?:"):
            plan.stale_ghosts.add(old_target)
        plan.refresh_keys.add(claim)
        plan.edges.append(edge)
    if not changes.fresh:
        _keep_unchanged(changes, plan, held)
    for row in importers:
        plan.importers.append(row["id"])
        group = languages.LANGUAGE_GROUPS.get(row["language"] or "")
        plan.edges.extend(
            import_edges(repo, row["id"], group, importer_requests[row["id"]], resolved,
                          plan.ghosts)
        )  # fmt: skip
    return plan


def _sessions(changes: Changeset, graph_markers: list[str]) -> dict[str, ResolverSession]:
    """group -> the session of its `ModuleResolver` (Python's module store)."""
    return {
        group: rules.resolver.session(
            changes.repo, changes.fresh, changes.upserts, changes.deletes, graph_markers
        )
        for group, rules in languages.GROUP_RULES.items()
        if rules.resolver is not None
    }


def _triggers_of(
    changes: Changeset, plan: Plan, touched_names: set[str], moved: Changes
) -> Triggers:
    return Triggers(
        names=frozenset(touched_names),
        ids=frozenset(plan.removed_symbols),
        # a name looked up in another file is a key: every touched name, not only the table's
        keys=frozenset(moved.keys | {encode_key(name) for name in touched_names}),
        stems=frozenset(
            file_trigger_stems(sorted(changes.added) + list(changes.deletes)) | moved.stems
        ),
        directories=frozenset(moved.directories),
        changed=frozenset([*changes.deletes, *(p.path for p in changes.upserts)]),
    )


def _foreign_work(
    run: Run, changes: Changeset, triggers: Triggers
) -> tuple[list[tuple[str, str, str, RefRequest, str, dict[str, Any]]], list[dict[str, Any]]]:
    """References of other files to re-resolve, and the files whose imports to re-resolve."""
    repo, claims = changes.repo, changes.claims
    rows: list[dict[str, Any]] = []
    if triggers.names or triggers.ids or triggers.keys:
        # by name; whatever still points at a symbol about to go, whatever its name; by key
        rows += run(
            "ingest/foreign_rows",
            names=sorted(triggers.names),
            ids=sorted(triggers.ids),
            keys=sorted(triggers.keys | {ANY_KEY}) if triggers.keys else [],
            repo=repo,
            claims=claims,
        )
    importers: list[dict[str, Any]] = []
    if triggers.stems:
        stems = sorted(triggers.stems)
        importers = run("ingest/importing_files", repo=repo, stems=stems, claims=claims)
        # a file's references through its own imports hold no key for them: a module of a stem
        # it imports appearing, going or changing its star list re-resolves all of them
        if importers:
            rows += run("ingest/references_of_claims", claims=sorted(r["id"] for r in importers))
    coarse = [(languages.RESOLVER_LANGUAGES, set(triggers.directories))]
    # a go.mod, package.json, tsconfig or Cargo.toml moved module paths or names: every import
    # and reference of that language
    changed = sorted(triggers.changed)
    coarse += [(names, {""}) for names in languages.PROJECT_TABLES.languages_to_reresolve(changed)]
    for names, directories in coarse:
        if not directories:
            continue
        under = run(
            "ingest/files_under",
            repo=repo,
            languages=names,
            dirs=sorted(directories),
            claims=claims,
        )
        known = {row["id"] for row in importers}
        importers += [row for row in under if row["id"] not in known]
        if under:
            rows += run("ingest/references_of_claims", claims=sorted(r["id"] for r in under))
    foreign = []
    seen: set[str] = set()
    for row in rows:
        if row["rid"] not in seen:
            seen.add(row["rid"])
            foreign.append(_foreign_request(row))
    return foreign, importers


def _resolve_all(
    loader: Loader,
    lookup: Lookup,
    changes: Changeset,
    foreign: list[tuple[str, str, str, RefRequest, str, dict[str, Any]]],
    importers: list[dict[str, Any]],
    importer_requests: dict[str, list[ImportRequest]],
    reused: dict[str, resolution_memo.Reuse],
) -> tuple[dict[int, Resolution], int]:
    """Every reference and import of the plan resolved, keyed by the request's `id()`: Python
    ones may need files loaded from the graph first (in waves, see `loader.Loader`). A file's
    references the last save of it resolved alike are given that answer (`reused`,
    `resolution_memo`; how many, second)."""
    jobs: list[tuple[RefRequest | ImportRequest, str, str | None]] = []
    given: dict[int, Resolution] = {}
    for parsed in changes.upserts:
        path, group = parsed.path, parsed.group
        reuse = reused.get(path)
        for r in parsed.record.references:
            found = reuse.resolution(r) if reuse is not None else None
            if found is not None:
                given[id(r)] = found
            else:
                jobs.append((r, path, group))
        jobs.extend((i, path, group) for i in parsed.record.imports)
    jobs.extend((f[3], f[2], None) for f in foreign)
    for row in importers:
        group = languages.LANGUAGE_GROUPS.get(row["language"] or "")
        jobs.extend((i, row["path"], group) for i in importer_requests[row["id"]])
    if loader.run is not None:
        # what resolving the changed files' imports (and other files' references) asks first,
        # in one statement instead of a round trip per step
        wanted = {f[2] for f in foreign}
        for parsed in changes.upserts:
            session = lookup.sessions.get(parsed.group or "")
            if session is not None:
                wanted |= session.prefetch(parsed)
        loader.load({p for p in wanted if not loader.has(p)})

    def resolve(job: tuple[RefRequest | ImportRequest, str, str | None]) -> Resolution:
        request, path, group = job
        if isinstance(request, RefRequest):
            return resolve_reference(request, path, lookup)
        return resolve_import(request, group, lookup, path)

    results = loader.settle_all(jobs, resolve)
    reused_count = len(given)
    given.update((id(job[0]), result) for job, result in zip(jobs, results, strict=True))
    return given, reused_count


@dataclass(frozen=True, slots=True)
class Held:
    """What the graph holds of the rewritten claims (read with their symbols, `claim_rows`)."""

    chunks: list[dict[str, Any]] = field(default_factory=list)
    edges: list[dict[str, Any]] = field(default_factory=list)


def _keep_unchanged(changes: Changeset, plan: Plan, held: Held) -> None:
    """Of the files the graph had, keep the chunks and outgoing edges it already holds as they
    are (same digest): only what differs is deleted and created. An edit near the end of a big
    file rewrites a few rows, not the file's thousands; rows written before digests existed
    never match, so they are all rewritten once."""
    rewritten = set(changes.rewritten)
    if not rewritten:
        return
    new_chunks = {row["id"]: row for row in plan.chunk_rows if row["claim"] in rewritten}
    stale_chunks: list[dict[str, Any]] = []
    for row in held.chunks:
        new = new_chunks.get(row["id"])
        if new is not None and new["digest"] == row["digest"]:
            del new_chunks[row["id"]]
        else:
            stale_chunks.append(row)
    plan.moved_chunks = moved_rows.moved_chunks(stale_chunks, list(new_chunks.values()))
    moved_ids = {row["old"] for row in plan.moved_chunks}
    plan.stale_chunks = [row["id"] for row in stale_chunks if row["id"] not in moved_ids]
    for row in plan.moved_chunks:
        del new_chunks[row["id"]]
    plan.chunk_rows = [
        row for row in plan.chunk_rows if row["claim"] not in rewritten or row["id"] in new_chunks
    ]
    digests = {id(e): e.digest for e in plan.edges if e.props["claim"] in rewritten}
    wanted = Counter(digests.values())
    stale: list[dict[str, Any]] = []
    for row in held.edges:
        if row["digest"] is not None and wanted[row["digest"]] > 0:
            wanted[row["digest"]] -= 1  # held already: kept as it is
        else:
            stale.append(row)
    kept: list[EdgeRow] = []
    for edge in plan.edges:
        digest = digests.get(id(edge))
        if digest is not None:
            if wanted[digest] <= 0:
                continue
            wanted[digest] -= 1
        kept.append(edge)
    moved = moved_rows.moved_edges(stale, [e for e in kept if id(e) in digests])
    plan.moved_edges = [
        {"rid": rid, "line": edge.props["line"], "digest": edge.digest} for rid, edge in moved
    ]
    moved_rids, moved_edges = {rid for rid, _ in moved}, {id(edge) for _, edge in moved}
    for row in stale:
        if row["rid"] not in moved_rids:
            plan.stale_edges.append(row["rid"])  # deleted by id, like re-resolved foreign edges
            if row["ghost"] is not None:
                plan.stale_ghosts.add(row["ghost"])
    plan.edges = [edge for edge in kept if id(edge) not in moved_edges]


def _foreign_request(row: dict[str, Any]) -> tuple[str, str, str, RefRequest, str, dict[str, Any]]:
    props = row["props"]
    request = RefRequest(
        source=row["source"].removeprefix(f"{props['claim']}::"),
        kind=row["kind"],
        ref=props["ref"],
        name=props["name"],
        line=props["line"],
        group=props["group"],
        count=props["count"],
        bound=bool(props.get("bound")),
        alternatives=tuple(props.get("alts") or ()),
        ghost=props["ghost"],
        expr=_loaded_expr(props),
        then=tuple(props.get("then") or ()),
        arities=tuple(props.get("arity") or ()),
    )
    return row["rid"], row["source"], row["source_path"], request, row["target"], props


def _loaded_expr(props: dict[str, Any]) -> str | None:
    resolver = languages.RESOLVERS.get(props["group"])
    return None if resolver is None else resolver.loaded_expr(props["ref"], props.get("expr"))


def _fill_from_graph(
    run: Run,
    lookup: Lookup,
    requests: list[RefRequest],
    imports: list[ImportRequest],
    skip_claims: set[str],
) -> None:
    """Load into `lookup` what resolving `requests` and `imports` can ask, and nothing more:
    the files their targets name, the symbols they look for in those files, and what they may
    find by name (`name_candidates`)."""
    repo = lookup.repo
    targets: set[Target] = {t for i in imports for t in i.targets}
    alternatives = {decode_alternative(a) for r in requests for a in r.alternatives}
    for alternative in alternatives:
        targets.update(alternative.targets)
    _load_files(run, lookup, targets, skip_claims)
    asked = {
        (path, alternative.qual)
        for alternative in alternatives
        for target in alternative.targets
        for path in lookup.files_for(target, None)
    }
    lookup.asked |= asked
    wanted_ids = {symbol_id(repo, path, qual) for path, qual in asked}
    rows = run("ingest/symbols_by_id", ids=sorted(wanted_ids)) if wanted_ids else []
    rows += load_name_candidates(run, lookup, requests, skip_claims)
    add_rows(lookup, rows, skip_claims)


def _load_files(run: Run, lookup: Lookup, targets: set[Target], skip_claims: set[str]) -> None:
    by_mode: dict[str, set[str]] = defaultdict(set)
    for target in targets:
        mode = lookup.modes.get(target.mode)
        if mode is None:
            by_mode[target.mode].add(target.path)
            continue
        kind, paths = mode.load(lookup, target.path)  # a language's: its directories or paths
        by_mode[kind].update(paths)
    repo = lookup.repo
    rows: list[dict[str, Any]] = []
    if by_mode["="] or by_mode["~"]:
        rows += run("ingest/files_by_path", repo=repo, paths=sorted(by_mode["="] | by_mode["~"]))
    if by_mode["~"]:
        rows += run("ingest/files_by_suffix", repo=repo, suffixes=sorted(by_mode["~"]))
    if by_mode["@"]:
        rows += run("ingest/files_by_dir", repo=repo, dirs=sorted(by_mode["@"]))
    if by_mode["%"]:
        rows += run("ingest/files_by_dir_suffix", repo=repo, suffixes=sorted(by_mode["%"]))
    for row in rows:
        if row["claim"] not in skip_claims:
            lookup.add_file(row["path"], languages.LANGUAGE_GROUPS.get(row["language"] or ""))
    lookup.absent |= (by_mode["="] | by_mode["~"]) - {row["path"] for row in rows}
    lookup.loaded_targets |= targets


# -- writing -------------------------------------------------------------------------------------


def sequential(run: Run) -> RunJobs:
    def run_jobs(jobs: list[Job]) -> list[list[dict[str, Any]]]:
        return [run(statement, **params) for statement, params in jobs]

    return run_jobs


def edge_jobs(repo: str, edges: Sequence[EdgeRow]) -> list[Job]:
    grouped: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for edge in edges:
        grouped[(edge.source_label, edge.label)].append(edge.as_row())
    return [
        (EDGE_STATEMENTS[key], {"rows": list(rows)})
        for key, rows_of_kind in sorted(grouped.items())
        for rows in batched(rows_of_kind)
    ]


WRITE_PHASES = 16
"""How many times `apply_plan` calls `run_jobs` (a unit test holds it): a large changeset's
write reports its progress by phase."""


def apply_plan(
    run_jobs: RunJobs, changes: Changeset, plan: Plan, *, one_transaction: bool = False
) -> WriteStats:
    """All writes of a planned changeset, phase by phase (one transaction or one per job). In
    `one_transaction` the repo's generation moves on with its files (a round trip less for a
    saved file); over several, after the last write, so that no reader sees it move on and
    caches from a graph half written."""
    repo = changes.repo
    resolution_memo.note_write(repo)  # whatever a memo of this repo holds may be stale now
    bumped = one_transaction and bool(plan.file_rows)
    files, symbols = node_jobs(repo, plan, bump=bumped)
    run_jobs(files)
    deleted = [file_id(repo, path) for path in changes.deletes]
    run_jobs([("ingest/delete_chunks", {"claims": list(c)}) for c in batched(deleted)])
    for jobs in chunk_jobs(repo, plan, one_transaction=one_transaction):
        run_jobs(jobs)
    importer_jobs: list[Job] = [
        ("ingest/delete_import_edges", {"claims": list(c)}) for c in batched(plan.importers)
    ]
    touched = ghosts_of(run_jobs(importer_jobs))
    run_jobs(symbols)
    run_jobs(ghost_jobs(repo, plan.edges, plan.ghosts))
    run_jobs(edge_jobs(repo, plan.edges))
    run_jobs(
        [("ingest/delete_edges_by_id", {"ids": list(ids)}) for ids in batched(plan.stale_edges)]
    )
    run_jobs([("ingest/move_edges", {"rows": list(rows)}) for rows in batched(plan.moved_edges)])
    run_jobs(
        [
            ("ingest/refresh_ref_keys", {"ids": list(ids), "max": MAX_REF_KEYS_CHARS})
            for ids in batched(sorted(plan.refresh_keys))
        ]
    )
    touched |= ghosts_of(
        run_jobs(
            [("ingest/delete_symbols", {"ids": list(i)}) for i in batched(plan.removed_symbols)]
        )
    )
    touched |= ghosts_of(
        run_jobs([("ingest/delete_files", {"ids": list(i)}) for i in batched(deleted)])
    )
    collect = [
        ("ingest/collect_ghosts", {"ids": list(i)})
        for i in batched(sorted(touched | plan.stale_ghosts))
    ]
    collected = sum(rows[0]["collected"] for rows in run_jobs(collect))
    run_jobs([] if bumped else [("ingest/bump_generation", {"repo": repo})])
    return WriteStats(
        files_written=len(plan.file_rows),
        files_deleted=len(deleted),
        symbols_written=len(plan.symbol_rows) + len(plan.new_symbol_rows),
        symbols_deleted=len(plan.removed_symbols),
        edges_written=len(plan.edges),
        edges_moved=len(plan.moved_edges),
        chunks_written=len(plan.chunk_rows),
        chunks_moved=len(plan.moved_chunks),
        references_reresolved=plan.reresolved,
        importers_reresolved=len(plan.importers),
        ghosts_collected=collected,
        symbol_ids=plan.symbol_ids,
    )
