"""Everything about one language, and the kit they are read with: `language` (the record each
language is: its `Syntax` and its `resolution.rules.Rules`), `parsing` (the parse engine, the
Collector and the helpers that name no language), `file_kinds` (the files read as text only)
and `test_paths` (which files are tests). A floor: it imports only itself, `resolution`,
`core` and `errors`.

Its face, what the rooms take from it: which files are tests (`TEST_PATH_PATTERN`,
`is_test_path`)."""

from coderooms.languages.test_paths import TEST_PATH_PATTERN, is_test_path

__all__ = ["TEST_PATH_PATTERN", "is_test_path"]
