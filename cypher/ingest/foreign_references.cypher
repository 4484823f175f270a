UNWIND $names AS wanted
CALL (wanted) {
  MATCH (s:Symbol)-[r:CALLS {name: wanted}]->(t)
  RETURN s, r, t
  UNION ALL
  MATCH (s:Symbol)-[r:INHERITS {name: wanted}]->(t)
  RETURN s, r, t
}
WITH s, r, t
WHERE r.repo = $repo AND NOT r.claim IN $claims AND r.via <> 'local'
RETURN collect({rid: elementId(r), source: s.id, source_path: s.file, kind: type(r),
                props: properties(r), target: t.id}) AS rows
