UNWIND $claims AS claim
MATCH (s:Symbol {claim: claim})
RETURN collect({claim: claim, id: s.id, name: s.name, kind: s.kind, digest: s.digest}) AS rows
