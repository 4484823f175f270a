UNWIND $claims AS claim
MATCH (s:Symbol {claim: claim})
RETURN s.id AS id, s.file AS file, s.qualname AS qualname, s.signature AS signature
