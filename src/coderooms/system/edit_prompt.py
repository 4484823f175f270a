"""The `before_you_edit` prompt: the calls that answer what an edit of one file touches, in
the order an agent makes them, naming only the verbs this server serves."""

from __future__ import annotations

from collections.abc import Collection


def before_you_edit_steps(path: str, repo: str | None, served: Collection[str]) -> str:
    where = f"path={path!r}" + (f", repo={repo!r}" if repo else "")
    steps = [f"Before you edit {path}:"]
    if "surgical_context" in served:
        steps.append(
            f"- call surgical_context({where}): its symbols, callers, callees, importers, "
            "tests and co-changed files"
        )
    if "impact" in served:
        steps.append(f"- call impact({where}): what breaks, transitively, and the tests to run")
    if "view" in served:
        steps.append(f"- call view({where}, start_line=..., end_line=...) for the lines to change")
    if "edit_preview" in served:
        steps.append("- stage the edit with edit_preview, check its diff, then edit_commit")
    elif "ingest" in served:
        steps.append("- after editing with your own tools, call ingest so the graph follows")
    steps.append("Then run the tests those calls named.")
    return "\n".join(steps)
