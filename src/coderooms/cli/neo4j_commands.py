"""`coderooms neo4j ...`: the managed local Neo4j."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from coderooms.cli.console import console, fail_on_error
from coderooms.cli.warm_start import warm_if_cold
from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.errors import CoderoomsError
from coderooms.neo4j_local.distribution import ensure_distribution
from coderooms.neo4j_local.instance import Instance, reset
from coderooms.neo4j_local.java import require_java

neo4j_app = typer.Typer(help="Run the managed local Neo4j (used when NEO4J_URI is not set).")

JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON for machines.")]


def _instance() -> Instance:
    return Instance(Settings())


@neo4j_app.command()
def install() -> None:
    """Provision Java (when missing) and Neo4j Community into the cache directory."""
    with fail_on_error():
        require_java()
        dist = ensure_distribution(Settings())
    console.print(f"Neo4j distribution ready at {dist.root}")


@neo4j_app.command()
def start(as_json: JsonFlag = False) -> None:
    """Start the managed Neo4j on loopback (installing it first if needed); harmless if running.
    Once started, the statements of an ingest are compiled (a rolled-back made-up ingest), so
    that the first real one runs at warm speed."""
    with fail_on_error():
        settings = Settings()
        instance = Instance(settings)
        was_running = instance.is_running()
        instance.start()
        warmed = _warm(settings)
        info = instance.status()
    if as_json:
        console.print_json(json.dumps({**info, "warmed_s": warmed}))
        return
    verb = "already running" if was_running else "started"
    console.print(f"Neo4j {info['version']} {verb}: {info['bolt_uri']}")
    if warmed is not None:
        console.print(f"statements of an ingest compiled in {warmed:.1f} s")
    console.print(f"Neo4j Browser: {info['browser_url']}  (user neo4j, password in instance.json)")


def _warm(settings: Settings) -> float | None:
    """The warm-up of a started instance (cli/warm_start.py); a graph that cannot be opened
    (a schema it cannot migrate...) is the next command's to report, not the start's."""
    try:
        graph = open_graph(settings)
    except CoderoomsError:
        return None
    try:
        return warm_if_cold(settings, graph)
    finally:
        graph.close()


@neo4j_app.command()
def stop() -> None:
    """Stop the managed Neo4j cleanly."""
    with fail_on_error():
        stopped = _instance().stop()
    console.print("stopped" if stopped else "not running")


@neo4j_app.command()
def status(as_json: JsonFlag = False) -> None:
    """Show whether the managed Neo4j runs, its ports, Browser URL and where data lives."""
    with fail_on_error():
        info = _instance().status()
    if as_json:
        console.print_json(json.dumps(info))
        return
    for key, value in info.items():
        console.print(f"{key:16} {value}", highlight=False)
    if not info["running"]:
        raise typer.Exit(3)


@neo4j_app.command()
def logs(lines: Annotated[int, typer.Option(help="How many lines.")] = 40) -> None:
    """Print the last lines of the managed Neo4j's logs."""
    with fail_on_error():
        text = _instance().log_tail(lines)
    console.print(text or "(no logs yet)", highlight=False, markup=False)


@neo4j_app.command("reset")
def reset_command(
    yes: Annotated[bool, typer.Option("--yes", help="Confirm: the graph is deleted.")] = False,
) -> None:
    """Stop and delete the managed instance (data, config, password). Needs --yes."""
    if not yes:
        console.print("this deletes the managed graph; run again with --yes")
        raise typer.Exit(2)
    with fail_on_error():
        reset(_instance())
    console.print("managed Neo4j instance deleted")
