"""marshmallow (Python): the TUNE set. Truth written from the code and `git log` at the commit."""

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
    name="marshmallow",
    url="https://github.com/marshmallow-code/marshmallow",
    commit="341b927f219205704728c05cd61f04d7e9727523",
    languages=("python",),
    split="tune",
    lines="16k lines of Python (src 5.1k)",
)

SCHEMA = "src/marshmallow/schema.py"
FIELDS = "src/marshmallow/fields.py"
UTILS = "src/marshmallow/utils.py"
FIELD_SUBCLASSES = (486, 490, 736, 802, 886, 935, 1123, 1220, 1437, 1541, 1746, 1805, 1863,
                    1936, 1998, 2061, 2086)  # fmt: skip
MODULES = ("__init__", "base", "class_registry", "decorators", "error_store", "exceptions",
           "fields", "orderedset", "schema", "types", "utils", "validate", "warnings")  # fmt: skip

QUESTIONS = [
    Question(
        "Where is resolve_field_instance defined and who calls it?",
        [
            ("seek", {"query": "resolve_field_instance"}),
            ("impact", {"symbol": "resolve_field_instance", "depth": 1}),
        ],
        [callers(r"resolve_field_instance\(", "src", "python")],
        [
            at(UTILS, 350),
            at(FIELDS, 761),
            at(FIELDS, 834),
            any_of(at(FIELDS, 1571), at(FIELDS, 1582)),
            at(FIELDS, 1904),
            named("List", "__init__"),
            named("Tuple", "__init__"),
            named("Mapping", "__init__"),
            named("Enum", "__init__"),
        ],
        kind="definition and callers",
        usual=[
            "git grep -n resolve_field_instance",
            f"git grep -n '^class ' -- {FIELDS}",
            *reads(FIELDS, (758, 761), (825, 834), (1560, 1571), (1560, 1582), (1881, 1904)),
        ],
        note="utils.py:350; calls in List/Tuple/Mapping/Enum.__init__ of fields.py",
    ),
    Question(
        "What breaks if I change ErrorStore.store_error? (its callers, and theirs)",
        [("impact", {"symbol": "ErrorStore.store_error"})],
        [
            callers(r"store_error\(", "src", "python"),
            callers(r"_call_and_store\(|self\._deserialize\(|_run_validator\(", SCHEMA, "python"),
        ],
        [
            at(SCHEMA, 499),
            any_of(at(SCHEMA, 610), at(SCHEMA, 628), at(SCHEMA, 684)),
            at(SCHEMA, 776),
            "_call_and_store",
            "_deserialize",
            "_run_validator",
            any_of(at(SCHEMA, 1123), at(SCHEMA, 1138)),
            at(SCHEMA, 861),
            any_of(at(SCHEMA, 1168), at(SCHEMA, 1179)),
            "_invoke_field_validators",
            "_do_load",
            "_invoke_schema_validators",
        ],
        kind="callers to depth 2",
        usual=[
            "git grep -n store_error",
            *reads(SCHEMA, (486, 499), (577, 610), (577, 628), (577, 684), (758, 776)),
            "git grep -n _call_and_store",
            "git grep -n '_deserialize('",
            "git grep -n _run_validator",
            *reads(SCHEMA, (810, 861), (1101, 1123), (1101, 1138), (1147, 1168), (1147, 1179)),
        ],
        note="depth 1: Schema._call_and_store, _deserialize, _run_validator (error_store is a "
        "parameter, untyped in two of them); depth 2: _invoke_field_validators, _do_load, "
        "_invoke_schema_validators",
    ),
    Question(
        "Which tests cover Schema.from_dict?",
        [("impact", {"symbol": "Schema.from_dict"})],
        ["grep -rln from_dict tests"],
        ["tests/test_schema.py", "tests/test_fields.py"],
        kind="tests of a symbol",
        usual=["git grep -n from_dict"],
        note="test_schema.py calls it; test_fields.py reaches it through Nested.schema "
        "(fields.py:595, a Nested given a dict)",
    ),
    Question(
        "Show me the code of Schema._invoke_field_validators.",
        [
            ("seek", {"query": "Schema._invoke_field_validators"}),
            ("view", {"path": SCHEMA, "start_line": 1101, "end_line": 1145}),
        ],
        [f"sed -n '/def _invoke_field_validators/,/^    def /p' {SCHEMA}"],
        [
            r"for attr_name, _, validator_kwargs in self\._hooks\[VALIDATES\]",
            r"\bdata\.pop\(field_name, None\)",
        ],
        kind="code of a symbol",
        usual=["git grep -n _invoke_field_validators", *pages(SCHEMA, 1101, 1145)],
    ),
    Question(
        "Before I edit src/marshmallow/validate.py: what uses it, which tests, what changes "
        "with it?",
        [("surgical_context", {"path": "src/marshmallow/validate.py"})],
        [
            "grep -rlE 'from marshmallow(\\.validate)? import .*validate|import marshmallow"
            "\\.validate' src tests",
            co_changes("src/marshmallow/validate.py", 3),
        ],
        [
            file(FIELDS),
            file("tests/test_validate.py"),
            file("tests/test_deserialization.py"),
            co_change(FIELDS),
            co_change(SCHEMA),
            co_change("tests/test_validate.py"),
        ],
        kind="before editing a file",
        usual=[
            "git grep -n 'import.*validate'",
            co_changes("src/marshmallow/validate.py", 15),
        ],
        note="imported by fields.py, tests/base.py, test_deserialization.py, test_validate.py "
        "(and examples/peewee_example.py); co-changes over its history: fields.py 24, "
        "schema.py 18, tests/test_validate.py 16 commits",
    ),
    Question(
        "Find the text 'Unknown field.'",
        [("search", {"query": "Unknown field."})],
        ["grep -rn 'Unknown field\\.' src tests"],
        [
            at(SCHEMA, 313),
            at("tests/test_deserialization.py", 1950),
            at("tests/test_deserialization.py", 1960),
            at("tests/test_deserialization.py", 2018),
            at("tests/test_deserialization.py", 2028),
            at("tests/test_schema.py", 2157),
        ],
        kind="find a text",
        usual=["git grep -n 'Unknown field.'"],
    ),
    Question(
        "Which classes in fields.py subclass Field directly? (regex ^class \\w+\\(Field\\))",
        [("search", {"query": r"^class \w+\(Field\)", "mode": "regex", "path_glob": FIELDS})],
        [f"grep -HnE '^class \\w+\\(Field\\)' {FIELDS}"],
        [at(FIELDS, line) for line in FIELD_SUBCLASSES],
        kind="regex search",
        usual=[f"git grep -nE '^class \\w+\\(Field\\)' -- {FIELDS}"],
    ),
    Question(
        "Which files make up the marshmallow package (src/marshmallow)?",
        [("glob", {"pattern": "src/marshmallow/**"})],
        ["find src/marshmallow -name '*.py' | sort"],
        [f"src/marshmallow/{name}.py" for name in MODULES],
        kind="files of a package",
        usual=["git ls-files src/marshmallow"],
    ),
    Question(
        "Which of marshmallow's modules does src/marshmallow/utils.py import, and which files "
        "import it?",
        [("surgical_context", {"path": UTILS})],
        [
            f"grep -n '^from marshmallow' {UTILS}",
            "grep -rlE 'marshmallow\\.utils|from marshmallow import .*\\butils\\b|^\\s+utils,$'"
            " src tests",
        ],
        [
            r"marshmallow[./]base\b",
            r"marshmallow[./]exceptions\b",
            r"marshmallow[./]warnings\b",
            "src/marshmallow/__init__.py",
            FIELDS,
            SCHEMA,
            "tests/test_utils.py",
            "tests/test_schema.py",
        ],
        kind="imports and importers",
        usual=[
            "sed -n 1,30p src/marshmallow/utils.py",
            "git grep -nE 'marshmallow\\.utils|import.*\\butils\\b'",
        ],
        note="test_schema.py imports utils on a line of its own inside from marshmallow "
        "import (...)",
    ),
    Question(
        "Find the function that merges two error-message structures (a string, a list or a "
        "dict each) into one.",
        [("search", {"query": "merge two error message structures into one", "mode": "semantic"})],
        ["grep -rn 'def .*merge' src"],
        [at("src/marshmallow/error_store.py", 28), "merge_errors"],
        kind="a function described in prose",
        usual=["git grep -n -i merge -- '*.py'", *pages("src/marshmallow/error_store.py", 28, 59)],
    ),
    Question(
        "get_value is defined in more than one place: where is each, and what in src/ calls "
        "each one?",
        [
            ("seek", {"query": "get_value"}),
            ("impact", {"symbol": "{repo}:src/marshmallow/utils.py::get_value", "depth": 1}),
            ("impact", {"symbol": "{repo}:src/marshmallow/fields.py::Field.get_value", "depth": 1}),
        ],
        [callers(r"get_value\(", "src", "python")],
        [
            at(UTILS, 265),
            at(FIELDS, 258),
            at(SCHEMA, 481),
            at(FIELDS, 337),
            named("Schema", "get_attribute"),
            named("Field", "serialize"),
        ],
        kind="same-named symbols",
        usual=[
            "git grep -n 'def get_value'",
            "git grep -n 'get_value('",
            f"git grep -n '^class ' -- {SCHEMA} {FIELDS}",
            *reads(SCHEMA, (473, 481)),
            *reads(FIELDS, (320, 337)),
        ],
        note="utils.get_value is called by Schema.get_attribute (and is Field.get_value's "
        "default accessor, fields.py:266, a reference); Field.get_value by Field.serialize",
    ),
    Question(
        "Where is Schema.to_json defined, and who calls it?",
        [("seek", {"query": "Schema.to_json"}), ("search", {"query": "to_json"})],
        ["grep -rn to_json src tests"],
        [],
        kind="nothing to find",
        usual=["git grep -n to_json"],
        wrong=[r"\.py[:-]\d+[^\n]*to_json"],
        note="no code defines or calls it; CHANGELOG.rst says it was removed (use Schema.dumps)",
    ),
]
