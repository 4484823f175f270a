UNWIND $claims AS claim
MATCH (s:Symbol {claim: claim})
RETURN claim, s.id AS id, s.qualname AS qualname, s.kind AS kind
