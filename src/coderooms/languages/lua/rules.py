"""Lua's resolution rules: where `require("a.b")` looks (`lua_module`), and `LuaRules` (a name
is found only in the file or through what an import binds)."""

from __future__ import annotations

from coderooms.resolution.lookup_rules import LookupRules
from coderooms.resolution.targets import Target

LUA_ROOTS = ("", "lua/", "src/")
"""Where `require("a.b")` looks in the repo (`package.path` as a rock or a plugin lays it out)."""


def lua_module(spec: str) -> tuple[Target, ...]:
    """`require("a.b")`: `a/b.lua`, then `a/b/init.lua`, from the repo's root, `lua/`, `src/`."""
    if not spec or spec.startswith((".", "/")) or "/" in spec or ".." in spec:
        return ()
    relative = spec.replace(".", "/")
    return tuple(
        Target("=", f"{root}{relative}{tail}")
        for root in LUA_ROOTS
        for tail in (".lua", "/init.lua")
    )


class LuaRules(LookupRules):
    __slots__ = ()
    binding_only = True

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return lua_module(module)
