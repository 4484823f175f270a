// coderooms: how much is in the graph, per repo
MATCH (r:Repo)
OPTIONAL MATCH (r)-[:HAS_FILE]->(f:File)
WITH r, count(f) AS files, sum(f.lines) AS lines
OPTIONAL MATCH (s:Symbol {repo: r.id})
RETURN r.id AS repo, r.root AS root, files, lines, count(s) AS symbols
ORDER BY repo
