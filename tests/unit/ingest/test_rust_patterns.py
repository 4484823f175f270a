"""Rust: a name a closure, `for`, `if let` or match arm binds is not the function's (issue 32).
With `r: Router` a parameter, `|r| r.body()` or `if let Some(r) = ..` binds another `r`: a call
on `r` is never taken for `Router`'s method (a ghost: the call is keyed by its text, so the
function's `r.get` cannot keep the type either); a name no pattern rebinds keeps it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.ingest.test_python_resolution import call, plan

LIB = """
    pub struct Router;
    pub struct Request;
    impl Router { pub fn get(&self) {} pub fn body(&self) {} }
    impl Request { pub fn body(&self) {} }
    pub fn plain(r: Router) {
        let each = |x: u8| r.body();
        for (i, x) in [1].iter().enumerate() { r.get(); }
    }
"""


@pytest.mark.parametrize(
    "rebinding",
    [
        "let h = |r| r.body();",
        "let h = |(r, n): (Request, u8)| r.body();",
        "for r in reqs.iter() { r.body(); }",
        "for (i, ref r) in reqs.iter().enumerate() { r.body(); }",
        "if let Some(r) = maybe { r.body(); }",
        "while let Some(Wrapper { inner: r }) = next() { r.body(); }",
        "match maybe { Some(r) => r.body(), None => {} }",
    ],
)
def test_a_patterns_names_never_take_the_functions_type(tmp_path: Path, rebinding: str) -> None:
    serve = f"""
        pub fn serve(r: Router, reqs: Vec<Request>, maybe: Option<Request>) {{
            r.get();
            {rebinding}
        }}
    """
    found = plan(
        tmp_path,
        {"Cargo.toml": '[package]\nname = "web"\n', "src/lib.rs": LIB + serve},
    )
    assert call(found, "src/lib.rs::serve", "r.body")[1] == "ghost"
    # a name no pattern binds is still seen in a closure and a loop
    assert call(found, "src/lib.rs::plain", "r.body")[0] == "src/lib.rs::Router.body"
    assert call(found, "src/lib.rs::plain", "r.get")[0] == "src/lib.rs::Router.get"
