// Every reference edge of these files, to re-resolve.
UNWIND $claims AS claim
MATCH (s:Symbol {claim: claim})-[r:CALLS|INHERITS]->(t)
RETURN collect({rid: elementId(r), source: s.id, source_path: s.file, kind: type(r),
                props: r {.*, claim: s.claim, repo: s.repo}, target: t.id}) AS rows
