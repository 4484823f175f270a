// Every applied changeset moves its repo's generation on: readers that cached something derived
// from the graph (perspective routes) compare it to know they are stale.
MATCH (r:Repo {id: $repo})
SET r.generation = coalesce(r.generation, 0) + 1, r.changed_at_ms = timestamp()
RETURN r.generation AS generation
