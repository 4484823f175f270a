UNWIND $ids AS wanted
MATCH (c:Chunk {id: wanted})
RETURN c.id AS id, c.text AS text
