"""The arguments of graph retrieval's verbs (`seek`, `activate`, `heuristics_surface`), each
described for the tool listing; the adapter (`graph_tools`) reads them once."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import Field

from coderooms.retrieval.graph_limits import (
    ACTIVATE_DECAY_DEFAULT,
    ACTIVATE_EXPAND_DEFAULT,
    ACTIVATE_EXPAND_MAX,
    ACTIVATE_HOPS_DEFAULT,
    ACTIVATE_HOPS_MAX,
    ACTIVATE_SEEDS_MAX,
    ACTIVATE_THRESHOLD_DEFAULT,
    ACTIVATE_TOP_K_DEFAULT,
    ACTIVATE_TOP_K_MAX,
    SEEK_TOP_K_DEFAULT,
)
from coderooms.verbs.arguments import RepoArg
from coderooms.verbs.budget import (
    MAX_TOKENS_DEFAULT,
    CursorArg,
    MaxTokensArg,
)


@dataclass(frozen=True, slots=True)
class SeekArguments:
    """The arguments of `seek`."""

    query: Annotated[
        str,
        Field(description="A name, or words."),
    ]
    repo: RepoArg = None
    path_glob: Annotated[str | None, Field()] = None
    language: Annotated[str | None, Field()] = None
    kinds: Annotated[
        list[str] | None, Field(description="class, function, method, interface, variable, module.")
    ] = None
    top_k: Annotated[int, Field()] = SEEK_TOP_K_DEFAULT
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    cursor: CursorArg = None


@dataclass(frozen=True, slots=True)
class ActivateArguments:
    """The arguments of `activate`."""

    seeds: Annotated[
        list[str] | None,
        Field(
            description=f"Symbol or file ids to start from (at most {ACTIVATE_SEEDS_MAX}); "
            "or give query instead."
        ),
    ] = None
    query: Annotated[
        str | None,
        Field(description="Text whose top seek hits become the seeds (instead of seeds)."),
    ] = None
    repo: Annotated[
        str | None, Field(description="Repo id for the query's seek (with query only).")
    ] = None
    max_hops: Annotated[int, Field(description=f"Hops to spread (1..{ACTIVATE_HOPS_MAX}).")] = (
        ACTIVATE_HOPS_DEFAULT
    )
    max_nodes_expanded: Annotated[
        int,
        Field(description=f"Most nodes whose neighbours are read (1..{ACTIVATE_EXPAND_MAX})."),
    ] = ACTIVATE_EXPAND_DEFAULT
    min_activation: Annotated[
        float, Field(description="Nodes below this activation are dropped (0.0001..1).")
    ] = ACTIVATE_THRESHOLD_DEFAULT
    decay: Annotated[float, Field(description="Factor applied per hop (0.05..1).")] = (
        ACTIVATE_DECAY_DEFAULT
    )
    top_k: Annotated[int, Field(description=f"Most nodes returned (1..{ACTIVATE_TOP_K_MAX}).")] = (
        ACTIVATE_TOP_K_DEFAULT
    )
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    cursor: CursorArg = None


@dataclass(frozen=True, slots=True)
class HeuristicsArguments:
    """The arguments of `heuristics_surface`."""

    node_id: Annotated[str, Field(description="Symbol id (from seek, activate or view).")]
    query: Annotated[
        str | None, Field(description="The seek query to explain the symbol's score for.")
    ] = None
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    cursor: CursorArg = None
