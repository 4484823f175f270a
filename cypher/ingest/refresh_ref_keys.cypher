// A file's `ref_keys` again from its reference edges' `keys`, after some of them were
// re-resolved: the keys sorted, space-separated, a space at each end (python_plan.ref_keys_text).
UNWIND $ids AS wanted
MATCH (f:File {id: wanted})
CALL (f) {
  OPTIONAL MATCH (s:Symbol {claim: f.id})-[r:CALLS|INHERITS]->()
  WHERE r.keys IS NOT NULL
  UNWIND r.keys AS key
  WITH DISTINCT key ORDER BY key
  RETURN collect(key) AS keys
}
SET f.ref_keys = CASE WHEN size(keys) = 0 THEN null
                      ELSE reduce(text = ' ', key IN keys | text + key + ' ') END
