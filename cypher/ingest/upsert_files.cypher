MATCH (repo:Repo {id: $repo})
UNWIND $rows AS row
MERGE (f:File {id: row.id})
SET f += row.props
MERGE (repo)-[h:HAS_FILE]->(f)
SET h.claim = row.id, h.repo = $repo
