"""What `seek` and `activate` are asked (`budget.Question`): the arguments that choose the ranked
list, not the page or the budget. Their cursors carry its digest, so a cursor of another
question (another verb, other arguments) is refused (`invalid_input`, `field: cursor`) instead of
being read as an offset into a list it never was an offset into."""

from __future__ import annotations

from coderooms.retrieval.requests import ActivateArguments, SeekArguments
from coderooms.verbs.budget import Question


def seek_question(r: SeekArguments) -> Question:
    """The query and its filters; `top_k` is the page (a cursor goes on whatever its size)."""
    return Question.of(
        "seek",
        query=r.query,
        repo=r.repo,
        path_glob=r.path_glob,
        language=r.language,
        kinds=None if r.kinds is None else list(r.kinds),
    )


def activate_question(r: ActivateArguments) -> Question:
    """The seeds (or query) and every knob of the spread, `top_k` too: they choose the results
    the budget then pages."""
    return Question.of(
        "activate",
        seeds=None if r.seeds is None else list(r.seeds),
        query=r.query,
        repo=r.repo,
        max_hops=r.max_hops,
        max_nodes_expanded=r.max_nodes_expanded,
        min_activation=r.min_activation,
        decay=r.decay,
        top_k=r.top_k,
    )
