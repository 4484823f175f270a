// The scope's chunks holding $needle, as [repo, path, seq, digest], from the trigram index of
// each part the scope falls in (graph/chunk_parts.py: the marked branch is repeated per part,
// ChunkPart00 replaced by the part's label, the branches joined by UNION ALL).
CALL () {
  // part
  MATCH (c:ChunkPart00)
  USING TEXT INDEX c:ChunkPart00(text)
  WHERE c.text CONTAINS $needle AND c.repo IN $repos AND c.file STARTS WITH $prefix
    AND ($language IS NULL OR EXISTS { MATCH (f:File {id: c.claim}) WHERE f.language = $language })
  RETURN c
  // end part
}
RETURN collect([c.repo, c.file, c.seq, c.digest]) AS rows
