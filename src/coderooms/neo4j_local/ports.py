"""Loopback ports for the managed instance."""

from __future__ import annotations

import contextlib
import socket

LOOPBACK = "127.0.0.1"


def is_free(port: int) -> bool:
    """Nobody listens on the port. SO_REUSEADDR as the server uses it: a port left in TIME_WAIT
    by a killed server is free, so a restart keeps its ports and clients reconnect."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((LOOPBACK, port))
        except OSError:
            return False
    return True


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((LOOPBACK, 0))
        return int(probe.getsockname()[1])


def answers(port: int, timeout: float = 0.5) -> bool:
    """Something accepts TCP connections on the port."""
    with contextlib.suppress(OSError), socket.create_connection((LOOPBACK, port), timeout=timeout):
        return True
    return False
