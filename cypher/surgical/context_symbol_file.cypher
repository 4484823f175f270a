// The file of a symbol of the repos this server reads ($repos); another repo's is unknown.
MATCH (s:Symbol {id: $id})
WHERE s.repo IN $repos
RETURN s.repo AS repo, s.file AS path, s.claim AS file_id
