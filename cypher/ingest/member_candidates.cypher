UNWIND $members AS wanted
CALL (wanted) {
  MATCH (s:Symbol {name: wanted.name})
  WHERE s.repo = $repo AND s.language IN $languages AND s.kind IN $kinds
    AND (s.qualname = wanted.suffix OR s.qualname ENDS WITH '.' + wanted.suffix)
    AND NOT s.claim IN $claims
  RETURN s
  ORDER BY s.id
  LIMIT 2
}
RETURN s.id AS id, s.file AS path, s.qualname AS qualname, s.kind AS kind,
       s.language AS language, s.claim AS claim
