// The chunks of one repo's scope in (path, seq) order from the composite index
// chunk_repo_file_seq_digest (no sort, no property read: the index holds all four), $skip of
// them skipped, at most $page: a regex without a literal reads its scope in path order, a page
// at a time, until its first hits are known. Lines and text come from the search's text cache,
// or are read by id.
MATCH (c:Chunk)
USING INDEX c:Chunk(repo, file, seq, digest)
WHERE c.repo = $repo AND c.file STARTS WITH $prefix AND c.seq >= 0 AND c.digest IS NOT NULL
  AND ($language IS NULL OR EXISTS { MATCH (f:File {id: c.claim}) WHERE f.language = $language })
WITH c
ORDER BY c.repo, c.file, c.seq, c.digest
SKIP $skip
LIMIT $page
RETURN collect([c.repo, c.file, c.seq, c.digest]) AS rows
