MATCH (s:Symbol {id: $id})
RETURN s.repo AS repo, s.embedding AS vector
