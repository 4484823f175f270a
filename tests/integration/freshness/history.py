"""A deterministic git history of a small Python project, for the replay test: modules with
functions, a class, imports and calls that change from commit to commit (functions added,
removed and renamed; modules added, deleted and moved; imports retargeted; calls that resolve,
then turn into ghosts, then resolve again)."""

from __future__ import annotations

import random
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from tests.integration.freshness.conftest import git

PACKAGES = ("core", "app", "lib", "tools")


@dataclass
class Module:
    functions: dict[str, list[str]] = field(default_factory=dict)
    """name -> the calls in its body (bare names or `module.name`)."""
    imports: list[tuple[str, str]] = field(default_factory=list)
    """(module path, name) pairs: `from <dotted> import <name>`."""
    klass: str | None = None


def dotted(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def render(module: Module) -> str:
    lines = [f"from {dotted(path)} import {name}" for path, name in sorted(set(module.imports))]
    if lines:
        lines.append("")
    if module.klass:
        lines += ["", f"class {module.klass}:", "    def run(self):", "        return self.step()"]
        lines += ["", "    def step(self):", "        return 0", ""]
    for name, calls in module.functions.items():
        lines += ["", f"def {name}():"]
        lines += [f"    {call}()" for call in calls] or ["    pass"]
        lines.append("")
    return "\n".join(lines).lstrip("\n") + "\n"


class History:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.modules: dict[str, Module] = {}
        self.counter = 0

    def fresh(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def callables(self, exclude: str | None = None) -> list[tuple[str, str]]:
        return [
            (path, name)
            for path, module in sorted(self.modules.items())
            if path != exclude
            for name in module.functions
        ]

    def pick_call(self, path: str) -> str:
        module = self.modules[path]
        choice = self.rng.random()
        others = self.callables(exclude=path)
        if choice < 0.4 and others:
            target_path, name = self.rng.choice(others)
            module.imports.append((target_path, name))
            return name
        if choice < 0.7 and module.functions:
            return self.rng.choice(sorted(module.functions))
        return self.rng.choice(["print", "len", "missing_helper", "os.getcwd"])

    def add_module(self) -> None:
        path = f"{self.rng.choice(PACKAGES)}/{self.fresh('mod')}.py"
        self.modules[path] = Module(klass=self.fresh("Thing") if self.rng.random() < 0.3 else None)
        for _ in range(self.rng.randint(1, 3)):
            self.add_function(path)

    def add_function(self, path: str) -> None:
        name = self.fresh("fn")
        self.modules[path].functions[name] = []
        self.modules[path].functions[name] = [self.pick_call(path) for _ in range(2)]

    def mutate(self) -> None:
        paths = sorted(self.modules)
        path = self.rng.choice(paths)
        module = self.modules[path]
        op = self.rng.choice(
            ["add_fn", "add_fn", "drop_fn", "rename_fn", "calls", "add_mod", "drop_mod", "move"]
        )
        if op == "add_fn" or (op in {"drop_fn", "rename_fn"} and len(module.functions) < 2):
            self.add_function(path)
        elif op == "drop_fn":
            del module.functions[self.rng.choice(sorted(module.functions))]
        elif op == "rename_fn":
            old = self.rng.choice(sorted(module.functions))
            module.functions[self.fresh("renamed")] = module.functions.pop(old)
        elif op == "calls":
            name = self.rng.choice(sorted(module.functions))
            module.functions[name] = [self.pick_call(path) for _ in range(self.rng.randint(1, 3))]
        elif op == "add_mod" or len(paths) < 3:
            self.add_module()
        elif op == "drop_mod":
            del self.modules[path]  # importers keep their imports: they become ghosts
        else:
            moved = f"{self.rng.choice(PACKAGES)}/{self.fresh('moved')}.py"
            self.modules[moved] = self.modules.pop(path)

    def write(self, root: Path) -> None:
        for package in PACKAGES:
            shutil.rmtree(root / package, ignore_errors=True)
        for path, module in self.modules.items():
            target = root / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(render(module), encoding="utf-8")


def build_history(root: Path, commits: int, seed: int = 20240601) -> list[str]:
    """Create a repository at `root` with `commits` commits; return their shas, oldest first."""
    root.mkdir(parents=True)
    git(root, "init", "-q")
    (root / "README.md").write_text("# replay fixture\n")
    history = History(seed)
    for _ in range(3):
        history.add_module()
    shas = []
    for number in range(commits):
        if number:
            for _ in range(history.rng.randint(1, 3)):
                history.mutate()
        history.write(root)
        git(root, "add", "-A")
        git(root, "commit", "-q", "--allow-empty", "-m", f"step {number}")
        shas.append(git(root, "rev-parse", "HEAD"))
    return shas
