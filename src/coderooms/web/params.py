"""A page's query parameters, checked the way a verb checks its arguments: text bounded and free
of control characters, numbers whole, each refusal naming the parameter."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass

from coderooms.errors import InvalidInput

MAX_PARAM_CHARS = 2_000
"""A longer parameter is no question a page answers (ids and paths are far shorter)."""


@dataclass(frozen=True, slots=True)
class Params:
    values: Mapping[str, str]

    def text(self, name: str) -> str | None:
        value = self.values.get(name)
        if value is None or value == "":
            return None
        if len(value) > MAX_PARAM_CHARS:
            raise InvalidInput(f"{name} is longer than {MAX_PARAM_CHARS} characters", field=name)
        if any(unicodedata.category(ch) in {"Cc", "Cs"} for ch in value):
            raise InvalidInput(f"{name} contains a control character", field=name)
        return value

    def required(self, name: str) -> str:
        value = self.text(name)
        if value is None:
            raise InvalidInput(f"{name} is required", field=name)
        return value

    def number(self, name: str, default: int) -> int:
        value = self.text(name)
        if value is None:
            return default
        if not value.isdigit() or len(value) > 6:
            raise InvalidInput(f"{name} must be a whole number, got {value[:20]!r}", field=name)
        return int(value)
