"""What several languages' rules (`language_rules`) share: the JS/TS runtime
globals (the two family bases, `InheritingRules` and `RequiringRules`, are in
`resolution.family_rules`)."""

from __future__ import annotations

JS_GLOBALS = frozenset(
    {"console", "window", "document", "globalThis", "process", "module", "exports", "require"}
)
"""JS/TS runtime globals: `console.log` is never a symbol of the repo."""
