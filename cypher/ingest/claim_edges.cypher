// The outgoing edges of the claims, collected: digest to keep unchanged ones, and for edges with
// a line (references, imports) the endpoints and line, so one that only moved is updated in place.
UNWIND $claims AS claim
CALL (claim) {
  MATCH (s:Symbol {claim: claim})-[r:CONTAINS|CALLS|INHERITS]->(target)
  RETURN r, s.id AS source, target
  UNION ALL
  MATCH (f:File {id: claim})-[r:DEFINES|IMPORTS]->(target)
  RETURN r, f.id AS source, target
}
RETURN collect({rid: elementId(r), digest: r.digest, line: r.line,
                key: CASE WHEN r.line IS NOT NULL THEN [source, type(r), target.id] END,
                ghost: CASE WHEN target:Ghost THEN target.id END}) AS rows
