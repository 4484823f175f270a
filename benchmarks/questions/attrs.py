"""attrs (Python): a REPORT set, never tuned against. Truth written from the code and `git log`
at the commit, before coderooms was asked."""

from __future__ import annotations

from benchmarks.questions.model import (
    Corpus,
    Question,
    any_of,
    at,
    callers,
    co_change,
    co_changes,
    file,
    named,
    pages,
    reads,
)

CORPUS = Corpus(
    name="attrs",
    url="https://github.com/python-attrs/attrs",
    commit="c1dc5dcba16ed827aa6dcad896b41a3afedb4e32",
    languages=("python",),
    split="report",
    lines="21k lines of Python (src 7.5k)",
)

MAKE = "src/attr/_make.py"
VALIDATORS = "src/attr/validators.py"
SETTERS = "src/attr/setters.py"
FUNCS = "src/attr/_funcs.py"
NEXT_GEN = "src/attr/_next_gen.py"

QUESTIONS = [
    Question(
        "Where is _compile_and_eval defined and who calls it?",
        [
            ("seek", {"query": "_compile_and_eval"}),
            ("impact", {"symbol": "_compile_and_eval", "depth": 1}),
        ],
        [callers(r"_compile_and_eval\(", "src tests", "python")],
        [
            at(MAKE, 217),
            at(MAKE, 261),
            at(MAKE, 1723),
            at(MAKE, 1843),
            at(MAKE, 1917),
            at("tests/test_dunders.py", 120),
            "_linecache_and_compile",
            "_add_hash",
            "_add_eq",
            "_add_repr",
            "_add_init",
        ],
        kind="definition and callers",
        usual=[
            "git grep -n _compile_and_eval",
            *reads(MAKE, (231, 261), (1716, 1723), (1835, 1843), (1909, 1917)),
            *reads("tests/test_dunders.py", (93, 120)),
        ],
        note="_make.py:217; called by _linecache_and_compile, _add_hash, _add_eq, _add_repr "
        "and the test helper _add_init (tests/test_dunders.py)",
    ),
    Question(
        "What breaks if I change _linecache_and_compile? (its callers, and theirs)",
        [("impact", {"symbol": "_linecache_and_compile"})],
        [
            callers(r"_linecache_and_compile\(", "src", "python"),
            callers(r"_make_cached_property_getattr\(|_eval_snippets\(", "src", "python"),
        ],
        [
            at(MAKE, 556),
            at(MAKE, 791),
            "_make_cached_property_getattr",
            "_eval_snippets",
            at(MAKE, 942),
            at(MAKE, 806),
            "_create_slots_class",
            "build_class",
        ],
        kind="callers to depth 2",
        usual=[
            "git grep -n _linecache_and_compile",
            *reads(MAKE, (509, 556), (782, 791)),
            "git grep -n _make_cached_property_getattr",
            "git grep -n _eval_snippets",
            *reads(MAKE, (800, 806), (859, 942)),
        ],
        note="depth 1: _make_cached_property_getattr, _ClassBuilder._eval_snippets (a call on "
        "self); depth 2: _ClassBuilder._create_slots_class, _ClassBuilder.build_class",
    ),
    Question(
        "Which tests cover resolve_types?",
        [("impact", {"symbol": "resolve_types"})],
        ["grep -rlw resolve_types tests"],
        [
            file("tests/test_annotations.py"),
            file("tests/test_forward_references.py"),
            file("tests/test_hooks.py"),
            file("tests/test_make.py"),
        ],
        kind="tests of a symbol",
        usual=["git grep -n resolve_types"],
        note="called as attr.resolve_types, and from attrs (which re-exports attr's) in "
        "test_forward_references.py",
    ),
    Question(
        "Show me the code of _ClassBuilder.add_setattr.",
        [
            ("seek", {"query": "_ClassBuilder.add_setattr"}),
            ("view", {"path": MAKE, "start_line": 1174, "end_line": 1224}),
        ],
        [f"sed -n '/    def add_setattr/,/^    def /p' {MAKE}"],
        [
            r"on_setattr = a\.on_setattr or self\._on_setattr",
            "Generator on_setattr hook yielded more than once",
            r"self\._wrote_own_setattr = True",
        ],
        kind="code of a symbol",
        usual=["git grep -n add_setattr", *pages(MAKE, 1174, 1224)],
    ),
    Question(
        f"Before I edit {FUNCS}: what uses it, which tests, what changes with it?",
        [("surgical_context", {"path": FUNCS})],
        ["grep -rlE '_funcs import|attr\\._funcs' src tests", co_changes(FUNCS, 3)],
        [
            file("src/attr/__init__.py"),
            file(NEXT_GEN),
            file("src/attr/_version_info.py"),
            file("tests/test_funcs.py"),
            co_change("tests/test_funcs.py"),
            co_change(MAKE),
            co_change("tests/test_make.py"),
        ],
        kind="before editing a file",
        usual=["git grep -n _funcs", co_changes(FUNCS, 15)],
        note="imported by attr/__init__.py, _next_gen.py, _version_info.py; tested by "
        "tests/test_funcs.py; co-changes over its history: tests/test_funcs.py 31, _make.py 28, "
        "tests/test_make.py 13 commits",
    ),
    Question(
        'Find the text "Can\'t combine custom __setattr__".',
        [("search", {"query": "Can't combine custom __setattr__"})],
        ['grep -rn "Can\'t combine custom __setattr__" src tests'],
        [at(MAKE, 1190), at("tests/test_setattr.py", 578)],
        kind="find a text",
        usual=['git grep -n "Can\'t combine custom __setattr__"'],
    ),
    Question(
        "Which module-level functions of validators.py take a single argument named val? "
        "(regex ^def \\w+\\(val\\))",
        [("search", {"query": r"^def \w+\(val\)", "mode": "regex", "path_glob": VALIDATORS})],
        [f"grep -HnE '^def \\w+\\(val\\)' {VALIDATORS}"],
        [at(VALIDATORS, line) for line in (479, 494, 509, 524, 539)],
        kind="regex search",
        usual=[f"git grep -nE '^def \\w+\\(val\\)' -- {VALIDATORS}"],
    ),
    Question(
        "Which files make up the attrs package (src/attrs)?",
        [("glob", {"pattern": "src/attrs/**"})],
        ["find src/attrs -name '*.py' | sort"],
        [
            file(f"src/attrs/{name}.py")
            for name in ("__init__", "converters", "exceptions", "filters", "setters", "validators")
        ],
        kind="files of a package",
        usual=["git ls-files src/attrs"],
    ),
    Question(
        f"Which of attrs' modules does {NEXT_GEN} import, and which files import it?",
        [("surgical_context", {"path": NEXT_GEN})],
        [f"grep -nE '^from \\.|^import ' {NEXT_GEN}", "grep -rlE '_next_gen' src tests"],
        [
            r"(?:[./]|import )setters\b",
            r"[./]_funcs\b",
            r"[./]_make\b",
            r"[./]exceptions\b",
            file("src/attr/__init__.py"),
            file("src/attrs/__init__.py"),
        ],
        kind="imports and importers",
        usual=[f"sed -n 1,30p {NEXT_GEN}", "git grep -n _next_gen"],
    ),
    Question(
        "Find the function that frozen classes get as their __setattr__, the one that refuses "
        "every assignment (but a few exception attributes).",
        [
            (
                "search",
                {
                    "query": "frozen class __setattr__ that refuses assignment",
                    "mode": "semantic",
                },
            )
        ],
        ["grep -n 'def .*frozen' src/attr/*.py"],
        [at(MAKE, 561), "_frozen_setattrs"],
        kind="a function described in prose",
        usual=["git grep -n -i frozen -- src", *pages(MAKE, 561, 575)],
    ),
    Question(
        "pipe is defined in more than one place (not counting .pyi stubs): where is each, and "
        "what in src/ calls each one?",
        [
            ("seek", {"query": "pipe"}),
            ("impact", {"symbol": "{repo}:src/attr/_make.py::pipe", "depth": 1}),
            ("impact", {"symbol": "{repo}:src/attr/setters.py::pipe", "depth": 1}),
        ],
        [callers(r"pipe\(", "--include='*.py' src/attr", "python")],
        [
            at(MAKE, 3404),
            at(SETTERS, 11),
            at(MAKE, 57),
            any_of(at(MAKE, 189), at(MAKE, 195)),
            at(MAKE, 1476),
            at(MAKE, 2894),
            r"\battrib\b",
            named("_CountingAttr", "converter"),
        ],
        kind="same-named symbols",
        usual=[
            "git grep -n 'def pipe'",
            "git grep -n 'pipe('",
            f"git grep -n '^class ' -- {MAKE}",
            *reads(MAKE, (104, 189), (104, 195), (1353, 1476), (2878, 2894)),
        ],
        note="_make.pipe (converters; re-exported by converters.py) is called by attrib "
        "(_make.py:195) and _CountingAttr.converter (2894); setters.pipe by _make.py:57 (module "
        "level), attrib (189) and attrs (1476)",
    ),
    Question(
        "Where is the validator validators.positive defined, and who uses it?",
        [
            ("seek", {"query": "validators.positive"}),
            ("search", {"query": "positive", "path_glob": "src/"}),
        ],
        ["grep -rn 'def positive' src"],
        [],
        kind="nothing to find",
        usual=["git grep -n positive"],
        wrong=[r"\bdef positive\b", r"validators\.pyi?[:-]\d+[^\n]*\bpositive\b"],
        note="attrs has no such validator (lt, le, ge, gt, ne, min_len, max_len...); "
        "'positive' appears only in docs and test names",
    ),
]
