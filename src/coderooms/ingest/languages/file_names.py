"""A file's language from its name, and the name of its module symbol (see the registry's
docstring, `coderooms.ingest.languages`, for the naming rule)."""

from __future__ import annotations

from pathlib import PurePosixPath

_EXTENSIONS: dict[str, str] = {
    # deep languages
    ".py": "python",
    ".pyi": "python",
    ".pyw": "python",
    ".js": "javascript",
    ".mjs": "javascript",
    ".cjs": "javascript",
    ".jsx": "javascript",
    ".ts": "typescript",
    ".mts": "typescript",
    ".cts": "typescript",
    ".tsx": "tsx",
    ".go": "go",
    ".rs": "rust",
    ".java": "java",
    # text and other code kinds, no deep extraction
    ".md": "markdown",
    ".markdown": "markdown",
    ".mdx": "markdown",
    ".rst": "restructuredtext",
    ".txt": "text",
    ".text": "text",
    ".json": "json",
    ".jsonc": "json",
    ".json5": "json",
    ".jsonl": "json",
    ".ipynb": "json",
    ".yaml": "yaml",
    ".yml": "yaml",
    ".toml": "toml",
    ".ini": "ini",
    ".cfg": "ini",
    ".conf": "ini",
    ".properties": "properties",
    ".env": "dotenv",
    ".xml": "xml",
    ".html": "html",
    ".htm": "html",
    ".css": "css",
    ".scss": "scss",
    ".sass": "scss",
    ".less": "less",
    ".sh": "bash",
    ".bash": "bash",
    ".bats": "bash",
    ".zsh": "shell",
    ".fish": "shell",
    ".ps1": "powershell",
    ".bat": "batch",
    ".cmd": "batch",
    ".c": "c",
    ".h": "c",
    ".cc": "cpp",
    ".cpp": "cpp",
    ".cxx": "cpp",
    ".c++": "cpp",
    ".hh": "cpp",
    ".hpp": "cpp",
    ".hxx": "cpp",
    ".cs": "csharp",
    ".rb": "ruby",
    ".php": "php",
    ".kt": "kotlin",
    ".kts": "kotlin",
    ".scala": "scala",
    ".swift": "swift",
    ".m": "objective-c",
    ".mm": "objective-c",
    ".lua": "lua",
    ".pl": "perl",
    ".pm": "perl",
    ".r": "r",
    ".dart": "dart",
    ".ex": "elixir",
    ".exs": "elixir",
    ".erl": "erlang",
    ".hs": "haskell",
    ".ml": "ocaml",
    ".clj": "clojure",
    ".zig": "zig",
    ".jl": "julia",
    ".groovy": "groovy",
    ".gradle": "groovy",
    ".vue": "vue",
    ".svelte": "svelte",
    ".sql": "sql",
    ".graphql": "graphql",
    ".gql": "graphql",
    ".proto": "protobuf",
    ".tf": "terraform",
    ".cmake": "cmake",
    ".mk": "makefile",
    ".dockerfile": "dockerfile",
    ".csv": "csv",
    ".tsv": "csv",
    ".svg": "xml",
}

_FILENAMES: dict[str, str] = {
    "makefile": "makefile",
    "gnumakefile": "makefile",
    "dockerfile": "dockerfile",
    "containerfile": "dockerfile",
    "cmakelists.txt": "cmake",
    "gemfile": "ruby",
    "rakefile": "ruby",
    "jenkinsfile": "groovy",
    "go.mod": "gomod",
    "go.sum": "text",
    "cargo.lock": "toml",
    "readme": "text",
    "license": "text",
    "licence": "text",
    "copying": "text",
    "authors": "text",
    "changelog": "text",
    "notice": "text",
    ".gitignore": "ignore",
    ".dockerignore": "ignore",
    ".gitattributes": "text",
    ".editorconfig": "ini",
    ".env": "dotenv",
    ".bashrc": "bash",
    ".zshrc": "shell",
    ".profile": "shell",
}

_DECLARATION_SUFFIXES = (".d.ts", ".d.mts", ".d.cts")
_INDEX_SUFFIXES = (".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx")
_PACKAGE_FILES = frozenset({"__init__.py", "__init__.pyi", "mod.rs", "lib.rs", "main.rs"})
_PACKAGE_FILES |= {"init.lua"}


def language_for_path(path: str) -> str | None:
    """The language of a file from its name: a deep language, a text kind, or None if unknown."""
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    lower = name.lower()
    by_name = _FILENAMES.get(lower)
    if by_name is not None:
        return by_name
    if lower.startswith(("dockerfile.", "containerfile.")):
        return "dockerfile"
    dot = lower.rfind(".")
    if dot <= 0:
        return None
    return _EXTENSIONS.get(lower[dot:])


def module_name(path: str) -> str:
    """The module symbol's name for `path` (see the module docstring)."""
    pure = PurePosixPath(path.replace("\\", "/"))
    file_name = pure.name
    stem = pure.stem
    if file_name.endswith(_DECLARATION_SUFFIXES):
        stem = file_name.rsplit(".", 2)[0]
    package_file = file_name in _PACKAGE_FILES or (
        stem == "index" and file_name.endswith(_INDEX_SUFFIXES)
    )
    if package_file and pure.parent.name:
        return pure.parent.name
    return stem or file_name
