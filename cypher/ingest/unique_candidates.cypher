UNWIND $names AS wanted
CALL (wanted) {
  MATCH (s:Symbol {name: wanted})
  WHERE s.repo = $repo AND s.language IN $languages AND s.kind IN $kinds
    AND NOT s.claim IN $claims
  RETURN s
  ORDER BY s.id
  LIMIT 2
}
RETURN s.id AS id, s.file AS path, s.qualname AS qualname, s.kind AS kind,
       s.language AS language, s.claim AS claim
