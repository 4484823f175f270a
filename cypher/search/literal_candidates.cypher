MATCH (c:Chunk)
USING TEXT INDEX c:Chunk(text)
WHERE c.text CONTAINS $needle AND c.repo IN $repos AND c.file STARTS WITH $prefix
  AND ($language IS NULL OR EXISTS { MATCH (f:File {id: c.claim}) WHERE f.language = $language })
RETURN collect({id: c.id, repo: c.repo, path: c.file, claim: c.claim, seq: c.seq,
                start_line: c.start_line, end_line: c.end_line, digest: c.digest}) AS rows
