"""What is embedded for a symbol, its key, and the doc sentences extraction finds."""

from __future__ import annotations

import pytest

from coderooms.ingest.languages import extract
from coderooms.semantic.texts import embedding_key, path_words, symbol_key, symbol_text, words


@pytest.mark.parametrize(
    ("identifier", "expected"),
    [
        ("parse_config", "parse config"),
        ("HTTPServer.handleRequest", "http server handle request"),
        ("LRUCache.get", "lru cache get"),
        ("__init__", "init"),
        ("fetchWithRetry", "fetch with retry"),
        ("", ""),
    ],
)
def test_identifiers_split_into_words(identifier: str, expected: str) -> None:
    assert words(identifier) == expected


def test_path_words_drop_the_extension() -> None:
    assert path_words("shop/util/text_helpers.py") == "shop util text helpers"


def test_symbol_text_reads_like_a_description() -> None:
    props = {
        "kind": "Function",
        "name": "slugify",
        "qualname": "slugify",
        "signature": "def slugify(title: str) -> str",
        "file": "shop/util/text.py",
        "doc": "Make a dash-separated version of a title for use in a URL.",
    }
    assert symbol_text(props) == (
        "function slugify. Make a dash-separated version of a title for use in a URL. "
        "def slugify(title: str) -> str. in shop util text"
    )


def test_module_symbols_are_named_by_their_file() -> None:
    text = symbol_text({"kind": "Module", "qualname": "", "file": "a/config_loader.py"})
    assert text.startswith("module config loader")


def test_the_key_follows_the_text() -> None:
    props = {"kind": "Function", "qualname": "f", "signature": "def f()", "file": "m.py"}
    assert symbol_key(props) == symbol_key(dict(props))
    assert symbol_key(props) != symbol_key({**props, "doc": "Does a thing."})
    assert symbol_key(props) == embedding_key(symbol_text(props))
    assert len(symbol_key(props)) == 32


def test_line_numbers_do_not_change_the_key() -> None:
    props = {"kind": "Function", "qualname": "f", "signature": "def f()", "file": "m.py"}
    assert symbol_key({**props, "start_line": 1}) == symbol_key({**props, "start_line": 9})


SOURCES = {
    "python": (
        "a/m.py",
        b'"""Module doc.\n\nMore."""\n\n# Limit of things.\nLIMIT = 3\n\n\n'
        b'class C:\n    """A class. Second."""\n\n    # Stale comment.\n\n'
        b"    @property\n    def p(self):\n        r'''Prop doc.'''\n\n"
        b"    # Save it\n    # to disk.\n    def save(self):\n        pass\n",
        {
            "": "Module doc.",
            "LIMIT": "Limit of things.",
            "C": "A class.",
            "C.p": "Prop doc.",
            "C.save": "Save it to disk.",
        },
    ),
    "javascript": (
        "w.js",
        b"/**\n * Parse a config.\n * @param s text\n */\nexport function parse(s) {}\n\n"
        b"// The default port.\nexport const PORT = 1;\n\n"
        b"// eslint-disable-next-line\nfunction x() {}\n",
        {"parse": "Parse a config.", "PORT": "The default port.", "x": None},
    ),
    "go": (
        "s.go",
        b"// Package shapes draws.\npackage shapes\n\n// Area computes it. More.\n"
        b"func Area() {}\n\n// detached\n\nfunc Lone() {}\n",
        {"": "Package shapes draws.", "Area": "Area computes it.", "Lone": None},
    ),
    "rust": (
        "l.rs",
        b"/// Add two numbers.\n#[inline]\npub fn add() {}\n",
        {"add": "Add two numbers."},
    ),
    "java": (
        "W.java",
        b"package x;\n/** A widget. */\npublic class W {\n  /** Spin it. */\n  @Override\n"
        b"  public void spin() {}\n}\n",
        {"W": "A widget.", "W.spin": "Spin it."},
    ),
}


@pytest.mark.parametrize("language", sorted(SOURCES))
def test_doc_is_the_first_sentence_of_docstring_or_leading_comment(language: str) -> None:
    path, source, expected = SOURCES[language]
    docs = {s.qualname: s.doc for s in extract(language, path, source).symbols}
    for qualname, doc in expected.items():
        assert docs[qualname] == doc, qualname


def test_doc_is_capped() -> None:
    source = b'def f():\n    """' + b"word " * 100 + b'"""\n'
    doc = next(s.doc for s in extract("python", "m.py", source).symbols if s.qualname == "f")
    assert doc is not None
    assert len(doc) <= 200
