"""`coderooms doctor`: check Java, Neo4j, ports and grammars; print what to fix."""

from __future__ import annotations

import shutil
from dataclasses import dataclass

import typer
from rich.table import Table

from coderooms.cli.console import console
from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.errors import CoderoomsError
from coderooms.neo4j_local.distribution import distribution_for
from coderooms.neo4j_local.instance import Instance
from coderooms.neo4j_local.java import APT_PACKAGE, MIN_JAVA, find_java
from coderooms.neo4j_local.ports import is_free


@dataclass(frozen=True, slots=True)
class Check:
    name: str
    ok: bool
    detail: str
    fix: str = ""


def check_java(settings: Settings) -> Check:
    if settings.uses_external_neo4j:
        return Check("java", True, "not needed: NEO4J_URI is set")
    found = find_java()
    if found is None:
        return Check("java", False, f"no Java {MIN_JAVA}+ found", f"apt-get install {APT_PACKAGE}")
    return Check("java", True, f"Java {found[1]} at {found[0]}")


def check_distribution(settings: Settings) -> Check:
    if settings.uses_external_neo4j:
        return Check("neo4j install", True, "not needed: NEO4J_URI is set")
    dist = distribution_for(settings)
    if dist.is_complete():
        return Check("neo4j install", True, f"Neo4j {settings.neo4j_version} at {dist.root}")
    fix = "coderooms neo4j install" + ("" if shutil.which("mvn") else " (downloads over HTTPS)")
    return Check("neo4j install", False, "not provisioned yet", fix)


def check_ports(settings: Settings) -> Check:
    if settings.uses_external_neo4j:
        return Check("ports", True, "not needed: NEO4J_URI is set")
    instance = Instance(settings)
    try:
        state = instance.load_state()
    except CoderoomsError as e:
        return Check("ports", False, e.message, e.hint)
    if state is None or instance.is_running():
        return Check(
            "ports",
            True,
            "free ports are chosen at start" if state is None else "in use by the managed Neo4j",
        )
    taken = [port for port in (state.bolt_port, state.http_port) if not is_free(port)]
    if taken:
        return Check("ports", True, f"{taken} taken by another process; new ports will be chosen")
    return Check("ports", True, f"bolt {state.bolt_port} and http {state.http_port} free")


def check_graph(settings: Settings) -> Check:
    try:
        graph = open_graph(settings)
    except CoderoomsError as e:
        return Check("neo4j", False, e.message, e.hint)
    try:
        return Check("neo4j", True, f"Neo4j {graph.server_version()} at {graph.connection.uri}")
    except CoderoomsError as e:
        return Check("neo4j", False, e.message, e.hint)
    finally:
        graph.close()


def check_grammars() -> Check:
    from coderooms.ingest.languages import DEEP_LANGUAGES, grammar

    broken = []
    for language in sorted(DEEP_LANGUAGES):
        try:
            grammar(language)
        except Exception:  # any failure to load is what we report
            broken.append(language)
    if broken:
        return Check(
            "grammars",
            False,
            f"cannot load: {', '.join(broken)}",
            "pip install --force-reinstall coderooms",
        )
    names = ", ".join(sorted(DEEP_LANGUAGES))
    return Check(
        "grammars", True, f"{len(DEEP_LANGUAGES)} tree-sitter grammars load offline: {names}"
    )


def doctor() -> None:
    """Check Java, Neo4j, ports and grammars, and print what to fix."""
    settings = Settings()
    checks = [
        check_java(settings),
        check_distribution(settings),
        check_ports(settings),
        check_graph(settings),
        check_grammars(),
    ]
    table = Table("check", "", "detail", "fix")
    for check in checks:
        table.add_row(
            check.name, "[green]ok[/]" if check.ok else "[red]problem[/]", check.detail, check.fix
        )
    console.print(table)
    if not all(check.ok for check in checks):
        raise typer.Exit(1)
