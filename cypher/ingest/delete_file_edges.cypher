UNWIND $claims AS claim
MATCH (f:File {id: claim})-[r:DEFINES|IMPORTS]->(target)
WITH r, target, target:Ghost AS is_ghost
DELETE r
WITH DISTINCT target, is_ghost WHERE is_ghost
RETURN target.id AS ghost
