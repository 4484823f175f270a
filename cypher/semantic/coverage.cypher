UNWIND $repos AS repo
OPTIONAL MATCH (:Repo {id: repo})-[:HAS_FILE]->(:File)-[:DEFINES]->(s:Symbol)
RETURN repo,
       count(s) AS symbols,
       count(s.embedded_key) AS with_vectors,
       count(CASE WHEN s.embedded_key = s.embedding_key THEN 1 END) AS current
ORDER BY repo
