UNWIND $claims AS claim
CALL (claim) {
  MATCH (:Symbol {claim: claim})-[r:CONTAINS|CALLS|INHERITS]->(target)
  RETURN r, target
  UNION ALL
  MATCH (:File {id: claim})-[r:DEFINES|IMPORTS]->(target)
  RETURN r, target
}
RETURN collect({rid: elementId(r), digest: r.digest,
                ghost: CASE WHEN target:Ghost THEN target.id END}) AS rows
