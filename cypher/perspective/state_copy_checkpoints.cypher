MATCH (c:PerspectiveCheckpoint {perspective_id: $source_id})
CREATE (:PerspectiveCheckpoint {
  perspective_id: $target_id, seq: c.seq, focus_json: c.focus_json, routes_json: c.routes_json,
  generation: c.generation
})
RETURN count(c) AS copied
