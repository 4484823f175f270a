MATCH (r:Repo)
RETURN r.id AS id
ORDER BY id
