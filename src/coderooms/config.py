"""Settings from the environment and flags.

`NEO4J_URI` / `NEO4J_USER` / `NEO4J_PASSWORD` name an external server; without them the managed
local Neo4j (see `coderooms.neo4j_local`) is used. Everything else carries the `CODEROOMS_` prefix.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

DEFAULT_NEO4J_VERSION = "5.26.30"
"""The Neo4j 5.26 LTS Community release the managed local server provisions."""

DEFAULT_BROWSER_VERSION = "5.24.0"
"""The newest Neo4j Browser build published for the 5.x line."""


def default_home() -> Path:
    return Path.home() / ".cache" / "coderooms"


class Settings(BaseSettings):
    """Every knob of coderooms. Flags of the CLI override these; tests build their own."""

    model_config = SettingsConfigDict(env_prefix="CODEROOMS_", extra="ignore")

    neo4j_uri: str | None = Field(
        default=None, validation_alias=AliasChoices("NEO4J_URI", "CODEROOMS_NEO4J_URI")
    )
    neo4j_user: str = Field(
        default="neo4j", validation_alias=AliasChoices("NEO4J_USER", "CODEROOMS_NEO4J_USER")
    )
    neo4j_password: str | None = Field(
        default=None,
        validation_alias=AliasChoices("NEO4J_PASSWORD", "CODEROOMS_NEO4J_PASSWORD"),
    )
    neo4j_database: str = Field(
        default="neo4j",
        validation_alias=AliasChoices("NEO4J_DATABASE", "CODEROOMS_NEO4J_DATABASE"),
    )

    home: Path = Field(default_factory=default_home)
    """Cache directory: the Neo4j distribution and the managed instances live here."""
    instance: str = "default"
    """Name of the managed local instance (tests use their own)."""
    neo4j_version: str = DEFAULT_NEO4J_VERSION
    browser_version: str = DEFAULT_BROWSER_VERSION
    bolt_port: int | None = None
    """Fixed Bolt port for the managed instance; free ports are chosen when unset."""
    http_port: int | None = None
    neo4j_heap: str = "1g"
    neo4j_pagecache: str = "auto"
    """`auto`: sized to the store at each start (neo4j_local/memory.py); or a size (`2g`)."""

    roots: Annotated[list[Path], NoDecode] = Field(default_factory=list)
    """The directories agents may ingest, watch, read and write (`serve --root`; in the
    environment `CODEROOMS_ROOTS`, separated by `os.pathsep`). Empty: the working directory the
    server starts in, unless it may not be a root (`/`, the home directory...): then none."""
    allow_exec_bit: bool = False
    """Keep the executable bit of a file an edit rewrites (off: every rewrite drops it)."""
    allow_hook_config: bool = False
    """Let edits write hook-manager configuration (`.pre-commit-config.yaml`, `lefthook.yml`...,
    `coderooms.scope.names.HOOK_CONFIG_NAMES`); off: refused, since a git hook runs what it
    names."""

    watch_roots: bool = False
    """Keep the operator's roots fresh from this server once their startup ingest is done
    (`serve --root`; `--no-watch` turns it off)."""

    cypher_user: str | None = None
    cypher_password: str | None = None
    """A Neo4j user the `cypher` verb connects as (`CODEROOMS_CYPHER_USER`,
    `CODEROOMS_CYPHER_PASSWORD`): on a Neo4j with roles (Enterprise), one granted only reads
    (the built-in `reader` role) adds the server's own refusal of any write to the verb's
    checks. Unset: the verb uses the server's connection (Community has no roles)."""

    read_only: bool = False
    """Write nothing at all: no schema migration, no startup ingest, no embedding backfill; the
    verbs that write are neither listed nor served (coderooms.verbs.effects)."""
    allow_session_state: bool = False
    """With `read_only`: still serve the verbs that write session state only (previews, proof
    marks, perspectives, alert acknowledgements), and record agents."""

    tools: str = "core"
    """The presets of verbs the server lists and serves, comma-separated (`serve --tools`):
    core, edit, navigate, freshness, admin, all (coderooms.verbs.presets)."""

    http_token: SecretStr | None = None
    """Bearer token the HTTP transport requires (`Authorization: Bearer ...`); required when
    `serve --http` binds anything but loopback."""
    http_allowed_hosts: Annotated[list[str], NoDecode] = Field(default_factory=list)
    """Host names, besides loopback and the bound address, that requests may name in `Host`
    (comma-separated in `CODEROOMS_HTTP_ALLOWED_HOSTS`), e.g. a compose service name."""
    proof_gate: bool = False

    @field_validator("roots", mode="before")
    @classmethod
    def _split_roots(cls, value: object) -> object:
        if isinstance(value, str):
            return [part for part in value.split(os.pathsep) if part.strip()]
        return value

    @field_validator("http_allowed_hosts", mode="before")
    @classmethod
    def _split_hosts(cls, value: object) -> object:
        if isinstance(value, str):
            return [part.strip() for part in value.split(",") if part.strip()]
        return value

    @field_validator("http_token", mode="before")
    @classmethod
    def _blank_token_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @property
    def writes_session_state(self) -> bool:
        return not self.read_only or self.allow_session_state

    @property
    def uses_external_neo4j(self) -> bool:
        return self.neo4j_uri is not None
