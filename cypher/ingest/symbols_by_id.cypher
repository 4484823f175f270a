UNWIND $ids AS wanted
MATCH (s:Symbol {id: wanted})
RETURN collect({id: s.id, path: s.file, qualname: s.qualname, kind: s.kind,
                language: s.language, claim: s.claim}) AS rows
