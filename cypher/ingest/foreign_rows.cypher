// The references of other files a changeset re-resolves, in one round trip (each part empty
// when its list is): those naming one of $names, those pointing at a symbol about to go ($ids),
// and those whose resolution looked up one of $keys (a name or an `@stem`; files found by their
// `ref_keys`, TEXT index file_ref_keys, then their edges by `keys`; $keys holds '%*' too, which
// finds the files whose keys were too many to list, module_changes.ANY_KEY). An edge's `claim` and
// `repo` are its start node's (the edges do not hold them).
CALL () {
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
                  props: r {.*, claim: s.claim, repo: s.repo}, target: t.id}) AS named
}
CALL () {
  UNWIND $ids AS target_id
  MATCH (s:Symbol)-[r:CALLS|INHERITS]->(t:Symbol {id: target_id})
  WHERE NOT s.claim IN $claims
  RETURN collect({rid: elementId(r), source: s.id, source_path: s.file, kind: type(r),
                  props: r {.*, claim: s.claim, repo: s.repo}, target: t.id}) AS pointing
}
CALL () {
  UNWIND $keys AS key
  MATCH (f:File)
  WHERE f.ref_keys CONTAINS (' ' + key + ' ')
  WITH DISTINCT f
  WHERE f.repo = $repo AND NOT f.id IN $claims
  MATCH (s:Symbol {claim: f.id})-[r:CALLS|INHERITS]->(t)
  WHERE r.keys IS NOT NULL AND any(k IN r.keys WHERE k IN $keys)
  RETURN collect({rid: elementId(r), source: s.id, source_path: s.file, kind: type(r),
                  props: r {.*, claim: s.claim, repo: s.repo}, target: t.id}) AS keyed
}
RETURN named + pointing + keyed AS rows
