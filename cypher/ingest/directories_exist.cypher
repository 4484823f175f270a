// Whether each directory holds a file outside the changeset (a namespace package exists).
UNWIND $dirs AS wanted
CALL (wanted) {
  OPTIONAL MATCH (f:File {repo: $repo})
  WHERE f.path STARTS WITH wanted + '/' AND NOT f.id IN $claims
  WITH f LIMIT 1
  RETURN f IS NOT NULL AS exists
}
RETURN collect({dir: wanted, exists: exists}) AS rows
