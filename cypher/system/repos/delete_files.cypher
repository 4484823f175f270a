// One batch of the repo's files, found by the id prefix every file id starts with
// ("<repo>:"), through the uniqueness constraint's index; run again until it deletes none.
MATCH (n:File)
WHERE n.id STARTS WITH $prefix
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
