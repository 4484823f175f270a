// Chunks of a repo in (path, seq) order, straight from the index: a top-k text search walks the
// first chunks of its scope in that order before it asks the trigram index (search/ordered_candidates).
CREATE INDEX chunk_repo_file_seq IF NOT EXISTS FOR (n:Chunk) ON (n.repo, n.file, n.seq)
