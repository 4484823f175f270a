"""C#, one package: `extract` (the extractor) and `branches` (the `#elif`/`#else` branches, read
as further programs of the same file), `rules` (`CSharpRules`), `namespaces` (what `using`
brings into scope, the fully qualified names a name may be), `requests` (C#'s lookup of a name)
and its record, `LANGUAGE` (the registry, `ingest.languages.registry`, lists it)."""

from coderooms.languages.csharp import branches, extract
from coderooms.languages.csharp.rules import CSharpRules
from coderooms.languages.language import Language, Syntax


def _csharp_first(path: str, source: bytes) -> bytes:
    return extract.first_branches(source)  # one branch of each `#if`


LANGUAGE = Language(
    "csharp",
    CSharpRules("csharp", "csharp"),
    Syntax(
        ("tree_sitter_c_sharp", "language"),
        extract.QUERY,
        extract.extract,
        first_reading=_csharp_first,
        other_branches=branches.other_branches,
    ),
    (".cs",),
)
