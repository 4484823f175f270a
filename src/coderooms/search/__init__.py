"""The search room: text search. Indexed literal/regex search over `:Chunk` text
(`text_search`), `glob` over file paths (`glob_files`), and `view`/`batch_view` of file text as
the graph holds it (`view`); their limits (`limits`), their arguments (`requests`) and their
MCP adapter (`tools`, wired by `server.py`). Every verb here is read-only. Graph retrieval
(`seek`, `activate`, `heuristics_surface`) is the room beside it, `coderooms.retrieval`. See
docs/search.md.

Its face, what other rooms take from it: which repos a call covers (`resolve_repos`; the `repo`
argument is `coderooms.verbs.arguments.RepoArg`), the path patterns every path filter uses
(`compile_path_pattern`), the answer rows the model reads (`seek_answer`), and lines of a file
as the graph holds them (`fetch_line_ranges`, `FileLines`).
"""

from coderooms.search.answers import seek_answer
from coderooms.search.lines import FileLines, fetch_line_ranges
from coderooms.search.path_glob import PathPattern, compile_path_pattern
from coderooms.search.scope import resolve_repos

__all__ = [
    "FileLines",
    "PathPattern",
    "compile_path_pattern",
    "fetch_line_ranges",
    "resolve_repos",
    "seek_answer",
]
