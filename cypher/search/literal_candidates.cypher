// The chunks of one part (graph/chunk_parts.py: ChunkPart00 is replaced by the part asked)
// holding $needle, of $repos (those of the part), as [repo, path, seq, digest]
MATCH (c:ChunkPart00)
USING TEXT INDEX c:ChunkPart00(text)
WHERE c.text CONTAINS $needle AND c.repo IN $repos AND c.file STARTS WITH $prefix
  AND ($language IS NULL OR EXISTS { MATCH (f:File {id: c.claim}) WHERE f.language = $language })
RETURN collect([c.repo, c.file, c.seq, c.digest]) AS rows
