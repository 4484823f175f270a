"""A JSON settings file edited in place: one member set or removed, every other byte kept.

Clients keep their MCP servers beside unrelated settings, and VS Code's and Zed's files are
JSONC (comments, trailing commas). Loading and dumping would drop the comments and reformat the
whole file; so a small scanner finds the spans of the objects on the way to the entry, and only
that entry's text is written, removed or inserted (indented like its neighbours). The result is
parsed again and compared with what was meant (`edited_document`), so no edit can change
another key unseen.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, NoReturn

from coderooms.errors import InvalidInput

_NUMBER_OR_WORD = re.compile(r"[-+0-9A-Za-z_.]+")


@dataclass(slots=True)
class Node:
    """A value's span `[start, end)`; an object's members in order."""

    start: int
    end: int
    members: list[Member] | None = None
    """None: not an object."""


@dataclass(slots=True)
class Member:
    key: str
    start: int
    """Where its key's opening quote is."""
    value: Node = field(repr=False)


class Scanner:
    """Reads JSON with `//` and `/* */` comments and trailing commas (JSONC)."""

    def __init__(self, text: str, where: str) -> None:
        self.text = text
        self.where = where
        self.at = 0

    def document(self) -> Node:
        self.skip()
        if self.at == len(self.text):  # an empty file is an empty object
            return Node(0, 0, [])
        root = self.value()
        self.skip()
        if self.at != len(self.text):
            self.fail("text after the end of the document")
        if root.members is None:
            self.fail("the document is not a JSON object", at=root.start)
        return root

    def value(self) -> Node:
        self.skip()
        if self.at >= len(self.text):
            self.fail("unexpected end of file")
        char = self.text[self.at]
        if char == "{":
            return self.object()
        if char == "[":
            return self.array()
        if char == '"':
            start = self.at
            self.string()
            return Node(start, self.at)
        match = _NUMBER_OR_WORD.match(self.text, self.at)
        if not match:
            self.fail(f"unexpected {char!r}")
        start, self.at = self.at, match.end()
        try:
            json.loads(self.text[start : self.at])
        except ValueError:
            self.fail(f"{self.text[start : self.at]!r} is not a JSON value", at=start)
        return Node(start, self.at)

    def object(self) -> Node:
        start = self.at
        self.at += 1
        members: list[Member] = []
        while True:
            self.skip()
            if self.peek() == "}":
                self.at += 1
                return Node(start, self.at, members)
            if self.peek() != '"':
                self.fail("expected a key in quotes or '}'")
            key_start = self.at
            key = self.string()
            self.skip()
            if self.peek() != ":":
                self.fail("expected ':' after a key")
            self.at += 1
            members.append(Member(key, key_start, self.value()))
            self.skip()
            if self.peek() == ",":
                self.at += 1
            elif self.peek() != "}":
                self.fail("expected ',' or '}'")

    def array(self) -> Node:
        start = self.at
        self.at += 1
        while True:
            self.skip()
            if self.peek() == "]":
                self.at += 1
                return Node(start, self.at)
            self.value()
            self.skip()
            if self.peek() == ",":
                self.at += 1
            elif self.peek() != "]":
                self.fail("expected ',' or ']'")

    def string(self) -> str:
        start = self.at
        self.at += 1
        while self.at < len(self.text):
            char = self.text[self.at]
            if char == "\\":
                self.at += 2
                continue
            self.at += 1
            if char == '"':
                break
        else:
            self.fail("a string is not closed", at=start)
        try:
            return str(json.loads(self.text[start : self.at]))
        except ValueError:
            self.fail("a string with a bad escape", at=start)

    def skip(self) -> None:
        """Past whitespace and comments."""
        text = self.text
        while self.at < len(text):
            if text[self.at] in " \t\r\n\ufeff":
                self.at += 1
            elif text.startswith("//", self.at):
                end = text.find("\n", self.at)
                self.at = len(text) if end < 0 else end + 1
            elif text.startswith("/*", self.at):
                end = text.find("*/", self.at + 2)
                if end < 0:
                    self.fail("a /* comment is not closed")
                self.at = end + 2
            else:
                return

    def peek(self) -> str:
        return self.text[self.at] if self.at < len(self.text) else ""

    def fail(self, what: str, at: int | None = None) -> NoReturn:
        spot = self.at if at is None else at
        line = self.text.count("\n", 0, spot) + 1
        column = spot - (self.text.rfind("\n", 0, spot) + 1) + 1
        raise InvalidInput(
            f"{self.where} is not valid JSON at line {line}, column {column}: {what}",
            field="config",
            hint="fix the file (or move it aside) and run setup again; nothing was written",
        )


