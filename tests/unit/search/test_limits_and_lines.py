from __future__ import annotations

from coderooms.core.chunks import chunk_text
from coderooms.core.clamps import Clamps
from coderooms.search.limits import SEARCH_TOP_K_MAX, SEARCH_TOP_K_MIN
from coderooms.search.lines import ChunkText, FileLines, split_lines


def test_clamps_report_only_changes() -> None:
    clamps = Clamps()
    assert clamps.clamp("top_k", 10, SEARCH_TOP_K_MIN, SEARCH_TOP_K_MAX) == 10
    assert clamps.clamp("top_k", 0, SEARCH_TOP_K_MIN, SEARCH_TOP_K_MAX) == 1
    assert clamps.clamp("context_lines", 99, 0, 10) == 10
    assert clamps.as_dict() == {
        "top_k": {"requested": 0, "used": 1, "min": 1, "max": 500},
        "context_lines": {"requested": 99, "used": 10, "min": 0, "max": 10},
    }


def test_split_lines_like_grep() -> None:
    assert split_lines("a\nb\r\n\n") == ["a", "b\r", ""]
    assert split_lines("no newline") == ["no newline"]


def test_file_lines_rebuild_every_line_including_long_ones() -> None:
    long_line = "é" * 20_000 + "END"
    text = "first\n" + "x\n" * 9000 + long_line + "\nlast"
    chunks = chunk_text(text)
    assert len(chunks) > 3
    lines = FileLines()
    for seq, (start, end, body) in reversed(list(enumerate(chunks))):
        lines.add(ChunkText("c", seq, start, end, body))
    expected = text.split("\n")
    # asked out of order, twice: a chunk split on the first ask answers the later ones
    numbers = list(range(len(expected), 0, -1)) + list(range(1, len(expected) + 1, 7))
    assert [lines.get(n) for n in numbers] == [expected[n - 1] for n in numbers]
    assert [lines.get(n) for n in range(1, len(expected) + 1)] == expected
    assert all(lines.has(n) for n in range(1, len(expected) + 1))
    assert lines.get(len(expected) + 1) is None
    assert not lines.has(len(expected) + 1)
    assert lines.get(0) is None
