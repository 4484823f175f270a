"""`coderooms setup CLIENT`: write (or `--remove`) coderooms' entry in a client's MCP
configuration, merged beside the other servers and settings; `--dry-run` shows the diff."""

from __future__ import annotations

import os
import shutil
import socket
import sys
from pathlib import Path
from typing import Annotated

import typer

from coderooms.cli.console import console, fail_on_error
from coderooms.cli.setup.clients import CLIENTS, Client, Launch, client_named
from coderooms.cli.setup.edit import Edit, edited, write
from coderooms.errors import InvalidInput

DEFAULT_NAME = "coderooms"
DEFAULT_HTTP = "127.0.0.1:8765"
"""Where `scripts/run` serves (CODEROOMS_HTTP moves it)."""
PASSED_ENV = ("NEO4J_URI", "NEO4J_USER", "NEO4J_PASSWORD", "NEO4J_DATABASE", "CODEROOMS_HOME",
              "CODEROOMS_INSTANCE")  # fmt: skip
"""Settings a client-started server needs to find the same graph, copied when set here."""
NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")


def setup(
    client: Annotated[str, typer.Argument(help="One of: " + ", ".join(CLIENTS) + ".")],
    root: Annotated[
        Path | None,
        typer.Option(help="The directory the server serves (`serve --root`); default: here."),
    ] = None,
    http: Annotated[
        bool,
        typer.Option(
            "--http",
            help="Point the client at a running `coderooms serve --http` (CODEROOMS_HTTP, "
            f"default {DEFAULT_HTTP}; CODEROOMS_HTTP_TOKEN as its bearer token) instead of "
            "starting one over stdio.",
        ),
    ] = False,
    url: Annotated[str | None, typer.Option(help="With --http: the MCP endpoint's URL.")] = None,
    name: Annotated[str, typer.Option(help="The entry's name in the client.")] = DEFAULT_NAME,
    config: Annotated[
        Path | None, typer.Option(help="The client's configuration file, if not the usual.")
    ] = None,
    remove: Annotated[
        bool, typer.Option("--remove", help="Take coderooms' entry out of the file.")
    ] = False,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Print the change as a diff; write nothing.")
    ] = False,
) -> None:
    """Connect an MCP client: merge coderooms into its configuration, leaving every other
    server and setting as it was (comments in VS Code's and Zed's JSONC files too)."""
    with fail_on_error():
        chosen = client_named(client)
        if not name or set(name) - NAME_CHARS or len(name) > 64:
            raise InvalidInput(f"--name {name[:40]!r}: letters, digits, - and _ only",
                               field="--name")  # fmt: skip
        served = (root or Path.cwd()).expanduser().resolve()
        if not remove and not served.is_dir():
            raise InvalidInput(f"--root {served} is not a directory", field="--root")
        path = config.expanduser().resolve() if config else chosen.file(Path.home(), served)
        key = chosen.key(served, name)
        entry = None if remove else chosen.entry(_launch(http, url, served))
        change = edited(chosen, path, key, entry)
    _report(chosen, change, remove=remove, dry_run=dry_run, http=http, path=path)
    if dry_run or not change.changed:
        return
    with fail_on_error():
        try:
            write(change)
        except OSError as e:
            raise InvalidInput(f"cannot write {path}: {e}", field="config") from e


def _report(client: Client, change: Edit, *, remove: bool, dry_run: bool, http: bool,
            path: Path) -> None:  # fmt: skip
    if dry_run:
        typer.echo(change.diff() or f"{path}: no change")
        return
    if not change.changed:
        what = "has no coderooms entry" if remove else "already holds this entry"
        console.print(f"{path} {what}: nothing to do", highlight=False)
        return
    done = "removed from" if remove else "written to"
    console.print(f"{client.title}: coderooms {done} {path}", highlight=False)
    if not remove:
        console.print(f"next: {client.restart}", highlight=False)
        if not http and _server_answers(_http_address()):
            console.print(
                f"a coderooms server answers on {_http_address()}: `--http` connects to it "
                "instead of starting one",
                highlight=False,
            )


def _launch(http: bool, url: str | None, root: Path) -> Launch:
    if url is not None and not http:
        raise InvalidInput("--url goes with --http", field="--url")
    if http:
        token = os.environ.get("CODEROOMS_HTTP_TOKEN") or None
        return Launch(url=url or f"http://{_http_address()}/mcp", token=token)
    env = tuple((k, os.environ[k]) for k in PASSED_ENV if os.environ.get(k))
    command, prefix = executable()
    return Launch(command=command, args=(*prefix, "serve", "--root", str(root)), env=env)


def executable() -> tuple[str, tuple[str, ...]]:
    """The absolute path of the running `coderooms` (and the arguments before `serve`): the
    console script when this process is one, else the one beside this interpreter, else the
    interpreter with `-m coderooms`."""
    argv0 = Path(sys.argv[0])
    if argv0.name == "coderooms" and argv0.exists():
        return str(argv0.absolute()), ()
    beside = Path(sys.executable).parent / ("coderooms.exe" if os.name == "nt" else "coderooms")
    if beside.exists():
        return str(beside), ()
    found = shutil.which("coderooms")
    if found:
        return str(Path(found).absolute()), ()
    return sys.executable, ("-m", "coderooms")


def _http_address() -> str:
    return os.environ.get("CODEROOMS_HTTP") or DEFAULT_HTTP


def _server_answers(address: str) -> bool:
    host, _, port = address.rpartition(":")
    if not port.isdigit():
        return False
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=0.3):
            return True
    except OSError:
        return False
