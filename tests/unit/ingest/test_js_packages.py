"""Bare JS/TS specifiers that name a package of the repo (`languages.javascript.packages`)."""

from __future__ import annotations

import json
from pathlib import Path

from coderooms.languages.javascript.packages import (
    directory_candidates,
    package_candidates,
    package_entries,
)
from tests.unit.ingest.test_python_resolution import call, plan

ZOD_LIKE = {
    "name": "zod",
    "exports": {
        "./package.json": "./package.json",
        ".": {"@zod/source": "./src/index.ts", "types": "./index.d.cts", "import": "./index.js"},
        "./v4": {"@zod/source": "./src/v4/index.ts", "import": "./v4/index.js"},
        "./locales/*": "./src/locales/*.ts",
    },
}


def test_exports_targets_are_tried_in_the_order_written() -> None:
    packages = {"": package_entries(json.dumps(ZOD_LIKE))}
    assert package_candidates(packages, "zod")[:2] == ["src/index.ts", "index.d.cts"]
    assert package_candidates(packages, "zod/v4")[0] == "src/v4/index.ts"
    assert package_candidates(packages, "zod/locales/en") == ["src/locales/en.ts"]
    # a subpath the exports map does not list is not exported: nothing
    assert package_candidates(packages, "zod/src/v4/index") == []
    # another package, or a longer name sharing the prefix: not this one
    assert package_candidates(packages, "react") is None
    assert package_candidates(packages, "zodiac") is None


def test_without_exports_the_entry_fields_then_any_path_under_the_package() -> None:
    packages = {
        "packages/ui": package_entries(json.dumps({"name": "@acme/ui", "main": "lib/index.js"})),
        "packages/ui-kit": package_entries(json.dumps({"name": "@acme/ui/kit"})),
    }
    found = package_candidates(packages, "@acme/ui")
    assert found[:3] == [
        "packages/ui/lib/index.js",
        "packages/ui/lib/index.ts",
        "packages/ui/lib/index.tsx",
    ]
    assert "packages/ui/index.ts" in found
    assert "packages/ui/src/button.ts" in package_candidates(packages, "@acme/ui/src/button")
    # the longest name wins
    assert package_candidates(packages, "@acme/ui/kit")[0].startswith("packages/ui-kit/")


def test_not_a_package_json_of_a_package() -> None:
    assert package_entries("not json") == []
    assert package_entries("[1, 2]") == []
    assert package_entries(json.dumps({"private": True})) == []
    assert package_entries(json.dumps({"name": "a b"})) == []


def test_a_repo_importing_its_own_package_links_into_it(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "package.json": json.dumps(ZOD_LIKE),
            "src/index.ts": "export * from './v4/index';\n",
            "src/v4/index.ts": "export function string() {}\n",
            "tests/a.test.ts": """
                import * as z from "zod/v4";
                import { string } from "zod";
                import { useState } from "react";
                export function main() { z.string(); string(); useState(); }
            """,
        },
    )
    main = "tests/a.test.ts::main"
    assert call(found, main, "z.string") == ("src/v4/index.ts::string", "import")
    assert call(found, main, "string") == ("src/v4/index.ts::string", "import")
    assert call(found, main, "useState")[1] == "ghost"


def test_a_relative_directory_is_its_package_json_entry(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "package.json": json.dumps(
                {"name": "koa", "main": "lib/application.js", "exports": "./lib/other.js"}
            ),  # a directory loads its main: `exports` apply to the package's name only
            "lib/application.js": "module.exports = class Application {\n  use() {}\n};\n",
            "lib/other.js": "module.exports = class Application {\n  use() {}\n};\n",
            "lib/util/index.js": "exports.helper = function () {};\n",
            "test/app.test.js": """
                const Koa = require("../");
                const Again = require("..");
                const { helper } = require("../lib/util");
                function run() {
                    new Koa().use();
                    new Again();
                    helper();
                }
            """,
        },
    )
    run = "test/app.test.js::run"
    assert call(found, run, "Koa.new().use") == ("lib/application.js::Application.use", "import")
    assert call(found, run, "Again") == ("lib/application.js::Application", "import")
    assert call(found, run, "helper") == ("lib/util/index.js::helper", "import")
    assert found["imports"]["test/app.test.js"] >= {"lib/application.js", "lib/util/index.js"}


def test_declarations_come_before_the_javascript_they_describe(tmp_path: Path) -> None:
    # rules-32l: the TypeScript compiler's order, in a `.js` file too: a package directory's
    # `typings`/`types` before its `main`, a path's `.d.ts` before its `.js`
    found = plan(
        tmp_path,
        {
            "package.json": json.dumps(
                {"name": "logs", "main": "./lib/logs.js", "types": "./index.d.ts"}
            ),
            "index.d.ts": "export declare function createLogger(): void;\n",
            "lib/logs.js": "exports.createLogger = function () {};\n",
            "lib/config/index.js": "exports.levels = function () {};\n",
            "lib/config/index.d.ts": "export declare function levels(): void;\n",
            "examples/quick.js": """
                const { createLogger } = require("../");
                const config = require("../lib/config");
                function run() { createLogger(); config.levels(); }
            """,
        },
    )
    run = "examples/quick.js::run"
    assert call(found, run, "createLogger") == ("index.d.ts::createLogger", "import")
    assert call(found, run, "config.levels") == ("lib/config/index.d.ts::levels", "import")
    assert found["imports"]["examples/quick.js"] == {"index.d.ts", "lib/config/index.d.ts"}


def test_without_declarations_a_directory_is_still_its_main() -> None:
    entries = package_entries(json.dumps({"name": "a", "main": "lib/a.js", "typings": "t.d.ts"}))
    assert [e for e in entries if e.startswith("d")] == ["d./t.d.ts", "d./lib/a.js"]
    assert directory_candidates({"": entries}, "")[:2] == ["t.d.ts", "lib/a.js"]
    plain = package_entries(json.dumps({"name": "a", "main": "lib/a.js"}))
    assert directory_candidates({"": plain}, "")[0] == "lib/a.js"
