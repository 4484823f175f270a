// Data step only (graph/schema.backfill_chunk_digests): every chunk gets the `digest` that
// chunks are written with since, so the search's text cache can serve it.
