from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from coderooms.config import Settings
from coderooms.errors import ProvisionError
from coderooms.neo4j_local.distribution import Distribution
from coderooms.neo4j_local.instance import Instance, InstanceState
from coderooms.neo4j_local.java import VERSION_PATTERN
from coderooms.neo4j_local.ports import free_port, is_free


def make_instance(tmp_path: Path, **overrides: object) -> Instance:
    return Instance(Settings(home=tmp_path, instance="unit", neo4j_uri=None, **overrides))


def test_damaged_state_file_gives_a_clear_error(tmp_path: Path) -> None:
    instance = make_instance(tmp_path)
    instance.dir.mkdir(parents=True)
    instance.state_path.write_text("{not json")
    with pytest.raises(ProvisionError, match="damaged") as raised:
        instance.load_state()
    assert "neo4j reset" in raised.value.hint


def test_state_file_is_private(tmp_path: Path) -> None:
    instance = make_instance(tmp_path)
    instance.save_state(InstanceState(1, 2, "pw", "5.26.30"))
    assert instance.state_path.stat().st_mode & 0o077 == 0
    assert instance.load_state() == InstanceState(1, 2, "pw", "5.26.30")


def test_fixed_port_taken_by_another_process_is_refused(tmp_path: Path) -> None:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        taken = holder.getsockname()[1]
        instance = make_instance(tmp_path, bolt_port=taken)
        with pytest.raises(ProvisionError, match=f"port {taken}"):
            instance._prepare_state(None)


def test_previous_ports_are_reused_when_free_and_replaced_when_taken(tmp_path: Path) -> None:
    instance = make_instance(tmp_path)
    bolt, http = free_port(), free_port()
    state = instance._prepare_state(InstanceState(bolt, http, "pw", "5.26.30"))
    assert (state.bolt_port, state.http_port, state.password) == (bolt, http, "pw")
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", bolt))
        holder.listen()
        moved = instance._prepare_state(InstanceState(bolt, http, "pw", "5.26.30"))
    assert moved.bolt_port != bolt
    assert is_free(moved.bolt_port)


def test_data_without_state_refuses_to_guess_the_password(tmp_path: Path) -> None:
    instance = make_instance(tmp_path)
    (instance.data_dir / "dbms").mkdir(parents=True)
    (instance.data_dir / "dbms" / "auth.ini").write_text("x")
    with pytest.raises(ProvisionError, match="state file is missing"):
        instance._prepare_state(None)


def test_config_binds_loopback_only(tmp_path: Path) -> None:
    instance = make_instance(tmp_path)
    instance._write_config(InstanceState(7001, 7002, "pw", "5.26.30"))
    conf = (instance.conf_dir / "neo4j.conf").read_text()
    assert "server.bolt.listen_address=127.0.0.1:7001" in conf
    assert "server.http.listen_address=127.0.0.1:7002" in conf
    assert "0.0.0.0" not in conf


def test_distribution_manifest_detects_damage(tmp_path: Path) -> None:
    dist = Distribution(tmp_path / "dist")
    (dist.lib).mkdir(parents=True)
    assert not dist.is_complete()
    (dist.lib / "neo4j-browser-5.24.0.jar").write_bytes(b"x" * 10)
    (dist.lib / "neo4j-5.26.30.jar").write_bytes(b"y" * 5)
    manifest = {"jars": {"neo4j-browser-5.24.0.jar": 10, "neo4j-5.26.30.jar": 5}}
    (dist.root / "manifest.json").write_text(json.dumps(manifest))
    assert dist.is_complete()
    (dist.lib / "neo4j-5.26.30.jar").write_bytes(b"truncated")
    assert not dist.is_complete()
    (dist.root / "manifest.json").write_text("garbage")
    assert not dist.is_complete()


def test_status_of_a_never_started_instance(tmp_path: Path) -> None:
    info = make_instance(tmp_path).status()
    assert info["running"] is False


@pytest.mark.parametrize(
    ("banner", "major"),
    [
        ('openjdk version "17.0.15" 2025-04-15', 17),
        ('java version "1.8.0_292"', 8),
        ('openjdk version "21" 2023-09-19', 21),
    ],
)
def test_java_version_parsing(banner: str, major: int) -> None:
    match = VERSION_PATTERN.search(banner)
    assert match is not None
    found = int(match.group(1))
    assert (int(match.group(2)) if found == 1 else found) == major


def test_missing_java_is_one_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from coderooms.neo4j_local import java

    monkeypatch.setattr(java, "find_java", lambda: None)
    monkeypatch.setattr(java, "install_java", lambda: False)
    with pytest.raises(ProvisionError, match="Java 17 or newer") as raised:
        java.require_java()
    assert "NEO4J_URI" in raised.value.hint


def test_cli_reports_missing_java_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from typer.testing import CliRunner

    from coderooms.cli import app
    from coderooms.neo4j_local import java

    monkeypatch.setenv("CODEROOMS_HOME", str(tmp_path))
    monkeypatch.delenv("NEO4J_URI", raising=False)
    monkeypatch.setattr(java, "find_java", lambda: None)
    monkeypatch.setattr(java, "install_java", lambda: False)
    result = CliRunner().invoke(app, ["neo4j", "install"])
    assert result.exit_code == 1
    assert "Java 17 or newer" in result.output
    assert "Traceback" not in result.output
