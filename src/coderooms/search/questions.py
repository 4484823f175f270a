"""What `search`, `glob` and `view` are asked (`budget.Question`): the arguments that choose the
list a cursor is an offset into, not the page size or the budget. Their cursors carry its
digest, so a cursor of another question (another verb, other arguments) or a bare offset is
refused (`invalid_input`, `field: cursor`) instead of being read into a list it never was an
offset into.

`search`: the query, mode, path_glob, language, repo and count_only; not top_k (the page) nor
context_lines (the lines shown around each hit, not which hits; a cursor counts hits).
`glob`: the pattern and repo; not top_k. `view` (and each `batch_view` item): the file, as the
repo and path it resolved to; the cursor is a line of that file, so any range of it may go on
from there (`batch_view`'s cursors go on in `view`), and `symbols` does not choose the text.
The file is known only once the repo is resolved, so `view` reads the cursor's line first
(`budget.cursor_parts`) and checks its digest against the file it read."""

from __future__ import annotations

from coderooms.search.requests import GlobArguments, SearchArguments
from coderooms.verbs.budget import Question


def search_question(r: SearchArguments) -> Question:
    return Question.of(
        "search",
        query=r.query,
        mode=r.mode,
        path_glob=r.path_glob,
        language=r.language,
        repo=r.repo,
        count_only=r.count_only,
    )


def glob_question(r: GlobArguments) -> Question:
    return Question.of("glob", pattern=r.pattern, repo=r.repo)


def view_question(repo: str, path: str) -> Question:
    return Question.of("view", repo=repo, path=path)
