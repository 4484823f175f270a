UNWIND $claims AS claim
MATCH (s:Symbol {claim: claim})-[r:CONTAINS|CALLS|INHERITS]->(target)
WITH r, target, target:Ghost AS is_ghost
DELETE r
WITH DISTINCT target, is_ghost WHERE is_ghost
RETURN target.id AS ghost
