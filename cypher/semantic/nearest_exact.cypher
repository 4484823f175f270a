UNWIND $repos AS repo
MATCH (:Repo {id: repo})-[:HAS_FILE]->(:File)-[:DEFINES]->(s:Symbol)
WITH s
LIMIT $scan
WITH s
WHERE s.embedding IS NOT NULL
WITH s, vector.similarity.cosine(s.embedding, $vector) AS score
RETURN s.id AS id, s.repo AS repo, s.file AS file, s.name AS name, s.qualname AS qualname,
       s.kind AS kind, s.language AS language, s.start_line AS start_line, s.end_line AS end_line,
       score
ORDER BY score DESC, id
LIMIT $k
