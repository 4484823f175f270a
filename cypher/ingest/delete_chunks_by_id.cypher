UNWIND $ids AS chunk_id
MATCH (c:Chunk {id: chunk_id})
DELETE c
