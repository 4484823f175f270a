MATCH (c:Chunk)
USING TEXT INDEX c:Chunk(text)
WHERE c.text CONTAINS $needle AND c.repo IN $repos AND c.file STARTS WITH $prefix
  AND ($language IS NULL OR EXISTS { MATCH (f:File {id: c.claim}) WHERE f.language = $language })
RETURN collect([c.repo, c.file, c.seq, c.digest]) AS rows
