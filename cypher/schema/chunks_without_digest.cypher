MATCH (c:Chunk)
WHERE c.id > $after AND c.digest IS NULL
RETURN c.id AS id, c.start_line AS start, c.end_line AS end, c.text AS text
ORDER BY c.id
LIMIT $batch
