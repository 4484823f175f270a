"""Issue 30's question benchmark: the calls an agent makes are the sets' own calls rewritten by
one rule per kind (the same for every set), and an answer's rows grouped under a file's path
are read with that path."""

from __future__ import annotations

import json

from benchmarks.questions import attrs, immer, marshmallow, urfave_cli
from benchmarks.questions.calls import agent_calls
from benchmarks.questions.model import Question, at
from benchmarks.questions.run import judge, readable


def test_each_kind_is_rewritten_by_its_rule() -> None:
    both = Question("q", [("seek", {"query": "f"}), ("impact", {"symbol": "f", "depth": 1})],
                    [], [], kind="definition and callers")  # fmt: skip
    assert agent_calls(both) == [("impact", {"symbol": "f", "depth": 1, "sections": ["callers"]})]
    tests = Question("q", [("impact", {"symbol": "f"})], [], [], kind="tests of a symbol")
    assert agent_calls(tests) == [("impact", {"symbol": "f", "sections": ["tests"]})]
    code = Question("q", [("seek", {"query": "A.b"}), ("view", {"path": "a.py"})], [], [],
                    kind="code of a symbol")  # fmt: skip
    assert agent_calls(code) == [("view", {"symbol": "A.b"})]
    prose = Question("q", [("search", {"query": "words", "mode": "semantic"})], [], [],
                     kind="a function described in prose")  # fmt: skip
    assert agent_calls(prose) == [("seek", {"query": "words"})]
    same = Question("q", [("seek", {"query": "g"}), ("impact", {"symbol": "r:a.py::g",
                    "depth": 1}), ("impact", {"symbol": "r:b.py::C.g", "depth": 1})], [], [],
                    kind="same-named symbols")  # fmt: skip
    assert agent_calls(same) == [("impact", {"symbol": "g", "depth": 1, "sections": ["callers"]})]
    imports = Question("q", [("surgical_context", {"path": "a.go"}), ("search", {"query": "p"})],
                       [], [], kind="imports and importers")  # fmt: skip
    assert agent_calls(imports) == [
        ("surgical_context", {"path": "a.go", "sections": ["imports", "importers"]}),
        ("search", {"query": "p"}),
    ]
    text = Question("q", [("search", {"query": "x"})], [], [], kind="find a text")
    assert agent_calls(text) == [("search", {"query": "x"})]


def test_every_set_has_calls_for_every_question() -> None:
    for module in (marshmallow, attrs, urfave_cli, immer):
        for question in module.QUESTIONS:
            calls = agent_calls(question)
            assert calls
            assert all(isinstance(args, dict) for _, args in calls)


def test_rows_under_a_path_are_read_with_it() -> None:
    answer = {"repo": "r", "hits": {"src/a.py": ["12: x = 1", "40: y"]}, "total": 2}
    text = readable(json.dumps(answer))
    assert "src/a.py:12: x = 1" in text.splitlines()
    question = Question("q", [], [], [at("src/a.py", 40)])
    assert judge([json.dumps(answer)], question) == "right"


def test_names_under_a_directory_are_read_as_its_paths() -> None:
    answer = {"repo": "r", "files": {"./": ["README.md (3 lines)"], "src/p/": ["a.py (9 lines)"]}}
    lines = readable(json.dumps(answer)).splitlines()
    assert "README.md (3 lines)" in lines
    assert "src/p/a.py (9 lines)" in lines
    question = Question("q", [], [], ["src/p/a.py"])
    assert judge([json.dumps(answer)], question) == "right"
