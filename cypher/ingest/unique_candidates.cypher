UNWIND $names AS wanted
CALL (wanted) {
  MATCH (s:Symbol)
  USING INDEX s:Symbol(name, id)
  WHERE s.name = wanted AND s.id STARTS WITH $id_prefix AND s.qualname = wanted
  WITH s
  WHERE s.repo = $repo AND s.language IN $languages AND s.kind IN $kinds
    AND NOT s.claim IN $claims
  RETURN s
  ORDER BY s.name, s.id
  LIMIT 2
}
RETURN collect({id: s.id, path: s.file, qualname: s.qualname, kind: s.kind,
                language: s.language, claim: s.claim}) AS rows
