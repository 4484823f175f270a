"""Hostile and generated files, made when needed (never committed): each of these once stopped a
whole repository's ingest (issue 29, class 4)."""

from __future__ import annotations

import random

MINIFIED_BYTES = 2 * 1024 * 1024 - 4096
"""Just under the size cap (`core.files.MAX_FILE_BYTES`): a bundle that is ingested."""


def nested_functions(count: int = 5000) -> str:
    """`function f0(){function f1(){...}}`: 215 KB at 5,000, each qualname the whole chain."""
    return "".join(f"function f{i}(){{" for i in range(count)) + "return 1;" + "}" * count + "\n"


def call_chain(size: int = 300 * 1024) -> str:
    """`x=f(f(f(...1)));` of `size` bytes: 100,000 calls nested in one another."""
    depth = (size - 4) // 3
    return "x=" + "f(" * depth + "1" + ")" * depth + ";\n"


def minified_bundle(size: int = MINIFIED_BYTES, seed: int = 1) -> str:
    """One line of minified JavaScript: functions, object literals, calls between them."""
    pick = random.Random(seed)
    parts: list[str] = []
    total = i = 0
    while True:
        i += 1
        back = max(1, i - pick.randrange(1, 4))
        part = pick.choice(
            (
                f"function a{i}(b){{return b+{i}}}",
                f'var o{i}={{k{i}:{i},n:"s{i}",f:function(x){{return a{back}(x)}}}};',
                f"function c{i}(d,e){{var t=d.m{i}(e);return t?t.v:c{back}(e,d)}}",
                f"u.p{i}=function(q){{return a{back}(q)+{i}}};",
            )
        )
        if total + len(part) >= size:
            return "".join(parts) + "\n"
        parts.append(part)
        total += len(part)


def deep_json(depth: int = 10_000, name: str = "deep") -> str:
    """A `package.json` whose `a` nests `depth` objects."""
    return f'{{"name":"{name}","a":' + '{"a":' * depth + "1" + "}" * depth + "}\n"


def pathological_gitignore() -> str:
    """Lines pathspec cannot compile, a 5,000-character one, and 50,000 patterns (more than
    RE2 compiles as one set), around one ordinary pattern that must still apply."""
    bad = ["\\", "!", "a\\", "[", "a/**/" * 1000 + "b", "*.log"]
    many = [f"generated_{i}/**/*.tmp{i}" for i in range(50_000)]
    return "\n".join(bad + many) + "\n"


def long_names(length: int = 9000) -> str:
    """A Python class whose name (and so its id) is longer than Neo4j indexes, a method in it,
    and a call through a name as long."""
    name = "C" * length
    return (
        f"class {name}:\n"
        "    def method(self):\n"
        "        return helper()\n\n\n"
        f"def caller():\n    return {'x' * length}.go()\n"
    )


def many_lookups(count: int = 3000) -> str:
    """A Python function whose references look `count` names up in a module of the repo: more
    keys (`File.ref_keys`) than Neo4j's TEXT index takes in one value."""
    calls = "".join(f"    lib.name_number_{i:06d}.attr.go()\n" for i in range(count))
    return "import lib\n\n\ndef caller():\n" + calls
