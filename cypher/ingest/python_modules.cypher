// What resolution knows of the files at these paths: their module tables (Python's, JS/TS
// re-exports) and the kinds of their symbols (coderooms.languages.python.resolver.ModuleData,
// ingest/js_reexports). Paths not returned are absent.
UNWIND $paths AS wanted
MATCH (f:File {repo: $repo, path: wanted})
RETURN collect({
  path: f.path,
  language: f.language,
  claim: f.claim,
  names: f.names,
  symbols: COLLECT { MATCH (f)-[:DEFINES]->(s:Symbol) RETURN [s.qualname, s.kind] }
}) AS rows
