"""The `before_you_edit` prompt: the system room's steps (`coderooms.system.edit_prompt`) served as
an MCP prompt, naming only the verbs this server serves."""

from __future__ import annotations

from collections.abc import Collection
from typing import Annotated

from fastmcp.prompts import FunctionPrompt
from pydantic import Field

from coderooms.system.edit_prompt import before_you_edit_steps


def before_you_edit_prompt(served: Collection[str]) -> FunctionPrompt:
    def before_you_edit(
        path: Annotated[str, Field(description="The file, repo-relative.")],
        repo: Annotated[str | None, Field(description="Its repo id, when several.")] = None,
    ) -> str:
        """The calls to make before editing a file: its context, what it breaks, its tests."""
        return before_you_edit_steps(path, repo, served)

    return FunctionPrompt.from_function(before_you_edit)
