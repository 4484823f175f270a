"""Who may reach `serve --http`: the MCP specification's DNS-rebinding rule, and the operator's
bearer token.

- **Host and Origin** are checked on every request by FastMCP's own guard
  (`HostOriginGuardMiddleware`, strict mode): `Host` must name loopback (`localhost`,
  `127.0.0.1`, `::1`), the address the connection came in on, or a host the operator allowed
  (`CODEROOMS_HTTP_ALLOWED_HOSTS`), else 421; an `Origin`, when sent, must be a loopback origin
  (with a loopback `Host`) or the server's own origin, else 403. A DNS-rebinding page names its
  own host in both, so it is refused before any MCP session opens. The port in `Host` is not
  compared: it is the port the client connected to, which the attacker does not choose.
- **The token** (`CODEROOMS_HTTP_TOKEN`): when set, every request needs
  `Authorization: Bearer <token>` (401 otherwise), compared in constant time. A bind that is not
  loopback (`0.0.0.0`, a LAN address, a host name) refuses to start without one.
"""

from __future__ import annotations

import hmac
import ipaddress
from typing import Any

from fastmcp.server.auth import AccessToken, TokenVerifier

from coderooms.config import Settings
from coderooms.errors import InvalidInput

MIN_TOKEN_CHARS = 16
"""A shorter token is guessable; `openssl rand -hex 32` gives 64 characters."""
LOOPBACK_NAMES = ("localhost",)
OPERATOR_CLIENT_ID = "coderooms-operator-token"


def is_loopback(host: str) -> bool:
    """Whether binding `host` listens on this machine only (`[::1]` as well as `::1`)."""
    name = host.strip().lower().removeprefix("[").removesuffix("]")
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def bind_host(host: str) -> str:
    """The address uvicorn binds (`[::1]` is written for a URL, bound as `::1`)."""
    return host.removeprefix("[").removesuffix("]")


def checked_token(settings: Settings, host: str) -> str | None:
    """The operator's token for serving HTTP on `host`; refuse what must not start."""
    token = settings.http_token.get_secret_value() if settings.http_token else None
    if token is None:
        if not is_loopback(host):
            raise InvalidInput(
                f"--http binds {host}, which is not loopback, and CODEROOMS_HTTP_TOKEN is not set",
                field="--http",
                hint="set CODEROOMS_HTTP_TOKEN (e.g. `openssl rand -hex 32`) so that every "
                "request must carry it, or bind 127.0.0.1",
            )
        return None
    if len(token) < MIN_TOKEN_CHARS or token != token.strip():
        raise InvalidInput(
            f"CODEROOMS_HTTP_TOKEN must be at least {MIN_TOKEN_CHARS} characters, without "
            "surrounding spaces",
            field="CODEROOMS_HTTP_TOKEN",
            hint="generate one with `openssl rand -hex 32`",
        )
    return token


class OperatorToken(TokenVerifier):
    """Admits a request whose bearer token is the operator's (constant-time comparison)."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self._token = token.encode()

    async def verify_token(self, token: str) -> AccessToken | None:
        if not hmac.compare_digest(token.encode(), self._token):
            return None
        return AccessToken(token=token, client_id=OPERATOR_CLIENT_ID, scopes=[])


def http_run_options(settings: Settings, host: str, port: int) -> dict[str, Any]:
    """The arguments of `FastMCP.run` for the HTTP transport, Host/Origin checks on."""
    return {
        "transport": "http",
        "host": bind_host(host),
        "port": port,
        "host_origin_protection": True,
        "allowed_hosts": list(settings.http_allowed_hosts),
        "show_banner": False,
    }
