"""The perspective room: stateful, per-agent, multi-viewpoint navigation of the code graph."""
