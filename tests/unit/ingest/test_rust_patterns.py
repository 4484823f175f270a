"""Rust: a name a closure, `for`, `if let` or match arm binds is the pattern's own (issue 32).
With `r: Router` a parameter of the function, a closure's `|r: &Request|` or an `if let
Some(r)` binds another `r`: a call on it inside is never `Router`'s method."""

from __future__ import annotations

from pathlib import Path

from tests.unit.ingest.test_python_resolution import call, plan


def test_a_patterns_names_are_its_own(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "Cargo.toml": '[package]\nname = "web"\n',
            "src/lib.rs": """
                pub struct Router;
                pub struct Request;
                impl Router { pub fn get(&self) {} pub fn body(&self) {} }
                impl Request { pub fn body(&self) {} }
                pub fn serve(r: Router, reqs: Vec<u8>, maybe: Option<u8>) {
                    r.get();
                    let h = |r: &Request| r.body();
                    for r in reqs.iter() { r.body(); }
                    if let Some(r) = maybe { r.body(); }
                    r.get();
                }
                pub fn plain(r: Router) {
                    let each = |x: u8| r.body();
                }
            """,
        },
    )
    serve = "src/lib.rs::serve"
    assert call(found, serve, "r.get")[0] == "src/lib.rs::Router.get"
    assert call(found, serve, "Request.body")[0] == "src/lib.rs::Request.body"
    assert call(found, serve, "?.body")[1] == "ghost"  # `body` is no unique name
    from_serve = {ref: to for (source, _, ref), to in found["edges"].items() if source == serve}
    assert "r.body" not in from_serve
    assert "src/lib.rs::Router.body" not in {to for to, _ in from_serve.values()}
    # a name only the function binds is still seen from a closure
    assert call(found, "src/lib.rs::plain", "r.body")[0] == "src/lib.rs::Router.body"
