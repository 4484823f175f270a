UNWIND $members AS wanted
CALL (wanted) {
  MATCH (s:Symbol)
  USING INDEX s:Symbol(name, id)
  WHERE s.name = wanted.name AND s.id STARTS WITH $id_prefix
  WITH s
  WHERE s.repo = $repo AND s.language IN $languages AND s.kind IN $kinds
    AND (s.qualname = wanted.suffix OR s.qualname ENDS WITH '.' + wanted.suffix)
    AND NOT s.claim IN $claims
  RETURN s
  ORDER BY s.name, s.id
  LIMIT $limit
}
RETURN collect({id: s.id, path: s.file, qualname: s.qualname, kind: s.kind,
                language: s.language, claim: s.claim}) AS rows
