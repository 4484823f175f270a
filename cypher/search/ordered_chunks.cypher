// The chunks of one repo's scope in (path, seq) order from the composite index
// chunk_repo_file_seq (no sort), $skip of them skipped, at most $page: a regex without a literal
// reads its scope in path order, a page at a time, until its first hits are known. No text: the
// search's text cache holds most of it, the rest is read by id.
MATCH (c:Chunk)
USING INDEX c:Chunk(repo, file, seq)
WHERE c.repo = $repo AND c.file STARTS WITH $prefix AND c.seq >= 0
  AND ($language IS NULL OR EXISTS { MATCH (f:File {id: c.claim}) WHERE f.language = $language })
WITH c
ORDER BY c.repo, c.file, c.seq
SKIP $skip
LIMIT $page
RETURN collect({id: c.id, repo: c.repo, path: c.file, claim: c.claim, seq: c.seq,
                start_line: c.start_line, end_line: c.end_line, digest: c.digest}) AS rows
