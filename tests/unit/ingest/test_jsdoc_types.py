"""JSDoc types in JavaScript (`javascript.jsdoc`): `@typedef {import(..)}` binds a name as a
require would, `@param`/`@returns`/`@type` give the facts TypeScript's annotations give, and
calls on values so typed resolve into the type's file (CommonJS, as webpack writes it)."""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

import pytest

from coderooms.ingest.languages import extract
from coderooms.languages.javascript.jsdoc import named_type
from coderooms.resolution.extraction import Extraction, FactKind, ImportRef
from tests.unit.ingest.test_python_resolution import call, plan


def run(source: str, path: str = "lib/mod.js") -> Extraction:
    return extract("javascript", path, dedent(source).encode())


def typed(ex: Extraction, kind: FactKind) -> dict[tuple[str, str], str | None]:
    return {(f.scope, f.name): f.annotation for f in ex.facts if f.kind is kind}


@pytest.mark.parametrize(
    ("written", "named"),
    [
        ("Foo", "Foo"),
        ("ns.Foo", "ns.Foo"),
        ("Foo<T>", "Foo"),
        ("Map<string, Foo>", "Map"),
        ("Foo | null", "Foo"),
        ("Foo | undefined | null", "Foo"),
        ("?Foo", "Foo"),
        ("Foo=", "Foo"),
        ("(Foo | null)=", "Foo"),
        ("Promise<Foo>", "Foo"),
        ("Promise<Foo | null>", "Foo"),
        ("Foo[]", None),
        ("Array<Foo>", "Array"),  # the array itself: a member of `Array`, never of `Foo`
        ("Foo | Bar", None),
        ("string", None),
        ("string | null", None),
        ("(a: Foo) => Bar", None),
        ("{ a: Foo }", None),
        ('import("./Foo")', None),
        ("Promise<Foo | Bar>", None),
    ],
)
def test_the_one_named_type_a_jsdoc_type_names(written: str, named: str | None) -> None:
    assert named_type(written) == named


def test_typedefs_of_imports_bind_names_as_requires_do() -> None:
    ex = run(
        """
        /** @typedef {import("./Compilation")} Compilation */
        /** @typedef {import("../util/Hash")} Hash */
        /** @typedef {import("./Compilation").ChunkHashContext} ChunkHashContext */
        /** @typedef {import("./Compilation").AssetInfo} Info */
        /** @template T @typedef {import("./Lib").Context<T>} Context<T> */
        /** @typedef {object} Options @property {Hash} hash */
        function f() {
          /** @typedef {import("./Inner")} Inner */
        }
        """
    )
    assert ex.imports == [
        ImportRef("./Compilation", (), "Compilation", 2),
        ImportRef("../util/Hash", (), "Hash", 3),
        ImportRef("./Compilation", ("ChunkHashContext",), None, 4),
        ImportRef("./Compilation", ("AssetInfo",), None, 5, aliases=("Info",)),
        ImportRef("./Lib", ("Context",), None, 6),
    ]


