UNWIND $rows AS row
MERGE (g:Ghost {id: row.id})
ON CREATE SET g.repo = $repo, g.name = row.name
