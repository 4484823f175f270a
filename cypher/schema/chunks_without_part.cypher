// Chunks without a part label (graphs ingested before migration 18), in id order
MATCH (c:Chunk)
WHERE c.id > $after AND NOT any(label IN labels(c) WHERE label STARTS WITH 'ChunkPart')
RETURN c.id AS id, c.repo AS repo
ORDER BY c.id
LIMIT $batch
