"""The Neo4j Community distribution, kept under `<home>/dist/neo4j-community-<version>/lib`.

Provisioned once and verified on every use against a manifest of jar names and sizes, so a cache
directory that was half-written or damaged is detected and rebuilt instead of failing obscurely.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

from coderooms.config import Settings
from coderooms.errors import ProvisionError

MANIFEST = "manifest.json"
ENTRY_CLASS = "org.neo4j.server.CommunityEntryPoint"
ADMIN_CLASS = "org.neo4j.cli.AdminTool"
TARBALL_URL = "https://dist.neo4j.org/neo4j-community-{version}-unix.tar.gz"
MAVEN_TIMEOUT_S = 1800
DOWNLOAD_TIMEOUT_S = 600

POM = """<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>coderooms</groupId><artifactId>neo4j-local</artifactId><version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.neo4j</groupId><artifactId>neo4j</artifactId>
      <version>{version}</version></dependency>
    <dependency><groupId>org.neo4j.app</groupId><artifactId>neo4j-server</artifactId>
      <version>{version}</version></dependency>
    <dependency><groupId>org.neo4j.client</groupId><artifactId>neo4j-browser</artifactId>
      <version>{browser}</version></dependency>
  </dependencies>
</project>
"""


@dataclass(frozen=True, slots=True)
class Distribution:
    root: Path

    @property
    def lib(self) -> Path:
        return self.root / "lib"

    @property
    def classpath(self) -> str:
        return str(self.lib / "*")

    def is_complete(self) -> bool:
        try:
            manifest = json.loads((self.root / MANIFEST).read_text())
        except (OSError, ValueError):
            return False
        if not isinstance(manifest, dict) or not manifest.get("jars"):
            return False
        for name, size in manifest["jars"].items():
            jar = self.lib / name
            if not jar.is_file() or jar.stat().st_size != size:
                return False
        return any(name.startswith("neo4j-browser") for name in manifest["jars"])


def distribution_for(settings: Settings) -> Distribution:
    return Distribution(settings.home / "dist" / f"neo4j-community-{settings.neo4j_version}")


def ensure_distribution(settings: Settings) -> Distribution:
    """The verified distribution, provisioning (or re-provisioning a damaged one) as needed."""
    dist = distribution_for(settings)
    if dist.is_complete():
        return dist
    if dist.root.exists():
        shutil.rmtree(dist.root)
    staging = Path(tempfile.mkdtemp(prefix="dist-", dir=_ensure_dir(dist.root.parent)))
    try:
        if shutil.which("mvn"):
            _assemble_with_maven(settings, staging / "lib")
        else:
            _download_tarball(settings, staging / "lib")
        _write_manifest(staging, settings)
        staging.rename(dist.root)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    if not dist.is_complete():
        raise ProvisionError(f"the Neo4j distribution at {dist.root} is incomplete after install")
    return dist


def _ensure_dir(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def _assemble_with_maven(settings: Settings, lib: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="coderooms-mvn-") as work:
        pom = Path(work) / "pom.xml"
        pom.write_text(POM.format(version=settings.neo4j_version, browser=settings.browser_version))
        command = [
            "mvn",
            "-q",
            "-B",
            "-f",
            str(pom),
            "dependency:copy-dependencies",
            f"-DoutputDirectory={lib}",
            "-DincludeScope=runtime",
        ]
        try:
            result = subprocess.run(
                command, capture_output=True, text=True, timeout=MAVEN_TIMEOUT_S, check=False
            )
        except subprocess.TimeoutExpired as e:
            raise ProvisionError("Maven took too long to fetch Neo4j") from e
        if result.returncode != 0:
            tail = (result.stdout + result.stderr).strip().splitlines()[-5:]
            raise ProvisionError(
                f"Maven could not fetch Neo4j {settings.neo4j_version}: " + " | ".join(tail),
                hint="check that Maven Central is reachable, or set NEO4J_URI to a running Neo4j",
            )


def _download_tarball(settings: Settings, lib: Path) -> None:
    url = TARBALL_URL.format(version=settings.neo4j_version)
    lib.mkdir(parents=True)
    with tempfile.TemporaryFile() as buffer:
        try:
            import urllib.request  # only here: every command opening the graph imports this module

            with urllib.request.urlopen(url, timeout=DOWNLOAD_TIMEOUT_S) as response:  # noqa: S310
                shutil.copyfileobj(response, buffer)
        except OSError as e:
            raise ProvisionError(
                f"could not download {url}: {e}",
                hint="install Maven (apt-get install maven) or set NEO4J_URI",
            ) from e
        buffer.seek(0)
        with tarfile.open(fileobj=buffer, mode="r:gz") as archive:
            for member in archive.getmembers():
                parts = Path(member.name).parts
                if len(parts) == 3 and parts[1] == "lib" and member.isfile():
                    source = archive.extractfile(member)
                    if source is not None:
                        (lib / parts[2]).write_bytes(source.read())


def _write_manifest(root: Path, settings: Settings) -> None:
    jars = {jar.name: jar.stat().st_size for jar in sorted((root / "lib").glob("*.jar"))}
    if not jars:
        raise ProvisionError("no Neo4j jars were fetched")
    manifest = {"version": settings.neo4j_version, "jars": jars}
    (root / MANIFEST).write_text(json.dumps(manifest, indent=1))
