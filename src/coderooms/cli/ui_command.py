"""`coderooms ui`: open the web view. A `coderooms serve --http` already running serves it (its
address is opened, logged in with CODEROOMS_HTTP_TOKEN when set); otherwise, for a person whose
agents use stdio, a small read-only server of its own on loopback, with a token made for this
run that the opened address carries."""

from __future__ import annotations

import http.client
import json
import logging
import os
import secrets
import socket
import sys
import webbrowser
from pathlib import Path
from typing import Annotated
from urllib.parse import urlencode

import typer

from coderooms.cli.console import err_console, fail_on_error
from coderooms.config import Settings

DEFAULT_HTTP = "127.0.0.1:8765"
PROBE_TIMEOUT_S = 1.0


def ui(
    root: Annotated[
        list[Path] | None,
        typer.Option(
            help="Show the repos under these directories (repeatable; default: "
            "CODEROOMS_ROOTS, else here). Only for the view's own server."
        ),
    ] = None,
    port: Annotated[
        int, typer.Option(help="The port of the view's own server (0: any free one).")
    ] = 0,
    no_open: Annotated[
        bool, typer.Option("--no-open", help="Print the address; open no browser.")
    ] = False,
    own: Annotated[
        bool,
        typer.Option("--own", help="Start the view's own server even when one answers."),
    ] = False,
) -> None:
    """Open the web view of the graph (symbols, impact answers, the repository map) in a
    browser: the running server's, or a read-only one of its own on loopback."""
    address = os.environ.get("CODEROOMS_HTTP") or DEFAULT_HTTP
    token = os.environ.get("CODEROOMS_HTTP_TOKEN") or None
    if not own and _serves_view(address, token):
        _show(_url(f"http://{address}", token), no_open)
        return
    _serve_own(root, port, no_open)


def _serve_own(root: list[Path] | None, port: int, no_open: bool) -> None:
    import uvicorn

    from coderooms.notes import symbol_notes
    from coderooms.protocol.web_routes import web_app
    from coderooms.scope.served import served_scope
    from coderooms.verbs.context import AppContext, GraphProvider
    from coderooms.web import View

    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    with fail_on_error():
        overrides: dict[str, object] = {"read_only": True}  # no migration, nothing written
        if root:
            overrides["roots"] = list(root)
        settings = Settings(**overrides)  # type: ignore[arg-type]
        served_scope(settings)  # a root that may not be one stops here
        ctx = AppContext(settings=settings, graphs=GraphProvider(settings, start_managed=True))
        token = secrets.token_urlsafe(24)
        app = web_app(View(ctx, notes=symbol_notes), token, list(settings.http_allowed_hosts))
        with socket.socket() as probe:  # the port is chosen here so the address can be shown
            probe.bind(("127.0.0.1", port))
            chosen = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=chosen, log_level="warning"))
    _show(_url(f"http://127.0.0.1:{chosen}", token), no_open, own=True)
    server.run()


def _url(base: str, token: str | None) -> str:
    return f"{base}/ui/" + (f"?{urlencode({'token': token})}" if token else "")


def _show(url: str, no_open: bool, *, own: bool = False) -> None:
    where = "the view's own read-only server (Ctrl-C stops it)" if own else "the running server"
    err_console.print(f"web view ({where}): {url}", highlight=False, soft_wrap=True)
    typer.echo(url)
    if not no_open:
        webbrowser.open(url)


def _serves_view(address: str, token: str | None) -> bool:
    """Whether a coderooms server answers the view's data at `address`."""
    host, _, port = address.rpartition(":")
    if not port.isdigit():
        return False
    connection = http.client.HTTPConnection(host.strip("[]"), int(port), timeout=PROBE_TIMEOUT_S)
    try:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        connection.request("GET", "/ui/api/generation", headers=headers)
        response = connection.getresponse()
        body = response.read(65_536)
        return response.status == 200 and "generations" in json.loads(body or b"{}")
    except (OSError, ValueError, http.client.HTTPException):
        return False
    finally:
        connection.close()
