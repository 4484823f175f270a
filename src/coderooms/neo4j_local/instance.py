"""One managed Neo4j instance: its directory, configuration, process and state file.

Layout under `<home>/instances/<name>/`: `conf/neo4j.conf`, `data/`, `logs/`, `run/`, and
`instance.json` (ports, generated password, pid; readable by the owner only).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import signal
import subprocess
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from coderooms.config import Settings
from coderooms.errors import CoderoomsError, ProvisionError
from coderooms.graph.driver import Connection, Graph
from coderooms.neo4j_local.distribution import ADMIN_CLASS, ENTRY_CLASS, ensure_distribution
from coderooms.neo4j_local.java import require_java
from coderooms.neo4j_local.memory import page_cache_size
from coderooms.neo4j_local.ports import LOOPBACK, answers, free_port, is_free

START_TIMEOUT_S = 180.0
STOP_TIMEOUT_S = 60.0
POLL_S = 0.25
LOG_TAIL_LINES = 12

JVM_FLAGS = (
    "-XX:+UseG1GC",
    "-XX:-OmitStackTraceInFastThrow",
    "-XX:+UnlockExperimentalVMOptions",
    "-XX:+TrustFinalNonStaticFields",
    "-XX:+DisableExplicitGC",
    "-Djdk.nio.maxCachedBufferSize=1024",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "-Dlog4j2.disable.jmx=true",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
)


@dataclass(slots=True)
class InstanceState:
    bolt_port: int
    http_port: int
    password: str
    version: str
    pid: int | None = None


class Instance:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.dir = settings.home / "instances" / settings.instance

    @property
    def state_path(self) -> Path:
        return self.dir / "instance.json"

    @property
    def conf_dir(self) -> Path:
        return self.dir / "conf"

    @property
    def data_dir(self) -> Path:
        return self.dir / "data"

    @property
    def logs_dir(self) -> Path:
        return self.dir / "logs"

    @property
    def console_log(self) -> Path:
        return self.logs_dir / "console.log"

    # -- state -------------------------------------------------------------------------------

    def load_state(self) -> InstanceState | None:
        if not self.state_path.exists():
            return None
        try:
            raw = json.loads(self.state_path.read_text())
            return InstanceState(**raw)
        except (OSError, ValueError, TypeError) as e:
            raise ProvisionError(
                f"the managed Neo4j state file {self.state_path} is damaged",
                hint="run `coderooms neo4j reset` to recreate the instance (its graph is lost)",
            ) from e

    def save_state(self, state: InstanceState) -> None:
        self.dir.mkdir(parents=True, exist_ok=True)
        temp = self.state_path.with_suffix(".tmp")
        temp.write_text(json.dumps(asdict(state), indent=1))
        temp.chmod(0o600)
        temp.replace(self.state_path)

    def connection(self) -> Connection:
        state = self.load_state()
        if state is None:
            raise ProvisionError(
                "the managed Neo4j has never been started",
                hint="run `coderooms neo4j start`, or set NEO4J_URI",
            )
        return Connection(
            uri=f"bolt://{LOOPBACK}:{state.bolt_port}",
            user="neo4j",
            password=state.password,
            database="neo4j",
            managed=True,
        )

    # -- process -----------------------------------------------------------------------------

    def pid(self) -> int | None:
        """The pid of this instance's server process, if it is alive."""
        state = self.load_state()
        if state is None or state.pid is None:
            return None
        try:
            cmdline = Path(f"/proc/{state.pid}/cmdline").read_bytes()
        except OSError:
            return None
        mine = ENTRY_CLASS.encode() in cmdline and str(self.dir).encode() in cmdline
        return state.pid if mine else None

    def is_running(self) -> bool:
        return self.pid() is not None

    def start(self) -> InstanceState:
        """Start the instance (installing what is missing) and wait until Bolt answers.

        Starting a running instance does nothing and returns its state."""
        state = self.load_state()
        if state is not None and self.is_running():
            self._wait_until_ready(state)
            return state
        java = require_java()
        dist = ensure_distribution(self.settings)
        state = self._prepare_state(state)
        self._write_config(state)
        self._set_initial_password(java, dist.classpath, state)
        self.logs_dir.mkdir(parents=True, exist_ok=True)
        with self.console_log.open("ab") as log:
            process = subprocess.Popen(
                [
                    str(java),
                    f"-Xms{self.settings.neo4j_heap}",
                    f"-Xmx{self.settings.neo4j_heap}",
                    *JVM_FLAGS,
                    "-cp",
                    dist.classpath,
                    ENTRY_CLASS,
                    f"--home-dir={self.dir}",
                    f"--config-dir={self.conf_dir}",
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env=self._env(),
                start_new_session=True,
            )
        state.pid = process.pid
        self.save_state(state)
        self._wait_until_ready(state, process)
        return state

    def stop(self) -> bool:
        """Stop the server cleanly (SIGTERM, then SIGKILL after a grace period).

        Returns whether a running server was stopped."""
        pid = self.pid()
        if pid is None:
            return False
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + STOP_TIMEOUT_S
        while time.monotonic() < deadline and self.pid() == pid:
            _reap(pid)
            time.sleep(POLL_S)
        if self.pid() == pid:
            os.kill(pid, signal.SIGKILL)
            _reap(pid)
        return True

    def status(self) -> dict[str, Any]:
        state = self.load_state()
        running = state is not None and self.is_running()
        info: dict[str, Any] = {
            "instance": self.settings.instance,
            "directory": str(self.dir),
            "running": running,
            "version": state.version if state else self.settings.neo4j_version,
        }
        if state is not None:
            info |= {
                "pid": state.pid if running else None,
                "bolt_uri": f"bolt://{LOOPBACK}:{state.bolt_port}",
                "browser_url": f"http://{LOOPBACK}:{state.http_port}/browser/",
                "user": "neo4j",
                "password_file": str(self.state_path),
                "bolt_answers": running and answers(state.bolt_port),
                "browser_answers": running and answers(state.http_port),
            }
        return info

    def log_tail(self, lines: int = LOG_TAIL_LINES) -> str:
        chunks = []
        for path in (self.console_log, self.logs_dir / "neo4j.log"):
            with contextlib.suppress(OSError):
                chunks.extend(path.read_text(errors="replace").splitlines()[-lines:])
        return "\n".join(chunks[-lines:])

    # -- helpers -----------------------------------------------------------------------------

    def _env(self) -> dict[str, str]:
        return {**os.environ, "NEO4J_HOME": str(self.dir), "NEO4J_CONF": str(self.conf_dir)}

    def _prepare_state(self, previous: InstanceState | None) -> InstanceState:
        if previous is None and (self.data_dir / "dbms" / "auth.ini").exists():
            raise ProvisionError(
                f"the managed Neo4j at {self.dir} has data but its state file is missing",
                hint="run `coderooms neo4j reset` to recreate the instance (its graph is lost)",
            )
        password = previous.password if previous else secrets.token_urlsafe(18)
        bolt = self._choose_port(self.settings.bolt_port, previous.bolt_port if previous else None)
        http = self._choose_port(
            self.settings.http_port, previous.http_port if previous else None, {bolt}
        )
        return InstanceState(bolt, http, password, self.settings.neo4j_version)

    @staticmethod
    def _choose_port(fixed: int | None, previous: int | None, taken: set[int] | None = None) -> int:
        taken = taken or set()
        if fixed is not None:
            if not is_free(fixed) or fixed in taken:
                raise ProvisionError(
                    f"port {fixed} on {LOOPBACK} is already taken by another process",
                    hint="free it, or unset CODEROOMS_BOLT_PORT / CODEROOMS_HTTP_PORT "
                    "to let coderooms pick free ports",
                )
            return fixed
        if previous and previous not in taken and is_free(previous):
            return previous
        port = free_port()
        while port in taken:
            port = free_port()
        return port

    def _write_config(self, state: InstanceState) -> None:
        for folder in (self.conf_dir, self.data_dir, self.logs_dir, self.dir / "run"):
            folder.mkdir(parents=True, exist_ok=True)
        (self.dir / "plugins").mkdir(exist_ok=True)
        lines = [
            f"server.default_listen_address={LOOPBACK}",
            f"server.default_advertised_address={LOOPBACK}",
            f"server.bolt.listen_address={LOOPBACK}:{state.bolt_port}",
            f"server.bolt.advertised_address={LOOPBACK}:{state.bolt_port}",
            f"server.http.listen_address={LOOPBACK}:{state.http_port}",
            f"server.http.advertised_address={LOOPBACK}:{state.http_port}",
            "server.https.enabled=false",
            f"server.directories.data={self.data_dir}",
            f"server.directories.logs={self.logs_dir}",
            f"server.directories.plugins={self.dir / 'plugins'}",
            f"server.directories.run={self.dir / 'run'}",
            "server.memory.pagecache.size="
            + page_cache_size(self.settings.neo4j_pagecache, self.data_dir / "databases"),
            "dbms.security.auth_enabled=true",
            "db.tx_log.rotation.retention_policy=1 files",
            "dbms.usage_report.enabled=false",
        ]
        (self.conf_dir / "neo4j.conf").write_text("\n".join(lines) + "\n")

    def _set_initial_password(self, java: Path, classpath: str, state: InstanceState) -> None:
        if (self.data_dir / "dbms" / "auth.ini").exists():
            return
        result = subprocess.run(
            [
                str(java),
                "-cp",
                classpath,
                ADMIN_CLASS,
                "dbms",
                "set-initial-password",
                state.password,
            ],
            env=self._env(),
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        if result.returncode != 0:
            raise ProvisionError(
                "could not set the managed Neo4j's password: " + result.stderr.strip()[-300:]
            )

    def _wait_until_ready(
        self, state: InstanceState, process: subprocess.Popen[bytes] | None = None
    ) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if process is not None and process.poll() is not None:
                raise ProvisionError(
                    f"the managed Neo4j exited during start (code {process.returncode})",
                    hint=f"see {self.logs_dir}; last lines:\n{self.log_tail()}",
                )
            if answers(state.bolt_port) and self._bolt_accepts(state):
                return
            time.sleep(POLL_S)
        raise ProvisionError(
            f"the managed Neo4j did not answer on Bolt port {state.bolt_port} "
            f"within {START_TIMEOUT_S:.0f} s",
            hint=f"see {self.logs_dir}; last lines:\n{self.log_tail()}",
        )

    def _bolt_accepts(self, state: InstanceState) -> bool:
        graph = Graph(self.connection())
        try:
            graph.verify()
        except CoderoomsError:
            return False
        finally:
            graph.close()
        return True


def _reap(pid: int) -> None:
    """Collect the exit status of a child we started, so it does not linger as a zombie."""
    with contextlib.suppress(ChildProcessError, OSError):
        os.waitpid(pid, os.WNOHANG)


def reset(instance: Instance) -> None:
    """Stop and delete the instance: its data, configuration and password."""
    import shutil

    instance.stop()
    shutil.rmtree(instance.dir, ignore_errors=True)
