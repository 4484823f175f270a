// An edge's `claim` and `repo` are its start node's (the edges do not hold them).
UNWIND $names AS wanted
CALL (wanted) {
  MATCH (s:Symbol)-[r:CALLS {name: wanted}]->(t)
  RETURN s, r, t
  UNION ALL
  MATCH (s:Symbol)-[r:INHERITS {name: wanted}]->(t)
  RETURN s, r, t
}
WITH s, r, t
WHERE s.repo = $repo AND NOT s.claim IN $claims AND r.via <> 'local'
RETURN collect({rid: elementId(r), source: s.id, source_path: s.file, kind: type(r),
                props: r {.*, claim: s.claim, repo: s.repo}, target: t.id}) AS rows
