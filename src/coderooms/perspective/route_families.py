"""One function per route family: the named statements it runs from the focus, and the rows
(target, relation, direction, score in [0, 1], evidence) they give. Scores and the Cypher are
documented in docs/perspective-routes.md."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from coderooms.graph.completeness import unresolved_call_sites
from coderooms.graph.driver import Graph
from coderooms.ingest import CALL_GROUPS
from coderooms.languages import TEST_PATH_PATTERN
from coderooms.perspective.lens import LENS_TOP_K_MAX
from coderooms.perspective.model import FocusNode
from coderooms.perspective.route_shapes import (
    jaccard,
    name_tokens,
    parameter_names,
    signature_query,
    words_query,
)
from coderooms.semantic import similar_symbols

FAMILY_ROW_LIMIT = LENS_TOP_K_MAX
"""Most rows one family statement returns, best first (before tag filters and top_k), so a lens
asking for one family can still fill the largest top_k."""
SIBLINGS_LIMIT = 20
"""Most siblings (other members of the focus's container) the structural family lists."""
TEMPORAL_HALF_WEIGHT = 3
"""A CO_CHANGES partner scores weight / (weight + this): 3 shared commits score 0.5."""
HOLE_MIN_CALLER_FILES = 3
"""An untested hub is called from at least this many other files, and from no test file."""
HOLE_MIN_BRIDGE_REACH = 2
"""A bridge is the only link from the focus to at least this many second-hop nodes."""
HOLE_MAX_CALLERS_READ = 500
"""Callers read to count an untested hub's caller files (`caller_files` is then a lower
bound; `callers` is always exact, a degree lookup)."""
HOLE_MAX_NEIGHBOURS = 60
"""The bridge test runs only when the focus has at most this many CALLS/INHERITS (IMPORTS for
a file) edges: a hub's neighbourhood is not held together by one neighbour, and the test must
stay cheap."""
HOLE_MAX_BRIDGE_DEGREE = 60
"""Neighbours with more such edges are not expanded by the bridge test: they are neither
bridges nor alternative links (keeps the test local around hubs)."""
HOLE_REACH_SAMPLE = 5
"""Second-hop node ids a bridge's evidence lists."""
SEMANTIC_K = 24
"""Nearest symbols asked of the vector index, and most lexical matches kept without vectors."""
LEXICAL_SCAN = 200
"""Full-text hits (best Lucene score first, Lucene's own top-k) read for the lexical fallback
before they are ranked by shared words."""
LEXICAL_MAX_SCORE = 0.6
"""A lexical match scores this times the Jaccard similarity of the name tokens: below an
embedding match, since shared words are weaker evidence than shared meaning."""
RESONANT_SCAN = 100
"""Same-name symbols (in id order) and full-text signature hits read for the resonant family."""
RESONANT_MIN_PARAMS = 2
"""A signature-only match needs this many parameters (besides self/cls): `(x)` is everywhere."""
RESONANT_SCORES = {"name_and_signature": 0.9, "signature": 0.7, "name": 0.5, "file_name": 0.5}
CALLABLE_KINDS = ["Function", "Method"]
TYPE_KINDS = ["Class", "Interface"]


@dataclass
class Query:
    """What every family statement takes besides its own parameters."""

    graph: Graph
    focus: FocusNode
    node_types: list[str] | None
    namespaces: list[str] | None

    def read(self, statement: str, **params: Any) -> list[dict[str, Any]]:
        return self.graph.read(
            statement,
            id=self.focus.node_id,
            node_types=self.node_types,
            namespaces=self.namespaces,
            limit=FAMILY_ROW_LIMIT,
            **params,
        )


def structural_rows(q: Query) -> list[dict[str, Any]]:
    return q.read("perspective/route_structural", siblings=SIBLINGS_LIMIT)


def causal_rows(q: Query) -> list[dict[str, Any]]:
    return q.read("perspective/route_causal")


def temporal_rows(q: Query) -> list[dict[str, Any]]:
    return q.read("perspective/route_temporal", half_weight=TEMPORAL_HALF_WEIGHT)


def ghost_rows(q: Query) -> list[dict[str, Any]]:
    return q.read("perspective/route_ghost")


def hole_rows(q: Query) -> list[dict[str, Any]]:
    untested = q.read(
        "perspective/route_hole_untested",
        test_pattern=TEST_PATH_PATTERN,
        min_caller_files=HOLE_MIN_CALLER_FILES,
        max_callers=HOLE_MAX_CALLERS_READ,
    )
    if untested:
        # "no test calls it" holds for proven calls only: say how many sites of its name the
        # graph could not prove (one read for every hub)
        found = unresolved_call_sites(
            q.graph, [str(row["target_id"]) for row in untested], CALL_GROUPS
        )
        for row in untested:
            name = str(row["name"])
            row["evidence"] = {
                **row["evidence"],
                "unresolved_call_sites": found.sites.get(name, 0),
                **({"unresolved_not_counted": True} if name in found.capped else {}),
            }
    bridges = q.read(
        "perspective/route_hole_bridges",
        max_neighbours=HOLE_MAX_NEIGHBOURS,
        max_degree=HOLE_MAX_BRIDGE_DEGREE,
        min_reach=HOLE_MIN_BRIDGE_REACH,
        sample=HOLE_REACH_SAMPLE,
    )
    return untested + bridges


def semantic_rows(q: Query) -> list[dict[str, Any]]:
    """Nearest symbols by embedding; without vectors, shared name words (`lexical: true`)."""
    focus = q.focus
    if focus.label not in ("file", "ghost"):
        neighbours = similar_symbols(q.graph, focus.node_id, k=SEMANTIC_K, repo=focus.repo)
        if neighbours is not None:
            targets = [
                {
                    "id": n.symbol_id,
                    "relation": "similar meaning",
                    "direction": "none",
                    "score": max(0.0, min(1.0, n.score)),
                    "evidence": {"similarity": n.score, "lexical": False},
                }
                for n in neighbours
            ]
            return q.read("perspective/route_targets_by_id", targets=targets)
    return _lexical_rows(q)


def _lexical_rows(q: Query) -> list[dict[str, Any]]:
    """Names sharing a word with the focus's (full-text indexes `symbol_words` / `file_words`,
    whose `simple` analyzer splits snake_case), scored by the Jaccard similarity of their words;
    the best are then read as targets."""
    focus = q.focus
    if focus.label == "file" and focus.path:
        tokens = name_tokens(_stem(focus.path))
        statement = "perspective/route_lexical_files"
        lucene = words_query(tokens, focus.repo, "path")
    else:
        tokens = name_tokens(focus.name)
        statement = "perspective/route_lexical_symbols"
        lucene = words_query(tokens, focus.repo)
    if lucene is None:
        return []
    found = q.graph.read(
        statement, id=focus.node_id, lucene=lucene, scan=LEXICAL_SCAN, repo=focus.repo
    )
    targets = []
    for row in found:
        name = str(row["name"])
        theirs = name_tokens(_stem(name) if statement.endswith("files") else name)
        similarity = jaccard(tokens, theirs)
        if similarity <= 0.0:
            continue
        targets.append(
            {
                "id": row["id"],
                "relation": "similar name",
                "direction": "none",
                "score": round(LEXICAL_MAX_SCORE * similarity, 6),
                "evidence": {
                    "lexical": True,
                    "shared_words": sorted(tokens & theirs),
                    "jaccard": round(similarity, 4),
                },
            }
        )
    targets.sort(key=lambda t: (-t["score"], t["id"]))
    return q.read("perspective/route_targets_by_id", targets=targets[:SEMANTIC_K])


def _stem(path: str) -> str:
    return path.rsplit("/", 1)[-1].rsplit(".", 1)[0]


def resonant_rows(q: Query) -> list[dict[str, Any]]:
    """Same shape elsewhere: same name (dunders excluded), same parameter list, or both; a file
    resonates with files of the same name."""
    focus = q.focus
    if focus.label == "file" and focus.path:
        basename = focus.path.rsplit("/", 1)[-1]
        if basename.startswith("__"):
            return []
        return q.read(
            "perspective/route_resonant_file_name",
            suffix="/" + basename,
            basename=basename,
            repo=focus.repo,
        )
    if focus.label in ("ghost", "module"):
        return []
    kinds = TYPE_KINDS if focus.label in ("class", "interface") else CALLABLE_KINDS
    if focus.label == "variable":
        kinds = ["Variable"]
    own = _focus_shape(q)
    rows: list[dict[str, Any]] = []
    if not (focus.name.startswith("__") and focus.name.endswith("__")):
        rows += q.read("perspective/route_resonant_name", kinds=kinds, scan=RESONANT_SCAN)
    if own is not None and len(own) >= RESONANT_MIN_PARAMS:
        rows += q.read(
            "perspective/route_resonant_signature",
            lucene=signature_query(own, focus.repo),
            scan=RESONANT_SCAN,
            repo=focus.repo,
        )
    shaped = (_resonance(focus, own, row) for row in rows if row["kind"] in kinds)
    return [row for row in shaped if row is not None]


def _focus_shape(q: Query) -> tuple[str, ...] | None:
    signature = q.graph.read("perspective/route_focus_signature", id=q.focus.node_id)
    if not signature:
        return None
    return parameter_names(signature[0]["signature"], q.focus.name, signature[0]["language"])


def _resonance(
    focus: FocusNode, own: tuple[str, ...] | None, row: dict[str, Any]
) -> dict[str, Any] | None:
    evidence = dict(row.get("evidence") or {})
    theirs = parameter_names(evidence.get("signature"), str(row["name"]), evidence.get("language"))
    same_name = row["name"] == focus.name
    same_params = own is not None and theirs == own
    if same_name and same_params:
        kind = "name_and_signature"
    elif same_params and own is not None and len(own) >= RESONANT_MIN_PARAMS:
        kind = "signature"
    elif same_name:
        kind = "name"
    else:
        return None
    relation = {
        "name_and_signature": "same name and signature",
        "signature": "same signature",
        "name": "same name",
    }[kind]
    return {
        **row,
        "relation": relation,
        "score": RESONANT_SCORES[kind],
        "evidence": {
            "resonance": kind,
            "parameters": list(theirs) if theirs is not None else None,
            "signature": evidence.get("signature"),
        },
    }
