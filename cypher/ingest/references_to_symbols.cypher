UNWIND $ids AS target_id
MATCH (s:Symbol)-[r:CALLS|INHERITS]->(t:Symbol {id: target_id})
WHERE NOT r.claim IN $claims
RETURN collect({rid: elementId(r), source: s.id, source_path: s.file, kind: type(r),
                props: properties(r), target: t.id}) AS rows