def loads(text: str, where: str, *, comments: bool) -> dict[str, Any]:
    """The document's value; `comments`: JSONC (comments and trailing commas allowed)."""
    Scanner(text, where).document()  # refuses what is not JSON(C), naming line and column
    if not text.strip():
        return {}
    plain = _plain(text)
    if not comments and plain != text.replace("\ufeff", ""):
        raise InvalidInput(
            f"{where} holds comments or trailing commas, which this client's JSON does not allow",
            field="config",
            hint="remove them and run setup again; nothing was written",
        )
    value = json.loads(plain)
    if not isinstance(value, dict):
        raise InvalidInput(f"{where} is not a JSON object", field="config")
    return value


def _plain(text: str) -> str:
    """Strict JSON: comments and trailing commas blanked out (strings kept as they are)."""
    out: list[str] = []
    at = 0
    in_string = False
    while at < len(text):
        char = text[at]
        if in_string:
            out.append(char)
            if char == "\\" and at + 1 < len(text):
                out.append(text[at + 1])
                at += 2
                continue
            in_string = char != '"'
            at += 1
        elif char == '"':
            in_string = True
            out.append(char)
            at += 1
        elif text.startswith("//", at):
            end = text.find("\n", at)
            end = len(text) if end < 0 else end
            out.append(" " * (end - at))
            at = end
        elif text.startswith("/*", at):
            end = text.find("*/", at + 2) + 2
            out.append(re.sub(r"[^\n]", " ", text[at:end]))
            at = end
        elif char == "\ufeff":
            at += 1
        else:
            out.append(char)
            at += 1
    return re.sub(r",(\s*[}\]])", r" \1", "".join(out))


def find(root: Node, path: tuple[str, ...], where: str) -> tuple[list[Node], Member | None]:
    """The objects along `path[:-1]` that exist (root first), and the member `path[-1]` of the
    last one when every one exists. A key given twice, or a non-object on the way, is refused."""
    chain = [root]
    node = root
    for depth, key in enumerate(path):
        assert node.members is not None
        found = [m for m in node.members if m.key == key]
        if len(found) > 1:
            raise InvalidInput(
                f"{where} names {'.'.join(path[: depth + 1])!r} twice", field="config",
                hint="keep one of them and run setup again",
            )  # fmt: skip
        if not found:
            return chain, None
        if depth == len(path) - 1:
            return chain, found[0]
        if found[0].value.members is None:
            raise InvalidInput(
                f"{where}: {'.'.join(path[: depth + 1])!r} is not an object", field="config",
                hint="fix the file by hand; nothing was written",
            )  # fmt: skip
        node = found[0].value
        chain.append(node)
    raise AssertionError("an empty path")


def set_member(text: str, path: tuple[str, ...], value: Any, where: str) -> str:
    """`text` with the member at `path` set to `value` (objects on the way created)."""
    root = Scanner(text, where).document()
    if not text.strip():
        return json.dumps(_nested(path, value), indent=2, ensure_ascii=False) + "\n"
    chain, member = find(root, path, where)
    unit = _indent_unit(text, root)
    if member is not None:
        indent = _line_indent(text, member.start)
        return _splice(text, member.value.start, member.value.end, _dumped(value, indent, unit))
    parent = chain[-1]
    rest = path[len(chain) - 1 :]
    nested = _nested(rest[1:], value) if len(rest) > 1 else value
    return _insert(text, parent, rest[0], nested, unit)


