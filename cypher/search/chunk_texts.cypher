UNWIND $ids AS wanted
MATCH (c:Chunk {id: wanted})
RETURN c.id AS id, c.digest AS digest, c.start_line AS start_line, c.end_line AS end_line,
       c.text AS text
