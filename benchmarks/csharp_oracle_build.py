"""Build the C# oracle of `definitions_vs_parsers.py`: the grammars-v4 `csharp/v8-spec` grammar
(ANTLR 4, C# 8 as ECMA-334 writes it) with the later syntax real code uses added by the small
edits below, generated for Java and compiled with `CSharpDefinitions.java`.

Run: `python benchmarks/csharp_oracle_build.py GRAMMAR_DIR OUT` where GRAMMAR_DIR holds
`CSharpLexer.g4`, `CSharpParser.g4` and `Java/CSharp{Lexer,Parser}Base.java` of
antlr/grammars-v4 `csharp/v8-spec` and OUT holds `lib/` (the jars of `org.antlr:antlr4`, as
benchmarks/README.md says); it writes OUT/src (the edited grammar, the generated parser) and
OUT/classes, and prints the command for `$CODEROOMS_CSHARP_ORACLE`. Each edit must find its
text once, else the build stops (a grammar that changed is to be looked at, not patched
blindly).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent

# (file, text in the grammar, its replacement): each a C# 9-12 construct the spec grammar lacks
EDITS: list[tuple[str, str, str]] = [
    # contextual keywords of C# 9-11, identifiers elsewhere
    (
        "CSharpLexer.g4",
        "KW_REMOVE : 'remove' ;",
        "KW_REMOVE : 'remove' ;\nKW_RECORD : 'record' ;\nKW_INIT : 'init' ;\n"
        "KW_REQUIRED : 'required' ;\nKW_FILE : 'file' ;\nKW_WITH : 'with' ;\n"
        "KW_NOT : 'not' ;\nKW_AND : 'and' ;\nKW_OR : 'or' ;\nKW_SCOPED : 'scoped' ;",
    ),
    (
        "CSharpParser.g4",
        "    | 'value'   | 'var'        | 'when'      | 'where'     | 'yield'\n    ;",
        "    | 'value'   | 'var'        | 'when'      | 'where'     | 'yield'\n"
        "    | 'record'  | 'init'       | 'required'  | 'file'      | 'with'\n"
        "    | 'not'     | 'and'        | 'or'        | 'scoped'\n    ;",
    ),
    # C# 10 file-scoped namespace `namespace A.B;` (the rest of the file)
    (
        "CSharpParser.g4",
        "compilation_unit\n    : extern_alias_directive* using_directive* global_attributes?\n"
        "      namespace_member_declaration*\n    ;",
        "compilation_unit\n    : extern_alias_directive* using_directive* global_attributes?\n"
        "      namespace_member_declaration* file_scoped_namespace_declaration?\n    ;\n\n"
        "file_scoped_namespace_declaration\n    : 'namespace' qualified_identifier ';'\n"
        "      extern_alias_directive* using_directive* namespace_member_declaration*\n    ;",
    ),
    # C# 10 `global using`
    (
        "CSharpParser.g4",
        "using_directive\n    : using_alias_directive",
        "using_directive\n    : 'global' using_directive\n    | using_alias_directive",
    ),
    # C# 9 records (`record`, `record class`, `record struct`), positional or not
    (
        "CSharpParser.g4",
        "    | delegate_declaration\n    ;",
        "    | delegate_declaration\n    | record_declaration\n    ;\n\n"
        "record_declaration\n"
        "    : attributes? class_modifier* 'partial'? 'record' ('class' | 'struct')? identifier\n"
        "        type_parameter_list? ('(' parameter_list? ')')? record_base?\n"
        "        type_parameter_constraints_clause* (class_body ';'? | ';')\n    ;\n\n"
        "record_base\n    : ':' class_type ('(' argument_list? ')')? (',' interface_type_list)?\n"
        "    ;",
    ),
    # C# 12 primary constructors of classes and structs; a base given arguments
    (
        "CSharpParser.g4",
        "'class' identifier\n        type_parameter_list? class_base?",
        "'class' identifier\n        type_parameter_list? ('(' parameter_list? ')')? class_base?",
    ),
    (
        "CSharpParser.g4",
        "      identifier type_parameter_list? struct_interfaces?",
        "      identifier type_parameter_list? ('(' parameter_list? ')')? struct_interfaces?",
    ),
    (
        "CSharpParser.g4",
        "    | ':' class_type ',' interface_type_list\n    ;",
        "    | ':' class_type ',' interface_type_list\n"
        "    | ':' class_type '(' argument_list? ')' (',' interface_type_list)?\n    ;",
    ),
    # a class or struct body may be `;` (C# 12: `class C(int x);`)
    (
        "CSharpParser.g4",
        "        class_body ';'?\n    ;",
        "        (class_body ';'? | ';')\n    ;",
    ),
    # C# 9 `init` accessors
    (
        "CSharpParser.g4",
        "    : attributes? accessor_modifier? 'set' accessor_body",
        "    : attributes? accessor_modifier? ('set' | 'init') accessor_body",
    ),
    # C# 11 `required` members, `file` types
    (
        "CSharpParser.g4",
        "class_modifier\n    : 'new'",
        "class_modifier\n    : 'new'\n    | 'file'",
    ),
    (
        "CSharpParser.g4",
        "property_modifier\n    : 'new'",
        "property_modifier\n    : 'new'\n    | 'required'",
    ),
    (
        "CSharpParser.g4",
        "field_modifier\n    : 'new'",
        "field_modifier\n    : 'new'\n    | 'required'",
    ),
    # C# 9 target-typed `new()`
    (
        "CSharpParser.g4",
        "object_creation_expression\n    : 'new' type_ '(' argument_list? ')' "
        "object_or_collection_initializer?",
        "object_creation_expression\n    : 'new' type_ '(' argument_list? ')' "
        "object_or_collection_initializer?\n"
        "    | 'new' '(' argument_list? ')' object_or_collection_initializer?",
    ),
    # C# 9 pattern combinators and relational patterns (`is not null`, `is A or B`, `> 0`)
    (
        "CSharpParser.g4",
        "pattern\n    : {this.IsDeclarationPatternAhead()}? declaration_pattern",
        "pattern\n    : 'not' pattern\n    | pattern 'and' pattern\n    | pattern 'or' pattern\n"
        "    | '(' pattern ')'\n    | ('<' | '<=' | '>' | '>=') shift_expression\n"
        "    | {this.IsDeclarationPatternAhead()}? declaration_pattern",
    ),
    # C# 12 collection expressions `[a, ..b]`, `[]`
    (
        "CSharpParser.g4",
        "    | stackalloc_expression\n    ;",
        "    | stackalloc_expression\n"
        "    | '[' (collection_element (',' collection_element)* ','?)? ']'\n    ;\n\n"
        "collection_element\n    : '..' expression\n    | expression\n    ;",
    ),
    # C# 8 arrays of nullable references `object?[]`; C# 13 `params ReadOnlySpan<T> xs`
    (
        "CSharpParser.g4",
        "array_type\n    : non_array_type rank_specifier+",
        "array_type\n    : non_array_type nullable_type_annotation? rank_specifier+",
    ),
    (
        "CSharpParser.g4",
        "    : attributes? 'params' array_type identifier",
        "    : attributes? 'params' type_ identifier",
    ),
    # C# 9 `T?` of an unconstrained type parameter (and `T[]`, which the predicate on type
    # parameters otherwise rules out); attributes on a local function;
    # `readonly record struct`
    (
        "CSharpParser.g4",
        "    : {this.IsTypeParameterName()}? type_parameter\n",
        "    : {this.IsTypeParameterName()}? type_parameter\n"
        "      (nullable_type_annotation? rank_specifier+)? nullable_type_annotation?\n",
    ),
    (
        "CSharpParser.g4",
        "local_function_declaration\n    : local_function_modifier*",
        "local_function_declaration\n    : attributes? local_function_modifier*",
    ),
    (
        "CSharpParser.g4",
        "    : attributes? class_modifier* 'partial'? 'record'",
        "    : attributes? (class_modifier | 'readonly')* 'partial'? 'record'",
    ),
    # C# 8 `new object?[n]`; C# 9 `where T : default`; C# 7 `add => ...;` / `remove => ...;`
    (
        "CSharpParser.g4",
        "    : 'new' non_array_type '[' expression_list ']' rank_specifier*",
        "    : 'new' non_array_type nullable_type_annotation? '[' expression_list ']'"
        " rank_specifier*",
    ),
    (
        "CSharpParser.g4",
        "    | 'notnull'\n    | 'unmanaged'\n    ;",
        "    | 'notnull'\n    | 'unmanaged'\n    | 'default'\n    ;",
    ),
    (
        "CSharpParser.g4",
        "    : attributes? 'add' block",
        "    : attributes? 'add' (block | '=>' expression ';')",
    ),
    (
        "CSharpParser.g4",
        "    : attributes? 'remove' block",
        "    : attributes? 'remove' (block | '=>' expression ';')",
    ),
    # C# 9 `with` expressions
    (
        "CSharpParser.g4",
        "relational_expression\n    : shift_expression",
        "relational_expression\n    : shift_expression 'with' object_initializer\n"
        "    | shift_expression",
    ),
]


def edit(source: Path, target: Path) -> None:
    """The grammar files of `source` edited into `target`."""
    target.mkdir(parents=True, exist_ok=True)
    texts = {
        name: (source / name).read_text(encoding="utf-8")
        for name in ("CSharpLexer.g4", "CSharpParser.g4")
    }
    for name, old, new in EDITS:
        count = texts[name].count(old)
        if count != 1:
            raise SystemExit(f"{name}: {count} matches for {old!r}")
        texts[name] = texts[name].replace(old, new)
    for name, text in texts.items():
        (target / name).write_text(text, encoding="utf-8")
    for base in ("CSharpLexerBase.java", "CSharpParserBase.java"):
        shutil.copy(source / "Java" / base, target / base)
    shutil.copy(HERE / "CSharpDefinitions.java", target / "CSharpDefinitions.java")


def main(argv: list[str]) -> int:
    source, out = Path(argv[0]), Path(argv[1]).resolve()
    classpath = ":".join(str(p) for p in sorted((out / "lib").glob("*.jar")))
    src = out / "src"
    shutil.rmtree(src, ignore_errors=True)
    edit(source, src)
    subprocess.run(
        [
            *("java", "-cp", classpath, "org.antlr.v4.Tool", "-Dlanguage=Java", "-no-listener"),
            *("CSharpLexer.g4", "CSharpParser.g4"),
        ],
        cwd=src,
        check=True,
    )
    classes = out / "classes"
    shutil.rmtree(classes, ignore_errors=True)
    subprocess.run(
        [
            *("javac", "-nowarn", "-encoding", "UTF-8", "-cp", classpath, "-d", str(classes)),
            *(str(p) for p in sorted(src.glob("*.java"))),
        ],
        check=True,
    )
    print(f"java -Xss64m -cp {classpath}:{classes} CSharpDefinitions")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
