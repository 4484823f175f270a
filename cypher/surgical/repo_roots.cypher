MATCH (r:Repo)
WHERE r.root IS NOT NULL
RETURN r.id AS repo, r.root AS root
ORDER BY r.id
