// Where the repo defines a symbol of each of $names (a definition of another `run` is no use
// of this one)
MATCH (f:File {repo: $repo})-[:DEFINES]->(s:Symbol)
WHERE s.name IN $names
RETURN s.name AS name, collect([f.path, s.start_line]) AS places
