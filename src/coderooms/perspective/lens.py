"""The lens: what an agent asks a perspective to show. Every field changes the routes (see
docs/perspective-routes.md); an unknown field is refused, never ignored.

| field | effect on the routes |
| --- | --- |
| `route_families` | only these families are synthesized (default: all) |
| `node_types` | only targets of these kinds (`NODE_TYPES`; `module` selects files) |
| `namespaces` | only targets whose file path is one of these repo-relative prefixes |
| `tags` | only targets carrying one of the tags (`TAGS`); `!tag` drops targets carrying it |
| `include_ghost_edges` | false: no `ghost` family and no route to a ghost |
| `include_structural_holes` | false: no `hole` family |
| `ranking_weights` | family -> weight in [0, 1], multiplies that family's scores |
| `top_k` | how many routes, after the total order (1..`LENS_TOP_K_MAX`, above is clamped) |
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, StrictBool, StrictInt, ValidationError

from coderooms.errors import InvalidInput
from coderooms.perspective.model import FAMILIES, Family

LENS_TOP_K_DEFAULT = 32
LENS_TOP_K_MIN = 1
LENS_TOP_K_MAX = 128
"""`top_k` below the minimum is refused; above the maximum it is clamped (reported)."""

RANKING_WEIGHT_MIN = 0.0
RANKING_WEIGHT_MAX = 1.0
"""A family's weight multiplies its scores, so scores stay in [0, 1]: to favour one family,
lower the others."""

MAX_LENS_LIST_ITEMS = 32
"""Most entries of `namespaces` and `tags`."""
MAX_NAMESPACE_CHARS = 500

NODE_TYPES: tuple[str, ...] = (
    "file",
    "module",
    "class",
    "function",
    "method",
    "interface",
    "variable",
    "ghost",
)
"""A route target's kind, as `Route.target_label` names it. A module symbol is shown as its
file, so `module` selects file targets."""

TAGS: tuple[str, ...] = ("test", "private", "entrypoint", "ghost", "hub")
"""The tag vocabulary, each derived from the graph (see `route_tags.target_tags`):

- `test`: the target lies in a test file (`test_*.py`, `*_test.py`, `conftest.py`, a path
  component `test`/`tests`, or a JS/TS `*.test.*`/`*.spec.*` file);
- `private`: its name starts with `_` and is not a dunder (`__init__` is not private);
- `entrypoint`: a symbol named `main`, or a `__main__.py` file or its symbols;
- `ghost`: an unresolved reference (`:Ghost`);
- `hub`: `HUB_MIN_IN_DEGREE` or more incoming CALLS (symbols, ghosts) or IMPORTS (files).
"""

TAG_NEGATION = "!"


class Lens(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    route_families: list[Family] | None = None
    node_types: list[str] | None = None
    namespaces: list[str] | None = None
    tags: list[str] | None = None
    include_ghost_edges: StrictBool = True
    include_structural_holes: StrictBool = True
    ranking_weights: dict[Family, float] | None = None
    top_k: StrictInt = LENS_TOP_K_DEFAULT

    def families(self) -> tuple[Family, ...]:
        """The families synthesized, in ordinal order."""
        wanted = set(self.route_families) if self.route_families is not None else set(FAMILIES)
        if not self.include_ghost_edges:
            wanted.discard("ghost")
        if not self.include_structural_holes:
            wanted.discard("hole")
        return tuple(family for family in FAMILIES if family in wanted)

    def weight(self, family: Family) -> float:
        if self.ranking_weights is None:
            return 1.0
        return self.ranking_weights.get(family, 1.0)


def parse_lens(raw: dict[str, Any] | None) -> Lens:
    """The lens from a verb's argument; `InvalidInput` naming the field when it is wrong."""
    return parse_lens_with_clamps(raw)[0]


def parse_lens_with_clamps(raw: object) -> tuple[Lens, dict[str, dict[str, int]]]:
    """The lens, and what clamping changed (`{"lens.top_k": {requested, used, min, max}}`)."""
    if raw is None:
        return Lens(), {}
    if not isinstance(raw, dict):
        raise InvalidInput(
            f"the lens must be an object, not {type(raw).__name__}",
            field="lens",
            hint="pass a JSON object with any of: " + ", ".join(Lens.model_fields),
        )
    clamps: dict[str, dict[str, int]] = {}
    data = dict(raw)
    top_k = data.get("top_k")
    if isinstance(top_k, int) and not isinstance(top_k, bool) and top_k > LENS_TOP_K_MAX:
        clamps["lens.top_k"] = {
            "requested": top_k,
            "used": LENS_TOP_K_MAX,
            "min": LENS_TOP_K_MIN,
            "max": LENS_TOP_K_MAX,
        }
        data["top_k"] = LENS_TOP_K_MAX
    try:
        lens = Lens.model_validate(data)
    except ValidationError as e:
        raise _invalid(e) from e
    _check_values(lens)
    return lens, clamps