def remove_member(text: str, path: tuple[str, ...], where: str) -> str | None:
    """`text` without the member at `path` (its lines, when it has them to itself); None when
    it is not there."""
    root = Scanner(text, where).document()
    chain, member = find(root, path, where)
    if member is None:
        return None
    parent = chain[-1]
    assert parent.members is not None
    index = parent.members.index(member)
    after = _after_comma(text, member.value.end)
    start = _line_start_if_blank(text, member.start)
    end = _line_end_if_blank(text, after)
    edited = _splice(text, start, end, "")
    if after == member.value.end and index > 0:  # the last one: the comma before it goes
        before = parent.members[index - 1].value.end
        comma = _after_comma(text, before)
        if comma != before:
            edited = _splice(edited, comma - 1, comma, "")
    if len(parent.members) == 1 and not _has_comment(text, parent):
        return _splice(edited, parent.start, parent.end - (len(text) - len(edited)), "{}")
    return edited


def _insert(text: str, parent: Node, key: str, value: Any, unit: str) -> str:
    """`"key": value` after the parent's last member, on a line of its own (after that
    member's comma and comment), or as the first member of an empty object."""
    assert parent.members is not None
    if parent.members:
        last = parent.members[-1]
        indent = _line_indent(text, last.start)
        entry = f"{json.dumps(key, ensure_ascii=False)}: {_dumped(value, indent, unit)}"
        comma = _after_comma(text, last.value.end)
        if comma != last.value.end:  # a trailing comma: the new last member keeps one
            at = _line_end(text, comma)
            return _splice(text, at, at, f"\n{indent}{entry},")
        at = _line_end(text, last.value.end)
        text = _splice(text, at, at, f"\n{indent}{entry}")
        return _splice(text, last.value.end, last.value.end, ",")
    indent = _line_indent(text, parent.start) + unit
    entry = f"{json.dumps(key, ensure_ascii=False)}: {_dumped(value, indent, unit)}"
    close = parent.end - 1
    outer = _line_indent(text, parent.start)
    if text[parent.start + 1 : close].strip():  # only comments inside: keep them
        return _splice(text, close, close, f"{indent}{entry}\n{outer}")
    return _splice(text, parent.start, parent.end, f"{{\n{indent}{entry}\n{outer}}}")


def _line_end(text: str, at: int) -> int:
    """The end of `at`'s line when the rest of it is blank or a `//` comment, else `at`."""
    line_end = text.find("\n", at)
    line_end = len(text) if line_end < 0 else line_end
    rest = text[at:line_end].strip()
    return line_end if not rest or rest.startswith("//") else at


def _dumped(value: Any, indent: str, unit: str) -> str:
    """The value as JSON, its inner lines indented under `indent`."""
    text = json.dumps(value, indent=unit, ensure_ascii=False)
    return text.replace("\n", "\n" + indent)


def _nested(path: tuple[str, ...], value: Any) -> Any:
    for key in reversed(path):
        value = {key: value}
    return value


def _indent_unit(text: str, root: Node) -> str:
    """The file's indentation step: that of the root's first member, two spaces otherwise."""
    if root.members:
        first = _line_indent(text, root.members[0].start)
        if first and text[: root.members[0].start].rstrip(" \t").endswith("\n"):
            return first
    return "  "


def _line_indent(text: str, at: int) -> str:
    line_start = text.rfind("\n", 0, at) + 1
    prefix = text[line_start:at]
    return prefix[: len(prefix) - len(prefix.lstrip(" \t"))]


def _line_start_if_blank(text: str, at: int) -> int:
    line_start = text.rfind("\n", 0, at) + 1
    return line_start if not text[line_start:at].strip() else at


def _line_end_if_blank(text: str, at: int) -> int:
    line_end = text.find("\n", at)
    if line_end >= 0 and not text[at:line_end].strip():
        return line_end + 1
    return at


def _after_comma(text: str, at: int) -> int:
    """Past the comma that follows a value (whitespace between), or `at` itself."""
    probe = at
    while probe < len(text) and text[probe] in " \t\r\n":
        probe += 1
    return probe + 1 if probe < len(text) and text[probe] == "," else at


def _has_comment(text: str, node: Node) -> bool:
    inner = text[node.start : node.end]
    return _plain(inner) != inner.replace("\ufeff", "")


def _splice(text: str, start: int, end: int, new: str) -> str:
    return text[:start] + new + text[end:]
