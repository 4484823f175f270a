UNWIND $paths AS path
MATCH (f:File {repo: $repo, path: path})-[:DEFINES]->(s:Symbol)
RETURN f.path AS path, s.id AS id
ORDER BY path, id