def _invalid(error: ValidationError) -> InvalidInput:
    first = error.errors()[0]
    loc = first.get("loc", ())
    name = str(loc[0]) if loc else ""
    field = f"lens.{name}" if name else "lens"
    if first.get("type") == "extra_forbidden":
        return InvalidInput(
            f"the lens has no field {name!r}",
            field=field,
            hint="supported lens fields: " + ", ".join(Lens.model_fields),
        )
    hints = {
        "route_families": "families: " + ", ".join(FAMILIES),
        "ranking_weights": "an object family -> number in [0, 1]; families: " + ", ".join(FAMILIES),
        "include_ghost_edges": "true or false",
        "include_structural_holes": "true or false",
        "top_k": f"an integer in {LENS_TOP_K_MIN}..{LENS_TOP_K_MAX}",
    }
    return InvalidInput(
        f"lens field {name!r}: {first.get('msg', 'invalid value')}",
        field=field,
        hint=hints.get(name, "see the perspective room's lens documentation"),
    )


def _check_values(lens: Lens) -> None:
    if lens.top_k < LENS_TOP_K_MIN:
        raise InvalidInput(
            f"top_k must be at least {LENS_TOP_K_MIN}, got {lens.top_k}",
            field="lens.top_k",
            hint=f"an integer in {LENS_TOP_K_MIN}..{LENS_TOP_K_MAX}",
        )
    if lens.route_families is not None and not lens.route_families:
        raise InvalidInput(
            "route_families is empty: no route could be shown",
            field="lens.route_families",
            hint="omit it for every family, or name some: " + ", ".join(FAMILIES),
        )
    _check_node_types(lens.node_types)
    _check_namespaces(lens.namespaces)
    _check_tags(lens.tags)
    for family, weight in (lens.ranking_weights or {}).items():
        if not RANKING_WEIGHT_MIN <= weight <= RANKING_WEIGHT_MAX:
            raise InvalidInput(
                f"ranking weight of {family!r} is {weight}, outside "
                f"[{RANKING_WEIGHT_MIN}, {RANKING_WEIGHT_MAX}]",
                field="lens.ranking_weights",
                hint="weights multiply scores in [0, 1]: lower the families you care less about",
            )


def _check_node_types(node_types: list[str] | None) -> None:
    if node_types is None:
        return
    bad = [t for t in node_types if t not in NODE_TYPES]
    if bad or not node_types:
        raise InvalidInput(
            f"unknown node type(s) {bad!r}" if bad else "node_types is empty",
            field="lens.node_types",
            hint="node types: " + ", ".join(NODE_TYPES),
        )


def _check_namespaces(namespaces: list[str] | None) -> None:
    if namespaces is None:
        return
    if not namespaces or len(namespaces) > MAX_LENS_LIST_ITEMS:
        raise InvalidInput(
            f"namespaces needs 1..{MAX_LENS_LIST_ITEMS} entries, got {len(namespaces)}",
            field="lens.namespaces",
            hint="repo-relative path prefixes such as 'src/pkg/' or 'json/decoder.py'",
        )
    for namespace in namespaces:
        parts = namespace.split("/")
        if (
            not namespace.strip("/")
            or namespace.startswith("/")
            or "\\" in namespace
            or "\x00" in namespace
            or ".." in parts
            or len(namespace) > MAX_NAMESPACE_CHARS
        ):
            raise InvalidInput(
                f"namespace {namespace!r} is not a repo-relative path prefix",
                field="lens.namespaces",
                hint="use '/'-separated paths relative to the repo root, without '..' or a "
                "leading '/'",
            )


def _check_tags(tags: list[str] | None) -> None:
    if tags is None:
        return
    if not tags or len(tags) > MAX_LENS_LIST_ITEMS:
        raise InvalidInput(
            f"tags needs 1..{MAX_LENS_LIST_ITEMS} entries, got {len(tags)}",
            field="lens.tags",
            hint="tags: " + ", ".join(TAGS) + f" (prefix {TAG_NEGATION!r} to exclude)",
        )
    bad = [tag for tag in tags if tag.removeprefix(TAG_NEGATION) not in TAGS]
    if bad:
        raise InvalidInput(
            f"unknown tag(s) {bad!r}",
            field="lens.tags",
            hint="tags: " + ", ".join(TAGS) + f" (prefix {TAG_NEGATION!r} to exclude)",
        )


def namespace_matches(namespace: str, path: str) -> bool:
    """`json` and `json/` match `json/decoder.py` (not `jsonx.py`); `a.py` matches `a.py`."""
    stem = namespace.rstrip("/")
    return path == stem or path.startswith(stem + "/")


def target_admitted(lens: Lens, label: str, path: str | None, tags: tuple[str, ...]) -> bool:
    """Whether the lens's target filters (node_types, namespaces, tags) keep this target."""
    if lens.node_types is not None and not (
        label in lens.node_types or (label == "file" and "module" in lens.node_types)
    ):
        return False
    if lens.namespaces is not None and (
        path is None or not any(namespace_matches(ns, path) for ns in lens.namespaces)
    ):
        return False
    if lens.tags is not None:
        wanted = [t for t in lens.tags if not t.startswith(TAG_NEGATION)]
        unwanted = [t.removeprefix(TAG_NEGATION) for t in lens.tags if t.startswith(TAG_NEGATION)]
        if wanted and not any(tag in tags for tag in wanted):
            return False
        if any(tag in tags for tag in unwanted):
            return False
    return True
