// The web view's symbol page: one symbol of a readable repo, its file, the symbols that call it
// and those it calls (ghosts too), each list ordered and cut at $limit with its total.
MATCH (s:Symbol {id: $id})
WHERE s.repo IN $repos
OPTIONAL MATCH (f:File {id: s.claim})
CALL {
  WITH s
  OPTIONAL MATCH (x:Symbol)-[c:CALLS]->(s)
  WITH x, c ORDER BY x.file, c.line, x.id
  WITH collect(CASE WHEN x IS NULL THEN NULL ELSE
       {id: x.id, qualname: x.qualname, kind: x.kind, path: x.file, line: c.line,
        via: c.via, confidence: c.confidence} END) AS found
  RETURN found[0..$limit] AS callers, size(found) AS total_callers
}
CALL {
  WITH s
  OPTIONAL MATCH (s)-[c:CALLS]->(y)
  WITH y, c ORDER BY c.line, y.id
  WITH collect(CASE WHEN y IS NULL THEN NULL ELSE
       {id: y.id, qualname: coalesce(y.qualname, y.name), kind: coalesce(y.kind, 'ghost'),
        path: y.file, line: c.line, via: c.via, confidence: c.confidence,
        ghost: y:Ghost} END) AS found
  RETURN found[0..$limit] AS callees, size(found) AS total_callees
}
RETURN s.id AS id, s.repo AS repo, s.kind AS kind, s.name AS name, s.qualname AS qualname,
       s.file AS path, s.start_line AS start_line, s.end_line AS end_line,
       s.signature AS signature, s.doc AS doc, f.language AS language,
       callers, total_callers, callees, total_callees
