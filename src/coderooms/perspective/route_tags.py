"""The lens's tag vocabulary (`lens.TAGS`), derived from what the graph says of a route target."""

from __future__ import annotations

from coderooms.languages import is_test_path

HUB_MIN_IN_DEGREE = 10
"""A target with this many incoming CALLS (symbols, ghosts) or IMPORTS (files) is a `hub`."""

ENTRYPOINT_NAMES = frozenset({"main", "__main__"})


def is_private_name(name: str) -> bool:
    """`_x` and `__x` are private; dunders (`__init__`) are not."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def target_tags(label: str, name: str, path: str | None, in_degree: int) -> tuple[str, ...]:
    """Sorted tags of a target: test, private, entrypoint, ghost, hub."""
    tags: set[str] = set()
    if label == "ghost":
        tags.add("ghost")
    if is_test_path(path):
        tags.add("test")
    own_name = path.rsplit("/", 1)[-1] if label == "file" and path else name
    if label == "file":
        own_name = own_name.rsplit(".", 1)[0]
    if label != "ghost" and is_private_name(own_name):
        tags.add("private")
    if (label != "ghost" and name in ENTRYPOINT_NAMES) or (
        path is not None and path.rsplit("/", 1)[-1] == "__main__.py"
    ):
        tags.add("entrypoint")
    if in_degree >= HUB_MIN_IN_DEGREE:
        tags.add("hub")
    return tuple(sorted(tags))
