// The path-order index also holds each chunk's digest: a search reads a scope's chunks in path
// order from the index alone (repo, path, seq, digest), and takes lines and text from its cache
// where the digest is the one it holds (search/text_cache.py). Replaces migration 14's index.
// Every chunk has a digest (ingest writes it; migration 16 filled it in).
DROP INDEX chunk_repo_file_seq IF EXISTS;
CREATE INDEX chunk_repo_file_seq_digest IF NOT EXISTS FOR (n:Chunk) ON (n.repo, n.file, n.seq, n.digest)
