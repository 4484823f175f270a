"""A Python file whose references look up more names than Neo4j's TEXT index takes in one value
(`File.ref_keys`, 57 KB for 3,000 `lib.name.attr.go()`) made its whole changeset fail; its keys
are now stored as ANY_KEY, which every changeset asking for keys finds (issue 29, class 4)."""

from __future__ import annotations

from coderooms.ingest.module_changes import ANY_KEY, MAX_REF_KEYS_CHARS, ref_keys_text
from coderooms.resolution.keys import encode_key


def test_keys_are_listed_while_they_fit() -> None:
    assert ref_keys_text(["b", "a", "@m", "a"]) == " @m a b "
    assert ref_keys_text([]) is None


def test_too_many_keys_are_stored_as_any_key() -> None:
    keys = [f"name_number_{i:06d}" for i in range(3000)]
    assert ref_keys_text(keys) == f" {ANY_KEY} "
    fitting = [f"k{i:05d}" for i in range(MAX_REF_KEYS_CHARS // 7 - 1)]
    assert ref_keys_text(fitting) == " " + " ".join(fitting) + " "


def test_no_real_key_is_written_as_any_key() -> None:
    assert encode_key(ANY_KEY) != ANY_KEY  # a name `%*` is written `%25*`
