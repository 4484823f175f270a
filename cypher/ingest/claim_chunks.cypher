UNWIND $claims AS claim
MATCH (c:Chunk {claim: claim})
RETURN collect({id: c.id, digest: c.digest}) AS rows
