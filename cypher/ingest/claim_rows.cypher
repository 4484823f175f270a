// What an incremental write compares with, in one round trip: the symbols and module tables of
// every claim, the repo's project files ($markers: `project_files.PROJECT_FILE_NAMES`), and the
// chunks and outgoing edges of the claims rewritten (files the graph already had), and the repo's
// generation (`ingest.resolution_memo`: whether the graph is the one the last save wrote). Collected.
CALL () {
  UNWIND $claims AS claim
  MATCH (s:Symbol {claim: claim})
  RETURN collect({claim: claim, id: s.id, name: s.name, kind: s.kind, digest: s.digest}) AS symbols
}
CALL () {
  UNWIND $claims AS claim
  MATCH (f:File {id: claim})
  RETURN collect({path: f.path, names: f.names}) AS files
}
CALL () {
  UNWIND $markers AS marker
  MATCH (f:File {repo: $repo, name: marker})
  RETURN collect({path: f.path, names: f.names}) AS markers
}
CALL () {
  UNWIND $rewritten AS claim
  MATCH (c:Chunk {claim: claim})
  RETURN collect({id: c.id, claim: claim, digest: c.digest, start_line: c.start_line,
                  end_line: c.end_line}) AS chunks
}
CALL () {
  UNWIND $rewritten AS claim
  CALL (claim) {
    MATCH (s:Symbol {claim: claim})-[r:CONTAINS|CALLS|INHERITS]->(target)
    RETURN r, s.id AS source, target
    UNION ALL
    MATCH (f:File {id: claim})-[r:DEFINES|IMPORTS]->(target)
    RETURN r, f.id AS source, target
  }
  RETURN collect({rid: elementId(r), digest: r.digest, line: r.line,
                  key: CASE WHEN r.line IS NOT NULL THEN [source, type(r), target.id] END,
                  ghost: CASE WHEN target:Ghost THEN target.id END}) AS edges
}
CALL () {
  OPTIONAL MATCH (r:Repo {id: $repo})
  RETURN r.generation AS generation
}
RETURN symbols, files, markers, chunks, edges, generation
