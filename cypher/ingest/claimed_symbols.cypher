UNWIND $claims AS claim
MATCH (s:Symbol {claim: claim})
RETURN claim, s.id AS id, s.name AS name, s.kind AS kind
