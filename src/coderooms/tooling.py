"""How a room's verb becomes an MCP tool: a spec (the function, its read/write class) and one
wrapper that turns our errors into one clear MCP error payload and refuses writes in read-only
mode. The function's signature and docstring are what the calling model sees.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fastmcp.exceptions import ToolError
from mcp.types import ToolAnnotations

from coderooms.errors import CoderoomsError, Forbidden

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class ToolSpec:
    fn: Callable[..., Any]
    read_only: bool
    destructive: bool = False
    verb: str | None = None
    """The MCP name when it differs from the function's (`help` shadows a builtin)."""

    @property
    def name(self) -> str:
        return self.verb or self.fn.__name__

    @property
    def summary(self) -> str:
        doc = (self.fn.__doc__ or "").strip()
        return doc.splitlines()[0] if doc else ""

    def annotations(self) -> ToolAnnotations:
        return ToolAnnotations(
            read_only_hint=self.read_only,
            destructive_hint=self.destructive,
            idempotent_hint=self.read_only,
            open_world_hint=False,
        )


def error_text(error: CoderoomsError) -> str:
    return json.dumps(error.payload(), ensure_ascii=False)


def guarded(spec: ToolSpec, *, read_only_mode: bool) -> Callable[..., Any]:
    """The spec's function, with errors mapped and read-only mode enforced."""
    fn = spec.fn

    @functools.wraps(fn)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            if read_only_mode and not spec.read_only:
                raise Forbidden(
                    f"{spec.name} writes and this server runs read-only",
                    hint="restart the server without --read-only to allow writes",
                )
            return fn(*args, **kwargs)
        except CoderoomsError as e:
            raise ToolError(error_text(e)) from e
        except Exception as e:
            log.exception("verb %s failed", spec.name)
            internal = CoderoomsError(
                f"{spec.name} failed unexpectedly: {type(e).__name__}: {e}",
                hint="this is a bug in coderooms; the server keeps running",
            )
            raise ToolError(error_text(internal)) from e

    return call