def test_params_returns_and_declared_variables_and_fields() -> None:
    ex = run(
        """
        class Plugin {
          /**
           * @param {Compilation} compilation the compilation
           * @param {Hash=} [hash] a hash
           * @param {Chunk[]} chunks no one type
           * @param {string} name a primitive
           * @param {{ a: Foo }} options an object type
           * @returns {Promise<Hash | null>} the hash
           */
          run(compilation, hash, chunks, name, { a }) {
            /** @type {Hash} */
            this.hash = hash;
            /** @type {RuntimeTemplate | undefined} */
            const template = make();
            const module = /** @type {NormalModule} */ (compilation.module);
            return function () {
              /** @type {Hash} */
              this.notAField = 1;
            };
          }
          /** @type {Cache} */
          cache = undefined;
        }
        /**
         * @template T
         * @param {T} item a type parameter
         * @param {Entry} entry an entry
         * @returns {T} a type parameter
         */
        function pick(item, entry) {}
        /** @param {Chunk} chunk the chunk @returns {Hash} the hash */
        const hashOf = (chunk) => chunk.hash;
        /** @param {Module} m the module */
        exports.visit = (m) => m.id;
        /** @type {?Hash} */
        let shared;
        """
    )
    assert typed(ex, FactKind.PARAM) == {
        ("Plugin.run", "compilation"): "Compilation",
        ("Plugin.run", "hash"): "Hash",
        ("pick", "entry"): "Entry",
        ("hashOf", "chunk"): "Chunk",
        ("visit", "m"): "Module",  # CommonJS `exports.visit = ..` defines `visit`
    }
    assert typed(ex, FactKind.RETURNS) == {
        ("Plugin.run", "run"): "Hash",
        ("hashOf", "hashOf"): "Hash",
    }
    assign = typed(ex, FactKind.ASSIGN)
    assert assign[("Plugin", "hash")] == "Hash"
    assert assign[("Plugin", "cache")] == "Cache"
    assert assign[("Plugin.run", "template")] == "RuntimeTemplate"
    assert assign[("Plugin.run", "module")] == "NormalModule"
    assert assign[("", "shared")] == "Hash"
    assert ("Plugin", "notAField") not in assign  # `this` of a nested function


def test_typescript_files_take_no_jsdoc_types() -> None:
    ex = extract(
        "typescript",
        "src/a.ts",
        b'/** @typedef {import("./b")} B */\n/** @param {B} b */\nfunction f(b) {}\n',
    )
    assert ex.imports == []
    assert not ex.facts


def test_calls_on_jsdoc_typed_values_resolve_into_the_types_file(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "lib/util/Hash.js": """
                class Hash {
                  /** @param {string} data data @returns {Hash} itself */
                  update(data) { return this; }
                  digest() {}
                }
                module.exports = Hash;
            """,
            "lib/Compilation.js": """
                /** @typedef {import("./util/Hash")} Hash */
                class Compilation {
                  /** @returns {Hash} a hash */
                  createHash() {}
                }
                module.exports = Compilation;
            """,
            "lib/Plugin.js": """
                /** @typedef {import("./Compilation")} Compilation */
                /** @typedef {import("./util/Hash")} Hash */
                class Plugin {
                  /**
                   * @param {Compilation} compilation the compilation
                   * @param {Hash[]} hashes hashes
                   */
                  apply(compilation, hashes) {
                    /** @type {Hash} */
                    this.hash = compilation.createHash();
                    const hash = compilation.createHash();
                    hash.update("a").digest();
                    hashes.digest();
                  }
                  render() {
                    this.hash.digest();
                  }
                }
                module.exports = Plugin;
            """,
        },
    )
    apply, render = "lib/Plugin.js::Plugin.apply", "lib/Plugin.js::Plugin.render"
    assert (
        call(found, apply, "compilation.createHash")[0]
        == "lib/Compilation.js::Compilation.createHash"
    )
    assert call(found, apply, "hash.update")[0] == "lib/util/Hash.js::Hash.update"
    assert call(found, apply, "hash.update().digest")[0] == "lib/util/Hash.js::Hash.digest"
    assert call(found, apply, "hashes.digest")[1] == "ghost"  # an array of hashes: no guess
    assert call(found, render, "this.hash.digest")[0] == "lib/util/Hash.js::Hash.digest"
    assert "lib/Compilation.js" in str(found["imports"]["lib/Plugin.js"])


def test_created_objects_and_this_returns_chain_through_jsdoc_types(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "lib/Expr.js": """
                class Expr {
                  /** @param {number} n n @returns {this} itself */
                  setNumber(n) { return this; }
                  /** @param {Range} r r @returns {Expr} itself */
                  setRange(r) { return this; }
                }
                module.exports = Expr;
            """,
            "lib/Parser.js": """
                const Expr = require("./Expr");
                class Parser {
                  evaluate(node) {
                    return new Expr().setNumber(1).setRange(node.range);
                  }
                  other(thing) {
                    thing.new().setRange(1);
                  }
                }
                module.exports = Parser;
            """,
        },
    )
    evaluate, other = "lib/Parser.js::Parser.evaluate", "lib/Parser.js::Parser.other"
    assert call(found, evaluate, "Expr.new().setNumber")[0] == "lib/Expr.js::Expr.setNumber"
    assert call(found, evaluate, "Expr.new().setNumber().setRange")[0] == (
        "lib/Expr.js::Expr.setRange"
    )
    assert call(found, other, "thing.new().setRange")[1] == "ghost"  # a method named `new`


