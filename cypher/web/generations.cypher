// The web view's live counter: each readable repo's generation (it moves on with every changeset
// the ingest, an edit or the watcher writes), one row per repo.
MATCH (r:Repo)
WHERE r.id IN $repos
RETURN r.id AS repo, coalesce(r.generation, 0) AS generation, r.changed_at_ms AS changed_at_ms
ORDER BY repo
