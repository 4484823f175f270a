"""What Kotlin, Scala and Swift record from their captures besides definitions, in one pass
shared by the three: calls named by `chains.chain_callee`, then each other capture handed to its
language's handler in a fixed order (imports, declared types, declared returns), so that the
records keep the order the snapshots pin."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from tree_sitter import Node

from coderooms.languages.parsing.chains import Callee, Split, chain_callee
from coderooms.languages.parsing.collector import Collector

Handler = Callable[[Node, Collector], None]

FACT_CAPTURES = ("new", "import", "typed", "function")
"""The captures handed to handlers, in the order they are recorded (after `call`)."""


@dataclass(frozen=True, slots=True)
class ChainFacts:
    """A language's way to its calls and facts: `function_part` gives a `call` capture's
    function part, named with `members` and `calls` (see `chain_callee`); `handlers` maps a
    capture of `FACT_CAPTURES` (`new` for constructor calls, `import`, `typed` for declared
    types, `function` for declared returns) to what records it."""

    function_part: Callee
    members: dict[str, Split]
    calls: dict[str, Callee]
    handlers: Mapping[str, Handler] = field(default_factory=dict)


def record_facts(caps: Mapping[str, list[Node]], c: Collector, facts: ChainFacts) -> None:
    """Record the calls of the `call` captures, then each handled capture in turn."""
    for call in caps.get("call", ()):
        callee = facts.function_part(call)
        if callee is not None:
            c.call(call, chain_callee(callee, c.source, facts.members, facts.calls))
    for capture in FACT_CAPTURES:
        handler = facts.handlers.get(capture)
        if handler is not None:
            for node in caps.get(capture, ()):
                handler(node, c)
