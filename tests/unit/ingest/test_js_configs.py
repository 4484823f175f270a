"""tsconfig/jsconfig `paths` and `baseUrl` (`languages.javascript.configs`)."""

from __future__ import annotations

from pathlib import Path

from coderooms.languages.javascript.configs import config_candidates, config_entries
from tests.unit.ingest.test_python_resolution import call, plan

TSCONFIG = """{
  // comments and trailing commas, as tsc reads them
  "extends": "../tsconfig.base.json",
  "compilerOptions": {
    "baseUrl": ".",
    "paths": {
      "@app/*": ["src/app/*", "generated/*"],
      "@app/core": ["src/core/index.ts"],
      "url": ["http://not/a/comment"],
    },
  },
}"""


def test_entries_and_candidates_follow_the_compilers_rules() -> None:
    entries = config_entries("web/tsconfig.json", TSCONFIG)
    assert "root web" in entries
    assert "base web" in entries
    assert "extends tsconfig.base.json" in entries
    configs = {"web/tsconfig.json": entries}
    found = config_candidates(configs, "web/src/pages\t@app/util")
    assert found is not None
    assert found[0] == "web/src/app/util.ts"
    assert "web/generated/util.ts" in found
    # an exact key wins over the pattern: its prefix is longer
    assert config_candidates(configs, "web/src\t@app/core") == ["web/src/core/index.ts"]
    # baseUrl alone: a path under it
    assert config_candidates(configs, "web\tlib/x")[0] == "web/lib/x.ts"
    # outside the config's directory, or no config at all: not mapped
    assert config_candidates(configs, "api\t@app/util") is None


def test_extends_fills_what_the_nearer_config_leaves_out() -> None:
    configs = {
        "tsconfig.base.json": config_entries(
            "tsconfig.base.json", '{"compilerOptions": {"paths": {"~/*": ["src/*"]}}}'
        ),
        "pkg/tsconfig.json": config_entries("pkg/tsconfig.json", '{"extends": "../tsconfig.base"}'),
    }
    assert config_candidates(configs, "pkg/a\t~/x")[0] == "src/x.ts"
    assert config_entries("tsconfig.json", "not json") == []


def test_a_path_alias_links_into_the_repo(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "tsconfig.json": '{"compilerOptions": {"paths": {"@/*": ["./src/*"]}}}',
            "src/lib/math.ts": "export function add() {}\n",
            "src/app.ts": """
                import { add } from "@/lib/math";
                import { useState } from "react";
                export function main() { add(); useState(); }
            """,
        },
    )
    assert call(found, "src/app.ts::main", "add") == ("src/lib/math.ts::add", "import")
    assert call(found, "src/app.ts::main", "useState")[1] == "ghost"
