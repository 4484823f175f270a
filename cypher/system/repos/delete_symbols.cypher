// One batch of the repo's symbols, found by the id prefix every symbol id starts with
// ("<repo>:"), through the uniqueness constraint's index; run again until it deletes none.
MATCH (n:Symbol)
WHERE n.id STARTS WITH $prefix
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
