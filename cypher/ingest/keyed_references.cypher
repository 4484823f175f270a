// References of other files whose resolution looked up one of $keys (a name or an `@stem`):
// files are found by their `ref_keys` (TEXT index file_ref_keys), then their edges by `keys`.
UNWIND $keys AS key
MATCH (f:File)
WHERE f.ref_keys CONTAINS (' ' + key + ' ')
WITH DISTINCT f
WHERE f.repo = $repo AND NOT f.id IN $claims
MATCH (s:Symbol {claim: f.id})-[r:CALLS|INHERITS]->(t)
WHERE r.keys IS NOT NULL AND any(k IN r.keys WHERE k IN $keys)
RETURN collect({rid: elementId(r), source: s.id, source_path: s.file, kind: type(r),
                props: r {.*, claim: s.claim, repo: s.repo}, target: t.id}) AS rows
