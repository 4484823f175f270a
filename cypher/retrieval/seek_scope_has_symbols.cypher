UNWIND $repos AS repo
MATCH (f:File {repo: repo})
WHERE f.path STARTS WITH $prefix AND ($language IS NULL OR f.language = $language)
MATCH (f)-[:DEFINES]->(s:Symbol)
WHERE $kinds IS NULL OR s.kind IN $kinds
RETURN s.id AS id LIMIT 1
