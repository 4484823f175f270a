UNWIND $ids AS wanted
MATCH (c:Chunk {id: wanted})
RETURN c.id AS id, c.digest AS digest, c.text AS text
