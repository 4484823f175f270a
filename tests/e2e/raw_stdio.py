"""`coderooms serve` over stdio driven by hand, one JSON-RPC message a line: for what a client
library hides, such as whether a cancelled request is ever answered."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

Message = dict[str, Any]
PROTOCOL_VERSION = "2025-06-18"


class RawServer:
    def __init__(self, env: dict[str, str]) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "coderooms", "serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            text=True,
            encoding="utf-8",
        )
        self.inbox: queue.Queue[Message] = queue.Queue()
        self.received: list[Message] = []
        """Every message the server sent, in order."""
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.strip():
                self.inbox.put(json.loads(line))

    def send(self, message: Message) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"jsonrpc": "2.0", **message}) + "\n")
        self.process.stdin.flush()

    def wait_for(self, wanted: Callable[[Message], bool], timeout_s: float) -> Message:
        deadline = time.monotonic() + timeout_s
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the server sent no such message in time")
            try:
                message = self.inbox.get(timeout=left)
            except queue.Empty:
                continue
            self.received.append(message)
            if wanted(message):
                return message

    def request(self, request_id: int, method: str, params: Message, timeout_s: float) -> Message:
        self.send({"id": request_id, "method": method, "params": params})
        return self.wait_for(lambda m: m.get("id") == request_id, timeout_s)

    def initialize(self, timeout_s: float) -> None:
        params = {
            "protocolVersion": PROTOCOL_VERSION,
            "capabilities": {},
            "clientInfo": {"name": "raw-e2e", "version": "0"},
        }
        self.request(0, "initialize", params, timeout_s)
        self.send({"method": "notifications/initialized"})

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
