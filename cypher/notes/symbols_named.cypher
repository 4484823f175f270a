// A symbol named by its name or qualname (the module symbol, whose name is empty, never)
MATCH (s:Symbol {name: $name})
WHERE s.repo IN $repos AND ($qualname IS NULL OR s.qualname = $qualname)
RETURN s.id AS id, s.repo AS repo, s.claim AS file
ORDER BY id
LIMIT $limit
