"""Terminal output shared by the commands: rich consoles and the one-line failure."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import typer
from rich.console import Console

from coderooms.errors import CoderoomsError

console = Console()
err_console = Console(stderr=True)


@contextmanager
def fail_on_error() -> Iterator[None]:
    """Turn a CoderoomsError into one line on stderr and exit code 1."""
    try:
        yield
    except CoderoomsError as e:
        err_console.print(f"[bold red]error:[/] {e.message}", highlight=False, soft_wrap=True)
        if e.hint:
            err_console.print(f"[bold]fix:[/] {e.hint}", highlight=False, soft_wrap=True)
        raise typer.Exit(1) from e
