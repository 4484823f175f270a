MATCH (r:Repo {id: $repo})
DETACH DELETE r
RETURN count(*) AS deleted
