// $bump: the changeset is one transaction, and its repo's generation moves on here, the round
// trip of ingest/bump_generation saved (the generation only shows at the commit either way)
MATCH (repo:Repo {id: $repo})
FOREACH (_ IN CASE WHEN $bump THEN [1] ELSE [] END |
  SET repo.generation = coalesce(repo.generation, 0) + 1, repo.changed_at_ms = timestamp())
WITH repo
UNWIND $rows AS row
MERGE (f:File {id: row.id})
SET f += row.props
MERGE (repo)-[h:HAS_FILE]->(f)
SET h.claim = row.id, h.repo = $repo
