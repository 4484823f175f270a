// An edge's `claim` and `repo` are its start node's (the edges do not hold them).
UNWIND $ids AS target_id
MATCH (s:Symbol)-[r:CALLS|INHERITS]->(t:Symbol {id: target_id})
WHERE NOT s.claim IN $claims
RETURN collect({rid: elementId(r), source: s.id, source_path: s.file, kind: type(r),
                props: r {.*, claim: s.claim, repo: s.repo}, target: t.id}) AS rows
