// The symbols of $ids that exist in the repos this server reads ($repos) (an agent's symbol
// argument tried as an id).
UNWIND $ids AS id
MATCH (s:Symbol {id: id})
WHERE s.repo IN $repos
RETURN s.id AS id, s.repo AS repo, s.kind AS kind, s.claim AS file_id
ORDER BY id
