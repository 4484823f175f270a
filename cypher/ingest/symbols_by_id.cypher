UNWIND $ids AS wanted
MATCH (s:Symbol {id: wanted})
RETURN s.id AS id, s.file AS path, s.qualname AS qualname, s.kind AS kind,
       s.language AS language, s.claim AS claim
