"""docs/perspective-routes.md shows every focus and route statement as it is."""

from __future__ import annotations

from pathlib import Path

from coderooms.graph.cypher import load, statement_names

DOC = Path(__file__).resolve().parents[3] / "docs" / "perspective-routes.md"
TAIL = "WITH t, relation, direction, score, evidence,\n     CASE WHEN t:File OR t:Module"


def test_every_statement_is_documented_verbatim() -> None:
    doc = DOC.read_text(encoding="utf-8")
    names = [
        name
        for name in statement_names()
        if name.startswith(("perspective/route_", "perspective/focus_"))
    ]
    assert names
    for name in names:
        text = load(name)
        body = text[: text.find(TAIL)].rstrip() if TAIL in text else text
        assert body in doc, name
        if TAIL in text:
            assert text[text.find(TAIL) :] in doc, name
