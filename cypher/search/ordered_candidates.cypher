// The chunks of one repo's scope in (path, seq) order, from the composite index
// chunk_repo_file_seq_digest (no sort): of the first $budget, those whose text contains
// $needle, at most $wanted (reading stops there), as [repo, path, seq, digest] (lines and text
// come from the search's text cache, or are read by id); `scanned` counts the scope's chunks up
// to $budget from the index alone. A frequent literal's first hits lie in the first few files:
// reading chunks in order finds them without asking the trigram index for every chunk that
// holds the literal. `part`: the repo's chunk part (graph/chunk_parts.py), for the trigram
// index should the search ask it next (null: its hash's part).
CALL () {
  MATCH (c:Chunk)
  USING INDEX c:Chunk(repo, file, seq, digest)
  WHERE c.repo = $repo AND c.file STARTS WITH $prefix AND c.seq >= 0 AND c.digest IS NOT NULL
  WITH c
  ORDER BY c.repo, c.file, c.seq, c.digest
  LIMIT $budget
  WITH c
  WHERE c.text CONTAINS $needle
    AND ($language IS NULL OR EXISTS { MATCH (f:File {id: c.claim}) WHERE f.language = $language })
  WITH c
  LIMIT $wanted
  RETURN collect([c.repo, c.file, c.seq, c.digest]) AS rows
}
CALL () {
  MATCH (c:Chunk)
  USING INDEX c:Chunk(repo, file, seq, digest)
  WHERE c.repo = $repo AND c.file STARTS WITH $prefix AND c.seq >= 0 AND c.digest IS NOT NULL
  WITH c
  LIMIT $budget
  RETURN count(c) AS scanned
}
CALL () {
  OPTIONAL MATCH (r:Repo {id: $repo})
  RETURN r.chunk_part AS part
}
RETURN scanned, rows, part
