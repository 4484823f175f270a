"""The ground floor: the vocabulary every room shares, importing nothing of coderooms' but
`coderooms.errors` (tests/unit/foundation/test_import_rules.py holds it so).

- `ids`: repo, file, chunk, symbol and ghost ids; language groups; repo id rules
- `kinds`: `SymbolKind`, the kinds of definition (each an extra label of `:Symbol`)
- `hashing`: the one content hash (BLAKE3 of a file's bytes) and the digests of written rows
- `chunks`: file text cut into `:Chunk`s (content-defined), their overlap, UTF-8 decoding
- `words`: identifiers cut into lower-case words (`seek`, the `words` property, the lexical signal)
- `files`: what is never read as source (excluded directories, environments, ignore files,
  binary formats, the size cap, an edit's temp files) and which files are tests
- `paths`: path safety (the text of a path argument, UTF-8 names) and where an edit may write
- `clamps`: clamping that reports what it changed, and the limits several rooms name
- `clock`: wall-clock milliseconds shared by processes through Neo4j
- `git`: the one way git is run (pinned output format, the repository found from the root)
"""
