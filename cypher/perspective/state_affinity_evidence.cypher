// For each route target: is there a direct edge with the focus, and the raw numbers of the
// evidence sources that do not come with the route (co-change weight, shared callers/callees).
CALL {
  MATCH (n:Symbol {id: $focus_id}) RETURN n
  UNION
  MATCH (n:File {id: $focus_id}) RETURN n
}
WITH n AS focus, CASE WHEN n:File THEN n.id ELSE n.claim END AS focus_file
UNWIND $target_ids AS target_id
CALL (target_id) {
  MATCH (t:Symbol {id: target_id}) RETURN t
  UNION
  MATCH (t:File {id: target_id}) RETURN t
}
WITH focus, focus_file, target_id, t, CASE WHEN t:File THEN t.id ELSE t.claim END AS target_file
CALL (focus_file, target_file) {
  OPTIONAL MATCH (:File {id: focus_file})-[cc:CO_CHANGES]-(:File {id: target_file})
  RETURN max(cc.weight) AS co_change
}
RETURN target_id,
       EXISTS { (focus)--(t) } AS direct,
       co_change,
       COUNT { (c)-[:CALLS]->(focus) WHERE (c)-[:CALLS]->(t) } AS shared_callers,
       COUNT { (focus)-[:CALLS]->(x) WHERE (t)-[:CALLS]->(x) } AS shared_callees,
       COUNT { ()-[:CALLS]->(focus) } AS focus_callers,
       COUNT { ()-[:CALLS]->(t) } AS target_callers,
       COUNT { (focus)-[:CALLS]->() } AS focus_callees,
       COUNT { (t)-[:CALLS]->() } AS target_callees
ORDER BY target_id
