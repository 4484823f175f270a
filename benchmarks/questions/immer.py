"""immer (TypeScript, tests in JavaScript and TypeScript): a REPORT set, never tuned against.
Truth written from the code and `git log` at the commit, before coderooms was asked. The sources
reach each other through one barrel (`src/internal.ts`); tests import `src/immer.ts`."""

from __future__ import annotations

from benchmarks.questions.model import (
    Corpus,
    Question,
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
    name="immer",
    url="https://github.com/immerjs/immer",
    commit="061c2425e1c9dff89e4e4189d42af1b7839dfe0a",
    languages=("typescript", "javascript"),
    split="report",
    lines="17k lines of TypeScript and JavaScript (src 3.3k)",
)

COMMON = "src/utils/common.ts"
PROXY = "src/core/proxy.ts"
MAPSET = "src/plugins/mapset.ts"
IMMER_CLASS = "src/core/immerClass.ts"
ENABLE_MAP_SET_TESTS = ("base.js", "current.js", "empty.ts", "frozen.js", "map-set.js",
                        "patch.js", "produce.ts", "readme.js", "regressions.js")  # fmt: skip
FROZEN_TEXT = (("src/utils/errors.ts", 13), ("__tests__/__snapshots__/frozen.js.snap", 3),
               ("__tests__/__snapshots__/frozen.js.snap", 5),
               ("__tests__/__snapshots__/frozen.js.snap", 7),
               ("__tests__/__snapshots__/frozen.js.snap", 9),
               ("__tests__/__snapshots__/frozen.js.snap", 11),
               ("__tests__/__snapshots__/frozen.js.snap", 13),
               ("__tests__/__snapshots__/readme.js.snap", 3), ("website/docs/map-set.md", 53),
               ("website/i18n/zh-CN/docusaurus-plugin-content-docs/current/map-set.md",
                53))  # fmt: skip
DIE_CALLS = (("src/core/current.ts", 17), ("src/core/finalize.ts", 35), (IMMER_CLASS, 99),
             (IMMER_CLASS, 100), (IMMER_CLASS, 134), (IMMER_CLASS, 153), (IMMER_CLASS, 167),
             (PROXY, 246), (PROXY, 252), (PROXY, 274), (PROXY, 284), (MAPSET, 340),
             (COMMON, 71), (COMMON, 279), ("src/utils/plugins.ts", 59))  # fmt: skip

