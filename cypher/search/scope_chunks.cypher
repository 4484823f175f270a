MATCH (c:Chunk)
WHERE c.repo IN $repos AND c.file STARTS WITH $prefix
MATCH (f:File {id: c.claim})
WHERE $language IS NULL OR f.language = $language
RETURN collect({id: c.id, repo: c.repo, path: c.file, claim: c.claim, seq: c.seq,
                start_line: c.start_line, end_line: c.end_line}) AS rows
