// Consume a preview: the node's write lock is taken first (SET), so of two commits racing for
// one preview exactly one deletes it; the other, once the lock is free, finds it gone and
// returns nothing (Neo4j reads the MATCH read-committed: both may have seen it).
MATCH (p:EditPreview {id: $id, agent_id: $agent_id})
SET p.taking = true
WITH p
WHERE EXISTS { MATCH (q:EditPreview {id: $id}) WHERE q = p }
WITH p, p.id AS id
DELETE p
RETURN id
