"""The `coderooms` command: serve, ingest, neo4j install|start|stop|status|logs|reset, doctor."""

from coderooms.cli.main import app

__all__ = ["app"]
