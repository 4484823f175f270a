MATCH (s:Symbol)
WHERE s.id > $after AND (s.words IS NULL OR s.repo_key IS NULL)
RETURN s.id AS id, s.name AS name, s.qualname AS qualname, s.repo AS repo
ORDER BY s.id
LIMIT $batch
