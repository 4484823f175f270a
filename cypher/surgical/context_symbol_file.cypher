MATCH (s:Symbol {id: $id})
RETURN s.repo AS repo, s.file AS path, s.claim AS file_id
