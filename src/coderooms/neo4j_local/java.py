"""Finding (and where possible installing) the Java runtime Neo4j 5 needs."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

from coderooms.errors import ProvisionError

MIN_JAVA = 17
VERSION_PATTERN = re.compile(r'version "(\d+)(?:\.(\d+))?')
APT_PACKAGE = "openjdk-17-jre-headless"


def java_candidates() -> list[Path]:
    found: list[Path] = []
    java_home = os.environ.get("JAVA_HOME")
    if java_home:
        found.append(Path(java_home) / "bin" / "java")
    on_path = shutil.which("java")
    if on_path:
        found.append(Path(on_path))
    return found


def java_major(java: Path) -> int | None:
    try:
        result = subprocess.run(
            [str(java), "-version"], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    match = VERSION_PATTERN.search(result.stderr + result.stdout)
    if not match:
        return None
    major = int(match.group(1))
    return int(match.group(2) or 0) if major == 1 else major


def find_java() -> tuple[Path, int] | None:
    """The first Java of version 17 or newer, with its major version."""
    for java in java_candidates():
        major = java_major(java)
        if major is not None and major >= MIN_JAVA:
            return java, major
    return None


def install_java() -> bool:
    """Install a headless JRE with apt-get when running as root on Debian/Ubuntu."""
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        return False
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (
        ["apt-get", "update", "-qq"],
        ["apt-get", "install", "-y", "-qq", APT_PACKAGE],
    ):
        if subprocess.run(command, env=env, capture_output=True, check=False).returncode != 0:
            return False
    return True


def require_java(*, may_install: bool = True) -> Path:
    found = find_java()
    if found is None and may_install and install_java():
        found = find_java()
    if found is None:
        raise ProvisionError(
            f"Java {MIN_JAVA} or newer is needed to run the managed Neo4j and none was found",
            hint=f"install one (apt-get install {APT_PACKAGE}) or set JAVA_HOME, "
            "or point NEO4J_URI at a Neo4j you run yourself",
        )
    return found[0]
