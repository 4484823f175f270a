// The symbols of $ids that exist (an agent's symbol argument tried as an id).
UNWIND $ids AS id
MATCH (s:Symbol {id: id})
RETURN s.id AS id, s.repo AS repo, s.kind AS kind, s.claim AS file_id
ORDER BY id