QUESTIONS = [
    Question(
        "Where is handleCrossReference defined and who calls it?",
        [
            ("seek", {"query": "handleCrossReference"}),
            ("impact", {"symbol": "handleCrossReference", "depth": 1}),
        ],
        [callers(r"handleCrossReference\(", "src", "typescript")],
        [
            at("src/core/finalize.ts", 217),
            at(PROXY, 214),
            at("src/plugins/arrayMethods.ts", 231),
            at(MAPSET, 73),
            at(MAPSET, 251),
            "handleInsertedValues",
            named("DraftMap", "set"),
            named("DraftSet", "add"),
        ],
        kind="definition and callers",
        usual=[
            "git grep -n handleCrossReference",
            *reads(PROXY, (169, 214)),
            *reads("src/plugins/arrayMethods.ts", (223, 231)),
            *reads(MAPSET, (64, 73), (244, 251)),
            f"git grep -n 'class ' -- {MAPSET}",
        ],
        note="finalize.ts:217; called by the proxy's set trap (proxy.ts:214), "
        "handleInsertedValues (arrayMethods.ts:231), DraftMap.set and DraftSet.add (mapset.ts)",
    ),
    Question(
        "What breaks if I change getDescriptorFromProto? (its callers, and theirs)",
        [("impact", {"symbol": "getDescriptorFromProto"})],
        [
            callers(r"getDescriptorFromProto\(", "src", "typescript"),
            callers(r"readPropFromProto\(", "src", "typescript"),
        ],
        [at(PROXY, 174), at(PROXY, 315), "readPropFromProto", at(PROXY, 128)],
        kind="callers to depth 2",
        usual=[
            "git grep -n getDescriptorFromProto",
            *reads(PROXY, (169, 174), (314, 315)),
            "git grep -n readPropFromProto",
            *reads(PROXY, (111, 128)),
        ],
        note="depth 1: the set trap of objectTraps (proxy.ts:174) and readPropFromProto (315); "
        "depth 2: the get trap (128), through readPropFromProto; traps have no callers in code",
    ),
    Question(
        "Which tests cover original (the function that returns a draft's base value)?",
        [("impact", {"symbol": "original"})],
        ["grep -rlE '\\boriginal\\(' __tests__ --include='*.js' --include='*.ts'"],
        [
            file(f"__tests__/{name}")
            for name in ("original.js", "base.js", "current.js", "draft.ts", "type-external.ts")
        ],
        kind="tests of a symbol",
        usual=["git grep -n 'original(' -- __tests__"],
        note="defined in src/utils/common.ts:70, re-exported by src/immer.ts through "
        "src/internal.ts; the tests import it from src/immer (map-set.js and regressions.js "
        "import it without calling it)",
    ),
    Question(
        "Show me the code of shallowCopy.",
        [
            ("seek", {"query": "shallowCopy"}),
            ("view", {"path": COMMON, "start_line": 200, "end_line": 244}),
        ],
        [f"sed -n '/^export function shallowCopy/,/^}}/p' {COMMON}"],
        [
            r"if \(isArray\(base\)\) return Array\[PROTOTYPE\]\.slice\.call\(base\)",
            r"return \{\.\.\.base\} // assumption",
            r"return O\.assign\(obj, base\)",
        ],
        kind="code of a symbol",
        usual=["git grep -n 'function shallowCopy'", *pages(COMMON, 200, 244)],
    ),
    Question(
        f"Before I edit {MAPSET}: what uses it, which tests, what changes with it?",
        [("surgical_context", {"path": MAPSET})],
        [
            "grep -rlE 'plugins/mapset|enableMapSet' src __tests__ --include='*.ts' "
            "--include='*.js'",
            co_changes(MAPSET, 5),
        ],
        [
            file("src/immer.ts"),
            *(file(f"__tests__/{name}") for name in ENABLE_MAP_SET_TESTS),
            co_change("src/plugins/patches.ts"),
            co_change("__tests__/map-set.js"),
        ],
        kind="before editing a file",
        usual=["git grep -n 'mapset\\|enableMapSet'", co_changes(MAPSET, 15)],
        note="src/immer.ts re-exports enableMapSet; nine test files call it; co-changes over "
        "its history among files that exist now: src/plugins/patches.ts 16, package.json 11, "
        "__tests__/map-set.js 11 commits",
    ),
    Question(
        "Find the text 'This object has been frozen and should not be mutated'.",
        [("search", {"query": "This object has been frozen and should not be mutated"})],
        ["git grep -n 'This object has been frozen and should not be mutated'"],
        [at(path, line) for path, line in FROZEN_TEXT],
        kind="find a text",
        usual=["git grep -n 'This object has been frozen and should not be mutated'"],
        note="the message in errors.ts, the test snapshots that hold it, the docs (two languages)",
    ),
    Question(
        "Find every call of die with a literal error number in src (regex die\\([0-9]+).",
        [("search", {"query": r"die\([0-9]+", "mode": "regex", "path_glob": "src/"})],
        ["grep -rnE 'die\\([0-9]+' src"],
        [at(path, line) for path, line in DIE_CALLS],
        kind="regex search",
        usual=["git grep -nE 'die\\([0-9]+' -- src"],
    ),
    Question(
        "Which files make up src/core?",
        [("glob", {"pattern": "src/core/**"})],
        ["find src/core -type f | sort"],
        [
            file(f"src/core/{name}.ts")
            for name in ("current", "finalize", "immerClass", "proxy", "scope")
        ],
        kind="files of a package",
        usual=["git ls-files src/core"],
    ),
    Question(
        f"What does {COMMON} import, and which files import it?",
        [("surgical_context", {"path": COMMON})],
        [f"grep -n 'from \"' {COMMON}", "grep -rlE 'utils/common\"' src __tests__"],
        [r"(?:src/|\.\./)internal\b", file("src/internal.ts"), file("__tests__/map-set.js")],
        kind="imports and importers",
        usual=[f"sed -n 1,20p {COMMON}", "git grep -n 'utils/common'"],
        note="it imports ../internal (the barrel), which re-exports it (export *); "
        "__tests__/map-set.js imports it directly",
    ),
    Question(
        "Which function replaces set, add, clear and delete on a frozen Map or Set so that "
        "calling them throws?",
        [
            (
                "search",
                {
                    "query": "throw when set add clear delete are called on a frozen Map or Set",
                    "mode": "semantic",
                },
            )
        ],
        ["grep -rnE 'clear: ' src", "grep -rn dontMutate src"],
        [at(COMMON, 278), "dontMutateFrozenCollections"],
        kind="a function described in prose",
        usual=["git grep -n -i frozen -- src", *pages(COMMON, 278, 280)],
        note="freeze (common.ts:254) defines set/add/clear/delete as dontMutateMethodOverride, "
        "whose value is dontMutateFrozenCollections (278), which calls die(2)",
    ),
    Question(
        "produce is defined in more than one place: where is each, and what in src/ calls the "
        "Immer class's produce?",
        [("seek", {"query": "produce"}), ("impact", {"symbol": "Immer.produce", "depth": 1})],
        [callers(r"[. \t]produce[ (:]|\.produce$", "src", "typescript")],
        [
            at(IMMER_CLASS, 83),
            at("src/immer.ts", 48),
            at(IMMER_CLASS, 145),
            at(IMMER_CLASS, 228),
            "produceWithPatches",
            "applyPatches",
        ],
        kind="same-named symbols",
        usual=["git grep -n produce -- src", *reads(IMMER_CLASS, (137, 145), (205, 228))],
        note="Immer.produce, a class field holding an arrow (immerClass.ts:83), and the exported "
        "const produce = immer.produce (immer.ts:48); Immer.produceWithPatches (145) and "
        "Immer.applyPatches (228) call this.produce, the curried form calls self.produce (95)",
    ),
    Question(
        "Where is enableES5 defined, and who calls it?",
        [("seek", {"query": "enableES5"}), ("search", {"query": "enableES5"})],
        ["grep -rn enableES5 src __tests__"],
        [],
        kind="nothing to find",
        usual=["git grep -n enableES5"],
        wrong=[r"\.(?:ts|js|mjs|tsx)[:-]\d+[^\n]*enableES5"],
        note="the ES5 plugin is gone (src/plugins/es5.ts was deleted); only the docs mention it",
    ),
]
