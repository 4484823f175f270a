MATCH (c:Chunk)
WHERE c.repo IN $repos AND c.file STARTS WITH $prefix
MATCH (f:File {id: c.claim})
WHERE $language IS NULL OR f.language = $language
RETURN c.id AS id, c.repo AS repo, c.file AS path, c.claim AS claim, c.seq AS seq,
       c.start_line AS start_line, c.end_line AS end_line