def test_fields_of_another_files_class_and_fields_kept_from_typed_parameters(
    tmp_path: Path,
) -> None:
    found = plan(
        tmp_path,
        {
            "lib/Watching.js": "class Watching { invalidate() {} }\nmodule.exports = Watching;\n",
            "lib/Compiler.js": """
                /** @typedef {import("./Watching")} Watching */
                class Compiler {
                  constructor() {
                    /** @type {Watching | undefined} */
                    this.watching = undefined;
                  }
                }
                module.exports = Compiler;
            """,
            "lib/Plugin.js": """
                /** @typedef {import("./Compiler")} Compiler */
                /** @typedef {import("./Watching")} Watching */
                class Plugin {
                  /** @param {Watching} watching the watching @param {number} n n */
                  constructor(watching, n) {
                    this.watching = watching;
                    this.n = n;
                  }
                  /** @param {Compiler} compiler the compiler */
                  apply(compiler) {
                    compiler.watching.invalidate();
                    this.watching.invalidate();
                    this.n.invalidate();
                  }
                }
                module.exports = Plugin;
            """,
        },
    )
    apply = "lib/Plugin.js::Plugin.apply"
    watched = "lib/Watching.js::Watching.invalidate"
    assert call(found, apply, "compiler.watching.invalidate")[0] == watched
    assert call(found, apply, "this.watching.invalidate")[0] == watched
    assert call(found, apply, "this.n.invalidate")[1] == "ghost"


def test_locals_assigned_a_path_are_that_paths_value() -> None:
    ex = run(
        """
        function f(compilation) {
          const { runtimeTemplate, chunkGraph: graph, ["x"]: computed, d = 1 } = compilation;
          const module = parser.state.module;
          const { q } = this;
          const plain = a;
          let node = this.head;
          var { r } = compilation;
        }
        """
    )
    assert typed(ex, FactKind.ASSIGN) == {
        ("f", "runtimeTemplate"): "=compilation.runtimeTemplate",
        ("f", "graph"): "=compilation.chunkGraph",
        ("f", "module"): "=parser.state.module",
        ("f", "q"): "=this.q",
    }  # a `let`/`var` (a cursor: `node = node.next`) is no alias of its first path


def test_calls_on_a_field_taken_from_a_typed_value_resolve(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "lib/RuntimeTemplate.js": (
                "class RuntimeTemplate { basicFunction() {} }\nmodule.exports = RuntimeTemplate;\n"
            ),
            "lib/Compilation.js": """
                /** @typedef {import("./RuntimeTemplate")} RuntimeTemplate */
                class Compilation {
                  constructor() {
                    /** @type {RuntimeTemplate} */
                    this.runtimeTemplate = undefined;
                  }
                }
                module.exports = Compilation;
            """,
            "lib/Module.js": """
                /** @typedef {import("./Compilation")} Compilation */
                class Module {
                  /** @param {Compilation} compilation the compilation */
                  generate(compilation, other) {
                    const { runtimeTemplate } = compilation;
                    runtimeTemplate.basicFunction();
                    const template = compilation.runtimeTemplate;
                    template.basicFunction();
                    const { thing } = other;
                    thing.basicFunction();
                  }
                }
                module.exports = Module;
            """,
        },
    )
    generate = "lib/Module.js::Module.generate"
    basic = "lib/RuntimeTemplate.js::RuntimeTemplate.basicFunction"
    assert call(found, generate, "runtimeTemplate.basicFunction")[0] == basic
    assert call(found, generate, "template.basicFunction")[0] == basic
    assert call(found, generate, "thing.basicFunction")[1] == "ghost"  # `other`: no type
