UNWIND $claims AS claim
MATCH (c:Chunk {claim: claim})
DELETE c
