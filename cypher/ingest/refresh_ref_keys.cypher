// A file's `ref_keys` again from its reference edges' `keys`, after some of them were
// re-resolved: the keys sorted, space-separated, a space at each end (module_changes.ref_keys_text),
// or ' %* ' (module_changes.ANY_KEY) when that would be longer than $max characters.
UNWIND $ids AS wanted
MATCH (f:File {id: wanted})
CALL (f) {
  OPTIONAL MATCH (s:Symbol {claim: f.id})-[r:CALLS|INHERITS]->()
  WHERE r.keys IS NOT NULL
  UNWIND r.keys AS key
  WITH DISTINCT key ORDER BY key
  RETURN collect(key) AS keys
}
WITH f, keys, reduce(text = ' ', key IN keys | text + key + ' ') AS text
SET f.ref_keys = CASE WHEN size(keys) = 0 THEN null
                      WHEN size(text) > $max THEN ' %* '
                      ELSE text END
