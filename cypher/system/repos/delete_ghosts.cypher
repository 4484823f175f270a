// One batch of the repo's ghosts, found by the id prefix every ghost id starts with
// ("<repo>:"), through the uniqueness constraint's index; run again until it deletes none.
MATCH (n:Ghost)
WHERE n.id STARTS WITH $prefix
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
