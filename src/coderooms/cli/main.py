"""Top-level commands. Each prints one clear line on failure, never a traceback."""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import Annotated

import typer

from coderooms.cli.console import err_console, fail_on_error
from coderooms.cli.doctor import doctor
from coderooms.cli.embed_command import embed
from coderooms.cli.ingest_command import ingest
from coderooms.cli.neo4j_commands import neo4j_app
from coderooms.cli.repos_command import repos_app
from coderooms.cli.setup.command import setup
from coderooms.cli.ui_command import ui
from coderooms.cli.watch_command import watch
from coderooms.config import Settings
from coderooms.errors import InvalidInput
from coderooms.semantic import load_model_when_ready

app = typer.Typer(
    name="coderooms",
    help="Shared memory and context tools for coding agents: a code graph in Neo4j over MCP.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.add_typer(neo4j_app, name="neo4j")
app.add_typer(repos_app, name="repos")
app.command("doctor")(doctor)
app.command("ingest")(ingest)
app.command("embed")(embed)
app.command("watch")(watch)
app.command("setup")(setup)
app.command("ui")(ui)


def parse_host_port(value: str) -> tuple[str, int]:
    host, _, port = value.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise InvalidInput(f"--http wants HOST:PORT, got {value!r}", field="--http")
    return host, int(port)


def web_address(host: str, port: int) -> str:
    """Where a person opens the view of a server bound to `host`: a wildcard bind is opened on
    loopback; an IPv6 address in brackets."""
    name = host.strip("[]")
    if name in {"0.0.0.0", "::", ""}:  # noqa: S104 (naming the wildcard, not binding it)
        name = "127.0.0.1"
    return f"http://[{name}]:{port}" if ":" in name else f"http://{name}:{port}"


@app.command()
def serve(
    http: Annotated[
        str | None, typer.Option(help="Serve streamable HTTP on HOST:PORT instead of stdio.")
    ] = None,
    read_only: Annotated[
        bool,
        typer.Option(
            "--read-only",
            help="Write nothing: no schema migration, no ingest of --root, no embedding "
            "backfill; the verbs that write are not served (nor listed).",
        ),
    ] = False,
    allow_session_state: Annotated[
        bool,
        typer.Option(
            "--allow-session-state",
            help="With --read-only: still serve the verbs that write session state only "
            "(edit previews, proof marks, perspectives, alert acknowledgements).",
        ),
    ] = False,
    no_start_neo4j: Annotated[
        bool,
        typer.Option("--no-start-neo4j", help="Do not start the managed Neo4j when it is down."),
    ] = False,
    root: Annotated[
        list[Path] | None,
        typer.Option(
            help="A directory agents may ingest, watch, read and write (repeatable); it is "
            "ingested in the background first. Without any: the working directory "
            "(CODEROOMS_ROOTS, os.pathsep-separated, when set)."
        ),
    ] = None,
    no_watch: Annotated[
        bool,
        typer.Option(
            "--no-watch",
            help="Do not keep the --root directories fresh (by default they are watched "
            "once ingested, and every change on disk reaches the graph).",
        ),
    ] = False,
    allow_exec_bit: Annotated[
        bool,
        typer.Option(
            "--allow-exec-bit",
            help="Keep the executable bit of files edits rewrite (off: dropped).",
        ),
    ] = False,
    allow_hook_config: Annotated[
        bool,
        typer.Option(
            "--allow-hook-config",
            help="Let edits write hook-manager configuration (.pre-commit-config.yaml, "
            "lefthook.yml...; off: refused, a git hook runs what it names).",
        ),
    ] = False,
    tools: Annotated[
        str | None,
        typer.Option(
            "--tools",
            help="Presets of verbs to list and serve, comma-separated: core (the default), "
            "edit, navigate, freshness, admin, all (CODEROOMS_TOOLS when set).",
        ),
    ] = None,
) -> None:
    """Run the MCP server (stdio by default). Answers at once; the graph connects behind it."""
    from coderooms.ingest.startup import ingest_when_ready
    from coderooms.protocol.http_access import OperatorToken, checked_token, http_run_options
    from coderooms.scope.served import served_scope
    from coderooms.server import create_server
    from coderooms.system.warmup import settle_heap
    from coderooms.verbs.context import AppContext, GraphProvider
    from coderooms.verbs.presets import parse_presets

    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    with fail_on_error():
        overrides: dict[str, object] = {}
        if read_only:
            overrides["read_only"] = True
        if root:
            overrides["roots"] = list(root)
            overrides["watch_roots"] = not no_watch and not read_only
        if allow_exec_bit:
            overrides["allow_exec_bit"] = True
        if allow_hook_config:
            overrides["allow_hook_config"] = True
        if allow_session_state:
            overrides["allow_session_state"] = True
        if tools is not None:
            overrides["tools"] = tools
        settings = Settings(**overrides)  # type: ignore[arg-type]
        parse_presets(settings.tools)  # an unknown preset stops the server here
        scope = served_scope(settings)  # a root that may not be one stops the server here
        address = parse_host_port(http) if http else None
        # a bind off loopback without a token stops the server here
        token = checked_token(settings, address[0]) if address else None
        ctx = AppContext(
            settings=settings,
            graphs=GraphProvider(settings, start_managed=not no_start_neo4j),
        )
        if root:
            ingest_when_ready(ctx, [str(path) for path in scope.roots])
        load_model_when_ready(ctx)
        web_url = web_address(*address) if address else None
        mcp = create_server(
            ctx, auth=OperatorToken(token) if token else None, web_url=web_url, token=token
        )
    if web_url:  # stderr: the HTTP transport owns no stdio, and a person reads this line
        err_console.print(f"web view: {web_url}/ui/", highlight=False, soft_wrap=True)
    settle_heap()
    if address is None:
        mcp.run(transport="stdio", show_banner=False)
    else:
        mcp.run(**http_run_options(settings, *address))
