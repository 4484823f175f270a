// The chunks of one repo's scope in (path, seq) order, from the composite index
// chunk_repo_file_seq (no sort): of the first $budget, those whose text contains $needle, at
// most $wanted (reading stops there), without text (the search's text cache holds most of it);
// `scanned` counts the scope's chunks up to $budget from the index alone. A frequent literal's first hits lie in the first few files:
// reading chunks in order finds them without asking the trigram index for every chunk that
// holds the literal.
CALL () {
  MATCH (c:Chunk)
  USING INDEX c:Chunk(repo, file, seq)
  WHERE c.repo = $repo AND c.file STARTS WITH $prefix AND c.seq >= 0
  WITH c
  ORDER BY c.repo, c.file, c.seq
  LIMIT $budget
  WITH c
  WHERE c.text CONTAINS $needle
    AND ($language IS NULL OR EXISTS { MATCH (f:File {id: c.claim}) WHERE f.language = $language })
  WITH c
  LIMIT $wanted
  RETURN collect({id: c.id, repo: c.repo, path: c.file, claim: c.claim, seq: c.seq,
                  start_line: c.start_line, end_line: c.end_line, digest: c.digest}) AS rows
}
CALL () {
  MATCH (c:Chunk)
  USING INDEX c:Chunk(repo, file, seq)
  WHERE c.repo = $repo AND c.file STARTS WITH $prefix AND c.seq >= 0
  WITH c
  LIMIT $budget
  RETURN count(c) AS scanned
}
RETURN scanned, rows
