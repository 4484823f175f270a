UNWIND $ids AS id
MATCH (s:Symbol {id: id})
WHERE s.repo IN $repos
RETURN s.id AS id, s.repo AS repo, s.claim AS file
ORDER BY id
