UNWIND $names AS wanted
MATCH (s:Symbol {name: wanted})
WHERE s.repo = $repo
RETURN s.id AS id, s.file AS path, s.qualname AS qualname, s.kind AS kind,
       s.language AS language, s.claim AS claim
